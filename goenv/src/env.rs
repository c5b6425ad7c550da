//! One Go environment with Pgx's exact semantics (`pgx.go.Go`, see
//! `SEMANTICS.md` in the shared Pgx traces): `N*N + 1` actions with pass
//! last, the legal mask (empty, not the simple-ko point, not suicide),
//! positional superko ending the game with the mover losing, the step limit,
//! Pgx's area score, rewards indexed by player id, and the corner cases:
//! an illegal action still runs the step and then loses, and stepping a
//! finished game changes nothing.
//!
//! Moves are played on [`goban::Board`]. Only an illegal action that plays
//! on an occupied point or leaves its own stones without liberties takes
//! another path ([`Env::step`]'s raw placement), because the board has to
//! end up as Pgx leaves it: the point overwritten, the suicide stones kept.
//! That path is taken only by the step that ends the game.

use goban::{Board, Cell, Color, Geometry, Vertex};

use crate::observation::{PLANES, PlaneHistory, packed_hex};
use crate::score::{ScoreScratch, area_score};
use crate::superko::PositionSet;
use crate::vertex_set::VertexSet;

/// Komi of `pgx.go.Go`'s constructor.
pub const DEFAULT_KOMI: f32 = 7.5;

/// How an environment is built: board size, komi and step limit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EnvConfig {
    size: usize,
    komi: f32,
    max_steps: u32,
}

/// Why an environment cannot be built or stepped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EnvError {
    /// The size is not 1 to 25.
    #[error("board size {0} is not supported (1 to 25)")]
    BadSize(usize),
    /// An action index past pass.
    #[error("action {action} is out of range (0..={pass}, {pass} is pass)")]
    ActionOutOfRange {
        /// The action asked for.
        action: usize,
        /// The pass action, the largest valid index.
        pass: usize,
    },
    /// A batch stepped with the wrong number of actions.
    #[error("{given} actions for a batch of {batch} environments")]
    ActionCount {
        /// Actions given.
        given: usize,
        /// Environments in the batch.
        batch: usize,
    },
    /// A player id other than 0 or 1.
    #[error("player id {0} is not 0 or 1")]
    BadPlayer(u8),
}

impl EnvConfig {
    /// A `size` × `size` board with Pgx's defaults: komi 7.5 and a limit of
    /// `2 * size * size` steps.
    pub fn new(size: usize) -> Result<EnvConfig, EnvError> {
        Geometry::square(size).map_err(|_| EnvError::BadSize(size))?;
        Ok(EnvConfig {
            size,
            komi: DEFAULT_KOMI,
            max_steps: (2 * size * size) as u32,
        })
    }

    /// The same with another komi.
    pub fn with_komi(self, komi: f32) -> EnvConfig {
        EnvConfig { komi, ..self }
    }

    /// The same with another step limit (Pgx's `max_terminal_steps`).
    pub fn with_max_steps(self, max_steps: u32) -> EnvConfig {
        EnvConfig { max_steps, ..self }
    }

    /// Lines of the board.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Komi.
    pub fn komi(&self) -> f32 {
        self.komi
    }

    /// Steps after which the game ends.
    pub fn max_steps(&self) -> u32 {
        self.max_steps
    }

    /// Actions: every point and pass.
    pub fn num_actions(&self) -> usize {
        self.size * self.size + 1
    }
}

/// Pgx's internal end flags after a step (what the traces record as
/// `end_reasons`). An illegal action is not among them: it ends the game on
/// its own (see [`Env::illegal_action_taken`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EndReasons {
    /// The last two steps were passes.
    pub two_passes: bool,
    /// The last step, a placement, repeated an earlier position.
    pub psk: bool,
    /// The step count reached the limit.
    pub step_limit: bool,
}

impl EndReasons {
    /// The flags' names in the traces' order.
    pub fn names(self) -> Vec<&'static str> {
        [
            (self.two_passes, "two_passes"),
            (self.psk, "psk"),
            (self.step_limit, "step_limit"),
        ]
        .into_iter()
        .filter_map(|(set, name)| set.then_some(name))
        .collect()
    }
}

/// A Go environment (see the module docs).
#[derive(Debug, Clone)]
pub struct Env {
    config: EnvConfig,
    geometry: Geometry,
    board: Board,
    /// Padded vertex of each point, in Pgx's row-major numbering.
    vertex_of_point: Vec<u16>,
    /// Point of each on-board vertex (0 for the border).
    point_of_vertex: Vec<u16>,
    /// The empty points, kept up to date move by move.
    empty: VertexSet,
    black_player: u8,
    step_count: u32,
    consecutive_passes: u32,
    /// Point the player to move may not play (simple ko).
    ko: Option<usize>,
    terminated: bool,
    illegal_action_taken: bool,
    end_reasons: EndReasons,
    rewards: [f32; 2],
    /// The legal points for the player to move, as vertices (every point
    /// once terminated); pass is always legal. This is the legal mask,
    /// recomputed at every step.
    legal: VertexSet,
    /// Every on-board vertex.
    on_board: VertexSet,
    positions: PositionSet,
    history: PlaneHistory,
    score_scratch: ScoreScratch,
}

