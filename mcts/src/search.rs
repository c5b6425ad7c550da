//! UCT with RAVE over the [`Tree`], tree-parallel: every thread descends
//! from the root (adding a virtual loss to each node it passes, so that
//! others spread out), expands a leaf once it has enough visits (children
//! get pattern priors from the playout weights), plays the position out
//! with the [`Policy`], and backs the result up the path, with AMAF
//! updates for every child whose move the side to move played first later
//! in the game. The tree is kept between moves ([`Searcher::advance`]).
//!
//! A search with one thread, a seed and a playout limit (no time limit)
//! is deterministic; [`SearchParams::deterministic`] forces one thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use goban::{Color, Point};

use crate::board::{MAX_CELLS, PASS, PlayoutBoard};
use crate::capture::answers;
use crate::criticality::{CriticalityRule, CriticalityTally};
use crate::ladder::escape_is_laddered;
use crate::nakade::vital_point;
use crate::opening::OpeningRule;
use crate::playout::Playout;
use crate::policy::Policy;
use crate::reply::{LastGoodReply, ReplyTable};
use crate::tree::Tree;

/// The search's parameters.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchParams {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// One thread whatever `threads` says, so that a seed and a playout
    /// limit give the same move every time.
    pub deterministic: bool,
    /// Seed of the playout random numbers (thread `t` uses `seed + t`).
    pub seed: u64,
    /// Komi (White's compensation) for the area score of playouts.
    pub komi: f32,
    /// Most nodes the tree holds (the memory bound; 32 bytes each).
    pub max_nodes: usize,
    /// Visits a node needs before it is expanded.
    pub expand_visits: u32,
    /// RAVE equivalence: the visits at which AMAF and real results weigh
    /// the same.
    pub rave_equivalence: f32,
    /// UCB exploration constant.
    pub exploration: f32,
    /// Prior visits given to each new child.
    pub prior_visits: u16,
    /// Prior value of a move of zero policy weight (self-atari, …).
    pub prior_unlikely: f32,
    /// Prior value of a move of the smallest positive policy weight; the
    /// largest weight gets `prior_base + prior_pattern`.
    pub prior_base: f32,
    /// See `prior_base`.
    pub prior_pattern: f32,
    /// Prior value of passing.
    pub prior_pass: f32,
    /// Playout length limit, in multiples of the number of points.
    pub playout_length: usize,
    /// Prior visits of a [`Position::root_priors`] or
    /// [`Position::reply_priors`] entry.
    pub root_prior_visits: u16,
    /// Bonus priors of moves at critical points (off by default).
    pub criticality: CriticalityRule,
    /// Priors of open-area moves by their line on large boards (off by
    /// default).
    pub opening: OpeningRule,
    /// Last good replies tried first in the playouts (off by default).
    pub last_good_reply: LastGoodReply,
    /// The last good replies are kept from one search to the next (until
    /// [`Searcher::clear`]) instead of learnt afresh in each search.
    pub keep_replies: bool,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            threads: 1,
            deterministic: false,
            seed: 1,
            komi: 7.5,
            max_nodes: 1 << 21,
            expand_visits: 2,
            rave_equivalence: 1000.0,
            exploration: 0.1,
            prior_visits: 10,
            prior_unlikely: 0.2,
            prior_base: 0.4,
            prior_pattern: 0.3,
            prior_pass: 0.1,
            playout_length: 3,
            root_prior_visits: 20,
            criticality: CriticalityRule::OFF,
            opening: OpeningRule::OFF,
            last_good_reply: LastGoodReply::Off,
            keep_replies: false,
        }
    }
}

/// When a search stops (the first limit reached; at least one playout).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Playouts of this search.
    pub playouts: Option<u64>,
    /// Wall-clock time.
    pub time: Option<Duration>,
}

/// One root move with its statistics.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveStats {
    /// The move (`None` = pass).
    pub mv: Option<Point>,
    /// Visits (real playouts through it).
    pub visits: u32,
    /// Mean result for the player to move at the root.
    pub winrate: f32,
    /// Prior value given at expansion.
    pub prior: f32,
    /// Principal variation from this move on (most visited children).
    pub pv: Vec<Option<Point>>,
}

