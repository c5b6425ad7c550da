//! Each rule of `design/move-generation.md` §3.2–3.9 on a small store,
//! with facts given by hand.

use goban::{Color, Geometry, Vertex};
use matcher::scan::DragonStatus;

use super::*;
use crate::reasons::KoResult;

fn g() -> Geometry {
    Geometry::square(9).unwrap()
}

fn v(s: &str) -> Vertex {
    g().parse_gtp(s).unwrap()
}

/// Worms: every stone its own worm of effective size 3 (1 stone), in a
/// dragon whose origin is the stone itself, except C5/C4 (one dragon at
/// C5 of effective size 10, weakness 0.5, critical). conn.db counted D6
/// and J9 (dead) twice and F6 three times as a potential cutting stone.
fn worm(at: Vertex) -> Option<WormFacts> {
    let dragon = if at == v("C4") { v("C5") } else { at };
    let cutstone2 = [("D6", 2), ("J9", 2), ("F6", 3), ("G5", 1)]
        .iter()
        .find(|(name, _)| at == v(name))
        .map_or(0, |&(_, count)| count);
    Some(WormFacts {
        size: 1,
        effective_size: 3.0,
        dragon,
        cutstone2,
    })
}

fn dragon(at: Vertex) -> Option<DragonFacts> {
    let big = at == v("C5") || at == v("C4");
    Some(DragonFacts {
        color: Color::Black,
        size: if big { 2 } else { 1 },
        effective_size: if big { 10.0 } else { 3.0 },
        strategic_size: if big { 12.0 } else { 3.0 },
        status: if at == v("J9") {
            DragonStatus::Dead
        } else if big {
            DragonStatus::Critical
        } else {
            DragonStatus::Alive
        },
        weakness: if big { 0.5 } else { 0.1 },
    })
}

fn inputs() -> ValuationInputs<'static> {
    ValuationInputs {
        territory_delta: &|_| 4.0,
        followup_delta: &|_| 0.0,
        connection_k: &|_| 0,
        worm: &worm,
        dragon: &dragon,
        hostile_neighbours: &|_| Vec::new(),
        captures: &|_, _| false,
        status_delta: &|_| 0.0,
        status_in_delta: false,
        status_delta_is_stand_in: false,
    }
}

fn value_of(reasons: &[Reason], unsafe_move: bool) -> ValueTerms {
    value_with(reasons, unsafe_move, &ValuationParams::default())
}

fn value_with(reasons: &[Reason], unsafe_move: bool, params: &ValuationParams) -> ValueTerms {
    value_with_inputs(reasons, unsafe_move, inputs(), params)
}

/// The terms of a move at E5 with `reasons`, valued on `inputs`.
fn value_with_inputs(
    reasons: &[Reason],
    unsafe_move: bool,
    inputs: ValuationInputs,
    params: &ValuationParams,
) -> ValueTerms {
    let mut store = MoveReasons::new(g(), Color::White);
    let at = v("E5");
    store.entry(at).unsafe_move = unsafe_move;
    for &r in reasons {
        store.add(at, r);
    }
    let values = value_moves(&store, inputs, params);
    values.get(at).unwrap().clone()
}

/// An owl kill of the three-stone dragon D4 and its strategic effect.
fn owl_kill_of_d4() -> [Reason; 2] {
    [
        Reason::OwlAttack {
            target: v("D4"),
            ko: KoResult::Win,
        },
        Reason::StrategicAttack { target: v("D4") },
    ]
}

fn close(a: f32, b: f32) {
    assert!((a - b).abs() < 1e-4, "{a} is not {b}");
}

#[test]
fn expansion_is_valued_by_the_territorial_delta_alone() {
    let t = value_of(&[Reason::ExpandTerritory, Reason::ExpandMoyo], false);
    close(t.territorial, 4.0);
    close(t.value, 4.0);
}

#[test]
fn unsafe_moves_claim_no_territory() {
    let t = value_of(&[Reason::ExpandTerritory], true);
    close(t.territorial, 0.0);
}