impl Env {
    /// A new game; `black_player` (0 or 1) is the player id that plays
    /// black (Pgx draws it at `init`).
    pub fn new(config: EnvConfig, black_player: u8) -> Result<Env, EnvError> {
        if black_player > 1 {
            return Err(EnvError::BadPlayer(black_player));
        }
        let geometry = Geometry::square(config.size).map_err(|_| EnvError::BadSize(config.size))?;
        let points = geometry.points_count();
        let mut point_of_vertex = vec![0; geometry.vertices()];
        for (k, v) in geometry.board_vertices().enumerate() {
            point_of_vertex[v.index()] = k as u16;
        }
        let mut on_board = VertexSet::new(geometry.vertices());
        for v in geometry.board_vertices() {
            on_board.insert(v.index());
        }
        let mut env = Env {
            config,
            geometry,
            board: Board::new(geometry),
            vertex_of_point: (0..points).map(|k| geometry.vertex_of_index(k).0).collect(),
            point_of_vertex,
            empty: VertexSet::new(geometry.vertices()),
            black_player,
            step_count: 0,
            consecutive_passes: 0,
            ko: None,
            terminated: false,
            illegal_action_taken: false,
            end_reasons: EndReasons::default(),
            rewards: [0.0; 2],
            legal: VertexSet::new(geometry.vertices()),
            on_board,
            positions: PositionSet::with_capacity(config.max_steps.min(1 << 20) as usize + 1),
            history: PlaneHistory::new(geometry),
            score_scratch: ScoreScratch::default(),
        };
        env.reset(black_player)?;
        Ok(env)
    }

    /// Starts a new game in place (no allocation): empty board, every action
    /// legal, rewards zero.
    pub fn reset(&mut self, black_player: u8) -> Result<(), EnvError> {
        if black_player > 1 {
            return Err(EnvError::BadPlayer(black_player));
        }
        self.black_player = black_player;
        self.board.clear();
        self.empty = self.on_board;
        self.step_count = 0;
        self.consecutive_passes = 0;
        self.ko = None;
        self.terminated = false;
        self.illegal_action_taken = false;
        self.end_reasons = EndReasons::default();
        self.rewards = [0.0; 2];
        self.positions.clear();
        self.history.clear();
        self.update_mask();
        Ok(())
    }

    /// The configuration.
    pub fn config(&self) -> &EnvConfig {
        &self.config
    }

    /// Lines of the board.
    pub fn size(&self) -> usize {
        self.config.size
    }

    /// Actions: `N*N` points and pass.
    pub fn num_actions(&self) -> usize {
        self.vertex_of_point.len() + 1
    }

    /// The pass action, `N*N`.
    pub fn pass_action(&self) -> usize {
        self.vertex_of_point.len()
    }

    /// The board (for reading; its geometry is `N` × `N`, point `p` of Pgx
    /// is `geometry().vertex_of_index(p)`).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Steps taken (passes and an illegal step included).
    pub fn step_count(&self) -> u32 {
        self.step_count
    }