/// What a search found.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchResult {
    /// The most visited allowed root move (`None` = pass).
    pub best: Option<Point>,
    /// Its win rate for the player to move.
    pub winrate: f32,
    /// Playouts this search ran.
    pub playouts: u64,
    /// Nodes in the tree.
    pub nodes: usize,
    /// Allowed root moves by decreasing visits.
    pub moves: Vec<MoveStats>,
    /// Mean owner of each point over this search's playouts, row by row:
    /// +1 Black, −1 White.
    pub ownership: Vec<f32>,
    /// Each point's criticality ([`crate::criticality`]) over this
    /// search's playouts, row by row (all 0 with the rule off).
    pub criticality: Vec<f32>,
    /// Mean area score of the playouts (Black − White − komi).
    pub score: f32,
    /// Time spent.
    pub elapsed: Duration,
}

/// A search position: the board, the root moves not allowed (superko,
/// or passing during cleanup) and outside knowledge of the root moves, as
/// playout-board indices.
#[derive(Debug, Clone)]
pub struct Position {
    /// The position with the player to move and the ko point.
    pub board: PlayoutBoard,
    /// Root moves the search may not choose.
    pub excluded: Vec<u16>,
    /// Root priors from elsewhere (e.g. the engine's shape proposals):
    /// `(move, value)`, counted as [`SearchParams::root_prior_visits`]
    /// visits of that value in place of the pattern prior.
    pub root_priors: Vec<(u16, f32)>,
    /// Priors one move deeper: `(root move, its replies' priors)`, the
    /// replies' priors as in `root_priors` (for the opponent's choices
    /// after that root move).
    pub reply_priors: Vec<(u16, Vec<(u16, f32)>)>,
}

impl Position {
    /// `board` with nothing excluded and no outside priors.
    pub fn new(board: PlayoutBoard) -> Position {
        Position {
            board,
            excluded: Vec::new(),
            root_priors: Vec::new(),
            reply_priors: Vec::new(),
        }
    }
}

/// A searcher: parameters, policy, and the tree kept between moves.
pub struct Searcher {
    params: SearchParams,
    policy: Arc<Policy>,
    tree: Tree,
    spare: Tree,
    /// The position at the tree's root.
    root: Option<PlayoutBoard>,
    /// Searches run (mixed into the seed so that searches differ).
    searches: u64,
    /// The last good replies (learnt afresh in each search unless
    /// [`SearchParams::keep_replies`]).
    replies: ReplyTable,
}

/// Per-thread scratch and tallies.
struct Worker {
    rng: fastrand::Rng,
    path: Vec<usize>,
    moves: Vec<(u16, Color)>,
    first_color: [u8; MAX_CELLS],
    ownership: Vec<i64>,
    score_sum: f64,
    playouts: u64,
    /// This thread's playouts' criticality tallies (kept only with the
    /// criticality rule on).
    criticality: CriticalityTally,
}

impl Searcher {
    /// A searcher with `params` and `policy`.
    pub fn new(params: SearchParams, policy: Arc<Policy>) -> Searcher {
        Searcher {
            tree: Tree::new(params.max_nodes),
            spare: Tree::new(params.max_nodes),
            replies: ReplyTable::new(params.last_good_reply),
            params,
            policy,
            root: None,
            searches: 0,
        }
    }

    /// The parameters.
    pub fn params(&self) -> &SearchParams {
        &self.params
    }

    /// Changes the komi (the tree is dropped: its values assumed another).
    pub fn set_komi(&mut self, komi: f32) {
        if self.params.komi != komi {
            self.params.komi = komi;
            self.clear();
        }
    }

    /// The policy.
    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// How many last good replies the searcher holds (those of its last
    /// search, or of every search since [`clear`](Self::clear) with
    /// [`SearchParams::keep_replies`]).
    pub fn stored_replies(&self) -> usize {
        self.replies.stored()
    }

