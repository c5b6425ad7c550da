//! The owl's candidates at a node: which generators propose them and in
//! what order, on tripod3's lower left corner (ld_owl.tst 163, 164) built
//! by hand (GNU Go's databases; GNU Go's owl trace, `--decide-owl C3 -t`,
//! in the comments).

use engine::EngineContext;
use engine::owl::candidates::MoveSource;
use engine::owl::search::root_view;
use engine::owl::{OwlInputs, OwlMatchers};
use goban::{Board, Color, Vertex};

use crate::owl_cases;

/// tripod3's lower left corner: black's B4 A3 C3 C2 D2 inside white's
/// wall, the eye space around B3.
const CORNER: [&str; 7] = [
    "..O................",
    "..O................",
    ".OO................",
    ".XOO...............",
    "X.XOOOO............",
    "..XXO..............",
    "...................",
];

fn corner_board(extra: &[(Color, &str)]) -> Board {
    let mut rows: Vec<String> = vec![".".repeat(19); 12];
    rows.extend(CORNER.iter().map(|r| r.to_string()));
    let mut board = Board::from_rows(&rows).expect("board");
    for &(color, v) in extra {
        let v = board.geometry().parse_gtp(v).expect("vertex");
        board.play(color, v);
    }
    board
}

/// The corner after white B1, black B2, white A5: White's B1 is a lunch
/// (C1 captures it), Black's B4 a goal string with two liberties.
fn lunch_board() -> Board {
    corner_board(&[
        (Color::White, "B1"),
        (Color::Black, "B2"),
        (Color::White, "A5"),
    ])
}

fn vertex(board: &Board, v: &str) -> Vertex {
    board.geometry().parse_gtp(v).expect("vertex")
}

fn black_dragon(board: &Board) -> Vec<Vertex> {
    ["B4", "A3", "C3", "C2", "D2"]
        .iter()
        .map(|v| vertex(board, v))
        .collect()
}

/// GNU Go's attacker tries `owl_vital_apats.db`'s VA31 at A2 (value 76)
/// first although the estimate does not call the goal alive ("Pattern
/// VA31 found at A2 with value 76", then "Trying white A2"): with
/// `vital_always` the vital patterns are among the attacker's
/// candidates at every node, ranked with the others by value.
#[test]
fn vital_patterns_are_attacker_candidates_at_every_node() {
    let shared = testkit::require_shared!();
    let (owl, graphs) = owl_cases::databases(&shared);
    let matchers = OwlMatchers::new(&owl);
    let board = corner_board(&[]);
    let stones = black_dragon(&board);
    let a2 = vertex(&board, "A2");
    let mut inputs = OwlInputs::new(&owl, &matchers, &graphs);
    let mut ctx = EngineContext::new(&board, None, Color::White);
    inputs.params.vital_always = true;
    let view = root_view(&mut ctx, inputs, &stones, true);
    assert!(!view.alive, "{view:?}");
    let first = view.moves.first().expect("a candidate");
    assert_eq!(first.point, a2, "{view:?}");
    assert!(
        matches!(first.source, MoveSource::VitalPattern(_)),
        "{view:?}"
    );
    inputs.params.vital_always = false;
    let without = root_view(&mut ctx, inputs, &stones, true);
    assert!(
        without
            .moves
            .iter()
            .all(|c| !matches!(c.source, MoveSource::VitalPattern(_))),
        "{without:?}"
    );
}

/// After white B1, black B2, white A5 the defender has two tactical
/// moves: C1 captures the lunch B1, B3 saves the goal string B4 (two
/// liberties). Their values are separate parameters; a goal-string value
/// of 0 leaves B3 to the patterns.
#[test]
fn lunch_and_goal_string_moves_are_valued_apart() {
    let shared = testkit::require_shared!();
    let (owl, graphs) = owl_cases::databases(&shared);
    let matchers = OwlMatchers::new(&owl);
    let board = lunch_board();
    let stones = black_dragon(&board);
    let (b3, c1) = (vertex(&board, "B3"), vertex(&board, "C1"));
    let mut inputs = OwlInputs::new(&owl, &matchers, &graphs);
    inputs.params.tactical_move_value = 45.0;
    inputs.params.goal_string_move_value = 40.0;
    let mut ctx = EngineContext::new(&board, None, Color::Black);
    let view = root_view(&mut ctx, inputs, &stones, false);
    let at = |moves: &[engine::owl::candidates::Candidate], v: Vertex| {
        moves
            .iter()
            .find(|c| c.point == v)
            .map(|c| (c.value, c.source))
    };
    assert_eq!(
        at(&view.moves, c1),
        Some((45.0, MoveSource::Tactical)),
        "{view:?}"
    );
    assert_eq!(
        at(&view.moves, b3),
        Some((40.0, MoveSource::Tactical)),
        "{view:?}"
    );
    inputs.params.goal_string_move_value = 0.0;
    let without = root_view(&mut ctx, inputs, &stones, false);
    assert_eq!(at(&without.moves, c1), Some((45.0, MoveSource::Tactical)));
    assert!(
        at(&without.moves, b3).is_none_or(|(_, s)| s != MoveSource::Tactical),
        "{without:?}"
    );
}

