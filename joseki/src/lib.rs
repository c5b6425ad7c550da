//! Joseki SGF trees and fuseki opening books, turned into patterns.

#![forbid(unsafe_code)]
