//! The DFA automaton over pattern strings (compilation.md §14.4).
//!
//! States are pairs (depth, set of live patterns); reading a board value
//! keeps the patterns whose next character accepts it. The states are then
//! numbered the way GNU Go renumbers its product automaton (state 1 first,
//! breadth-first with chains of empty-point transitions numbered
//! consecutively), and transitions are stored as relative jumps.

use super::string::accepts;
use crate::ir::{Dfa, DfaState};
use std::collections::HashMap;

/// A state before numbering: its depth and live pattern set (sorted indices).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Key {
    depth: usize,
    live: Vec<u32>,
}

/// Builds the automaton for `strings` (indexed by pattern number).
pub fn build_dfa(strings: &[Vec<u8>]) -> Dfa {
    // Discovery: state ids in creation order; 0 is the error state.
    let mut keys: Vec<Key> = vec![Key {
        depth: 0,
        live: Vec::new(),
    }];
    let mut ids: HashMap<Key, u32> = HashMap::new();
    let mut next: Vec<[u32; 4]> = vec![[0; 4]];
    let start = Key {
        depth: 0,
        live: (0..strings.len() as u32).collect(),
    };
    ids.insert(start.clone(), 1);
    keys.push(start);
    next.push([0; 4]);
    let mut cursor = 1;
    while cursor < keys.len() {
        let key = keys[cursor].clone();
        for value in 0..4u8 {
            let live: Vec<u32> = key
                .live
                .iter()
                .copied()
                .filter(|&p| {
                    let s = &strings[p as usize];
                    s.len() > key.depth && accepts(s[key.depth]) & (1 << value) != 0
                })
                .collect();
            if live.is_empty() {
                continue;
            }
            let target = Key {
                depth: key.depth + 1,
                live,
            };
            let id = match ids.get(&target) {
                Some(&id) => id,
                None => {
                    let id = keys.len() as u32;
                    ids.insert(target.clone(), id);
                    keys.push(target);
                    next.push([0; 4]);
                    id
                }
            };
            next[cursor][value as usize] = id;
        }
        cursor += 1;
    }

    // GNU Go's renumbering.
    let order = renumbering(&next);
    let mut new_id = vec![0u32; next.len()];
    for (n, &old) in order.iter().enumerate() {
        new_id[old as usize] = n as u32;
    }
    let mut dfa = Dfa {
        states: vec![DfaState::default(); order.len()],
        indexes: vec![(-1, 0)],
    };
    for (n, &old) in order.iter().enumerate().skip(1) {
        let key = &keys[old as usize];
        let mut state = DfaState::default();
        for (slot, &target) in state.next.iter_mut().zip(&next[old as usize]) {
            if target != 0 {
                *slot = new_id[target as usize] as i32 - n as i32;
            }
        }
        let matches: Vec<u32> = key
            .live
            .iter()
            .copied()
            .filter(|&p| strings[p as usize].len() == key.depth)
            .collect();
        let mut link = 0u32;
        for &p in matches.iter() {
            dfa.indexes.push((p as i32, link));
            link = dfa.indexes.len() as u32 - 1;
        }
        state.att = link;
        dfa.states[n] = state;
    }
    dfa
}

/// GNU Go's final state order: starting from state 1, for each numbered state
/// in order and each value 0..4, an unnumbered successor gets the next number
/// and so does every unnumbered state along its chain of value-0 transitions.
fn renumbering(next: &[[u32; 4]]) -> Vec<u32> {
    let mut order = vec![0u32, 1];
    let mut numbered = vec![false; next.len()];
    numbered[0] = true;
    numbered[1] = true;
    let mut cursor = 1;
    while cursor < order.len() {
        let state = order[cursor] as usize;
        for value in 0..4 {
            let mut target = next[state][value] as usize;
            while target != 0 && !numbered[target] {
                numbered[target] = true;
                order.push(target as u32);
                target = next[target][0] as usize;
            }
        }
        cursor += 1;
    }
    order
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
}
