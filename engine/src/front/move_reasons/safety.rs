//! Move safety, the last review step (GNU Go's `examine_move_safety`,
//! `design/move-generation.md` §2, the `strategically or tactically
//! unsafe` flag): a move that captures or kills something, or saves a
//! worm of a living dragon, is safe by its reason; a move that only
//! saves a worm of a dead dragon is unsafe (the dragon stays dead); any
//! other move is unsafe when the stone it plays can be captured
//! tactically. A move whose only reasons are threats and cuts is unsafe
//! without reading ([`SafetyParams`]). The valuation keeps only a share of
//! an unsafe move's territorial delta
//! (`ValuationParams::unsafe_territory_share`).

use goban::Vertex;
use matcher::scan::DragonStatus;
use tactics::codes::Code;

use super::Generation;
use crate::reasons::{MoveReasons, Reason};

/// Which moves are unsafe by their reasons alone (the evidence:
/// `docs/tuning/valuation.md`, *Move safety*).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SafetyParams {
    /// A move whose every reason is a threat to capture or save a worm or
    /// a cut is unsafe, whatever reading says (GNU Go: all 488 such moves of
    /// the public positions' traces are `strategically or tactically
    /// unsafe`, none safe).
    pub threats_and_cuts_alone_unsafe: bool,
    /// Strategic attacks count with the threats and cuts (GNU Go: 8 of 8
    /// moves with only strategic attacks and threats unsafe).
    pub strategic_attacks_with_threats: bool,
}

impl Default for SafetyParams {
    fn default() -> SafetyParams {
        SafetyParams {
            threats_and_cuts_alone_unsafe: true,
            strategic_attacks_with_threats: true,
        }
    }
}

impl SafetyParams {
    /// Whether `reason` leaves a move's safety to the other reasons (a
    /// threat, a cut, with the parameter a strategic attack).
    fn vouches_nothing(&self, reason: &Reason) -> bool {
        match reason {
            Reason::AttackThreat { .. } | Reason::DefendThreat { .. } | Reason::Cut { .. } => {
                self.threats_and_cuts_alone_unsafe
            }
            Reason::StrategicAttack { .. } => {
                self.threats_and_cuts_alone_unsafe && self.strategic_attacks_with_threats
            }
            _ => false,
        }
    }
}

/// What a move's reasons say about its safety before any reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ByReasons {
    /// A reason makes the move safe.
    Safe,
    /// Its only worm defences save worms of dead dragons.
    Unsafe,
    /// The stone played decides.
    Read,
}

/// The safety its reasons give a move for the analysed position.
fn by_reasons(g: &Generation<'_>, reasons: &[Reason], params: SafetyParams) -> ByReasons {
    if !reasons.is_empty() && reasons.iter().all(|r| params.vouches_nothing(r)) {
        return ByReasons::Unsafe;
    }
    let dead = |v: Vertex| g.analysis.status(v) == Some(DragonStatus::Dead);
    let mut saves_dead_worm = false;
    for reason in reasons {
        match *reason {
            Reason::Attack {
                defenseless: false, ..
            }
            | Reason::OwlAttack { .. }
            | Reason::OwlDefend { .. }
            | Reason::Semeai { .. }
            | Reason::MyAtariAtari { .. } => return ByReasons::Safe,
            Reason::Defend { target, .. } if dead(target) => saves_dead_worm = true,
            Reason::Defend { .. } => return ByReasons::Safe,
            _ => {}
        }
    }
    if saves_dead_worm {
        ByReasons::Unsafe
    } else {
        ByReasons::Read
    }
}

