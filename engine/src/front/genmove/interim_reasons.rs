//! An interim reason collection, for genmove to run before the move
//! reason producers of the front door are in place: worm attacks and
//! defences from the worms' reading codes, and the pattern reasons and
//! facts of the shape databases' accepted matches (classes `e E I J j t U
//! T c` and the value attributes, `spec/matching-semantics.md` §5.1–5.2),
//! without the dragon targets of `a`/`d` classes and without connection
//! reading. It is replaced by the producers' collection once they land.

use goban::{Color, Vertex};
use matcher::pattern::{AttributeKind, AttributeValue, Pattern};
use tactics::codes::Code;

use crate::front::engine::Engine;
use crate::reasons::{KoResult, MoveReasons, Reason};
use crate::shapes::Verdict;

/// The name of the database matched only in the endgame pass.
pub const ENDGAME_DB: &str = "endgame";

fn ko_result(code: Code) -> Option<KoResult> {
    match code {
        Code::Win => Some(KoResult::Win),
        Code::KoA => Some(KoResult::GoodKo),
        Code::KoB => Some(KoResult::BadKo),
        Code::Fail => None,
    }
}

/// Worm attacks (of the opponent's worms) and defences (of the mover's)
/// at the points the worms' reading found.
pub fn worm_reasons(engine: &mut Engine, color: Color, store: &mut MoveReasons) {
    for worm in engine.worms() {
        let (Some(attack), Some(point)) = (ko_result(worm.attack.code), worm.attack.point) else {
            continue;
        };
        if worm.color != color {
            let defenseless = worm.defense.code == Code::Fail;
            let reason = Reason::Attack {
                target: worm.origin,
                ko: attack,
                defenseless,
            };
            store.add(point, reason);
        } else if let (Some(ko), Some(at)) = (ko_result(worm.defense.code), worm.defense.point) {
            store.add(
                at,
                Reason::Defend {
                    target: worm.origin,
                    ko,
                },
            );
        }
    }
}

/// The pattern reasons of `color`'s accepted (or undecided) matches of the
/// shape databases: all but endgame.db, or only endgame.db.
pub fn pattern_reasons(engine: &mut Engine, color: Color, endgame: bool, store: &mut MoveReasons) {
    let size = engine.position().board().geometry().width();
    let geometry = engine.position().board().geometry();
    let judged = engine.judge_all(color);
    let databases = engine.databases().clone();
    for (raw, judgement) in judged {
        if judgement.verdict == Verdict::Rejected {
            continue;
        }
        let shape = &databases.shapes[raw.db];
        if (shape.name == ENDGAME_DB) != endgame {
            continue;
        }
        let Some(at) = geometry.vertex(raw.move_point) else {
            continue;
        };
        add_pattern(store, at, &shape.db.patterns[raw.pattern], size);
    }
}

/// One accepted pattern's classes and attributes at `at` (§5.1–5.2).
fn add_pattern(store: &mut MoveReasons, at: Vertex, pattern: &Pattern, size: usize) {
    let class = pattern.class;
    let s = size as f32;
    let table: [(char, &[Reason]); 4] = [
        ('e', &[Reason::ExpandTerritory]),
        ('E', &[Reason::ExpandMoyo]),
        ('I', &[Reason::Invasion]),
        ('T', &[Reason::Antisuji]),
    ];
    for (letter, reasons) in table {
        if class.has(letter) {
            for &r in reasons {
                store.add(at, r);
            }
        }
    }
    let attributes = pattern.attributes.as_deref().unwrap_or(&[]);
    let value_of = |kind: AttributeKind| {
        attributes
            .iter()
            .find(|a| a.kind == kind)
            .and_then(|a| match a.value {
                AttributeValue::Value(v) => Some(v),
                AttributeValue::Offset(_) => None,
            })
    };
    let entry = store.entry(at);
    if class.has('c') {
        entry.facts.add_shape(1.0);
    }
    let joseki = class.has('j') || class.has('t');
    if class.has('J') || class.has('j') {
        for r in [Reason::ExpandTerritory, Reason::ExpandMoyo] {
            if !entry.reasons.contains(&r) {
                entry.reasons.push(r);
            }
        }
    }
    if class.has('J') {
        entry.facts.add_min_value(35.0);
    }
    if joseki {
        let mut m = if class.has('j') { 24.0 } else { 16.0 } * s / 19.0;
        if let Some(shape) = value_of(AttributeKind::Shape) {
            m *= 1.0 + shape / 100.0;
        }
        if size >= 17 && class.has('F') {
            m *= 1.005;
            entry.facts.add_max_value(m);
        }
        entry.facts.add_min_value(m);
    }
    if class.has('U') {
        entry.facts.add_shape(15.0);
        entry.facts.add_min_value(40.0);
    }
    for a in attributes {
        let AttributeValue::Value(v) = a.value else {
            continue;
        };
        match a.kind {
            AttributeKind::MinValue => entry.facts.add_min_value(v),
            AttributeKind::MaxValue => entry.facts.add_max_value(v),
            AttributeKind::MinTerritory => entry.facts.add_min_territory(v),
            AttributeKind::MaxTerritory => entry.facts.add_max_territory(v),
            AttributeKind::Shape if !joseki => entry.facts.add_shape(v),
            AttributeKind::Followup => entry.facts.followup = entry.facts.followup.max(v),
            AttributeKind::ReverseFollowup => {
                entry.facts.reverse_followup = entry.facts.reverse_followup.max(v)
            }
            _ => {}
        }
    }
}
