//! Property tests: undo restores the exact previous state, positional
//! superko agrees with a plain list of earlier boards, and area maps are
//! invariant under the board's symmetries and mirror a colour swap.

use goban::{Board, Color, Geometry, Point};
use proptest::prelude::*;
use rules::{
    AreaMode, Game, IllegalMove, IndependentLifeMode, KoRule, Move, Rules, ScoringRule, TaxRule,
    WhiteHandicapBonus, area_map, independent_life,
};

fn rules_from(index: u8, multi_stone_suicide: bool, has_button: bool) -> Rules {
    let ko = [
        KoRule::Simple,
        KoRule::Positional,
        KoRule::Situational,
        KoRule::Spight,
    ][usize::from(index % 4)];
    let scoring = [ScoringRule::Area, ScoringRule::Territory][usize::from(index / 4 % 2)];
    let tax = [TaxRule::None, TaxRule::Seki, TaxRule::All][usize::from(index / 8 % 3)];
    Rules {
        has_button,
        ko,
        scoring,
        multi_stone_suicide,
        tax,
        white_handicap_bonus: WhiteHandicapBonus::Zero,
        friendly_pass_ok: false,
        komi: 0.5,
    }
}

/// The move chosen by `pick` among the points and pass.
fn move_of(geometry: Geometry, pick: u16) -> Move {
    let k = usize::from(pick) % (geometry.points_count() + 1);
    if k == geometry.points_count() {
        Move::Pass
    } else {
        Move::Play(geometry.vertex_of_index(k))
    }
}

/// A board from random plays (captures and suicides resolved by the board).
fn random_board(width: usize, height: usize, picks: &[(bool, u16)]) -> Board {
    let mut board = Board::new(Geometry::new(width, height).unwrap());
    for &(black, pick) in picks {
        let v = board
            .geometry()
            .vertex_of_index(usize::from(pick) % (width * height));
        if board.cell(v) == goban::Cell::Empty {
            board.play(if black { Color::Black } else { Color::White }, v);
        }
    }
    board
}

/// The image of `p` under symmetry `s` (0..8) of an `n` × `n` board.
fn transform(p: Point, s: u8, n: u8) -> Point {
    let (mut i, mut j) = (p.i, p.j);
    if s & 1 != 0 {
        i = n - 1 - i;
    }
    if s & 2 != 0 {
        j = n - 1 - j;
    }
    if s & 4 != 0 {
        std::mem::swap(&mut i, &mut j);
    }
    Point::new(i, j)
}

fn transformed_board(board: &Board, s: u8, swap_colours: bool) -> Board {
    let g = board.geometry();
    let n = g.width() as u8;
    let mut out = Board::new(g);
    for p in g.points() {
        if let Some(color) = board.at(p).color() {
            let color = if swap_colours { color.other() } else { color };
            let q = if swap_colours { p } else { transform(p, s, n) };
            out.place_stone(color, g.vertex(q).unwrap());
        }
    }
    out
}

fn rows_char(rows: &[String], p: Point) -> char {
    rows[p.i as usize].chars().nth(p.j as usize).unwrap()
}

fn swap_char(c: char) -> char {
    match c {
        'x' => 'o',
        'o' => 'x',
        other => other,
    }
}

fn all_area_modes(multi_stone_suicide: bool) -> Vec<AreaMode> {
    (0..8)
        .map(|bits| AreaMode {
            safe_big_territories: bits & 1 != 0,
            unsafe_big_territories: bits & 2 != 0,
            non_pass_alive_stones: bits & 4 != 0,
            multi_stone_suicide,
        })
        .collect()
}