    /// Forgets the tree and the kept last good replies.
    pub fn clear(&mut self) {
        self.tree.reset();
        self.root = None;
        self.replies.forget();
    }

    /// Moves the root to the child reached by `mv` (a point or pass),
    /// keeping its subtree; forgets the tree when there is none.
    pub fn advance(&mut self, mv: Option<Point>) {
        let Some(mut board) = self.root.take() else {
            return;
        };
        let v = mv.map_or(PASS, |p| board.index(p.i as usize, p.j as usize));
        if !board.is_legal(v) {
            self.tree.reset();
            return;
        }
        match self.root_child(v) {
            Some(c) => {
                self.spare.copy_subtree(&self.tree, c);
                std::mem::swap(&mut self.tree, &mut self.spare);
                board.play(v);
                self.root = Some(board);
            }
            None => self.tree.reset(),
        }
    }

    /// The root's child reached by move `v`, if the root is expanded.
    fn root_child(&self, v: u16) -> Option<usize> {
        self.tree
            .root()
            .children()
            .and_then(|mut range| range.find(|&c| self.tree.node(c).mv.load(Relaxed) == v))
    }

    /// Searches `position` within `limits`.
    pub fn search(&mut self, position: &Position, limits: Limits) -> SearchResult {
        self.search_until(position, limits, &|| false)
    }

