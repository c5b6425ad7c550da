//! The tactical move reasons (GNU Go's worm reasons and the review's
//! "find more attack and defence moves", `move-generation.md` §2): attacks
//! and defences of worms at every point that achieves them, attack
//! threats, the connections and cuts implied by attacks and defences of
//! worms between several dragons, and either/all reasons.

use goban::{Color, Vertex};
use tactics::codes::Code;
use tactics::reader::Reader;
use tactics::worms::Worm;

use super::{Generation, ko_result, ordered};
use crate::reasons::{KoResult, MoveReasons, Reason};

/// How far (Manhattan) from a worm the review tests a point against it:
/// farther points GNU Go's review does not credit (ladder breakers, for
/// instance).
const REVIEW_DISTANCE: usize = 2;

/// The most liberties an unattackable opponent worm may have for its
/// liberties to be tried as attack threats.
const THREAT_LIBERTIES: usize = 3;

/// Which threat reasons the worm reasons look for (the evidence:
/// `docs/tuning/valuation.md`, *Reason kinds*).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThreatParams {
    /// Threats to save an own worm that can be captured and not saved:
    /// its liberties and their empty neighbours after which it could be
    /// saved by a second move (GNU Go's `threatens to defend`).
    pub defence_threats: bool,
    /// An attack threat counts even when the stone played can be captured
    /// (GNU Go lists such threats and marks the move unsafe; off: it loses
    /// a suite test and gains none).
    pub capturable_threats: bool,
}

impl Default for ThreatParams {
    fn default() -> ThreatParams {
        ThreatParams {
            defence_threats: true,
            capturable_threats: false,
        }
    }
}

/// The attacker's result when the defender's best answer after the
/// attacker's move has `defence` (a string gone counts as a failed
/// defence).
fn attack_after(reader: &mut Reader, target: Vertex) -> Code {
    if reader.board().board().cell(target).color().is_none() {
        return Code::Win;
    }
    invert(reader.find_defense(target).code)
}

/// The defender's result when the attacker's best answer after the
/// defender's move has `attack`.
fn defence_after(reader: &mut Reader, target: Vertex) -> Code {
    if reader.board().board().cell(target).color().is_none() {
        return Code::Fail;
    }
    invert(reader.attack(target).code)
}

/// The result for one side from the other side's best answer: an answer
/// that fails is a win, a ko the answerer takes first a bad ko, one the
/// answerer needs a threat for a good ko, a winning answer a failure.
fn invert(answer: Code) -> Code {
    match answer {
        Code::Fail => Code::Win,
        Code::KoA => Code::KoB,
        Code::KoB => Code::KoA,
        Code::Win => Code::Fail,
    }
}

/// The distinct dragons (origins) of `color` next to the worm, in the
/// order of its stones' neighbours.
fn neighbour_dragons(g: &Generation<'_>, worm: &Worm, color: Color) -> Vec<Vertex> {
    let board = g.board();
    let mut found = Vec::new();
    for &stone in &worm.stones {
        for n in board.neighbours(stone) {
            if board.cell(n).color() != Some(color) {
                continue;
            }
            if let Some(origin) = g.analysis.dragons().origin(n) {
                if !found.contains(&origin) {
                    found.push(origin);
                }
            }
        }
    }
    found
}

/// Every pair of `items`, each in board order.
pub fn pairs(items: &[Vertex]) -> Vec<(Vertex, Vertex)> {
    items
        .iter()
        .enumerate()
        .flat_map(|(i, &a)| items[i + 1..].iter().map(move |&b| ordered(a, b)))
        .collect()
}

/// The attacker's (for `attack`) or the defender's result on the worm
/// after that side plays at `at`; `None` when the move is illegal.
fn result_after(g: &mut Generation<'_>, worm: &Worm, at: Vertex, attack: bool) -> Option<Code> {
    let mover = if attack {
        worm.color.other()
    } else {
        worm.color
    };
    g.after_move(mover, at, |r| {
        if attack {
            attack_after(r, worm.origin)
        } else {
            defence_after(r, worm.origin)
        }
    })
}

