//! Fuzz target: any bytes, read as one or two files of a stream, must parse,
//! check, lint and format without panicking, and the formatter's output of
//! an error-free parse must parse to the same AST. A stream the parser
//! accepts must also compile without panicking in every database mode
//! (general, connection, corner, DFA with its automaton) and lower to the
//! run-time form. The first file must also parse as `eyes.db` and as an
//! `mc_*.db` (compiled into its table) without panicking.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mkpat::compile::dfa::hints::TransformationHints;
use mkpat::compile::{CompileOptions, compile};
use mkpat::ir::{AnchorColor, DbType};
use mkpat::source::SourceSet;

fuzz_target!(|data: &[u8]| {
    let mut sources = SourceSet::new();
    let split = data.iter().position(|&b| b == 0xfe).unwrap_or(data.len());
    sources.add_bytes("a.db", data[..split].to_vec());
    if split < data.len() {
        sources.add_bytes("b.db", data[split + 1..].to_vec());
    }
    let first = sources.ids().next().expect("one file at least");
    for diag in mkpat::eyes::parse(&sources, first).1 {
        let _ = mkpat::render::plain(&sources, &diag);
    }
    let (mc, mc_diags) = mkpat::mcpat::parse(&sources, first);
    for diag in &mc_diags {
        let _ = mkpat::render::plain(&sources, diag);
    }
    if mc_diags.iter().all(|d| !d.is_error()) {
        let _ = mkpat::mcpat::compile(&mc);
    }
    let (files, diags) = mkpat::parse::parse_stream(&sources);
    for diag in &diags {
        let _ = mkpat::render::plain(&sources, diag);
    }
    let parsed_cleanly = diags.iter().all(|d| !d.is_error());
    for file in &files {
        let checked = mkpat::check::check_file(file, &Default::default());
        for diag in &checked {
            let _ = mkpat::render::plain(&sources, diag);
        }
        let _ = mkpat::lint::lint_file(&sources, file);
        let formatted = mkpat::fmt::format_file(file);
        if sources.len() == 1 && parsed_cleanly {
            let mut again = SourceSet::new();
            let id = again.add("a.db", formatted.clone());
            let reparsed = mkpat::parse::parse_file(&again, id);
            assert!(
                reparsed.diagnostics.iter().all(|d| !d.is_error()),
                "formatted output has errors:\n{formatted}"
            );
            assert_eq!(
                &reparsed.file, file,
                "formatting changed the AST:\n{formatted}"
            );
        }
    }
    if !parsed_cleanly {
        return;
    }
    for (db_type, anchor) in [
        (DbType::General, AnchorColor::Both),
        (DbType::Connection, AnchorColor::O),
        (DbType::Corner, AnchorColor::O),
        (DbType::Dfa, AnchorColor::Both),
    ] {
        let options = CompileOptions {
            db_type,
            anchor,
            center_anchor: db_type == DbType::Dfa,
            ..CompileOptions::default()
        };
        let compilation = compile(&files, &options, &TransformationHints::none());
        for diag in &compilation.diagnostics {
            let _ = mkpat::render::plain(&sources, diag);
        }
        if compilation.diagnostics.iter().all(|d| !d.is_error()) {
            let _ = mkpat::codegen::runtime_db(&compilation.db);
        }
    }
});
