//! Where a node sits in an SGF game tree, for error messages: the chain of
//! child indices from the root, written like `root → 2nd child → 1st child ×3`.

use std::fmt;

/// The position of a node in an SGF game tree, as child indices (0-based)
/// from the root, plus the line and column (1-based) of its `;` in the file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NodePath {
    /// Child index taken at each step down from the root.
    pub steps: Vec<usize>,
    /// 1-based line of the node's `;`.
    pub line: u32,
    /// 1-based column (in characters) of the node's `;`.
    pub col: u32,
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
        let mut k = 0;
        while k < self.steps.len() {
            let index = self.steps[k];
            let mut run = 1;
            while k + run < self.steps.len() && self.steps[k + run] == index {
                run += 1;
            }
            write!(f, " → {} child", ordinal(index + 1))?;
            if run > 1 {
                write!(f, " ×{run}")?;
            }
            k += run;
        }
        write!(f, " (line {}, col {})", self.line, self.col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_runs_and_ordinals() {
        let path = NodePath {
            steps: vec![2, 0, 0, 0, 1, 10],
            line: 4,
            col: 7,
        };
        assert_eq!(
            path.to_string(),
            "root → 3rd child → 1st child ×3 → 2nd child → 11th child (line 4, col 7)"
        );
        assert_eq!(NodePath::default().to_string(), "root (line 0, col 0)");
    }
}