#[test]
fn a_worm_inside_a_dragon_counted_by_owl_counts_once() {
    // pub01 G2's pattern: owl-attacks the dragon and attacks its worm with
    // good ko; the dragon's strategic value is already counted (GNU Go's
    // rule, the two switches off).
    let gnugo = ValuationParams {
        strategic_beside_stand_in_status: false,
        ko_stone_penalty_when_counted: false,
        ..ValuationParams::default()
    };
    let t = value_with(&owl_attack_with_a_ko_worm(), false, &gnugo);
    // 4 (delta) + 2 × 10 (dragon), nothing for the worm, no strategy.
    close(t.territorial, 24.0);
    close(t.strategic, 0.0);
    assert!(
        t.notes
            .iter()
            .any(|n| n.what == "C5 strategic value already counted")
    );
}

/// pub01 G2's reasons: owl attack on C5, attack on its one-stone worm C4
/// with good ko, strategic defence of C5.
fn owl_attack_with_a_ko_worm() -> Vec<Reason> {
    vec![
        Reason::Attack {
            target: v("C4"),
            ko: KoResult::GoodKo,
            defenseless: false,
        },
        Reason::OwlAttack {
            target: v("C5"),
            ko: KoResult::Win,
        },
        Reason::StrategicDefend { target: v("C5") },
    ]
}

#[test]
fn a_counted_worm_keeps_its_ko_stone_penalty_when_asked() {
    let p = ValuationParams {
        ko_stone_penalty_when_counted: true,
        ..ValuationParams::default()
    };
    let t = value_with(&owl_attack_with_a_ko_worm(), false, &p);
    // 4 + 2 × 10 − 0.5 for the ko stone C4 (GNU Go's pub01 G2, endgame2 T17).
    close(t.territorial, 24.0 - p.ko_stone_penalty);
    assert!(t.notes.iter().any(|n| n.what == "penalty for ko stone C4"));
    // Off: the worm adds nothing at all.
    let off = ValuationParams {
        ko_stone_penalty_when_counted: false,
        ..p
    };
    close(
        value_with(&owl_attack_with_a_ko_worm(), false, &off).territorial,
        24.0,
    );
}

#[test]
fn the_strategic_effect_beside_a_stand_in_status_change_when_asked() {
    let on = ValuationParams {
        strategic_beside_stand_in_status: true,
        ..ValuationParams::default()
    };
    let off = ValuationParams {
        strategic_beside_stand_in_status: false,
        ..on
    };
    let reasons = [
        Reason::OwlDefend {
            target: v("C5"),
            ko: KoResult::Win,
        },
        Reason::StrategicDefend { target: v("C5") },
    ];
    // The stand-in counts C5's stones (2 × 10); the effect on it is added.
    let t = value_with(&reasons, false, &on);
    close(t.territorial, 24.0);
    close(t.strategic, effect(0.5, 10.0));
    close(value_with(&reasons, false, &off).strategic, 0.0);
    // With the influence delta holding the change, it is counted already.
    let in_delta = ValuationInputs {
        status_in_delta: true,
        ..inputs()
    };
    close(
        value_with_inputs(&reasons, false, in_delta, &on).strategic,
        0.0,
    );
    // A stand-in's count holding it keeps the effect beside it.
    let stand_in_count = ValuationInputs {
        status_in_delta: true,
        status_delta_is_stand_in: true,
        ..inputs()
    };
    close(
        value_with_inputs(&reasons, false, stand_in_count, &on).strategic,
        effect(0.5, 10.0),
    );
}

#[test]
fn ko_results_keep_a_share_and_a_single_ko_stone_is_penalised() {
    let p = ValuationParams::default();
    let t = value_of(
        &[Reason::Attack {
            target: v("G5"),
            ko: KoResult::GoodKo,
            defenseless: false,
        }],
        false,
    );
    close(
        t.territorial,
        4.0 + 6.0 * p.good_ko_share - p.ko_stone_penalty,
    );
    let bad = value_of(
        &[Reason::Defend {
            target: v("G5"),
            ko: KoResult::BadKo,
        }],
        false,
    );
    close(
        bad.territorial,
        4.0 + 6.0 * p.bad_ko_share - p.ko_stone_penalty,
    );
}

