//! GoGui drawings of the engine's layers and move values, in GoGui's
//! `gfx` format (see [`crate::gogui`]), on the session's position (with
//! its reading stack):
//!
//! * `tesuji-move_values COLOR` — the moves the engine's move generation
//!   values (as `genmove` ranks them) labelled with their values, the best
//!   one green, and a status line with the best move and its value;
//! * `tesuji-territory COLOR` — the influence layer's territory value of
//!   every point with `COLOR` to move (GNU Go's `initial_influence COLOR
//!   territory_value`) as GoGui's `INFLUENCE` shading (+1 Black, −1 White);
//! * `tesuji-dragon_status` — each dragon coloured by its status (alive
//!   green, critical orange, dead red, unknown grey), labelled with the
//!   status's letter at its origin, dead stones marked;
//! * `tesuji-eyes` — the eye spaces of both colours (Black's blue,
//!   White's yellow), each labelled at its origin with its eyes (`min` or
//!   `min-max`, `?` without `eyes.db`; `black/white` where both colours'
//!   spaces start at one point), marginal points marked, vital
//!   attack points as triangles and defence points as squares.

use std::collections::BTreeMap;

use engine::influence::Quantity;
use goban::{Color, Geometry, Point, Vertex};
use matcher::scan::DragonStatus;

use crate::protocol::Answer;
use crate::session::Session;

/// Territory values below this magnitude are left undrawn.
const TERRITORY_SHOWN: f32 = 0.05;

/// Runs command `name` of this module (`None`: not one of them).
pub fn execute(session: &mut Session<'_>, name: &str, args: &[String]) -> Option<Answer> {
    Some(match name {
        "tesuji-move_values" => move_values(session, args),
        "tesuji-territory" => territory(session, args),
        "tesuji-dragon_status" => Ok(dragon_status(session)),
        "tesuji-eyes" => Ok(eyes(session)),
        _ => return None,
    })
}

fn parse_color(args: &[String]) -> Result<Color, String> {
    args.first()
        .and_then(|t| Color::parse(t))
        .ok_or_else(|| "invalid color".to_string())
}

/// `LABEL` over `labels` (point name → text without white space).
fn label_line(labels: &BTreeMap<String, String>) -> Option<String> {
    (!labels.is_empty()).then(|| {
        let pairs: Vec<String> = labels.iter().map(|(p, t)| format!("{p} {t}")).collect();
        format!("LABEL {}", pairs.join(" "))
    })
}

/// `COMMAND` over `points`, when there are any.
fn points_line(command: &str, points: &[String]) -> Option<String> {
    (!points.is_empty()).then(|| format!("{command} {}", points.join(" ")))
}

/// `tesuji-move_values COLOR`.
fn move_values(session: &mut Session<'_>, args: &[String]) -> Answer {
    let color = parse_color(args)?;
    let engine = session.engine();
    let geometry = engine.current_board().geometry();
    let ranked = engine.generate(color).top_moves();
    let labels: BTreeMap<String, String> = ranked
        .iter()
        .map(|&(v, value)| (geometry.gtp(v), format!("{value:.1}")))
        .collect();
    let mut lines: Vec<String> = label_line(&labels).into_iter().collect();
    let text = match ranked.first() {
        Some(&(best, value)) => {
            lines.push(format!("COLOR green {}", geometry.gtp(best)));
            format!(
                "TEXT {} valued moves; best {} worth {value:.2}",
                ranked.len(),
                geometry.gtp(best)
            )
        }
        None => "TEXT no valued move".to_string(),
    };
    lines.push(text);
    Ok(lines.join("\n"))
}

/// `tesuji-territory COLOR`.
fn territory(session: &mut Session<'_>, args: &[String]) -> Answer {
    let color = parse_color(args)?;
    let engine = session.engine();
    let geometry = engine.current_board().geometry();
    let influence = engine.analysis().influence(color);
    // GNU Go's territory value is positive for White; GoGui's influence
    // is positive for Black.
    let values = influence.map(Quantity::TerritoryValue);
    let shaded: Vec<String> = values
        .iter()
        .enumerate()
        .filter(|(_, v)| v.abs() >= TERRITORY_SHOWN)
        .filter_map(|(k, &v)| {
            let name = point_name(geometry, k)?;
            Some(format!("{name} {:.2}", (-v).clamp(-1.0, 1.0)))
        })
        .collect();
    let black: f32 = values.iter().filter(|&&v| v < 0.0).map(|v| -v).sum();
    let white: f32 = values.iter().filter(|&&v| v > 0.0).sum();
    let mut lines: Vec<String> = points_line("INFLUENCE", &shaded).into_iter().collect();
    lines.push(format!(
        "TEXT territory with {} to move: Black {black:.1}, White {white:.1}",
        if color == Color::Black {
            "Black"
        } else {
            "White"
        }
    ));
    Ok(lines.join("\n"))
}

