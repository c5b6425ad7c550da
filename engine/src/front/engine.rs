//! [`Engine`]: one position and everything the engine keeps about it
//! between questions.

use std::sync::Arc;

use goban::{Board, Color, Geometry, Vertex};
use matcher::board::{PackedBoard, Point};
use tactics::reader::{DepthLimits, Reader, ReadingResult};
use tactics::reading_board::TryError;
use tactics::worms::Worm;

use super::analysis::{AnalysedContext, Analysis, AnalysisRules, OwlReading, OwlSchedule};
use super::databases::{Databases, RawCandidate};
use super::dragon_data::DragonDataParams;
use super::explain::{Explained, explained};
use super::move_reasons::ReviewParams;
use super::proposals::{Proposal, candidate_proposal};
use super::why_not::{NearMissIndex, PointReport, explain_points};
use crate::combination::CombinationParams;
use crate::context::EngineContext;
use crate::dragons::{ConnectionPatterns, DragonOptions, Dragons};
use crate::influence::{DeltaError, FollowupParams, InfluencePatterns, MoveChange};
use crate::owl::semeai::SemeaiParams;
use crate::owl::{OwlInputs, OwlMatchers, OwlParams, OwlResult, owl_attack, owl_defend};
use crate::reasons::MoveReasons;
use crate::shapes::{Judgement, judge};

/// A position as the engine holds it: the board, the simple-ko point, and
/// the board packed for the matcher (once per position; `None` when the
/// matcher cannot read it, e.g. a board that is not square).
#[derive(Debug, Clone)]
pub struct Position {
    board: Board,
    ko: Option<Vertex>,
    packed: Option<PackedBoard>,
}

impl Position {
    /// `board` with the simple-ko point `ko`.
    pub fn new(board: Board, ko: Option<Vertex>) -> Position {
        let packed = PackedBoard::try_from(&board).ok();
        Position { board, ko, packed }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The simple-ko point.
    pub fn ko(&self) -> Option<Vertex> {
        self.ko
    }

    /// The board as the matcher reads it.
    pub fn packed(&self) -> Option<&PackedBoard> {
        self.packed.as_ref()
    }
}

/// A move on the reading stack: its colour, its point, and whether it was
/// tried as a ko capture (`tryko`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Try {
    /// The colour that played it.
    pub color: Color,
    /// The point.
    pub vertex: Vertex,
    /// Tried with `tryko`.
    pub ko: bool,
}

/// The engine on one position: its databases, one reader whose
/// transposition table is kept across questions while the position
/// stands, GNU Go's reading stack (`trymove`/`tryko`, taken back by
/// `popgo`) on top of the position, the reading depths, and the
/// position's [`Analysis`] (computed once, on first need, on the position
/// with the reading stack). Changing the position, the stack or the
/// depths forgets the reader and the analysis.
#[derive(Debug, Clone)]
pub struct Engine {
    databases: Arc<Databases>,
    position: Position,
    tries: Vec<Try>,
    depths: DepthLimits,
    dragon_options: DragonOptions,
    owl_schedule: OwlSchedule,
    reader: Option<Reader>,
    /// Reading nodes of the readers dropped since the counter was reset.
    dropped_reader_nodes: u64,
    analysis: Option<Analysis>,
    /// The move reasons computed for each colour on the analysis (black,
    /// white; `front::move_reasons`).
    reasons: [Option<MoveReasons>; 2],
    /// The combination search's limits for the GTP questions
    /// (`combination_attack`, `combination_defend`).
    combination: CombinationParams,
    /// The komi the shape constraints read (`break_mirror_helper`).
    komi: Option<f32>,
    /// The move reasons' review switches.
    review: ReviewParams,
    /// The owl search's limits and switches (the analysis's, the move
    /// reasons' and the GTP questions').
    owl: OwlParams,
    semeai: SemeaiParams,
    /// The dragon data's fitted rules (crude status, weakness).
    dragon_data: DragonDataParams,
}

/// GNU Go's default komi, the engine's until [`Engine::set_komi`].
pub const DEFAULT_KOMI: f32 = 5.5;

