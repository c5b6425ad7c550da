//! The integration tests of `mkpat`, one module per subject, built as one test
//! binary (one link instead of one per file; the tests of all subjects share
//! the test threads).

mod codegen_cli;
mod compile_corpus;
mod compile_dfa;
mod compile_dump;
mod compile_dump_corner;
mod compile_expected;
mod compile_joseki;
mod compile_runtime;
mod corpus_snapshot;
mod diagnostics;
mod dtr_optimise;
mod dump_line_languages;
mod eyes_corpus;
mod fmt_proptest;
mod fmt_roundtrip;
mod legacy_dialect;
mod lint_classes;
mod lint_corpus;
mod lint_proptest;
mod lsp;
mod mc_corpus;
mod parse_corpus;
mod svg_render;
