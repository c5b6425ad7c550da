//! `mkpat`: the compiler for GNU Go's `.db` pattern language.
//!
//! Text flows through [`ast`] (the parsed form, with spans) to diagnostics,
//! the formatter, the compiled-pattern IR, dumps and Rust code generation.

#![forbid(unsafe_code)]

pub mod ast;
