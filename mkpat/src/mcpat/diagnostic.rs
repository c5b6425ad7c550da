//! A small line-oriented diagnostic (file:line:col, stable code, severity)
//! shared by the `mc_*.db` and `eyes.db` front ends, whose languages are
//! line-based and much simpler than `.db`.

use std::fmt;

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The file is accepted; something looks wrong.
    Warning,
    /// The file is rejected (GNU Go's tool would stop or misread it).
    Error,
}

/// One finding, located at a 1-based line and column of a named file.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LineDiagnostic {
    /// File name as given to the parser.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
    /// Severity.
    pub severity: Severity,
    /// Stable code, e.g. `MC002` or `EY004`.
    pub code: &'static str,
    /// What is wrong.
    pub message: String,
}

impl LineDiagnostic {
    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for LineDiagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let severity = match self.severity {
            Severity::Warning => "warning",
            Severity::Error => "error",
        };
        write!(
            f,
            "{}:{}:{}: {severity}[{}]: {}",
            self.file, self.line, self.col, self.code, self.message
        )
    }
}

/// Splits text into lines (1-based numbers), removing a trailing `\r`.
pub fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n')
        .enumerate()
        .map(|(k, line)| (k + 1, line.strip_suffix('\r').unwrap_or(line)))
}