/// The GTP name of the `k`-th point in row-major order from the top.
fn point_name(geometry: Geometry, k: usize) -> Option<String> {
    let width = geometry.width();
    let point = Point::new(u8::try_from(k / width).ok()?, u8::try_from(k % width).ok()?);
    geometry.vertex(point).map(|v| geometry.gtp(v))
}

/// A status's colour and letter.
fn status_style(status: Option<DragonStatus>) -> (&'static str, &'static str) {
    match status {
        Some(DragonStatus::Alive) => ("#3cb44b", "a"),
        Some(DragonStatus::Critical) => ("#f58231", "c"),
        Some(DragonStatus::Dead) => ("#e6194b", "d"),
        Some(DragonStatus::Unknown) | None => ("#a0a0a0", "u"),
    }
}

/// `tesuji-dragon_status`.
fn dragon_status(session: &mut Session<'_>) -> String {
    let engine = session.engine();
    let geometry = engine.current_board().geometry();
    let analysis = engine.analysis();
    let mut by_color: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    let mut labels = BTreeMap::new();
    let mut dead = Vec::new();
    let mut counts = [0usize; 4];
    for dragon in analysis.dragons().dragons() {
        let status = analysis.status(dragon.origin);
        let (colour, letter) = status_style(status);
        let stones: Vec<String> = dragon.stones.iter().map(|&v| geometry.gtp(v)).collect();
        if status == Some(DragonStatus::Dead) {
            dead.extend(stones.iter().cloned());
        }
        by_color.entry(colour).or_default().extend(stones);
        labels.insert(geometry.gtp(dragon.origin), letter.to_string());
        counts[match status {
            Some(DragonStatus::Alive) => 0,
            Some(DragonStatus::Critical) => 1,
            Some(DragonStatus::Dead) => 2,
            Some(DragonStatus::Unknown) | None => 3,
        }] += 1;
    }
    let mut lines: Vec<String> = by_color
        .iter()
        .filter_map(|(colour, points)| points_line(&format!("COLOR {colour}"), points))
        .collect();
    lines.extend(label_line(&labels));
    dead.sort();
    lines.extend(points_line("MARK", &dead));
    lines.push(format!(
        "TEXT dragons: {} alive (a, green), {} critical (c, orange), {} dead (d, red, marked), {} unknown (u, grey)",
        counts[0], counts[1], counts[2], counts[3]
    ));
    lines.join("\n")
}

/// `tesuji-eyes`.
fn eyes(session: &mut Session<'_>) -> String {
    let engine = session.engine();
    let geometry = engine.current_board().geometry();
    let eyes = engine.analysis().eyes();
    let name = |p: Point| geometry.vertex(p).map(|v: Vertex| geometry.gtp(v));
    let mut lines = Vec::new();
    let mut labels = BTreeMap::new();
    let (mut marginal, mut attacks, mut defences) = (Vec::new(), Vec::new(), Vec::new());
    let mut counts = [0usize; 2];
    for (color, colour) in [(Color::Black, "#8fb4ff"), (Color::White, "#ffe28a")] {
        let mut points = Vec::new();
        for space in eyes.spaces.of_color(color) {
            counts[usize::from(color == Color::White)] += 1;
            points.extend(space.points.iter().filter_map(|&p| name(p)));
            marginal.extend(
                space
                    .points
                    .iter()
                    .zip(&space.marginal)
                    .filter(|(_, m)| **m)
                    .filter_map(|(&p, _)| name(p)),
            );
            let label = match eyes.value_of(space) {
                Some(found) => {
                    let (min, max) = (found.value.min_eyes(), found.value.max_eyes());
                    if min != max {
                        attacks.extend(found.attack.and_then(name));
                        defences.extend(found.defence.and_then(name));
                        format!("{min}-{max}")
                    } else {
                        min.to_string()
                    }
                }
                None => "?".to_string(),
            };
            if let Some(origin) = name(space.origin()) {
                // A point can be the origin of a space of each colour:
                // Black's eyes, then White's.
                labels
                    .entry(origin)
                    .and_modify(|black: &mut String| *black = format!("{black}/{label}"))
                    .or_insert(label);
            }
        }
        lines.extend(points_line(&format!("COLOR {colour}"), &points));
    }
    lines.extend(label_line(&labels));
    for (command, list) in [
        ("MARK", &mut marginal),
        ("TRIANGLE", &mut attacks),
        ("SQUARE", &mut defences),
    ] {
        list.sort();
        list.dedup();
        lines.extend(points_line(command, list));
    }
    lines.push(format!(
        "TEXT {} black eye spaces (blue), {} white (yellow); labels: eyes at each origin (black/white where both start); marginal points marked, vital attack points triangles, defence points squares",
        counts[0], counts[1]
    ));
    lines.join("\n")
}
