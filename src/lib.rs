//! tesuji: a Go engine built on pattern databases compiled from GNU Go's
//! `.db` language.

#![forbid(unsafe_code)]

pub mod cli;