    /// Searches `position` within `limits` or until `interrupted` says so
    /// (asked before every playout, from every thread; a streaming
    /// analysis stops when the next command arrives). At least one
    /// playout runs.
    pub fn search_until(
        &mut self,
        position: &Position,
        limits: Limits,
        interrupted: &(dyn Fn() -> bool + Sync),
    ) -> SearchResult {
        let start = Instant::now();
        if !self
            .root
            .as_ref()
            .is_some_and(|root| same_position(root, &position.board))
        {
            self.tree.reset();
            self.root = Some(position.board.clone());
        }
        let root_playout = Playout::new(position.board.clone(), &self.policy);
        if !position.root_priors.is_empty() || !position.reply_priors.is_empty() {
            self.set_outside_priors(&root_playout, position);
        }
        let threads = if self.params.deterministic {
            1
        } else {
            self.params.threads.max(1)
        };
        let mut excluded = vec![false; MAX_CELLS];
        for &v in &position.excluded {
            excluded[v as usize] = true;
        }
        let seed = self
            .params
            .seed
            .wrapping_add(self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        self.searches += 1;
        if !self.params.keep_replies {
            self.replies.forget();
        }
        let shared = self.shared(
            &root_playout,
            &excluded,
            limits,
            start,
            interrupted,
            &self.replies,
        );
        let workers: Vec<Worker> = if threads == 1 {
            vec![shared.run(seed)]
        } else {
            shared.expand_root();
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|t| {
                        let shared = &shared;
                        scope.spawn(move || shared.run(seed.wrapping_add(t as u64)))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("search thread panicked"))
                    .collect()
            })
        };
        self.result(&position.board, &excluded, &workers, start.elapsed())
    }

    /// Gives the root's children their [`Position::root_priors`] and the
    /// listed root children's children their [`Position::reply_priors`]
    /// (expanding those nodes if needed).
    fn set_outside_priors(&self, root: &Playout, position: &Position) {
        let replies = ReplyTable::new(LastGoodReply::Off);
        let shared = self.shared(
            root,
            &[],
            Limits::default(),
            Instant::now(),
            &|| false,
            &replies,
        );
        self.set_priors(&shared, 0, root, &position.root_priors);
        for (mv, priors) in &position.reply_priors {
            let Some(child) = self.root_child(*mv) else {
                continue;
            };
            let mut after = root.clone();
            after.play(*mv, &self.policy);
            self.set_priors(&shared, child, &after, priors);
        }
    }

    /// Expands node `k` (the position `playout`) if needed and gives the
    /// listed children their outside prior.
    fn set_priors(&self, shared: &Shared, k: usize, playout: &Playout, priors: &[(u16, f32)]) {
        let node = self.tree.node(k);
        if node.children().is_none() && self.tree.begin_expansion(k) {
            let children = shared.expand(playout, None);
            self.tree.end_expansion(k, children);
        }
        let Some(children) = self.tree.node(k).children() else {
            return;
        };
        let visits = self.params.root_prior_visits;
        for c in children {
            let node = self.tree.node(c);
            let mv = node.mv.load(Relaxed);
            if let Some(&(_, value)) = priors.iter().find(|&&(v, _)| v == mv) {
                node.prior_visits.store(visits, Relaxed);
                node.prior_wins2
                    .store((2.0 * value * f32::from(visits)).round() as u16, Relaxed);
            }
        }
    }

    fn shared<'a>(
        &'a self,
        root: &'a Playout,
        excluded: &'a [bool],
        limits: Limits,
        start: Instant,
        interrupted: &'a (dyn Fn() -> bool + Sync),
        replies: &'a ReplyTable,
    ) -> Shared<'a> {
        Shared {
            tree: &self.tree,
            policy: &self.policy,
            params: &self.params,
            root,
            excluded,
            limits,
            start,
            interrupted,
            started: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            root_criticality_given: AtomicBool::new(false),
            replies,
        }
    }

    fn result(
        &self,
        board: &PlayoutBoard,
        excluded: &[bool],
        workers: &[Worker],
        elapsed: Duration,
    ) -> SearchResult {
        let playouts: u64 = workers.iter().map(|w| w.playouts).sum();
        let size = board.size();
        let mut ownership = vec![0f32; size * size];
        for (k, v) in board.points().enumerate() {
            let sum: i64 = workers.iter().map(|w| w.ownership[v as usize]).sum();
            ownership[k] = sum as f32 / playouts.max(1) as f32;
        }
        let score =
            (workers.iter().map(|w| w.score_sum).sum::<f64>() / playouts.max(1) as f64) as f32;
        let mut tally = CriticalityTally::new();
        for worker in workers {
            tally.merge(&worker.criticality);
        }
        let criticality = board.points().map(|v| tally.criticality(v)).collect();
        let to_point = |v: u16| (v != PASS).then(|| board.point(v));
        let mut moves: Vec<MoveStats> = self
            .tree
            .root()
            .children()
            .into_iter()
            .flatten()
            .filter(|&c| !excluded[self.tree.node(c).mv.load(Relaxed) as usize])
            .map(|c| {
                let node = self.tree.node(c);
                let visits = node.visits.load(Relaxed);
                let prior_visits = u32::from(node.prior_visits.load(Relaxed)).max(1);
                MoveStats {
                    mv: to_point(node.mv.load(Relaxed)),
                    visits,
                    winrate: node.wins2.load(Relaxed) as f32 / (2.0 * visits.max(1) as f32),
                    prior: f32::from(node.prior_wins2.load(Relaxed)) / (2.0 * prior_visits as f32),
                    pv: std::iter::once(node.mv.load(Relaxed))
                        .chain(self.principal_variation(c))
                        .map(to_point)
                        .collect(),
                }
            })
            .collect();
        moves.sort_by_key(|m| std::cmp::Reverse(m.visits));
        let (best, winrate) = moves.first().map_or((None, 0.5), |m| (m.mv, m.winrate));
        SearchResult {
            best,
            winrate,
            playouts,
            nodes: self.tree.len(),
            moves,
            ownership,
            criticality,
            score,
            elapsed,
        }
    }

    /// The most visited path below node `k`.
    fn principal_variation(&self, mut k: usize) -> Vec<u16> {
        let mut pv = Vec::new();
        while let Some(children) = self.tree.node(k).children() {
            let Some(best) = children.max_by_key(|&c| self.tree.node(c).visits.load(Relaxed))
            else {
                break;
            };
            if self.tree.node(best).visits.load(Relaxed) == 0 || pv.len() >= 20 {
                break;
            }
            pv.push(self.tree.node(best).mv.load(Relaxed));
            k = best;
        }
        pv
    }
}