    /// The colour to move: Black on even steps.
    pub fn color_to_move(&self) -> Color {
        if self.step_count % 2 == 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The player id (0 or 1) that plays black.
    pub fn black_player(&self) -> u8 {
        self.black_player
    }

    /// The player id of `color`.
    pub fn player_of(&self, color: Color) -> u8 {
        match color {
            Color::Black => self.black_player,
            Color::White => 1 - self.black_player,
        }
    }

    /// The player id to move (Pgx's `current_player`).
    pub fn current_player(&self) -> u8 {
        self.player_of(self.color_to_move())
    }

    /// The rewards of the last step, indexed by player id.
    pub fn rewards(&self) -> [f32; 2] {
        self.rewards
    }

    /// The same as `[black, white]`.
    pub fn rewards_by_color(&self) -> [f32; 2] {
        let b = usize::from(self.black_player);
        [self.rewards[b], self.rewards[1 - b]]
    }

    /// Whether the game is over.
    pub fn terminated(&self) -> bool {
        self.terminated
    }

    /// Always false: Pgx's step limit terminates.
    pub fn truncated(&self) -> bool {
        false
    }

    /// Whether the game ended on an illegal action.
    pub fn illegal_action_taken(&self) -> bool {
        self.illegal_action_taken
    }

    /// Pgx's end flags after the last step.
    pub fn end_reasons(&self) -> EndReasons {
        self.end_reasons
    }

    /// The simple-ko point the player to move may not play, if any.
    pub fn ko_point(&self) -> Option<usize> {
        self.ko
    }

    /// Whether `action` is legal (pass always is; everything is once the
    /// game is over). Out-of-range actions are not.
    #[inline]
    pub fn is_legal(&self, action: usize) -> bool {
        match action.cmp(&self.pass_action()) {
            std::cmp::Ordering::Less => self
                .legal
                .contains(usize::from(self.vertex_of_point[action])),
            std::cmp::Ordering::Equal => true,
            std::cmp::Ordering::Greater => false,
        }
    }

    /// Writes the legal mask into `out` (`N*N + 1` entries, pass last; all
    /// true once the game is over).
    pub fn write_legal_mask(&self, out: &mut [bool]) {
        out.fill(false);
        for v in self.legal.iter() {
            out[usize::from(self.point_of_vertex[v])] = true;
        }
        out[self.pass_action()] = true;
    }

    /// The legal mask as a new vector (see [`Env::write_legal_mask`]).
    pub fn legal_mask(&self) -> Vec<bool> {
        let mut mask = vec![false; self.num_actions()];
        self.write_legal_mask(&mut mask);
        mask
    }

    /// Legal actions (pass included).
    #[inline]
    pub fn legal_count(&self) -> usize {
        self.legal.len() + 1
    }

    /// The legal actions, ascending (pass, always legal, last).
    pub fn legal_actions(&self) -> impl Iterator<Item = usize> + '_ {
        self.legal
            .iter()
            .map(|v| usize::from(self.point_of_vertex[v]))
            .chain(std::iter::once(self.pass_action()))
    }

    /// The `k`-th legal action in ascending order, `k < legal_count()`
    /// (larger `k` give pass).
    #[inline]
    pub fn nth_legal_action(&self, k: usize) -> usize {
        self.legal
            .select(k)
            .map_or(self.pass_action(), |v| usize::from(self.point_of_vertex[v]))
    }

    /// The colour at point `p`, if any.
    pub fn point_color(&self, p: usize) -> Option<Color> {
        self.board.cells()[usize::from(self.vertex_of_point[p])].color()
    }

    /// The board as the traces write it: `N*N` characters, `.` empty, `X`
    /// black, `O` white, row-major.
    pub fn board_text(&self) -> String {
        let cells = self.board.cells();
        self.vertex_of_point
            .iter()
            .map(|&v| cells[usize::from(v)].diagram_char())
            .collect()
    }

    /// Writes the board as signs into `out` (`N*N` entries): 1 black,
    /// -1 white, 0 empty.
    pub fn write_board(&self, out: &mut [i8]) {
        let cells = self.board.cells();
        for (slot, &v) in out.iter_mut().zip(&self.vertex_of_point) {
            *slot = match cells[usize::from(v)] {
                Cell::Black => 1,
                Cell::White => -1,
                _ => 0,
            };
        }
    }

    /// Pgx's area counts `[black, white]` of the current board.
    pub fn score(&mut self) -> [u32; 2] {
        area_score(&self.board, &mut self.score_scratch)
    }

    /// Booleans in an observation: `N * N * 17`.
    pub fn observation_len(&self) -> usize {
        self.geometry.points_count() * PLANES
    }

    /// Writes the `(N, N, 17)` observation for the player to move into
    /// `out` (`(row, col, plane)` order).
    pub fn write_observation(&self, out: &mut [bool]) {
        self.history
            .write_observation(self.geometry, self.color_to_move(), out);
    }

    /// The observation in the traces' packed hex encoding.
    pub fn observation_hex(&self) -> String {
        let mut bits = vec![false; self.observation_len()];
        self.write_observation(&mut bits);
        packed_hex(&bits)
    }

