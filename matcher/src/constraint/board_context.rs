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
//!
//! The shape questions of the board and strings layers are answered too:
//! `ko` (a ko capture is a move that takes exactly one stone with a stone
//! that touches only opponent stones), `finish_ko_helper`,
//! `squeeze_ko_helper`, `o_visible_along_edge` / `x_visible_along_edge`,
//! `bent_four_helper`, and `oplay_lib` / `xplay_lib` (the sequence played
//! on the board through its undo frames, illegal moves skipped). Only the
//! static worm data `lib2`..`lib4` stay with the engine.

use super::context_methods::{context_layers, impl_context_layers};
use crate::autohelper::Autohelper;
use crate::autohelper::result_code::WIN;
use crate::board::{Cell, Color, PackedBoard};
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
    pub fn new(board: PackedBoard, o: Color) -> BoardContext<'static> {
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
    (fn ko $($signature:tt)*) => { delegate_method! { fn ko $($signature)* } };
    (fn o_visible_along_edge $($signature:tt)*) => { delegate_method! { fn o_visible_along_edge $($signature)* } };
    (fn x_visible_along_edge $($signature:tt)*) => { delegate_method! { fn x_visible_along_edge $($signature)* } };
    (fn bent_four_helper $($signature:tt)*) => { delegate_method! { fn bent_four_helper $($signature)* } };
    (fn oplay_lib $($signature:tt)*) => { delegate_method! { fn oplay_lib $($signature)* } };
    (fn xplay_lib $($signature:tt)*) => { delegate_method! { fn xplay_lib $($signature)* } };
    (fn finish_ko_helper $($signature:tt)*) => { delegate_method! { fn finish_ko_helper $($signature)* } };
    (fn squeeze_ko_helper $($signature:tt)*) => { delegate_method! { fn squeeze_ko_helper $($signature)* } };
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
        Callee::Builtin(crate::autohelper::EngineBuiltin::BentFourHelper)
            | Callee::Autohelper(
                Ko | OVisibleAlongEdge
                    | XVisibleAlongEdge
                    | OplayLib
                    | XplayLib
                    | FinishKoHelper
                    | SqueezeKoHelper
                    | Lib
                    | LegalXmove
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

    fn stones_on_board(&self, color: goban::Color) -> Option<usize> {
        Some(self.board.stone_count(color))
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

    fn ko(&mut self, x: Point) -> i32 {
        let Some(v) = self.board.geometry().vertex(x) else {
            return 0;
        };
        let board = &*self.board;
        let ko = match board.cell(v).color() {
            // A lone stone in atari that the opponent takes as a ko.
            Some(color) => {
                board.string_size(v) == 1
                    && board.liberties(v) == 1
                    && board
                        .liberty_vertices(v)
                        .next()
                        .is_some_and(|l| is_ko_capture(board, color.other(), l))
            }
            // The colour of the south neighbour (north on the bottom edge);
            // its opponent plays here as a ko capture.
            None => {
                let height = board.geometry().height();
                let below = (usize::from(x.i) + 1 < height).then(|| Point::new(x.i + 1, x.j));
                let above = x.i.checked_sub(1).map(|i| Point::new(i, x.j));
                below
                    .or(above)
                    .and_then(|p| board.at(p).color())
                    .is_some_and(|c| is_ko_capture(board, c.other(), v))
            }
        };
        i32::from(ko)
    }

    fn o_visible_along_edge(&mut self, a: Point, b: Point) -> i32 {
        i32::from(self.first_along_edge(a, b) == Some(self.o))
    }

    fn x_visible_along_edge(&mut self, a: Point, b: Point) -> i32 {
        i32::from(self.first_along_edge(a, b) == Some(self.x))
    }

    fn bent_four_helper(&mut self, a: Point) -> i32 {
        let Some(v) = self.stone(a) else {
            return 0;
        };
        let board = &*self.board;
        let geometry = board.geometry();
        let on_edge = |p: Point| {
            p.i == 0
                || p.j == 0
                || usize::from(p.i) + 1 == geometry.height()
                || usize::from(p.j) + 1 == geometry.width()
        };
        let stones: Vec<Vertex> = board.string_stones(v).collect();
        let corner_with_two = stones.iter().any(|&s| {
            board.neighbours(s).count() == 2
                && board
                    .neighbours(s)
                    .filter(|&n| board.cell(n) == board.cell(v))
                    .count()
                    == 2
        });
        i32::from(
            stones.len() == 4
                && stones.iter().all(|&s| on_edge(geometry.point(s)))
                && corner_with_two,
        )
    }

    fn oplay_lib(&mut self, moves: &[Option<Point>], target: Point) -> i32 {
        self.play_lib(self.o, moves, target)
    }

    fn xplay_lib(&mut self, moves: &[Option<Point>], target: Point) -> i32 {
        self.play_lib(self.x, moves, target)
    }

    fn finish_ko_helper(&mut self, x: Point) -> i32 {
        let Some(v) = self.stone(x) else {
            return 0;
        };
        let board = &*self.board;
        let color = board.cell(v).color().expect("a stone");
        let mut neighbours: Vec<Vertex> = board
            .string_stones(v)
            .flat_map(|s| board.neighbour_strings(s, color.other()))
            .collect();
        neighbours.sort();
        neighbours.dedup();
        let finishes = neighbours.into_iter().any(|h| {
            board.string_size(h) == 1
                && board.liberties(h) == 1
                && board
                    .liberty_vertices(h)
                    .next()
                    .is_some_and(|l| is_ko_capture(board, color, l))
        });
        i32::from(finishes)
    }

    fn squeeze_ko_helper(&mut self, x: Point) -> i32 {
        let Some(v) = self.stone(x) else {
            return 0;
        };
        let board = &*self.board;
        let opponent = board.cell(v).color().expect("a stone").other();
        i32::from(
            board.liberties(v) == 2
                && board
                    .liberty_vertices(v)
                    .any(|l| is_ko_capture(board, opponent, l)),
        )
    }
}

/// Whether `color` playing at the empty point `v` is a ko capture: every
/// neighbour of `v` on the board is an opponent stone, and the move takes
/// exactly one stone.
fn is_ko_capture(board: &goban::Board, color: Color, v: Vertex) -> bool {
    board.cell(v) == Cell::Empty
        && board
            .neighbours(v)
            .all(|n| board.cell(n) == color.other().stone())
        && board.capture_count(color, v) == 1
}

impl BoardContext<'_> {
    /// The colour of the first stone met scanning along the edge from `a`
    /// towards `b` (which lie on one line parallel to the nearer edge),
    /// looking at each step at the point itself and up to three points
    /// further from that edge; `None` when no stone is met or `a` and `b`
    /// do not lie on such a line.
    fn first_along_edge(&self, a: Point, b: Point) -> Option<Color> {
        let geometry = self.board.geometry();
        let (height, width) = (geometry.height() as i32, geometry.width() as i32);
        let (ai, aj, bi, bj) = (
            i32::from(a.i),
            i32::from(a.j),
            i32::from(b.i),
            i32::from(b.j),
        );
        geometry.vertex(a)?;
        geometry.vertex(b)?;
        // (step along the edge, step inward)
        let (forward, inward) = if ai == bi && aj != bj {
            let inward = if 2 * ai < height { (1, 0) } else { (-1, 0) };
            ((0, (bj - aj).signum()), inward)
        } else if aj == bj && ai != bi {
            let inward = if 2 * aj < width { (0, 1) } else { (0, -1) };
            (((bi - ai).signum(), 0), inward)
        } else {
            return None;
        };
        let on_board = |i: i32, j: i32| (0..height).contains(&i) && (0..width).contains(&j);
        let (mut i, mut j) = (ai, aj);
        while on_board(i, j) {
            for k in 0..4 {
                let (pi, pj) = (i + k * inward.0, j + k * inward.1);
                if !on_board(pi, pj) {
                    break;
                }
                if let Some(color) = self.board.at(Point::new(pi as u8, pj as u8)).color() {
                    return Some(color);
                }
            }
            (i, j) = (i + forward.0, j + forward.1);
        }
        None
    }

    /// Plays `moves` from `first` on (alternating colours, `None` passing,
    /// occupied points and suicides skipped) through the board's undo
    /// frames, then counts the liberties of the string at `target` (0 when
    /// it is empty), and takes the moves back.
    fn play_lib(&mut self, first: Color, moves: &[Option<Point>], target: Point) -> i32 {
        let board = self.board.to_mut();
        let geometry = board.geometry();
        board.push_undo_frame();
        let mut color = first;
        for mv in moves {
            if let Some(v) = mv.and_then(|p| geometry.vertex(p))
                && board.cell(v) == Cell::Empty
                && !board.is_suicide(color, v)
            {
                board.play(color, v);
            }
            color = color.other();
        }
        let liberties = geometry
            .vertex(target)
            .filter(|&v| board.cell(v).is_stone())
            .map_or(0, |v| board.liberties(v));
        board.undo();
        i32::try_from(liberties).unwrap_or(i32::MAX)
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
        let b = PackedBoard::from_rows(&["OX...", "X....", ".....", ".....", "....."]).unwrap();
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

        let b = PackedBoard::from_rows(&[".X...", "XO...", ".X...", ".....", "....."]).unwrap();
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
    fn edge_scans_bent_four_and_play_sequences() {
        let p = |i, j| Point::new(i, j);
        // Bent four in the top-left corner: (0,0),(0,1),(0,2),(1,0).
        let b = PackedBoard::from_rows(&["XXX..", "X....", ".....", "...O.", "....."]).unwrap();
        let mut ctx = BoardContext::new(b, Color::White);
        assert_eq!(ctx.bent_four_helper(p(0, 1)), 1);
        assert_eq!(ctx.bent_four_helper(p(3, 3)), 0);
        // Along the bottom edge from (4,4) to the left: the first stone
        // within four lines is White's (3,3); from (4,0) to the right,
        // Black's (1,0); along the top edge from (0,4) to the left, White's
        // (3,3), four lines down.
        assert_eq!(ctx.o_visible_along_edge(p(4, 4), p(4, 0)), 1);
        assert_eq!(ctx.x_visible_along_edge(p(4, 4), p(4, 0)), 0);
        assert_eq!(ctx.x_visible_along_edge(p(4, 0), p(4, 4)), 1);
        assert_eq!(ctx.o_visible_along_edge(p(0, 4), p(0, 3)), 1);
        assert_eq!(ctx.x_visible_along_edge(p(0, 0), p(0, 3)), 1);
        assert_eq!(ctx.o_visible_along_edge(p(0, 0), p(1, 1)), 0);
        // O (White) plays (1,1), X passes, O plays (2,0): Black's corner
        // string keeps (0,3) and (1,2).
        let sequence = [Some(p(1, 1)), None, Some(p(2, 0))];
        assert_eq!(ctx.oplay_lib(&sequence, p(1, 0)), 2);
        // X plays (1,1) first: five stones with (0,3), (1,2), (2,0), (2,1).
        assert_eq!(ctx.xplay_lib(&[Some(p(1, 1))], p(0, 0)), 4);
        // O fills every liberty while X passes: the corner is captured.
        let fill = [
            Some(p(0, 3)),
            None,
            Some(p(1, 2)),
            None,
            Some(p(1, 1)),
            None,
            Some(p(2, 0)),
        ];
        assert_eq!(ctx.oplay_lib(&fill, p(0, 0)), 0);
        // A move on an occupied point is skipped.
        assert_eq!(ctx.xplay_lib(&[Some(p(3, 3))], p(3, 3)), 4);
        assert_eq!(ctx.board().rows_text()[1], "X....");
    }

    #[test]
    fn every_function_answers_or_is_recorded_unsupported() {
        use crate::autohelper::{CATALOGUE, EngineBuiltin};
        use crate::constraint::Value;
        use crate::constraint::context_methods::call_every_method;

        let b = PackedBoard::from_rows(&[".XO..", "XO.O.", ".XO..", "..X..", "....."]).unwrap();
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
                // White (1,1) has its last liberty at (1,2), where Black
                // would take it as a ko.
                int("ko", 1),
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
                int("o_visible_along_edge", 1),
                int("lib", 1),
                // Black (0,1) is a lone stone in atari that White takes
                // at (0,0) as a ko.
                int("ko", 1),
                int("x_somewhere", 1),
                int("o_somewhere", 1),
                int("oplay_lib", 1),
                int("xplay_lib", 1),
                int("same_string", 1),
                int("wormsize", 1),
                int("finish_ko_helper", 1),
            ]
        );
        let board_answered = [
            "ko",
            "o_visible_along_edge",
            "x_visible_along_edge",
            "bent_four_helper",
            "oplay_lib",
            "xplay_lib",
            "finish_ko_helper",
            "squeeze_ko_helper",
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
    fn plain_chain(board: &PackedBoard, p: Point) -> (BTreeSet<Point>, BTreeSet<Point>) {
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
    fn plain_after(board: &PackedBoard, p: Point, color: Color) -> (PackedBoard, usize) {
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

    fn random_board() -> impl Strategy<Value = PackedBoard> {
        (1usize..=7).prop_flat_map(|size| {
            proptest::collection::vec(0u8..3, size * size).prop_map(move |cells| {
                let mut board = PackedBoard::new(size).unwrap();
                for (index, code) in cells.into_iter().enumerate() {
                    let point = Point::new((index / size) as u8, (index % size) as u8);
                    board.set(point, Cell::from_code(u64::from(code)));
                }
                board
            })
        })
    }

    /// Whether `color` at the empty `p` is a ko capture, the slow way: all
    /// its neighbours are opponent stones and exactly one stone is taken.
    fn plain_ko_capture(board: &PackedBoard, p: Point, color: Color) -> bool {
        let n = board.size() as i32;
        let neighbours_opponent = [(-1, 0), (1, 0), (0, -1), (0, 1)].iter().all(|(di, dj)| {
            let (i, j) = (i32::from(p.i) + di, i32::from(p.j) + dj);
            !(0..n).contains(&i)
                || !(0..n).contains(&j)
                || board.at(Point::new(i as u8, j as u8)) == color.other().stone()
        });
        board.at(p) == Cell::Empty && neighbours_opponent && plain_after(board, p, color).1 == 1
    }

    /// The first stone scanning from `a` towards `b`, the slow way: among
    /// the stones at `a + t·forward + k·inward` (t ≥ 0, k < 4), the one with
    /// the smallest (t, k).
    fn plain_first_along_edge(board: &PackedBoard, a: Point, b: Point) -> Option<Color> {
        let n = board.size() as i32;
        let (ai, aj, bi, bj) = (
            i32::from(a.i),
            i32::from(a.j),
            i32::from(b.i),
            i32::from(b.j),
        );
        let (forward, inward) = if ai == bi && aj != bj {
            (
                (0, (bj - aj).signum()),
                if 2 * ai < n { (1, 0) } else { (-1, 0) },
            )
        } else if aj == bj && ai != bi {
            (
                ((bi - ai).signum(), 0),
                if 2 * aj < n { (0, 1) } else { (0, -1) },
            )
        } else {
            return None;
        };
        board
            .points()
            .filter_map(|q| {
                let color = board.at(q).color()?;
                let (di, dj) = (i32::from(q.i) - ai, i32::from(q.j) - aj);
                // Along and inward components (the two directions are
                // orthogonal unit vectors).
                let t = di * forward.0 + dj * forward.1;
                let k = di * inward.0 + dj * inward.1;
                let exact =
                    (t * forward.0 + k * inward.0, t * forward.1 + k * inward.1) == (di, dj);
                (exact && t >= 0 && (0..4).contains(&k)).then_some(((t, k), color))
            })
            .min_by_key(|&(key, _)| key)
            .map(|(_, color)| color)
    }

    /// The liberties of `target` after the sequence, the slow way.
    fn plain_play_lib(
        board: &PackedBoard,
        first: Color,
        moves: &[Option<Point>],
        target: Point,
    ) -> i32 {
        let mut board = board.clone();
        let mut color = first;
        for &mv in moves {
            if let Some(p) = mv.filter(|&p| {
                board.contains(i32::from(p.i), i32::from(p.j)) && board.at(p) == Cell::Empty
            }) {
                let (after, _) = plain_after(&board, p, color);
                if !plain_chain(&after, p).1.is_empty() {
                    board = after;
                }
            }
            color = color.other();
        }
        if !board.contains(i32::from(target.i), i32::from(target.j)) {
            return 0;
        }
        plain_chain(&board, target).1.len() as i32
    }

    fn any_point() -> impl Strategy<Value = Point> {
        (0u8..8, 0u8..8).prop_map(|(i, j)| Point::new(i, j))
    }

    proptest! {
        /// The ko, edge-scanning, play-sequence and shape questions agree
        /// with plain reference implementations on random boards.
        #[test]
        fn shape_questions_match_plain_references(
            board in random_board(),
            a in any_point(),
            b in any_point(),
            moves in proptest::collection::vec(proptest::option::of(any_point()), 0..5),
            black in any::<bool>(),
        ) {
            let o = if black { Color::Black } else { Color::White };
            let mut ctx = BoardContext::new(board.clone(), o);
            let n = board.size() as u8;
            let inside = |p: Point| p.i < n && p.j < n;
            // ko
            let expected_ko = inside(a) && match board.at(a).color() {
                Some(color) => {
                    let (stones, liberties) = plain_chain(&board, a);
                    stones.len() == 1
                        && liberties.len() == 1
                        && plain_ko_capture(&board, *liberties.first().unwrap(), color.other())
                }
                None => {
                    let south = Point::new(a.i + 1, a.j);
                    let side = if inside(south) { south } else { Point::new(a.i.wrapping_sub(1), a.j) };
                    inside(side)
                        && board.at(side).color().is_some_and(|c| plain_ko_capture(&board, a, c.other()))
                }
            };
            prop_assert_eq!(ctx.ko(a), i32::from(expected_ko));
            // visible along edge
            let first = if inside(a) && inside(b) { plain_first_along_edge(&board, a, b) } else { None };
            prop_assert_eq!(ctx.o_visible_along_edge(a, b), i32::from(first == Some(o)));
            prop_assert_eq!(ctx.x_visible_along_edge(a, b), i32::from(first == Some(o.other())));
            // play sequences, and the board is left as it was
            prop_assert_eq!(ctx.oplay_lib(&moves, b), plain_play_lib(&board, o, &moves, b));
            prop_assert_eq!(ctx.xplay_lib(&moves, b), plain_play_lib(&board, o.other(), &moves, b));
            prop_assert_eq!(ctx.board().rows_text(), board.to_goban().rows_text());
            // finish / squeeze ko, bent four
            let (stones, liberties) = if inside(a) { plain_chain(&board, a) } else { Default::default() };
            let color = if inside(a) { board.at(a).color() } else { None };
            let finish = color.is_some_and(|c| board.points().any(|q| {
                let (enemy, enemy_libs) = plain_chain(&board, q);
                board.at(q) == c.other().stone()
                    && enemy.len() == 1
                    && enemy_libs.len() == 1
                    && stones.iter().any(|s| s.i.abs_diff(q.i) + s.j.abs_diff(q.j) == 1)
                    && plain_ko_capture(&board, *enemy_libs.first().unwrap(), c)
            }));
            prop_assert_eq!(ctx.finish_ko_helper(a), i32::from(finish));
            let squeeze = color.is_some_and(|c| {
                liberties.len() == 2 && liberties.iter().any(|&l| plain_ko_capture(&board, l, c.other()))
            });
            prop_assert_eq!(ctx.squeeze_ko_helper(a), i32::from(squeeze));
            let last = n.saturating_sub(1);
            let edge = |p: &Point| p.i == 0 || p.j == 0 || p.i == last || p.j == last;
            let bent = color.is_some() && stones.len() == 4 && stones.iter().all(edge)
                && stones.iter().any(|s| {
                    (s.i == 0 || s.i == last) && (s.j == 0 || s.j == last) && n > 1
                        && plain_chain(&board, *s).0.iter()
                            .filter(|t| t.i.abs_diff(s.i) + t.j.abs_diff(s.j) == 1)
                            .count() == 2
                });
            prop_assert_eq!(ctx.bent_four_helper(a), i32::from(bent));
            prop_assert!(ctx.unsupported.is_empty());
        }
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