/// Same stones, player to move and ko point.
fn same_position(a: &PlayoutBoard, b: &PlayoutBoard) -> bool {
    a.size() == b.size()
        && a.to_move() == b.to_move()
        && a.ko() == b.ko()
        && a.points().all(|v| a.cell(v) == b.cell(v))
}

/// What every thread of one search shares.
struct Shared<'a> {
    tree: &'a Tree,
    policy: &'a Policy,
    params: &'a SearchParams,
    root: &'a Playout,
    excluded: &'a [bool],
    limits: Limits,
    start: Instant,
    /// Asked before every playout: stop now (after the first).
    interrupted: &'a (dyn Fn() -> bool + Sync),
    /// Playouts started by all threads.
    started: AtomicU64,
    stop: AtomicBool,
    /// The root's children have had their criticality bonus.
    root_criticality_given: AtomicBool,
    /// The last good replies of this search.
    replies: &'a ReplyTable,
}

/// Black's result of a playout scored `score`, in half points: 2 win, 1
/// jigo, 0 loss.
fn black2_of(score: f32) -> u32 {
    if score > 0.0 {
        2
    } else if score == 0.0 {
        1
    } else {
        0
    }
}

/// Adds `visits` prior visits, all won, to `node` (saturating).
fn add_won_prior(node: &crate::tree::Node, visits: u16) {
    if visits == 0 {
        return;
    }
    let n = node.prior_visits.load(Relaxed);
    let w = node.prior_wins2.load(Relaxed);
    node.prior_visits.store(n.saturating_add(visits), Relaxed);
    node.prior_wins2
        .store(w.saturating_add(visits.saturating_mul(2)), Relaxed);
}

