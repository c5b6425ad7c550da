//! Compiling `.db` files at run time: the `loader` crate's, re-exported for
//! the subcommands.

pub use loader::compile::*;
