//! The engine a suite talks to: anything that answers GTP commands
//! ([`GtpEngine`]), and [`ProcessEngine`], a GTP program run as a child
//! process over its standard input and output.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Why a command got no successful answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GtpError {
    /// The engine answered with an error (`? TEXT`): the text.
    Refused(String),
    /// No answer within the time limit.
    Timeout,
    /// The engine is gone (end of its output, a broken pipe): what it had
    /// said of the answer, or why.
    Crashed(String),
}

/// A GTP engine: one command in (a line without its newline and without
/// an id), the response out: `Ok` with the text after `=` (every line of
/// it, the id and the surrounding whitespace of the first line stripped),
/// or why there is none.
pub trait GtpEngine {
    /// Sends `command` and waits for its response.
    fn send(&mut self, command: &str) -> Result<String, GtpError>;

    /// Starts the engine afresh after a timeout or a crash (the runner
    /// then replays the position); engines that cannot restart say why.
    fn restart(&mut self) -> Result<(), String> {
        Err("this engine cannot restart".into())
    }
}

/// A GTP engine run as a child process. Dropping it kills the process.
pub struct ProcessEngine {
    program: PathBuf,
    args: Vec<String>,
    /// The time limit of one command.
    timeout: Duration,
    /// The time limit of the first command after a start (the engine may
    /// load its data then).
    startup_timeout: Duration,
    running: Option<Running>,
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    /// Lines of the engine's output, `None` at its end.
    lines: Receiver<Option<String>>,
    fresh: bool,
}

impl ProcessEngine {
    /// Starts `program args…` (its standard error discarded) with GNU Go's
    /// regression tools' default limits: 60 s a command, 120 s for the
    /// first one.
    pub fn spawn(program: impl Into<PathBuf>, args: &[&str]) -> Result<ProcessEngine, String> {
        let mut engine = ProcessEngine {
            program: program.into(),
            args: args.iter().map(|a| a.to_string()).collect(),
            timeout: Duration::from_secs(60),
            startup_timeout: Duration::from_secs(120),
            running: None,
        };
        engine.start()?;
        Ok(engine)
    }

    /// The same engine with another per-command time limit.
    pub fn with_timeout(mut self, timeout: Duration) -> ProcessEngine {
        self.timeout = timeout;
        self
    }

    fn start(&mut self) -> Result<(), String> {
        let mut child = Command::new(&self.program)
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("starting {}: {e}", self.program.display()))?;
        let stdin = child.stdin.take().ok_or("no standard input")?;
        let stdout = child.stdout.take().ok_or("no standard output")?;
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if sender.send(Some(super::tst::latin1(&buf))).is_err() {
                            return;
                        }
                    }
                }
            }
            let _ = sender.send(None);
        });
        self.running = Some(Running {
            child,
            stdin,
            lines,
            fresh: true,
        });
        Ok(())
    }

    fn kill(&mut self) {
        if let Some(mut running) = self.running.take() {
            let _ = running.child.kill();
            let _ = running.child.wait();
        }
    }
}

impl GtpEngine for ProcessEngine {
    fn send(&mut self, command: &str) -> Result<String, GtpError> {
        let Some(running) = &mut self.running else {
            return Err(GtpError::Crashed("engine not running".into()));
        };
        let start = Instant::now();
        let bytes: Vec<u8> = command
            .chars()
            .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
            .chain([b'\n'])
            .collect();
        if running
            .stdin
            .write_all(&bytes)
            .and_then(|()| running.stdin.flush())
            .is_err()
        {
            return Err(GtpError::Crashed("broken pipe".into()));
        }
        let limit = if running.fresh {
            running.fresh = false;
            self.timeout.max(self.startup_timeout)
        } else {
            self.timeout
        };
        let deadline = start + limit;
        let mut response: Vec<String> = Vec::new();
        loop {
            let line = match running
                .lines
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {
                Ok(Some(line)) => line,
                Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(GtpError::Crashed(response.join("\n")));
                }
                Err(RecvTimeoutError::Timeout) => return Err(GtpError::Timeout),
            };
            let line = line.trim_end_matches('\n').replace('\r', "");
            if response.is_empty() {
                // Blank lines and anything else before a response.
                if line.starts_with(['=', '?']) {
                    response.push(line);
                }
                continue;
            }
            if line.trim().is_empty() {
                break;
            }
            response.push(line);
        }
        let first = &response[0];
        let success = first.starts_with('=');
        let rest = first[1..].trim_start_matches(|c: char| c.is_ascii_digit());
        response[0] = rest.trim().to_string();
        let text = response.join("\n");
        if success {
            Ok(text)
        } else {
            Err(GtpError::Refused(text))
        }
    }

    fn restart(&mut self) -> Result<(), String> {
        self.kill();
        self.start()
    }
}

impl Drop for ProcessEngine {
    fn drop(&mut self) {
        if let Some(running) = &mut self.running {
            let _ = running.stdin.write_all(b"quit\n");
            let _ = running.stdin.flush();
        }
        self.kill();
    }
}
