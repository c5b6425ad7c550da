//! A document's diagnostics as the protocol carries them: exactly what
//! `mkpat lint` (or `mkpat check`, without lints) reports for the file,
//! through the same [`mkpat::diagnose`], with the stable code, the caret
//! label and the hint.

use lsp_types::{DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Uri};
use mkpat::diag::Severity;
use mkpat::diagnose::{DiagnoseOptions, diagnose};

use super::document::Document;

/// The protocol's severity of a diagnostic's.
fn severity(severity: Severity) -> DiagnosticSeverity {
    match severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Lint => DiagnosticSeverity::INFORMATION,
    }
}

/// The diagnostics of a document, lints included when `lints`.
pub fn diagnostics(uri: &Uri, document: &Document, lints: bool) -> Vec<lsp_types::Diagnostic> {
    let options = DiagnoseOptions {
        lints,
        ..DiagnoseOptions::default()
    };
    let mut found = Vec::new();
    diagnose(&document.sources, &options, &mut found);
    let text = &document.text;
    found
        .into_iter()
        .map(|d| {
            let range = d
                .span
                .map(|span| document.lines.range(text, span))
                .unwrap_or_default();
            let mut message = d.message.clone();
            if let Some(help) = &d.help {
                message.push_str("\nhelp: ");
                message.push_str(help);
            }
            let mut related: Vec<DiagnosticRelatedInformation> = d
                .related
                .iter()
                .map(|(span, note)| DiagnosticRelatedInformation {
                    location: Location::new(uri.clone(), document.lines.range(text, *span)),
                    message: note.clone(),
                })
                .collect();
            if let Some(label) = &d.label {
                related.insert(
                    0,
                    DiagnosticRelatedInformation {
                        location: Location::new(uri.clone(), range),
                        message: label.clone(),
                    },
                );
            }
            lsp_types::Diagnostic {
                range,
                severity: Some(severity(d.severity())),
                code: Some(NumberOrString::String(d.code.as_str().to_string())),
                source: Some("mkpat".to_string()),
                message,
                related_information: (!related.is_empty()).then_some(related),
                ..lsp_types::Diagnostic::default()
            }
        })
        .collect()
}
