//! Every [`Context`](crate::context::Context) method, listed once, grouped
//! by engine layer ([`Layer`](crate::layer::Layer)), with its documentation:
//! the one list from which `context.rs` generates the layer traits
//! (`BoardLayer`, `StringsLayer`, …, whose union is `Context`) and from
//! which the contexts in this crate generate their implementations (one
//! macro rule per shape of method instead of one method per catalogue
//! function). A test checks each method's group against the catalogue's
//! layer tagging ([`Callee::layer`](crate::layer::Callee::layer)).

/// Invokes `$callback! { [$($extra)*] Layer Trait { methods } ... }` once
/// with the whole list: for each layer, the [`Layer`](crate::layer::Layer)
/// variant, the trait's name, and its methods as
/// `#[doc = ..] fn name(arg: Type, ..) -> Result;`.
///
/// Arguments come in three shapes: points only (`x: Point`), one point list
/// (`points: &[Point]`, the `*_somewhere` family), or a move list followed by
/// target points (`moves: &[Option<Point>], a: Point, ..`, the play-sequence
/// family). The result is `i32`, `f32` or absent (actions). `Point` must be in
/// scope where the list is expanded.
///
/// Exported (as `matcher::context_layers!`) so that contexts in other crates
/// (the engine's) implement the layer traits from the same list.
#[doc(hidden)]
#[macro_export]
macro_rules! context_layers {
    ($callback:ident $(, $($extra:tt)*)?) => {
        $callback! {
            [$($($extra)*)?]
            Board BoardLayer {
                /// `ko` (catalogue #10, F1, cost 0.01, string/ko). For a stone: it is a lone stone with one
                /// liberty whose capture by the opponent would be a ko capture. For an empty point: taking
                /// the colour of its south neighbour (north neighbour if the south is off-board), the
                /// opposite colour could play there as a ko capture.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn ko(x: Point) -> i32;
                /// `legal_xmove` (catalogue #22, F1, cost 0.05, safety). X may legally play at `x` (ko rule
                /// respected).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn legal_xmove(x: Point) -> i32;
                /// `legal_omove` (catalogue #23, F1, cost 0.05, safety). O may legally play at `x`.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn legal_omove(x: Point) -> i32;
                /// `x_suicide` (catalogue #24, F1, cost 0.05, safety). An X stone at `x` would be suicide.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn x_suicide(x: Point) -> i32;
                /// `o_suicide` (catalogue #25, F1, cost 0.05, safety). An O stone at `x` would be suicide.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn o_suicide(x: Point) -> i32;
                /// `x_somewhere` (catalogue #28, V0, cost 0.01, stones). (*p1*, …, *pn*): at least one
                /// listed point holds an X stone. (Typically the listed points are `?` in the main
                /// diagram.)
                ///
                /// `points`: the listed label points (possibly empty; an empty list means false).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn x_somewhere(points: &[Point]) -> i32;
                /// `o_somewhere` (catalogue #29, V0, cost 0.01, stones). Same for O.
                ///
                /// `points`: the listed label points (possibly empty; an empty list means false).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn o_somewhere(points: &[Point]) -> i32;
                /// `o_visible_along_edge` (catalogue #115, F2, cost 0.05, stones). (`a`, `b`): points at
                /// equal distance from an edge; scanning along the edge from `a` towards `b`, looking up to
                /// 4 lines inward, the first stone met is O.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn o_visible_along_edge(a: Point, b: Point) -> i32;
                /// `x_visible_along_edge` (catalogue #116, F2, cost 0.05, stones). Same for X.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn x_visible_along_edge(a: Point, b: Point) -> i32;
                /// Engine builtin `bent_four_helper(a)` (owl_defendpats.db): the string
                /// at `a` has 4 stones, all on the edge, and contains a corner stone with
                /// exactly two neighbours of its colour (bent four in the corner).
                ///
                /// Result: 1 or 0.
                fn bent_four_helper(a: Point) -> i32;
            }
            Strings StringsLayer {
                /// `lib2` (catalogue #1, F1, cost 0.01, string). Number of 2nd-order liberties of the
                /// string at `x` (empty points one step beyond its liberties), from the static worm
                /// analysis (valid at the root position only).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn lib2(x: Point) -> i32;
                /// `lib3` (catalogue #2, F1, cost 0.01, string). Same, 3rd order.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn lib3(x: Point) -> i32;
                /// `lib4` (catalogue #3, F1, cost 0.01, string). Same, 4th order.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn lib4(x: Point) -> i32;
                /// `lib` (catalogue #4, F1, cost 0.01, string). Current number of liberties of the string
                /// at `x` (live count; valid inside reading sequences).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn lib(x: Point) -> i32;
                /// `approx_xlib` (catalogue #39, F1, cost 0.03, string). Liberties an X stone at `x` would
                /// have (fast approximation).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn approx_xlib(x: Point) -> i32;
                /// `approx_olib` (catalogue #40, F1, cost 0.03, string). Same for O.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn approx_olib(x: Point) -> i32;
                /// `xlib` (catalogue #41, F1, cost 0.05, string). Liberties an X stone at `x` would have,
                /// counted exactly (captures taken into account).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn xlib(x: Point) -> i32;
                /// `olib` (catalogue #42, F1, cost 0.05, string). Same for O.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn olib(x: Point) -> i32;
                /// `oplay_lib` (catalogue #60, V1, cost 0.06, string). Play the sequence (O first), then:
                /// liberties of the last string (0 if gone).
                ///
                /// `moves`: the sequence to play first, alternating colours (`None` = tenuki: nothing is
                /// played but the colour still alternates); then the target point(s).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn oplay_lib(moves: &[Option<Point>], target: Point) -> i32;
                /// `xplay_lib` (catalogue #61, V1, cost 0.06, string). Same, X first.
                ///
                /// `moves`: the sequence to play first, alternating colours (`None` = tenuki: nothing is
                /// played but the colour still alternates); then the target point(s).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn xplay_lib(moves: &[Option<Point>], target: Point) -> i32;
                /// `same_string` (catalogue #80, F2, cost 0.01, string). The points belong to the same
                /// string.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn same_string(a: Point, b: Point) -> i32;
                /// `wormsize` (catalogue #82, F1, cost 0.01, string). Number of stones in the string.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn wormsize(x: Point) -> i32;
                /// `finish_ko_helper` (catalogue #99, F1, cost 0.05, ko). The string at `x` borders a
                /// single-stone opponent string in atari that it could capture by ko.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn finish_ko_helper(x: Point) -> i32;
                /// `squeeze_ko_helper` (catalogue #100, F1, cost 0.03, ko). String `x` (exactly 2
                /// liberties) has a liberty where the opponent could make a ko capture.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn squeeze_ko_helper(x: Point) -> i32;
                /// `o_captures_something` (catalogue #111, F1, cost 0.02, string). An O stone at `x` would
                /// capture at least one string.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn o_captures_something(x: Point) -> i32;
                /// `x_captures_something` (catalogue #112, F1, cost 0.02, string). An X stone at `x` would
                /// capture something.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn x_captures_something(x: Point) -> i32;
                /// Engine builtin `distrust_tactics_helper(a)` (conn.db): whether
                /// tactical reading of the string at `a` should not be trusted: true
                /// with more than 2 liberties, false with 1; with exactly 2, true when a
                /// neighbouring opponent string of at least 3 stones forms a
                /// nakade-like shape (all its liberties shared, no other string
                /// touching them).
                ///
                /// Result: 1 or 0.
                fn distrust_tactics_helper(a: Point) -> i32;
            }
            Tactics TacticsLayer {
                /// `xdefend_against` (catalogue #11, F2, cost 1, reading). (`a`, `b`): after an X stone at
                /// `a`, O can no longer play safely at `b` (move at `a` tried, then safety of `b` tested).
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn xdefend_against(a: Point, b: Point) -> i32;
                /// `odefend_against` (catalogue #12, F2, cost 1, reading). (`a`, `b`): after an O stone at
                /// `a`, X can no longer play safely at `b`.
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn odefend_against(a: Point, b: Point) -> i32;
                /// `does_defend` (catalogue #14, F2, cost 1, reading). (`m`, `s`): a move at `m` by the
                /// colour of string `s` defends it (s is attackable now and is not attackable after `m`,
                /// checked against the original attacking move too). False if `s` cannot be attacked.
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn does_defend(m: Point, s: Point) -> i32;
                /// `does_attack` (catalogue #15, F2, cost 1, reading). (`m`, `s`): a move at `m` by the
                /// opponent of `s` captures it (result code); 0 if `s` is already lost anyway or the move
                /// is no better than tenuki.
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn does_attack(m: Point, s: Point) -> i32;
                /// `attack` (catalogue #16, F1, cost 1, reading). Tactical attack result code for the
                /// string at `x` (0 none, otherwise a success code, WIN = unconditional). At the root
                /// position it reads the cached worm result; inside a reading sequence it reads afresh.
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn attack(x: Point) -> i32;
                /// `defend` (catalogue #17, F1, cost 1, reading). Tactical defence result code for `x`; 0
                /// when there is no attack at all (so `defend(x)` means "attackable but defendable").
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn defend(x: Point) -> i32;
                /// `safe_xmove` (catalogue #20, F1, cost 1, safety). An X stone at `x` is legal and cannot
                /// be captured immediately (ko-only captures count as safe). Returns a result code.
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn safe_xmove(x: Point) -> i32;
                /// `safe_omove` (catalogue #21, F1, cost 1, safety). Same for an O stone.
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn safe_omove(x: Point) -> i32;
                /// `edge_double_sente` (catalogue #45, V4, cost 3, reading). Declared with the variadic
                /// kind by mistake: its expansion is malformed, so it cannot be used (unused in corpus).
                /// Intended: is the push at the move sente (4 labels: move, a, b, c).
                ///
                /// `moves`: the sequence to play first, alternating colours (`None` = tenuki: nothing is
                /// played but the colour still alternates); then the target point(s).
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                ///
                /// Unusable in GNU Go 3.8 (the generated C never compiled). The checker rejects calls
                /// to it, so it is never called; an implementation may answer 0.
                fn edge_double_sente(moves: &[Option<Point>], a: Point, b: Point, c: Point, d: Point) -> i32;
                /// `xplay_defend_both` (catalogue #46, V2, cost 3, reading). Play the sequence (X first),
                /// then: can both of the last two strings be defended? 0 if either is gone.
                ///
                /// `moves`: the sequence to play first, alternating colours (`None` = tenuki: nothing is
                /// played but the colour still alternates); then the target point(s).
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn xplay_defend_both(moves: &[Option<Point>], a: Point, b: Point) -> i32;
                /// `oplay_defend_both` (catalogue #47, V2, cost 3, reading). Same, O moves first.
                ///
                /// `moves`: the sequence to play first, alternating colours (`None` = tenuki: nothing is
                /// played but the colour still alternates); then the target point(s).
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn oplay_defend_both(moves: &[Option<Point>], a: Point, b: Point) -> i32;
                /// `xplay_attack_either` (catalogue #48, V2, cost 3, reading). Play the sequence (X first),
                /// then: can at least one of the last two strings be captured? WIN if either is gone.
                ///
                /// `moves`: the sequence to play first, alternating colours (`None` = tenuki: nothing is
                /// played but the colour still alternates); then the target point(s).
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn xplay_attack_either(moves: &[Option<Point>], a: Point, b: Point) -> i32;
                /// `oplay_attack_either` (catalogue #49, V2, cost 3, reading). Same, O first.
                ///
                /// `moves`: the sequence to play first, alternating colours (`None` = tenuki: nothing is
                /// played but the colour still alternates); then the target point(s).
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn oplay_attack_either(moves: &[Option<Point>], a: Point, b: Point) -> i32;
                /// `xplay_defend` (catalogue #50, V1, cost 1, reading). Play the sequence (X first), then:
                /// defence result for the last string (WIN if it cannot even be attacked; 0 if it is gone).
                ///
                /// `moves`: the sequence to play first, alternating colours (`None` = tenuki: nothing is
                /// played but the colour still alternates); then the target point(s).
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn xplay_defend(moves: &[Option<Point>], target: Point) -> i32;
                /// `oplay_defend` (catalogue #51, V1, cost 1, reading). Same, O first.
                ///
                /// `moves`: the sequence to play first, alternating colours (`None` = tenuki: nothing is
                /// played but the colour still alternates); then the target point(s).
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn oplay_defend(moves: &[Option<Point>], target: Point) -> i32;
                /// `xplay_attack` (catalogue #52, V1, cost 1, reading). Play the sequence (X first), then:
                /// attack result for the last string (WIN if it is already gone).
                ///
                /// `moves`: the sequence to play first, alternating colours (`None` = tenuki: nothing is
                /// played but the colour still alternates); then the target point(s).
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn xplay_attack(moves: &[Option<Point>], target: Point) -> i32;
                /// `oplay_attack` (catalogue #53, V1, cost 1, reading). Same, O first.
                ///
                /// `moves`: the sequence to play first, alternating colours (`None` = tenuki: nothing is
                /// played but the colour still alternates); then the target point(s).
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn oplay_attack(moves: &[Option<Point>], target: Point) -> i32;
                /// `xplay_break_through` (catalogue #54, V3, cost 5, reading). Play the sequence (X first),
                /// then run break-through reading on the last three points x, y, z, which must be three
                /// stones of one colour around a stone of the other in the shape `.y.` over `xFz` (in
                /// exactly that order, up to rotation/reflection). The side of F moves: WIN (5) if it
                /// captures one of x, y, z ("breaks through"), CUT (2) if it only cuts through, 0
                /// otherwise. Quirk: returns 1 (not WIN) if any of x, y, z is empty after the sequence.
                ///
                /// `moves`: the sequence to play first, alternating colours (`None` = tenuki: nothing is
                /// played but the colour still alternates); then the target point(s).
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn xplay_break_through(moves: &[Option<Point>], x: Point, y: Point, z: Point) -> i32;
                /// `oplay_break_through` (catalogue #55, V3, cost 5, reading). Same, O first.
                ///
                /// `moves`: the sequence to play first, alternating colours (`None` = tenuki: nothing is
                /// played but the colour still alternates); then the target point(s).
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn oplay_break_through(moves: &[Option<Point>], x: Point, y: Point, z: Point) -> i32;
                /// `seki_helper` (catalogue #62, F1, cost 0, string). True unless the string at `x` can
                /// capture one of its neighbouring strings (used to test whether a seki-making move works).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn seki_helper(x: Point) -> i32;
                /// `backfill_helper` (catalogue #101, F3, cost 1.5, reading/action). (`a`, `b`, `c`):
                /// colour of `c` plays `a`, opponent plays `b`; if `c` is then attackable and defendable,
                /// the defence point gets a minimum move value of 0.1. Always returns 0.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn backfill_helper(a: Point, b: Point, c: Point) -> i32;
                /// `connect_and_cut_helper2` (catalogue #102, F3, cost 3, reading). (`A`, `b`, `c`): O
                /// plays at the empty point `A`, X answers at `b`; false if O's new string at `A` then has
                /// no defence; otherwise O plays that defence and then `c`; true if X cannot save both its
                /// stone at `b` and its stone next to `c` that touches `A` (or one of them is already
                /// gone).
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn connect_and_cut_helper2(a: Point, b: Point, c: Point) -> i32;
                /// `connect_and_cut_helper` (catalogue #103, F3, cost 3, reading). (`A`, `b`, `c`): `A` is
                /// an X string with 2 liberties, one being `b`. O plays `b`, X plays the other liberty, X
                /// plays `c`; true if O cannot defend both `b` and the neighbour of `c` touching `A`.
                /// Decides whether O must connect at `c`.
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn connect_and_cut_helper(a: Point, b: Point, c: Point) -> i32;
                /// `adjacent_to_stone_in_atari` (catalogue #122, F1, cost 1, string). String `x` touches an
                /// opponent string in atari that can really be captured.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn adjacent_to_stone_in_atari(x: Point) -> i32;
                /// `adjacent_to_defendable_stone_in_atari` (catalogue #123, F1, cost 1, string). String `x`
                /// touches an opponent string in atari that can be attacked *and* defended.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn adjacent_to_defendable_stone_in_atari(x: Point) -> i32;
            }
            Connection ConnectionLayer {
                /// `xcut` (catalogue #43, F1, cost 0.01, connection). `x` was marked by the connection
                /// database as a point where X can cut O (or where O's connection is inhibited). Only
                /// meaningful after the cut-finding pass.
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn xcut(x: Point) -> i32;
                /// `ocut` (catalogue #44, F1, cost 0.05, connection). `x` was marked as a point where O can
                /// cut X.
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn ocut(x: Point) -> i32;
                /// `oplay_connect` (catalogue #56, V2, cost 10, connection). Play the sequence (O first),
                /// then: can the last two strings be connected (connection reading)? 0 if either is gone.
                ///
                /// `moves`: the sequence to play first, alternating colours (`None` = tenuki: nothing is
                /// played but the colour still alternates); then the target point(s).
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn oplay_connect(moves: &[Option<Point>], a: Point, b: Point) -> i32;
                /// `xplay_connect` (catalogue #57, V2, cost 10, connection). Same, X first.
                ///
                /// `moves`: the sequence to play first, alternating colours (`None` = tenuki: nothing is
                /// played but the colour still alternates); then the target point(s).
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn xplay_connect(moves: &[Option<Point>], a: Point, b: Point) -> i32;
                /// `oplay_disconnect` (catalogue #58, V2, cost 10, connection). Play the sequence (O
                /// first), then: can the last two strings be disconnected? WIN if either is gone.
                ///
                /// `moves`: the sequence to play first, alternating colours (`None` = tenuki: nothing is
                /// played but the colour still alternates); then the target point(s).
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn oplay_disconnect(moves: &[Option<Point>], a: Point, b: Point) -> i32;
                /// `xplay_disconnect` (catalogue #59, V2, cost 10, connection). Same, X first.
                ///
                /// `moves`: the sequence to play first, alternating colours (`None` = tenuki: nothing is
                /// played but the colour still alternates); then the target point(s).
                ///
                /// Result: a result code (0, `KO_B`, `LOSS`, `GAIN`, `KO_A`, `WIN`; see
                /// [`result_code`](crate::autohelper::result_code)); non-zero is true.
                fn xplay_disconnect(moves: &[Option<Point>], a: Point, b: Point) -> i32;
                /// `potential_cutstone` (catalogue #85, F1, cost 0.01, string). The string's "cutstone2"
                /// count exceeds 1 (saving it would create at least two new cutting points).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn potential_cutstone(x: Point) -> i32;
                /// Engine builtin `disconnect_helper(a, b)` (conn.db): if the strings at
                /// `a` and `b` can be disconnected, records the cut (with its cutting
                /// move) in the engine's cut list.
                ///
                /// Result: 1 if they can be disconnected, else 0.
                fn disconnect_helper(a: Point, b: Point) -> i32;
                /// Engine builtin `cutstone(x)`, from GNU Go 2.6's pattern language
                /// (patterns with a 2.6 colon line only): the cut-stone value of the
                /// string at `x`, as 2.6 kept it per worm.
                ///
                /// Result: 0, 1 or 2, the value 2.6's worm data kept (0: the string is
                /// no cutting stone).
                fn cutstone(x: Point) -> i32;
            }
            Dragons DragonsLayer {
                /// `alive` (catalogue #5, F1, cost 0.01, dragon). True if the dragon at `x` has status
                /// ALIVE (static dragon analysis).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn alive(x: Point) -> i32;
                /// `unknown` (catalogue #6, F1, cost 0.01, dragon). True if status is UNKNOWN.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn unknown(x: Point) -> i32;
                /// `critical` (catalogue #7, F1, cost 0.01, dragon). True if status is CRITICAL.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn critical(x: Point) -> i32;
                /// `dead` (catalogue #8, F1, cost 0.01, dragon). True if status is DEAD.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn dead(x: Point) -> i32;
                /// `status` (catalogue #9, F1, cost 0.01, dragon). The status value itself (compare with
                /// the constants ALIVE, DEAD, … — not used in the corpus).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn status(x: Point) -> i32;
                /// `weakness` (catalogue #18, F1, cost 0.01, dragon). Weakness of the dragon at `x`, a real
                /// number in 0…1 (dead dragons not ignored).
                ///
                /// Result: a C `float`.
                fn weakness(x: Point) -> f32;
                /// `weak` (catalogue #19, F1, cost 0.01, dragon). True if the dragon's weakness exceeds
                /// 0.40001.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn weak(x: Point) -> i32;
                /// `x_alive_somewhere` (catalogue #26, V0, cost 0.01, stones). (*p1*, …, *pn*): at least
                /// one listed point holds an X stone whose dragon is not DEAD (root position only).
                ///
                /// `points`: the listed label points (possibly empty; an empty list means false).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn x_alive_somewhere(points: &[Point]) -> i32;
                /// `o_alive_somewhere` (catalogue #27, V0, cost 0.01, stones). Same for O.
                ///
                /// `points`: the listed label points (possibly empty; an empty list means false).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn o_alive_somewhere(points: &[Point]) -> i32;
                /// `genus` (catalogue #38, F1, cost 0.01, dragon). Number of eyes (genus) of the dragon at
                /// `x`; only comparisons with 0, 1, 2 are meaningful.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn genus(x: Point) -> i32;
                /// `eye` (catalogue #66, F1, cost 0.01, eye space). `x` belongs to an eye space of either
                /// colour.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn eye(x: Point) -> i32;
                /// `proper_eye` (catalogue #67, F1, cost 0.01, eye space). `x` belongs to an eye space of
                /// either colour and is not a marginal point.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn proper_eye(x: Point) -> i32;
                /// `marginal_eye` (catalogue #68, F1, cost 0.01, eye space). `x` is a marginal eye-space
                /// point (for either colour).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn marginal_eye(x: Point) -> i32;
                /// `halfeye` (catalogue #69, F1, cost 0.01, eye space). `x` is a half eye (topological
                /// analysis).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn halfeye(x: Point) -> i32;
                /// `max_eye_value` (catalogue #70, F1, cost 0.01, eye space). Maximum number of eyes
                /// obtainable from the eye space containing `x` (max over both colours).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn max_eye_value(x: Point) -> i32;
                /// `owl_topological_eye` (catalogue #71, F2, cost 0.01, owl). (`x`, `s`): topological eye
                /// value of empty point `x` for the colour of stone `s` in the current owl analysis: 2 or
                /// less = true eye (rounded up), 3 = half eye (any value strictly between 2 and 4), 4+ =
                /// false eye (rounded down).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn owl_topological_eye(x: Point, s: Point) -> i32;
                /// `obvious_false_oeye` (catalogue #72, F1, cost 0.01, eye space). `x` is obviously a false
                /// eye for O (conservative topological test counting only tactically safe opponent stones
                /// on diagonals).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn obvious_false_oeye(x: Point) -> i32;
                /// `obvious_false_xeye` (catalogue #73, F1, cost 0.01, eye space). Same for X.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn obvious_false_xeye(x: Point) -> i32;
                /// `same_dragon` (catalogue #79, F2, cost 0.01, dragon). The points belong to the same
                /// dragon.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn same_dragon(a: Point, b: Point) -> i32;
                /// `dragonsize` (catalogue #81, F1, cost 0.01, dragon). Number of stones in the dragon.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn dragonsize(x: Point) -> i32;
                /// `effective_size` (catalogue #83, F1, cost 0.01, dragon). Effective size of the dragon
                /// (stones plus a share of nearby empty points).
                ///
                /// Result: a C `float`.
                fn effective_size(x: Point) -> f32;
                /// `vital_chain` (catalogue #84, F1, cost 0.05, owl). Maximum number of eyes that capturing
                /// the string at `x` would give (owl lunch analysis).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn vital_chain(x: Point) -> i32;
                /// `owl_escape_value` (catalogue #88, F1, cost 0.01, owl). Escape value of point `x` for
                /// the goal dragon under owl analysis; −10 if `x` is in the goal or an empty point next
                /// (8-neighbourhood) to it.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn owl_escape_value(x: Point) -> i32;
                /// `owl_goal_dragon` (catalogue #89, F1, cost 0.01, owl). `x` belongs to the owl goal.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn owl_goal_dragon(x: Point) -> i32;
                /// `owl_eyespace` (catalogue #90, F1, cost 0.01, owl). `x` is in an eye space of the owl
                /// colour worth at least one eye (max).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn owl_eyespace(x: Point) -> i32;
                /// `owl_big_eyespace` (catalogue #91, F1, cost 0.01, owl). Same, worth at least two eyes
                /// (max).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn owl_big_eyespace(x: Point) -> i32;
                /// `owl_mineye` (catalogue #92, F1, cost 0.01, owl). Minimum eyes of the owl eye space
                /// containing `x` (0 if not an owl-colour eye space).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn owl_mineye(x: Point) -> i32;
                /// `owl_maxeye` (catalogue #93, F1, cost 0.01, owl). Maximum eyes of that eye space.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn owl_maxeye(x: Point) -> i32;
                /// `owl_proper_eye` (catalogue #94, F1, cost 0.01, owl). `x` is a non-marginal eye point of
                /// the owl colour.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn owl_proper_eye(x: Point) -> i32;
                /// `owl_eye_size` (catalogue #95, F1, cost 0.01, owl). Size of the eye space at `x` minus
                /// its marginal points.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn owl_eye_size(x: Point) -> i32;
                /// `owl_lunch` (catalogue #96, F1, cost 0.01, owl). The string at `x` is one of the owl
                /// "lunches" (capturable stones giving eyes).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn owl_lunch(x: Point) -> i32;
                /// `owl_strong_dragon` (catalogue #97, F1, cost 0.01, owl). The stone at `x` is outside the
                /// owl goal and its dragon is (statically) alive with two eyes.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn owl_strong_dragon(x: Point) -> i32;
                /// `has_aji` (catalogue #98, F1, cost 0.01, dragon). The dragon's owl threat status is "can
                /// threaten defence".
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn has_aji(x: Point) -> i32;
                /// `owl_threatens` (catalogue #104, F2, cost 0.01, owl). (`a`, `b`): a move at `a` kills
                /// (critical dragon, `a` = its owl attack point) or threatens to kill the dragon at `b`.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn owl_threatens(a: Point, b: Point) -> i32;
                /// `false_eye_territory` (catalogue #113, F1, cost 0, eye space). `x` is a topologically
                /// false/half eye point that nevertheless counts as territory (all adjoining strings
                /// connected to a proper eye).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn false_eye_territory(x: Point) -> i32;
                /// `false_eye` (catalogue #114, F1, cost 0.01, eye space). `x` is a false eye (topological
                /// analysis).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn false_eye(x: Point) -> i32;
                /// `is_surrounded` (catalogue #117, F1, cost 0.01, influence). Surround status of the
                /// dragon at `x` (non-zero = surrounded).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn is_surrounded(x: Point) -> i32;
                /// `does_surround` (catalogue #118, F2, cost 1, influence). (`m`, `d`): dragon `d` is not
                /// yet surrounded but the move `m` surrounds it.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn does_surround(m: Point, d: Point) -> i32;
                /// `surround_map` (catalogue #119, F2, cost 0.01, influence). (`d`, `p`): value of point
                /// `p` in the surround map of dragon `d` (−1 if no map).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn surround_map(d: Point, p: Point) -> i32;
                /// `oracle_threatens` (catalogue #120, F2, cost 0.01, —). Unusable: declared but never
                /// defined in the engine. Unused.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                ///
                /// Unusable in GNU Go 3.8 (the generated C never compiled). The checker rejects calls
                /// to it, so it is never called; an implementation may answer 0.
                fn oracle_threatens(a: Point, b: Point) -> i32;
            }
            Influence InfluenceLayer {
                /// `xmoyo_opposite` (catalogue #30, F1, cost 0.01, influence). `x` is X moyo according to
                /// the initial influence map computed with *`O`* to move.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn xmoyo_opposite(x: Point) -> i32;
                /// `omoyo_opposite` (catalogue #31, F1, cost 0.01, influence). `x` is O moyo in the same
                /// map.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn omoyo_opposite(x: Point) -> i32;
                /// `xmoyo` (catalogue #32, F1, cost 0.01, influence). `x` is X moyo according to the
                /// initial influence map computed with *`X`* to move (the default, pessimistic map for O).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn xmoyo(x: Point) -> i32;
                /// `omoyo` (catalogue #33, F1, cost 0.01, influence). `x` is O moyo in that map.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn omoyo(x: Point) -> i32;
                /// `xarea` (catalogue #34, F1, cost 0.01, influence). `x` is X "area" (weakest, farthest-
                /// reaching notion: territory ⊂ moyo ⊂ area) in the X-to-move map.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn xarea(x: Point) -> i32;
                /// `oarea` (catalogue #35, F1, cost 0.01, influence). `x` is O area in that map.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn oarea(x: Point) -> i32;
                /// `xterri` (catalogue #36, F1, cost 0.01, influence). `x` is X territory (strongest
                /// notion) in that map.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn xterri(x: Point) -> i32;
                /// `oterri` (catalogue #37, F1, cost 0.01, influence). `x` is O territory in that map.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn oterri(x: Point) -> i32;
            }
            GameState GameStateLayer {
                /// `remaining_handicap_stones` (catalogue #109, F0, cost 0, handicap). Free-placement
                /// handicap stones still to place (no arguments; parentheses optional).
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn remaining_handicap_stones() -> i32;
                /// `total_handicap_stones` (catalogue #110, F0, cost 0, handicap). Total free handicap
                /// stones requested.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn total_handicap_stones() -> i32;
                /// `value` (catalogue #121, P, cost 0, pattern). The pattern's own value field (`value(x)`
                /// on the colon line under value_only/owl maps). No arguments, parentheses optional.
                /// The engine answers for the pattern whose constraint or action it is
                /// evaluating.
                ///
                /// Result: a C `float`.
                fn value() -> f32;
                /// `break_mirror_helper` (catalogue #126, F1, cost 0.01, misc). True if: odd board size,
                /// generating a White move, komi ≤ 0, `x` is the centre point, more than 10 stones on
                /// board, and the position is exactly mirror-symmetric through the centre (colours
                /// swapped). Anti mirror-go.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn break_mirror_helper(x: Point) -> i32;
                /// The engine global `doing_scoring`: non-zero while the engine scores
                /// the final position.
                fn doing_scoring() -> i32;
            }
            Actions ActionsLayer {
                /// `defend_against_atari` (catalogue #13, F1, cost 1, action). String `x` must have exactly
                /// 2 liberties. Unless it can already capture its way out or the opponent has no safe
                /// atari, adds a *reverse followup* value of 2 × effective size of `x` to the move. Returns
                /// nothing (use in actions).
                ///
                /// An action: it changes engine state and returns nothing (0 if used as a value).
                fn defend_against_atari(x: Point);
                /// `threaten_to_save` (catalogue #63, F1, cost 0, action). Adds a followup value of 2 + 2 ×
                /// effective size of string `x` to the move (the move threatens to rescue `x`).
                ///
                /// An action: it changes engine state and returns nothing (0 if used as a value).
                fn threaten_to_save(x: Point);
                /// `threaten_to_capture` (catalogue #64, F1, cost 0, action). Unusable: the engine function
                /// was removed (link failure in GNU Go). Unused in corpus.
                ///
                /// An action: it changes engine state and returns nothing (0 if used as a value).
                ///
                /// Unusable in GNU Go 3.8 (the generated C never compiled). The checker rejects calls
                /// to it, so it is never called; an implementation may answer 0.
                fn threaten_to_capture(x: Point);
                /// `prevent_attack_threat` (catalogue #65, F1, cost 0, action). Adds a reverse followup
                /// value of 2 × effective size of string `x` (an opponent move here would threaten `x`).
                ///
                /// An action: it changes engine state and returns nothing (0 if used as a value).
                fn prevent_attack_threat(x: Point);
                /// `antisuji` (catalogue #74, F1, cost 0, action). Mark the point `x` as a move that must
                /// never be played.
                ///
                /// An action: it changes engine state and returns nothing (0 if used as a value).
                fn antisuji(x: Point);
                /// `add_connect_move` (catalogue #75, F2, cost 0, action). (`a`, `b`): move reason "the
                /// move connects the strings at `a` and `b`".
                ///
                /// An action: it changes engine state and returns nothing (0 if used as a value).
                fn add_connect_move(a: Point, b: Point);
                /// `add_cut_move` (catalogue #76, F2, cost 0, action). (`a`, `b`): move reason "the move
                /// cuts `a` from `b`".
                ///
                /// An action: it changes engine state and returns nothing (0 if used as a value).
                fn add_cut_move(a: Point, b: Point);
                /// `test_attack_either_move` (catalogue #77, F2, cost 0, action). (`a`, `b`): `a` and `b`
                /// are opponent strings. If they can currently both be defended, both survive the move,
                /// neither is simply capturable afterwards, but they can no longer both be defended: add an
                /// "attack either" move reason.
                ///
                /// An action: it changes engine state and returns nothing (0 if used as a value).
                fn test_attack_either_move(a: Point, b: Point);
                /// `add_defend_both_move` (catalogue #78, F2, cost 0, action). (`a`, `b`): move reason
                /// "defends both strings `a` and `b`".
                ///
                /// An action: it changes engine state and returns nothing (0 if used as a value).
                fn add_defend_both_move(a: Point, b: Point);
                /// `amalgamate_most_valuable_helper` (catalogue #86, F3, cost 0, action). (`a`, `b`, `c`):
                /// unless `b` is already in the same dragon as `a` or `c`, join `b` with the larger
                /// (effective size) of the dragons at `a` and `c` (ties: `a`).
                ///
                /// An action: it changes engine state and returns nothing (0 if used as a value).
                fn amalgamate_most_valuable_helper(a: Point, b: Point, c: Point);
                /// `amalgamate` (catalogue #87, F2, cost 0, action). Join the dragons at `a` and `b` into
                /// one.
                ///
                /// An action: it changes engine state and returns nothing (0 if used as a value).
                fn amalgamate(a: Point, b: Point);
                /// `replace` (catalogue #105, F2, cost 0, action). (`a`, `b`): whatever value is found for
                /// the move `a` is transferred to `b` (replacement rule; `b` usually `*`).
                ///
                /// An action: it changes engine state and returns nothing (0 if used as a value).
                fn replace(a: Point, b: Point);
                /// `backfill_replace` (catalogue #106, F2, cost 0, action). (`m`, `s`): if after the
                /// opponent of `s` plays `m` the string `s` is attackable but defendable, the value of `m`
                /// is transferred to that defence point.
                ///
                /// An action: it changes engine state and returns nothing (0 if used as a value).
                fn backfill_replace(m: Point, s: Point);
                /// `non_oterritory` (catalogue #107, F1, cost 0, action). Influence patterns: mark `x` as
                /// "not territory" for O.
                ///
                /// An action: it changes engine state and returns nothing (0 if used as a value).
                fn non_oterritory(x: Point);
                /// `non_xterritory` (catalogue #108, F1, cost 0, action). Mark `x` as not territory for X.
                ///
                /// An action: it changes engine state and returns nothing (0 if used as a value).
                fn non_xterritory(x: Point);
                /// `good_attack_threat` (catalogue #124, F2, cost 0.01, action). (`m`, `t`): register `m`
                /// as a good threat to attack string `t` (used by territorial valuation).
                ///
                /// An action: it changes engine state and returns nothing (0 if used as a value).
                fn good_attack_threat(m: Point, t: Point);
                /// `known_safe_move` (catalogue #125, F1, cost 0.01, action). Register `x` as a move known
                /// to be safe even though reading says otherwise (e.g. snapback). Returns a value.
                ///
                /// Result: an integer in C style (predicates return 1 for true, 0 for false).
                fn known_safe_move(x: Point) -> i32;
            }
        }
    };
}

pub(crate) use context_layers;

/// Implements every layer trait for a type, each method from one macro:
/// `context_layers!(impl_context_layers, Type, method_macro)` expands
/// `method_macro! { fn name(args) -> Result }` once per method, inside
/// `impl LayerTrait for Type` blocks.
macro_rules! impl_context_layers {
    (
        [$type:ty, $method:ident]
        $(
            $layer:ident $trait_name:ident {
                $( $(#[$meta:meta])* fn $name:ident $params:tt $(-> $result:ty)?; )*
            }
        )*
    ) => {
        $(
            impl $crate::context::$trait_name for $type {
                $( $method! { fn $name $params $(-> $result)? } )*
            }
        )*
    };
}

pub(crate) use impl_context_layers;

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
