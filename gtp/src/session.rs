//! The state of one GTP session and its commands: the game under the
//! current rules (GNU Go's own by default, KataGo's by
//! `kata-set-rules`), capture counts for `showboard`, and the answers in
//! GNU Go 3.8's formats and with its error strings. Everything the engine
//! keeps about the position (the reader and its table, the reading stack,
//! the depths, worms and dragons) is the session's [`Engine`], kept in
//! step with the game.

use std::sync::Arc;

use engine::dragons::{ConnectionPatterns, DragonOptions, Dragons};
use engine::{Databases, Engine};
use goban::{Board, Cell, Color, Geometry, Point, Vertex};
use matcher::scan::DragonStatus;
use rules::{Game, Move, Rules};
use tactics::{Code, Reader, ReadingResult};

use crate::dragon_answers;
use crate::eye_answers;
use crate::influence_answers;
use crate::move_choice::{PositionHistory, choose_move};
use crate::move_generation;
use crate::protocol::Answer;
use crate::reason_answers;
use crate::search_player::{Decision, Request, SearchPlayer, decide};
use engine::front::Generation;
use engine::front::genmove::GenmoveParams;
use engine::front::semeai_answers;
use mcts::SearchResult;

/// GNU Go's default komi for a new session.
const DEFAULT_KOMI: f64 = 5.5;

/// Every command this server knows, in `list_commands` order.
pub const COMMANDS: &[&str] = &[
    "analyze_semeai",
    "attack",
    "all_move_values",
    "attack_either",
    "black",
    "boardsize",
    "captures",
    "clear_board",
    "clear_cache",
    "color",
    "combination_attack",
    "combination_defend",
    "connect",
    "decrease_depths",
    "defend",
    "defend_both",
    "dragon_data",
    "dragon_stones",
    "dragon_status",
    "disconnect",
    "eval_eye",
    "eye_data",
    "final_score",
    "final_status_list",
    "fixed_handicap",
    "genmove",
    "get_reading_node_counter",
    "half_eye_data",
    "increase_depths",
    "initial_influence",
    "kata-analyze",
    "kata-get-rules",
    "kata-set-rules",
    "kgs-genmove_cleanup",
    "kgs-time_settings",
    "known_command",
    "komi",
    "list_commands",
    "loadsgf",
    "move_history",
    "lz-analyze",
    "move_reasons",
    "name",
    "owl_attack",
    "owl_connection_defends",
    "owl_defend",
    "owl_does_attack",
    "owl_does_defend",
    "owl_threaten_attack",
    "owl_threaten_defense",
    "place_free_handicap",
    "play",
    "popgo",
    "protocol_version",
    "quit",
    "reg_genmove",
    "gg_genmove",
    "set_random_seed",
    "get_random_seed",
    "restricted_genmove",
    "reset_reading_node_counter",
    "same_dragon",
    "set_free_handicap",
    "showboard",
    "tesuji-combination",
    "tesuji-owl_moves",
    "tesuji-unsafe_extensions",
    "time_left",
    "time_settings",
    "top_moves",
    "top_moves_black",
    "top_moves_white",
    "tryko",
    "trymove",
    "unconditional_status",
    "undo",
    "version",
    "white",
    "worm_data",
];

/// The time controls a controller set (`time_settings`,
/// `kgs-time_settings`) and the time it last reported left
/// (`time_left`). The search (`--search mcts`) takes its time per move
/// from them; the engine's `genmove` does not use time.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Clock {
    /// The time system: `none` (no limit), `absolute`, `byoyomi` or
    /// `canadian`, with main time, period time (s) and stones or periods.
    pub system: Option<(String, [i64; 3])>,
    /// Time (s) and stones left of Black and White, as last reported.
    pub left: [Option<(i64, i64)>; 2],
}

/// What the session needs from outside the rules and the engine:
/// positions loaded from SGF and GNU Go's fixed handicap points.
pub trait Services {
    /// Loads `file` like GTP `loadsgf FILE [N | VERTEX]`: the position
    /// (board, colour to move, the simple-ko point the last move left,
    /// captures, a warning when a move was skipped), or why not.
    fn load_sgf(&self, file: &str, stop: &sgf::StopAt) -> Result<sgf::Position, String>;
    /// GNU Go's fixed handicap points for `stones` on a `size` board (fewer
    /// or none where GNU Go places fewer).
    fn fixed_handicap(&self, size: usize, stones: u32) -> Vec<Point>;
}

/// The services over the file system: SGF files loaded as GTP `loadsgf`
/// loads them (`sgf::load_sgf_file`) and GNU Go's handicap points
/// (`sgf::fixed_handicap_points`), for `tesuji gtp` and tests.
pub struct SgfFiles;

impl Services for SgfFiles {
    fn load_sgf(&self, file: &str, stop: &sgf::StopAt) -> Result<sgf::Position, String> {
        sgf::load_sgf_file_at(std::path::Path::new(file), stop).map_err(|e| e.to_string())
    }

    fn fixed_handicap(&self, size: usize, stones: u32) -> Vec<Point> {
        sgf::fixed_handicap_points(size, stones)
    }
}

/// One GTP session.
pub struct Session<'s> {
    services: &'s dyn Services,
    rules: Rules,
    size: usize,
    game: Game,
    /// Stones captured by Black and by White.
    captured: [usize; 2],
    /// `captured` before each move, for `undo`.
    captured_history: Vec<[usize; 2]>,
    /// The moves of the game so far, `loadsgf`'s replay included (setup
    /// and handicap stones are not moves): GTP `move_history`.
    moves: Vec<(Color, Move)>,
    /// The engine on the game's position (with GNU Go's reading stack,
    /// `trymove`/`tryko`, taken back by `popgo`): its databases (the shape
    /// databases behind `genmove`, and `conn.db`, which amalgamates worms
    /// into dragons for `dragon_stones` and `same_dragon`; without it
    /// every worm is its own dragon), one reader kept across commands
    /// while the position does not change, the reading depths
    /// (`increase_depths`/`decrease_depths`) and the position's analysis.
    engine: Engine,
    /// The simple-ko point of a position loaded from SGF, used while no
    /// move has been played on it (the game knows the ko points of the
    /// moves played since).
    loaded_ko: Option<Vertex>,
    /// The whole-board positions of the game (its start, then after each
    /// move), which `genmove` never repeats.
    history: PositionHistory,
    /// The time controls and times reported (the search's clock).
    clock: Clock,
    /// The Monte Carlo search behind `genmove`, `kgs-genmove_cleanup`,
    /// `final_score` and `final_status_list` (`tesuji gtp --search
    /// mcts`); without it those use the engine's shape proposals.
    search: Option<SearchPlayer>,
    /// The last move generation (`top_moves`, `all_move_values`).
    last_generation: Option<Generation>,
    /// The seed of GNU Go's random term in move generation
    /// (`set_random_seed`, `tesuji gtp --seed`); without one genmove is
    /// deterministic.
    random_seed: Option<u64>,
    /// genmove's constants (its random seed aside).
    genmove_params: GenmoveParams,
    quit: bool,
}

impl<'s> Session<'s> {
    /// A session on an empty 19×19 board under `rules` (GNU Go's komi 5.5
    /// unless the rules say otherwise through `komi`), with no databases:
    /// `genmove` passes, and every worm is its own dragon.
    pub fn new(services: &'s dyn Services, rules: Rules) -> Session<'s> {
        Session::with_databases(services, rules, Arc::new(Databases::default()))
    }

    /// A session like [`Session::new`] whose engine has `databases`.
    pub fn with_databases(
        services: &'s dyn Services,
        rules: Rules,
        databases: Arc<Databases>,
    ) -> Session<'s> {
        let size = 19;
        let mut session = Session {
            services,
            rules,
            size,
            game: new_game(size, rules),
            captured: [0; 2],
            captured_history: Vec::new(),
            moves: Vec::new(),
            engine: Engine::new(databases),
            loaded_ko: None,
            history: PositionHistory::default(),
            clock: Clock::default(),
            search: None,
            last_generation: None,
            random_seed: None,
            genmove_params: GenmoveParams::default(),
            quit: false,
        };
        session.history = PositionHistory::starting_at(session.game.board());
        session.position_changed();
        session
    }