#[test]
fn a_defenseless_target_gives_secondary_value_only() {
    let t = value_of(
        &[Reason::Attack {
            target: v("G5"),
            ko: KoResult::Win,
            defenseless: true,
        }],
        false,
    );
    close(t.territorial, 4.0);
    close(t.secondary, 6.0 * 0.05);
}

#[test]
fn either_takes_the_smaller_attack_and_all_twice_the_smaller_defence() {
    let either = value_of(
        &[Reason::Either {
            a: v("G5"),
            b: v("C5"),
        }],
        false,
    );
    close(either.strategic, 6.0);
    let all = value_of(
        &[Reason::All {
            a: v("G5"),
            b: v("C5"),
        }],
        false,
    );
    close(all.strategic, 12.0);
}

#[test]
fn strategic_effect_is_per_dragon_the_largest_reason_and_never_on_the_dead() {
    let t = value_of(
        &[
            Reason::StrategicAttack { target: v("C5") },
            Reason::Cut {
                a: v("C4"),
                b: v("G5"),
            },
            Reason::StrategicAttack { target: v("J9") },
        ],
        false,
    );
    // C5 (via C4 too) once: weakness 0.5, size 10; G5: 0.1, size 3; J9
    // dead: nothing.
    close(t.strategic, effect(0.5, 10.0) + effect(0.1, 3.0));
}

#[test]
fn a_connection_with_a_critical_dragon_gives_no_strategic_effect_when_asked() {
    // C4 is in the critical dragon C5; G5 is alive (weakness 0.1).
    let reasons = [
        Reason::Connect {
            a: v("C4"),
            b: v("G5"),
        },
        Reason::Cut {
            a: v("C4"),
            b: v("H5"),
        },
    ];
    let before = value_of(&reasons, false);
    close(before.strategic, effect(0.5, 10.0) + 2.0 * effect(0.1, 3.0));
    let params = ValuationParams {
        connection_to_critical_no_effect: true,
        ..ValuationParams::default()
    };
    // The cut keeps both effects; the connection gives G5 none.
    let after = value_with(&reasons, false, &params);
    close(after.strategic, effect(0.5, 10.0) + effect(0.1, 3.0));
    // The critical dragon keeps its own.
    close(
        value_with(&reasons[..1], false, &params).strategic,
        effect(0.5, 10.0),
    );
    // Two critical dragons connected keep theirs: G5 critical too.
    let g5_critical = |at: Vertex| {
        dragon(at).map(|d| DragonFacts {
            status: if at == v("G5") {
                DragonStatus::Critical
            } else {
                d.status
            },
            ..d
        })
    };
    let both = ValuationInputs {
        dragon: &g5_critical,
        ..inputs()
    };
    close(
        value_with_inputs(&reasons[..1], false, both, &params).strategic,
        effect(0.5, 10.0) + effect(0.1, 3.0),
    );
    // Two alive dragons connected keep theirs.
    let alive = [Reason::Connect {
        a: v("G5"),
        b: v("H5"),
    }];
    close(
        value_with(&alive, false, &params).strategic,
        2.0 * effect(0.1, 3.0),
    );
}

/// The fitted strategic effect on a dragon of `weakness` and `size`.
fn effect(weakness: f32, size: f32) -> f32 {
    weakness * 27.6 * size / (size + 13.2)
}

#[test]
fn the_strategic_size_source_sizes_the_effect_with_gnugos_numbers() {
    let params = ValuationParams::default().with_strategic_size();
    let t = value_with(
        &[Reason::StrategicAttack { target: v("C5") }],
        false,
        &params,
    );
    // C5's strategic size 12 (its effective size 10), weakness 0.5.
    close(t.strategic, 0.5 * 27.0 * 12.0 / (12.0 + 15.0));
}

