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
//! * [`move_choice`] — `genmove`'s last step: the first ranked point
//!   that is legal and repeats no position of the game, else a fallback
//!   point, else a pass.
//! * [`final_status`] — `final_status_list`'s estimate of dead stones.
//! * [`search_player`] — `genmove` by Monte Carlo tree search (`mcts`):
//!   time per move from the clock, resignation, playout ownership.
//! * [`gogui`] — GoGui's analyze commands (`gfx` drawings);
//!   [`gogui_search`] — those of the Monte Carlo search.
//! * [`analysis`] — streaming `lz-analyze` / `kata-analyze` for Lizzie,
//!   Sabaki and KaTrain; [`input`] — the command lines read on their own
//!   thread, so that an analysis stops at the next command.
//! * [`board_text`] — the board as GNU Go's `showboard` draws it.
//! * [`dragon_answers`] — `dragon_data` in GNU Go's format.
//!
//! The command line (`tesuji gtp`), loading SGF files and the databases
//! (embedded, or GNU Go's directory compiled at start-up) belong to the
//! caller: a session is made with [`session::Session::with_databases`]
//! and its [`session::Services`], and [`serve`] answers a stream.

#![forbid(unsafe_code)]

pub mod analysis;
pub mod board_text;
pub mod combination_answers;
pub mod dragon_answers;
pub mod eye_answers;
pub mod final_status;
pub mod gogui;
pub mod gogui_layers;
pub mod gogui_search;
pub mod influence_answers;
pub mod input;
pub mod move_choice;
pub mod move_generation;
pub mod owl_answers;
pub mod protocol;
pub mod reason_answers;
pub mod search_player;
pub mod session;
pub mod tactical_priors;
pub mod unsafe_extensions;

use std::io::{BufRead, Write};

use protocol::{Line, format_answer, parse_bytes};
use session::Session;

/// Why [`serve`] stopped early.
#[derive(Debug)]
pub enum ServeError {
    /// Reading a command line failed.
    Read(std::io::Error),
    /// Writing an answer failed (e.g. the controller closed the pipe).
    Write(std::io::Error),
}

/// The longest command line kept (bytes); the rest of a longer line is
/// read and dropped, and the line answered [`TOO_LONG`], so a huge line
/// costs no more memory than this.
pub const MAX_LINE_BYTES: usize = 1 << 16;

/// The error answered to a line longer than [`MAX_LINE_BYTES`] (GNU Go
/// cuts such lines into pieces and answers each as a command; this server
/// answers the line once, with the id its start gives).
pub const TOO_LONG: &str = "command line too long";

/// Reads one line of bytes (without its line feed) into `line`, keeping at
/// most `max` bytes: `Ok(None)` at the end of the input, else whether the
/// line was longer than `max`.
pub fn read_line_capped(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Option<bool>> {
    line.clear();
    let mut read_any = false;
    let mut too_long = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            return Ok(read_any.then_some(too_long));
        }
        read_any = true;
        let (chunk, found_end) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (&buffer[..end], Some(end + 1)),
            None => (buffer, None),
        };
        let room = max.saturating_sub(line.len());
        too_long |= chunk.len() > room;
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = found_end.unwrap_or(buffer.len());
        input.consume(used);
        if found_end.is_some() {
            return Ok(Some(too_long));
        }
    }
}

/// Answers the commands read from `input` until `quit` or its end. Every
/// line is answered whatever its bytes (see [`protocol`]); a line longer
/// than [`MAX_LINE_BYTES`] gets [`TOO_LONG`]. The lines are read on a
/// thread of their own ([`input::Input`]), so that a streaming analysis
/// ([`analysis`]) answers until the next line arrives.
pub fn serve<R: BufRead + Send + 'static>(
    session: &mut Session<'_>,
    input: R,
    out: &mut dyn Write,
) -> Result<(), ServeError> {
    let input = input::Input::spawn(input);
    let watch = input.watch();
    while let Some(read) = input.next_line() {
        let (line, too_long) = read.map_err(ServeError::Read)?;
        let Line::Command(command) = parse_bytes(&line) else {
            continue;
        };
        if let Some(kind) = analysis::Kind::of(&command.name).filter(|_| !too_long) {
            analysis::stream(session, kind, &command, &|| watch.waiting(), out)
                .map_err(ServeError::Write)?;
            continue;
        }
        let answer = if too_long {
            Err(TOO_LONG.to_string())
        } else {
            session.execute(&command.name, &command.args)
        };
        out.write_all(format_answer(command.id, &answer).as_bytes())
            .map_err(ServeError::Write)?;
        out.flush().map_err(ServeError::Write)?;
        if session.quit() {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_cut_at_the_limit_and_read_to_their_end() {
        let text = b"abcdef\nxy\n\nlast";
        let mut input = std::io::BufReader::with_capacity(2, &text[..]);
        let mut line = Vec::new();
        assert_eq!(
            read_line_capped(&mut input, &mut line, 4).unwrap(),
            Some(true)
        );
        assert_eq!(line, b"abcd");
        assert_eq!(
            read_line_capped(&mut input, &mut line, 4).unwrap(),
            Some(false)
        );
        assert_eq!(line, b"xy");
        assert_eq!(
            read_line_capped(&mut input, &mut line, 4).unwrap(),
            Some(false)
        );
        assert_eq!(line, b"");
        assert_eq!(
            read_line_capped(&mut input, &mut line, 4).unwrap(),
            Some(false)
        );
        assert_eq!(line, b"last");
        assert_eq!(read_line_capped(&mut input, &mut line, 4).unwrap(), None);
    }
}
