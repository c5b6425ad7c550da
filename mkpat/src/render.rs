//! Rendering diagnostics: `plain` (`file:line:col: error[CODE]: message`,
//! then the line, a caret and the hint), `fancy` (miette's graphical report,
//! for terminals) and `json` (for tools; with the related places, where a
//! diagnostic has some).

use std::fmt;

use crate::diag::{Diagnostic, Severity};
use crate::source::SourceSet;

/// The `file:line:col: severity[CODE]: message` header of a diagnostic.
pub fn header(sources: &SourceSet, diag: &Diagnostic) -> String {
    let severity = diag.severity().name();
    let code = diag.code.as_str();
    match diag.span {
        Some(span) if (span.file.0 as usize) < sources.len() => format!(
            "{}:{}:{}: {severity}[{code}]: {}",
            sources.file(span.file).name,
            span.line,
            span.col,
            diag.message
        ),
        _ => format!("{severity}[{code}]: {}", diag.message),
    }
}

/// Plain rendering: header, the source line, a caret line (with the label)
/// and the hint. Ends with a newline.
pub fn plain(sources: &SourceSet, diag: &Diagnostic) -> String {
    let mut out = header(sources, diag);
    out.push('\n');
    if let Some(span) = diag.span
        && (span.file.0 as usize) < sources.len()
    {
        let file = sources.file(span.file);
        let line = file.line_text(span.line);
        let prefix: String = line
            .chars()
            .take(span.col.saturating_sub(1) as usize)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let (_, end_col) = if span.end > span.start {
            file.line_col(span.end - 1)
        } else {
            (span.line, span.col)
        };
        let (end_line, _) = file.line_col(span.end.saturating_sub(1).max(span.start));
        let width = if end_line == span.line && end_col >= span.col {
            (end_col - span.col + 1) as usize
        } else {
            line.chars()
                .count()
                .saturating_sub((span.col as usize).saturating_sub(1))
                .max(1)
        };
        let width = if span.end == span.start { 1 } else { width };
        out.push_str(&format!("  | {line}\n  | {prefix}{}", "^".repeat(width)));
        if let Some(label) = &diag.label {
            out.push(' ');
            out.push_str(label);
        }
        out.push('\n');
    }
    if let Some(help) = &diag.help {
        out.push_str(&format!("  = help: {help}\n"));
    }
    out
}

/// JSON rendering of a list of diagnostics (one array).
pub fn json(sources: &SourceSet, diags: &[Diagnostic]) -> serde_json::Value {
    let items: Vec<_> = diags
        .iter()
        .map(|d| {
            let mut value = serde_json::json!({
                "severity": d.severity().name(),
                "code": d.code.as_str(),
                "slug": d.code.slug(),
                "message": d.message,
                "label": d.label,
                "help": d.help,
            });
            if let Some(span) = d.span
                && (span.file.0 as usize) < sources.len()
            {
                value["file"] = sources.file(span.file).name.clone().into();
                value["line"] = span.line.into();
                value["column"] = span.col.into();
                value["start"] = span.start.into();
                value["end"] = span.end.into();
            }
            let related: Vec<_> = d
                .related
                .iter()
                .filter(|(span, _)| (span.file.0 as usize) < sources.len())
                .map(|(span, note)| {
                    serde_json::json!({
                        "file": sources.file(span.file).name,
                        "line": span.line,
                        "column": span.col,
                        "start": span.start,
                        "end": span.end,
                        "message": note,
                    })
                })
                .collect();
            if !related.is_empty() {
                value["related"] = related.into();
            }
            value
        })
        .collect();
    serde_json::Value::Array(items)
}

/// A diagnostic in the shape miette renders.
#[derive(Debug)]
struct Report {
    message: String,
    code: &'static str,
    severity: Severity,
    help: Option<String>,
    label: Option<String>,
    range: Option<(usize, usize)>,
    source: miette::NamedSource<String>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Report {}

impl miette::Diagnostic for Report {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Lint => miette::Severity::Advice,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.range.map(|_| &self.source as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        let (start, len) = self.range?;
        Some(Box::new(std::iter::once(miette::LabeledSpan::new(
            self.label.clone(),
            start,
            len,
        ))))
    }
}

/// Fancy rendering with miette (colours when `color` is set).
pub fn fancy(sources: &SourceSet, diag: &Diagnostic, color: bool) -> String {
    let (name, text, range) = match diag.span {
        Some(span) if (span.file.0 as usize) < sources.len() => {
            let file = sources.file(span.file);
            let start = (span.start as usize).min(file.text.len());
            let end = (span.end as usize).clamp(start, file.text.len());
            (
                file.name.clone(),
                file.text.clone(),
                Some((start, end - start)),
            )
        }
        _ => (String::new(), String::new(), None),
    };
    let report = Report {
        message: diag.message.clone(),
        code: diag.code.as_str(),
        severity: diag.severity(),
        help: diag.help.clone(),
        label: diag.label.clone(),
        range,
        source: miette::NamedSource::new(name, text),
    };
    let theme = if color {
        miette::GraphicalTheme::unicode()
    } else {
        miette::GraphicalTheme::unicode_nocolor()
    };
    let handler = miette::GraphicalReportHandler::new_themed(theme).with_context_lines(1);
    let mut out = String::new();
    if handler.render_report(&mut out, &report).is_err() {
        return plain(sources, diag);
    }
    out
}