    /// Takes one step with `action` (a point `row * N + col`, or `N*N` for
    /// pass), exactly as Pgx's `Env.step`:
    ///
    /// * on a finished game nothing changes and the rewards become zero;
    /// * a legal action is played; the game ends by two passes, positional
    ///   superko (the mover loses) or the step limit (the score decides);
    /// * an illegal action (masked out) is still played (an occupied point
    ///   is overwritten, a suicide stone stays, a ko retake captures) and
    ///   the mover loses.
    ///
    /// Only an index past pass is an error; the environment is unchanged
    /// then.
    pub fn step(&mut self, action: usize) -> Result<(), EnvError> {
        let pass = self.pass_action();
        if action > pass {
            return Err(EnvError::ActionOutOfRange { action, pass });
        }
        if self.terminated {
            self.rewards = [0.0; 2];
            return Ok(());
        }
        let color = self.color_to_move();
        let legal = self.is_legal(action);
        self.ko = None;
        let placement = action != pass;
        if placement {
            self.consecutive_passes = 0;
            let v = Vertex(self.vertex_of_point[action]);
            if legal || self.playable(color, v) {
                // A legal move, or the one illegal kind goban plays as Pgx
                // does: retaking a ko.
                let record = self.board.play(color, v);
                self.ko = record
                    .ko
                    .map(|point| usize::from(self.point_of_vertex[point.index()]));
                self.empty.remove(v.index());
                for removed in self.board.last_removed() {
                    self.empty.insert(removed.index());
                }
            } else {
                self.place_raw(color, v);
                self.empty.clear();
                for &u in &self.vertex_of_point {
                    if self.board.cells()[usize::from(u)] == Cell::Empty {
                        self.empty.insert(usize::from(u));
                    }
                }
            }
        } else {
            self.consecutive_passes += 1;
        }
        self.history.push(self.board.cells());
        let hash = self.board.hash();
        let psk = placement && self.positions.contains(hash);
        self.positions.insert(hash);
        self.step_count += 1;
        self.end_reasons = EndReasons {
            two_passes: self.consecutive_passes >= 2,
            psk,
            step_limit: self.step_count >= self.config.max_steps,
        };
        self.illegal_action_taken = !legal;
        let reasons = self.end_reasons;
        self.terminated = !legal || reasons.two_passes || reasons.psk || reasons.step_limit;
        self.rewards = if !self.terminated {
            [0.0; 2]
        } else if !legal || psk {
            self.rewards_for_winner(color.other())
        } else {
            let [black, white] = self.score();
            let winner = if black as f32 - self.config.komi > white as f32 {
                Color::Black
            } else {
                Color::White
            };
            self.rewards_for_winner(winner)
        };
        self.update_mask();
        Ok(())
    }

    fn rewards_for_winner(&self, winner: Color) -> [f32; 2] {
        let mut rewards = [-1.0; 2];
        rewards[usize::from(self.player_of(winner))] = 1.0;
        rewards
    }

    /// Whether `color` at `v` can be played by [`Board::play`] with Pgx's
    /// result: the point is empty and the move is no suicide.
    fn playable(&self, color: Color, v: Vertex) -> bool {
        self.board.cell(v) == Cell::Empty && !self.board.is_suicide(color, v)
    }

    /// Pgx's placement for the illegal moves [`Board::play`] cannot make as
    /// Pgx does: an occupied point, or a suicide. Neither captures (Pgx
    /// removes the opponent strings whose only liberty is the point: a
    /// suicide has no such neighbour, and an occupied point is nobody's
    /// liberty), so no ko arises either. The stone is put there, overwriting
    /// whatever stood there or keeping a string without liberties. The game
    /// ends on this step, so the board's strings need only be consistent,
    /// not Pgx's chain ids.
    fn place_raw(&mut self, color: Color, v: Vertex) {
        if self.board.cell(v) == Cell::Empty {
            self.board.place_stone(color, v);
        } else {
            self.board.set_point(v, color.stone());
        }
    }

    /// Recomputes the mask and the list of legal actions for the player to
    /// move: a point is legal when empty, not the ko point, and some
    /// neighbour is empty, an opponent string in atari, or an own string
    /// with another liberty. Whole-board bitset operations settle every
    /// point with an empty neighbour; only the others look at strings.
    fn update_mask(&mut self) {
        if self.terminated {
            self.legal = self.on_board;
            return;
        }
        let mut candidates = self.empty;
        if let Some(ko) = self.ko {
            candidates.remove(usize::from(self.vertex_of_point[ko]));
        }
        let breathing = self.empty.next_to_members(self.geometry.stride());
        self.legal = candidates.and(&breathing);
        let own = self.color_to_move().stone();
        for v in candidates.and_not(&breathing).iter() {
            if self.breathes_through_strings(v, own) {
                self.legal.insert(v);
            }
        }
    }

    /// Whether a stone of colour `own` at the empty vertex `v`, none of
    /// whose neighbours is empty, would have a liberty: next to an own
    /// string with another liberty or an opponent string in atari.
    #[inline]
    fn breathes_through_strings(&self, v: usize, own: Cell) -> bool {
        let cells = self.board.cells();
        self.geometry
            .neighbours(Vertex(v as u16))
            .into_iter()
            .any(|n| {
                let cell = cells[n.index()];
                cell != Cell::OffBoard && (cell == own) == (self.board.liberties(n) >= 2)
            })
    }
}
