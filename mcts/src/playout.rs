//! A position being played out: the [`PlayoutBoard`] plus each point's
//! policy weight for both colours, kept incrementally. After a move only
//! the points whose weight can have changed are recomputed: the 3×3
//! neighbourhoods of the stones placed or removed, the liberties of the
//! strings next to them that have at most 3 liberties before or after the
//! move, or touch a captured stone (their captures and self-ataris may
//! have changed), and the old ko point. The previous move's such points
//! lose their `near` word: each takes the weight without it that was
//! computed with its weight.
//! Moves are drawn with probability proportional to their weight through
//! per-row sums.

use goban::Color;

use crate::board::{BLACK, MAX_CELLS, MAX_SIZE, PASS, PlayoutBoard, WHITE, holds};
use crate::capture::draw_answer;
use crate::ladder::escape_is_laddered;
use crate::nakade::vital_point;
use crate::policy::{Policy, properties_at};
use crate::reply::ReplyTable;

/// Most laddered escapes set aside in one draw (then the next draw is
/// taken whatever it is).
const MAX_REDRAWS: usize = 4;

/// The board with its policy weights (see the module documentation).
#[derive(Clone)]
pub struct Playout {
    board: PlayoutBoard,
    /// Weight of each point for Black and White.
    weights: [[u32; MAX_CELLS]; 2],
    /// The weight of each point for Black and White without the `near`
    /// word (what the weight becomes when the point is no longer near the
    /// last move and nothing else changed), set with the weight.
    plain_weights: [[u32; MAX_CELLS]; 2],
    /// Sum of the weights of each padded row, per colour.
    row_sums: [[u64; MAX_SIZE + 2]; 2],
    /// Two lists of points and their lengths: `lists[current]` holds the
    /// points whose status changed with the last move (the `near` word),
    /// the other those of the move before (swapped by flipping
    /// `current`, not by copying).
    lists: [[u16; MAX_CELLS]; 2],
    counts: [u16; 2],
    current: usize,
    /// The stones placed and removed by the move being played.
    placed: [u16; MAX_CELLS],
    /// `mark[v] == epoch`: v changed with the last move.
    mark: [u32; MAX_CELLS],
    epoch: u32,
}

