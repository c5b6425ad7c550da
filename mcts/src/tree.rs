//! The search tree: an arena of nodes whose every field is an atomic, so
//! that several threads descend, expand and back up at once without locks.
//! A node's children are a contiguous range of the arena, reserved by one
//! compare-and-swap when the node is expanded (the thread that wins the
//! node's `LEAF → EXPANDING` exchange fills them, then publishes them with
//! `EXPANDED`). The arena's memory comes in chunks of [`CHUNK_NODES`]
//! nodes, each allocated when the first range inside it is reserved (a
//! range never straddles two chunks), so a small search uses little
//! memory. When the capacity is reached nodes stay leaves: the capacity
//! is the tree's memory bound.
//!
//! Win counts are kept in half points (a jigo counts 1, a win 2) for the
//! player who played the node's move.

use std::sync::OnceLock;
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

/// Nodes per chunk of the arena (32 bytes each: 512 KiB a chunk); more
/// than the children of any node (at most 19 × 19 + 1).
pub const CHUNK_NODES: usize = 1 << 14;

/// The node arena (root at index 0).
#[derive(Debug)]
pub struct Tree {
    /// The chunks, allocated on first use.
    chunks: Box<[OnceLock<Box<[Node]>>]>,
    /// Most nodes held.
    capacity: usize,
    /// Nodes reserved (the ends of chunks skipped by ranges that did not
    /// fit included).
    used: AtomicUsize,
}

impl Tree {
    /// A tree of at most `capacity` nodes (at least 1), holding a root.
    pub fn new(capacity: usize) -> Tree {
        let capacity = capacity.max(1);
        let tree = Tree {
            chunks: (0..capacity.div_ceil(CHUNK_NODES))
                .map(|_| OnceLock::new())
                .collect(),
            capacity,
            used: AtomicUsize::new(1),
        };
        tree.chunk(0);
        tree
    }

    /// Chunk `c`, allocated now if it was not.
    fn chunk(&self, c: usize) -> &[Node] {
        let nodes = CHUNK_NODES.min(self.capacity - c * CHUNK_NODES);
        self.chunks[c].get_or_init(|| (0..nodes).map(|_| Node::default()).collect())
    }

    /// Node `k` (reserved, so its chunk exists).
    #[inline]
    pub fn node(&self, k: usize) -> &Node {
        let chunk = self.chunks[k / CHUNK_NODES]
            .get()
            .expect("a reserved node's chunk is allocated");
        &chunk[k % CHUNK_NODES]
    }

    /// The nodes of `range` (a reserved range: children of one node,
    /// which lie in one chunk).
    #[inline]
    pub fn nodes(&self, range: std::ops::Range<usize>) -> &[Node] {
        let c = range.start / CHUNK_NODES;
        let chunk = self.chunks[c]
            .get()
            .expect("a reserved node's chunk is allocated");
        let start = range.start - c * CHUNK_NODES;
        &chunk[start..start + range.len()]
    }

    /// The root.
    #[inline]
    pub fn root(&self) -> &Node {
        self.node(0)
    }

    /// Nodes in use.
    pub fn len(&self) -> usize {
        self.used.load(Relaxed).min(self.capacity)
    }

    /// Bytes of node memory allocated so far.
    pub fn allocated_bytes(&self) -> usize {
        self.chunks
            .iter()
            .filter_map(OnceLock::get)
            .map(|chunk| std::mem::size_of_val(&**chunk))
            .sum()
    }

    /// Never empty (the root).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Capacity (the memory bound).
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Back to a lone fresh root (the chunks stay allocated for reuse;
    /// the nodes reserved are cleared).
    pub fn reset(&self) {
        let used = self.len();
        let chunks = self.chunks.iter().enumerate();
        for (c, chunk) in chunks.take(used.div_ceil(CHUNK_NODES)) {
            if let Some(chunk) = chunk.get() {
                let end = (used - c * CHUNK_NODES).min(chunk.len());
                for node in &chunk[..end] {
                    node.clear();
                }
            }
        }
        self.used.store(1, Relaxed);
    }

    /// Reserves `count` (at most [`CHUNK_NODES`]) consecutive nodes in one
    /// chunk, allocating it if needed; `None` when the arena is full.
    pub fn allocate(&self, count: usize) -> Option<usize> {
        debug_assert!(count <= CHUNK_NODES);
        let mut used = self.used.load(Relaxed);
        loop {
            let mut first = used;
            if count > 0 && first / CHUNK_NODES != (first + count - 1) / CHUNK_NODES {
                first = (first / CHUNK_NODES + 1) * CHUNK_NODES;
            }
            if first + count > self.capacity {
                return None;
            }
            match self
                .used
                .compare_exchange_weak(used, first + count, Relaxed, Relaxed)
            {
                Ok(_) => {
                    self.chunk(first / CHUNK_NODES);
                    return Some(first);
                }
                Err(now) => used = now,
            }
        }
    }

    /// Tries to become the thread that expands node `k`.
    pub fn begin_expansion(&self, k: usize) -> bool {
        self.node(k)
            .state
            .compare_exchange(LEAF, EXPANDING, Acquire, Relaxed)
            .is_ok()
    }

    /// Publishes node `k`'s children (`first..first + count`), or turns it
    /// back into a leaf when `first` is `None` (the arena was full).
    pub fn end_expansion(&self, k: usize, children: Option<(usize, usize)>) {
        let node = self.node(k);
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
        self.node(0).copy_from(from.node(root));
        let mut queue = std::collections::VecDeque::from([(root, 0usize)]);
        while let Some((old, new)) = queue.pop_front() {
            let Some(children) = from.node(old).children() else {
                continue;
            };
            let Some(first) = self.allocate(children.len()) else {
                continue;
            };
            for (k, child) in children.clone().enumerate() {
                self.node(first + k).copy_from(from.node(child));
                queue.push_back((child, first + k));
            }
            self.end_expansion(new, Some((first, children.len())));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_comes_chunk_by_chunk_and_ranges_stay_in_one_chunk() {
        let tree = Tree::new(3 * CHUNK_NODES + 10);
        let chunk_bytes = CHUNK_NODES * std::mem::size_of::<Node>();
        assert_eq!(tree.allocated_bytes(), chunk_bytes);
        // Fill the first chunk up to 5 nodes short of its end.
        assert_eq!(tree.allocate(CHUNK_NODES - 6), Some(1));
        assert_eq!(tree.allocated_bytes(), chunk_bytes);
        // 10 nodes do not fit there: they start the second chunk.
        assert_eq!(tree.allocate(10), Some(CHUNK_NODES));
        assert_eq!(tree.allocated_bytes(), 2 * chunk_bytes);
        tree.node(CHUNK_NODES + 9).visits.store(7, Relaxed);
        // The capacity bounds the last, short chunk.
        assert_eq!(tree.allocate(CHUNK_NODES), Some(2 * CHUNK_NODES));
        assert_eq!(tree.allocate(11), None);
        assert_eq!(tree.allocate(10), Some(3 * CHUNK_NODES));
        assert_eq!(tree.allocate(1), None);
        assert_eq!(tree.len(), tree.capacity());
        // A reset clears what was used and keeps the memory.
        let before = tree.allocated_bytes();
        tree.reset();
        assert_eq!(tree.len(), 1);
        assert_eq!(tree.allocated_bytes(), before);
        assert_eq!(tree.allocate(CHUNK_NODES - 1), Some(1));
        assert_eq!(tree.allocate(10), Some(CHUNK_NODES));
        assert_eq!(tree.node(CHUNK_NODES + 9).visits.load(Relaxed), 0);
    }
}
