//! Command lines read on a thread of their own, so that a streaming
//! analysis (`lz-analyze`, `kata-analyze`) can go on searching and still
//! stop as soon as the controller sends its next command, as Lizzie and
//! Sabaki expect. The reader thread sends every line (cut at
//! [`MAX_LINE_BYTES`](crate::MAX_LINE_BYTES), see
//! [`read_line_capped`](crate::read_line_capped)) over a channel and counts
//! it as waiting; [`Input::waiting`] tells the search whether a line (or
//! the end of the input) has arrived that the server has not taken yet.

use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::SeqCst};
use std::sync::mpsc::{Receiver, channel};

use crate::{MAX_LINE_BYTES, read_line_capped};

/// One line read: its bytes (at most `MAX_LINE_BYTES`) and whether it was
/// longer.
pub type ReadLine = std::io::Result<(Vec<u8>, bool)>;

/// What the reader thread and the server share.
#[derive(Debug, Default)]
struct Shared {
    /// Lines sent and not yet taken.
    queued: AtomicUsize,
    /// The input ended (or failed).
    ended: AtomicBool,
}

/// The command lines of a stream, read on their own thread.
#[derive(Debug)]
pub struct Input {
    lines: Receiver<ReadLine>,
    shared: Arc<Shared>,
}

impl Input {
    /// Starts reading `reader` on a new thread (which ends with the input;
    /// a server that quits first leaves it blocked on its read, and the
    /// process's end takes it).
    pub fn spawn<R: BufRead + Send + 'static>(mut reader: R) -> Input {
        let (sender, lines) = channel();
        let shared = Arc::new(Shared::default());
        let thread_shared = Arc::clone(&shared);
        std::thread::spawn(move || {
            let mut line = Vec::new();
            loop {
                let read = match read_line_capped(&mut reader, &mut line, MAX_LINE_BYTES) {
                    Ok(Some(too_long)) => Ok((std::mem::take(&mut line), too_long)),
                    Ok(None) => break,
                    Err(e) => Err(e),
                };
                let failed = read.is_err();
                thread_shared.queued.fetch_add(1, SeqCst);
                if sender.send(read).is_err() || failed {
                    break;
                }
            }
            thread_shared.ended.store(true, SeqCst);
        });
        Input { lines, shared }
    }

    /// The next line, waiting for it; `None` at the end of the input.
    pub fn next_line(&self) -> Option<ReadLine> {
        let line = self.lines.recv().ok()?;
        self.shared.queued.fetch_sub(1, SeqCst);
        Some(line)
    }

    /// Whether a line not taken yet has arrived, or the input has ended.
    pub fn waiting(&self) -> bool {
        self.shared.waiting()
    }

    /// A handle that answers [`Input::waiting`] from any thread (the
    /// search's workers ask it).
    pub fn watch(&self) -> Watch {
        Watch(Arc::clone(&self.shared))
    }
}

/// See [`Input::watch`].
#[derive(Debug, Clone)]
pub struct Watch(Arc<Shared>);

impl Watch {
    /// Whether a line not taken yet has arrived, or the input has ended.
    pub fn waiting(&self) -> bool {
        self.0.waiting()
    }
}

impl Shared {
    fn waiting(&self) -> bool {
        self.queued.load(SeqCst) > 0 || self.ended.load(SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_arrive_in_order_and_the_end_is_waiting() {
        let input = Input::spawn(std::io::Cursor::new(b"one\ntwo\n".to_vec()));
        assert_eq!(
            input.next_line().unwrap().unwrap(),
            (b"one".to_vec(), false)
        );
        assert_eq!(
            input.next_line().unwrap().unwrap(),
            (b"two".to_vec(), false)
        );
        assert!(input.next_line().is_none());
        assert!(input.waiting());
    }

    /// A stream whose bytes come when the test sends them.
    struct Chunks(std::sync::mpsc::Receiver<Vec<u8>>, Vec<u8>);

    impl std::io::Read for Chunks {
        fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
            if self.1.is_empty() {
                match self.0.recv() {
                    Ok(bytes) => self.1 = bytes,
                    Err(_) => return Ok(0),
                }
            }
            let n = buffer.len().min(self.1.len());
            buffer[..n].copy_from_slice(&self.1[..n]);
            self.1.drain(..n);
            Ok(n)
        }
    }

    #[test]
    fn nothing_waits_on_an_open_stream_until_a_line_comes() {
        let (writer, chunks) = channel();
        let input = Input::spawn(std::io::BufReader::new(Chunks(chunks, Vec::new())));
        assert!(!input.waiting());
        writer.send(b"name\n".to_vec()).unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while !input.waiting() {
            assert!(
                std::time::Instant::now() < deadline,
                "the line never arrived"
            );
            std::thread::yield_now();
        }
        assert_eq!(input.next_line().unwrap().unwrap().0, b"name");
        assert!(!input.waiting());
        drop(writer);
        assert!(input.next_line().is_none());
    }
}
