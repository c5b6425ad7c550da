//! DFA databases at run time: the automaton tables a `-D` database is
//! compiled into (compilation.md §14.4, GNU Go's `state_rt_t` /
//! `attrib_rt_t` layout), the spiral read order (§14.1), and
//! [`DfaMatcher`], a scanner that runs the automaton once per anchor and
//! transformation (matching-semantics §3).
//!
//! The tables hold `Cow<'static, …>` slices, so generated code keeps them
//! in `static`s (borrowed) while a database compiled at run time owns them;
//! both compare equal when their contents agree.

use std::borrow::Cow;

use crate::board::PackedBoard;
use crate::pattern::{Offset, PatternDb};
use crate::scan::{Match, ScanOptions, Scanner, anchor_admitted, goal_and_class_pass, is_stone};
use crate::transform::Transform;

/// Number of spiral cells: every offset with `|di|, |dj| ≤ 18`.
pub const SPIRAL_LEN: usize = 37 * 37;

/// The spiral read order: breadth-first from the anchor over
/// `|di|, |dj| ≤ 18`, expanding each cell's neighbours down, right, up,
/// left. Cell `k` of transformation `ℓ` is read at `anchor + T_ℓ(SPIRAL[k])`.
pub static SPIRAL: [Offset; SPIRAL_LEN] = spiral();

const fn spiral_slot(di: i8, dj: i8) -> usize {
    (di as i32 + 18) as usize * 37 + (dj as i32 + 18) as usize
}

const fn spiral() -> [Offset; SPIRAL_LEN] {
    const STEPS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
    let mut order = [Offset::ZERO; SPIRAL_LEN];
    let mut seen = [false; SPIRAL_LEN];
    seen[spiral_slot(0, 0)] = true;
    let (mut head, mut len) = (0, 1);
    while head < len {
        let cell = order[head];
        head += 1;
        let mut s = 0;
        while s < STEPS.len() {
            let (di, dj) = (cell.di + STEPS[s].0, cell.dj + STEPS[s].1);
            s += 1;
            if di < -18 || di > 18 || dj < -18 || dj > 18 || seen[spiral_slot(di, dj)] {
                continue;
            }
            seen[spiral_slot(di, dj)] = true;
            order[len] = Offset::new(di, dj);
            len += 1;
        }
    }
    order
}

/// One automaton state (`state_rt_t`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DfaState {
    /// For each board value (0 empty, 1 own, 2 opponent, 3 off board), the
    /// successor as `target − this state`; 0 = the error state.
    pub next: [i32; 4],
    /// Index into [`DfaTables::indexes`] of the first pattern this state
    /// reports; 0 = none.
    pub att: u32,
}

impl DfaState {
    /// A state literal (for generated tables).
    pub const fn new(next: [i32; 4], att: u32) -> DfaState {
        DfaState { next, att }
    }
}

/// One entry of the match lists (`attrib_rt_t`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DfaIndex {
    /// Pattern index in the database (`-1` in the terminator entry 0).
    pub pattern: i32,
    /// Next entry of the same list; 0 ends it.
    pub next: u32,
}

impl DfaIndex {
    /// An entry literal (for generated tables).
    pub const fn new(pattern: i32, next: u32) -> DfaIndex {
        DfaIndex { pattern, next }
    }
}

/// The automaton of one DFA database (GNU Go's `dfa_rt_t`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DfaTables {
    /// The database prefix.
    pub name: Cow<'static, str>,
    /// States; 0 is the error state, 1 the start state.
    pub states: Cow<'static, [DfaState]>,
    /// Match-list entries; entry 0 is the terminator `(-1, 0)`.
    pub indexes: Cow<'static, [DfaIndex]>,
}

impl DfaTables {
    /// No states at all (matches nothing), for struct update syntax.
    pub const EMPTY: DfaTables = DfaTables {
        name: Cow::Borrowed(""),
        states: Cow::Borrowed(&[]),
        indexes: Cow::Borrowed(&[]),
    };

    /// The patterns state `state` reports, in list order (malformed links
    /// end the list instead of panicking).
    pub fn state_matches(&self, state: usize) -> impl Iterator<Item = usize> + '_ {
        let first = self.states.get(state).map_or(0, |s| s.att as usize);
        let mut at = first;
        let mut steps = 0usize;
        std::iter::from_fn(move || {
            if at == 0 || steps >= self.indexes.len() {
                return None;
            }
            let entry = self.indexes.get(at)?;
            steps += 1;
            at = entry.next as usize;
            usize::try_from(entry.pattern).ok()
        })
    }

    /// Runs the automaton from the start state over the values
    /// `read(k)` (0..=3) of spiral cells `k = 0, 1, …`, reporting the match
    /// list of every state it passes through, until the error state.
    pub fn run(&self, mut read: impl FnMut(usize) -> u8, mut on_match: impl FnMut(usize)) {
        let mut state = 1usize;
        for k in 0..=SPIRAL_LEN {
            self.state_matches(state).for_each(&mut on_match);
            let Some(current) = self.states.get(state) else {
                return;
            };
            if k == SPIRAL_LEN {
                return;
            }
            let delta = current.next[usize::from(read(k) & 3)];
            if delta == 0 {
                return;
            }
            match state.checked_add_signed(delta as isize) {
                Some(next) if next < self.states.len() => state = next,
                _ => return,
            }
        }
    }
}

