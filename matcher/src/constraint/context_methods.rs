//! Every [`Context`](crate::context::Context) method's signature, listed
//! once, for the contexts in this crate whose methods follow one pattern
//! (the test double, the board-only context): they write one macro rule per
//! shape of method instead of one method per catalogue function.
//!
//! The trait itself stays written out in `context.rs`, one documented method
//! per catalogue function; an implementation generated from this list fails
//! to compile if the list and the trait ever disagree.

/// Invokes `$method!` once per [`Context`](crate::context::Context) method,
/// in trait order, as `$method! { fn name(arg: Type, ..) -> Result }`, in
/// item position (inside an `impl Context for ..` block).
///
/// Arguments come in three shapes: points only (`x: Point`), one point list
/// (`points: &[Point]`, the `*_somewhere` family), or a move list followed by
/// target points (`moves: &[Option<Point>], a: Point, ..`, the play-sequence
/// family). The result is `i32`, `f32` or absent (actions). `Point` must be in
/// scope where the list is expanded.
macro_rules! for_each_context_method {
    ($method:ident) => {
        $crate::constraint::context_methods::for_each_context_method! {
            @each $method
            fn lib2(x: Point) -> i32;
            fn lib3(x: Point) -> i32;
            fn lib4(x: Point) -> i32;
            fn lib(x: Point) -> i32;
            fn alive(x: Point) -> i32;
            fn unknown(x: Point) -> i32;
            fn critical(x: Point) -> i32;
            fn dead(x: Point) -> i32;
            fn status(x: Point) -> i32;
            fn ko(x: Point) -> i32;
            fn xdefend_against(a: Point, b: Point) -> i32;
            fn odefend_against(a: Point, b: Point) -> i32;
            fn defend_against_atari(x: Point);
            fn does_defend(m: Point, s: Point) -> i32;
            fn does_attack(m: Point, s: Point) -> i32;
            fn attack(x: Point) -> i32;
            fn defend(x: Point) -> i32;
            fn weakness(x: Point) -> f32;
            fn weak(x: Point) -> i32;
            fn safe_xmove(x: Point) -> i32;
            fn safe_omove(x: Point) -> i32;
            fn legal_xmove(x: Point) -> i32;
            fn legal_omove(x: Point) -> i32;
            fn x_suicide(x: Point) -> i32;
            fn o_suicide(x: Point) -> i32;
            fn x_alive_somewhere(points: &[Point]) -> i32;
            fn o_alive_somewhere(points: &[Point]) -> i32;
            fn x_somewhere(points: &[Point]) -> i32;
            fn o_somewhere(points: &[Point]) -> i32;
            fn xmoyo_opposite(x: Point) -> i32;
            fn omoyo_opposite(x: Point) -> i32;
            fn xmoyo(x: Point) -> i32;
            fn omoyo(x: Point) -> i32;
            fn xarea(x: Point) -> i32;
            fn oarea(x: Point) -> i32;
            fn xterri(x: Point) -> i32;
            fn oterri(x: Point) -> i32;
            fn genus(x: Point) -> i32;
            fn approx_xlib(x: Point) -> i32;
            fn approx_olib(x: Point) -> i32;
            fn xlib(x: Point) -> i32;
            fn olib(x: Point) -> i32;
            fn xcut(x: Point) -> i32;
            fn ocut(x: Point) -> i32;
            fn edge_double_sente(
                moves: &[Option<Point>], a: Point, b: Point, c: Point, d: Point
            ) -> i32;
            fn xplay_defend_both(moves: &[Option<Point>], a: Point, b: Point) -> i32;
            fn oplay_defend_both(moves: &[Option<Point>], a: Point, b: Point) -> i32;
            fn xplay_attack_either(moves: &[Option<Point>], a: Point, b: Point) -> i32;
            fn oplay_attack_either(moves: &[Option<Point>], a: Point, b: Point) -> i32;
            fn xplay_defend(moves: &[Option<Point>], target: Point) -> i32;
            fn oplay_defend(moves: &[Option<Point>], target: Point) -> i32;
            fn xplay_attack(moves: &[Option<Point>], target: Point) -> i32;
            fn oplay_attack(moves: &[Option<Point>], target: Point) -> i32;
            fn xplay_break_through(moves: &[Option<Point>], x: Point, y: Point, z: Point) -> i32;
            fn oplay_break_through(moves: &[Option<Point>], x: Point, y: Point, z: Point) -> i32;
            fn oplay_connect(moves: &[Option<Point>], a: Point, b: Point) -> i32;
            fn xplay_connect(moves: &[Option<Point>], a: Point, b: Point) -> i32;
            fn oplay_disconnect(moves: &[Option<Point>], a: Point, b: Point) -> i32;
            fn xplay_disconnect(moves: &[Option<Point>], a: Point, b: Point) -> i32;
            fn oplay_lib(moves: &[Option<Point>], target: Point) -> i32;
            fn xplay_lib(moves: &[Option<Point>], target: Point) -> i32;
            fn seki_helper(x: Point) -> i32;
            fn threaten_to_save(x: Point);
            fn threaten_to_capture(x: Point);
            fn prevent_attack_threat(x: Point);
            fn eye(x: Point) -> i32;
            fn proper_eye(x: Point) -> i32;
            fn marginal_eye(x: Point) -> i32;
            fn halfeye(x: Point) -> i32;
            fn max_eye_value(x: Point) -> i32;
            fn owl_topological_eye(x: Point, s: Point) -> i32;
            fn obvious_false_oeye(x: Point) -> i32;
            fn obvious_false_xeye(x: Point) -> i32;
            fn antisuji(x: Point);
            fn add_connect_move(a: Point, b: Point);
            fn add_cut_move(a: Point, b: Point);
            fn test_attack_either_move(a: Point, b: Point);
            fn add_defend_both_move(a: Point, b: Point);
            fn same_dragon(a: Point, b: Point) -> i32;
            fn same_string(a: Point, b: Point) -> i32;
            fn dragonsize(x: Point) -> i32;
            fn wormsize(x: Point) -> i32;
            fn effective_size(x: Point) -> f32;
            fn vital_chain(x: Point) -> i32;
            fn potential_cutstone(x: Point) -> i32;
            fn amalgamate_most_valuable_helper(a: Point, b: Point, c: Point);
            fn amalgamate(a: Point, b: Point);
            fn owl_escape_value(x: Point) -> i32;
            fn owl_goal_dragon(x: Point) -> i32;
            fn owl_eyespace(x: Point) -> i32;
            fn owl_big_eyespace(x: Point) -> i32;
            fn owl_mineye(x: Point) -> i32;
            fn owl_maxeye(x: Point) -> i32;
            fn owl_proper_eye(x: Point) -> i32;
            fn owl_eye_size(x: Point) -> i32;
            fn owl_lunch(x: Point) -> i32;
            fn owl_strong_dragon(x: Point) -> i32;
            fn has_aji(x: Point) -> i32;
            fn finish_ko_helper(x: Point) -> i32;
            fn squeeze_ko_helper(x: Point) -> i32;
            fn backfill_helper(a: Point, b: Point, c: Point) -> i32;
            fn connect_and_cut_helper2(a: Point, b: Point, c: Point) -> i32;
            fn connect_and_cut_helper(a: Point, b: Point, c: Point) -> i32;
            fn owl_threatens(a: Point, b: Point) -> i32;
            fn replace(a: Point, b: Point);
            fn backfill_replace(m: Point, s: Point);
            fn non_oterritory(x: Point);
            fn non_xterritory(x: Point);
            fn remaining_handicap_stones() -> i32;
            fn total_handicap_stones() -> i32;
            fn o_captures_something(x: Point) -> i32;
            fn x_captures_something(x: Point) -> i32;
            fn false_eye_territory(x: Point) -> i32;
            fn false_eye(x: Point) -> i32;
            fn o_visible_along_edge(a: Point, b: Point) -> i32;
            fn x_visible_along_edge(a: Point, b: Point) -> i32;
            fn is_surrounded(x: Point) -> i32;
            fn does_surround(m: Point, d: Point) -> i32;
            fn surround_map(d: Point, p: Point) -> i32;
            fn oracle_threatens(a: Point, b: Point) -> i32;
            fn value() -> f32;
            fn adjacent_to_stone_in_atari(x: Point) -> i32;
            fn adjacent_to_defendable_stone_in_atari(x: Point) -> i32;
            fn good_attack_threat(m: Point, t: Point);
            fn known_safe_move(x: Point) -> i32;
            fn break_mirror_helper(x: Point) -> i32;
            fn disconnect_helper(a: Point, b: Point) -> i32;
            fn distrust_tactics_helper(a: Point) -> i32;
            fn bent_four_helper(a: Point) -> i32;
            fn cutstone(x: Point) -> i32;
            fn doing_scoring() -> i32;
        }
    };
    (@each $method:ident $(fn $name:ident $params:tt $(-> $result:ty)?;)*) => {
        $($method! { fn $name $params $(-> $result)? })*
    };
}

pub(crate) use for_each_context_method;

/// Test support: calls every [`Context`](crate::context::Context) method
/// once, in trait order, through the interpreter's dispatch (catalogue
/// functions, then engine builtins, then `doing_scoring`), with `moves` for
/// the play-sequence family and `targets` as the points. Returns each name
/// with its answer (0 for actions).
#[cfg(test)]
pub(super) fn call_every_method(
    ctx: &mut dyn crate::context::Context,
    moves: &[Option<crate::context::Point>],
    targets: &[crate::context::Point],
) -> Vec<(&'static str, super::Value)> {
    use super::dispatch::{call_autohelper, call_builtin};
    use crate::autohelper::{CATALOGUE, EngineBuiltin};
    use crate::context::takes_move_list;

    let mut answers = Vec::new();
    for spec in &CATALOGUE {
        let moves = if takes_move_list(spec.id) { moves } else { &[] };
        answers.push((spec.name, call_autohelper(ctx, spec.id, moves, targets)));
    }
    for builtin in EngineBuiltin::ALL {
        answers.push((builtin.name(), call_builtin(ctx, builtin, targets)));
    }
    answers.push(("doing_scoring", super::Value::Int(ctx.doing_scoring())));
    answers
}
