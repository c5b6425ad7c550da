//! Escape: how open the board around the goal is. GNU Go gives every
//! point an escape value (0 to 4 for empty points, from the opponent's
//! influence; up to 6 for friendly dragons, by their status) and sums the
//! values at distance 4 from the dragon, over paths that never pass next
//! to an opponent stone (the manual's §13.9). Until the influence layer
//! exists, a point's value here comes from its distance to the nearest
//! opponent stone ([`EscapeParams`]); the summing is the manual's.
//! The values the owl's constraints read ([`EscapeValues::at`]) may leave
//! out dead stones ([`EscapeValues::with_dead_stones`]): GNU Go's escape
//! influence has no sources at dead stones, and a friendly dead dragon is
//! worth nothing. Or they may take the empty points' values from an
//! influence the owl's host computes ([`EscapeValues::with_empty_values`],
//! GNU Go's bands of its escape influence: see `OwlHost::escape_influence`).

use std::collections::VecDeque;

use goban::{Board, Cell, Color, Geometry, Vertex};

use super::goal::Goal;

/// How empty points and friendly stones are valued for escape.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EscapeParams {
    /// Value of an empty point by its distance (Manhattan, capped at the
    /// last index) to the nearest opponent stone.
    pub value_by_distance: [u8; 5],
    /// Value of a friendly stone outside the goal.
    pub friendly_stone: u8,
    /// Value of an empty point on the first line is divided by this.
    pub first_line_divisor: u8,
    /// The distance whose points are summed.
    pub distance: usize,
    /// Whether the escape route's paths go through friendly stones next
    /// to opponent stones (false: every point next to an opponent stone
    /// stops a path, the owl's rule).
    pub friendly_stones_pass: bool,
}

impl Default for EscapeParams {
    fn default() -> EscapeParams {
        EscapeParams {
            value_by_distance: [0, 0, 0, 1, 2],
            friendly_stone: 2,
            first_line_divisor: 2,
            distance: 4,
            friendly_stones_pass: false,
        }
    }
}

/// Escape values of every point for a goal of colour `color`.
#[derive(Debug, Clone)]
pub struct EscapeValues {
    geometry: Geometry,
    color: Color,
    values: Vec<u8>,
    /// The values the constraints read ([`EscapeValues::at`]) where they
    /// differ from `values`: the dead stones left out, or the empty
    /// points valued by the host's influence.
    read: Option<Vec<u8>>,
    /// The values [`EscapeValues::influence_route`] sums: the host's
    /// escape influence on empty points, friendly stones at a fixed value
    /// (see [`EscapeValues::with_influence_route`]).
    influence: Option<Vec<u8>>,
    params: EscapeParams,
}

impl EscapeValues {
    /// The values on `board` for the defender `color`.
    pub fn new(board: &Board, color: Color, params: EscapeParams) -> EscapeValues {
        let values = point_values(board, color, params, &|_| false);
        EscapeValues {
            geometry: board.geometry(),
            color,
            values,
            read: None,
            influence: None,
            params,
        }
    }

    /// These values with a second escape route
    /// ([`EscapeValues::influence_route`]) over `empty` (every empty
    /// point's value from the host's escape influence, indexed by
    /// [`Vertex::index`]) and `friendly_stone` on every stone of the
    /// defender (GNU Go's escape values: 0 to 4 on empty points by the
    /// influence, up to 6 on friendly dragons).
    pub fn with_influence_route(
        mut self,
        board: &Board,
        empty: &[u8],
        friendly_stone: u8,
    ) -> EscapeValues {
        let friendly = self.color.stone();
        let mut values = vec![0; self.geometry.vertices()];
        for v in board.geometry().board_vertices() {
            let cell = board.cell(v);
            values[v.index()] = if cell == Cell::Empty {
                empty[v.index()]
            } else if cell == friendly {
                friendly_stone
            } else {
                0
            };
        }
        self.influence = Some(values);
        self
    }

