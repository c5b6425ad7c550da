//! The move reason generators (GNU Go's `collect_move_reasons` and the
//! first review steps, `design/gnugo-engine.md` §2.10–2.12): they read the
//! analysis of a position and fill a [`MoveReasons`] store for the colour
//! to move, in GNU Go's order:
//!
//! 1. [`tactical`] — worm attacks and defences at every point that
//!    achieves them (ko variants, `(defenseless)`), attack and defence
//!    threats, and the connections and cuts those attacks and defences
//!    imply;
//! 2. [`owl`] — owl attacks and defences of critical dragons;
//! 3. [`patterns`] — the shape databases' accepted matches (classes
//!    `B C c e E I a d J j t U T` and the attributes, `B`/`C` confirmed by
//!    connection reading), joseki corner and fuseki included, and the
//!    reasons their actions ask for (`antisuji`, `test_attack_either_move`,
//!    `add_defend_both_move`);
//! 4. [`combinations`] — the mover's combination attack (MY_ATARI_ATARI)
//!    and the defences against the opponent's (YOUR_ATARI_ATARI);
//! 5. the review: [`tactical::find_more_attacks_and_defences`] (every
//!    point with a reason tested against the unstable worms, then the
//!    either/all reasons), [`owl::find_more_owl_moves`] (the same against
//!    the critical dragons its reasons name, by owl reading; with the
//!    also step, every point with an owl reason against the critical
//!    dragons next to its targets) and
//!    [`owl::induce_strategic_defences`], then [`safety`] marks the
//!    unsafe moves.
//!
//! The endgame database runs only when genmove finds the best value small:
//! [`Engine::add_endgame_reasons`] adds its reasons to a store.
//!
//! Pairs (connections, cuts, either, all) are stored in board order, as
//! GNU Go prints them.

pub mod combinations;
pub mod owl;
pub mod patterns;
pub mod reading_memo;
pub mod safety;
pub mod tactical;

use std::sync::Arc;

use goban::{Board, Color, Vertex};
use tactics::codes::Code;
use tactics::reader::Reader;

use super::analysis::Analysis;
use super::databases::{Databases, RawCandidate};
use super::engine::Engine;
use crate::context::EngineContext;
use crate::owl::{OwlInputs, OwlMatchers};
use crate::reasons::{KoResult, MoveReasons};
use crate::shapes::Judgement;
use reading_memo::{Asked, ReadingMemo};
pub use reading_memo::{Question, Readings};

/// The ko variant of a reason from a reading result code (`None` for a
/// failure).
pub fn ko_result(code: Code) -> Option<KoResult> {
    match code {
        Code::Win => Some(KoResult::Win),
        Code::KoA => Some(KoResult::GoodKo),
        Code::KoB => Some(KoResult::BadKo),
        Code::Fail => None,
    }
}

/// Two targets in board order (GNU Go prints pairs so).
pub fn ordered(a: Vertex, b: Vertex) -> (Vertex, Vertex) {
    if a <= b { (a, b) } else { (b, a) }
}

/// The review's switches (GNU Go's review steps, each a parameter; the
/// evidence: `docs/tuning/valuation.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReviewParams {
    /// Which reasons send a point to the owl test, and the owl steps.
    pub owl: owl::OwlReviewParams,
    /// Whether the combination reasons search with the limits of the
    /// `combination_attack` answers (`CombinationParams::answers`) instead
    /// of the defaults (on: `docs/tuning/valuation.md`).
    pub combination_answer_limits: bool,
    /// With those limits, whether the attacker's stones must still be
    /// uncapturable, as in the default search (on: `docs/tuning/valuation.md`).
    pub combination_safe_attackers: bool,
}

impl Default for ReviewParams {
    fn default() -> ReviewParams {
        ReviewParams {
            owl: owl::OwlReviewParams::default(),
            combination_answer_limits: true,
            combination_safe_attackers: true,
        }
    }
}