    /// Makes `genmove` search (see [`SearchPlayer`]).
    pub fn set_search(&mut self, player: SearchPlayer) {
        self.search = Some(player);
    }

    /// Sets genmove's constants (the random seed is `set_random_seed`'s).
    pub fn set_genmove_params(&mut self, params: GenmoveParams) {
        self.genmove_params = params;
    }

    /// Sets the engine's combination search limits.
    pub fn set_combination_params(&mut self, params: engine::combination::CombinationParams) {
        self.engine.set_combination_params(params);
    }

    /// Sets (or clears) the seed of the random term in move generation.
    pub fn set_random_seed(&mut self, seed: Option<u64>) {
        self.random_seed = seed;
    }

    /// Sets (or clears) the connection database that builds dragons.
    pub fn set_connection_patterns(&mut self, patterns: Option<Arc<ConnectionPatterns>>) {
        self.engine.set_connection_patterns(patterns);
    }

    /// Sets what unknown conn.db verdicts mean when dragons are built.
    pub fn set_dragon_options(&mut self, options: DragonOptions) {
        self.engine.set_dragon_options(options);
    }

    /// The engine (on the game's position, with the reading stack).
    pub fn engine(&mut self) -> &mut Engine {
        &mut self.engine
    }

    /// Hands the game's position to the engine (after every change):
    /// the board, and the simple-ko point (the loaded position's while no
    /// move has been played on it, the game's since).
    fn position_changed(&mut self) {
        let ko = if self.game.undo_depth() == 0 {
            self.loaded_ko
        } else {
            self.game.ko_point().map(|(v, _)| v)
        };
        self.engine.set_position(self.game.board().clone(), ko);
        self.engine.set_komi(Some(self.game.rules().komi as f32));
    }

    /// GNU Go's move rules with its default komi.
    pub fn default_rules() -> Rules {
        let mut rules = Rules::preset("gnugo").expect("the gnugo preset exists");
        rules.komi = DEFAULT_KOMI;
        rules
    }

    /// Whether `quit` was received.
    pub fn quit(&self) -> bool {
        self.quit
    }