impl Engine {
    /// An engine with `databases` on an empty 19×19 board.
    pub fn new(databases: Arc<Databases>) -> Engine {
        let geometry = Geometry::square(19).expect("19 is a board size");
        Engine {
            databases,
            position: Position::new(Board::new(geometry), None),
            tries: Vec::new(),
            depths: DepthLimits::default(),
            dragon_options: DragonOptions::default(),
            owl_schedule: OwlSchedule::default(),
            reader: None,
            dropped_reader_nodes: 0,
            analysis: None,
            reasons: [None, None],
            combination: CombinationParams::answers(),
            komi: Some(DEFAULT_KOMI),
            review: ReviewParams::default(),
            owl: OwlParams::default(),
            semeai: SemeaiParams::default(),
            dragon_data: DragonDataParams::default(),
        }
    }

    /// The databases.
    pub fn databases(&self) -> &Arc<Databases> {
        &self.databases
    }

    /// Replaces the connection database (the other databases are kept).
    pub fn set_connection_patterns(&mut self, patterns: Option<Arc<ConnectionPatterns>>) {
        Arc::make_mut(&mut self.databases).conn = patterns;
        self.forget_analysis();
    }

    /// Sets the combination search's limits of the GTP questions.
    pub fn set_combination_params(&mut self, params: CombinationParams) {
        self.combination = params;
    }

    /// The combination search's limits.
    pub fn combination_params(&self) -> CombinationParams {
        self.combination
    }

    /// Sets the move reasons' review switches (the kept reasons are
    /// dropped).
    pub fn set_review_params(&mut self, params: ReviewParams) {
        self.review = params;
        self.reasons = [None, None];
    }

    /// The move reasons' review switches.
    pub fn review_params(&self) -> ReviewParams {
        self.review
    }

    /// Sets the owl search's limits and switches (the analysis and the
    /// kept reasons are dropped).
    pub fn set_owl_params(&mut self, params: OwlParams) {
        self.owl = params;
        self.forget_analysis();
    }

    /// The owl search's limits and switches.
    pub fn owl_params(&self) -> OwlParams {
        self.owl
    }

    /// Sets the semeai reader's limits and switches of the GTP questions
    /// (`analyze_semeai`, the status revision of `dragon_status`).
    pub fn set_semeai_params(&mut self, params: SemeaiParams) {
        self.semeai = params;
    }

    /// The semeai reader's limits and switches.
    pub fn semeai_params(&self) -> SemeaiParams {
        self.semeai
    }

    /// Sets the dragon data's rules (the analysis and the kept reasons are
    /// dropped).
    pub fn set_dragon_data_params(&mut self, params: DragonDataParams) {
        self.dragon_data = params;
        self.forget_analysis();
    }

    /// Sets what unknown conn.db verdicts mean when dragons are built.
    pub fn set_dragon_options(&mut self, options: DragonOptions) {
        self.dragon_options = options;
        self.forget_analysis();
    }

    /// Sets how the analysis runs the owl over the dragons (parallel with
    /// private tables by default).
    pub fn set_owl_schedule(&mut self, schedule: OwlSchedule) {
        self.owl_schedule = schedule;
        self.analysis = None;
    }

    /// The position (without the reading stack).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Sets the position: `board` with the simple-ko point `ko` (call it
    /// after every move played or taken back). The reading stack, the
    /// reader and the analysis are dropped.
    pub fn set_position(&mut self, board: Board, ko: Option<Vertex>) {
        self.tries.clear();
        self.drop_reader();
        self.position = Position::new(board, ko);
    }

    /// The reading depths.
    pub fn depths(&self) -> DepthLimits {
        self.depths
    }

    /// Shifts every reading depth by `delta` (GNU Go's
    /// `increase_depths`/`decrease_depths`); the reader is dropped.
    pub fn shift_depths(&mut self, delta: i32) {
        self.depths.shift(delta);
        self.drop_reader();
    }

    /// The reading stack, oldest first.
    pub fn tries(&self) -> &[Try] {
        &self.tries
    }

    /// The kept reader: the position with the reading stack played on it.
    pub fn reader(&mut self) -> &mut Reader {
        let reader = match self.reader.take() {
            Some(reader) => reader,
            None => self.new_reader(),
        };
        self.reader.insert(reader)
    }

    /// A reader on the position with the reading stack replayed on it.
    fn new_reader(&self) -> Reader {
        let mut reader = Reader::new(self.position.board.clone(), self.position.ko);
        reader.set_limits(self.depths);
        for t in &self.tries {
            let tried = if t.ko {
                reader.tryko(t.color, t.vertex)
            } else {
                reader.trymove(t.color, t.vertex)
            };
            debug_assert!(tried.is_ok(), "tries were legal when made");
        }
        reader
    }

