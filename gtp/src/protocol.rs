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
    let (id, name) = match first.parse::<u32>() {
        Ok(id) => match words.next() {
            Some(name) => (Some(id), name),
            None => return Line::Nothing,
        },
        Err(_) => (None, first),
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
        assert_eq!(parse_line("-3 name"), command(None, "-3", &["name"]));
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