    /// The time controls and times reported by the controller.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Runs one command.
    pub fn execute(&mut self, name: &str, args: &[String]) -> Answer {
        match name {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("tesuji".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(args
                .first()
                .is_some_and(|c| COMMANDS.contains(&c.as_str()) || crate::gogui::handles(c))
                .to_string()),
            "list_commands" => Ok(COMMANDS
                .iter()
                .chain(crate::gogui::COMMANDS)
                .copied()
                .collect::<Vec<_>>()
                .join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => self.boardsize(args),
            "clear_board" => {
                self.reset(self.size);
                Ok(String::new())
            }
            "komi" => self.komi(args),
            "play" => self.play(args),
            "black" | "white" => {
                let mut with_color = vec![name.to_string()];
                with_color.extend(args.iter().cloned());
                self.play(&with_color)
            }
            "genmove" if self.search.is_some() => self.search_genmove(args, false),
            "kgs-genmove_cleanup" if self.search.is_some() => self.search_genmove(args, true),
            "genmove" | "kgs-genmove_cleanup" => self.genmove(args),
            "reg_genmove" => self.reg_genmove(args),
            "gg_genmove" => self.gg_genmove(args),
            "set_random_seed" => self.set_random_seed_command(args),
            "get_random_seed" => Ok(self.random_seed.unwrap_or(0).to_string()),
            "restricted_genmove" => self.restricted_genmove(args),
            "top_moves" => Ok(move_generation::top_moves(
                self.last_generation.as_ref(),
                self.game.board().geometry(),
            )),
            "top_moves_black" | "top_moves_white" => {
                let color = if name == "top_moves_black" {
                    Color::Black
                } else {
                    Color::White
                };
                self.generate(color);
                Ok(move_generation::top_moves(
                    self.last_generation.as_ref(),
                    self.game.board().geometry(),
                ))
            }
            "all_move_values" => Ok(move_generation::all_move_values(
                self.last_generation.as_ref(),
                self.game.board().geometry(),
            )),
            "lz-analyze" => self.analyze_once(crate::analysis::Kind::Lz, args),
            "kata-analyze" => self.analyze_once(crate::analysis::Kind::Kata, args),
            "undo" => self.undo(),
            "move_history" => Ok(self.move_history()),
            "showboard" => Ok(self.showboard()),
            "captures" => self.captures(args),
            "color" => self.color_at(args),
            "clear_cache" => {
                // GNU Go's `clear_cache`: the next reading answers depend
                // on the position alone.
                self.engine.clear_cache();
                Ok(String::new())
            }
            "final_score" if self.search.is_some() => self.search_final_score(),
            "final_score" => Ok(self.final_score()),
            "loadsgf" => self.loadsgf(args),
            "fixed_handicap" => self.fixed_handicap(args),
            "place_free_handicap" => self.place_free_handicap(args),
            "final_status_list" => self.final_status_list(args),
            "time_settings" => self.time_settings(args),
            "time_left" => self.time_left(args),
            "kgs-time_settings" => self.kgs_time_settings(args),
            "set_free_handicap" => self.set_free_handicap(args),
            "unconditional_status" => self.unconditional_status(args),
            "attack" => self.read_string(args, Reader::attack),
            "owl_attack" => self.owl(args, true),
            "owl_defend" => self.owl(args, false),
            "owl_does_attack" => crate::owl_answers::owl_does(&mut self.engine, args, true),
            "owl_does_defend" => crate::owl_answers::owl_does(&mut self.engine, args, false),
            "owl_threaten_attack" => crate::owl_answers::owl_threaten(&mut self.engine, args, true),
            "owl_threaten_defense" => {
                crate::owl_answers::owl_threaten(&mut self.engine, args, false)
            }
            "tesuji-owl_moves" => crate::owl_answers::owl_moves(&mut self.engine, args),
            "tesuji-unsafe_extensions" => {
                let color = parse_color_argument(args)?;
                let geometry = self.game.board().geometry();
                let refused = crate::unsafe_extensions::unsafe_extensions(&mut self.engine, color);
                Ok(refused
                    .into_iter()
                    .map(|v| geometry.gtp(v))
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            "owl_connection_defends" => {
                crate::owl_answers::connection_defends(&mut self.engine, args)
            }
            "combination_attack" => {
                crate::combination_answers::combination_attack(&mut self.engine, args)
            }
            "tesuji-combination" => {
                crate::combination_answers::combination_line(&mut self.engine, args)
            }
            "combination_defend" => {
                crate::combination_answers::combination_defend(&mut self.engine, args)
            }
            "defend" => self.read_string(args, Reader::find_defense),
            "attack_either" => self.read_two_strings(args, Reader::attack_either),
            "defend_both" => self.read_two_strings(args, Reader::defend_both),
            "connect" => self.read_connection(args, tactics::connection::string_connect),
            "disconnect" => self.read_connection(args, tactics::connection::disconnect),
            "trymove" => self.try_move(args, false),
            "tryko" => self.try_move(args, true),
            "popgo" => self.popgo(),
            "increase_depths" => {
                self.engine.shift_depths(1);
                Ok(String::new())
            }
            "decrease_depths" => {
                self.engine.shift_depths(-1);
                Ok(String::new())
            }
            "worm_data" => self.worm_data(args),
            "eye_data" => self.eye_command(args, eye_answers::eye_data),
            "eval_eye" => self.eye_command(args, eye_answers::eval_eye),
            "half_eye_data" => self.eye_command(args, eye_answers::half_eye_data),
            "initial_influence" => {
                influence_answers::initial_influence(self.engine.analysis(), args)
            }
            "move_reasons" => {
                let board = self.game.board().clone();
                reason_answers::move_reasons(self.last_generation.as_ref(), &board, args)
            }
            "analyze_semeai" => dragon_answers::analyze_semeai(&mut self.engine, args),
            "dragon_data" => {
                let geometry = self.game.board().geometry();
                dragon_answers::dragon_data(self.engine.analysis(), geometry, args)
            }
            "dragon_stones" => self.dragon_stones(args),
            "dragon_status" => self.dragon_status(args),
            "same_dragon" => self.same_dragon(args),
            "get_reading_node_counter" => Ok(self.engine.reading_nodes().to_string()),
            "reset_reading_node_counter" => {
                self.engine.reset_reading_nodes();
                Ok(String::new())
            }
            "kata-get-rules" => Ok(self.rules.to_json()),
            "kata-set-rules" => self.set_rules(args),
            gogui if crate::gogui::handles(gogui) => crate::gogui::execute(self, gogui, args),
            _ => Err("unknown command".into()),
        }
    }

    fn reset(&mut self, size: usize) {
        if let Some(player) = self.search.as_mut() {
            player.searcher.clear();
        }
        self.loaded_ko = None;
        self.size = size;
        self.game = new_game(size, self.rules);
        self.captured = [0; 2];
        self.captured_history.clear();
        self.moves.clear();
        self.history = PositionHistory::starting_at(self.game.board());
        self.position_changed();
    }

    /// Starts a game from `board` with `to_move` to play, `captured[c]`
    /// being the stones colour `c` has captured so far.
    fn start_from(&mut self, board: Board, to_move: Color, captured: [usize; 2]) {
        self.loaded_ko = None;
        self.size = board.geometry().width();
        self.game = Game::new(board, self.rules, to_move);
        self.captured = captured;
        self.captured_history.clear();
        self.moves.clear();
        self.history = PositionHistory::starting_at(self.game.board());
        self.position_changed();
    }

    fn boardsize(&mut self, args: &[String]) -> Answer {
        let size: i64 = args
            .first()
            .and_then(|a| a.parse().ok())
            .ok_or("boardsize not an integer")?;
        if !(1..=goban::MAX_SIZE as i64).contains(&size) {
            return Err("unacceptable size".into());
        }
        self.reset(size as usize);
        Ok(String::new())
    }

    fn komi(&mut self, args: &[String]) -> Answer {
        let komi: f64 = args
            .first()
            .and_then(|a| a.parse().ok())
            .filter(|k: &f64| k.is_finite())
            .ok_or("komi not a float")?;
        self.rules.komi = komi;
        self.game.set_komi(komi);
        self.engine.set_komi(Some(komi as f32));
        Ok(String::new())
    }

    fn vertex(&self, text: &str) -> Option<Move> {
        if text.eq_ignore_ascii_case("pass") {
            return Some(Move::Pass);
        }
        let geometry = self.game.board().geometry();
        geometry.parse_gtp(text).map(Move::Play)
    }

    fn play(&mut self, args: &[String]) -> Answer {
        let invalid = || "invalid color or coordinate".to_string();
        let [color, vertex] = args else {
            return Err(invalid());
        };
        let color = Color::parse(color).ok_or_else(invalid)?;
        let mv = self.vertex(vertex).ok_or_else(invalid)?;
        if self.retakes_loaded_ko(color, mv) {
            return Err("illegal move".into());
        }
        self.play_move(color, mv)
            .map_err(|_| "illegal move".to_string())?;
        Ok(String::new())
    }

    /// Whether `mv` retakes the ko of a position loaded from SGF at once:
    /// the loaded position's simple-ko point (which the game does not know,
    /// having no history) while no move has been played since, by the
    /// side that would capture there.
    fn retakes_loaded_ko(&self, color: Color, mv: Move) -> bool {
        match (self.loaded_ko, mv) {
            (Some(ko), Move::Play(v)) => {
                v == ko && self.game.undo_depth() == 0 && self.game.board().would_capture(color, v)
            }
            _ => false,
        }
    }

    /// Plays a move under the rules, keeping the capture counts.
    fn play_move(&mut self, color: Color, mv: Move) -> Result<(), rules::IllegalMove> {
        let board = self.game.board();
        let (own, other) = (board.stone_count(color), board.stone_count(color.other()));
        self.game.play(color, mv)?;
        if let Some(player) = self.search.as_mut() {
            player.searcher.advance(match mv {
                Move::Play(v) => Some(self.game.board().geometry().point(v)),
                Move::Pass => None,
            });
        }
        self.position_changed();
        self.history.push(self.game.board());
        let board = self.game.board();
        let placed = usize::from(matches!(mv, Move::Play(_)));
        self.captured_history.push(self.captured);
        self.moves.push((color, mv));
        self.captured[color.index()] += other - board.stone_count(color.other());
        // A suicide: the mover's own stones go to the opponent's count.
        self.captured[color.other().index()] +=
            (own + placed).saturating_sub(board.stone_count(color));
        Ok(())
    }

    /// `genmove` (and `kgs-genmove_cleanup`, which never passes while it
    /// has another move) by the search, within the clock's share of time;
    /// `resign` when hopeless.
    fn search_genmove(&mut self, args: &[String], cleanup: bool) -> Answer {
        let color = parse_color_argument(args)?;
        let geometry = self.game.board().geometry();
        let opening = self
            .search
            .as_ref()
            .is_some_and(|player| player.engine_plays_opening(self.game.board()));
        if opening && !cleanup {
            // The engine's move in the opening; a pass leaves it to the search.
            if let Move::Play(v) = self.engine_move(color) {
                self.play_move(color, Move::Play(v))
                    .map_err(|e| format!("cannot play the generated move: {e}"))?;
                return Ok(geometry.gtp(v));
            }
        }
        let result = self.run_search(color, cleanup)?;
        let params = self
            .search
            .as_ref()
            .map(|player| player.params.clone())
            .unwrap_or_default();
        let decision = decide(&params, &result, |mv| {
            let mv = match mv {
                Some(p) => match geometry.vertex(p) {
                    Some(v) => Move::Play(v),
                    None => return false,
                },
                None => Move::Pass,
            };
            self.game_allows(color, mv)
        });
        eprintln!(
            "search: {} playouts in {:.2} s, {} nodes, win rate {:.3}",
            result.playouts,
            result.elapsed.as_secs_f64(),
            result.nodes,
            result.winrate
        );
        let mv = match decision {
            Decision::Resign => return Ok("resign".into()),
            Decision::Play(Some(p)) => Move::Play(geometry.vertex_unchecked(p)),
            Decision::Play(None) => Move::Pass,
        };
        self.play_move(color, mv)
            .map_err(|e| format!("cannot play the generated move: {e}"))?;
        Ok(match mv {
            Move::Pass => "PASS".into(),
            Move::Play(v) => geometry.gtp(v),
        })
    }

    /// The point `color` may not retake at once (the game's ko point, or
    /// the loaded position's), as a point.
    fn search_ko(&self, color: Color) -> Option<Point> {
        let geometry = self.game.board().geometry();
        let game_ko = self
            .game
            .ko_point()
            .filter(|&(_, c)| c == color)
            .map(|(v, _)| v);
        let loaded = self
            .loaded_ko
            .filter(|&v| self.retakes_loaded_ko(color, Move::Play(v)));
        game_ko.or(loaded).map(|v| geometry.point(v))
    }

    /// Whether the game lets `color` play `mv` now: legal under its rules,
    /// no retake of a loaded position's ko, no position of the game again.
    fn game_allows(&self, color: Color, mv: Move) -> bool {
        self.game.is_legal(color, mv)
            && !self.retakes_loaded_ko(color, mv)
            && !self.repeats_position(color, mv)
    }

    /// The empty points the game does not let `color` play now
    /// ([`Self::game_allows`]) though the search's own board, which knows only
    /// simple ko, would: the search leaves them out of its root, so that its
    /// playouts go to the moves it may choose.
    fn forbidden_root_moves(&self, color: Color) -> Vec<Point> {
        let board = self.game.board();
        let geometry = board.geometry();
        geometry
            .board_vertices()
            .filter(|&v| board.cell(v) == Cell::Empty && !self.game_allows(color, Move::Play(v)))
            .map(|v| geometry.point(v))
            .collect()
    }

    /// Whether `mv` by `color` recreates a position of the game.
    fn repeats_position(&self, color: Color, mv: Move) -> bool {
        let Move::Play(v) = mv else { return false };
        let mut after = self.game.board().clone();
        after.play(color, v);
        self.history.contains(&after)
    }

    /// One search for `color` on the game's position within the clock's
    /// share of time, with the engine's valued moves as root priors when the
    /// player wants them (`cleanup`: never pass).
    fn run_search(&mut self, color: Color, cleanup: bool) -> Result<SearchResult, String> {
        self.search_within(color, cleanup, None, &|| false)
    }

    /// One search for `color` on the game's position within `limits` (the
    /// clock's share of time, or `--playouts`, when `None`) or until
    /// `interrupted`.
    fn search_within(
        &mut self,
        color: Color,
        cleanup: bool,
        limits: Option<mcts::Limits>,
        interrupted: &(dyn Fn() -> bool + Sync),
    ) -> Result<SearchResult, String> {
        let ko = self.search_ko(color);
        let komi = self.game.rules().komi;
        let wants_proposals = self.search.as_ref().is_some_and(|p| p.params.engine_priors);
        let (proposals, replies) = if wants_proposals {
            self.engine_priors(color)
        } else {
            (Vec::new(), Vec::new())
        };
        let tactical = self.tactical_priors(color);
        let refused = self.refused_root_moves(color);
        let player = self.search.as_mut().ok_or("this needs --search mcts")?;
        let last_move = match self.moves.last() {
            Some(&(mover, Move::Play(v))) if mover != color => {
                Some(self.game.board().geometry().point(v))
            }
            _ => None,
        };
        let request = Request {
            board: self.game.board(),
            color,
            ko,
            last_move,
            komi,
            time: player.move_time(&self.clock, color, self.game.board()),
            cleanup,
            proposals: &proposals,
            replies: &replies,
            tactical: &tactical,
            refused: &refused,
        };
        let searched = match limits {
            Some(limits) => player.search_until(&request, limits, interrupted),
            None => player.search(&request),
        };
        searched.ok_or_else(|| "the search holds square boards up to 19x19".to_string())
    }

    /// The engine's valued moves for `color` (best first) and, for the
    /// player's `engine_prior_replies` best of them, the opponent's valued
    /// replies: the search's outside priors.
    #[allow(clippy::type_complexity)]
    fn engine_priors(
        &mut self,
        color: Color,
    ) -> (Vec<(Point, f32)>, Vec<(Point, Vec<(Point, f32)>)>) {
        while self.engine.popgo() {}
        let geometry = self.game.board().geometry();
        let valued = |engine: &mut Engine, color: Color| -> Vec<(Point, f32)> {
            engine
                .generate(color)
                .top_moves()
                .into_iter()
                .map(|(v, value)| (geometry.point(v), value))
                .collect()
        };
        let moves = valued(&mut self.engine, color);
        let reply_count = self
            .search
            .as_ref()
            .map_or(0, |p| p.params.engine_prior_replies);
        let mut replies = Vec::new();
        for &(p, _) in moves.iter().take(reply_count) {
            let Some(v) = geometry.vertex(p) else {
                continue;
            };
            if self.engine.trymove(color, v, false).is_ok() {
                replies.push((p, valued(&mut self.engine, color.other())));
                self.engine.popgo();
            }
        }
        (moves, replies)
    }

    /// The search player's tactical root priors for `color` (none unless
    /// it has `tactical_priors`).
    fn tactical_priors(&mut self, color: Color) -> Vec<(Point, f32)> {
        let Some(params) = self.search.as_ref().and_then(|p| p.params.tactical_priors) else {
            return Vec::new();
        };
        while self.engine.popgo() {}
        let geometry = self.game.board().geometry();
        crate::tactical_priors::tactical_priors(self.engine.worms(), color, &params)
            .into_iter()
            .map(|(v, value)| (geometry.point(v), value))
            .collect()
    }

    /// The root moves the search leaves out for `color`: those the game
    /// forbids ([`Self::forbidden_root_moves`]) and, when the player has
    /// `refuse_unsafe_extensions`, the unsafe extensions.
    fn refused_root_moves(&mut self, color: Color) -> Vec<Point> {
        let mut refused = self.forbidden_root_moves(color);
        if self
            .search
            .as_ref()
            .is_some_and(|p| p.params.refuse_unsafe_extensions)
        {
            let geometry = self.game.board().geometry();
            refused.extend(
                crate::unsafe_extensions::unsafe_extensions(&mut self.engine, color)
                    .into_iter()
                    .map(|v| geometry.point(v)),
            );
        }
        refused
    }

    /// One search for `color` on the game's position, as `genmove` would
    /// run it (for GoGui's drawings of `crate::gogui`).
    pub fn search_for(&mut self, color: Color) -> Result<SearchResult, String> {
        self.run_search(color, false)
    }

    /// In search mode, the playout count per search (`--playouts`, or
    /// `Some(None)` for the clock); `None` without the search.
    pub fn search_playouts(&self) -> Option<Option<u64>> {
        self.search.as_ref().map(|player| player.params.playouts)
    }

    /// One search of a streaming analysis (`crate::analysis`) for `color`
    /// within `limits` or until `interrupted`.
    pub fn analysis_search(
        &mut self,
        color: Color,
        limits: mcts::Limits,
        interrupted: &(dyn Fn() -> bool + Sync),
    ) -> Result<SearchResult, String> {
        self.search_within(color, false, Some(limits), interrupted)
    }

    /// `lz-analyze` / `kata-analyze` through [`Session::execute`] (a caller
    /// without a stream, such as a library user): one search (the clock's
    /// time for a move, or `--playouts`), answered as one report. `gtp::serve`
    /// streams them instead (`crate::analysis::stream`).
    fn analyze_once(&mut self, kind: crate::analysis::Kind, args: &[String]) -> Answer {
        let request = crate::analysis::Request::parse(kind, args, self.game.to_move())?;
        let geometry = self.game.board().geometry();
        let result = self.run_search(request.color, false)?;
        let ownership = (kind == crate::analysis::Kind::Kata && request.ownership)
            .then_some((result.ownership.as_slice(), request.color));
        Ok(format!(
            "\n{}",
            crate::analysis::info_line(kind, &result, geometry, request.max_moves, ownership)
        ))
    }

    /// `final_score` from the search's playout ownership.
    fn search_final_score(&mut self) -> Answer {
        let komi = self.game.rules().komi;
        let to_move = self.game.to_move();
        let board = self.game.board().clone();
        let player = self.search.as_mut().ok_or("no search")?;
        let ownership = player
            .ownership(&board, to_move, komi)
            .ok_or("the search holds square boards up to 19x19")?;
        Ok(format_score(crate::search_player::score_from_ownership(
            &ownership,
            komi,
            player.params.owned_above,
        )))
    }

    /// `reg_genmove COLOR`: the engine's move (GNU Go's move generation,
    /// as `genmove` without `--search`), not played.
    fn reg_genmove(&mut self, args: &[String]) -> Answer {
        let color = parse_color_argument(args)?;
        let geometry = self.game.board().geometry();
        let mv = self.engine_move(color);
        Ok(match mv {
            Move::Pass => "PASS".into(),
            Move::Play(v) => geometry.gtp(v),
        })
    }

    /// `gg_genmove COLOR [SEED]`: `reg_genmove` with GNU Go's random term
    /// seeded by SEED, else by the session's seed (none: deterministic);
    /// nothing is played. GNU Go's errors: `invalid color`, `invalid
    /// seed`.
    fn gg_genmove(&mut self, args: &[String]) -> Answer {
        let (color, seed) = match args {
            [color, seed] => (
                std::slice::from_ref(color),
                Some(seed.parse::<u64>().map_err(|_| "invalid seed")?),
            ),
            _ => (args, self.random_seed),
        };
        let kept = std::mem::replace(&mut self.random_seed, seed);
        let answer = self.reg_genmove(color);
        self.random_seed = kept;
        answer
    }

    /// `set_random_seed N`: the seed of the random term from now on
    /// (GNU Go's error: `invalid seed`).
    fn set_random_seed_command(&mut self, args: &[String]) -> Answer {
        let seed = match args {
            [seed] => seed.parse::<u64>().ok(),
            _ => None,
        }
        .ok_or("invalid seed")?;
        self.random_seed = Some(seed);
        Ok(String::new())
    }

    /// One move generation for `color` on the game's position (without
    /// the reading stack), kept for `top_moves` and `all_move_values`.
    fn generate(&mut self, color: Color) -> &Generation {
        while self.engine.popgo() {}
        let params = GenmoveParams {
            random_seed: self.random_seed,
            ..self.genmove_params
        };
        let generation = self.engine.generate_with(color, &params);
        self.last_generation.insert(generation)
    }

    /// The engine's move for `color`: its best legal valued move that
    /// repeats no position (else a fallback point); a pass when the
    /// generation has nothing to play.
    fn engine_move(&mut self, color: Color) -> Move {
        let ranked: Vec<Vertex> = self
            .generate(color)
            .top_moves()
            .into_iter()
            .map(|(v, _)| v)
            .collect();
        if ranked.is_empty() {
            return Move::Pass;
        }
        choose_move(self.game.board(), color, ranked, &self.history, |v| {
            self.game.is_legal(color, Move::Play(v))
                && !self.retakes_loaded_ko(color, Move::Play(v))
        })
    }

    /// `restricted_genmove COLOR V...`: the best of the listed vertices,
    /// `PASS` when none has a positive value; nothing is played.
    fn restricted_genmove(&mut self, args: &[String]) -> Answer {
        let geometry = self.game.board().geometry();
        let (color, allowed) = move_generation::parse_restricted(args, geometry)?;
        let generation = self.generate(color);
        Ok(move_generation::restricted_choice(generation, &allowed)
            .map_or_else(|| "PASS".into(), |v| geometry.gtp(v)))
    }

    fn genmove(&mut self, args: &[String]) -> Answer {
        let color = parse_color_argument(args)?;
        let geometry = self.game.board().geometry();
        let mv = self.engine_move(color);
        if mv == Move::Pass
            && self
                .last_generation
                .as_ref()
                .is_some_and(move_generation::resigns)
        {
            return Ok("resign".into());
        }
        self.play_move(color, mv)
            .map_err(|e| format!("cannot play the generated move: {e}"))?;
        Ok(match mv {
            Move::Pass => "PASS".into(),
            Move::Play(v) => geometry.gtp(v),
        })
    }

    /// `move_history`: the game's moves, the most recent first, one
    /// `COLOR VERTEX` line each (`PASS` for a pass), as GNU Go prints them.
    fn move_history(&self) -> String {
        let geometry = self.game.board().geometry();
        let lines: Vec<String> = self
            .moves
            .iter()
            .rev()
            .map(|&(color, mv)| {
                let vertex = match mv {
                    Move::Play(v) => geometry.gtp(v),
                    Move::Pass => "PASS".into(),
                };
                format!("{} {vertex}", color.name())
            })
            .collect();
        lines.join("\n")
    }

    fn undo(&mut self) -> Answer {
        if !self.game.undo() {
            return Err("cannot undo".into());
        }
        self.position_changed();
        self.history.pop();
        self.moves.pop();
        if let Some(captured) = self.captured_history.pop() {
            self.captured = captured;
        }
        Ok(String::new())
    }

    /// The score under the current rules, `B+X`, `W+X` or `0`: the stones
    /// of the dragons `final_status_list dead` lists removed, then area or
    /// territory as the rules count, komi and White's handicap bonus added
    /// ([`crate::final_status::final_score`]).
    fn final_score(&mut self) -> String {
        let dead: Vec<Vertex> = self
            .dragon_deaths()
            .into_iter()
            .filter(|(_, dead)| *dead)
            .flat_map(|(stones, _)| stones)
            .collect();
        let rules = self.game.rules();
        let bonus = rules
            .white_handicap_bonus
            .points(self.game.handicap_stones());
        let board = self.engine.current_board().clone();
        format_score(crate::final_status::final_score(
            crate::final_status::ScoreInputs {
                board: &board,
                dead: &dead,
                captured: self.captured,
                komi: rules.komi + bonus,
                area: rules.scoring == rules::ScoringRule::Area,
            },
        ))
    }

    /// `loadsgf FILE [N | VERTEX]`: GNU Go's answer (the colour to move)
    /// and its forms: a second argument that starts with an integer is a
    /// move number (GNU Go reads `3x` as 3; 0 or less loads the whole main
    /// line), anything else a vertex (replay until the first move there;
    /// a vertex not on the board or never played loads the whole main
    /// line, as GNU Go does). GNU Go's error `cannot open or parse 'FILE'`
    /// is followed by why. A move on an occupied point ends the replay
    /// with a warning on standard error, as in GNU Go.
    fn loadsgf(&mut self, args: &[String]) -> Answer {
        let file = args.first().ok_or("missing filename")?;
        let stop = args
            .get(1)
            .map_or(sgf::StopAt::End, |text| match leading_integer(text) {
                Some(n) => sgf::StopAt::MoveNumber(u32::try_from(n).unwrap_or(0)),
                None => sgf::StopAt::FirstMoveAt(text.clone()),
            });
        let position = self
            .services
            .load_sgf(file, &stop)
            .map_err(|why| format!("cannot open or parse '{file}': {why}"))?;
        if let Some(warning) = &position.warning {
            eprintln!("warning: {warning}");
        }
        let (board, to_move) = (position.board, position.to_move);
        let ko = position.ko.and_then(|p| board.geometry().vertex(p));
        // The loader counts the stones of each colour that were captured.
        let mut captured = [0; 2];
        captured[Color::White.index()] = position.black_captured as usize;
        captured[Color::Black.index()] = position.white_captured as usize;
        self.start_from(board, to_move, captured);
        let geometry = self.game.board().geometry();
        self.moves = position
            .moves
            .iter()
            .map(|&(color, played)| {
                let mv = match played {
                    sgf::game::Played::Point(p) => Move::Play(geometry.vertex_unchecked(p)),
                    sgf::game::Played::Pass => Move::Pass,
                };
                (color, mv)
            })
            .collect();
        self.loaded_ko = ko;
        self.position_changed();
        Ok(to_move.name().into())
    }

    fn board_is_empty(&self) -> bool {
        let board = self.game.board();
        board.stone_count(Color::Black) + board.stone_count(Color::White) == 0
    }

    /// The stone count of a handicap command, with GNU Go's first two
    /// errors in its order (`handicap not an integer`, `board not empty`).
    fn handicap_stones(&self, args: &[String]) -> Result<i64, String> {
        let stones: i64 = args
            .first()
            .and_then(|a| a.parse().ok())
            .ok_or("handicap not an integer")?;
        if !self.board_is_empty() {
            return Err("board not empty".into());
        }
        Ok(stones)
    }

    fn fixed_handicap(&mut self, args: &[String]) -> Answer {
        let stones = self.handicap_stones(args)?;
        let points = u32::try_from(stones)
            .ok()
            .filter(|&n| n >= 2)
            .map(|n| self.services.fixed_handicap(self.size, n))
            .filter(|points| points.len() as i64 == stones)
            .ok_or("invalid handicap")?;
        self.place_handicap(&points)
    }

    /// `place_free_handicap N`: GNU Go's errors (`handicap not an
    /// integer`, then `board not empty`, then `invalid handicap` below 2);
    /// the fixed handicap points where there are N of them, else as many
    /// fixed points as the board has, then the fallback points of
    /// `move_choice` with no stone next to them (any fallback point when
    /// none is left), fewer stones when the board has no room (GNU Go too
    /// places fewer than asked on a full board).
    fn place_free_handicap(&mut self, args: &[String]) -> Answer {
        let stones = self.handicap_stones(args)?;
        if stones < 2 {
            return Err("invalid handicap".into());
        }
        let wanted = usize::try_from(stones).unwrap_or(usize::MAX);
        let fixed = (2..=9u32)
            .rev()
            .map(|n| self.services.fixed_handicap(self.size, n))
            .find(|points| points.len() <= wanted && !points.is_empty())
            .unwrap_or_default();
        let mut board = self.game.board().clone();
        let geometry = board.geometry();
        for &p in &fixed {
            board.place_stone(Color::Black, geometry.vertex(p).ok_or("invalid handicap")?);
        }
        let mut points = fixed;
        while points.len() < wanted {
            let candidates = crate::move_choice::fallback_points(&board, Color::Black);
            let apart = candidates.iter().copied().find(|&v| {
                board
                    .neighbours(v)
                    .all(|n| board.cell(n) == goban::Cell::Empty)
            });
            let Some(v) = apart.or(candidates.first().copied()) else {
                break;
            };
            board.place_stone(Color::Black, v);
            points.push(geometry.point(v));
        }
        if points.len() < 2 {
            return Err("invalid handicap".into());
        }
        self.place_handicap(&points)
    }

    /// `final_status_list alive|dead|seki`: the stones of each dragon of
    /// that status, one dragon a line in board order of the dragons'
    /// origins, as GNU Go lists them; the status is
    /// [`crate::final_status`]'s estimate (no seki is recognised). GNU Go's
    /// errors: `missing status`, `invalid status`.
    fn final_status_list(&mut self, args: &[String]) -> Answer {
        let wanted = match args.first().map(String::as_str) {
            None => return Err("missing status".into()),
            Some("alive") => Some(false),
            Some("dead") => Some(true),
            Some("seki") => None,
            Some(_) => return Err("invalid status".into()),
        };
        let Some(wanted_dead) = wanted else {
            return Ok(String::new());
        };
        let geometry = self.game.board().geometry();
        let lines: Vec<String> = self
            .dragon_deaths()
            .into_iter()
            .filter(|(_, dead)| *dead == wanted_dead)
            .map(|(stones, _)| {
                let names: Vec<String> = stones.iter().map(|&s| geometry.gtp(s)).collect();
                names.join(" ")
            })
            .collect();
        Ok(lines.join("\n"))
    }

    /// Every dragon's stones (board order of the origins) and whether it
    /// is dead: in search mode when the playouts give most of its points
    /// to the opponent, else by its status from the analysis when known
    /// ([`crate::final_status::dragon_is_dead`]), else when all its worms
    /// are estimated dead.
    fn dragon_deaths(&mut self) -> Vec<(Vec<Vertex>, bool)> {
        let worms = self.engine.worms().to_vec();
        let board = self.engine.current_board().clone();
        let geometry = board.geometry();
        let ownership = match self.search.as_mut() {
            Some(player) => player.ownership(&board, self.game.to_move(), self.game.rules().komi),
            None => None,
        };
        let dragons = self.dragons();
        let statuses: Vec<Option<DragonStatus>> = match ownership {
            Some(_) => vec![None; dragons.dragons().len()],
            None => {
                let analysis = self.engine.analysis();
                dragons
                    .dragons()
                    .iter()
                    .map(|d| analysis.status(d.origin))
                    .collect()
            }
        };
        let mut deaths = Vec::new();
        for (dragon, status) in dragons.dragons().iter().zip(statuses) {
            let dead = match &ownership {
                Some(owner) => {
                    let own: f32 = dragon
                        .stones
                        .iter()
                        .map(|&s| {
                            let p = geometry.point(s);
                            let o = owner[p.i as usize * geometry.width() + p.j as usize];
                            if board.cell(s) == goban::Cell::Black {
                                o
                            } else {
                                -o
                            }
                        })
                        .sum();
                    own < 0.0
                }
                None => crate::final_status::dragon_is_dead(status, || {
                    worms
                        .iter()
                        .filter(|w| dragon.stones.contains(&w.origin))
                        .all(|w| crate::final_status::worm_is_dead(&board, w))
                }),
            };
            deaths.push((dragon.stones.clone(), dead));
        }
        deaths
    }

    /// `time_settings MAIN BYO_YOMI STONES`: remembered (GNU Go's error:
    /// `not three integers`).
    fn time_settings(&mut self, args: &[String]) -> Answer {
        let numbers = integers::<3>(args).ok_or("not three integers")?;
        let system = if numbers[1] > 0 && numbers[2] == 0 {
            "none"
        } else if numbers[1] == 0 {
            "absolute"
        } else {
            "canadian"
        };
        self.clock.system = Some((system.to_string(), numbers));
        Ok(String::new())
    }

    /// `time_left COLOR TIME STONES`: remembered (GNU Go's errors:
    /// `invalid color`, `time and stones not two integers`).
    fn time_left(&mut self, args: &[String]) -> Answer {
        let color = args
            .first()
            .and_then(|c| Color::parse(c))
            .ok_or("invalid color")?;
        let [time, stones] = integers::<2>(&args[1..]).ok_or("time and stones not two integers")?;
        self.clock.left[color.index()] = Some((time, stones));
        Ok(String::new())
    }

    /// KGS's `kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD
    /// PERIODS | canadian MAIN PERIOD STONES` (GNU Go 3.8 does not know
    /// it): remembered.
    fn kgs_time_settings(&mut self, args: &[String]) -> Answer {
        let system = args
            .first()
            .map(String::as_str)
            .ok_or("missing time system")?;
        let rest = &args[1..];
        let numbers = match system {
            "none" => [0; 3],
            "absolute" => {
                let [main] = integers::<1>(rest).ok_or("main time not an integer")?;
                [main, 0, 0]
            }
            "byoyomi" | "canadian" => integers::<3>(rest).ok_or("not three integers")?,
            _ => return Err("invalid time system".into()),
        };
        self.clock.system = Some((system.to_string(), numbers));
        Ok(String::new())
    }

    fn set_free_handicap(&mut self, args: &[String]) -> Answer {
        if !self.board_is_empty() {
            return Err("board not empty".into());
        }
        let geometry = self.game.board().geometry();
        let mut points = Vec::new();
        for text in args {
            let p = geometry
                .parse_gtp(text)
                .map(|v| geometry.point(v))
                .ok_or("invalid coordinate")?;
            if points.contains(&p) {
                return Err("repeated vertex".into());
            }
            points.push(p);
        }
        if points.len() < 2 || points.len() >= geometry.points_count() {
            return Err("invalid handicap".into());
        }
        self.place_handicap(&points).map(|_| String::new())
    }

    /// Puts Black's handicap stones on the empty board; White moves next.
    fn place_handicap(&mut self, points: &[Point]) -> Answer {
        let mut board = self.game.board().clone();
        let geometry = board.geometry();
        let mut vertices = Vec::new();
        for &p in points {
            let v = geometry.vertex(p).ok_or("invalid handicap")?;
            board.place_stone(Color::Black, v);
            vertices.push(v);
        }
        self.start_from(board, Color::White, [0; 2]);
        // GNU Go lists the stones in board order.
        vertices.sort();
        let names: Vec<String> = vertices.iter().map(|&v| geometry.gtp(v)).collect();
        Ok(names.join(" "))
    }

    /// GNU Go's `unconditional_status V`: `alive` for a stone that can
    /// never be captured even if the opponent plays any number of moves in
    /// a row, `dead` for a stone inside the opponent's unconditional
    /// territory, `black_territory` / `white_territory` for an empty point
    /// there, `undecided` otherwise (see `tactics::unconditional`).
    fn unconditional_status(&self, args: &[String]) -> Answer {
        let board = self.game.board();
        let v = match args {
            [vertex] => board.geometry().parse_gtp(vertex),
            _ => None,
        }
        .ok_or("invalid coordinate")?;
        Ok(tactics::unconditional::unconditional_status(board, v)
            .gtp_name()
            .into())
    }

    fn set_rules(&mut self, args: &[String]) -> Answer {
        let text = args.join(" ");
        let mut rules = Rules::parse(&text).map_err(|e| e.to_string())?;
        // Like KataGo: rules given without komi keep the current komi.
        if !text.contains("komi") {
            rules.komi = self.rules.komi;
        }
        self.rules = rules;
        let board = self.game.board().clone();
        let to_move = self.game.to_move();
        self.start_from(board, to_move, self.captured);
        Ok(String::new())
    }
}

impl Session<'_> {
    /// The engine's reader: the game's position with the reading stack.
    fn reader(&mut self) -> &mut Reader {
        self.engine.reader()
    }

    /// `captures COLOR`: the stones `COLOR` has captured in the game
    /// (counted from `loadsgf`'s replay and every move played since).
    fn captures(&self, args: &[String]) -> Answer {
        let color = match args {
            [color] => Color::parse(color),
            _ => None,
        }
        .ok_or("invalid color")?;
        Ok(self.captured[color.index()].to_string())
    }

    /// `color VERTEX`: `black`, `white` or `empty` on the board with the
    /// moves of `trymove`/`tryko` on it (GNU Go's answer; words after the
    /// vertex are ignored, as GNU Go ignores them).
    fn color_at(&mut self, args: &[String]) -> Answer {
        let board = self.reader().board().board();
        let v = args
            .first()
            .and_then(|text| board.geometry().parse_gtp(text))
            .ok_or("invalid coordinate")?;
        Ok(board.cell(v).color().map_or("empty", Color::name).into())
    }

    /// `showboard`: the board with the moves of `trymove`/`tryko` on it,
    /// as GNU Go draws it while a reading stack is open.
    fn showboard(&mut self) -> String {
        if self.engine.tries().is_empty() {
            return crate::board_text::showboard(self.game.board(), self.captured);
        }
        // The tried moves' captures count too, as in GNU Go: the stones of
        // a colour on the board before the tries, plus those it tried,
        // minus those on the board now, were captured by the other colour.
        let mut captured = self.captured;
        let before = [Color::Black, Color::White].map(|c| self.game.board().stone_count(c));
        let mut tried = [0; 2];
        for t in self.engine.tries() {
            tried[t.color.index()] += 1;
        }
        let board = self.reader().board().board();
        for color in [Color::Black, Color::White] {
            let lost = before[color.index()] + tried[color.index()] - board.stone_count(color);
            captured[color.other().index()] += lost;
        }
        crate::board_text::showboard(board, captured)
    }

    /// `popgo`: takes the last try back, on the kept reader too.
    fn popgo(&mut self) -> Answer {
        if !self.engine.popgo() {
            return Err("Stack empty.".into());
        }
        Ok(String::new())
    }

    /// The stone a reading command names: GNU Go's errors for a missing or
    /// bad vertex and for an empty point.
    fn string_argument(&self, args: &[String]) -> Result<Vertex, String> {
        let geometry = self.game.board().geometry();
        let v = match args {
            [vertex, ..] => geometry.parse_gtp(vertex),
            [] => None,
        }
        .ok_or("invalid coordinate")?;
        Ok(v)
    }

    /// `attack V` / `defend V`: GNU Go's `CODE [VERTEX]` with GTP codes.
    fn read_string(
        &mut self,
        args: &[String],
        read: fn(&mut Reader, Vertex) -> ReadingResult,
    ) -> Answer {
        let v = self.string_argument(args)?;
        let reader = self.reader();
        if reader.board().board().cell(v).color().is_none() {
            return Err("vertex must not be empty".into());
        }
        let result = read(reader, v);
        let geometry = reader.board().board().geometry();
        Ok(reading_answer(result.code, result.point, geometry))
    }

    /// `owl_attack V` / `owl_defend V`: the owl search on the dragon at
    /// `V`, answered as GNU Go does (`0`, `1 D5`, `1 PASS`).
    fn owl(&mut self, args: &[String], attack: bool) -> Answer {
        let v = crate::owl_answers::dragon_argument(&mut self.engine, args)?;
        let result = self
            .engine
            .owl(v, attack)
            .ok_or(crate::owl_answers::NEEDS_DATABASES)?;
        let geometry = self.engine.current_board().geometry();
        Ok(reading_answer(result.code, result.point, geometry))
    }

    /// `attack_either A B` / `defend_both A B`: GNU Go's bare GTP code,
    /// and its errors (its message for an empty first vertex lacks the
    /// "not"); strings of two colours are refused (GNU Go aborts).
    fn read_two_strings(
        &mut self,
        args: &[String],
        read: fn(&mut Reader, Vertex, Vertex) -> ReadingResult,
    ) -> Answer {
        let geometry = self.game.board().geometry();
        let (a, b) = match args {
            [a, b, ..] => (geometry.parse_gtp(a), geometry.parse_gtp(b)),
            _ => (None, None),
        };
        let (Some(a), Some(b)) = (a, b) else {
            return Err("invalid coordinate".into());
        };
        let reader = self.reader();
        let board = reader.board().board();
        let color = board.cell(a).color().ok_or("string vertex must be empty")?;
        match board.cell(b).color() {
            None => return Err("string vertex must not be empty".into()),
            Some(other) if other != color => {
                return Err("the strings must have the same color".into());
            }
            Some(_) => {}
        }
        Ok(read(reader, a, b).code.gtp().to_string())
    }

    /// `connect A B` / `disconnect A B`: GNU Go's `CODE [VERTEX]` with GTP
    /// codes, and its errors for a bad vertex, an empty point and stones
    /// of two colours.
    fn read_connection(
        &mut self,
        args: &[String],
        read: fn(&mut Reader, Vertex, Vertex) -> ReadingResult,
    ) -> Answer {
        let geometry = self.game.board().geometry();
        let (Some(a), Some(b)) = (
            args.first().and_then(|v| geometry.parse_gtp(v)),
            args.get(1).and_then(|v| geometry.parse_gtp(v)),
        ) else {
            return Err("invalid coordinate".into());
        };
        let reader = self.reader();
        let board = reader.board().board();
        let (Some(color_a), Some(color_b)) = (board.cell(a).color(), board.cell(b).color()) else {
            return Err("vertex must not be empty".into());
        };
        if color_a != color_b {
            return Err("vertices must have same color".into());
        }
        let result = read(reader, a, b);
        let geometry = reader.board().board().geometry();
        Ok(match (result.code, result.point) {
            (Code::Fail, _) => "0".into(),
            (code, Some(p)) => format!("{} {}", code.gtp(), geometry.gtp(p)),
            (code, None) => format!("{} PASS", code.gtp()),
        })
    }

    /// `trymove COLOR V` / `tryko COLOR V`: pushes a move on the reading
    /// stack.
    fn try_move(&mut self, args: &[String], ko: bool) -> Answer {
        let invalid = || "invalid color or coordinate".to_string();
        let [color, vertex] = args else {
            return Err(invalid());
        };
        let color = Color::parse(color).ok_or_else(invalid)?;
        let v = self
            .game
            .board()
            .geometry()
            .parse_gtp(vertex)
            .ok_or_else(invalid)?;
        self.engine
            .trymove(color, v, ko)
            .map_err(|_| "illegal move".to_string())?;
        Ok(String::new())
    }

    /// One of GNU Go's eye commands (`crate::eye_answers`) on the
    /// analysed position.
    fn eye_command(
        &mut self,
        args: &[String],
        answer: fn(&engine::front::EyeData, &Board, &[String]) -> Answer,
    ) -> Answer {
        let board = self.engine.current_board().clone();
        let eyes = self.engine.analysis().eyes();
        answer(eyes, &board, args)
    }

    /// `worm_data V`: every field GNU Go prints, in its layout and order
    /// (see `tactics::worms` for how each is computed).
    fn worm_data(&mut self, args: &[String]) -> Answer {
        let worms = self.engine.worms().to_vec();
        let board = &self.engine.current_board().clone();
        let geometry = board.geometry();
        let wanted = match args {
            [] => None,
            [vertex, ..] => Some(
                geometry
                    .parse_gtp(vertex)
                    .ok_or("invalid color or coordinate")?,
            ),
        };
        if wanted.is_some_and(|v| board.cell(v).color().is_none()) {
            return Err("vertex must not be empty".into());
        }
        let point = |p: Option<Vertex>| p.map_or("PASS".to_string(), |v| geometry.gtp(v));
        let mut text = Vec::new();
        for worm in &worms {
            if wanted.is_some_and(|v| !worm.stones.contains(&v)) {
                continue;
            }
            // `worm_data` prints `unknown` where `unconditional_status`
            // answers `undecided`.
            let status = match worm.unconditional_status.gtp_name() {
                "undecided" => "unknown",
                name => name,
            };
            let label = wanted.unwrap_or(worm.origin);
            text.push(format!("{}:", geometry.gtp(label)));
            let rows: [(&str, String); 19] = [
                ("origin", geometry.gtp(worm.origin)),
                ("color", worm.color.name().into()),
                ("size", worm.stones.len().to_string()),
                ("effective_size", format!("{:.2}", worm.effective_size)),
                ("liberties", worm.liberties.to_string()),
                ("liberties2", worm.liberties2.to_string()),
                ("liberties3", worm.liberties3.to_string()),
                ("liberties4", worm.liberties4.to_string()),
                ("attack_code", worm.attack.code.internal().to_string()),
                ("attack_point", point(worm.attack.point)),
                ("defense_code", worm.defense.code.internal().to_string()),
                ("defense_point", point(worm.defense.point)),
                ("lunch", point(worm.lunch)),
                ("cutstone", worm.cutstone.to_string()),
                ("cutstone2", worm.cutstone2.to_string()),
                ("genus", worm.genus.to_string()),
                ("inessential", u8::from(worm.inessential).to_string()),
                ("invincible", u8::from(worm.invincible).to_string()),
                ("unconditional_status", status.to_string()),
            ];
            for (name, value) in rows {
                text.push(format!("{name:<21}{value}"));
            }
        }
        Ok(text.join("\n"))
    }
}

impl Session<'_> {
    /// The dragons of the position (with the reading stack): the worms
    /// amalgamated through the connection database, if there is one.
    fn dragons(&mut self) -> Dragons {
        self.engine.dragons().clone()
    }

    /// `dragon_stones [V | COLOR]`: the stones of the dragon at `V`, or of
    /// every dragon (of `COLOR`), one dragon per line in board order of the
    /// origins, each stone followed by a space as GNU Go prints them.
    /// `dragon_status [V]`: GNU Go's answer, one dragon (`alive`, `dead`,
    /// `critical A D` with the owl's attack and defence points, `unknown`
    /// where no status is known: without the owl databases) or every
    /// dragon as `ORIGIN: status` in board order.
    fn dragon_status(&mut self, args: &[String]) -> Answer {
        let geometry = self.game.board().geometry();
        let vertex = match args.first() {
            None => None,
            Some(text) => Some(geometry.parse_gtp(text).ok_or("invalid coordinate")?),
        };
        if vertex.is_some_and(|v| self.engine.current_board().cell(v).color().is_none()) {
            return Err("vertex must not be empty".into());
        }
        let origins: Vec<Vertex> = match vertex {
            Some(v) => vec![v],
            None => {
                let analysis = self.engine.analysis();
                analysis
                    .dragons()
                    .dragons()
                    .iter()
                    .map(|d| d.origin)
                    .collect()
            }
        };
        let how = semeai_answers::StatusRevision::default();
        let params = self.engine.semeai_params();
        let statuses: Vec<Option<DragonStatus>> = origins
            .iter()
            .map(|&v| semeai_answers::revised_status(&mut self.engine, v, how, params))
            .collect();
        let analysis = self.engine.analysis();
        let point = |p: Option<Vertex>| p.map_or("PASS".to_string(), |v| geometry.gtp(v));
        let status = |origin: Vertex, status: Option<DragonStatus>| -> String {
            match status {
                Some(DragonStatus::Alive) => "alive".into(),
                Some(DragonStatus::Dead) => "dead".into(),
                Some(DragonStatus::Critical) => {
                    let owl = analysis.owl(origin);
                    format!(
                        "critical {} {}",
                        point(owl.and_then(|a| a.attack.point)),
                        point(owl.and_then(|a| a.defend).and_then(|d| d.point))
                    )
                }
                Some(DragonStatus::Unknown) | None => "unknown".into(),
            }
        };
        if let (Some(v), [s]) = (vertex, statuses.as_slice()) {
            return Ok(status(v, *s));
        }
        let lines: Vec<String> = origins
            .iter()
            .zip(statuses)
            .map(|(&o, s)| format!("{}: {}", geometry.gtp(o), status(o, s)))
            .collect();
        Ok(lines.join("\n"))
    }

    fn dragon_stones(&mut self, args: &[String]) -> Answer {
        let geometry = self.game.board().geometry();
        let (color, vertex) = match args.first() {
            None => (None, None),
            Some(text) => match Color::parse(text) {
                Some(color) => (Some(color), None),
                None => (
                    None,
                    Some(geometry.parse_gtp(text).ok_or("invalid coordinate")?),
                ),
            },
        };
        let dragons = self.dragons();
        let line = |stones: &[Vertex]| {
            stones
                .iter()
                .map(|&s| format!("{} ", geometry.gtp(s)))
                .collect::<String>()
        };
        if let Some(v) = vertex {
            let dragon = dragons
                .dragon_of(v)
                .ok_or("dragon_stones called on an empty vertex")?;
            return Ok(line(&dragon.stones));
        }
        let lines: Vec<String> = dragons
            .dragons()
            .iter()
            .filter(|d| color.is_none_or(|c| d.color == c))
            .map(|d| line(&d.stones))
            .collect();
        Ok(lines.join("\n"))
    }

    /// `same_dragon A B`: 1 if the stones at `A` and `B` belong to one
    /// dragon, else 0.
    fn same_dragon(&mut self, args: &[String]) -> Answer {
        let geometry = self.game.board().geometry();
        let [a, b, ..] = args else {
            return Err("invalid coordinate".into());
        };
        let a = geometry.parse_gtp(a).ok_or("invalid coordinate")?;
        let b = geometry.parse_gtp(b).ok_or("invalid coordinate")?;
        let dragons = self.dragons();
        if dragons.dragon_of(a).is_none() || dragons.dragon_of(b).is_none() {
            return Err("vertex must not be empty".into());
        }
        Ok(if dragons.same_dragon(a, b) { "1" } else { "0" }.into())
    }
}

/// The integer a word starts with, as C's `sscanf("%d")` reads it (an
/// optional sign and digits, saturating), or `None`.
fn leading_integer(text: &str) -> Option<i64> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    let end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    if end == 0 {
        return None;
    }
    let value = digits[..end].bytes().fold(0i64, |acc, b| {
        acc.saturating_mul(10).saturating_add(i64::from(b - b'0'))
    });
    Some(if text.starts_with('-') { -value } else { value })
}

/// The first `N` arguments as integers (more arguments are ignored, as
/// GNU Go ignores them).
fn integers<const N: usize>(args: &[String]) -> Option<[i64; N]> {
    let mut numbers = [0; N];
    for (number, text) in numbers.iter_mut().zip(args) {
        *number = text.parse().ok()?;
    }
    (args.len() >= N).then_some(numbers)
}

fn new_game(size: usize, rules: Rules) -> Game {
    let geometry = Geometry::square(size).expect("sizes are checked by boardsize");
    Game::new(Board::new(geometry), rules, Color::Black)
}

/// A White-minus-Black score as GTP writes it: `W+2.5`, `B+0.5`, `0`.
pub fn format_score(white_minus_black: f64) -> String {
    if white_minus_black > 0.0 {
        format!("W+{white_minus_black:.1}")
    } else if white_minus_black < 0.0 {
        format!("B+{:.1}", -white_minus_black)
    } else {
        "0".into()
    }
}

/// A reading answer as GNU Go prints it: `0`, or the code and the move
/// (`PASS` when none is needed).
fn reading_answer(code: Code, point: Option<Vertex>, geometry: goban::Geometry) -> String {
    match (code, point) {
        (Code::Fail, _) => "0".into(),
        (code, Some(p)) => format!("{} {}", code.gtp(), geometry.gtp(p)),
        (code, None) => format!("{} PASS", code.gtp()),
    }
}

/// The colour argument of `genmove`-like commands (GNU Go's error:
/// `invalid color`).
fn parse_color_argument(args: &[String]) -> Result<Color, String> {
    match args {
        [color] => Color::parse(color),
        _ => None,
    }
    .ok_or_else(|| "invalid color".to_string())
}
