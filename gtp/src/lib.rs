//! A GTP v2 server over the engine (`engine::Engine`), with GNU Go 3.8's
//! answer formats and error strings, KataGo's `kata-set-rules` /
//! `kata-get-rules`, `genmove` playing the best legal proposal of the
//! engine's shape databases on its analysed position
//! (`engine::Engine::genmove`), and GoGui's analyze commands.
//!
//! * [`protocol`] — the wire format: input lines to commands, answers to
//!   text.
//! * [`session`] — one session: the game under its rules, the engine on
//!   its position, and every command.
//! * [`gogui`] — GoGui's analyze commands (`gfx` drawings).
//! * [`board_text`] — the board as GNU Go's `showboard` draws it.
//!
//! The command line (`tesuji gtp`), loading SGF files and the databases
//! (embedded, or GNU Go's directory compiled at start-up) belong to the
//! caller: a session is made with [`session::Session::with_databases`]
//! and its [`session::Services`], and [`serve`] answers a stream.

#![forbid(unsafe_code)]

pub mod board_text;
pub mod gogui;
pub mod protocol;
pub mod session;

use std::io::{BufRead, Write};

use protocol::{Line, format_answer, parse_line};
use session::Session;

/// Why [`serve`] stopped early.
#[derive(Debug)]
pub enum ServeError {
    /// Reading a command line failed.
    Read(std::io::Error),
    /// Writing an answer failed (e.g. the controller closed the pipe).
    Write(std::io::Error),
}

/// Answers the commands read from `input` until `quit` or its end.
pub fn serve(
    session: &mut Session<'_>,
    input: impl BufRead,
    out: &mut dyn Write,
) -> Result<(), ServeError> {
    for line in input.lines() {
        let line = line.map_err(ServeError::Read)?;
        let Line::Command(command) = parse_line(&line) else {
            continue;
        };
        let answer = session.execute(&command.name, &command.args);
        out.write_all(format_answer(command.id, &answer).as_bytes())
            .map_err(ServeError::Write)?;
        out.flush().map_err(ServeError::Write)?;
        if session.quit() {
            break;
        }
    }
    Ok(())
}