/// The goal string B4 of [`lunch_board`] has two liberties: its rescue
/// B3 is a tactical move while `goal_string_move_liberties` allows two,
/// not with one (strings in atari only); the lunch move C1 stays.
#[test]
fn goal_string_moves_follow_the_strings_liberties() {
    let shared = testkit::require_shared!();
    let (owl, graphs) = owl_cases::databases(&shared);
    let matchers = OwlMatchers::new(&owl);
    let board = lunch_board();
    let stones = black_dragon(&board);
    let (b3, c1) = (vertex(&board, "B3"), vertex(&board, "C1"));
    let mut inputs = OwlInputs::new(&owl, &matchers, &graphs);
    let mut ctx = EngineContext::new(&board, None, Color::Black);
    let tactical = |moves: &[engine::owl::candidates::Candidate], v: Vertex| {
        moves
            .iter()
            .any(|c| c.point == v && c.source == MoveSource::Tactical)
    };
    inputs.params.goal_string_move_liberties = 2;
    let two = root_view(&mut ctx, inputs, &stones, false);
    assert!(tactical(&two.moves, b3), "{two:?}");
    assert!(tactical(&two.moves, c1), "{two:?}");
    inputs.params.goal_string_move_liberties = 1;
    let one = root_view(&mut ctx, inputs, &stones, false);
    assert!(!tactical(&one.moves, b3), "{one:?}");
    assert!(tactical(&one.moves, c1), "{one:?}");
}

/// With `patterns_after_others` the pattern moves come after the eye
/// vital points, tactical moves and vital patterns.
#[test]
fn pattern_moves_can_follow_the_others() {
    let shared = testkit::require_shared!();
    let (owl, graphs) = owl_cases::databases(&shared);
    let matchers = OwlMatchers::new(&owl);
    let board = lunch_board();
    let stones = black_dragon(&board);
    let mut inputs = OwlInputs::new(&owl, &matchers, &graphs);
    inputs.params.patterns_after_others = true;
    let mut ctx = EngineContext::new(&board, None, Color::Black);
    let view = root_view(&mut ctx, inputs, &stones, false);
    let is_pattern: Vec<bool> = view
        .moves
        .iter()
        .map(|c| matches!(c.source, MoveSource::Pattern(_)))
        .collect();
    assert!(
        is_pattern.contains(&true) && is_pattern.contains(&false),
        "{view:?}"
    );
    assert!(is_pattern.windows(2).all(|w| w[0] <= w[1]), "{view:?}");
}

/// With `pass_breadth` (GNU Go's two passes, left off) a node's list holds
/// at most that many of the non-pattern candidates, then the pattern
/// moves at other points; at the root `root_patterns_first`
/// puts the pattern moves first.
#[test]
fn passes_order_the_candidates_by_group() {
    let shared = testkit::require_shared!();
    let (owl, graphs) = owl_cases::databases(&shared);
    let matchers = OwlMatchers::new(&owl);
    let board = lunch_board();
    let stones = black_dragon(&board);
    let mut inputs = OwlInputs::new(&owl, &matchers, &graphs);
    let mut ctx = EngineContext::new(&board, None, Color::Black);
    let is_pattern = |moves: &[engine::owl::candidates::Candidate]| -> Vec<bool> {
        moves
            .iter()
            .map(|c| matches!(c.source, MoveSource::Pattern(_)))
            .collect()
    };
    inputs.params.pass_breadth = Some(1);
    let view = root_view(&mut ctx, inputs, &stones, false);
    let groups = is_pattern(&view.moves);
    assert_eq!(groups.iter().filter(|&&p| !p).count(), 1, "{view:?}");
    assert!(groups.contains(&true), "{view:?}");
    assert!(groups.windows(2).all(|w| w[0] <= w[1]), "{view:?}");
    for (k, c) in view.moves.iter().enumerate() {
        assert!(
            view.moves[..k].iter().all(|m| m.point != c.point),
            "{view:?}"
        );
    }
    inputs.params.root_patterns_first = true;
    let root = root_view(&mut ctx, inputs, &stones, false);
    assert!(
        is_pattern(&root.moves).windows(2).all(|w| w[0] >= w[1]),
        "{root:?}"
    );
    assert_eq!(root.moves.len(), view.moves.len(), "{root:?}");
}

