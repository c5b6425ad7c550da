//! `mkpat`: the compiler for GNU Go's `.db` pattern language.
//!
//! Text flows through [`ast`] (the parsed form, with spans) to diagnostics,
//! the formatter, the compiled-pattern IR, dumps and Rust code generation.
//!
//! Front end in brief:
//! - [`source::SourceSet`] holds the input files ([`ast::FileId`] indexes it,
//!   with line/column lookup);
//! - [`parse::parse_file`] turns one file into a [`parse::ParsedFile`]
//!   (`file: ast::File`, `diagnostics`), [`parse::parse_stream`] parses every
//!   file of a set as one stream (attribute map and pattern names carry over,
//!   as with GNU Go's repeated `-i`), and [`parse::parse_files`] loads paths
//!   and does the same;
//! - [`diag::Diagnostic`] carries a stable [`diag::Code`], a span and a hint.

#![forbid(unsafe_code)]

pub mod ast;
pub mod check;
pub mod codegen;
pub mod compile;
pub mod diag;
pub mod diagnose;
pub mod dump;
pub mod eyes;
pub mod fmt;
pub mod ir;
pub mod lexer;
pub mod lint;
pub mod mcpat;
pub mod options;
pub mod parse;
pub mod render;
pub mod runtime;
pub mod source;
