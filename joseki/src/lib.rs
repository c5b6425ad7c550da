//! Joseki SGF trees and fuseki opening books, turned into patterns.
//!
//! * [`sgf_to_db`] converts a GNU Go joseki SGF file into the `.db` text
//!   GNU Go's `joseki` program writes (spec `joseki-and-fuseki.md` §1);
//!   [`sgf_to_ast`] parses that text with mkpat's parser into the pattern AST.
//! * [`corner_specs`] turns converted patterns into corner-frame
//!   specifications for [`matcher::corner::CornerDb`].
//! * [`fuseki`] decodes GNU Go's compressed fuseki books into full-board
//!   patterns for [`matcher::fullboard`].
//!
//! SGF files are read with the workspace's one reader, [`sgf::read_sgf`]
//! (GNU Go's reader rules on top of `sgf-parse`); moves are replayed on the
//! board core through [`board`].

#![forbid(unsafe_code)]

pub mod ast_bridge;
pub mod board;
pub mod convert;
pub mod corner_specs;
pub mod fuseki;

pub use ast_bridge::{JosekiAst, sgf_to_ast};
pub use convert::{Conversion, ConvertError, sgf_to_db};
