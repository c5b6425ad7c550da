//! The GTP v2 wire format: turning input lines into commands and answers
//! into text, as GNU Go 3.8 writes them.
//!
//! Input preprocessing follows the GTP v2 specification: control
//! characters other than tab and line feed are removed, tabs become
//! spaces, everything from `#` on is a comment, and lines left empty are
//! ignored. A command is an optional numeric id, a name and arguments
//! separated by spaces. Answers are `=ID text` or `?ID text` followed by an
//! empty line (GNU Go writes the id right after the sign, and `= ` with a
//! space when there is no id).
//!
//! Lines are bytes: GNU Go 3.8 reads them as bytes and answers every line,
//! whatever its encoding (`play b \xe9` answers `? invalid color or
//! coordinate`, a name that is not UTF-8 `? unknown command`, and the
//! session goes on). Bytes that are not UTF-8 are read as U+FFFD, which
//! no command, colour or vertex contains, so every such line gets the
//! answer GNU Go gives it. Numeric ids are read as GNU Go reads them (a
//! C `long` cut to 32 bits, answered without an id when negative):
//! `4294967296 name` answers `=0`, `4294967295 name`, `2147483648 name`,
//! `99999999999999999999 name` and `-1 name` answer with no id, and the
//! number is never taken for the command name.

/// One command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The numeric id, if the line had one.
    pub id: Option<u32>,
    /// The command name.
    pub name: String,
    /// The arguments.
    pub args: Vec<String>,
}

/// What a line is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// Nothing to do: empty, a comment, or an id with no command (GNU Go
    /// answers such lines with nothing).
    Nothing,
    /// A command.
    Command(Command),
}

/// Parses one input line of bytes (without its line feed); bytes that are
/// not UTF-8 become U+FFFD.
pub fn parse_bytes(raw: &[u8]) -> Line {
    parse_line(&String::from_utf8_lossy(raw))
}

/// The id GNU Go reads from a first word that is an optional sign and
/// digits: the value as a C `long` (saturating), cut to 32 bits, no id
/// when that is negative. `None` when the word is no number (it is the
/// command name then).
fn gnugo_id(word: &str) -> Option<Option<u32>> {
    let digits = word.strip_prefix(['+', '-']).unwrap_or(word);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let negative = word.starts_with('-');
    let value = digits.bytes().fold(0i64, |acc, b| {
        let digit = i64::from(b - b'0');
        if negative {
            acc.saturating_mul(10).saturating_sub(digit)
        } else {
            acc.saturating_mul(10).saturating_add(digit)
        }
    });
    // C's conversion of a `long` to `int`: the low 32 bits.
    let cut = value as i32;
    Some(u32::try_from(cut).ok())
}

/// Parses one input line (without its line feed).
pub fn parse_line(raw: &str) -> Line {
    let cleaned: String = raw
        .chars()
        .filter(|&c| c == '\t' || c == '\n' || !c.is_control())
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let text = cleaned.split('#').next().unwrap_or("");
    let mut words = text.split_whitespace();
    let Some(first) = words.next() else {
        return Line::Nothing;
    };
    let (id, name) = match gnugo_id(first) {
        Some(id) => match words.next() {
            Some(name) => (id, name),
            None => return Line::Nothing,
        },
        None => (None, first),
    };
    Line::Command(Command {
        id,
        name: name.to_string(),
        args: words.map(str::to_string).collect(),
    })
}

/// The answer to a command: success text or an error message.
pub type Answer = Result<String, String>;

/// The text of an answer to a command with `id`: `=ID text\n\n` or
/// `?ID message\n\n`.
pub fn format_answer(id: Option<u32>, answer: &Answer) -> String {
    let (sign, body) = match answer {
        Ok(text) => ('=', text.as_str()),
        Err(message) => ('?', message.as_str()),
    };
    let id = id.map(|id| id.to_string()).unwrap_or_default();
    // Multi-line answers must not contain empty lines (they would end the
    // answer early).
    // A leading line feed is kept (GNU Go's `showboard` starts its board on
    // the line after the sign).
    let separator = if body.starts_with('\n') { " \n" } else { " " };
    let body = body
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    format!("{sign}{id}{separator}{body}\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(id: Option<u32>, name: &str, args: &[&str]) -> Line {
        Line::Command(Command {
            id,
            name: name.into(),
            args: args.iter().map(|a| a.to_string()).collect(),
        })
    }

    #[test]
    fn lines() {
        assert_eq!(parse_line(""), Line::Nothing);
        assert_eq!(parse_line("   "), Line::Nothing);
        assert_eq!(parse_line("# a comment"), Line::Nothing);
        assert_eq!(parse_line("7"), Line::Nothing);
        assert_eq!(parse_line("name"), command(None, "name", &[]));
        assert_eq!(
            parse_line("12 play\tB  D4 # move"),
            command(Some(12), "play", &["B", "D4"])
        );
        assert_eq!(
            parse_line("play\u{1}  W pass\r"),
            command(None, "play", &["W", "pass"])
        );
        // GNU Go reads a negative id and answers without one.
        assert_eq!(parse_line("-3 name"), command(None, "name", &[]));
        assert_eq!(parse_line("+5 name"), command(Some(5), "name", &[]));
    }

    #[test]
    fn ids_beyond_32_bits_as_gnugo_reads_them() {
        // GNU Go 3.8 answers `=0 GNU Go`, `= GNU Go` (three times),
        // `=2147483647 GNU Go`, `=0 GNU Go` to these lines.
        assert_eq!(parse_line("4294967296 name"), command(Some(0), "name", &[]));
        for line in [
            "4294967295 name",
            "2147483648 name",
            "99999999999999999999 name",
        ] {
            assert_eq!(parse_line(line), command(None, "name", &[]), "{line}");
        }
        assert_eq!(
            parse_line("2147483647 name"),
            command(Some(2147483647), "name", &[])
        );
        assert_eq!(
            parse_line("-99999999999999999999 name"),
            command(Some(0), "name", &[])
        );
        assert_eq!(parse_line("007 name"), command(Some(7), "name", &[]));
    }

    #[test]
    fn bytes_that_are_not_utf8_stay_in_their_words() {
        assert_eq!(
            parse_bytes(b"2 play b \xe9"),
            command(Some(2), "play", &["b", "\u{fffd}"])
        );
        assert_eq!(
            parse_bytes(b"\xe9\xff foo"),
            command(None, "\u{fffd}\u{fffd}", &["foo"])
        );
    }

    #[test]
    fn answers() {
        assert_eq!(format_answer(None, &Ok(String::new())), "= \n\n");
        assert_eq!(
            format_answer(Some(7), &Ok("GNU Go".into())),
            "=7 GNU Go\n\n"
        );
        assert_eq!(
            format_answer(Some(2), &Err("illegal move".into())),
            "?2 illegal move\n\n"
        );
        assert_eq!(format_answer(None, &Ok("a\n\nb\n".into())), "= a\nb\n\n");
        assert_eq!(
            format_answer(Some(1), &Ok("\n 1 .\n".into())),
            "=1 \n 1 .\n\n"
        );
    }
}
