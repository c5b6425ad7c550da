//! Analysis for the tools people use: Leela Zero's `lz-analyze` and
//! KataGo's `kata-analyze` (Lizzie, Sabaki, KaTrain read them). The search
//! (`tesuji gtp --search mcts`) runs on the position and reports its root
//! moves every interval as one line of `info move M visits N winrate W
//! prior P lcb L order K pv …` entries, until the controller sends its
//! next command; then the answer ends with an empty line, as those
//! engines end theirs, and the command is run. With `--playouts N` the
//! analysis runs exactly N playouts (the same lines every time), reports
//! once, and waits for the next command.
//!
//! Arguments, as both engines take them: `[COLOR] [INTERVAL] [interval N]
//! [maxmoves N] [minmoves N] [ownership true|false]` (the interval in
//! centiseconds; `ownership` for `kata-analyze` only). Win rates, priors
//! and lower confidence bounds are for the player to move: integers in
//! ten-thousandths for `lz-analyze`, fractions for `kata-analyze`.
//! KataGo's `ownership` field follows the last entry: one value per point
//! from the top left, row by row, +1 owned by the player to move, −1 by
//! the opponent.

use std::io::Write;
use std::time::Duration;

use goban::{Color, Geometry, Point};
use mcts::{Limits, SearchResult};

use crate::protocol::{Command, format_answer};
use crate::session::Session;

/// The two analysis commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `lz-analyze`: Leela Zero's integers in ten-thousandths.
    Lz,
    /// `kata-analyze`: KataGo's fractions, optional ownership.
    Kata,
}

impl Kind {
    /// The kind of the command `name`, if it is an analysis.
    pub fn of(name: &str) -> Option<Kind> {
        match name {
            "lz-analyze" => Some(Kind::Lz),
            "kata-analyze" => Some(Kind::Kata),
            _ => None,
        }
    }
}

/// The normal quantile of the lower confidence bound (about 95% one-sided).
const LCB_QUANTILE: f32 = 1.645;

/// Time searched between two reports when the controller asked for none
/// (the analysis still stops at its next command).
const UNREPORTED_STEP: Duration = Duration::from_millis(200);

/// How often a finished fixed-playout analysis looks for the next command.
const IDLE_POLL: Duration = Duration::from_millis(5);

/// An analysis command's arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The player whose moves are analysed.
    pub color: Color,
    /// Time between reports (`None`: report only when stopped).
    pub interval: Option<Duration>,
    /// Most moves per report.
    pub max_moves: Option<usize>,
    /// Add the ownership map (`kata-analyze`).
    pub ownership: bool,
}

impl Request {
    /// Parses `args` of a `kind` command, `to_move` being the default
    /// colour.
    pub fn parse(kind: Kind, args: &[String], to_move: Color) -> Result<Request, String> {
        let mut request = Request {
            color: to_move,
            interval: None,
            max_moves: None,
            ownership: false,
        };
        let mut rest = args;
        if let Some(color) = rest.first().and_then(|a| Color::parse(a)) {
            request.color = color;
            rest = &rest[1..];
        }
        let centiseconds = |text: &str| {
            text.parse::<u64>()
                .map(|cs| (cs > 0).then(|| Duration::from_millis(10 * cs)))
                .map_err(|_| format!("invalid interval {text}"))
        };
        if let Some(first) = rest.first().filter(|a| a.parse::<u64>().is_ok()) {
            request.interval = centiseconds(first)?;
            rest = &rest[1..];
        }
        while let Some(key) = rest.first() {
            let value = rest.get(1).ok_or_else(|| format!("{key} needs a value"))?;
            let count = || {
                value
                    .parse::<usize>()
                    .map_err(|_| format!("invalid {key} {value}"))
            };
            match key.as_str() {
                "interval" => request.interval = centiseconds(value)?,
                "maxmoves" => request.max_moves = Some(count()?).filter(|&n| n > 0),
                "minmoves" => {
                    count()?;
                }
                "ownership" if kind == Kind::Kata => {
                    request.ownership = match value.as_str() {
                        "true" => true,
                        "false" => false,
                        _ => return Err(format!("invalid ownership {value}")),
                    }
                }
                _ => return Err(format!("unknown analysis option {key}")),
            }
            rest = &rest[2..];
        }
        Ok(request)
    }
}

/// The lower confidence bound of a win rate over `visits` playouts (the
/// normal approximation, clamped to 0..1; 0 without visits).
pub fn lower_confidence_bound(winrate: f32, visits: u32) -> f32 {
    if visits == 0 {
        return 0.0;
    }
    let spread = (winrate * (1.0 - winrate) / visits as f32).sqrt();
    (winrate - LCB_QUANTILE * spread).clamp(0.0, 1.0)
}

