//! GNU Go's engine layers, rebuilt on tesuji's board (`goban`).

pub mod unconditional;
