//! The search tree: a fixed-capacity arena of nodes whose every field is
//! an atomic, so that several threads descend, expand and back up at once
//! without locks. A node's children are a contiguous range of the arena,
//! allocated by one `fetch_add` when the node is expanded (the thread that
//! wins the node's `LEAF → EXPANDING` exchange fills them, then publishes
//! them with `EXPANDED`). When the arena is full nodes stay leaves: the
//! capacity is the tree's memory bound.
//!
//! Win counts are kept in half points (a jigo counts 1, a win 2) for the
//! player who played the node's move.

use std::sync::atomic::{
    AtomicU8, AtomicU16, AtomicU32, AtomicUsize, Ordering::Acquire, Ordering::Relaxed,
    Ordering::Release,
};

/// A node with no children yet.
pub const LEAF: u8 = 0;
/// A node whose children one thread is filling.
pub const EXPANDING: u8 = 1;
/// A node whose children are published.
pub const EXPANDED: u8 = 2;

/// One node: the move that leads to it and its statistics.
#[derive(Debug, Default)]
pub struct Node {
    /// The move (a playout-board index, 0 = pass).
    pub mv: AtomicU16,
    /// Number of children.
    pub num_children: AtomicU16,
    /// [`LEAF`], [`EXPANDING`] or [`EXPANDED`].
    pub state: AtomicU8,
    /// Prior visits (the pattern prior, counted like real visits in Q).
    pub prior_visits: AtomicU16,
    /// Prior wins in half points.
    pub prior_wins2: AtomicU16,
    /// Visits, virtual losses of playouts still running included.
    pub visits: AtomicU32,
    /// Wins in half points.
    pub wins2: AtomicU32,
    /// AMAF visits.
    pub rave_visits: AtomicU32,
    /// AMAF wins in half points.
    pub rave_wins2: AtomicU32,
    /// Index of the first child.
    pub first_child: AtomicU32,
}

impl Node {
    fn clear(&self) {
        self.copy_from(&Node::default());
    }

    /// Copies the move and statistics (not the children) of `other`.
    fn copy_from(&self, other: &Node) {
        self.mv.store(other.mv.load(Relaxed), Relaxed);
        self.num_children.store(0, Relaxed);
        self.state.store(LEAF, Relaxed);
        self.prior_visits
            .store(other.prior_visits.load(Relaxed), Relaxed);
        self.prior_wins2
            .store(other.prior_wins2.load(Relaxed), Relaxed);
        self.visits.store(other.visits.load(Relaxed), Relaxed);
        self.wins2.store(other.wins2.load(Relaxed), Relaxed);
        self.rave_visits
            .store(other.rave_visits.load(Relaxed), Relaxed);
        self.rave_wins2
            .store(other.rave_wins2.load(Relaxed), Relaxed);
        self.first_child.store(0, Relaxed);
    }

    /// The published children range, if expanded.
    #[inline]
    pub fn children(&self) -> Option<std::ops::Range<usize>> {
        if self.state.load(Acquire) != EXPANDED {
            return None;
        }
        let first = self.first_child.load(Relaxed) as usize;
        Some(first..first + self.num_children.load(Relaxed) as usize)
    }

    /// Mean result (wins per visit, priors included) for the player who
    /// played the move; `None` with no visits at all.
    pub fn value(&self) -> Option<f32> {
        let n = self.visits.load(Relaxed) + u32::from(self.prior_visits.load(Relaxed));
        let w2 = self.wins2.load(Relaxed) + u32::from(self.prior_wins2.load(Relaxed));
        (n > 0).then(|| w2 as f32 / (2.0 * n as f32))
    }
}

/// The node arena (root at index 0).
#[derive(Debug)]
pub struct Tree {
    nodes: Vec<Node>,
    used: AtomicUsize,
}

impl Tree {
    /// A tree of at most `capacity` nodes (at least 1), holding a root.
    pub fn new(capacity: usize) -> Tree {
        let capacity = capacity.max(1);
        Tree {
            nodes: (0..capacity).map(|_| Node::default()).collect(),
            used: AtomicUsize::new(1),
        }
    }

    /// Node `k`.
    #[inline]
    pub fn node(&self, k: usize) -> &Node {
        &self.nodes[k]
    }

    /// The root.
    #[inline]
    pub fn root(&self) -> &Node {
        &self.nodes[0]
    }

    /// Nodes in use.
    pub fn len(&self) -> usize {
        self.used.load(Relaxed).min(self.nodes.len())
    }

    /// Never empty (the root).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Capacity (the memory bound).
    pub fn capacity(&self) -> usize {
        self.nodes.len()
    }

    /// Back to a lone fresh root.
    pub fn reset(&self) {
        for node in &self.nodes[..self.len()] {
            node.clear();
        }
        self.used.store(1, Relaxed);
    }

    /// Reserves `count` consecutive nodes; `None` when the arena is full.
    pub fn allocate(&self, count: usize) -> Option<usize> {
        let first = self.used.fetch_add(count, Relaxed);
        if first + count > self.nodes.len() {
            self.used.fetch_sub(count, Relaxed);
            return None;
        }
        Some(first)
    }

    /// Tries to become the thread that expands node `k`.
    pub fn begin_expansion(&self, k: usize) -> bool {
        self.nodes[k]
            .state
            .compare_exchange(LEAF, EXPANDING, Acquire, Relaxed)
            .is_ok()
    }

    /// Publishes node `k`'s children (`first..first + count`), or turns it
    /// back into a leaf when `first` is `None` (the arena was full).
    pub fn end_expansion(&self, k: usize, children: Option<(usize, usize)>) {
        let node = &self.nodes[k];
        match children {
            Some((first, count)) => {
                node.first_child.store(first as u32, Relaxed);
                node.num_children.store(count as u16, Relaxed);
                node.state.store(EXPANDED, Release);
            }
            None => node.state.store(LEAF, Release),
        }
    }

    /// Makes this tree a copy of `from`'s subtree under node `root`
    /// (breadth first, as far as the capacity allows).
    pub fn copy_subtree(&self, from: &Tree, root: usize) {
        self.reset();
        self.nodes[0].copy_from(from.node(root));
        let mut queue = std::collections::VecDeque::from([(root, 0usize)]);
        while let Some((old, new)) = queue.pop_front() {
            let Some(children) = from.node(old).children() else {
                continue;
            };
            let Some(first) = self.allocate(children.len()) else {
                continue;
            };
            for (k, child) in children.clone().enumerate() {
                self.nodes[first + k].copy_from(from.node(child));
                queue.push_back((child, first + k));
            }
            self.end_expansion(new, Some((first, children.len())));
        }
    }
}
