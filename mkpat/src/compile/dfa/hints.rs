//! `.dtr` transformation-hint files (compilation.md §14.5): whitespace
//! separated `NAME HINT` pairs; the first pair for a name wins.

use std::collections::BTreeMap;

/// Hints by pattern name.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TransformationHints {
    hints: BTreeMap<String, u8>,
}

impl TransformationHints {
    /// No hints (every pattern gets 0).
    pub fn none() -> TransformationHints {
        TransformationHints::default()
    }

    /// Reads a `.dtr` text. A hint that is not a number is an error (GNU Go
    /// loops forever on it); a hint outside `0..8` is read modulo 8.
    pub fn parse(text: &str) -> Result<TransformationHints, String> {
        let mut hints = BTreeMap::new();
        let mut tokens = text.split_whitespace();
        while let Some(name) = tokens.next() {
            let Some(value) = tokens.next() else {
                return Err(format!("transformation hint file: no hint for '{name}'"));
            };
            let hint: i64 = value.parse().map_err(|_| {
                format!("transformation hint file: '{value}' (for '{name}') is not a number")
            })?;
            hints
                .entry(name.to_string())
                .or_insert(hint.rem_euclid(8) as u8);
        }
        Ok(TransformationHints { hints })
    }

    /// The hint of a pattern (0 when not listed).
    pub fn get(&self, name: &str) -> u8 {
        self.hints.get(name).copied().unwrap_or(0)
    }

    /// The hint of a pattern, `None` when the file does not list it.
    pub fn listed(&self, name: &str) -> Option<u8> {
        self.hints.get(name).copied()
    }

    /// Number of listed names.
    pub fn len(&self) -> usize {
        self.hints.len()
    }

    /// Whether no name is listed.
    pub fn is_empty(&self) -> bool {
        self.hints.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_pair_wins_and_missing_is_zero() {
        let h = TransformationHints::parse("A1 3\nA2\t5\nA1 7\n").unwrap();
        assert_eq!(h.get("A1"), 3);
        assert_eq!(h.get("A2"), 5);
        assert_eq!(h.get("nope"), 0);
        assert_eq!(h.len(), 2);
        assert!(TransformationHints::parse("A1 x").is_err());
        assert!(TransformationHints::parse("A1").is_err());
    }
}
