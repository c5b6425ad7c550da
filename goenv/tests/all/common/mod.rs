//! A plain reference implementation of Pgx's Go rules, written straight
//! from `SEMANTICS.md` with flood fills and whole-board comparisons (no
//! incremental strings, no hashes, no bitsets), for checking `goenv`'s fast
//! paths on random games.

#![allow(dead_code)]

/// One game under the reference rules. Boards hold 1 (black), -1 (white)
/// or 0, row-major.
#[derive(Debug, Clone)]
pub struct Reference {
    pub n: usize,
    pub komi: f32,
    pub max_steps: u32,
    pub black_player: u8,
    pub board: Vec<i8>,
    pub step_count: u32,
    pub passes: u32,
    pub ko: Option<usize>,
    /// Boards after every step so far.
    pub history: Vec<Vec<i8>>,
    pub terminated: bool,
    pub rewards: [f32; 2],
    pub reasons: (bool, bool, bool),
}

impl Reference {
    pub fn new(n: usize, komi: f32, max_steps: u32, black_player: u8) -> Reference {
        Reference {
            n,
            komi,
            max_steps,
            black_player,
            board: vec![0; n * n],
            step_count: 0,
            passes: 0,
            ko: None,
            history: Vec::new(),
            terminated: false,
            rewards: [0.0; 2],
            reasons: (false, false, false),
        }
    }

    pub fn neighbours(&self, p: usize) -> Vec<usize> {
        let (r, c, n) = (p / self.n, p % self.n, self.n);
        let mut out = Vec::new();
        if r > 0 {
            out.push(p - n);
        }
        if r + 1 < n {
            out.push(p + n);
        }
        if c > 0 {
            out.push(p - 1);
        }
        if c + 1 < n {
            out.push(p + 1);
        }
        out
    }

    /// The chain at stone `p` and its distinct liberties, by flood fill.
    pub fn chain(&self, board: &[i8], p: usize) -> (Vec<usize>, Vec<usize>) {
        let color = board[p];
        let (mut stones, mut libs, mut stack) = (vec![p], Vec::new(), vec![p]);
        while let Some(q) = stack.pop() {
            for m in self.neighbours(q) {
                if board[m] == color && !stones.contains(&m) {
                    stones.push(m);
                    stack.push(m);
                } else if board[m] == 0 && !libs.contains(&m) {
                    libs.push(m);
                }
            }
        }
        (stones, libs)
    }

    pub fn color_to_move(&self) -> i8 {
        if self.step_count % 2 == 0 { 1 } else { -1 }
    }

    pub fn current_player(&self) -> u8 {
        if self.step_count % 2 == 0 {
            self.black_player
        } else {
            1 - self.black_player
        }
    }

    /// Legal by trying: empty, not ko, and the new stone's chain has a
    /// liberty once the captures are made.
    pub fn mask(&self) -> Vec<bool> {
        let nn = self.n * self.n;
        if self.terminated {
            return vec![true; nn + 1];
        }
        let color = self.color_to_move();
        let mut mask: Vec<bool> = (0..nn)
            .map(|p| {
                if self.board[p] != 0 || self.ko == Some(p) {
                    return false;
                }
                let mut board = self.board.clone();
                board[p] = color;
                for q in self.neighbours(p) {
                    if board[q] == -color && self.chain(&board, q).1.is_empty() {
                        for s in self.chain(&board, q).0 {
                            board[s] = 0;
                        }
                    }
                }
                !self.chain(&board, p).1.is_empty()
            })
            .collect();
        mask.push(true);
        mask
    }

    /// `[black, white]` area counts.
    pub fn score(&self) -> [u32; 2] {
        let mut score = [0u32; 2];
        for p in 0..self.board.len() {
            match self.board[p] {
                1 => score[0] += 1,
                -1 => score[1] += 1,
                _ => {
                    // Which colours can this empty point reach?
                    let (mut seen, mut stack) = (vec![p], vec![p]);
                    let (mut black, mut white) = (false, false);
                    while let Some(q) = stack.pop() {
                        for m in self.neighbours(q) {
                            match self.board[m] {
                                1 => black = true,
                                -1 => white = true,
                                _ if !seen.contains(&m) => {
                                    seen.push(m);
                                    stack.push(m);
                                }
                                _ => {}
                            }
                        }
                    }
                    if !white {
                        score[0] += 1;
                    }
                    if !black {
                        score[1] += 1;
                    }
                }
            }
        }
        score
    }

    fn rewards_for(&self, black_wins: bool) -> [f32; 2] {
        let by_color = if black_wins { [1.0, -1.0] } else { [-1.0, 1.0] };
        let b = usize::from(self.black_player);
        let mut rewards = [0.0; 2];
        rewards[b] = by_color[0];
        rewards[1 - b] = by_color[1];
        rewards
    }

    pub fn step(&mut self, action: usize) {
        let nn = self.n * self.n;
        if self.terminated {
            self.rewards = [0.0; 2];
            return;
        }
        let legal = self.mask()[action];
        let color = self.color_to_move();
        self.ko = None;
        if action < nn {
            self.passes = 0;
            let p = action;
            let surrounded = self.neighbours(p).iter().all(|&q| self.board[q] == -color);
            let mut captured = Vec::new();
            if self.board[p] == 0 {
                for q in self.neighbours(p) {
                    if self.board[q] == -color && !captured.contains(&q) {
                        let (stones, libs) = self.chain(&self.board, q);
                        if libs == vec![p] {
                            captured.extend(stones);
                        }
                    }
                }
            }
            for &s in &captured {
                self.board[s] = 0;
            }
            if captured.len() == 1 && surrounded {
                self.ko = Some(captured[0]);
            }
            self.board[p] = color;
        } else {
            self.passes += 1;
        }
        let psk = action < nn && self.history.contains(&self.board);
        self.history.push(self.board.clone());
        self.step_count += 1;
        self.reasons = (self.passes >= 2, psk, self.step_count >= self.max_steps);
        self.terminated = !legal || self.reasons.0 || psk || self.reasons.2;
        self.rewards = if !self.terminated {
            [0.0; 2]
        } else if !legal || psk {
            self.rewards_for(color == -1)
        } else {
            let [b, w] = self.score();
            self.rewards_for(b as f32 - self.komi > w as f32)
        };
    }

    /// The observation for the player to move, `(row, col, plane)` order.
    pub fn observation(&self) -> Vec<bool> {
        let nn = self.n * self.n;
        let me = self.color_to_move();
        let mut out = vec![false; nn * 17];
        for p in 0..nn {
            for i in 0..8 {
                if let Some(board) = self
                    .history
                    .len()
                    .checked_sub(i + 1)
                    .map(|k| &self.history[k])
                {
                    out[p * 17 + 2 * i] = board[p] == me;
                    out[p * 17 + 2 * i + 1] = board[p] == -me;
                }
            }
            out[p * 17 + 16] = me == -1;
        }
        out
    }

    pub fn board_text(&self) -> String {
        self.board
            .iter()
            .map(|&c| match c {
                1 => 'X',
                -1 => 'O',
                _ => '.',
            })
            .collect()
    }
}