impl Shared<'_> {
    /// One thread's loop: playouts until a limit.
    fn run(&self, seed: u64) -> Worker {
        let mut worker = Worker {
            rng: fastrand::Rng::with_seed(seed),
            path: Vec::with_capacity(64),
            moves: Vec::with_capacity(4 * MAX_CELLS),
            first_color: [0; MAX_CELLS],
            ownership: vec![0; MAX_CELLS],
            score_sum: 0.0,
            playouts: 0,
            criticality: CriticalityTally::new(),
        };
        loop {
            let n = self.started.fetch_add(1, Relaxed);
            let over_playouts = self.limits.playouts.is_some_and(|limit| n >= limit);
            let over_time = n > 0 && self.limits.time.is_some_and(|t| self.start.elapsed() >= t);
            let interrupted = n > 0 && (self.interrupted)();
            if self.stop.load(Relaxed) || over_playouts || over_time || interrupted {
                self.stop.store(true, Relaxed);
                break;
            }
            self.playout(&mut worker);
            let rule = self.params.criticality;
            if rule.is_on()
                && worker.criticality.playouts() == rule.min_playouts
                && !self.root_criticality_given.swap(true, Relaxed)
                && let Some(children) = self.tree.node(0).children()
            {
                // The root's children once a search, when the tallies are
                // first trusted; later expansions get theirs at once.
                self.give_criticality(children, &worker.criticality);
            }
        }
        worker
    }

    /// Expands the root before several threads start, so that no playout
    /// runs from the bare root while another thread is still expanding it:
    /// every playout then reaches a root child, and the children's visits
    /// add up to the playouts.
    fn expand_root(&self) {
        if self.tree.node(0).children().is_none() && self.tree.begin_expansion(0) {
            let children = self.expand(self.root, None);
            self.tree.end_expansion(0, children);
        }
    }

    fn playout(&self, worker: &mut Worker) {
        let mut playout = self.root.clone();
        worker.path.clear();
        worker.moves.clear();
        let mut k = 0usize;
        loop {
            let node = self.tree.node(k);
            node.visits.fetch_add(1, Relaxed);
            worker.path.push(k);
            if playout.board().passes() >= 2 {
                break;
            }
            if node.children().is_none() {
                let ready = k == 0 || node.visits.load(Relaxed) >= self.params.expand_visits;
                if !(ready && self.tree.begin_expansion(k)) {
                    break;
                }
                let criticality = (worker.criticality.playouts()
                    >= self.params.criticality.min_playouts)
                    .then_some(&worker.criticality);
                let children = self.expand(&playout, criticality);
                self.tree.end_expansion(k, children);
                if children.is_none() {
                    break;
                }
            }
            let Some(child) = self.select(k, playout.board().to_move()) else {
                break;
            };
            let mv = self.tree.node(child).mv.load(Relaxed);
            worker.moves.push((mv, playout.board().to_move()));
            playout.play(mv, self.policy);
            k = child;
        }
        let max_moves =
            self.params.playout_length * playout.board().size() * playout.board().size();
        let moves = &mut worker.moves;
        let before_last = match moves.len() {
            0 | 1 => PASS,
            n => moves[n - 2].0,
        };
        playout.run_with_replies(
            self.policy,
            &mut worker.rng,
            max_moves,
            self.replies,
            before_last,
            &mut |v, c| moves.push((v, c)),
        );
        let board = playout.board();
        let score = board.area_score(self.params.komi);
        for v in board.points() {
            worker.ownership[v as usize] += match board.owner(v) {
                Some(Color::Black) => 1,
                Some(Color::White) => -1,
                None => 0,
            };
        }
        if self.params.criticality.is_on() {
            worker.criticality.add(board, black2_of(score));
        }
        worker.score_sum += f64::from(score);
        worker.playouts += 1;
        let winner = match black2_of(score) {
            2 => Some(Color::Black),
            0 => Some(Color::White),
            _ => None,
        };
        self.replies.learn(&worker.moves, winner);
        self.back_up(worker, black2_of(score));
    }

    /// The children of a position: every legal move but the mover's own
    /// true eyes, and pass, with pattern priors.
    /// With `criticality`, moves at critical points get the
    /// [`CriticalityRule`]'s bonus.
    fn expand(
        &self,
        playout: &Playout,
        criticality: Option<&CriticalityTally>,
    ) -> Option<(usize, usize)> {
        let board = playout.board();
        let color = board.to_move();
        let mut candidates: Vec<u16> = board
            .empties()
            .iter()
            .copied()
            .filter(|&v| board.is_legal(v) && !board.is_true_eye(v, color))
            .collect();
        candidates.sort_unstable();
        candidates.push(PASS);
        let first = self.tree.allocate(candidates.len())?;
        // A laddered atari escape counts as weight 0 (the playouts never
        // draw it either).
        let ladder = self.policy.ladder();
        let weights: Vec<u32> = candidates
            .iter()
            .map(|&v| match playout.weight(v, color) {
                w if w > 0 && escape_is_laddered(board, v, &ladder) => 0,
                w => w,
            })
            .collect();
        let max_weight = weights.iter().copied().max().unwrap_or(0).max(1);
        // With the nakade rule, the vital point the playouts play first
        // gets the prior of the heaviest move.
        let vital = if self.policy.nakade().is_on() {
            vital_point(board)
        } else {
            None
        };
        // With the capture rule, its answers to the last move likewise.
        let answered = if self.policy.capture().is_on() {
            answers(board, &ladder, |v| playout.weight(v, color) > 0)
        } else {
            Vec::new()
        };
        let p = &self.params;
        for (k, (&v, &weight)) in candidates.iter().zip(&weights).enumerate() {
            let value = if v == PASS {
                p.prior_pass
            } else if weight > 0 && (vital == Some(v) || answered.contains(&v)) {
                p.prior_base + p.prior_pattern
            } else if let Some(prior) = p.opening.prior(board, v).filter(|_| weight > 0) {
                prior
            } else {
                match weight {
                    0 => p.prior_unlikely,
                    w => p.prior_base + p.prior_pattern * (w as f32 / max_weight as f32).sqrt(),
                }
            };
            let node = self.tree.node(first + k);
            node.mv.store(v, Relaxed);
            node.prior_visits.store(p.prior_visits, Relaxed);
            node.prior_wins2.store(
                (2.0 * value * f32::from(p.prior_visits)).round() as u16,
                Relaxed,
            );
        }
        if let Some(tally) = criticality {
            self.give_criticality(first..first + candidates.len(), tally);
        }
        Some((first, candidates.len()))
    }

    /// Gives the nodes of `children` the [`CriticalityRule`]'s bonus from
    /// `tally`, by each move's criticality relative to the most critical.
    fn give_criticality(&self, children: std::ops::Range<usize>, tally: &CriticalityTally) {
        let moves: Vec<u16> = self
            .tree
            .nodes(children.clone())
            .iter()
            .map(|node| node.mv.load(Relaxed))
            .collect();
        let max = tally.max_criticality(&moves);
        for node in self.tree.nodes(children) {
            let v = node.mv.load(Relaxed);
            if v != PASS {
                add_won_prior(
                    node,
                    self.params.criticality.bonus(tally.criticality(v), max),
                );
            }
        }
    }

    /// The child of node `k` with the best UCT-RAVE value for `color`
    /// (excluded moves skipped at the root).
    fn select(&self, k: usize, _color: Color) -> Option<usize> {
        let children = self.tree.node(k).children()?;
        let parent_visits = self.tree.node(k).visits.load(Relaxed).max(1) as f32;
        let log_parent = parent_visits.ln();
        let p = self.params;
        let mut best = None;
        let mut best_value = f32::NEG_INFINITY;
        let first = children.start;
        for (c, node) in (first..).zip(self.tree.nodes(children)) {
            if k == 0 && self.excluded[node.mv.load(Relaxed) as usize] {
                continue;
            }
            let n = (node.visits.load(Relaxed) + u32::from(node.prior_visits.load(Relaxed))) as f32;
            let w =
                (node.wins2.load(Relaxed) + u32::from(node.prior_wins2.load(Relaxed))) as f32 / 2.0;
            let q = if n > 0.0 { w / n } else { 1.0 };
            let rn = node.rave_visits.load(Relaxed) as f32;
            let value = if rn > 0.0 {
                let rq = node.rave_wins2.load(Relaxed) as f32 / (2.0 * rn);
                let beta = rn / (rn + n + rn * n / p.rave_equivalence);
                (1.0 - beta) * q + beta * rq
            } else {
                q
            };
            let value = value + p.exploration * (log_parent / n.max(1.0)).sqrt();
            if value > best_value {
                best_value = value;
                best = Some(c);
            }
        }
        best
    }

    /// Adds the result to every node of the path (for the player who
    /// played its move) and AMAF results to their siblings.
    fn back_up(&self, worker: &mut Worker, black2: u32) {
        let result_for = |color: Color| {
            if color == Color::Black {
                black2
            } else {
                2 - black2
            }
        };
        let root_color = self.root.board().to_move();
        worker.first_color.fill(0);
        let depth = worker.path.len();
        for &(v, c) in worker.moves[depth.min(worker.moves.len())..].iter().rev() {
            worker.first_color[v as usize] = 1 + c.index() as u8;
        }
        for d in (0..depth).rev() {
            // Node d's move was played by the colour to move at depth d-1.
            let mover = if d % 2 == 1 {
                root_color
            } else {
                root_color.other()
            };
            let node = self.tree.node(worker.path[d]);
            node.wins2.fetch_add(result_for(mover), Relaxed);
            if let Some(&(v, c)) = worker.moves.get(d) {
                worker.first_color[v as usize] = 1 + c.index() as u8;
            }
            let Some(children) = node.children() else {
                continue;
            };
            let to_move = mover.other();
            let tag = 1 + to_move.index() as u8;
            let won = result_for(to_move);
            for child in self.tree.nodes(children) {
                let v = child.mv.load(Relaxed);
                if v != PASS && worker.first_color[v as usize] == tag {
                    child.rave_visits.fetch_add(1, Relaxed);
                    child.rave_wins2.fetch_add(won, Relaxed);
                }
            }
        }
    }
}
