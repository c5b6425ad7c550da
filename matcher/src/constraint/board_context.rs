//! A [`Context`] that answers exactly what the board alone decides —
//! liberties, legality, suicide, captures, stone presence, string identity
//! — and nothing that needs the engine's analysis (reading, dragons,
//! influence, eyes, owl). Every other question answers 0 and is recorded in
//! its `unsupported` field, so a caller can tell when a constraint
//! needed more than the board.
//!
//! For three-valued evaluation ([`Tri`](super::Tri)) it answers
//! ([`Context::answers`]) only the board and strings functions it computes;
//! everything else (including its two-valued approximation of `safe_*move`,
//! a tactics function, and `doing_scoring`, game state) is unknown, with
//! the layer it needs.
//!
//! Simplifications (documented, deliberate): there is no ko state, so a
//! move is legal when the point is empty and the stone would have a liberty
//! or capture; `safe_*move` answers `WIN` when the move is legal and leaves
//! the new string at least two liberties, else 0 (no reading).

use super::context_methods::{context_layers, impl_context_layers};
use crate::autohelper::Autohelper;
use crate::autohelper::result_code::WIN;
use crate::board::{Board, Cell, Color};
use crate::context::{Context, Point};
use crate::layer::{Callee, Layer, LayerSet};
use goban::Vertex;
use std::borrow::Cow;

/// The board-only context for the player `o` (pattern `O`), over a board
/// it owns or borrows.
#[derive(Debug, Clone)]
pub struct BoardContext<'a> {
    board: Cow<'a, goban::Board>,
    o: Color,
    x: Color,
    /// Names of the questions asked that the board alone cannot answer, in
    /// call order.
    pub unsupported: Vec<&'static str>,
}

impl BoardContext<'static> {
    /// A context over the packed `board` for patterns matched for `o`.
    pub fn new(board: Board, o: Color) -> BoardContext<'static> {
        BoardContext::from_goban(Cow::Owned(board.to_goban()), o)
    }
}

