//! The DFA automaton over pattern strings (compilation.md §14.4), with GNU
//! Go's exact state and index tables.
//!
//! GNU Go builds the automaton by synchronised products of linear automata
//! (one per string) collected in a ring of 33 bins and merged pairwise at the
//! end. Because every product is synchronised by depth, its states are
//! exactly the pairs (depth, set of live patterns); this module builds those
//! directly and reproduces what the construction order decides:
//!
//! * the final product creates states in depth-first order, allocating index
//!   entries for each state's match list as it goes;
//! * a product's match list is `reverse(right extras) ++ reverse(left list)`,
//!   so the order of a list follows from the tree of products ([`MergeTree`]);
//! * the index array is then compacted (shared list tails) and the states
//!   renumbered from state 1 (breadth first, chains of empty-point
//!   transitions numbered consecutively; jumps may point backwards).

use super::string::accepts;
use crate::ir::{Dfa, DfaState};
use std::collections::HashMap;

/// Number of bins of GNU Go's product ring.
pub const BINS: usize = 33;

/// A node of the product tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Node {
    /// The empty automaton (a bin never written).
    Empty,
    /// The linear automaton of one string.
    Linear(u32),
    /// `product(left, right)` (node indices).
    Product(usize, usize),
}

/// The tree of synchronised products that GNU Go's bin ring builds, with the
/// set of patterns below each node (a bit set) to prune list walks.
#[derive(Debug, Clone)]
pub struct MergeTree {
    nodes: Vec<Node>,
    sets: Vec<Vec<u64>>,
    root: usize,
    words: usize,
}

impl MergeTree {
    fn new(count: usize) -> MergeTree {
        let words = count.div_ceil(64).max(1);
        MergeTree {
            nodes: vec![Node::Empty],
            sets: vec![vec![0; words]],
            root: 0,
            words,
        }
    }

    fn push(&mut self, node: Node) -> usize {
        let set = match node {
            Node::Empty => vec![0; self.words],
            Node::Linear(n) => {
                let mut set = vec![0; self.words];
                set[n as usize / 64] |= 1 << (n % 64);
                set
            }
            Node::Product(l, r) => self.sets[l]
                .iter()
                .zip(&self.sets[r])
                .map(|(a, b)| a | b)
                .collect(),
        };
        self.nodes.push(node);
        self.sets.push(set);
        self.nodes.len() - 1
    }

    /// The product tree for `count` strings: `bin[n mod 33] :=
    /// product(bin[(n+1) mod 33], linear(n))`, then the pairwise merge of
    /// GNU Go's finalisation.
    pub fn for_strings(count: usize) -> MergeTree {
        let mut tree = MergeTree::new(count);
        let mut bins = [0usize; BINS];
        for n in 0..count {
            let linear = tree.push(Node::Linear(n as u32));
            bins[n % BINS] = tree.push(Node::Product(bins[(n + 1) % BINS], linear));
        }
        let mut first = count as i64;
        let mut next_bin = first;
        let mut last_bin = first + BINS as i64 - 1;
        let slot = |k: i64| k.rem_euclid(BINS as i64) as usize;
        while next_bin + 1 != last_bin {
            let mut j = first + 1;
            while j <= last_bin {
                bins[slot(next_bin)] = if j + 1 == next_bin {
                    bins[slot(j)]
                } else {
                    tree.push(Node::Product(bins[slot(j)], bins[slot(j + 1)]))
                };
                next_bin += 1;
                j += 2;
            }
            last_bin = next_bin - 1;
            first -= 1;
            next_bin = first;
        }
        tree.root = bins[slot(last_bin)];
        tree
    }

    /// The two factors of the final product (the root itself and the empty
    /// automaton when the root is no product).
    fn root_factors(&self) -> (usize, usize) {
        match self.nodes[self.root] {
            Node::Product(l, r) => (l, r),
            _ => (self.root, 0),
        }
    }

    fn bits(&self, matched: &[u32]) -> Vec<u64> {
        let mut bits = vec![0u64; self.words];
        for &p in matched {
            bits[p as usize / 64] |= 1 << (p % 64);
        }
        bits
    }

    /// The match-list order of the whole tree for the matched patterns.
    pub fn list(&self, matched: &[u32]) -> Vec<u32> {
        let mut out = Vec::new();
        self.list_at(self.root, &self.bits(matched), &mut out);
        out
    }

