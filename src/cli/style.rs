//! Terminal styling for human-readable output: bold headers only when
//! standard output is a terminal and `NO_COLOR` is unset or empty
//! (<https://no-color.org>).

use std::io::IsTerminal;

/// Whether to emit ANSI styling on standard output.
pub fn color_enabled() -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    !no_color && std::io::stdout().is_terminal()
}

/// `text` in bold when `enabled`.
pub fn bold(text: &str, enabled: bool) -> String {
    if enabled {
        format!("\x1b[1m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}