impl<'a> BoardContext<'a> {
    /// A context over the board core's `board` (owned, or borrowed so that
    /// many contexts share one board) for patterns matched for `o`.
    pub fn from_goban(board: Cow<'a, goban::Board>, o: Color) -> BoardContext<'a> {
        BoardContext {
            board,
            o,
            x: o.other(),
            unsupported: Vec::new(),
        }
    }

    /// The board.
    pub fn board(&self) -> &goban::Board {
        &self.board
    }

    /// Records a question the board alone cannot answer; answers 0.
    fn unsupported<T: Default>(&mut self, name: &'static str) -> T {
        self.unsupported.push(name);
        T::default()
    }

    /// The vertex of `p` when it holds a stone.
    fn stone(&self, p: Point) -> Option<Vertex> {
        let v = self.board.geometry().vertex(p)?;
        self.board.cell(v).is_stone().then_some(v)
    }

    /// The vertex of `p` when it is an empty point of the board.
    fn empty(&self, p: Point) -> Option<Vertex> {
        let v = self.board.geometry().vertex(p)?;
        (self.board.cell(v) == Cell::Empty).then_some(v)
    }

    /// Liberties of the string `color` would have after playing at `p` and
    /// removing its captures (0 for a suicide, an occupied point or a point
    /// off the board).
    fn liberties_after(&self, p: Point, color: Color) -> i32 {
        self.empty(p).map_or(0, |v| {
            i32::try_from(self.board.liberties_after(color, v)).unwrap_or(i32::MAX)
        })
    }

    fn is_suicide(&self, p: Point, color: Color) -> bool {
        self.empty(p)
            .is_some_and(|v| self.board.is_suicide(color, v))
    }

    fn is_legal(&self, p: Point, color: Color) -> bool {
        self.empty(p)
            .is_some_and(|v| !self.board.is_suicide(color, v))
    }

    fn captures(&self, p: Point, color: Color) -> bool {
        self.empty(p)
            .is_some_and(|v| self.board.would_capture(color, v))
    }

    fn safe_move(&self, p: Point, color: Color) -> i32 {
        if self.liberties_after(p, color) >= 2 {
            WIN
        } else {
            0
        }
    }
}

/// One method of the context: the questions the board answers are written
/// out in the inherent `impl` below and delegated to; every other one is
/// recorded in [`BoardContext::unsupported`] and answers 0.
macro_rules! board_method {
    (fn lib $($signature:tt)*) => { delegate_method! { fn lib $($signature)* } };
    (fn safe_xmove $($signature:tt)*) => { delegate_method! { fn safe_xmove $($signature)* } };
    (fn safe_omove $($signature:tt)*) => { delegate_method! { fn safe_omove $($signature)* } };
    (fn legal_xmove $($signature:tt)*) => { delegate_method! { fn legal_xmove $($signature)* } };
    (fn legal_omove $($signature:tt)*) => { delegate_method! { fn legal_omove $($signature)* } };
    (fn x_suicide $($signature:tt)*) => { delegate_method! { fn x_suicide $($signature)* } };
    (fn o_suicide $($signature:tt)*) => { delegate_method! { fn o_suicide $($signature)* } };
    (fn x_somewhere $($signature:tt)*) => { delegate_method! { fn x_somewhere $($signature)* } };
    (fn o_somewhere $($signature:tt)*) => { delegate_method! { fn o_somewhere $($signature)* } };
    (fn approx_xlib $($signature:tt)*) => { delegate_method! { fn approx_xlib $($signature)* } };
    (fn approx_olib $($signature:tt)*) => { delegate_method! { fn approx_olib $($signature)* } };
    (fn xlib $($signature:tt)*) => { delegate_method! { fn xlib $($signature)* } };
    (fn olib $($signature:tt)*) => { delegate_method! { fn olib $($signature)* } };
    (fn same_string $($signature:tt)*) => { delegate_method! { fn same_string $($signature)* } };
    (fn wormsize $($signature:tt)*) => { delegate_method! { fn wormsize $($signature)* } };
    (fn o_captures_something $($signature:tt)*) => { delegate_method! { fn o_captures_something $($signature)* } };
    (fn x_captures_something $($signature:tt)*) => { delegate_method! { fn x_captures_something $($signature)* } };
    (fn doing_scoring $($signature:tt)*) => { delegate_method! { fn doing_scoring $($signature)* } };
    (fn $name:ident($($argument:ident: $type:ty),*) $(-> $result:ty)?) => {
        fn $name(&mut self, $(_: $type),*) $(-> $result)? {
            self.unsupported(stringify!($name))
        }
    };
}

/// A layer-trait method that calls the inherent method of the same name.
macro_rules! delegate_method {
    (fn $name:ident($($argument:ident: $type:ty),*) $(-> $result:ty)?) => {
        fn $name(&mut self, $($argument: $type),*) $(-> $result)? {
            BoardContext::$name(self, $($argument),*)
        }
    };
}

/// Whether the board-only context answers `callee`: the board and strings
/// functions it computes. Every other call is unknown to three-valued
/// evaluation, needing that function's layer.
fn board_answers(callee: Callee) -> bool {
    use Autohelper::*;
    matches!(
        callee,
        Callee::Autohelper(
            Lib | LegalXmove
                | LegalOmove
                | XSuicide
                | OSuicide
                | XSomewhere
                | OSomewhere
                | ApproxXlib
                | ApproxOlib
                | Xlib
                | Olib
                | SameString
                | Wormsize
                | OCapturesSomething
                | XCapturesSomething
        )
    ) && matches!(callee.layer(), Layer::Board | Layer::Strings)
}

context_layers!(impl_context_layers, BoardContext<'_>, board_method);

impl Context for BoardContext<'_> {
    fn layers(&self) -> LayerSet {
        LayerSet::of(Layer::Board).with(Layer::Strings)
    }

    fn answers(&self, callee: Callee) -> bool {
        board_answers(callee)
    }
}

/// The questions the board answers; the layer traits' methods of the same
/// names delegate here.
impl BoardContext<'_> {
    fn lib(&mut self, x: Point) -> i32 {
        self.stone(x).map_or(0, |v| {
            i32::try_from(self.board.liberties(v)).unwrap_or(i32::MAX)
        })
    }

    fn safe_xmove(&mut self, x: Point) -> i32 {
        self.safe_move(x, self.x)
    }

    fn safe_omove(&mut self, x: Point) -> i32 {
        self.safe_move(x, self.o)
    }

    fn legal_xmove(&mut self, x: Point) -> i32 {
        i32::from(self.is_legal(x, self.x))
    }

    fn legal_omove(&mut self, x: Point) -> i32 {
        i32::from(self.is_legal(x, self.o))
    }

    fn x_suicide(&mut self, x: Point) -> i32 {
        i32::from(self.is_suicide(x, self.x))
    }

    fn o_suicide(&mut self, x: Point) -> i32 {
        i32::from(self.is_suicide(x, self.o))
    }

    fn x_somewhere(&mut self, points: &[Point]) -> i32 {
        i32::from(points.iter().any(|&p| self.board.at(p) == self.x.stone()))
    }

    fn o_somewhere(&mut self, points: &[Point]) -> i32 {
        i32::from(points.iter().any(|&p| self.board.at(p) == self.o.stone()))
    }

    fn approx_xlib(&mut self, x: Point) -> i32 {
        self.liberties_after(x, self.x)
    }

    fn approx_olib(&mut self, x: Point) -> i32 {
        self.liberties_after(x, self.o)
    }