impl ReviewParams {
    /// Sets one switch by name (`KEY=VALUE` of `tesuji gtp --review`):
    /// `threats_name_no_dragon`, `also_owl`, `combination_answer_limits`,
    /// `combination_safe_attackers`, with `on`/`off`.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let flag = crate::param_text::switch(value)
            .ok_or_else(|| format!("review parameter {key}: bad value {value:?}"))?;
        match key {
            "threats_name_no_dragon" => self.owl.threats_name_no_dragon = flag,
            "also_owl" => self.owl.also_other_dragons = flag,
            "combination_answer_limits" => self.combination_answer_limits = flag,
            "combination_safe_attackers" => self.combination_safe_attackers = flag,
            _ => return Err(format!("no review parameter {key}")),
        }
        Ok(())
    }
}

/// What the generators read: the analysis, a reader on the analysed
/// position (the reading that confirms reasons) and the owl's inputs.
pub struct Generation<'a> {
    /// The analysis of the position.
    pub analysis: &'a Analysis,
    /// The colour to move.
    pub color: Color,
    /// The owl's databases and limits (`None` without them).
    pub owl: Option<OwlInputs<'a>>,
    reader: Option<Reader>,
    memo: ReadingMemo,
}

impl<'a> Generation<'a> {
    /// The generators' inputs on `reader` (at the analysed position).
    pub fn new(
        analysis: &'a Analysis,
        reader: Reader,
        color: Color,
        owl: Option<OwlInputs<'a>>,
    ) -> Generation<'a> {
        Generation {
            analysis,
            color,
            owl,
            reader: Some(reader),
            memo: ReadingMemo::new(Readings::Remembered),
        }
    }

    /// The same inputs, keeping repeated readings' answers or not.
    pub fn with_readings(mut self, readings: Readings) -> Generation<'a> {
        self.memo = ReadingMemo::new(readings);
        self
    }

    /// The answer to `question` on the analysed position (`after: None`)
    /// or after the mover plays at `after` (`None` when that move is
    /// illegal): read once per generation, kept for repeats.
    pub fn answer(&mut self, after: Option<Vertex>, question: Question) -> Option<Code> {
        let asked = Asked { after, question };
        if let Some(kept) = self.memo.get(&asked) {
            return kept;
        }
        let read = |r: &mut Reader| match question {
            Question::Connect(a, b) => tactics::connection::string_connect(r, a, b).code,
            Question::Disconnect(a, b) => tactics::connection::disconnect(r, a, b).code,
            Question::Attack(worm) => r.attack(worm).code,
        };
        let answer = match after {
            None => Some(read(self.reader())),
            Some(at) => self.after_move(self.color, at, read),
        };
        self.memo.keep(asked, answer);
        answer
    }

    /// The reader (back at the analysed position between questions).
    pub fn reader(&mut self) -> &mut Reader {
        self.reader
            .as_mut()
            .expect("the reader is only lent inside after_move")
    }

    /// The analysed board.
    pub fn board(&self) -> &Board {
        self.reader
            .as_ref()
            .expect("the reader is only lent inside after_move")
            .board()
            .board()
    }

    /// Runs `read` with `color` played at `at` on the reader, taking the
    /// move back after; `None` when the move is illegal.
    pub fn after_move<T>(
        &mut self,
        color: Color,
        at: Vertex,
        read: impl FnOnce(&mut Reader) -> T,
    ) -> Option<T> {
        let reader = self.reader();
        reader.trymove(color, at).ok()?;
        let answer = read(reader);
        reader.popgo();
        Some(answer)
    }

    /// Runs `read` on a context for `color` over the reader (at the
    /// analysed position; `read` leaves the board as it found it).
    pub fn with_context<T>(
        &mut self,
        color: Color,
        read: impl FnOnce(&mut EngineContext) -> T,
    ) -> T {
        let reader = self.reader.take().expect("not lent twice");
        let mut context = EngineContext::with_reader(reader, color);
        let answer = read(&mut context);
        self.reader = Some(context.into_reader());
        answer
    }

    /// Runs `read` on a context (for `color`) at the position after
    /// `color` plays at `at`; `None` when the move is illegal.
    pub fn context_after_move<T>(
        &mut self,
        color: Color,
        at: Vertex,
        read: impl FnOnce(&mut EngineContext) -> T,
    ) -> Option<T> {
        let mut reader = self.reader.take().expect("not lent twice");
        if reader.trymove(color, at).is_err() {
            self.reader = Some(reader);
            return None;
        }
        let mut context = EngineContext::with_reader(reader, color);
        let answer = read(&mut context);
        let mut reader = context.into_reader();
        reader.popgo();
        self.reader = Some(reader);
        Some(answer)
    }
}

