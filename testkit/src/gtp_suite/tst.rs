//! Reading a `.tst` file, GNU Go's regression format, as GNU Go's own
//! tools (and `regression/regress.py` in the shared folder) read it: a
//! numbered command followed by a `#? [RE]` line is a test; every other
//! command sets up the position. The text is Latin-1, lines are cleaned as
//! GNU Go's GTP reader cleans them (tabs become spaces, other control
//! characters go, a `#` starts a comment).

use std::sync::LazyLock;

use regex::Regex;

/// One test: a numbered command and the expectation on the line after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Test {
    /// The test's number.
    pub num: u32,
    /// The command without its number.
    pub command: String,
    /// The line of the command (1-based).
    pub line: usize,
    /// The expectation: everything between `[` and the first `]` (the
    /// rest of the line without a `]`), a leading `!` removed.
    pub regex: String,
    /// A leading `!`: the answer must *not* match.
    pub negate: bool,
    /// A `*` after the `]`: the test is expected to fail.
    pub xfail: bool,
    /// A `&` after the `]`: the result is ignored.
    pub ignore: bool,
}

impl Test {
    /// The command's name (its first word).
    pub fn name(&self) -> &str {
        self.command.split_whitespace().next().unwrap_or("")
    }

    /// The expectation as written in the file (`!` included).
    pub fn expected(&self) -> String {
        format!("{}{}", if self.negate { "!" } else { "" }, self.regex)
    }

    /// Whether `answer` (the first line of the response, its id and the
    /// surrounding whitespace stripped) passes: it matches `^` + RE + `$`
    /// (a plain concatenation, as in GNU Go's tools: `[A1|B2]` is
    /// `(^A1)|(B2$)`), or does not for a negated test. A pattern that does
    /// not compile matches nothing.
    pub fn accepts(&self, answer: &str) -> bool {
        let matched = Regex::new(&format!("^{}$", self.regex)).is_ok_and(|re| re.is_match(answer));
        matched != self.negate
    }
}

/// An item of a `.tst` file in order: a setup command or a test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// A command that is not a test, with its line (numbered commands
    /// without an expectation are commands too; the number is dropped).
    Command { text: String, line: usize },
    /// A test.
    Test(Test),
}

static EXPECT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*#\?\s*\[([^\]]*)(\]?)(.*)$").expect("a valid pattern"));
static NUMBERED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\d+)\s+(\S.*)$").expect("a valid pattern"));
static BARE_NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\d+$").expect("a valid pattern"));

/// Latin-1 bytes as text (every byte is the code point of its value).
pub fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// A line as GNU Go's GTP reader sees it: tabs become spaces, other
/// control characters are dropped, a `#` ends the line, and the
/// surrounding whitespace goes.
pub fn gtp_clean(line: &str) -> String {
    let mut out = String::new();
    for c in line.chars() {
        match c {
            '\t' => out.push(' '),
            '#' => break,
            '\u{1}'..='\u{1f}' | '\u{7f}' => {}
            c => out.push(c),
        }
    }
    out.trim().to_string()
}

/// The items of a `.tst` file's text. An expectation with no numbered
/// command straight before it (comments and blank lines between are
/// allowed) is ignored, as GNU Go's tools ignore it.
pub fn parse_tst(text: &str) -> Vec<Item> {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut items: Vec<Item> = Vec::new();
    // The index of the last numbered command, while an expectation may
    // still follow it, with its number.
    let mut pending: Option<(usize, u32)> = None;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        if let Some(caps) = EXPECT.captures(raw) {
            let Some((at, num)) = pending.take() else {
                continue;
            };
            let Item::Command {
                text: command,
                line: command_line,
            } = items[at].clone()
            else {
                unreachable!("pending points at a command");
            };
            let body = &caps[1];
            let (negate, regex) = match body.strip_prefix('!') {
                Some(rest) => (true, rest),
                None => (false, body),
            };
            let rest = caps[3].trim();
            items[at] = Item::Test(Test {
                num,
                command,
                line: command_line,
                regex: regex.trim_end_matches('\n').to_string(),
                negate,
                xfail: rest.contains('*'),
                ignore: rest.contains('&'),
            });
            continue;
        }
        let cleaned = gtp_clean(raw);
        if cleaned.is_empty() {
            continue;
        }
        if let Some(caps) = NUMBERED.captures(&cleaned) {
            // A number too big for u32 is read as a plain command.
            if let Ok(num) = caps[1].parse::<u32>() {
                items.push(Item::Command {
                    text: caps[2].trim().to_string(),
                    line,
                });
                pending = Some((items.len() - 1, num));
                continue;
            }
        }
        if BARE_NUMBER.is_match(&cleaned) {
            continue;
        }
        items.push(Item::Command {
            text: cleaned,
            line,
        });
        pending = None;
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tests_of(text: &str) -> Vec<Test> {
        parse_tst(text)
            .into_iter()
            .filter_map(|item| match item {
                Item::Test(t) => Some(t),
                Item::Command { .. } => None,
            })
            .collect()
    }

    #[test]
    fn a_numbered_command_and_its_expectation_make_a_test() {
        let items =
            parse_tst("loadsgf games/x.sgf 3\n# a comment\n12 attack C3\n# why\n#? [1 (B2|C4)]*\n");
        assert_eq!(items.len(), 2);
        assert_eq!(
            items[0],
            Item::Command {
                text: "loadsgf games/x.sgf 3".into(),
                line: 1
            }
        );
        let Item::Test(t) = &items[1] else {
            panic!("{items:?}")
        };
        assert_eq!((t.num, t.command.as_str(), t.line), (12, "attack C3", 3));
        assert_eq!(
            (t.regex.as_str(), t.negate, t.xfail, t.ignore),
            ("1 (B2|C4)", false, true, false)
        );
        assert_eq!(t.name(), "attack");
    }

    #[test]
    fn negation_ignore_and_a_missing_bracket() {
        let t = tests_of("1 defend A1\n#? [!0]&\n2 attack B2\n#? [1 B3\n");
        assert!(t[0].negate && t[0].ignore && !t[0].xfail);
        assert_eq!(t[0].expected(), "!0");
        assert_eq!(t[1].regex, "1 B3");
    }

    #[test]
    fn orphan_expectations_and_bare_numbers_are_ignored() {
        let items = parse_tst("#? [0]\nplay black C3\n#? [1]\n17\n\tboardsize\t9 # size\n");
        assert_eq!(
            items,
            vec![
                Item::Command {
                    text: "play black C3".into(),
                    line: 2
                },
                Item::Command {
                    text: "boardsize 9".into(),
                    line: 5
                },
            ]
        );
    }

    #[test]
    fn matching_is_gnu_go_s_plain_concatenation() {
        let t = &tests_of("1 attack A1\n#? [A1|B2]\n")[0];
        // `^A1|B2$`: the first alternative is anchored only at the start.
        assert!(t.accepts("A1") && t.accepts("B2") && t.accepts("A10"));
        assert!(!t.accepts("B20") && !t.accepts("1 B2x"));
        let n = &tests_of("1 attack A1\n#? [!0]\n")[0];
        assert!(n.accepts("1 C3") && !n.accepts("0"));
        let bad = &tests_of("1 attack A1\n#? [(]\n")[0];
        assert!(!bad.accepts("(") && !bad.accepts(""));
    }

    #[test]
    fn latin1_and_control_characters() {
        assert_eq!(latin1(&[0x41, 0xe9]), "A\u{e9}");
        assert_eq!(gtp_clean("  play\u{7}\tblack\u{7f} A1  "), "play black A1");
    }
}
