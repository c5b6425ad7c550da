//! The tactical move reasons (GNU Go's worm reasons and the review's
//! "find more attack and defence moves", `move-generation.md` §2): attacks
//! and defences of worms at every point that achieves them, attack
//! threats, the connections and cuts implied by attacks and defences of
//! worms between several dragons, and either/all reasons.

use goban::{Color, Vertex};
use tactics::codes::Code;
use tactics::reader::Reader;
use tactics::worms::Worm;

use super::{Generation, ko_result};
use crate::reasons::{KoResult, MoveReasons, Reason};

/// The most liberties an unattackable opponent worm may have for its
/// liberties to be tried as attack threats.
const THREAT_LIBERTIES: usize = 2;

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
    let board = g.context.board();
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

/// Every pair of `items`, in order.
fn pairs(items: &[Vertex]) -> impl Iterator<Item = (Vertex, Vertex)> + '_ {
    items
        .iter()
        .enumerate()
        .flat_map(move |(i, &a)| items[i + 1..].iter().map(move |&b| (a, b)))
}

/// The points that attack (for `attack`) or defend the worm, each with
/// its code: the worm's own point first, then every root move the reader
/// finds with the best code, then every liberty that works.
fn tactical_points(g: &mut Generation<'_>, worm: &Worm, attack: bool) -> Vec<(Vertex, Code)> {
    let first = if attack { worm.attack } else { worm.defense };
    let mut found: Vec<(Vertex, Code)> = first.point.map(|p| (p, first.code)).into_iter().collect();
    let reader = g.context.reader_mut();
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
    let mover = if attack {
        worm.color.other()
    } else {
        worm.color
    };
    for at in liberties {
        if found.iter().any(|(p, _)| *p == at) {
            continue;
        }
        let code = g.after_move(mover, at, |r| {
            if attack {
                attack_after(r, worm.origin)
            } else {
                defence_after(r, worm.origin)
            }
        });
        if let Some(code) = code.filter(|c| *c != Code::Fail) {
            found.push((at, code));
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

/// Worm reasons: attack threats on unattackable opponent worms, then the
/// attacks on every attackable opponent worm and the defences of every
/// own worm that is attacked and can be saved.
pub fn worm_reasons(g: &mut Generation<'_>, store: &mut MoveReasons) {
    let analysis = g.analysis;
    let color = g.color;
    for worm in analysis.worms() {
        if worm.color == color
            || worm.attack.code != Code::Fail
            || worm.liberties > THREAT_LIBERTIES
        {
            continue;
        }
        let liberties: Vec<Vertex> = g.context.board().liberty_vertices(worm.origin).collect();
        for at in liberties {
            let threat = g.after_move(color, at, |r| {
                // The threatening stone must not be capturable itself.
                r.attack(at).code == Code::Fail && r.attack(worm.origin).code != Code::Fail
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

/// The review's first step: every point with a reason is tested against
/// every unstable worm (attackable and defendable) for attacks and
/// defences not yet recorded; then the either/all reasons of the points.
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
        if g.context.board().cell(at).color().is_some() {
            continue;
        }
        for &worm in &unstable {
            let attack = worm.color != color;
            let known = store.reasons(at).iter().any(|r| match *r {
                Reason::Attack { target, .. } => attack && target == worm.origin,
                Reason::Defend { target, .. } => !attack && target == worm.origin,
                _ => false,
            });
            if known {
                continue;
            }
            let code = g.after_move(color, at, |r| {
                if attack {
                    attack_after(r, worm.origin)
                } else {
                    defence_after(r, worm.origin)
                }
            });
            if let Some(ko) = code.and_then(ko_result) {
                if attack {
                    add_attack(g, store, worm, at, ko);
                } else {
                    add_defence(g, store, worm, at, ko);
                }
            }
        }
    }
    for &at in &points {
        either_and_all(g, store, at);
    }
}

/// Either: a point threatening two opponent worms after which they cannot
/// both be saved. All: a point defending two own worms that the opponent
/// can attack one of.
fn either_and_all(g: &mut Generation<'_>, store: &mut MoveReasons, at: Vertex) {
    let mut threatened = Vec::new();
    let mut defended = Vec::new();
    for reason in store.reasons(at) {
        match *reason {
            Reason::AttackThreat { target } => threatened.push(target),
            Reason::Defend {
                target,
                ko: KoResult::Win,
            } => defended.push(target),
            _ => {}
        }
    }
    let color = g.color;
    for (a, b) in pairs(&threatened) {
        let both = g.after_move(color, at, |r| r.defend_both(a, b).code);
        if both == Some(Code::Fail) {
            store.add(at, Reason::Either { a, b });
        }
    }
    for (a, b) in pairs(&defended) {
        if g.context.reader_mut().attack_either(a, b).code != Code::Fail {
            store.add(at, Reason::All { a: b, b: a });
        }
    }
}