#[test]
fn strategic_effect_reproduces_gnugo_traced_values() {
    // GNU Go's traces (`docs/tuning/valuation.md`): weakness × 27.6 ×
    // size / (size + 13.2) for `strategically defends` on dragons of
    // several sizes (weakness, effective size, traced value): pub28 E11,
    // pub45 O10, pub02 C7, each within 10%; with GNU Go's strategic size
    // (12.19, 45.75, 13.62), 27 and 15, each within 3%.
    let p = ValuationParams::default();
    let f = |w: f32, s: f32| w * p.strategic_scale * s / (s + p.strategic_half_size);
    for (w, size, traced) in [(0.46, 9.0, 5.57), (0.21, 30.38, 4.19), (0.26, 12.5, 3.34)] {
        let ours = f(w, size);
        assert!(
            (ours - traced).abs() / traced < 0.1,
            "{w} {size}: {ours} vs {traced}"
        );
    }
    let q = ValuationParams::default().with_strategic_size();
    let h = |w: f32, s: f32| w * q.strategic_scale * s / (s + q.strategic_half_size);
    for (w, size, traced) in [
        (0.46, 12.19, 5.57),
        (0.21, 45.75, 4.19),
        (0.26, 13.62, 3.34),
    ] {
        let ours = h(w, size);
        assert!(
            (ours - traced).abs() / traced < 0.03,
            "{w} {size}: {ours} vs {traced}"
        );
    }
    // Never more than scale × weakness, and 0 for a weakness of 0.
    assert!(f(1.0, 1000.0) < p.strategic_scale);
    close(f(0.0, 50.0), 0.0);
}

#[test]
fn an_owl_defence_weakens_the_opponent_dragons_next_to_its_target() {
    let hostile = |at: Vertex| {
        if at == v("C5") || at == v("C4") {
            vec![v("G5")]
        } else {
            Vec::new()
        }
    };
    let inputs = ValuationInputs {
        hostile_neighbours: &hostile,
        ..inputs()
    };
    let value = |target: &str| {
        let mut store = MoveReasons::new(g(), Color::White);
        let at = v("E5");
        store.add(
            at,
            Reason::OwlDefend {
                target: v(target),
                ko: KoResult::Win,
            },
        );
        let params = ValuationParams {
            owl_defense_neighbour_share: 1.0,
            ..ValuationParams::default()
        };
        value_moves(&store, inputs, &params)
            .get(at)
            .unwrap()
            .clone()
    };
    // C5 is critical: saving it adds the effect on G5 (0.1, size 3).
    let saved = value("C5");
    close(saved.strategic, effect(0.1, 3.0));
    assert!(
        saved
            .notes
            .iter()
            .any(|n| n.what == "strategic effect on G5")
    );
    // E3 is alive: nothing to save, no effect on its neighbours.
    close(value("E3").strategic, 0.0);
}

#[test]
fn invasion_is_penalised_and_combinations_have_values() {
    let p = ValuationParams::default();
    let t = value_of(&[Reason::Invasion], false);
    close(t.strategic, -p.invasion_penalty);
    // A combination is worth the value of the worm it captures (twice its
    // effective size), whether it is ours or we stop the opponent's.
    let target = v("G5");
    let c = value_of(&[Reason::MyAtariAtari { target }], false);
    close(c.strategic, p.status_change_per_size * 3.0);
    let d = value_of(&[Reason::YourAtariAtari { target }], false);
    close(d.strategic, p.status_change_per_size * 3.0);
}

#[test]
fn threats_are_followup_and_prevented_threats_reverse_followup() {
    let t = value_of(
        &[
            Reason::AttackThreat { target: v("G5") },
            Reason::OwlPreventThreat { target: v("C5") },
        ],
        false,
    );
    close(t.followup, 6.0);
    close(t.reverse_followup, 20.0);
    // B = 4: r = min(10, 4 + 3) = 7, f = min(3, 4.4 + 7) = 3.
    close(t.followup_added, 10.0);
}