/// ld4's upper right corner after white P18 (ld_owl.tst 14): black's
/// Q18-T18 over the space P19-T19 with White's S19 inside and P19 next
/// to White's P18, a marginal point. GNU Go's trace (`--decide-owl S18
/// -t`): "marginal eye space at P19, score 30 (eye at P19, value 1112,
/// pessimistic_min 0)", and Black defends at P19. With
/// `marginal_space_value` the attacker gets P19 from the settled space
/// (the defender has it too, valued higher as a tactical move); without
/// it, not at all.
#[test]
fn settled_spaces_with_marginal_points_give_a_move_to_both_sides() {
    let shared = testkit::require_shared!();
    let (owl, graphs) = owl_cases::databases(&shared);
    let matchers = OwlMatchers::new(&owl);
    let mut rows: Vec<String> = [
        ".X.O.........X...O.",
        "OX.O.......OOXOXXXX",
        ".X.O........OOXO...",
        ".XOOO........O.OOOO",
        "..X.O........OOO...",
    ]
    .iter()
    .map(|r| r.to_string())
    .collect();
    rows.extend(std::iter::repeat_n(".".repeat(19), 14));
    let board = Board::from_rows(&rows).expect("board");
    let stones: Vec<Vertex> = ["Q18", "R18", "S18", "T18"]
        .iter()
        .map(|v| vertex(&board, v))
        .collect();
    let p19 = vertex(&board, "P19");
    let mut inputs = OwlInputs::new(&owl, &matchers, &graphs);
    inputs.params.marginal_space_value = 30.0;
    let mut ctx = EngineContext::new(&board, None, Color::Black);
    let marginal = |moves: &[engine::owl::candidates::Candidate]| {
        moves
            .iter()
            .filter(|c| c.source == MoveSource::MarginalSpace)
            .map(|c| (c.point, c.value))
            .collect::<Vec<_>>()
    };
    let view = root_view(&mut ctx, inputs, &stones, true);
    assert_eq!(marginal(&view.moves), [(p19, 30.0)], "{view:?}");
    let defence = root_view(&mut ctx, inputs, &stones, false);
    assert!(defence.moves.iter().any(|c| c.point == p19), "{defence:?}");
    inputs.params.marginal_space_value = 0.0;
    let without = root_view(&mut ctx, inputs, &stones, true);
    assert!(without.moves.iter().all(|c| c.point != p19), "{without:?}");
}

/// incident263's lower edge (owl.tst 70, `owl_attack M4`): White's M4,
/// K3-N3 under Black's wall, Black's N4 next to the goal with O3 below
/// it. `owl_attackpats.db`'s A1 (class `n`, value 80) matches for Black
/// at O4, but a white stone there would be in atari under N4, O5 and O3
/// and captured: the databases' class `n` ("check also that an X move
/// cannot be captured") rejects it, and GNU Go's trace (`--decide-owl M4
/// -t`) never tries O4 (its root: O2, J2, K2). With `class_n_safety` the
/// move is not a candidate; without it, it is the first.
#[test]
fn class_n_patterns_need_the_other_sides_stone_safe_too() {
    let shared = testkit::require_shared!();
    let (owl, graphs) = owl_cases::databases(&shared);
    let matchers = OwlMatchers::new(&owl);
    let mut rows: Vec<String> = std::iter::repeat_n(".".repeat(19), 14).collect();
    rows.extend(
        [
            ".......X...X.X..X..",
            ".........XXOX...X..",
            "..O..O..XOOOOX..O..",
            "...................",
            "...................",
        ]
        .iter()
        .map(|r| r.to_string()),
    );
    let board = Board::from_rows(&rows).expect("board");
    let stones: Vec<Vertex> = ["M4", "K3", "L3", "M3", "N3"]
        .iter()
        .map(|v| vertex(&board, v))
        .collect();
    let o4 = vertex(&board, "O4");
    let mut inputs = OwlInputs::new(&owl, &matchers, &graphs);
    let mut ctx = EngineContext::new(&board, None, Color::Black);
    inputs.params.class_n_safety = false;
    let without = root_view(&mut ctx, inputs, &stones, true);
    assert!(
        without
            .moves
            .iter()
            .any(|c| c.point == o4 && matches!(c.source, MoveSource::Pattern(_))),
        "{without:?}"
    );
    inputs.params.class_n_safety = true;
    let view = root_view(&mut ctx, inputs, &stones, true);
    assert!(view.moves.iter().all(|c| c.point != o4), "{view:?}");
    assert!(!view.moves.is_empty(), "{view:?}");
}