    /// Forgets the kept reader and the analysis, keeping the reader's node
    /// count.
    fn drop_reader(&mut self) {
        self.forget_analysis();
        if let Some(reader) = self.reader.take() {
            self.dropped_reader_nodes += reader.total_nodes();
        }
    }

    /// Empties the reader's transposition table (GTP `clear_cache`): later
    /// answers depend on the position alone. The analysis is recomputed.
    pub fn clear_cache(&mut self) {
        self.forget_analysis();
        if let Some(reader) = self.reader.as_mut() {
            reader.clear_table();
        }
    }

    /// Reading nodes searched since the counter was reset.
    pub fn reading_nodes(&self) -> u64 {
        self.dropped_reader_nodes + self.reader.as_ref().map_or(0, Reader::total_nodes)
    }

    /// Resets the node counter (and drops the reader).
    pub fn reset_reading_nodes(&mut self) {
        self.drop_reader();
        self.dropped_reader_nodes = 0;
    }

    /// Pushes `color` at `v` on the reading stack (`ko`: as `tryko`).
    pub fn trymove(&mut self, color: Color, v: Vertex, ko: bool) -> Result<(), TryError> {
        let reader = self.reader();
        if ko {
            reader.tryko(color, v)?;
        } else {
            reader.trymove(color, v)?;
        }
        self.forget_analysis();
        self.tries.push(Try {
            color,
            vertex: v,
            ko,
        });
        Ok(())
    }

    /// Takes the last try back; false when the stack is empty.
    pub fn popgo(&mut self) -> bool {
        if self.tries.pop().is_none() {
            return false;
        }
        self.forget_analysis();
        if let Some(reader) = &mut self.reader {
            reader.popgo();
        }
        true
    }

    /// The board with the reading stack.
    pub fn current_board(&mut self) -> &Board {
        if self.tries.is_empty() {
            return &self.position.board;
        }
        self.reader().board().board()
    }

    /// Forgets the analysis and everything computed from it.
    fn forget_analysis(&mut self) {
        self.analysis = None;
        self.reasons = [None, None];
    }

    /// The move reasons kept for `color` since the analysis was computed.
    pub(super) fn kept_reasons(&self, color: Color) -> Option<&MoveReasons> {
        self.reasons[usize::from(color == Color::White)].as_ref()
    }

    /// Keeps the move reasons of `reasons.color` until the analysis is
    /// forgotten.
    pub(super) fn keep_reasons(&mut self, reasons: MoveReasons) {
        let slot = usize::from(reasons.color == Color::White);
        self.reasons[slot] = Some(reasons);
    }

    /// The analysis of the position with the reading stack, computed on
    /// first need.
    pub fn analysis(&mut self) -> &Analysis {
        if self.analysis.is_none() {
            let conn = self.databases.conn.clone();
            let graphs = self.databases.eye_graphs.clone();
            let owl = self.databases.owl.clone();
            let databases = Arc::clone(&self.databases);
            let patterns =
                InfluencePatterns::new(databases.influence.as_ref(), databases.barriers.as_ref());
            let options = self.dragon_options;
            let dragon_data = self.dragon_data.clone();
            let schedule = OwlReading {
                schedule: self.owl_schedule,
                params: self.owl,
            };
            let analysis = Analysis::compute(
                self.reader(),
                conn.as_deref(),
                graphs.as_deref().map(Vec::as_slice),
                owl.as_deref(),
                Some(&patterns),
                AnalysisRules {
                    dragons: options,
                    owl: schedule,
                    dragon_data,
                },
            );
            self.analysis = Some(analysis);
        }
        self.analysis.as_ref().expect("computed above")
    }

    /// The territorial value of `change` for the mover on the position
    /// with the reading stack (GNU Go's `influence_delta_territory`, with
    /// the influence databases when the engine has them; see
    /// [`Analysis::move_territory_delta`]).
    pub fn move_territory_delta(&mut self, change: &MoveChange<'_>) -> Result<f32, DeltaError> {
        let mut deltas = self.move_territory_deltas(std::slice::from_ref(change));
        deltas.pop().expect("one change, one delta")
    }