/// The DFA scanner over a database and its automaton: per anchor, each
/// transformation in turn runs the automaton along the transformed spiral
/// (matching-semantics §3). Reports the same placements as the standard
/// matcher, but per anchor in transformation order, patterns in automaton
/// order; the goal test is skipped when `anchor_in_goal` is set (GNU Go's
/// behaviour).
#[derive(Debug, Clone)]
pub struct DfaMatcher<'db> {
    db: &'db PatternDb,
    dfa: &'db DfaTables,
}

impl<'db> DfaMatcher<'db> {
    /// A scanner over `db` with its automaton `dfa`.
    pub fn new(db: &'db PatternDb, dfa: &'db DfaTables) -> DfaMatcher<'db> {
        DfaMatcher { db, dfa }
    }
}

impl Scanner for DfaMatcher<'_> {
    fn db(&self) -> &PatternDb {
        self.db
    }

    fn scan(
        &self,
        board: &PackedBoard,
        options: &ScanOptions<'_>,
        on_match: &mut dyn FnMut(Match),
    ) {
        let without_goal = ScanOptions {
            goal: None,
            ..*options
        };
        let checks = if options.anchor_in_goal {
            &without_goal
        } else {
            options
        };
        let mut found: Vec<usize> = Vec::new();
        for &(color, anchor_color) in options.mode.passes() {
            for anchor in board.points() {
                if !is_stone(board.at(anchor), anchor_color) || !anchor_admitted(options, anchor) {
                    continue;
                }
                for transform in Transform::ALL {
                    found.clear();
                    let read = |k: usize| {
                        let (di, dj) = SPIRAL[k].transformed(transform);
                        let cell = board.cell(anchor.i as i32 + di, anchor.j as i32 + dj);
                        cell.relative_to(color) as u8
                    };
                    self.dfa.run(read, |p| found.push(p));
                    for &index in &found {
                        let Some(pattern) = self.db.patterns.get(index) else {
                            continue;
                        };
                        if !pattern.transformations().contains(&transform.number())
                            || !goal_and_class_pass(
                                pattern, board, color, anchor, transform, checks,
                            )
                        {
                            continue;
                        }
                        on_match(Match::new(
                            index,
                            pattern,
                            color,
                            anchor,
                            transform,
                            board.size(),
                        ));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spiral_starts_as_the_spec_table_says() {
        let first: Vec<(i8, i8)> = SPIRAL[..13].iter().map(|o| (o.di, o.dj)).collect();
        assert_eq!(
            first,
            vec![
                (0, 0),
                (1, 0),
                (0, 1),
                (-1, 0),
                (0, -1),
                (2, 0),
                (1, 1),
                (1, -1),
                (0, 2),
                (-1, 1),
                (-2, 0),
                (-1, -1),
                (0, -2)
            ]
        );
        let mut all: Vec<(i8, i8)> = SPIRAL.iter().map(|o| (o.di, o.dj)).collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), SPIRAL_LEN);
    }

    /// Two strings: pattern 0 = "O." (own, then empty below), pattern 1 =
    /// "O" — a hand-built automaton with GNU Go's layout.
    fn tiny() -> DfaTables {
        DfaTables {
            name: Cow::Borrowed("tiny"),
            states: Cow::Owned(vec![
                DfaState::new([0; 4], 0),
                DfaState::new([0, 1, 0, 0], 0),
                DfaState::new([1, 0, 0, 0], 2),
                DfaState::new([0; 4], 1),
            ]),
            indexes: Cow::Owned(vec![
                DfaIndex::new(-1, 0),
                DfaIndex::new(0, 0),
                DfaIndex::new(1, 0),
            ]),
        }
    }

    #[test]
    fn run_reports_every_state_passed() {
        let dfa = tiny();
        let mut seen = Vec::new();
        dfa.run(|k| [1, 0][k.min(1)], |p| seen.push(p));
        assert_eq!(seen, vec![1, 0]);
        seen.clear();
        dfa.run(|k| [1, 2][k.min(1)], |p| seen.push(p));
        assert_eq!(seen, vec![1]);
        seen.clear();
        dfa.run(|_| 2, |p| seen.push(p));
        assert!(seen.is_empty());
    }

    #[test]
    fn malformed_tables_end_the_run_quietly() {
        let dfa = DfaTables {
            states: Cow::Owned(vec![
                DfaState::new([0; 4], 0),
                DfaState::new([100, 0, -5, 1], 7),
            ]),
            indexes: Cow::Owned(vec![DfaIndex::new(-1, 0), DfaIndex::new(0, 1)]),
            ..DfaTables::EMPTY
        };
        for v in 0..4 {
            let mut seen = Vec::new();
            dfa.run(|_| v, |p| seen.push(p));
            assert!(seen.len() <= 2 * SPIRAL_LEN, "{v}");
        }
        assert_eq!(dfa.state_matches(1).count(), 0);
        let cyclic = DfaTables {
            states: Cow::Owned(vec![DfaState::new([0; 4], 0), DfaState::new([0; 4], 1)]),
            ..dfa
        };
        assert_eq!(cyclic.state_matches(1).count(), 2);
    }
}