#[test]
fn antisuji_moves_are_dropped_and_replaced_moves_redistribute() {
    let mut store = MoveReasons::new(g(), Color::Black);
    store.add(v("A1"), Reason::Antisuji);
    store.add(v("B2"), Reason::ExpandMoyo);
    store.add(v("C3"), Reason::ExpandMoyo);
    store.entry(v("C3")).facts.add_min_value(20.0);
    store.entry(v("C3")).replaced_by = Some(v("B2"));
    let values = value_moves(&store, inputs(), &ValuationParams::default());
    assert!(values.get(v("A1")).is_none());
    let c3 = values.get(v("C3")).unwrap();
    assert!(c3.replaced);
    assert_eq!(c3.value, 0.0);
    assert_eq!(values.get(v("B2")).unwrap().value, 20.0);
    assert_eq!(values.best(), Some((v("B2"), 20.0)));
    assert_eq!(values.ranked().len(), 1);
}

#[test]
fn no_position_facts_value_only_what_patterns_say() {
    let mut store = MoveReasons::new(g(), Color::Black);
    store.add(v("D4"), Reason::ExpandTerritory);
    store.entry(v("D4")).facts.add_min_value(35.0);
    store.add(
        v("E5"),
        Reason::Attack {
            target: v("E6"),
            ko: KoResult::Win,
            defenseless: false,
        },
    );
    let values = value_moves(
        &store,
        ValuationInputs::without_position(),
        &ValuationParams::default(),
    );
    assert_eq!(values.ranked(), [(v("D4"), 35.0)]);
}

#[test]
fn a_delta_holding_status_changes_gets_only_ko_corrections() {
    let p = ValuationParams::default();
    let inputs = ValuationInputs {
        status_in_delta: true,
        ..inputs()
    };
    let mut store = MoveReasons::new(g(), Color::White);
    let at = v("E5");
    store.add(
        at,
        Reason::Attack {
            target: v("G5"),
            ko: KoResult::Win,
            defenseless: false,
        },
    );
    store.add(
        at,
        Reason::OwlDefend {
            target: v("C5"),
            ko: KoResult::GoodKo,
        },
    );
    let values = value_moves(&store, inputs, &p);
    let t = values.get(at).unwrap();
    // 4 (the delta, both changes in it) − the half of 2 × 10 the good ko
    // does not keep − the ko stone penalty (C5's worm is one stone).
    close(
        t.territorial,
        4.0 - (1.0 - p.good_ko_share) * 20.0 - p.ko_stone_penalty,
    );
    // A negative territorial value stays negative (no minimum set).
    assert!(t.value < 0.0);
}

#[test]
fn a_move_without_reasons_is_worth_only_its_pattern_clamps() {
    let mut store = MoveReasons::new(g(), Color::Black);
    store.entry(v("D4")).facts.add_shape(3.0);
    store.entry(v("E5")).facts.add_min_value(7.0);
    let values = value_moves(&store, inputs(), &ValuationParams::default());
    // The territorial delta (4 everywhere) is not counted without a reason.
    close(values.get(v("D4")).unwrap().value, 0.0);
    close(values.get(v("E5")).unwrap().value, 7.0);
    assert_eq!(values.ranked(), [(v("E5"), 7.0)]);
}

#[test]
fn worms_of_dead_dragons_add_nothing_when_captured_or_saved() {
    let dead = v("J9");
    for reason in [
        Reason::Attack {
            target: dead,
            ko: KoResult::Win,
            defenseless: false,
        },
        Reason::Defend {
            target: dead,
            ko: KoResult::Win,
        },
    ] {
        let t = value_of(&[reason], false);
        close(t.territorial, 4.0);
    }
    // A worm of a living dragon: 2 × its effective size 3.
    let t = value_of(
        &[Reason::Defend {
            target: v("H9"),
            ko: KoResult::Win,
        }],
        false,
    );
    close(t.territorial, 10.0);
}