/// One report: an `info` entry per visited root move (most visited
/// first, at most `max_moves`), then for `kata-analyze` with an ownership
/// map (+1 Black, row by row) its `ownership` field for `color`.
pub fn info_line(
    kind: Kind,
    result: &SearchResult,
    geometry: Geometry,
    max_moves: Option<usize>,
    ownership: Option<(&[f32], Color)>,
) -> String {
    let name = |mv: Option<Point>| {
        mv.and_then(|p| geometry.vertex(p))
            .map_or("pass".to_string(), |v| geometry.gtp(v))
    };
    let value = |x: f32| match kind {
        Kind::Lz => ((x * 10000.0).round() as i32).to_string(),
        Kind::Kata => format!("{x:.6}"),
    };
    let mut entries: Vec<String> = result
        .moves
        .iter()
        .filter(|m| m.visits > 0)
        .take(max_moves.unwrap_or(usize::MAX))
        .enumerate()
        .map(|(k, m)| {
            let pv: Vec<String> = m.pv.iter().map(|&p| name(p)).collect();
            format!(
                "info move {} visits {} winrate {} prior {} lcb {} order {k} pv {}",
                name(m.mv),
                m.visits,
                value(m.winrate),
                value(m.prior),
                value(lower_confidence_bound(m.winrate, m.visits)),
                pv.join(" ")
            )
        })
        .collect();
    if let Some((map, color)) = ownership {
        let sign = if color == Color::Black { 1.0 } else { -1.0 };
        let values: Vec<String> = map.iter().map(|o| format!("{:.4}", sign * o)).collect();
        entries.push(format!("ownership {}", values.join(" ")));
    }
    entries.join(" ")
}

/// Mean ownership over several searches, each weighted by its playouts.
#[derive(Debug, Default)]
struct OwnershipSum {
    sum: Vec<f64>,
    playouts: u64,
}

impl OwnershipSum {
    fn add(&mut self, result: &SearchResult) {
        self.sum.resize(result.ownership.len(), 0.0);
        for (s, &o) in self.sum.iter_mut().zip(&result.ownership) {
            *s += f64::from(o) * result.playouts as f64;
        }
        self.playouts += result.playouts;
    }

    fn mean(&self) -> Vec<f32> {
        let n = self.playouts.max(1) as f64;
        self.sum.iter().map(|&s| (s / n) as f32).collect()
    }
}

/// Runs the analysis `command` of `kind` on the session, writing its
/// answer to `out` as it goes, until `waiting` says the next command has
/// arrived (see the module documentation). A request the session cannot
/// analyse gets an ordinary error answer.
pub fn stream(
    session: &mut Session<'_>,
    kind: Kind,
    command: &Command,
    waiting: &(dyn Fn() -> bool + Sync),
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let geometry = session.game().board().geometry();
    let request = match Request::parse(kind, &command.args, session.game().to_move()) {
        Ok(request) => request,
        Err(message) => return answer_error(command, message, out),
    };
    let Some(fixed_playouts) = session.search_playouts() else {
        return answer_error(command, "this needs --search mcts".into(), out);
    };
    let mut ownership = OwnershipSum::default();
    let mut answered = false;
    loop {
        let (limits, interrupted): (Limits, &(dyn Fn() -> bool + Sync)) = match fixed_playouts {
            Some(n) => (
                Limits {
                    playouts: Some(n),
                    time: None,
                },
                &|| false,
            ),
            None => (
                Limits {
                    playouts: None,
                    time: Some(request.interval.unwrap_or(UNREPORTED_STEP)),
                },
                waiting,
            ),
        };
        let result = match session.analysis_search(request.color, limits, interrupted) {
            Ok(result) => result,
            // A board the search cannot hold: known before the answer.
            Err(message) => return answer_error(command, message, out),
        };
        if !answered {
            let id = command.id.map(|id| id.to_string()).unwrap_or_default();
            writeln!(out, "={id}")?;
            answered = true;
        }
        ownership.add(&result);
        let stopping = fixed_playouts.is_some() || waiting();
        if request.interval.is_some() || stopping {
            let map = ownership.mean();
            let with_ownership = (kind == Kind::Kata && request.ownership)
                .then_some((map.as_slice(), request.color));
            let line = info_line(kind, &result, geometry, request.max_moves, with_ownership);
            writeln!(out, "{line}")?;
            out.flush()?;
        }
        if stopping {
            break;
        }
    }
    while !waiting() {
        std::thread::sleep(IDLE_POLL);
    }
    writeln!(out)?;
    out.flush()
}

fn answer_error(command: &Command, message: String, out: &mut dyn Write) -> std::io::Result<()> {
    out.write_all(format_answer(command.id, &Err(message)).as_bytes())?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn arguments_as_lizzie_and_sabaki_send_them() {
        let parse = |kind, text: &str| Request::parse(kind, &args(text), Color::White);
        let request = parse(Kind::Lz, "b 50").unwrap();
        assert_eq!(request.color, Color::Black);
        assert_eq!(request.interval, Some(Duration::from_millis(500)));
        let request = parse(Kind::Lz, "10").unwrap();
        assert_eq!(request.color, Color::White);
        assert_eq!(request.interval, Some(Duration::from_millis(100)));
        let request = parse(Kind::Kata, "W interval 20 ownership true maxmoves 5").unwrap();
        assert_eq!(
            request,
            Request {
                color: Color::White,
                interval: Some(Duration::from_millis(200)),
                max_moves: Some(5),
                ownership: true,
            }
        );
        assert_eq!(parse(Kind::Lz, "").unwrap().interval, None);
        assert_eq!(parse(Kind::Lz, "b 0").unwrap().interval, None);
        assert!(parse(Kind::Lz, "b ownership true").is_err());
        assert!(parse(Kind::Kata, "b interval").is_err());
        assert!(parse(Kind::Kata, "b interval x").is_err());
        assert!(parse(Kind::Kata, "b frobnicate 1").is_err());
    }

    #[test]
    fn lower_bound_is_below_the_rate_and_narrows_with_visits() {
        assert_eq!(lower_confidence_bound(0.7, 0), 0.0);
        let few = lower_confidence_bound(0.7, 10);
        let many = lower_confidence_bound(0.7, 1000);
        assert!(few < many && many < 0.7, "{few} {many}");
        assert_eq!(lower_confidence_bound(1.0, 5), 1.0);
    }
}