/// The points that attack (for `attack`) or defend the worm, each with
/// its code: the worm's own point first, then every root move the reader
/// finds with the best code, then every liberty that works.
fn tactical_points(g: &mut Generation<'_>, worm: &Worm, attack: bool) -> Vec<(Vertex, Code)> {
    let first = if attack { worm.attack } else { worm.defense };
    let mut found: Vec<(Vertex, Code)> = first.point.map(|p| (p, first.code)).into_iter().collect();
    let reader = g.reader();
    let (code, moves) = if attack {
        reader.attack_moves(worm.origin)
    } else {
        reader.defense_moves(worm.origin)
    };
    let liberties: Vec<Vertex> = reader
        .board()
        .board()
        .liberty_vertices(worm.origin)
        .collect();
    for at in moves {
        if !found.iter().any(|(p, _)| *p == at) {
            found.push((at, code));
        }
    }
    for at in liberties {
        if found.iter().any(|(p, _)| *p == at) {
            continue;
        }
        if result_after(g, worm, at, attack) == Some(Code::Win) {
            found.push((at, Code::Win));
        }
    }
    found
}

/// Adds an attack on `worm` at `at` and the connections it implies.
fn add_attack(g: &Generation<'_>, store: &mut MoveReasons, worm: &Worm, at: Vertex, ko: KoResult) {
    let defenseless = worm.defense.code == Code::Fail;
    store.add(
        at,
        Reason::Attack {
            target: worm.origin,
            ko,
            defenseless,
        },
    );
    for (a, b) in pairs(&neighbour_dragons(g, worm, g.color)) {
        store.add(at, Reason::Connect { a, b });
    }
}

/// Adds a defence of `worm` at `at` and the cuts it implies.
fn add_defence(g: &Generation<'_>, store: &mut MoveReasons, worm: &Worm, at: Vertex, ko: KoResult) {
    store.add(
        at,
        Reason::Defend {
            target: worm.origin,
            ko,
        },
    );
    for (a, b) in pairs(&neighbour_dragons(g, worm, g.color.other())) {
        store.add(at, Reason::Cut { a, b });
    }
}

/// The worm's liberties, then the empty neighbours of those liberties
/// (each once, in that order).
fn liberties_and_second_liberties(g: &Generation<'_>, worm: &Worm) -> Vec<Vertex> {
    let board = g.board();
    let mut points: Vec<Vertex> = board.liberty_vertices(worm.origin).collect();
    for i in 0..points.len() {
        for n in board.neighbours(points[i]) {
            if board.cell(n).color().is_none() && !points.contains(&n) {
                points.push(n);
            }
        }
    }
    points
}

/// Defence threats: for every own worm that can be captured and not
/// saved, the points near it (liberties and second liberties) after which
/// a second own move would save it.
fn defence_threats(g: &mut Generation<'_>, store: &mut MoveReasons) {
    let analysis = g.analysis;
    let color = g.color;
    for worm in analysis.worms() {
        if worm.color != color
            || worm.attack.code == Code::Fail
            || worm.defense.code != Code::Fail
            || worm.liberties > THREAT_LIBERTIES
        {
            continue;
        }
        for at in liberties_and_second_liberties(g, worm) {
            let threat = g.after_move(color, at, |r| {
                r.board().board().cell(worm.origin).color() == Some(color)
                    && r.attack(worm.origin).code != Code::Fail
                    && r.find_defense(worm.origin).code != Code::Fail
            });
            if threat == Some(true) {
                store.add(
                    at,
                    Reason::DefendThreat {
                        target: worm.origin,
                    },
                );
            }
        }
    }
}