#[test]
fn a_status_delta_is_territory_an_unsafe_move_keeps() {
    let p = ValuationParams::default();
    let inputs = ValuationInputs {
        status_delta: &|_| 6.5,
        status_in_delta: true,
        ..inputs()
    };
    let mut store = MoveReasons::new(g(), Color::White);
    let at = v("E5");
    store.add(
        at,
        Reason::OwlDefend {
            target: v("C5"),
            ko: KoResult::Win,
        },
    );
    store.entry(at).unsafe_move = true;
    let terms = value_moves(&store, inputs, &p);
    let terms = terms.get(at).unwrap();
    // The plain delta (4) is an unsafe move's share (0); the status part stays.
    close(terms.territorial, 6.5);
    assert!(
        terms
            .notes
            .iter()
            .any(|n| n.what.starts_with("status changes") && n.amount == 6.5)
    );
}

#[test]
fn a_small_dragons_status_change_is_the_larger_of_it_and_the_delta() {
    // endgame2.sgf T17, endgame14.sgf E5: GNU Go's change in territory for
    // a one- or two-stone dragon killed or saved is 1–3 points, its
    // strategic value already counted.
    let off = ValuationParams {
        small_status_size: 0.0,
        ..ValuationParams::default()
    };
    let on = ValuationParams {
        small_status_size: 3.0,
        small_status_per_size: 2.0,
        small_status_larger_of: true,
        small_status_in_count: false,
        ..ValuationParams::default()
    };
    let reasons = owl_kill_of_d4();
    // Off: the delta 4 plus 2 × 3, and the strategic effect beside them.
    let t = value_with(&reasons, false, &off);
    close(t.territorial, 10.0);
    close(t.strategic, effect(0.1, 3.0));
    // On: the larger of 4 and 6; the effect on D4 already counted.
    let t = value_with(&reasons, false, &on);
    close(t.territorial, 6.0);
    close(t.strategic, 0.0);
    // Summed when asked, and valued per size by its own factor.
    let summed = ValuationParams {
        small_status_larger_of: false,
        small_status_per_size: 1.0,
        ..on
    };
    close(value_with(&reasons, false, &summed).territorial, 7.0);
    // A worm's defence counts its small dragon too: no strategic effect.
    let defence = [
        Reason::Defend {
            target: v("D4"),
            ko: KoResult::Win,
        },
        Reason::StrategicDefend { target: v("D4") },
    ];
    close(value_with(&defence, false, &on).strategic, 0.0);
    close(
        value_with(&defence, false, &off).strategic,
        effect(0.1, 3.0),
    );
    // A dragon larger than the size keeps the sum and its effect.
    let big = [
        Reason::OwlDefend {
            target: v("C5"),
            ko: KoResult::Win,
        },
        Reason::StrategicDefend { target: v("C5") },
    ];
    let t = value_with(&big, false, &on);
    close(t.territorial, 24.0);
    close(t.strategic, effect(0.5, 10.0));
}

#[test]
fn the_larger_of_needs_a_capture_when_asked() {
    // A small dragon's status change and the delta are the same points only
    // when the move removes its stones (endgame2.sgf T17 takes T18); a kill
    // that captures nothing (endgame7.sgf E3 on D3) keeps the sum.
    let needs_capture = ValuationParams {
        small_status_size: 3.0,
        small_status_per_size: 2.0,
        small_status_larger_of: true,
        small_status_larger_of_needs_capture: true,
        small_status_in_count: false,
        ..ValuationParams::default()
    };
    let anywhere = ValuationParams {
        small_status_larger_of_needs_capture: false,
        ..needs_capture
    };
    let reasons = owl_kill_of_d4();
    let value = |captures: &dyn Fn(Vertex, Vertex) -> bool, params: &ValuationParams| {
        let inputs = ValuationInputs {
            captures,
            ..inputs()
        };
        value_with_inputs(&reasons, false, inputs, params)
    };
    let captures_d4 = |at: Vertex, target: Vertex| at == v("E5") && target == v("D4");
    let no_capture = |_: Vertex, _: Vertex| false;
    // Captured: the larger of the delta 4 and 2 × 3.
    close(value(&captures_d4, &needs_capture).territorial, 6.0);
    // Not captured: the sum, the strategic effect still already counted.
    let t = value(&no_capture, &needs_capture);
    close(t.territorial, 10.0);
    close(t.strategic, 0.0);
    // Without the switch the larger of either way.
    close(value(&no_capture, &anywhere).territorial, 6.0);
}