impl Engine {
    /// The move reasons for `color` on the analysed position (with the
    /// reading stack): every generator but the endgame database's, in GNU
    /// Go's order (module documentation). Computed once per position and
    /// colour.
    pub fn move_reasons(&mut self, color: Color) -> MoveReasons {
        if let Some(kept) = self.kept_reasons(color) {
            return kept.clone();
        }
        let store = self.fresh_move_reasons(color, Readings::Remembered);
        self.keep_reasons(store.clone());
        store
    }

    /// The move reasons for `color` computed again (not kept), with
    /// repeated readings' answers kept or read every time.
    pub fn fresh_move_reasons(&mut self, color: Color, readings: Readings) -> MoveReasons {
        let (judged, analysis, reader, databases) = self.generation_inputs(color);
        let owl_params = self.owl_params();
        let matchers = databases.owl.as_deref().map(OwlMatchers::new);
        let owl = match (&databases.owl, &databases.eye_graphs, &matchers) {
            (Some(patterns), Some(graphs), Some(matchers)) => Some(OwlInputs {
                params: owl_params,
                ..OwlInputs::new(patterns, matchers, graphs)
            }),
            _ => None,
        };
        let mut store = MoveReasons::new(analysis.dragons().geometry(), color);
        let mut g = Generation::new(&analysis, reader, color, owl).with_readings(readings);
        tactical::worm_reasons(&mut g, tactical::ThreatParams::default(), &mut store);
        owl::owl_reasons(&g, &mut store);
        patterns::pattern_reasons(
            &mut g,
            &databases,
            &judged,
            patterns::Pass::Shapes,
            patterns::ActionParams::default(),
            &mut store,
        );
        let review_params = self.review_params();
        combinations::combination_reasons(
            &mut g,
            databases.aa_attack.as_ref(),
            combinations::CombinationReasonParams::of_review(review_params),
            &mut store,
        );
        review(&mut g, review_params, &mut store);
        store
    }

    /// Adds the endgame database's reasons for `store.color` to `store`
    /// (what genmove runs when the best value is small), then reviews the
    /// store again.
    pub fn add_endgame_reasons(&mut self, store: &mut MoveReasons) {
        let color = store.color;
        let (judged, analysis, reader, databases) = self.generation_inputs(color);
        let mut g = Generation::new(&analysis, reader, color, None);
        patterns::pattern_reasons(
            &mut g,
            &databases,
            &judged,
            patterns::Pass::Endgame,
            patterns::ActionParams::default(),
            store,
        );
        tactical::find_more_attacks_and_defences(&mut g, store);
        safety::mark_unsafe_moves(&mut g, safety::SafetyParams::default(), store);
    }
}

impl Engine {
    /// What the generators read for `color`: the judged shape candidates,
    /// the analysis, a reader on the analysed position and the databases.
    fn generation_inputs(&mut self, color: Color) -> GenerationInputs {
        let judged = self.judge_all(color);
        let analysis = self.analysis().clone();
        let reader = self.reader().clone();
        (judged, analysis, reader, self.databases().clone())
    }
}

/// The judged candidates, the analysis, a reader and the databases.
type GenerationInputs = (
    Vec<(RawCandidate, Judgement)>,
    Analysis,
    Reader,
    Arc<Databases>,
);

/// The review's reason steps, in GNU Go's order.
fn review(g: &mut Generation<'_>, params: ReviewParams, store: &mut MoveReasons) {
    tactical::find_more_attacks_and_defences(g, store);
    owl::find_more_owl_moves(g, params.owl, store);
    owl::induce_strategic_defences(g, store);
    safety::mark_unsafe_moves(g, safety::SafetyParams::default(), store);
}
