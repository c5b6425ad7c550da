//! The engine's front door on positions written here: `Engine` keeps its
//! position, reading stack and analysis in step (worms and dragons of the
//! position with the stack, recomputed after every change), answers
//! tactical queries with its kept reader, and the analysed context answers
//! the class test only where the known statuses decide it.

use std::sync::Arc;

use engine::front::analysis::STEPS;
use engine::front::analysis::Step;
use engine::{Databases, Engine};
use goban::{Board, Color};
use matcher::scan::DragonStatus;
use tactics::Code;

fn board(rows: &[&str]) -> Board {
    Board::from_rows(rows).expect("a board")
}

/// 9×9: a white stone at E5 in atari under black E6, D5, F5, whose
/// escape at E4 is closed by black D4, F4, E3 (captured whoever moves);
/// a black two-stone string at A1-B1.
const POSITION: [&str; 9] = [
    ".........",
    ".........",
    ".........",
    "....X....",
    "...XOX...",
    "...X.X...",
    "....X....",
    ".........",
    "XX.......",
];

fn engine() -> Engine {
    let mut engine = Engine::new(Arc::new(Databases::default()));
    engine.set_position(board(&POSITION), None);
    engine
}

#[test]
fn the_analysis_runs_worms_then_dragons() {
    assert_eq!(
        STEPS,
        &[
            Step::Worms,
            Step::Dragons,
            Step::Eyes,
            Step::Owl,
            Step::Semeai,
            Step::Influence,
            Step::DragonData
        ]
    );
    let mut engine = engine();
    let geometry = engine.position().board().geometry();
    let e5 = geometry.parse_gtp("E5").unwrap();
    let worms = engine.worms().to_vec();
    assert_eq!(worms.len(), 6);
    let white = worms.iter().find(|w| w.color == Color::White).unwrap();
    assert_eq!(white.attack.code, Code::Win);
    // Without conn.db every worm is its own dragon.
    assert_eq!(engine.dragons().dragons().len(), 6);
    // A lone worm that can be captured and not defended is a dead dragon.
    assert_eq!(engine.analysis().status(e5), Some(DragonStatus::Dead));
    assert_eq!(engine.attack(e5).code, Code::Win);
    // The dead white stone radiates nothing, whoever moves next.
    for to_move in [Color::Black, Color::White] {
        let influence = engine.analysis().influence(to_move);
        assert_eq!(
            influence.influence_at(Color::White, geometry.point(e5)),
            0.0
        );
        assert!(influence.influence_at(Color::Black, geometry.point(e5)) > 0.0);
    }
}

#[test]
fn the_reading_stack_and_the_position_keep_the_analysis_in_step() {
    let mut engine = engine();
    let geometry = engine.position().board().geometry();
    let e4 = geometry.parse_gtp("E4").unwrap();
    assert_eq!(engine.worms().len(), 6);
    // Black captures E5: the analysis is of the position with the stack.
    engine.trymove(Color::Black, e4, false).unwrap();
    assert_eq!(engine.tries().len(), 1);
    assert_eq!(
        engine.worms().len(),
        3,
        "E5 captured, E4 joins the black stones around it"
    );
    assert!(engine.worms().iter().all(|w| w.color == Color::Black));
    assert!(engine.popgo());
    assert!(!engine.popgo(), "the stack is empty");
    assert_eq!(
        engine
            .worms()
            .iter()
            .filter(|w| w.color == Color::White)
            .count(),
        1
    );
    // A new position drops the stack and the analysis.
    engine.trymove(Color::Black, e4, false).unwrap();
    engine.set_position(board(&POSITION), None);
    assert!(engine.tries().is_empty());
    assert_eq!(engine.current_board(), &board(&POSITION));
}

#[test]
fn without_shape_databases_nothing_is_proposed() {
    let mut engine = engine();
    assert!(engine.proposals(Color::Black).is_empty());
    // genmove still values the tactical reasons, but no pattern says
    // anything about a move.
    let generation = engine.generate(Color::White);
    assert!(
        generation
            .reasons
            .iter()
            .all(|(_, entry)| entry.facts == engine::reasons::PatternFacts::default())
    );
    assert!(!engine.genmove(Color::White).is_empty());
    assert!(engine.packed_board().is_ok());
}