    /// The position of each of the `count` patterns in the final product's
    /// list order: its left factor's list, then its right factor's. Listing
    /// keeps the relative order of any subset (filtering commutes with
    /// concatenation and reversal), so sorting a match set by these ranks
    /// gives the same order as listing it.
    pub fn final_ranks(&self, count: usize) -> Vec<u32> {
        let (left, right) = self.root_factors();
        let all = vec![u64::MAX; self.words];
        let mut order = Vec::with_capacity(count);
        self.list_at(left, &all, &mut order);
        self.list_at(right, &all, &mut order);
        let mut rank = vec![0u32; count];
        for (position, &p) in order.iter().enumerate() {
            rank[p as usize] = position as u32;
        }
        rank
    }

    /// Appends the match-list order of node `node` for the patterns in
    /// `bits`. A product lists its right factor's extras reversed, then its
    /// left factor's list reversed; the factors of GNU Go's tree hold
    /// disjoint pattern sets, so that is the reverse of `left ++ right`.
    fn list_at(&self, node: usize, bits: &[u64], out: &mut Vec<u32>) {
        if !self.sets[node].iter().zip(bits).any(|(a, b)| a & b != 0) {
            return;
        }
        match self.nodes[node] {
            Node::Empty => {}
            Node::Linear(n) => out.push(n),
            Node::Product(left, right) => {
                let start = out.len();
                self.list_at(left, bits, out);
                self.list_at(right, bits, out);
                out[start..].reverse();
            }
        }
    }
}

