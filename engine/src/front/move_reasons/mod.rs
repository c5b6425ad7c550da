//! The move reason generators (GNU Go's `collect_move_reasons` and the
//! first review step, `design/gnugo-engine.md` §2.10–2.12): they read the
//! analysis of a position and fill a [`MoveReasons`] store for the colour
//! to move, in GNU Go's order:
//!
//! 1. [`tactical`] — worm attacks and defences at every point that
//!    achieves them (ko variants, `(defenseless)`), attack threats, and
//!    the connections and cuts those attacks and defences imply;
//! 2. [`owl_reasons`] — owl attacks and defences of critical dragons;
//! 3. [`patterns`] — the shape databases' accepted matches (classes
//!    `B C c e E I a d J j t U T` and the attributes, `B`/`C` confirmed by
//!    connection reading), joseki corner and fuseki included;
//! 4. [`tactical::find_more_attacks_and_defences`] — every point with a
//!    reason tested against the unstable worms, and the either/all
//!    reasons of points that attack two worms or defend two.
//!
//! The endgame database runs only when genmove finds the best value small:
//! [`Engine::add_endgame_reasons`] adds its reasons to a store.

pub mod patterns;
pub mod tactical;

use goban::{Color, Vertex};
use tactics::codes::Code;

use super::analysis::Analysis;
use super::engine::Engine;
use crate::context::EngineContext;
use crate::reasons::{KoResult, MoveReasons, Reason};

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

/// What the generators read: the analysis and a context on the analysed
/// position (its reader does the reading that confirms reasons).
pub struct Generation<'a> {
    /// The analysis of the position.
    pub analysis: &'a Analysis,
    /// A context for the colour to move, with the analysis's worms set.
    pub context: EngineContext,
    /// The colour to move.
    pub color: Color,
}

impl Generation<'_> {
    /// Runs `read` with `color` played at `at` on the context's reader,
    /// taking the move back after; `None` when the move is illegal.
    pub fn after_move<T>(
        &mut self,
        color: Color,
        at: Vertex,
        read: impl FnOnce(&mut tactics::reader::Reader) -> T,
    ) -> Option<T> {
        let reader = self.context.reader_mut();
        reader.trymove(color, at).ok()?;
        let answer = read(reader);
        reader.popgo();
        Some(answer)
    }
}

/// Owl reasons (GNU Go's `owl_reasons`): for every dragon the owl found
/// critical, its attack point (an opponent dragon) or its defence point
/// (an own dragon), with the owl's ko variant.
pub fn owl_reasons(analysis: &Analysis, color: Color, store: &mut MoveReasons) {
    for dragon in analysis.dragons().dragons() {
        let Some(answer) = analysis.owl(dragon.origin) else {
            continue;
        };
        let Some(defend) = answer.defend else {
            continue;
        };
        if answer.attack.code == Code::Fail || defend.code == Code::Fail {
            continue;
        }
        let target = dragon.origin;
        if dragon.color != color {
            if let (Some(at), Some(ko)) = (answer.attack.point, ko_result(answer.attack.code)) {
                store.add(at, Reason::OwlAttack { target, ko });
            }
        } else if let (Some(at), Some(ko)) = (defend.point, ko_result(defend.code)) {
            store.add(at, Reason::OwlDefend { target, ko });
        }
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
        let judged = self.judge_all(color);
        let analysis = self.analysis().clone();
        let mut context = self.context(color);
        context.set_worms(analysis.worms());
        let geometry = analysis.dragons().geometry();
        let mut store = MoveReasons::new(geometry, color);
        let mut generation = Generation {
            analysis: &analysis,
            context,
            color,
        };
        tactical::worm_reasons(&mut generation, &mut store);
        owl_reasons(&analysis, color, &mut store);
        let databases = self.databases().clone();
        patterns::pattern_reasons(
            &mut generation,
            &databases,
            &judged,
            patterns::Pass::Shapes,
            &mut store,
        );
        tactical::find_more_attacks_and_defences(&mut generation, &mut store);
        self.keep_reasons(store.clone());
        store
    }

    /// Adds the endgame database's reasons for `store.color` to `store`
    /// (what genmove runs when the best value is small), then tests the
    /// new points against the unstable worms as the review does.
    pub fn add_endgame_reasons(&mut self, store: &mut MoveReasons) {
        let color = store.color;
        let judged = self.judge_all(color);
        let analysis = self.analysis().clone();
        let mut context = self.context(color);
        context.set_worms(analysis.worms());
        let mut generation = Generation {
            analysis: &analysis,
            context,
            color,
        };
        let databases = self.databases().clone();
        patterns::pattern_reasons(
            &mut generation,
            &databases,
            &judged,
            patterns::Pass::Endgame,
            store,
        );
        tactical::find_more_attacks_and_defences(&mut generation, store);
    }
}
