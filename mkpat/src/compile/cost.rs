//! The constraint cost estimate (db-format §8.5): GNU Go's tokeniser scans the
//! constraint text and sums `cost(function) × 0.6^k` over the k-th function
//! name it recognises (first catalogue name that is a prefix of the rest of
//! the text, tried at every character), in C `float` arithmetic.

use matcher::autohelper::{AutohelperSpec, CATALOGUE};
use std::sync::OnceLock;

/// Catalogue entries by the first byte of their name, in table order (so the
/// first match in a bucket is the first match in the table).
fn by_first_byte() -> &'static [Vec<&'static AutohelperSpec>; 256] {
    static TABLE: OnceLock<[Vec<&'static AutohelperSpec>; 256]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table: [Vec<&'static AutohelperSpec>; 256] = std::array::from_fn(|_| Vec::new());
        for spec in CATALOGUE.iter() {
            table[spec.name.as_bytes()[0] as usize].push(spec);
        }
        table
    })
}

/// The first catalogue entry whose name is a prefix of `text` (GNU Go's
/// tokeniser rule, no word-boundary test).
pub fn recognised_at(text: &[u8]) -> Option<&'static AutohelperSpec> {
    let first = *text.first()?;
    by_first_byte()[first as usize]
        .iter()
        .copied()
        .find(|spec| text.starts_with(spec.name.as_bytes()))
}

/// The cost of a constraint text as GNU Go computes it.
pub fn constraint_cost(text: &str) -> f32 {
    let bytes = text.as_bytes();
    let mut cost = 0.0f32;
    let mut factor = 1.0f32;
    let mut at = 0;
    while at < bytes.len() {
        match recognised_at(&bytes[at..]) {
            Some(spec) => {
                cost += spec.cost as f32 * factor;
                factor *= 0.6;
                at += spec.name.len();
            }
            None => at += 1,
        }
    }
    cost
}

#[cfg(test)]
mod tests {
    use super::*;
    use matcher::autohelper::Autohelper;
    use proptest::prelude::*;

    #[test]
    fn worked_example() {
        let cost = constraint_cost("lib(a)>1 && oplay_attack(*,c,B)|| dead(B)");
        assert_eq!(format!("{cost:.6}"), "0.613600");
    }

    #[test]
    fn no_calls_no_cost() {
        assert_eq!(constraint_cost("WIN == 5"), 0.0);
        assert_eq!(constraint_cost(""), 0.0);
    }

    #[test]
    fn decay_applies_per_recognised_call() {
        let one = constraint_cost("dead(a)");
        let two = constraint_cost("dead(a)&&dead(b)");
        assert!((two - one * 1.6).abs() < 1e-6);
    }

    proptest! {
        /// The bucketed lookup agrees with the plain table scan.
        #[test]
        fn bucketed_lookup_matches_table_scan(text in "[a-z_()*,!&| ]{0,40}") {
            for start in 0..text.len() {
                let plain = Autohelper::first_prefix_of(&text[start..]);
                let fast = recognised_at(&text.as_bytes()[start..]).map(|s| s.id);
                prop_assert_eq!(plain, fast);
            }
        }
    }
}