    fn xlib(&mut self, x: Point) -> i32 {
        self.liberties_after(x, self.x)
    }

    fn olib(&mut self, x: Point) -> i32 {
        self.liberties_after(x, self.o)
    }

    fn same_string(&mut self, a: Point, b: Point) -> i32 {
        let same = match (self.stone(a), self.stone(b)) {
            (Some(a), Some(b)) => self.board.head(a) == self.board.head(b),
            _ => false,
        };
        i32::from(same)
    }

    fn wormsize(&mut self, x: Point) -> i32 {
        self.stone(x).map_or(0, |v| {
            i32::try_from(self.board.string_size(v)).unwrap_or(i32::MAX)
        })
    }

    fn o_captures_something(&mut self, x: Point) -> i32 {
        i32::from(self.captures(x, self.o))
    }

    fn x_captures_something(&mut self, x: Point) -> i32 {
        i32::from(self.captures(x, self.x))
    }

    fn doing_scoring(&mut self) -> i32 {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::layers::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    #[test]
    fn liberties_captures_and_suicide() {
        // O = White, X = Black.
        let b = Board::from_rows(&["OX...", "X....", ".....", ".....", "....."]).unwrap();
        let mut ctx = BoardContext::new(b, Color::White);
        let p = |i, j| Point::new(i, j);
        assert_eq!(ctx.lib(p(0, 0)), 0);
        assert_eq!(ctx.lib(p(0, 1)), 2);
        assert_eq!(ctx.wormsize(p(1, 0)), 1);
        assert_eq!(ctx.same_string(p(0, 1), p(1, 0)), 0);
        // X at (1,1) joins both X stones: liberties (0,2), (1,2), (2,1), (2,0).
        assert_eq!(ctx.xlib(p(1, 1)), 4);
        assert_eq!(ctx.olib(p(0, 0)), 0);
        assert_eq!(ctx.x_somewhere(&[p(2, 2), p(0, 1)]), 1);
        assert_eq!(ctx.o_somewhere(&[p(2, 2)]), 0);
        assert!(ctx.unsupported.is_empty());
        assert_eq!(ctx.attack(p(0, 1)), 0);
        assert_eq!(ctx.unsupported, ["attack"]);

        let b = Board::from_rows(&[".X...", "XO...", ".X...", ".....", "....."]).unwrap();
        let mut ctx = BoardContext::new(b, Color::Black);
        // Black (O here) captures the white stone by playing (1,2).
        assert_eq!(ctx.o_captures_something(p(1, 2)), 1);
        assert_eq!(ctx.olib(p(1, 2)), 4);
        // White (X here) at (0,0) is suicide.
        assert_eq!(ctx.x_suicide(p(0, 0)), 1);
        assert_eq!(ctx.legal_xmove(p(0, 0)), 0);
        assert_eq!(ctx.legal_omove(p(0, 0)), 1);
        assert_eq!(ctx.safe_omove(p(0, 0)), WIN);
    }

    #[test]
    fn every_function_answers_or_is_recorded_unsupported() {
        use crate::autohelper::{CATALOGUE, EngineBuiltin};
        use crate::constraint::Value;
        use crate::constraint::context_methods::call_every_method;

        let b = Board::from_rows(&[".XO..", "XO.O.", ".XO..", "..X..", "....."]).unwrap();
        let mut ctx = BoardContext::new(b, Color::White);
        let p = |i, j| Point::new(i, j);
        let moves = [Some(p(4, 4)), None];
        let mut answered = Vec::new();
        for targets in [
            [p(1, 2), p(1, 1), p(0, 0), p(3, 2)],
            [p(0, 1), p(0, 1), p(3, 2), p(1, 1)],
        ] {
            answered.extend(call_every_method(&mut ctx, &moves, &targets));
        }
        answered.retain(|(_, value)| value.is_true());
        let int = |name, value| (name, Value::Int(value));
        assert_eq!(
            answered,
            [
                int("safe_omove", WIN),
                int("legal_xmove", 1),
                int("legal_omove", 1),
                int("x_somewhere", 1),
                int("o_somewhere", 1),
                int("approx_xlib", 1),
                int("approx_olib", 3),
                int("xlib", 1),
                int("olib", 3),
                int("x_captures_something", 1),
                int("lib", 1),
                int("x_somewhere", 1),
                int("o_somewhere", 1),
                int("same_string", 1),
                int("wormsize", 1),
            ]
        );
        let board_answered = [
            "lib",
            "safe_xmove",
            "safe_omove",
            "legal_xmove",
            "legal_omove",
            "x_suicide",
            "o_suicide",
            "x_somewhere",
            "o_somewhere",
            "approx_xlib",
            "approx_olib",
            "xlib",
            "olib",
            "same_string",
            "wormsize",
            "o_captures_something",
            "x_captures_something",
        ];
        let one_pass: Vec<&str> = CATALOGUE
            .iter()
            .map(|spec| spec.name)
            .chain(EngineBuiltin::ALL.iter().map(|builtin| builtin.name()))
            .filter(|name| !board_answered.contains(name))
            .collect();
        assert_eq!(ctx.unsupported, [one_pass.clone(), one_pass].concat());
    }

    /// The string at `p` and its liberties the slow way: grow the set until
    /// no stone of the same colour touches it from outside.
    fn plain_chain(board: &Board, p: Point) -> (BTreeSet<Point>, BTreeSet<Point>) {
        let colour = board.at(p);
        let mut stones = BTreeSet::new();
        if colour.color().is_none() {
            return (stones, BTreeSet::new());
        }
        stones.insert(p);
        let touches = |a: Point, b: Point| a.i.abs_diff(b.i) + a.j.abs_diff(b.j) == 1;
        loop {
            let grown: BTreeSet<Point> = board
                .points()
                .filter(|&q| board.at(q) == colour && stones.iter().any(|&s| touches(s, q)))
                .chain(stones.iter().copied())
                .collect();
            if grown == stones {
                break;
            }
            stones = grown;
        }
        let liberties = board
            .points()
            .filter(|&q| board.at(q) == Cell::Empty && stones.iter().any(|&s| touches(s, q)))
            .collect();
        (stones, liberties)
    }

    /// The board after `color` plays at the empty `p` the slow way: the
    /// stone placed, then every opponent string next to it without
    /// liberties removed (an own string without liberties stays).
    fn plain_after(board: &Board, p: Point, color: Color) -> (Board, usize) {
        let mut after = board.clone();
        after.set(p, color.stone());
        let mut captured = 0;
        for q in board.points() {
            let touches = q.i.abs_diff(p.i) + q.j.abs_diff(p.j) == 1;
            if !touches || after.at(q) != color.other().stone() {
                continue;
            }
            let (stones, liberties) = plain_chain(&after, q);
            if liberties.is_empty() {
                captured += stones.len();
                for s in stones {
                    after.set(s, Cell::Empty);
                }
            }
        }
        (after, captured)
    }

    fn random_board() -> impl Strategy<Value = Board> {
        (1usize..=7).prop_flat_map(|size| {
            proptest::collection::vec(0u8..3, size * size).prop_map(move |cells| {
                let mut board = Board::new(size).unwrap();
                for (index, code) in cells.into_iter().enumerate() {
                    let point = Point::new((index / size) as u8, (index % size) as u8);
                    board.set(point, Cell::from_code(u64::from(code)));
                }
                board
            })
        })
    }

    proptest! {
        /// Every board question agrees with a plain flood fill, on random
        /// boards (strings without liberties included) and at points on,
        /// next to and off the board.
        #[test]
        fn answers_match_a_plain_flood_fill(
            board in random_board(),
            a in (0u8..8, 0u8..8),
            b in (0u8..8, 0u8..8),
            black in any::<bool>(),
        ) {
            let (pa, pb) = (Point::new(a.0, a.1), Point::new(b.0, b.1));
            let o = if black { Color::Black } else { Color::White };
            let mut ctx = BoardContext::new(board.clone(), o);
            let (stones, liberties) = plain_chain(&board, pa);
            prop_assert_eq!(ctx.lib(pa), liberties.len() as i32);
            prop_assert_eq!(ctx.wormsize(pa), stones.len() as i32);
            prop_assert_eq!(ctx.same_string(pa, pb), i32::from(stones.contains(&pb)));
            for (color, after_lib, suicide, legal, captures) in [
                (o, ctx.olib(pa), ctx.o_suicide(pa), ctx.legal_omove(pa), ctx.o_captures_something(pa)),
                (o.other(), ctx.xlib(pa), ctx.x_suicide(pa), ctx.legal_xmove(pa), ctx.x_captures_something(pa)),
            ] {
                if board.at(pa) != Cell::Empty {
                    prop_assert_eq!((after_lib, suicide, legal, captures), (0, 0, 0, 0));
                    continue;
                }
                let (after, captured) = plain_after(&board, pa, color);
                let (_, new_liberties) = plain_chain(&after, pa);
                prop_assert_eq!(after_lib, new_liberties.len() as i32);
                prop_assert_eq!(suicide, i32::from(new_liberties.is_empty()));
                prop_assert_eq!(legal, i32::from(!new_liberties.is_empty()));
                prop_assert_eq!(captures, i32::from(captured > 0));
            }
            prop_assert_eq!(ctx.approx_olib(pa), ctx.olib(pa));
            prop_assert!(ctx.unsupported.is_empty());
        }
    }
}
