//! Parameters given as text (`KEY=VALUE` on `tesuji gtp`'s experiment
//! options): the one spelling of a switch's value that every layer's
//! `set` accepts.

/// A switch's value: `on`/`true` or `off`/`false`; `None` for anything
/// else.
pub fn switch(value: &str) -> Option<bool> {
    match value {
        "on" | "true" => Some(true),
        "off" | "false" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::switch;

    #[test]
    fn both_spellings_of_each_value_are_read_and_nothing_else() {
        assert_eq!(switch("on"), Some(true));
        assert_eq!(switch("true"), Some(true));
        assert_eq!(switch("off"), Some(false));
        assert_eq!(switch("false"), Some(false));
        for other in ["", "1", "yes", "On", "no", "0"] {
            assert_eq!(switch(other), None, "{other:?}");
        }
    }
}
