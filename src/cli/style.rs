//! Terminal styling for human-readable output: bold headers only when
//! standard output is a terminal and `NO_COLOR` is unset or empty
//! (<https://no-color.org>).

use std::io::{IsTerminal, Write};

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

/// Writes a table for people: the header (bold when `bold`), then each row,
/// columns left-aligned to their widest cell (in characters), two spaces
/// apart, trailing blanks trimmed.
pub fn write_columns<const N: usize>(
    out: &mut dyn Write,
    header: [&str; N],
    rows: &[[String; N]],
    bold_header: bool,
) -> std::io::Result<()> {
    let mut widths = header.map(|h| h.chars().count());
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: [&str; N]| {
        cells
            .iter()
            .zip(widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect::<Vec<_>>()
            .join("  ")
            .trim_end()
            .to_string()
    };
    writeln!(out, "{}", bold(&line(header), bold_header))?;
    for row in rows {
        writeln!(out, "{}", line(row.each_ref().map(String::as_str)))?;
    }
    Ok(())
}
