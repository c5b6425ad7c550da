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

use crate::gogui::{Gfx, parse_color};
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

/// `tesuji-move_values COLOR`.
fn move_values(session: &mut Session<'_>, args: &[String]) -> Answer {
    let color = parse_color(args.first())?;
    let engine = session.engine();
    let geometry = engine.current_board().geometry();
    let ranked = engine.generate(color).top_moves();
    let labels: BTreeMap<String, String> = ranked
        .iter()
        .map(|&(v, value)| (geometry.gtp(v), format!("{value:.1}")))
        .collect();
    let mut gfx = Gfx::default();
    gfx.labels(&labels);
    match ranked.first() {
        Some(&(best, value)) => {
            gfx.color("green", &[geometry.gtp(best)]);
            gfx.text(&format!(
                "{} valued moves; best {} worth {value:.2}",
                ranked.len(),
                geometry.gtp(best)
            ));
        }
        None => gfx.text("no valued move"),
    }
    Ok(gfx.finish())
}

/// `tesuji-territory COLOR`.
fn territory(session: &mut Session<'_>, args: &[String]) -> Answer {
    let color = parse_color(args.first())?;
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
    let mut gfx = Gfx::default();
    gfx.points("INFLUENCE", &shaded);
    gfx.text(&format!(
        "territory with {} to move: Black {black:.1}, White {white:.1}",
        if color == Color::Black {
            "Black"
        } else {
            "White"
        }
    ));
    Ok(gfx.finish())
}

/// The GTP name of the `k`-th point in row-major order from the top.
fn point_name(geometry: Geometry, k: usize) -> Option<String> {
    let width = geometry.width();
    let point = Point::new(u8::try_from(k / width).ok()?, u8::try_from(k % width).ok()?);
    geometry.vertex(point).map(|v| geometry.gtp(v))
}

/// The statuses as drawn: colour, letter and description, in the status
/// line's order.
const STATUS_STYLES: [(&str, &str, &str); 4] = [
    ("#3cb44b", "a", "alive (a, green)"),
    ("#f58231", "c", "critical (c, orange)"),
    ("#e6194b", "d", "dead (d, red, marked)"),
    ("#a0a0a0", "u", "unknown (u, grey)"),
];

/// A status's place in [`STATUS_STYLES`].
fn status_index(status: Option<DragonStatus>) -> usize {
    match status {
        Some(DragonStatus::Alive) => 0,
        Some(DragonStatus::Critical) => 1,
        Some(DragonStatus::Dead) => 2,
        Some(DragonStatus::Unknown) | None => 3,
    }
}

/// `tesuji-dragon_status`.
fn dragon_status(session: &mut Session<'_>) -> String {
    let engine = session.engine();
    let geometry = engine.current_board().geometry();
    let analysis = engine.analysis();
    let mut stones_by_status: [Vec<String>; 4] = Default::default();
    let mut counts = [0usize; 4];
    let mut labels = BTreeMap::new();
    for dragon in analysis.dragons().dragons() {
        let k = status_index(analysis.status(dragon.origin));
        stones_by_status[k].extend(dragon.stones.iter().map(|&v| geometry.gtp(v)));
        counts[k] += 1;
        labels.insert(geometry.gtp(dragon.origin), STATUS_STYLES[k].1.to_string());
    }
    let mut gfx = Gfx::default();
    for ((colour, _, _), stones) in STATUS_STYLES.iter().zip(&stones_by_status) {
        gfx.color(colour, stones);
    }
    gfx.labels(&labels);
    let mut dead = stones_by_status[2].clone();
    dead.sort();
    gfx.points("MARK", &dead);
    let listed: Vec<String> = STATUS_STYLES
        .iter()
        .zip(counts)
        .map(|((_, _, description), n)| format!("{n} {description}"))
        .collect();
    gfx.text(&format!("dragons: {}", listed.join(", ")));
    gfx.finish()
}

/// `tesuji-eyes`.
fn eyes(session: &mut Session<'_>) -> String {
    let engine = session.engine();
    let geometry = engine.current_board().geometry();
    let eyes = engine.analysis().eyes();
    let name = |p: Point| geometry.vertex(p).map(|v: Vertex| geometry.gtp(v));
    let mut gfx = Gfx::default();
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
        gfx.color(colour, &points);
    }
    gfx.labels(&labels);
    for (command, list) in [
        ("MARK", &mut marginal),
        ("TRIANGLE", &mut attacks),
        ("SQUARE", &mut defences),
    ] {
        list.sort();
        list.dedup();
        gfx.points(command, list);
    }
    gfx.text(&format!(
        "{} black eye spaces (blue), {} white (yellow); labels: eyes at each origin (black/white where both start); marginal points marked, vital attack points triangles, defence points squares",
        counts[0], counts[1]
    ));
    gfx.finish()
}