/// The analysed context answers the eye-space autohelpers from the
/// analysis's eye data: a black eye in the corner (A9, its space alone),
/// the points around a lone stone (marginal), and a point in no space.
#[test]
fn the_analysed_context_answers_eye_questions() {
    use engine::EngineContext;
    use engine::front::AnalysedContext;
    use matcher::autohelper::Autohelper;
    use matcher::context::layers::*;
    use matcher::layer::Callee;

    let rows = [
        ".X.......",
        "XX.......",
        ".........",
        ".........",
        "....O....",
        ".........",
        ".........",
        ".........",
        ".........",
    ];
    let mut engine = Engine::new(Arc::new(Databases::default()));
    engine.set_position(board(&rows), None);
    let analysis = engine.analysis().clone();
    let mut inner = EngineContext::new(&board(&rows), None, Color::Black);
    inner.set_worms(analysis.worms());
    let mut context = AnalysedContext::new(&mut inner, &analysis);
    let p = |v: &str| goban::Point::from_gtp(v, 9).unwrap();
    for f in [
        Autohelper::Eye,
        Autohelper::ProperEye,
        Autohelper::MarginalEye,
    ] {
        assert!(context.answers(Callee::Autohelper(f)), "{f:?}");
    }
    // Without eyes.db there are no values: max_eye_value stays unknown.
    assert!(!context.answers(Callee::Autohelper(Autohelper::MaxEyeValue)));
    assert_eq!(context.eye(p("A9")), 1);
    assert_eq!(context.proper_eye(p("A9")), 1);
    assert_eq!(context.marginal_eye(p("A9")), 0);
    // E6 touches the white stone only: a marginal point of White's space.
    assert_eq!(context.eye(p("E6")), 1);
    assert_eq!(context.marginal_eye(p("E6")), 1);
    assert_eq!(context.proper_eye(p("E6")), 0);
    // Far from every stone, in no space.
    assert_eq!(context.eye(p("H2")), 0);
    // A9 is no false eye for Black (O): its only diagonal is B8, Black's.
    assert_eq!(context.obvious_false_oeye(p("A9")), 0);
}

/// 13×9, finished: Black's wall (column F) and White's (column G) touch
/// along the whole board, so every empty point is one side's territory
/// and nothing is left to fill. Black's territory is wide enough for an
/// open-area move, which must not be played inside it: genmove passes.
#[test]
fn genmove_passes_when_the_boundaries_are_closed() {
    let rows = [".....XO......"; 9];
    let mut engine = Engine::new(Arc::new(Databases::default()));
    engine.set_position(board(&rows), None);
    for color in [Color::Black, Color::White] {
        let generation = engine.generate(color);
        assert_eq!(generation.choice, engine::front::Choice::Pass, "{color:?}");
        assert!(engine.genmove(color).is_empty());
    }
}

/// The same walls with a one-point gap (G5 empty, White's H5 beyond
/// it): G5 is the only dame, and either colour plays it, nothing inside
/// its own territory.
#[test]
fn genmove_fills_the_last_dame() {
    let mut rows = vec![".....XO......"; 9];
    rows[4] = ".....X.O.....";
    let mut engine = Engine::new(Arc::new(Databases::default()));
    engine.set_position(board(&rows), None);
    let geometry = engine.position().board().geometry();
    for color in [Color::Black, Color::White] {
        let moves = engine.genmove(color);
        let first = moves.first().and_then(|&p| geometry.vertex(p));
        assert_eq!(
            first.map(|v| geometry.gtp(v)).as_deref(),
            Some("G5"),
            "{color:?}"
        );
    }
}

/// The region count's value of a status change (`StatusValue::InCount`):
/// Black capturing E5 at E4 turns the stone from White's (counted alive
/// before, the other way round) to Black's; a White move counted as
/// saving it (E4 itself is suicide for White; A9 stands in) turns it from
/// dead to living. Both are worth points; no change, an occupied point or
/// a suicide is worth nothing; the worm's stones are E5 alone.
#[test]
fn the_region_count_values_a_capture_and_a_rescue() {
    use engine::front::GenmoveParams;
    let mut engine = engine();
    let geometry = engine.position().board().geometry();
    let v = |s: &str| geometry.parse_gtp(s).unwrap();
    let params = GenmoveParams::default();
    let black = engine.position_facts(Color::Black, &params);
    assert_eq!(black.stones_of(v("E5"), false), vec![v("E5")]);
    assert_eq!(black.stones_of(v("E5"), true), vec![v("E5")]);
    let capture = black.status_delta(v("E4"), &[v("E5")], &[]);
    assert!(capture > 1.0, "capture {capture}");
    assert_eq!(black.status_delta(v("E4"), &[], &[]), 0.0);
    assert_eq!(black.status_delta(v("D5"), &[v("E5")], &[]), 0.0);
    let white = engine.position_facts(Color::White, &params);
    assert_eq!(white.status_delta(v("E4"), &[], &[v("E5")]), 0.0);
    let rescue = white.status_delta(v("A9"), &[], &[v("E5")]);
    assert!(rescue > 1.0, "rescue {rescue}");
}

/// The region count's territory class (`TerritoryStandIn::territory_point`):
/// Black's corner behind a closed wall is territory in the territory
/// valuation, so with moyo and area weighed 0 it still counts for Black
/// with the class and not without it.
#[test]
fn the_region_count_weighs_territory_apart_from_moyo() {
    use engine::front::GenmoveParams;
    let mut engine = Engine::new(Arc::new(Databases::default()));
    let rows = [
        "..X......",
        "..X......",
        "XXX......",
        ".........",
        ".........",
        ".........",
        "......O..",
        ".........",
        ".........",
    ];
    engine.set_position(board(&rows), None);
    let mut params = GenmoveParams::default();
    params.territory.point_weight = engine::front::genmove::PointWeight::Class;
    params.territory.moyo_point = 0.0;
    params.territory.area_point = 0.0;
    params.territory.territory_point = None;
    let without = engine.position_facts(Color::Black, &params).balance();
    params.territory.territory_point = Some(1.0);
    let with = engine.position_facts(Color::Black, &params).balance();
    assert!(with >= without + 4.0, "with {with}, without {without}");
}