/// Worm reasons: attack threats on unattackable opponent worms (and,
/// with [`ThreatParams::defence_threats`], defence threats), then the
/// attacks on every attackable opponent worm and the defences of every
/// own worm that is attacked and can be saved.
pub fn worm_reasons(g: &mut Generation<'_>, params: ThreatParams, store: &mut MoveReasons) {
    let analysis = g.analysis;
    let color = g.color;
    if params.defence_threats {
        defence_threats(g, store);
    }
    for worm in analysis.worms() {
        if worm.color == color
            || worm.attack.code != Code::Fail
            || worm.liberties > THREAT_LIBERTIES
        {
            continue;
        }
        let liberties: Vec<Vertex> = g.board().liberty_vertices(worm.origin).collect();
        for at in liberties {
            let threat = g.after_move(color, at, |r| {
                (params.capturable_threats || r.attack(at).code == Code::Fail)
                    && r.attack(worm.origin).code != Code::Fail
            });
            if threat == Some(true) {
                store.add(
                    at,
                    Reason::AttackThreat {
                        target: worm.origin,
                    },
                );
            }
        }
    }
    for worm in analysis.worms() {
        if worm.attack.code == Code::Fail {
            continue;
        }
        if worm.color != color {
            for (at, code) in tactical_points(g, worm, true) {
                if let Some(ko) = ko_result(code) {
                    add_attack(g, store, worm, at, ko);
                }
            }
        } else if worm.defense.code != Code::Fail {
            for (at, code) in tactical_points(g, worm, false) {
                if let Some(ko) = ko_result(code) {
                    add_defence(g, store, worm, at, ko);
                }
            }
        }
    }
}

/// Whether `at` is within [`REVIEW_DISTANCE`] (Manhattan) of a stone of
/// the worm.
fn near(g: &Generation<'_>, worm: &Worm, at: Vertex) -> bool {
    let geometry = g.board().geometry();
    let p = geometry.point(at);
    worm.stones.iter().any(|&s| {
        let q = geometry.point(s);
        usize::from(p.i.abs_diff(q.i)) + usize::from(p.j.abs_diff(q.j)) <= REVIEW_DISTANCE
    })
}

/// The review's first step: every point with a reason is tested against
/// every unstable worm (attackable and defendable) near it for attacks
/// and defences not yet recorded; then the either reasons of the points.
pub fn find_more_attacks_and_defences(g: &mut Generation<'_>, store: &mut MoveReasons) {
    let analysis = g.analysis;
    let color = g.color;
    let points: Vec<Vertex> = store.iter().map(|(v, _)| v).collect();
    let unstable: Vec<&Worm> = analysis
        .worms()
        .iter()
        .filter(|w| w.attack.code != Code::Fail && w.defense.code != Code::Fail)
        .collect();
    for &at in &points {
        if g.board().cell(at).color().is_some() {
            continue;
        }
        for &worm in &unstable {
            if !near(g, worm, at) {
                continue;
            }
            let attack = worm.color != color;
            let known = store.reasons(at).iter().any(|r| match *r {
                Reason::Attack { target, .. } => attack && target == worm.origin,
                Reason::Defend { target, .. } => !attack && target == worm.origin,
                _ => false,
            });
            if known {
                continue;
            }
            if result_after(g, worm, at, attack) == Some(Code::Win) {
                let ko = KoResult::Win;
                if attack {
                    add_attack(g, store, worm, at, ko);
                } else {
                    add_defence(g, store, worm, at, ko);
                }
            }
        }
    }
    for &at in &points {
        either_reasons(g, store, at);
    }
}