fn all_life_modes(multi_stone_suicide: bool) -> Vec<IndependentLifeMode> {
    (0..4)
        .map(|bits| IndependentLifeMode {
            keep_territories: bits & 1 != 0,
            keep_stones: bits & 2 != 0,
            multi_stone_suicide,
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn undo_restores_the_exact_previous_state(
        width in 1usize..6,
        height in 1usize..6,
        rules_index in 0u8..24,
        multi_stone_suicide in any::<bool>(),
        has_button in any::<bool>(),
        picks in prop::collection::vec(any::<u16>(), 0..80),
    ) {
        let geometry = Geometry::new(width, height).unwrap();
        let rules = rules_from(rules_index, multi_stone_suicide, has_button);
        let mut game = Game::new(Board::new(geometry), rules, Color::Black);
        for pick in picks {
            let mv = move_of(geometry, pick);
            let color = game.to_move();
            let before = game.clone();
            match game.play(color, mv) {
                Ok(()) => {
                    prop_assert!(game.board().verify().is_ok());
                    prop_assert!(game.undo());
                    prop_assert!(game.same_state(&before));
                    prop_assert_eq!(game.board().hash(), before.board().hash());
                    game.play(color, mv).unwrap();
                }
                Err(_) => prop_assert!(game.same_state(&before)),
            }
        }
    }

    #[test]
    fn positional_superko_agrees_with_a_list_of_earlier_boards(
        width in 1usize..5,
        height in 1usize..5,
        picks in prop::collection::vec(any::<u16>(), 0..120),
    ) {
        let geometry = Geometry::new(width, height).unwrap();
        let rules = rules_from(1, true, false);
        let mut game = Game::new(Board::new(geometry), rules, Color::Black);
        let mut earlier: Vec<Vec<String>> = vec![game.board().rows_text()];
        for pick in picks {
            let mv = move_of(geometry, pick);
            let color = game.to_move();
            if let Move::Play(v) = mv
                && game.board().cell(v) == goban::Cell::Empty
                && game.board().suicide_size(color, v) != 1
            {
                let mut after = game.board().clone();
                after.play(color, v);
                let repeats = earlier.contains(&after.rows_text());
                match game.check(color, mv) {
                    Ok(()) => prop_assert!(!repeats),
                    Err(IllegalMove::Superko { .. } | IllegalMove::Ko) => prop_assert!(repeats),
                    Err(other) => prop_assert!(false, "unexpected {other:?}"),
                }
            }
            if game.play(color, mv).is_ok() {
                earlier.push(game.board().rows_text());
            }
        }
    }

    #[test]
    fn area_maps_are_invariant_under_symmetries_and_mirror_a_colour_swap(
        size in 2usize..8,
        picks in prop::collection::vec((any::<bool>(), any::<u16>()), 0..80),
        multi_stone_suicide in any::<bool>(),
    ) {
        let board = random_board(size, size, &picks);
        let g = board.geometry();
        let n = size as u8;
        let swapped = transformed_board(&board, 0, true);
        for mode in all_area_modes(multi_stone_suicide) {
            let rows = area_map(&board, mode).rows();
            for s in 1..8 {
                let image = area_map(&transformed_board(&board, s, false), mode).rows();
                for p in g.points() {
                    prop_assert_eq!(rows_char(&rows, p), rows_char(&image, transform(p, s, n)));
                }
            }
            let mirror = area_map(&swapped, mode).rows();
            for p in g.points() {
                prop_assert_eq!(swap_char(rows_char(&rows, p)), rows_char(&mirror, p));
            }
        }
        for mode in all_life_modes(multi_stone_suicide) {
            let life = independent_life(&board, mode);
            let rows = life.map.rows();
            for s in 1..8 {
                let image = independent_life(&transformed_board(&board, s, false), mode);
                prop_assert_eq!(image.region_count_white_minus_black, life.region_count_white_minus_black);
                for p in g.points() {
                    prop_assert_eq!(rows_char(&rows, p), rows_char(&image.map.rows(), transform(p, s, n)));
                }
            }
            let mirror = independent_life(&swapped, mode);
            prop_assert_eq!(mirror.region_count_white_minus_black, -life.region_count_white_minus_black);
            for p in g.points() {
                prop_assert_eq!(swap_char(rows_char(&rows, p)), rows_char(&mirror.map.rows(), p));
            }
        }
    }
}

/// The answers a caller can read from a game, for comparing two games.
fn observed(game: &Game) -> String {
    format!(
        "{:?} {:?} {} {:?} {:?} {} {} {:?} {} {:?} {:?}",
        game.board().rows_text(),
        game.to_move(),
        game.phase(),
        game.result(),
        game.ko_point(),
        game.pass_would_end_phase(),
        game.pass_would_end_game(),
        game.score_now(),
        game.num_legal_moves(),
        game.nonsuicide_illegal_points(),
        game.ko_recapture_blocked(),
    )
}

/// The probes' answers as playing passes on a copy gives them.
fn probes_by_copy(game: &Game) -> (bool, bool, Option<f64>) {
    let mut copy = game.clone();
    let phase = copy.phase();
    copy.play(copy.to_move(), Move::Pass).unwrap();
    let ends_phase = copy.phase() != phase || copy.result().is_some_and(|r| !r.no_result);
    let ends_game = copy.is_over();
    let score = match game.result() {
        Some(result) => result.white_minus_black,
        None => {
            let mut copy = game.clone();
            let mut score = None;
            for _ in 0..16 {
                copy.play(copy.to_move(), Move::Pass).unwrap();
                if let Some(result) = copy.result() {
                    score = result.white_minus_black;
                    break;
                }
            }
            score
        }
    };
    (ends_phase, ends_game, score)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Any sequence of moves (forced ones too, so ko fights and repeated
    /// positions come up) and undos leaves the game in exactly the state a
    /// fresh replay of the moves still standing gives, and the pass probes
    /// agree with passes played on a copy.
    #[test]
    fn play_undo_sequences_restore_the_state_of_a_fresh_replay(
        width in 1usize..5,
        height in 1usize..5,
        rules_index in 0u8..24,
        multi_stone_suicide in any::<bool>(),
        has_button in any::<bool>(),
        operations in prop::collection::vec((any::<u16>(), 0u8..10), 0..60),
    ) {
        let geometry = Geometry::new(width, height).unwrap();
        let rules = rules_from(rules_index, multi_stone_suicide, has_button);
        let start = Game::new(Board::new(geometry), rules, Color::Black);
        let mut game = start.clone();
        let mut played: Vec<(Color, Move, bool)> = Vec::new();
        for (pick, kind) in operations {
            if kind < 3 {
                prop_assert_eq!(game.undo(), !played.is_empty());
                played.pop();
            } else {
                let mv = move_of(geometry, pick);
                let color = game.to_move();
                let forced = kind == 9;
                let outcome = if forced {
                    game.play_forced(color, mv)
                } else {
                    game.play(color, mv)
                };
                if outcome.is_ok() {
                    played.push((color, mv, forced));
                }
            }
            let mut fresh = start.clone();
            for &(color, mv, forced) in &played {
                if forced {
                    fresh.play_forced(color, mv).unwrap();
                } else {
                    fresh.play(color, mv).unwrap();
                }
            }
            prop_assert!(game.same_state(&fresh));
            prop_assert_eq!(game.undo_depth(), played.len());
            prop_assert_eq!(game.board().hash(), fresh.board().hash());
            prop_assert!(game.board().verify().is_ok());
            prop_assert_eq!(observed(&game), observed(&fresh));
            let (ends_phase, ends_game, score) = probes_by_copy(&game);
            prop_assert_eq!(game.pass_would_end_phase(), ends_phase);
            prop_assert_eq!(game.pass_would_end_game(), ends_game);
            prop_assert_eq!(game.score_now(), score);
        }
    }
}
