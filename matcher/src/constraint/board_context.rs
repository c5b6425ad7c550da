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

use std::collections::BTreeSet;

use crate::autohelper::result_code::WIN;
use crate::board::{Board, Cell, Color};
use crate::context::{Context, Point};

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

const NEIGHBOURS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

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

    fn unsupported(&mut self, name: &'static str) -> i32 {
        self.unsupported.push(name);
        0
    }

    fn neighbours(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        NEIGHBOURS.iter().filter_map(move |&(di, dj)| {
            let (i, j) = (p.i as i32 + di, p.j as i32 + dj);
            self.board
                .contains(i, j)
                .then(|| Point::new(i as u8, j as u8))
        })
    }

    /// The stones of the string at `p` (empty when `p` holds no stone).
    fn string_of(&self, p: Point) -> BTreeSet<Point> {
        string_on(&self.board, p)
    }

    fn liberties_of(&self, p: Point) -> BTreeSet<Point> {
        liberties_on(&self.board, p)
    }

    /// The board after `color` plays at `p` (captures removed), or `None`
    /// when `p` is occupied or off the board.
    fn after_move(&self, p: Point, color: Color) -> Option<Board> {
        if !self.board.contains(p.i as i32, p.j as i32) || self.board.at(p) != Cell::Empty {
            return None;
        }
        let mut board = self.board.clone();
        board.set(p, color.stone());
        for n in self.neighbours(p) {
            if board.at(n) == color.other().stone() && liberties_on(&board, n).is_empty() {
                for stone in string_on(&board, n) {
                    board.set(stone, Cell::Empty);
                }
            }
        }
        Some(board)
    }

    fn liberties_after(&self, p: Point, color: Color) -> i32 {
        self.after_move(p, color).map_or(0, |board| {
            i32::try_from(liberties_on(&board, p).len()).unwrap_or(i32::MAX)
        })
    }

    fn is_suicide(&self, p: Point, color: Color) -> bool {
        self.after_move(p, color)
            .is_some_and(|board| liberties_on(&board, p).is_empty())
    }

    fn is_legal(&self, p: Point, color: Color) -> bool {
        self.after_move(p, color)
            .is_some_and(|board| !liberties_on(&board, p).is_empty())
    }

    fn captures(&self, p: Point, color: Color) -> bool {
        self.after_move(p, color).is_some_and(|board| {
            self.neighbours(p)
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

fn string_on(board: &Board, p: Point) -> BTreeSet<Point> {
    let mut stones = BTreeSet::new();
    let cell = board.at(p);
    if cell.color().is_none() {
        return stones;
    }
    let mut stack = vec![p];
    while let Some(q) = stack.pop() {
        if board.at(q) != cell || !stones.insert(q) {
            continue;
        }
        for (di, dj) in NEIGHBOURS {
            let (i, j) = (q.i as i32 + di, q.j as i32 + dj);
            if board.contains(i, j) {
                stack.push(Point::new(i as u8, j as u8));
            }
        }
    }
    stones
}

fn liberties_on(board: &Board, p: Point) -> BTreeSet<Point> {
    let mut liberties = BTreeSet::new();
    for q in string_on(board, p) {
        for (di, dj) in NEIGHBOURS {
            let (i, j) = (q.i as i32 + di, q.j as i32 + dj);
            if board.cell(i, j) == Cell::Empty {
                liberties.insert(Point::new(i as u8, j as u8));
            }
        }
    }
    liberties
}

impl Context for BoardContext {
    fn lib2(&mut self, _x: Point) -> i32 {
        self.unsupported("lib2")
    }

    fn lib3(&mut self, _x: Point) -> i32 {
        self.unsupported("lib3")
    }

    fn lib4(&mut self, _x: Point) -> i32 {
        self.unsupported("lib4")
    }

    fn lib(&mut self, x: Point) -> i32 {
        i32::try_from(self.liberties_of(x).len()).unwrap_or(i32::MAX)
    }

    fn alive(&mut self, _x: Point) -> i32 {
        self.unsupported("alive")
    }

    fn unknown(&mut self, _x: Point) -> i32 {
        self.unsupported("unknown")
    }

    fn critical(&mut self, _x: Point) -> i32 {
        self.unsupported("critical")
    }

    fn dead(&mut self, _x: Point) -> i32 {
        self.unsupported("dead")
    }

    fn status(&mut self, _x: Point) -> i32 {
        self.unsupported("status")
    }

    fn ko(&mut self, _x: Point) -> i32 {
        self.unsupported("ko")
    }

    fn xdefend_against(&mut self, _a: Point, _b: Point) -> i32 {
        self.unsupported("xdefend_against")
    }

    fn odefend_against(&mut self, _a: Point, _b: Point) -> i32 {
        self.unsupported("odefend_against")
    }

    fn defend_against_atari(&mut self, _x: Point) {
        self.unsupported("defend_against_atari");
    }

    fn does_defend(&mut self, _m: Point, _s: Point) -> i32 {
        self.unsupported("does_defend")
    }

    fn does_attack(&mut self, _m: Point, _s: Point) -> i32 {
        self.unsupported("does_attack")
    }

    fn attack(&mut self, _x: Point) -> i32 {
        self.unsupported("attack")
    }

    fn defend(&mut self, _x: Point) -> i32 {
        self.unsupported("defend")
    }

    fn weakness(&mut self, _x: Point) -> f32 {
        self.unsupported("weakness") as f32
    }

    fn weak(&mut self, _x: Point) -> i32 {
        self.unsupported("weak")
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

    fn x_alive_somewhere(&mut self, _points: &[Point]) -> i32 {
        self.unsupported("x_alive_somewhere")
    }

    fn o_alive_somewhere(&mut self, _points: &[Point]) -> i32 {
        self.unsupported("o_alive_somewhere")
    }

    fn x_somewhere(&mut self, points: &[Point]) -> i32 {
        i32::from(points.iter().any(|&p| self.board.at(p) == self.x.stone()))
    }

    fn o_somewhere(&mut self, points: &[Point]) -> i32 {
        i32::from(points.iter().any(|&p| self.board.at(p) == self.o.stone()))
    }

    fn xmoyo_opposite(&mut self, _x: Point) -> i32 {
        self.unsupported("xmoyo_opposite")
    }

    fn omoyo_opposite(&mut self, _x: Point) -> i32 {
        self.unsupported("omoyo_opposite")
    }

    fn xmoyo(&mut self, _x: Point) -> i32 {
        self.unsupported("xmoyo")
    }

    fn omoyo(&mut self, _x: Point) -> i32 {
        self.unsupported("omoyo")
    }

    fn xarea(&mut self, _x: Point) -> i32 {
        self.unsupported("xarea")
    }

    fn oarea(&mut self, _x: Point) -> i32 {
        self.unsupported("oarea")
    }

    fn xterri(&mut self, _x: Point) -> i32 {
        self.unsupported("xterri")
    }

    fn oterri(&mut self, _x: Point) -> i32 {
        self.unsupported("oterri")
    }

    fn genus(&mut self, _x: Point) -> i32 {
        self.unsupported("genus")
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

    fn xcut(&mut self, _x: Point) -> i32 {
        self.unsupported("xcut")
    }

    fn ocut(&mut self, _x: Point) -> i32 {
        self.unsupported("ocut")
    }

    fn edge_double_sente(
        &mut self,
        _moves: &[Option<Point>],
        _a: Point,
        _b: Point,
        _c: Point,
        _d: Point,
    ) -> i32 {
        self.unsupported("edge_double_sente")
    }

    fn xplay_defend_both(&mut self, _moves: &[Option<Point>], _a: Point, _b: Point) -> i32 {
        self.unsupported("xplay_defend_both")
    }

    fn oplay_defend_both(&mut self, _moves: &[Option<Point>], _a: Point, _b: Point) -> i32 {
        self.unsupported("oplay_defend_both")
    }

    fn xplay_attack_either(&mut self, _moves: &[Option<Point>], _a: Point, _b: Point) -> i32 {
        self.unsupported("xplay_attack_either")
    }

    fn oplay_attack_either(&mut self, _moves: &[Option<Point>], _a: Point, _b: Point) -> i32 {
        self.unsupported("oplay_attack_either")
    }

    fn xplay_defend(&mut self, _moves: &[Option<Point>], _target: Point) -> i32 {
        self.unsupported("xplay_defend")
    }

    fn oplay_defend(&mut self, _moves: &[Option<Point>], _target: Point) -> i32 {
        self.unsupported("oplay_defend")
    }

    fn xplay_attack(&mut self, _moves: &[Option<Point>], _target: Point) -> i32 {
        self.unsupported("xplay_attack")
    }

    fn oplay_attack(&mut self, _moves: &[Option<Point>], _target: Point) -> i32 {
        self.unsupported("oplay_attack")
    }

    fn xplay_break_through(
        &mut self,
        _moves: &[Option<Point>],
        _x: Point,
        _y: Point,
        _z: Point,
    ) -> i32 {
        self.unsupported("xplay_break_through")
    }

    fn oplay_break_through(
        &mut self,
        _moves: &[Option<Point>],
        _x: Point,
        _y: Point,
        _z: Point,
    ) -> i32 {
        self.unsupported("oplay_break_through")
    }

    fn oplay_connect(&mut self, _moves: &[Option<Point>], _a: Point, _b: Point) -> i32 {
        self.unsupported("oplay_connect")
    }

    fn xplay_connect(&mut self, _moves: &[Option<Point>], _a: Point, _b: Point) -> i32 {
        self.unsupported("xplay_connect")
    }

    fn oplay_disconnect(&mut self, _moves: &[Option<Point>], _a: Point, _b: Point) -> i32 {
        self.unsupported("oplay_disconnect")
    }

    fn xplay_disconnect(&mut self, _moves: &[Option<Point>], _a: Point, _b: Point) -> i32 {
        self.unsupported("xplay_disconnect")
    }

    fn oplay_lib(&mut self, _moves: &[Option<Point>], _target: Point) -> i32 {
        self.unsupported("oplay_lib")
    }

    fn xplay_lib(&mut self, _moves: &[Option<Point>], _target: Point) -> i32 {
        self.unsupported("xplay_lib")
    }

    fn seki_helper(&mut self, _x: Point) -> i32 {
        self.unsupported("seki_helper")
    }

    fn threaten_to_save(&mut self, _x: Point) {
        self.unsupported("threaten_to_save");
    }

    fn threaten_to_capture(&mut self, _x: Point) {
        self.unsupported("threaten_to_capture");
    }

    fn prevent_attack_threat(&mut self, _x: Point) {
        self.unsupported("prevent_attack_threat");
    }

    fn eye(&mut self, _x: Point) -> i32 {
        self.unsupported("eye")
    }

    fn proper_eye(&mut self, _x: Point) -> i32 {
        self.unsupported("proper_eye")
    }

    fn marginal_eye(&mut self, _x: Point) -> i32 {
        self.unsupported("marginal_eye")
    }

    fn halfeye(&mut self, _x: Point) -> i32 {
        self.unsupported("halfeye")
    }

    fn max_eye_value(&mut self, _x: Point) -> i32 {
        self.unsupported("max_eye_value")
    }

    fn owl_topological_eye(&mut self, _x: Point, _s: Point) -> i32 {
        self.unsupported("owl_topological_eye")
    }

    fn obvious_false_oeye(&mut self, _x: Point) -> i32 {
        self.unsupported("obvious_false_oeye")
    }

    fn obvious_false_xeye(&mut self, _x: Point) -> i32 {
        self.unsupported("obvious_false_xeye")
    }

    fn antisuji(&mut self, _x: Point) {
        self.unsupported("antisuji");
    }

    fn add_connect_move(&mut self, _a: Point, _b: Point) {
        self.unsupported("add_connect_move");
    }

    fn add_cut_move(&mut self, _a: Point, _b: Point) {
        self.unsupported("add_cut_move");
    }

    fn test_attack_either_move(&mut self, _a: Point, _b: Point) {
        self.unsupported("test_attack_either_move");
    }

    fn add_defend_both_move(&mut self, _a: Point, _b: Point) {
        self.unsupported("add_defend_both_move");
    }

    fn same_dragon(&mut self, _a: Point, _b: Point) -> i32 {
        self.unsupported("same_dragon")
    }

    fn same_string(&mut self, a: Point, b: Point) -> i32 {
        i32::from(self.board.at(a).color().is_some() && self.string_of(a).contains(&b))
    }

    fn dragonsize(&mut self, _x: Point) -> i32 {
        self.unsupported("dragonsize")
    }

    fn wormsize(&mut self, x: Point) -> i32 {
        i32::try_from(self.string_of(x).len()).unwrap_or(i32::MAX)
    }

    fn effective_size(&mut self, _x: Point) -> f32 {
        self.unsupported("effective_size") as f32
    }

    fn vital_chain(&mut self, _x: Point) -> i32 {
        self.unsupported("vital_chain")
    }

    fn potential_cutstone(&mut self, _x: Point) -> i32 {
        self.unsupported("potential_cutstone")
    }

    fn amalgamate_most_valuable_helper(&mut self, _a: Point, _b: Point, _c: Point) {
        self.unsupported("amalgamate_most_valuable_helper");
    }

    fn amalgamate(&mut self, _a: Point, _b: Point) {
        self.unsupported("amalgamate");
    }

    fn owl_escape_value(&mut self, _x: Point) -> i32 {
        self.unsupported("owl_escape_value")
    }

    fn owl_goal_dragon(&mut self, _x: Point) -> i32 {
        self.unsupported("owl_goal_dragon")
    }

    fn owl_eyespace(&mut self, _x: Point) -> i32 {
        self.unsupported("owl_eyespace")
    }

    fn owl_big_eyespace(&mut self, _x: Point) -> i32 {
        self.unsupported("owl_big_eyespace")
    }

    fn owl_mineye(&mut self, _x: Point) -> i32 {
        self.unsupported("owl_mineye")
    }

    fn owl_maxeye(&mut self, _x: Point) -> i32 {
        self.unsupported("owl_maxeye")
    }

    fn owl_proper_eye(&mut self, _x: Point) -> i32 {
        self.unsupported("owl_proper_eye")
    }

    fn owl_eye_size(&mut self, _x: Point) -> i32 {
        self.unsupported("owl_eye_size")
    }

    fn owl_lunch(&mut self, _x: Point) -> i32 {
        self.unsupported("owl_lunch")
    }

    fn owl_strong_dragon(&mut self, _x: Point) -> i32 {
        self.unsupported("owl_strong_dragon")
    }

    fn has_aji(&mut self, _x: Point) -> i32 {
        self.unsupported("has_aji")
    }

    fn finish_ko_helper(&mut self, _x: Point) -> i32 {
        self.unsupported("finish_ko_helper")
    }

    fn squeeze_ko_helper(&mut self, _x: Point) -> i32 {
        self.unsupported("squeeze_ko_helper")
    }

    fn backfill_helper(&mut self, _a: Point, _b: Point, _c: Point) -> i32 {
        self.unsupported("backfill_helper")
    }

    fn connect_and_cut_helper2(&mut self, _a: Point, _b: Point, _c: Point) -> i32 {
        self.unsupported("connect_and_cut_helper2")
    }

    fn connect_and_cut_helper(&mut self, _a: Point, _b: Point, _c: Point) -> i32 {
        self.unsupported("connect_and_cut_helper")
    }

    fn owl_threatens(&mut self, _a: Point, _b: Point) -> i32 {
        self.unsupported("owl_threatens")
    }

    fn replace(&mut self, _a: Point, _b: Point) {
        self.unsupported("replace");
    }

    fn backfill_replace(&mut self, _m: Point, _s: Point) {
        self.unsupported("backfill_replace");
    }

    fn non_oterritory(&mut self, _x: Point) {
        self.unsupported("non_oterritory");
    }

    fn non_xterritory(&mut self, _x: Point) {
        self.unsupported("non_xterritory");
    }

    fn remaining_handicap_stones(&mut self) -> i32 {
        self.unsupported("remaining_handicap_stones")
    }

    fn total_handicap_stones(&mut self) -> i32 {
        self.unsupported("total_handicap_stones")
    }

    fn o_captures_something(&mut self, x: Point) -> i32 {
        i32::from(self.captures(x, self.o))
    }

    fn x_captures_something(&mut self, x: Point) -> i32 {
        i32::from(self.captures(x, self.x))
    }

    fn false_eye_territory(&mut self, _x: Point) -> i32 {
        self.unsupported("false_eye_territory")
    }

    fn false_eye(&mut self, _x: Point) -> i32 {
        self.unsupported("false_eye")
    }

    fn o_visible_along_edge(&mut self, _a: Point, _b: Point) -> i32 {
        self.unsupported("o_visible_along_edge")
    }

    fn x_visible_along_edge(&mut self, _a: Point, _b: Point) -> i32 {
        self.unsupported("x_visible_along_edge")
    }

    fn is_surrounded(&mut self, _x: Point) -> i32 {
        self.unsupported("is_surrounded")
    }

    fn does_surround(&mut self, _m: Point, _d: Point) -> i32 {
        self.unsupported("does_surround")
    }

    fn surround_map(&mut self, _d: Point, _p: Point) -> i32 {
        self.unsupported("surround_map")
    }

    fn oracle_threatens(&mut self, _a: Point, _b: Point) -> i32 {
        self.unsupported("oracle_threatens")
    }

    fn value(&mut self) -> f32 {
        self.unsupported("value") as f32
    }

    fn adjacent_to_stone_in_atari(&mut self, _x: Point) -> i32 {
        self.unsupported("adjacent_to_stone_in_atari")
    }

    fn adjacent_to_defendable_stone_in_atari(&mut self, _x: Point) -> i32 {
        self.unsupported("adjacent_to_defendable_stone_in_atari")
    }

    fn good_attack_threat(&mut self, _m: Point, _t: Point) {
        self.unsupported("good_attack_threat");
    }

    fn known_safe_move(&mut self, _x: Point) -> i32 {
        self.unsupported("known_safe_move")
    }

    fn break_mirror_helper(&mut self, _x: Point) -> i32 {
        self.unsupported("break_mirror_helper")
    }

    fn disconnect_helper(&mut self, _a: Point, _b: Point) -> i32 {
        self.unsupported("disconnect_helper")
    }

    fn distrust_tactics_helper(&mut self, _a: Point) -> i32 {
        self.unsupported("distrust_tactics_helper")
    }

    fn bent_four_helper(&mut self, _a: Point) -> i32 {
        self.unsupported("bent_four_helper")
    }

    fn doing_scoring(&mut self) -> i32 {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        let mut board = Board::new(rows.len()).unwrap();
        for (i, row) in rows.iter().enumerate() {
            for (j, c) in row.chars().enumerate() {
                let cell = match c {
                    'X' => Cell::Black,
                    'O' => Cell::White,
                    _ => Cell::Empty,
                };
                board.set(Point::new(i as u8, j as u8), cell);
            }
        }
        board
    }

    #[test]
    fn liberties_captures_and_suicide() {
        // O = White, X = Black.
        let b = board(&["OX...", "X....", ".....", ".....", "....."]);
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

        let b = board(&[".X...", "XO...", ".X...", ".....", "....."]);
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
        use crate::constraint::dispatch::{call_autohelper, call_builtin};
        use crate::context::takes_move_list;

        let b = board(&[".XO..", "XO.O.", ".XO..", "..X..", "....."]);
        let mut ctx = BoardContext::new(b, Color::White);
        let p = |i, j| Point::new(i, j);
        let moves = [Some(p(4, 4)), None];
        let mut answered = Vec::new();
        for targets in [
            [p(1, 2), p(1, 1), p(0, 0), p(3, 2)],
            [p(0, 1), p(0, 1), p(3, 2), p(1, 1)],
        ] {
            for spec in &CATALOGUE {
                let moves: &[Option<Point>] = if takes_move_list(spec.id) {
                    &moves
                } else {
                    &[]
                };
                let value = call_autohelper(&mut ctx, spec.id, moves, &targets);
                answered.push((spec.name, value));
            }
            for builtin in EngineBuiltin::ALL {
                answered.push((builtin.name(), call_builtin(&mut ctx, builtin, &targets)));
            }
            answered.push(("doing_scoring", Value::Int(ctx.doing_scoring())));
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
        assert_eq!(one_pass.len(), 112);
        assert_eq!(ctx.unsupported, [one_pass.clone(), one_pass].concat());
    }
}