#[test]
fn a_small_dragons_status_change_can_come_from_the_count_alone() {
    // GNU Go's change in territory holds a small dragon's status change
    // (filllib1.sgf B1 on H1 inside a settled area: -1.00, nothing more).
    let in_count = ValuationParams {
        small_status_size: 1.5,
        small_status_in_count: true,
        ..ValuationParams::default()
    };
    let reasons = owl_kill_of_d4();
    let value = |params: &ValuationParams| {
        let inputs = ValuationInputs {
            status_delta: &|_| -1.0,
            ..inputs()
        };
        value_with_inputs(&reasons, false, inputs, params)
    };
    // D4 (effective size 3) is not small at 1.5: size value and effect.
    let t = value(&in_count);
    close(t.territorial, 4.0 - 1.0 + 6.0);
    close(t.strategic, effect(0.1, 3.0));
    // Small at 3: the delta and the count's status part alone.
    let t = value(&ValuationParams {
        small_status_size: 3.0,
        ..in_count
    });
    close(t.territorial, 4.0 - 1.0);
    close(t.strategic, 0.0);
}

#[test]
fn attacking_or_defending_a_cutting_stone_adds_the_cutstone_value() {
    let attack = |target: &str| Reason::Attack {
        target: v(target),
        ko: KoResult::Win,
        defenseless: false,
    };
    let defend = |target: &str| Reason::Defend {
        target: v(target),
        ko: KoResult::Win,
    };
    let on = ValuationParams::default();
    let off = ValuationParams {
        cutstone_bonus: false,
        ..ValuationParams::default()
    };
    // Capturing D6 (counted twice): 4 + 6 + 10; off, no cutstone term.
    close(value_with(&[attack("D6")], false, &on).territorial, 20.0);
    close(value_with(&[attack("D6")], false, &off).territorial, 10.0);
    // F6 (counted three times): 20, once though attacked and defended.
    let t = value_with(&[defend("F6"), attack("F6")], false, &on);
    close(t.territorial, 4.0 + 6.0 + 20.0);
    assert!(
        t.notes
            .iter()
            .any(|n| n.what == "F6 cutstone" && n.amount == 20.0)
    );
    // An unsafe move keeps it (its territorial delta is gone).
    close(
        value_with(&[defend("D6")], true, &on).territorial,
        6.0 + 10.0,
    );
    // G5 (counted once) and threats give nothing.
    close(value_with(&[attack("G5")], false, &on).territorial, 10.0);
    close(
        value_with(&[Reason::AttackThreat { target: v("D6") }], false, &on).territorial,
        4.0,
    );
    // Nor does a worm of a dead dragon (J9, counted twice).
    close(value_with(&[defend("J9")], false, &on).territorial, 4.0);
}

#[test]
fn valuation_fields_are_set_by_name() {
    let mut p = ValuationParams::default();
    p.set("small_status_size", "3").unwrap();
    p.set("small_status_larger_of_needs_capture", "on").unwrap();
    close(p.small_status_size, 3.0);
    assert!(p.small_status_larger_of_needs_capture);
    p.set("connection_to_critical_no_effect", "on").unwrap();
    assert!(p.connection_to_critical_no_effect);
    p.set("cutstone_bonus", "off").unwrap();
    p.set("cutstone_value_per_count", "5").unwrap();
    assert!(!p.cutstone_bonus);
    close(p.cutstone_value_per_count, 5.0);
    assert!(p.set("small_status_size", "big").is_err());
    assert!(p.set("no_such_field", "1").is_err());
}