impl Playout {
    /// The weights of every point of `board`, no point `near`.
    pub fn new(board: PlayoutBoard, policy: &Policy) -> Playout {
        let mut playout = Playout {
            board,
            weights: [[0; MAX_CELLS]; 2],
            plain_weights: [[0; MAX_CELLS]; 2],
            row_sums: [[0; MAX_SIZE + 2]; 2],
            lists: [[0; MAX_CELLS]; 2],
            counts: [0; 2],
            current: 0,
            placed: [0; MAX_CELLS],
            mark: [0; MAX_CELLS],
            epoch: 1,
        };
        for v in playout.board.points().collect::<Vec<_>>() {
            playout.recompute(v, policy, false);
        }
        playout
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &PlayoutBoard {
        &self.board
    }

    /// The weight of `v` for `color`.
    #[inline]
    pub fn weight(&self, v: u16, color: Color) -> u32 {
        self.weights[color.index()][v as usize]
    }

    /// Whether `v` changed with the last move (the `near` word).
    #[inline]
    pub fn is_near(&self, v: u16) -> bool {
        self.mark[v as usize] == self.epoch
    }

    #[inline(always)]
    fn set_weights(&mut self, v: u16, w: [u32; 2]) {
        for (c, &weight) in w.iter().enumerate() {
            self.set_weight(v, c, weight);
        }
    }

    fn mark_changed(&mut self, v: u16) {
        if self.mark[v as usize] != self.epoch && self.board.cell(v) != crate::board::OFF {
            self.mark[v as usize] = self.epoch;
            let c = self.current;
            self.lists[c][self.counts[c] as usize] = v;
            self.counts[c] += 1;
        }
    }

    /// Plays `v` (legal) and brings the weights up to date.
    pub fn play(&mut self, v: u16, policy: &Policy) {
        // The last move's points become the previous ones.
        self.current ^= 1;
        let (now, last) = (self.current, self.current ^ 1);
        self.counts[now] = 0;
        self.epoch += 1;
        let old_ko = self.board.ko();
        // The stones next to the move, before it, and for the mover's
        // whether their string had at most 3 liberties.
        let mut before = [(0u16, false); 4];
        if v != PASS {
            let mover = crate::board::stone(self.board.to_move());
            for (k, n) in self.board.neighbours(v).into_iter().enumerate() {
                let cell = self.board.cell(n);
                if cell == mover {
                    let g = self.board.head(n);
                    before[k] = (n, self.board.has_at_most_liberties(g, 3));
                } else if cell == BLACK || cell == WHITE {
                    before[k] = (n, false);
                }
            }
        }
        let mut num_stones = 0usize;
        let placed = &mut self.placed;
        self.board.play_with(v, &mut |s| {
            placed[num_stones] = s;
            num_stones += 1;
        });
        let stride = self.board.stride() as isize;
        for k in 0..num_stones {
            let s = self.placed[k];
            for di in [-stride, 0, stride] {
                for dj in [-1, 0, 1] {
                    self.mark_changed((s as isize + di + dj) as u16);
                }
            }
        }
        // Strings whose liberties' captures or self-ataris may have
        // changed: those with at most 3 liberties before or after the
        // move (a string with 4 or more either way gives every liberty
        // two others and is in no atari), and every string next to a
        // captured stone.
        let mut walk = Heads {
            list: [0; 24],
            len: 0,
        };
        if v != PASS {
            let merged = self.board.head(v);
            let mover = self.board.cell(v);
            let mut walk_merged = self.board.has_at_most_liberties(merged, 3);
            for &(n, few) in &before {
                if n == 0 {
                    continue;
                }
                let cell = self.board.cell(n);
                if cell == mover {
                    walk_merged |= few;
                } else if cell == BLACK || cell == WHITE {
                    let g = self.board.head(n);
                    if self.board.has_at_most_liberties(g, 3) {
                        walk.push(g);
                    }
                }
            }
            if walk_merged {
                walk.push(merged);
            }
            for &s in &self.placed[1..num_stones] {
                for n in self.board.neighbours(s) {
                    let cell = self.board.cell(n);
                    if cell == BLACK || cell == WHITE {
                        walk.push(self.board.head(n));
                    }
                }
            }
        }
        if walk.len == walk.list.len() {
            // Too many to list: every point is recomputed.
            for p in self.board.points().collect::<Vec<_>>() {
                if self.board.cell(p) == crate::board::EMPTY {
                    self.mark_changed(p);
                }
            }
        } else {
            self.mark_all_liberties(&walk.list[..walk.len]);
        }
        for k in 0..self.counts[now] as usize {
            let p = self.lists[now][k];
            self.recompute(p, policy, true);
        }
        for k in 0..self.counts[last] as usize {
            let p = self.lists[last][k];
            if self.mark[p as usize] == self.epoch {
                continue;
            }
            if p == old_ko {
                self.recompute(p, policy, false);
            } else {
                // Only `near` changed (nor the ko point nor the 3×3 code:
                // those points are recomputed): the kept weights without it.
                let w = [
                    self.plain_weights[0][p as usize],
                    self.plain_weights[1][p as usize],
                ];
                self.set_weights(p, w);
            }
        }
        if old_ko != 0
            && self.mark[old_ko as usize] != self.epoch
            && !holds(&self.lists[last][..self.counts[last] as usize], old_ko)
        {
            self.recompute(old_ko, policy, false);
        }
    }

    fn mark_all_liberties(&mut self, heads: &[u16]) {
        for &g in heads {
            let mut s = g;
            loop {
                for q in self.board.neighbours(s) {
                    if self.board.cell(q) == crate::board::EMPTY {
                        self.mark_changed(q);
                    }
                }
                s = self.board.next_stone(s);
                if s == g {
                    break;
                }
            }
        }
    }

    fn recompute(&mut self, p: u16, policy: &Policy, near: bool) {
        let properties = properties_at(&self.board, p, near, &policy.self_atari());
        let black = policy.weights_near_and_plain(&self.board, p, Color::Black, properties[0]);
        let white = policy.weights_near_and_plain(&self.board, p, Color::White, properties[1]);
        self.plain_weights[0][p as usize] = black[1];
        self.plain_weights[1][p as usize] = white[1];
        self.set_weights(p, [black[0], white[0]]);
    }

    /// A move for the player to move, drawn with probability proportional
    /// to its weight; PASS when no move has weight.
    pub fn draw(&self, rng: &mut fastrand::Rng) -> u16 {
        let c = self.board.to_move().index();
        let stride = self.board.stride();
        let rows = &self.row_sums[c][1..=self.board.size()];
        let total: u64 = rows.iter().sum();
        if total == 0 {
            return PASS;
        }
        let mut r = rng.u64(0..total);
        for (i, &sum) in rows.iter().enumerate() {
            if r >= sum {
                r -= sum;
                continue;
            }
            let start = (i + 1) * stride + 1;
            for v in start..start + self.board.size() {
                let w = u64::from(self.weights[c][v]);
                if r < w {
                    return v as u16;
                }
                r -= w;
            }
        }
        PASS
    }

    /// A move drawn as by [`draw`](Self::draw), never an atari escape
    /// that the policy's [`LadderRule`](crate::LadderRule) reads as
    /// laddered: such a draw sets that point's weight to zero for the
    /// mover and draws again (the weights are restored before returning).
    ///
    /// First, with the policy's [`NakadeRule`](crate::NakadeRule) on, the
    /// vital point of a killing-shape eye space next to the last move is
    /// played (in the rule's share of the draws) if the mover may play it
    /// (its weight is not zero). Then, with the policy's
    /// [`CaptureRule`](crate::CaptureRule) on, an answer to the last
    /// move's ataris (`capture::draw_answer`) in the rule's share.
    pub fn draw_with_rules(&mut self, policy: &Policy, rng: &mut fastrand::Rng) -> u16 {
        self.draw_with_replies(policy, rng, [PASS; 2])
    }

    /// [`draw_with_rules`](Self::draw_with_rules) with stored replies
    /// (`reply::ReplyTable::replies`, PASS for none): after the nakade and
    /// capture rules, the first reply the mover may play (its weight is
    /// not zero, and it is no laddered escape) is played.
    pub fn draw_with_replies(
        &mut self,
        policy: &Policy,
        rng: &mut fastrand::Rng,
        replies: [u16; 2],
    ) -> u16 {
        let c = self.board.to_move().index();
        let nakade = policy.nakade();
        if nakade.is_on()
            && rng.u8(0..100) < nakade.percent
            && let Some(v) = vital_point(&self.board)
            && self.weights[c][v as usize] > 0
        {
            return v;
        }
        let rule = policy.ladder();
        let capture = policy.capture();
        if capture.is_on()
            && rng.u8(0..100) < capture.percent
            && let Some(v) =
                draw_answer(&self.board, &rule, |v| self.weights[c][v as usize] > 0, rng)
        {
            return v;
        }
        for v in replies {
            if v != PASS
                && self.weights[c][v as usize] > 0
                && !(rule.is_on() && escape_is_laddered(&self.board, v, &rule))
            {
                return v;
            }
        }
        if !rule.is_on() {
            return self.draw(rng);
        }
        let mut zeroed = [(0u16, 0u32); MAX_REDRAWS];
        let mut count = 0;
        let v = loop {
            let v = self.draw(rng);
            if count == MAX_REDRAWS || !escape_is_laddered(&self.board, v, &rule) {
                break v;
            }
            zeroed[count] = (v, self.weights[c][v as usize]);
            count += 1;
            self.set_weight(v, c, 0);
        };
        for &(p, w) in zeroed[..count].iter().rev() {
            self.set_weight(p, c, w);
        }
        v
    }

    /// Sets a weight and its row's sum (nothing to do, not even the row's
    /// division, when the weight is unchanged).
    #[inline(always)]
    fn set_weight(&mut self, v: u16, c: usize, weight: u32) {
        let old = self.weights[c][v as usize];
        if weight == old {
            return;
        }
        let row = v as usize / self.board.stride();
        self.weights[c][v as usize] = weight;
        self.row_sums[c][row] = self.row_sums[c][row] + u64::from(weight) - u64::from(old);
    }

    /// Plays moves drawn by the policy until two passes in a row or
    /// `max_moves`; calls `played` with each move (PASS included).
    pub fn run(
        &mut self,
        policy: &Policy,
        rng: &mut fastrand::Rng,
        max_moves: usize,
        played: &mut impl FnMut(u16, Color),
    ) {
        for _ in 0..max_moves {
            if self.board.passes() >= 2 {
                break;
            }
            let v = self.draw_with_rules(policy, rng);
            played(v, self.board.to_move());
            self.play(v, policy);
        }
    }

    /// [`run`](Self::run) with the stored replies of `replies` tried
    /// before each draw ([`draw_with_replies`](Self::draw_with_replies));
    /// `before_last` is the move before the board's last move (PASS if
    /// none).
    pub fn run_with_replies(
        &mut self,
        policy: &Policy,
        rng: &mut fastrand::Rng,
        max_moves: usize,
        replies: &ReplyTable,
        mut before_last: u16,
        played: &mut impl FnMut(u16, Color),
    ) {
        for _ in 0..max_moves {
            if self.board.passes() >= 2 {
                break;
            }
            let color = self.board.to_move();
            let last = self.board.last_move();
            let v = self.draw_with_replies(policy, rng, replies.replies(color, before_last, last));
            played(v, color);
            before_last = last;
            self.play(v, policy);
        }
    }

    /// The weights recomputed from scratch with the same `near` points
    /// (for tests): `(point, incremental, fresh)` of the first difference.
    pub fn check_weights(&self, policy: &Policy) -> Result<(), (u16, [u32; 2], [u32; 2])> {
        for v in self.board.points() {
            let fresh = policy.weights_at(&self.board, v, self.is_near(v));
            let kept = [self.weights[0][v as usize], self.weights[1][v as usize]];
            if fresh != kept {
                return Err((v, kept, fresh));
            }
        }
        Ok(())
    }
}

/// A short list of distinct string heads (full = overflowed).
struct Heads {
    list: [u16; 24],
    len: usize,
}

impl Heads {
    fn push(&mut self, g: u16) {
        if !holds(&self.list[..self.len], g) && self.len < self.list.len() {
            self.list[self.len] = g;
            self.len += 1;
        }
    }
}
