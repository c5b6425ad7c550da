//! The constraint cost estimate (db-format §8.5): GNU Go's tokeniser scans the
//! constraint text and sums `cost(function) × 0.6^k` over the k-th function
//! name it recognises (first catalogue name that is a prefix of the rest of
//! the text, tried at every character), in C `float` arithmetic.

use matcher::autohelper::Autohelper;

/// The cost of a constraint text as GNU Go computes it.
pub fn constraint_cost(text: &str) -> f32 {
    let mut cost = 0.0f32;
    let mut factor = 1.0f32;
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(function) = Autohelper::first_prefix_of(rest) {
            let spec = function.spec();
            cost += spec.cost as f32 * factor;
            factor *= 0.6;
            rest = &rest[spec.name.len()..];
        } else {
            let mut chars = rest.chars();
            chars.next();
            rest = chars.as_str();
        }
    }
    cost
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