/// Either: a point threatening two opponent worms after which they cannot
/// both be saved. (GNU Go's "both defends" comes with its defence against
/// combination attacks, which is not built yet.)
fn either_reasons(g: &mut Generation<'_>, store: &mut MoveReasons, at: Vertex) {
    let threatened: Vec<Vertex> = store
        .reasons(at)
        .iter()
        .filter_map(|r| match *r {
            Reason::AttackThreat { target } => Some(target),
            _ => None,
        })
        .collect();
    let color = g.color;
    for (a, b) in pairs(&threatened) {
        let both = g.after_move(color, at, |r| r.defend_both(a, b).code);
        if both == Some(Code::Fail) {
            store.add(at, Reason::Either { a, b });
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use goban::{Board, Geometry};

    use super::*;
    use crate::front::{Databases, Engine};

    /// A white stone at E4 in atari (Black's D4, F4, E5 around it) and
    /// White's D5 next to E5.
    fn engine() -> (Engine, Geometry) {
        let geometry = Geometry::square(9).unwrap();
        let mut board = Board::new(geometry);
        for (color, vertex) in [
            (Color::Black, "E5"),
            (Color::White, "D5"),
            (Color::Black, "D4"),
            (Color::White, "E4"),
            (Color::Black, "F4"),
        ] {
            board.play(color, geometry.parse_gtp(vertex).unwrap());
        }
        let mut engine = Engine::new(Arc::new(Databases::default()));
        engine.set_position(board, None);
        (engine, geometry)
    }

    #[test]
    fn the_capture_is_an_attack_for_one_side_and_a_defence_for_the_other() {
        let (mut engine, g) = engine();
        let v = |s: &str| g.parse_gtp(s).unwrap();
        let black = engine.move_reasons(Color::Black);
        assert!(black.reasons(v("E3")).contains(&Reason::Attack {
            target: v("E4"),
            ko: KoResult::Win,
            defenseless: false,
        }));
        let white = engine.move_reasons(Color::White);
        assert!(white.reasons(v("E3")).contains(&Reason::Defend {
            target: v("E4"),
            ko: KoResult::Win,
        }));
        let attacks_own = white.iter().any(|(_, entry)| {
            entry
                .reasons
                .iter()
                .any(|r| matches!(*r, Reason::Attack { target, .. } if target == v("E4")))
        });
        assert!(!attacks_own, "White never attacks its own stone");
    }

    #[test]
    fn a_move_that_lets_a_second_move_save_a_lost_worm_threatens_to_defend_it() {
        // White's K10 in atari (K9 its liberty): extending to K9 meets
        // Black's J9 and L9 and is still in atari, so K10 cannot be saved;
        // White at K9 or K8 lets a second move at the other make three
        // liberties (GNU Go gives both `threatens to defend K10`).
        let geometry = Geometry::square(19).unwrap();
        let v = |s: &str| geometry.parse_gtp(s).unwrap();
        let mut board = Board::new(geometry);
        board.play(Color::White, v("K10"));
        for stone in ["J10", "K11", "L10", "J9", "L9"] {
            board.play(Color::Black, v(stone));
        }
        let mut engine = Engine::new(Arc::new(Databases::default()));
        engine.set_position(board, None);
        let analysis = engine.analysis().clone();
        let reader = engine.reader().clone();
        let threats = |params: ThreatParams| {
            let mut g = Generation::new(&analysis, reader.clone(), Color::White, None);
            let mut store = MoveReasons::new(geometry, Color::White);
            worm_reasons(&mut g, params, &mut store);
            store
                .iter()
                .filter(|(_, entry)| {
                    entry
                        .reasons
                        .contains(&Reason::DefendThreat { target: v("K10") })
                })
                .map(|(at, _)| at)
                .collect::<std::collections::BTreeSet<_>>()
        };
        let on = ThreatParams {
            defence_threats: true,
            capturable_threats: true,
        };
        assert_eq!(threats(on), [v("K8"), v("K9")].into());
        let off = ThreatParams {
            defence_threats: false,
            capturable_threats: true,
        };
        assert!(threats(off).is_empty());
    }

    #[test]
    fn pairs_are_in_board_order() {
        let g = Geometry::square(9).unwrap();
        let v = |s: &str| g.parse_gtp(s).unwrap();
        assert_eq!(
            pairs(&[v("C3"), v("E8"), v("A9")]),
            [(v("E8"), v("C3")), (v("A9"), v("C3")), (v("A9"), v("E8")),]
        );
    }
}
