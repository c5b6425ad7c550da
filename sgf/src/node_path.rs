//! Where a node sits in an SGF game tree, for error messages: the chain of
//! child indices from the root, written like `root → 2nd child → 1st child ×3`.

use std::fmt;

/// The position of a node in an SGF game tree, as child indices (0-based)
/// from the root, plus the line and column (1-based) of its `;` in the file.
///
/// The indices are kept run-length encoded, so that a main line of `n`
/// nodes costs `O(1)` per node rather than `O(n)`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NodePath {
    /// Child index taken at each step down from the root, as runs
    /// `(index, count)`; neighbouring runs have different indices and no
    /// count is 0.
    pub runs: Vec<(usize, usize)>,
    /// 1-based line of the node's `;`.
    pub line: u32,
    /// 1-based column (in characters) of the node's `;`.
    pub col: u32,
}

impl NodePath {
    /// The child indices from the root, one per step.
    pub fn steps(&self) -> Vec<usize> {
        self.runs
            .iter()
            .flat_map(|&(index, count)| std::iter::repeat_n(index, count))
            .collect()
    }

    /// Steps from the root (0 for the root).
    pub fn depth(&self) -> usize {
        self.runs.iter().map(|&(_, count)| count).sum()
    }

    /// Appends one step down to child `index`.
    pub fn push(&mut self, index: usize) {
        match self.runs.last_mut() {
            Some((last, count)) if *last == index => *count += 1,
            _ => self.runs.push((index, 1)),
        }
    }
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

impl fmt::Display for NodePath {
    /// `root → 3rd child → 1st child ×4 (line 12, col 3)`: runs of the same
    /// child index are collapsed with a `×count` suffix.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("root")?;
        for &(index, run) in &self.runs {
            write!(f, " → {} child", ordinal(index + 1))?;
            if run > 1 {
                write!(f, " ×{run}")?;
            }
        }
        write!(f, " (line {}, col {})", self.line, self.col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_runs_and_ordinals() {
        let mut path = NodePath {
            line: 4,
            col: 7,
            ..NodePath::default()
        };
        for index in [2, 0, 0, 0, 1, 10] {
            path.push(index);
        }
        assert_eq!(path.runs, [(2, 1), (0, 3), (1, 1), (10, 1)]);
        assert_eq!(path.steps(), [2, 0, 0, 0, 1, 10]);
        assert_eq!(path.depth(), 6);
        assert_eq!(
            path.to_string(),
            "root → 3rd child → 1st child ×3 → 2nd child → 11th child (line 4, col 7)"
        );
        assert_eq!(NodePath::default().to_string(), "root (line 0, col 0)");
    }
}
