//! Reading JSON-lines input record by record for the replay commands
//! (`tesuji rules replay`, `tesuji env replay`): every line is handed on
//! with its 1-based number (blank lines skipped, a line that is not UTF-8
//! reported as bad), and bad records are reported on standard error as
//! they come while the good ones are still written; the exit status says
//! at the end how many were bad.

use std::io::BufRead;

use super::CliError;

/// Calls `each(number, line)` for every non-blank line of `input` (named
/// `name` in errors); a line that is not UTF-8 is handed on as
/// `Err(cause)`. Reading stops only when the input itself fails.
pub fn for_each_line(
    mut input: impl BufRead,
    name: &str,
    mut each: impl FnMut(usize, Result<&str, String>) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let mut bytes = Vec::new();
    let mut number = 0;
    loop {
        bytes.clear();
        let read = input
            .read_until(b'\n', &mut bytes)
            .map_err(|e| format!("{name}: line {}: {e}", number + 1))?;
        if read == 0 {
            return Ok(());
        }
        number += 1;
        match std::str::from_utf8(&bytes) {
            Ok(line) if line.trim().is_empty() => {}
            Ok(line) => each(number, Ok(line))?,
            Err(e) => each(number, Err(format!("not UTF-8: {e}")))?,
        }
    }
}

/// Counts good and bad records and reports the bad ones on standard error.
#[derive(Debug)]
pub struct BadRecords {
    command: &'static str,
    good: usize,
    bad: usize,
}

impl BadRecords {
    /// A count for `command` (the prefix of its messages).
    pub fn new(command: &'static str) -> BadRecords {
        BadRecords {
            command,
            good: 0,
            bad: 0,
        }
    }

    /// `records` more records written.
    pub fn good(&mut self, records: usize) {
        self.good += records;
    }

    /// One more bad record, reported at once.
    pub fn report(&mut self, message: String) {
        eprintln!("{}: {message}", self.command);
        self.bad += 1;
    }

    /// The exit: an error naming the count when any record was bad.
    pub fn finish(&self) -> Result<(), CliError> {
        if self.bad == 0 {
            Ok(())
        } else {
            Err(CliError::Message(format!(
                "{} of {} records bad (reported above), {} written",
                self.bad,
                self.bad + self.good,
                self.good
            )))
        }
    }
}