    /// [`Engine::move_territory_delta`] of each of `changes`, in order (the
    /// pattern matchers built once for all).
    pub fn move_territory_deltas(
        &mut self,
        changes: &[MoveChange<'_>],
    ) -> Vec<Result<f32, DeltaError>> {
        self.move_territory_values(changes, None)
            .into_iter()
            .map(|values| values.map(|(delta, _)| delta))
            .collect()
    }

    /// [`Engine::move_territory_deltas`] with each move's territorial
    /// followup (GNU Go's followup influence with `followup`, 0 without;
    /// see [`Analysis::move_territory_values`]).
    pub fn move_territory_values(
        &mut self,
        changes: &[MoveChange<'_>],
        followup: Option<&FollowupParams>,
    ) -> Vec<Result<(f32, f32), DeltaError>> {
        let databases = Arc::clone(&self.databases);
        let patterns =
            InfluencePatterns::new(databases.influence.as_ref(), databases.barriers.as_ref());
        let board = self.current_board().clone();
        let depths = self.depths;
        let analysis = self.analysis();
        changes
            .iter()
            .map(|change| {
                analysis.move_territory_values(&board, change, &patterns, depths, followup)
            })
            .collect()
    }

    /// The worms (GNU Go's `worm_data`).
    pub fn worms(&mut self) -> &[Worm] {
        self.analysis().worms()
    }

    /// The dragons (GNU Go's `dragon_data`, `dragon_stones`).
    pub fn dragons(&mut self) -> &Dragons {
        self.analysis().dragons()
    }

    /// `attack v` with the kept reader.
    pub fn attack(&mut self, v: Vertex) -> ReadingResult {
        self.reader().attack(v)
    }

    /// `find_defense v` with the kept reader.
    pub fn find_defense(&mut self, v: Vertex) -> ReadingResult {
        self.reader().find_defense(v)
    }

    /// `attack_either a b` with the kept reader.
    pub fn attack_either(&mut self, a: Vertex, b: Vertex) -> ReadingResult {
        self.reader().attack_either(a, b)
    }

    /// `defend_both a b` with the kept reader.
    pub fn defend_both(&mut self, a: Vertex, b: Vertex) -> ReadingResult {
        self.reader().defend_both(a, b)
    }

    /// Connection reading: can the strings at `a` and `b` be connected?
    pub fn connect(&mut self, a: Vertex, b: Vertex) -> ReadingResult {
        tactics::connection::string_connect(self.reader(), a, b)
    }

    /// Connection reading: can the strings at `a` and `b` be cut apart?
    pub fn disconnect(&mut self, a: Vertex, b: Vertex) -> ReadingResult {
        tactics::connection::disconnect(self.reader(), a, b)
    }

    /// The engine's context for `color` on the position with the reading
    /// stack, reading on a copy of the kept reader (its table included);
    /// without the analysis.
    pub fn context(&mut self, color: Color) -> EngineContext {
        let mut ctx = EngineContext::with_reader(self.reader().clone(), color);
        ctx.set_komi(self.komi);
        ctx
    }

    /// Sets the komi the shape constraints read (`None`: unknown, which
    /// leaves `break_mirror_helper` undecided); the kept move reasons are
    /// forgotten when it changes.
    pub fn set_komi(&mut self, komi: Option<f32>) {
        if self.komi != komi {
            self.komi = komi;
            self.reasons = [None, None];
        }
    }

    /// GNU Go's `owl_attack` (`attack`) or `owl_defend` on the dragon at
    /// `v` of the analysed position with the reading stack, reading on the
    /// kept reader; `None` without the owl databases and `eyes.db`'s
    /// graphs, or when `v` holds no stone.
    pub fn owl(&mut self, v: Vertex, attack: bool) -> Option<OwlResult> {
        self.with_owl(&[v], |context, inputs, dragons| {
            if attack {
                owl_attack(context, inputs, &dragons[0])
            } else {
                owl_defend(context, inputs, &dragons[0])
            }
        })
    }

    /// `read` with the owl inputs, the stones of the dragons at `at` and a
    /// context on the kept reader (the position with the reading stack);
    /// `None` without the owl databases and `eyes.db`'s graphs, or when a
    /// vertex of `at` holds no stone.
    pub fn with_owl<R>(
        &mut self,
        at: &[Vertex],
        read: impl FnOnce(&mut EngineContext, OwlInputs<'_>, &[Vec<Vertex>]) -> R,
    ) -> Option<R> {
        let patterns = self.databases.owl.clone()?;
        let graphs = self.databases.eye_graphs.clone()?;
        let color = self.current_board().cell(*at.first()?).color()?;
        let mut dragons = Vec::new();
        for &v in at {
            self.current_board().cell(v).color()?;
            dragons.push(self.analysis().dragons().dragon_of(v)?.stones.clone());
        }
        self.reader();
        let reader = self.reader.take().expect("made above");
        let mut context = EngineContext::with_reader(reader, color);
        let matchers = OwlMatchers::new(&patterns);
        let inputs = OwlInputs {
            params: self.owl,
            ..OwlInputs::new(&patterns, &matchers, &graphs)
        };
        let result = read(&mut context, inputs, &dragons);
        self.reader = Some(context.into_reader());
        Some(result)
    }

    /// `read` with a context for `color` on the kept reader (the position
    /// with the reading stack); the reader, its table included, is kept.
    pub fn with_context<R>(
        &mut self,
        color: Color,
        read: impl FnOnce(&mut EngineContext) -> R,
    ) -> R {
        self.reader();
        let reader = self.reader.take().expect("made above");
        let mut context = EngineContext::with_reader(reader, color);
        context.set_komi(self.komi);
        let result = read(&mut context);
        self.reader = Some(context.into_reader());
        result
    }

    /// The position with the reading stack, packed for the matcher.
    pub fn packed_board(&mut self) -> Result<PackedBoard, String> {
        if self.tries.is_empty() {
            if let Some(packed) = &self.position.packed {
                return Ok(packed.clone());
            }
        }
        PackedBoard::try_from(self.reader().board().board())
            .map_err(|e| format!("cannot analyse this board: {e}"))
    }

    /// Every raw candidate of the shape databases for `color`, judged on
    /// the analysed position (worm codes at the root, dragon questions and
    /// the class test from the analysis), in candidate order.
    pub fn judge_all(&mut self, color: Color) -> Vec<(RawCandidate, Judgement)> {
        let Ok(board) = self.packed_board() else {
            return Vec::new();
        };
        self.analysis();
        let mut ctx = self.context(color);
        let analysis = self.analysis.as_ref().expect("computed above");
        ctx.set_worms(analysis.worms());
        let set = &self.databases;
        set.candidates(&board, color)
            .into_iter()
            .map(|raw| {
                let (candidate, rules) = set.candidate(&raw, color);
                let helpers = analysis.status_helpers(color);
                let mut analysed = AnalysedContext::for_candidate(&mut ctx, analysis, &candidate);
                let judgement = judge(&mut analysed, &candidate, rules, Some(&helpers));
                (raw, judgement)
            })
            .collect()
    }

    /// Every raw candidate for `color` explained on the analysed position
    /// ([`Engine::judge_all`]).
    pub fn explain(&mut self, color: Color) -> Vec<Explained> {
        let size = self.position.board.geometry().width();
        let judged = self.judge_all(color);
        judged
            .iter()
            .map(|(raw, judgement)| explained(&self.databases, raw, color, judgement, size))
            .collect()
    }

    /// The proposals for `color` on the analysed position (every candidate
    /// not known to be rejected), sorted by move, database and pattern.
    pub fn proposals(&mut self, color: Color) -> Vec<Proposal> {
        let size = self.position.board.geometry().width();
        let judged = self.judge_all(color);
        let mut found: Vec<Proposal> = judged
            .iter()
            .filter_map(|(raw, judgement)| {
                candidate_proposal(&self.databases, raw, color, judgement, size)
            })
            .collect();
        found.sort();
        found
    }

    /// Why and why not at `points` for `color`, on the engine's context
    /// without the analysis (as `tesuji explain --at` and GTP
    /// `tesuji-explain_at` answer).
    pub fn explain_at(
        &mut self,
        color: Color,
        points: &[Point],
    ) -> Result<Vec<PointReport>, String> {
        let board = self.packed_board()?;
        let mut ctx = self.context(color);
        let index = NearMissIndex::new(&self.databases, board.size());
        Ok(explain_points(
            &self.databases,
            &index,
            &board,
            color,
            &mut ctx,
            points,
        ))
    }
}
