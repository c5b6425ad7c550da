//! Test-only crate: pattern databases compiled to Rust by `build.rs` (the
//! code-generation fixtures, our own database and, when the shared corpus
//! is present, GNU Go's 14 databases). Any warning in generated code fails
//! the build. The tests compare this code with the run-time path.

#![forbid(unsafe_code)]
#![deny(warnings)]

include!(concat!(env!("OUT_DIR"), "/index.rs"));
include!(concat!(env!("OUT_DIR"), "/manifest.rs"));