    /// [`EscapeValues::new`] whose point values ([`EscapeValues::at`])
    /// treat the stones `dead` says are dead as gone: a dead opponent
    /// stone neither counts as the nearest opponent stone nor is worth
    /// less than an empty point there, a dead friendly stone is worth 0.
    /// The escape route ([`EscapeValues::route`]) is [`EscapeValues::new`]'s.
    pub fn with_dead_stones(
        board: &Board,
        color: Color,
        params: EscapeParams,
        dead: &dyn Fn(Vertex) -> bool,
    ) -> EscapeValues {
        EscapeValues {
            read: Some(point_values(board, color, params, dead)),
            ..EscapeValues::new(board, color, params)
        }
    }

    /// [`EscapeValues::new`] whose point values ([`EscapeValues::at`])
    /// take every empty point's value from `empty` (indexed by
    /// [`Vertex::index`]); stones are valued as in [`EscapeValues::new`].
    /// The escape route ([`EscapeValues::route`]) is [`EscapeValues::new`]'s.
    pub fn with_empty_values(
        board: &Board,
        color: Color,
        params: EscapeParams,
        empty: &[u8],
    ) -> EscapeValues {
        let mut read = point_values(board, color, params, &|_| false);
        for v in board.geometry().board_vertices() {
            if board.cell(v) == Cell::Empty {
                read[v.index()] = empty[v.index()];
            }
        }
        EscapeValues {
            read: Some(read),
            ..EscapeValues::new(board, color, params)
        }
    }

    /// The escape value of `v` (GNU Go's `owl_escape_value`): −10 on the
    /// goal and the empty points next to it (8 neighbours), else the
    /// point's value.
    pub fn at(&self, goal: &Goal, v: Vertex) -> i32 {
        if goal.touches(v) {
            -10
        } else {
            let values = self.read.as_ref().unwrap_or(&self.values);
            i32::from(values[v.index()])
        }
    }

    /// The goal's escape route on `board`: the values summed over the
    /// points at exactly the escape distance from the goal, reached
    /// through points that are not the goal, not opponent stones and not
    /// next to one (friendly stones next to one too when
    /// [`EscapeParams::friendly_stones_pass`]).
    pub fn route(&self, board: &Board, goal: &Goal) -> u32 {
        self.route_over(board, goal, &self.values)
    }

    /// The goal's escape route on `board` as [`EscapeValues::route`]
    /// finds it, summing the values of
    /// [`EscapeValues::with_influence_route`] (`None` without them).
    pub fn influence_route(&self, board: &Board, goal: &Goal) -> Option<u32> {
        let values = self.influence.as_ref()?;
        Some(self.route_over(board, goal, values))
    }

    /// The route of [`EscapeValues::route`] summing `values`.
    fn route_over(&self, board: &Board, goal: &Goal, values: &[u8]) -> u32 {
        let opponent = self.color.other().stone();
        let friendly = self.color.stone();
        let blocked = |v: Vertex| {
            let cell = board.cell(v);
            if self.params.friendly_stones_pass && cell == friendly {
                return false;
            }
            cell == opponent || board.neighbours(v).any(|n| board.cell(n) == opponent)
        };
        let mut distance = vec![usize::MAX; self.geometry.vertices()];
        let mut queue = VecDeque::new();
        for v in goal.stones() {
            distance[v.index()] = 0;
            queue.push_back(v);
        }
        let mut sum = 0u32;
        while let Some(v) = queue.pop_front() {
            let d = distance[v.index()];
            if d == self.params.distance {
                sum += u32::from(values[v.index()]);
                continue;
            }
            for n in board.neighbours(v) {
                if distance[n.index()] == usize::MAX && !blocked(n) {
                    distance[n.index()] = d + 1;
                    queue.push_back(n);
                }
            }
        }
        sum
    }
}

