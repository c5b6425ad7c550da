//! A [`Context`] that answers exactly what the board alone decides —
//! liberties, legality, suicide, captures, stone presence, string identity
//! — and nothing that needs the engine's analysis (reading, dragons,
//! influence, eyes, owl). Every other question answers 0 and is recorded in
//! [`BoardContext::unsupported`], so a caller can tell when a constraint
//! needed more than the board.
//!
//! Simplifications (documented, deliberate): there is no ko state, so a
//! move is legal when the point is empty and the stone would have a liberty
//! or capture; `safe_*move` answers `WIN` when the move is legal and leaves
//! the new string at least two liberties, else 0 (no reading).

use super::context_methods::for_each_context_method;
use crate::autohelper::result_code::WIN;
use crate::board::{Board, Cell, Color};
use crate::context::{Context, Point};
use crate::strings::{chain_at, is_suicide, neighbours, place_capturing};

/// The board-only context for the player `o` (pattern `O`).
#[derive(Debug, Clone)]
pub struct BoardContext {
    board: Board,
    o: Color,
    x: Color,
    /// Names of the questions asked that the board alone cannot answer, in
    /// call order.
    pub unsupported: Vec<&'static str>,
}

impl BoardContext {
    /// A context over `board` for patterns matched for `o`.
    pub fn new(board: Board, o: Color) -> BoardContext {
        BoardContext {
            board,
            o,
            x: o.other(),
            unsupported: Vec::new(),
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Records a question the board alone cannot answer; answers 0.
    fn unsupported<T: Default>(&mut self, name: &'static str) -> T {
        self.unsupported.push(name);
        T::default()
    }

    /// Whether `p` is an empty point of the board.
    fn is_empty(&self, p: Point) -> bool {
        self.board.at(p) == Cell::Empty
    }

    /// The board after `color` plays at `p` (captures removed), or `None`
    /// when `p` is occupied or off the board.
    fn after_move(&self, p: Point, color: Color) -> Option<Board> {
        self.is_empty(p).then(|| {
            let mut board = self.board.clone();
            place_capturing(&mut board, p, color);
            board
        })
    }

    fn liberties_after(&self, p: Point, color: Color) -> i32 {
        self.after_move(p, color).map_or(0, |board| {
            i32::try_from(chain_at(&board, p).liberties.len()).unwrap_or(i32::MAX)
        })
    }

    fn is_suicide(&self, p: Point, color: Color) -> bool {
        self.is_empty(p) && is_suicide(&self.board, p, color)
    }

    fn is_legal(&self, p: Point, color: Color) -> bool {
        self.is_empty(p) && !is_suicide(&self.board, p, color)
    }

    fn captures(&self, p: Point, color: Color) -> bool {
        self.after_move(p, color).is_some_and(|board| {
            neighbours(&self.board, p)
                .any(|n| self.board.at(n) == color.other().stone() && board.at(n) == Cell::Empty)
        })
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
/// out in the `impl` below and skipped here; every other one is recorded in
/// [`BoardContext::unsupported`] and answers 0.
macro_rules! unsupported_method {
    (fn lib $($signature:tt)*) => {};
    (fn safe_xmove $($signature:tt)*) => {};
    (fn safe_omove $($signature:tt)*) => {};
    (fn legal_xmove $($signature:tt)*) => {};
    (fn legal_omove $($signature:tt)*) => {};
    (fn x_suicide $($signature:tt)*) => {};
    (fn o_suicide $($signature:tt)*) => {};
    (fn x_somewhere $($signature:tt)*) => {};
    (fn o_somewhere $($signature:tt)*) => {};
    (fn approx_xlib $($signature:tt)*) => {};
    (fn approx_olib $($signature:tt)*) => {};
    (fn xlib $($signature:tt)*) => {};
    (fn olib $($signature:tt)*) => {};
    (fn same_string $($signature:tt)*) => {};
    (fn wormsize $($signature:tt)*) => {};
    (fn o_captures_something $($signature:tt)*) => {};
    (fn x_captures_something $($signature:tt)*) => {};
    (fn doing_scoring $($signature:tt)*) => {};
    (fn $name:ident($($argument:ident: $type:ty),*) $(-> $result:ty)?) => {
        fn $name(&mut self, $(_: $type),*) $(-> $result)? {
            self.unsupported(stringify!($name))
        }
    };
}

impl Context for BoardContext {
    for_each_context_method!(unsupported_method);

    fn lib(&mut self, x: Point) -> i32 {
        i32::try_from(chain_at(&self.board, x).liberties.len()).unwrap_or(i32::MAX)
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
        i32::from(chain_at(&self.board, a).stones.contains(&b))
    }

    fn wormsize(&mut self, x: Point) -> i32 {
        i32::try_from(chain_at(&self.board, x).stones.len()).unwrap_or(i32::MAX)
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
}