/// Marks the moves of `store` that are unsafe.
pub fn mark_unsafe_moves(g: &mut Generation<'_>, params: SafetyParams, store: &mut MoveReasons) {
    let color = g.color;
    let moves: Vec<(Vertex, ByReasons)> = store
        .iter()
        .filter(|(_, entry)| !entry.reasons.is_empty())
        .map(|(at, entry)| (at, by_reasons(g, &entry.reasons, params)))
        .collect();
    for (at, verdict) in moves {
        let unsafe_move = match verdict {
            ByReasons::Safe => false,
            ByReasons::Unsafe => true,
            ByReasons::Read => g
                .after_move(color, at, |r| r.attack(at).code)
                .is_some_and(|code| code != Code::Fail),
        };
        store.entry(at).unsafe_move = unsafe_move;
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use goban::{Board, Color, Geometry};

    use super::*;
    use crate::front::{Databases, Engine};

    #[test]
    fn a_stone_that_can_be_captured_is_unsafe_and_an_attack_is_safe() {
        let geometry = Geometry::square(9).unwrap();
        let v = |s: &str| geometry.parse_gtp(s).unwrap();
        let mut board = Board::new(geometry);
        for (color, vertex) in [
            (Color::Black, "A3"),
            (Color::Black, "B2"),
            (Color::Black, "B1"),
            (Color::White, "F5"),
        ] {
            board.play(color, v(vertex));
        }
        let mut engine = Engine::new(Arc::new(Databases::default()));
        engine.set_position(board, None);
        let analysis = engine.analysis().clone();
        let reader = engine.reader().clone();
        let mut g = Generation::new(&analysis, reader, Color::White, None);
        let mut store = MoveReasons::new(geometry, Color::White);
        // White at A2 has one liberty (A1) left; at G7 it stands free.
        store.add(v("A2"), Reason::ExpandTerritory);
        store.add(v("G7"), Reason::ExpandTerritory);
        // A "capture" flags nothing, whatever the stone.
        store.add(
            v("A1"),
            Reason::Attack {
                target: v("B1"),
                ko: crate::reasons::KoResult::Win,
                defenseless: false,
            },
        );
        mark_unsafe_moves(&mut g, SafetyParams::default(), &mut store);
        let flagged = |s: &str| store.get(v(s)).unwrap().unsafe_move;
        assert!(flagged("A2"));
        assert!(!flagged("G7"));
        assert!(!flagged("A1"));
    }

    #[test]
    fn threats_and_cuts_alone_are_unsafe_without_reading() {
        let geometry = Geometry::square(9).unwrap();
        let v = |s: &str| geometry.parse_gtp(s).unwrap();
        let mut board = Board::new(geometry);
        board.play(Color::Black, v("E5"));
        let mut engine = Engine::new(Arc::new(Databases::default()));
        engine.set_position(board, None);
        let analysis = engine.analysis().clone();
        let reader = engine.reader().clone();
        let threat = Reason::AttackThreat { target: v("E5") };
        let cut = Reason::Cut {
            a: v("E5"),
            b: v("E5"),
        };
        let strategic = Reason::StrategicAttack { target: v("E5") };
        let flags = |params: SafetyParams| {
            let mut g = Generation::new(&analysis, reader.clone(), Color::White, None);
            let mut store = MoveReasons::new(geometry, Color::White);
            // White's stones at D5 and G7 cannot be captured.
            store.add(v("D5"), threat);
            store.add(v("D5"), cut);
            store.add(v("G7"), strategic);
            store.add(v("C3"), threat);
            store.add(v("C3"), Reason::ExpandTerritory);
            mark_unsafe_moves(&mut g, params, &mut store);
            ["D5", "G7", "C3"].map(|s| store.get(v(s)).unwrap().unsafe_move)
        };
        assert_eq!(flags(SafetyParams::default()), [true, true, false]);
        let threats_only = SafetyParams {
            strategic_attacks_with_threats: false,
            ..SafetyParams::default()
        };
        assert_eq!(flags(threats_only), [true, false, false]);
        let read = SafetyParams {
            threats_and_cuts_alone_unsafe: false,
            ..SafetyParams::default()
        };
        assert_eq!(flags(read), [false, false, false]);
    }
}