/// Every point's value on `board` for the defender `color`, the stones
/// `dead` marks left out (see [`EscapeValues::with_dead_stones`]).
fn point_values(
    board: &Board,
    color: Color,
    params: EscapeParams,
    dead: &dyn Fn(Vertex) -> bool,
) -> Vec<u8> {
    let geometry = board.geometry();
    let opponent = color.other().stone();
    let far = params.value_by_distance.len() - 1;
    // Distance to the nearest living opponent stone, by breadth-first search.
    let mut distance = vec![usize::MAX; geometry.vertices()];
    let mut queue = VecDeque::new();
    for v in geometry.board_vertices() {
        if board.cell(v) == opponent && !dead(v) {
            distance[v.index()] = 0;
            queue.push_back(v);
        }
    }
    while let Some(v) = queue.pop_front() {
        let d = distance[v.index()];
        if d >= far {
            continue;
        }
        for n in board.neighbours(v) {
            if distance[n.index()] == usize::MAX {
                distance[n.index()] = d + 1;
                queue.push_back(n);
            }
        }
    }
    let height = geometry.height();
    let width = geometry.width();
    let mut values = vec![0; geometry.vertices()];
    for v in geometry.board_vertices() {
        let cell = board.cell(v);
        let open = cell == Cell::Empty || (cell == opponent && dead(v));
        values[v.index()] = if open {
            let value = params.value_by_distance[distance[v.index()].min(far)];
            let p = geometry.point(v);
            let first_line = p.i == 0
                || p.j == 0
                || usize::from(p.i) + 1 == height
                || usize::from(p.j) + 1 == width;
            if first_line {
                value / params.first_line_divisor.max(1)
            } else {
                value
            }
        } else if cell == color.stone() && !dead(v) {
            params.friendly_stone
        } else {
            0
        };
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Black E2's only way out leads past its friend E4, which touches
    /// White's D4. GNU Go 3.8 gives E2 (its own dragon) escape route 7,
    /// surround status 0 and crude status unknown.
    fn friend_in_the_way() -> (Board, Vec<Vertex>) {
        let board = Board::from_rows(&[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "...OX....",
            ".........",
            "...OXO...",
            "....O....",
        ])
        .expect("board");
        let e2 = board.geometry().parse_gtp("E2").expect("vertex");
        (board, vec![e2])
    }

    #[test]
    fn friendly_stones_next_to_the_opponent_stop_the_route_by_default() {
        let (board, stones) = friend_in_the_way();
        let goal = Goal::new(&board, &stones);
        let values = EscapeValues::new(&board, Color::Black, EscapeParams::default());
        assert_eq!(values.route(&board, &goal), 0);
    }

    #[test]
    fn the_influence_route_sums_the_hosts_values_and_friendly_stones() {
        // Black's E5 alone in the centre, a friend at E1 (four below), a
        // white stone at A9 far away.
        let board = Board::from_rows(&[
            "O........",
            ".........",
            ".........",
            ".........",
            "....X....",
            ".........",
            ".........",
            ".........",
            "....X....",
        ])
        .expect("board");
        let geometry = board.geometry();
        let e5 = geometry.parse_gtp("E5").expect("vertex");
        let goal = Goal::new(&board, &[e5]);
        let values = EscapeValues::new(&board, Color::Black, EscapeParams::default());
        assert_eq!(values.influence_route(&board, &goal), None);
        // Every empty point worth 1 by the influence: the points four
        // from E5 are the diamond's 16, one of them the friend E1.
        let empty = vec![1; geometry.vertices()];
        let values = values.with_influence_route(&board, &empty, 4);
        assert_eq!(values.influence_route(&board, &goal), Some(15 + 4));
        let none = vec![0; geometry.vertices()];
        let walled = EscapeValues::new(&board, Color::Black, EscapeParams::default())
            .with_influence_route(&board, &none, 4);
        assert_eq!(walled.influence_route(&board, &goal), Some(4));
    }

    #[test]
    fn friendly_stones_pass_when_asked() {
        let (board, stones) = friend_in_the_way();
        let goal = Goal::new(&board, &stones);
        let params = EscapeParams {
            friendly_stones_pass: true,
            ..EscapeParams::default()
        };
        let values = EscapeValues::new(&board, Color::Black, params);
        // Through E4 to E6, F5 and G4, each three from White's stones.
        assert_eq!(values.route(&board, &goal), 3);
    }
}
