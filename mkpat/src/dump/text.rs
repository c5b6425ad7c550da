//! The human-readable dump (filled in below).