/// A fast hasher for state keys (FxHash-style multiply-rotate).
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, value: usize) {
        self.write_u64(value as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The automaton as a graph: state 0 is the error state, 1 the start. Each
/// state before numbering is its depth and live pattern set (sorted pattern
/// indices); the sets lie end to end in one arena.
struct Graph {
    depths: Vec<u32>,
    /// `(start, end)` of each state's live set in `arena`.
    spans: Vec<(u32, u32)>,
    arena: Vec<u32>,
    next: Vec<[u32; 4]>,
}

impl Graph {
    fn live(&self, state: usize) -> &[u32] {
        let (start, end) = self.spans[state];
        &self.arena[start as usize..end as usize]
    }
}

/// Sentinel: an empty slot of [`StateTable`].
const NO_STATE: u32 = u32::MAX;

/// Multiplier of the state-key hash (FxHash's).
const HASH_FACTOR: u64 = 0x517c_c1b7_2722_0a95;

/// One step of the state-key hash.
fn hash_step(hash: u64, value: u32) -> u64 {
    (hash.rotate_left(5) ^ u64::from(value)).wrapping_mul(HASH_FACTOR)
}

/// Open-addressing table from state keys `(depth, live set)` to state ids
/// (linear probing, power-of-two size, at most half full). The keys live in
/// the graph; each slot keeps its state's hash to skip most key
/// comparisons.
struct StateTable {
    /// `(state id, hash)`; id [`NO_STATE`] marks an empty slot.
    slots: Vec<(u32, u64)>,
    len: usize,
}

impl StateTable {
    fn new() -> StateTable {
        StateTable {
            slots: vec![(NO_STATE, 0); 1024],
            len: 0,
        }
    }

    /// The state with key `(depth, live)`, or the slot to insert it in.
    fn find(&self, graph: &Graph, hash: u64, depth: u32, live: &[u32]) -> Result<u32, usize> {
        let mask = self.slots.len() - 1;
        let mut slot = (hash >> 32) as usize & mask;
        loop {
            let (id, slot_hash) = self.slots[slot];
            if id == NO_STATE {
                return Err(slot);
            }
            if slot_hash == hash
                && graph.depths[id as usize] == depth
                && graph.live(id as usize) == live
            {
                return Ok(id);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Records state `id` with `hash` at `slot` (from [`StateTable::find`]).
    fn insert(&mut self, slot: usize, id: u32, hash: u64) {
        self.slots[slot] = (id, hash);
        self.len += 1;
        if 2 * self.len > self.slots.len() {
            let size = 2 * self.slots.len();
            let old = std::mem::replace(&mut self.slots, vec![(NO_STATE, 0); size]);
            for (id, hash) in old.into_iter().filter(|&(id, _)| id != NO_STATE) {
                let mut slot = (hash >> 32) as usize & (size - 1);
                while self.slots[slot].0 != NO_STATE {
                    slot = (slot + 1) & (size - 1);
                }
                self.slots[slot] = (id, hash);
            }
        }
    }
}

/// The states reachable from the start (every pattern live at depth 0),
/// numbered in discovery order (breadth first, values 0..4).
fn discover(strings: &[Vec<u8>]) -> Graph {
    // Accepted value bits of each string position, flattened; `offsets[p]`
    // is where string p starts.
    let mut offsets = Vec::with_capacity(strings.len() + 1);
    let mut accepted = Vec::with_capacity(strings.iter().map(Vec::len).sum());
    for string in strings {
        offsets.push(accepted.len());
        accepted.extend(string.iter().map(|&c| accepts(c)));
    }
    offsets.push(accepted.len());
    let count = strings.len() as u32;
    let mut graph = Graph {
        depths: vec![0, 0],
        spans: vec![(0, 0), (0, count)],
        arena: (0..count).collect(),
        next: vec![[0; 4]; 2],
    };
    let mut table = StateTable::new();
    // Singleton states `(depth, {p})`, found without hashing: the state id
    // at `offsets[p] + depth - 1` (0: none yet). Depth 0 is the start only.
    let mut singles = vec![0u32; accepted.len()];
    // Scratch: the successor set for each value, and its hash.
    let mut successors: [Vec<u32>; 4] = Default::default();
    let mut cursor = 1;
    while cursor < graph.depths.len() {
        let depth = graph.depths[cursor];
        let key_depth = depth + 1;
        let mut hashes = [hash_step(0, key_depth); 4];
        for set in successors.iter_mut() {
            set.clear();
        }
        let (start, end) = graph.spans[cursor];
        for k in start as usize..end as usize {
            let p = graph.arena[k];
            let at = offsets[p as usize] + depth as usize;
            let bits = if at < offsets[p as usize + 1] {
                accepted[at]
            } else {
                0
            };
            for value in 0..4 {
                if bits & (1 << value) != 0 {
                    successors[value].push(p);
                    hashes[value] = hash_step(hashes[value], p);
                }
            }
        }
        let mut row = [0u32; 4];
        for ((slot, candidate), &hash) in row.iter_mut().zip(&successors).zip(&hashes) {
            if candidate.is_empty() {
                continue;
            }
            if let [p] = candidate[..] {
                // A live pattern at this depth has a character here.
                let single = &mut singles[offsets[p as usize] + depth as usize];
                if *single == 0 {
                    *single = graph.depths.len() as u32;
                    graph.depths.push(key_depth);
                    graph.spans.push((p, p + 1));
                    graph.next.push([0; 4]);
                }
                *slot = *single;
                continue;
            }
            *slot = match table.find(&graph, hash, key_depth, candidate) {
                Ok(id) => id,
                Err(free) => {
                    let id = graph.depths.len() as u32;
                    graph.depths.push(key_depth);
                    let new_start = graph.arena.len() as u32;
                    graph.arena.extend_from_slice(candidate);
                    graph.spans.push((new_start, graph.arena.len() as u32));
                    graph.next.push([0; 4]);
                    table.insert(free, id, hash);
                    id
                }
            };
        }
        graph.next[cursor] = row;
        cursor += 1;
    }
    graph
}

/// States in the order a recursive product creates them: depth first from
/// state 1, values 0..4, each new state explored as soon as it is found.
fn creation_order(next: &[[u32; 4]]) -> Vec<u32> {
    let mut order = Vec::with_capacity(next.len());
    order.push(1u32);
    let mut seen = vec![false; next.len()];
    seen[0] = true;
    seen[1] = true;
    // Stack of (state, next value to try).
    let mut stack: Vec<(u32, u8)> = vec![(1, 0)];
    while let Some(&(state, value)) = stack.last() {
        // The first unseen successor at or after `value`, if any.
        let row = &next[state as usize];
        let mut v = value as usize;
        while v < 4 && seen[row[v] as usize] {
            v += 1;
        }
        if v == 4 {
            stack.pop();
            continue;
        }
        let target = row[v];
        seen[target as usize] = true;
        order.push(target);
        if let Some(top) = stack.last_mut() {
            top.1 = v as u8 + 1;
        }
        stack.push((target, 0));
    }
    order
}

/// GNU Go's final state order: starting from state 1, for each numbered
/// state in order and each value 0..4, an unnumbered successor gets the next
/// number and so does every unnumbered state along its chain of value-0
/// (empty point) transitions.
fn renumbering_order(next: &[[u32; 4]]) -> Vec<u32> {
    let mut order = vec![0u32, 1];
    let mut numbered = vec![false; next.len()];
    numbered[0] = true;
    numbered[1] = true;
    let mut cursor = 1;
    while cursor < order.len() {
        let state = order[cursor] as usize;
        for value in 0..4 {
            let mut target = next[state][value] as usize;
            while !numbered[target] {
                numbered[target] = true;
                order.push(target as u32);
                target = next[target][0] as usize;
            }
        }
        cursor += 1;
    }
    order
}

/// Removes repeated `(pattern, next)` entries until none is left, keeping
/// first occurrences in scan order; returns the old → new index map applied
/// to `atts`.
fn compact(indexes: &mut Vec<(i32, u32)>, atts: &mut [u32]) {
    use std::hash::BuildHasherDefault;
    loop {
        let mut map = vec![0u32; indexes.len()];
        let mut kept: Vec<(i32, u32)> = vec![indexes[0]];
        let mut seen: HashMap<(i32, u32), u32, BuildHasherDefault<KeyHasher>> = HashMap::default();
        for (k, &entry) in indexes.iter().enumerate().skip(1) {
            map[k] = *seen.entry(entry).or_insert_with(|| {
                kept.push(entry);
                kept.len() as u32 - 1
            });
        }
        if kept.len() == indexes.len() {
            return;
        }
        for entry in kept.iter_mut() {
            entry.1 = map[entry.1 as usize];
        }
        for att in atts.iter_mut() {
            *att = map[*att as usize];
        }
        *indexes = kept;
    }
}

/// Builds the automaton for `strings` (indexed by pattern number), with GNU
/// Go's state numbering and index table.
pub fn build_dfa(strings: &[Vec<u8>]) -> Dfa {
    let graph = discover(strings);
    let tree = MergeTree::for_strings(strings.len());

    // Index entries, allocated as the final product creates its states.
    let mut indexes: Vec<(i32, u32)> = vec![(-1, 0)];
    let mut atts = vec![0u32; graph.depths.len()];
    let rank = tree.final_ranks(strings.len());
    let mut matched: Vec<u32> = Vec::new();
    for &state in &creation_order(&graph.next) {
        let depth = graph.depths[state as usize] as usize;
        matched.clear();
        matched.extend(
            graph
                .live(state as usize)
                .iter()
                .copied()
                .filter(|&p| strings[p as usize].len() == depth),
        );
        if matched.is_empty() {
            continue;
        }
        if let [single] = matched[..] {
            indexes.push((single as i32, 0));
            atts[state as usize] = indexes.len() as u32 - 1;
            continue;
        }
        matched.sort_unstable_by_key(|&p| rank[p as usize]);
        let mut link = 0u32;
        for &p in &matched {
            indexes.push((p as i32, link));
            link = indexes.len() as u32 - 1;
        }
        atts[state as usize] = link;
    }
    compact(&mut indexes, &mut atts);

    let order = renumbering_order(&graph.next);
    let mut new_id = vec![0u32; graph.next.len()];
    for (n, &old) in order.iter().enumerate() {
        new_id[old as usize] = n as u32;
    }
    let mut states = vec![DfaState::default(); order.len()];
    for (n, &old) in order.iter().enumerate().skip(1) {
        let mut state = DfaState {
            att: atts[old as usize],
            ..DfaState::default()
        };
        for (slot, &target) in state.next.iter_mut().zip(&graph.next[old as usize]) {
            if target != 0 {
                *slot = new_id[target as usize] as i32 - n as i32;
            }
        }
        states[n] = state;
    }
    Dfa { states, indexes }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference: does pattern `p` match the board value sequence?
    fn matches(string: &[u8], values: &[u8]) -> bool {
        string.len() <= values.len()
            && string
                .iter()
                .zip(values)
                .all(|(&c, &v)| accepts(c) & (1 << v) != 0)
    }

    fn run(dfa: &Dfa, values: &[u8]) -> Vec<i32> {
        let mut found = Vec::new();
        let mut state = 1usize;
        let mut k = 0;
        loop {
            let mut link = dfa.states[state].att;
            while link != 0 {
                found.push(dfa.indexes[link as usize].0);
                link = dfa.indexes[link as usize].1;
            }
            if k >= values.len() {
                break;
            }
            let jump = dfa.states[state].next[values[k] as usize];
            if jump == 0 {
                break;
            }
            state = (state as i32 + jump) as usize;
            k += 1;
        }
        found.sort();
        found
    }

    #[test]
    fn automaton_agrees_with_direct_matching() {
        let strings: Vec<Vec<u8>> = vec![
            b"X.?".to_vec(),
            b"Xo".to_vec(),
            b"O$#".to_vec(),
            b"x".to_vec(),
            b"X.?".to_vec(),
        ];
        let dfa = build_dfa(&strings);
        let mut values = vec![0u8; 3];
        for code in 0..64 {
            for (k, v) in values.iter_mut().enumerate() {
                *v = (code >> (2 * k)) as u8 & 3;
            }
            let expected: Vec<i32> = (0..strings.len())
                .filter(|&p| matches(&strings[p], &values))
                .map(|p| p as i32)
                .collect();
            assert_eq!(run(&dfa, &values), expected, "{values:?}");
        }
    }

    #[test]
    fn merge_tree_lists() {
        // Every string is in the tree exactly once.
        for count in [1, 2, 33, 40, 100] {
            let tree = MergeTree::for_strings(count);
            let all: Vec<u32> = (0..count as u32).collect();
            let mut listed = tree.list(&all);
            listed.sort();
            assert_eq!(listed, all, "{count} strings");
        }
        // A product lists the right side's extras reversed, then the left
        // reversed.
        let mut tree = MergeTree::new(3);
        let l0 = tree.push(Node::Linear(0));
        let l1 = tree.push(Node::Linear(1));
        let l2 = tree.push(Node::Linear(2));
        let inner = tree.push(Node::Product(l0, l1));
        tree.root = tree.push(Node::Product(inner, l2));
        assert_eq!(tree.list(&[0, 1, 2]), vec![2, 0, 1]);
        assert_eq!(tree.list(&[0, 1]), vec![0, 1]);
        assert_eq!(tree.list(&[2]), vec![2]);
    }

    proptest::proptest! {
        #[test]
        fn ranks_order_like_listing(
            count in 1usize..150,
            picks in proptest::collection::vec(0usize..150, 2..20),
        ) {
            let tree = MergeTree::for_strings(count);
            let (left, right) = tree.root_factors();
            let rank = tree.final_ranks(count);
            let mut matched: Vec<u32> = picks.iter().map(|&p| (p % count) as u32).collect();
            matched.sort_unstable();
            matched.dedup();
            let bits = tree.bits(&matched);
            let mut listed = Vec::new();
            tree.list_at(left, &bits, &mut listed);
            tree.list_at(right, &bits, &mut listed);
            matched.sort_unstable_by_key(|&p| rank[p as usize]);
            proptest::prop_assert_eq!(matched, listed);
        }
    }

    /// A state key: depth and live set.
    type Key = (u32, Vec<u32>);

    /// Reference discovery: breadth first with an ordered map from
    /// `(depth, live set)` to state id.
    fn reference_discover(strings: &[Vec<u8>]) -> (Vec<Key>, Vec<[u32; 4]>) {
        use std::collections::BTreeMap;
        let mut keys: Vec<Key> = vec![(0, vec![]), (0, (0..strings.len() as u32).collect())];
        let mut next = vec![[0u32; 4]; 2];
        let mut ids: BTreeMap<Key, u32> = BTreeMap::new();
        let mut cursor = 1;
        while cursor < keys.len() {
            let (depth, live) = keys[cursor].clone();
            for value in 0..4 {
                let successor: Vec<u32> = live
                    .iter()
                    .copied()
                    .filter(|&p| {
                        strings[p as usize]
                            .get(depth as usize)
                            .is_some_and(|&c| accepts(c) & (1 << value) != 0)
                    })
                    .collect();
                if successor.is_empty() {
                    continue;
                }
                let key = (depth + 1, successor);
                let id = *ids.entry(key.clone()).or_insert_with(|| {
                    keys.push(key);
                    next.push([0; 4]);
                    keys.len() as u32 - 1
                });
                next[cursor][value] = id;
            }
            cursor += 1;
        }
        (keys, next)
    }

    proptest::proptest! {
        #[test]
        fn discovery_matches_the_reference(
            strings in proptest::collection::vec(
                proptest::collection::vec(proptest::sample::select(b".XOxo?$#,!a".to_vec()), 0..12),
                1..40,
            ),
        ) {
            let graph = discover(&strings);
            let (keys, next) = reference_discover(&strings);
            proptest::prop_assert_eq!(graph.depths.len(), keys.len());
            for (state, (depth, live)) in keys.iter().enumerate().skip(1) {
                proptest::prop_assert_eq!(graph.depths[state], *depth);
                proptest::prop_assert_eq!(graph.live(state), &live[..]);
            }
            proptest::prop_assert_eq!(graph.next, next);
        }
    }

    #[test]
    fn compaction_shares_list_tails() {
        let mut indexes = vec![(-1, 0), (5, 0), (5, 0), (7, 1), (7, 2)];
        let mut atts = vec![0, 3, 4];
        compact(&mut indexes, &mut atts);
        assert_eq!(indexes, vec![(-1, 0), (5, 0), (7, 1)]);
        assert_eq!(atts, vec![0, 2, 2]);
    }
}
