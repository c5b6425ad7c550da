//! GNU Go's eye commands over the engine's eye data (`engine::EyeData`),
//! in GNU Go 3.8's layouts and error strings: `eye_data COLOR V` (the
//! eye space of `COLOR` at `V`), `eval_eye V` (the eyes Black's space at
//! `V` yields, else White's: min, max and, when they differ, the attack
//! and defence points; `-1` for no space) and `half_eye_data V` (the
//! topological judgement of an eye point; GNU Go's default, value 10 and
//! type `0`, for any other point). Eye values need `eyes.db`'s graphs
//! (`--patterns DIR`): without them `eye_data` prints the value as
//! `unknown` and `eval_eye` answers an error saying so.

use engine::eyes::EyeSpace;
use engine::front::EyeData;
use goban::{Board, Color, Point};

use crate::protocol::Answer;

/// One `name value` line in GNU Go's layout (the name padded to 21).
fn field(name: &str, value: impl std::fmt::Display) -> String {
    format!("{name:<21}{value}")
}

fn parse_point(board: &Board, vertex: &str) -> Option<Point> {
    let geometry = board.geometry();
    geometry.parse_gtp(vertex).map(|v| geometry.point(v))
}

fn gtp(board: &Board, p: Point) -> String {
    p.to_gtp(board.geometry().height())
}

/// The value text of `space`: its recognised value, or `unknown`.
fn value_text(eyes: &EyeData, space: &EyeSpace) -> String {
    eyes.value_of(space)
        .map_or_else(|| "unknown".to_string(), |r| r.value.to_gnugo())
}

/// `eye_data COLOR V`.
pub fn eye_data(eyes: &EyeData, board: &Board, args: &[String]) -> Answer {
    const INVALID: &str = "invalid color or coordinate";
    let [color, vertex, ..] = args else {
        return Err(INVALID.into());
    };
    let color = Color::parse(color).ok_or(INVALID)?;
    let p = parse_point(board, vertex).ok_or(INVALID)?;
    let Some(space) = eyes.spaces.space_at(color, p) else {
        return Ok([
            field("origin", "PASS"),
            field("color", "empty"),
            field("esize", 0),
            field("msize", 0),
            field("value", "0000"),
            field("marginal", 0),
            field("neighbors", 0),
            field("marginal_neighbors", 0),
        ]
        .join("\n"));
    };
    let marginal_at = |q: Point| {
        space
            .points
            .iter()
            .position(|&r| r == q)
            .map(|k| space.marginal[k])
    };
    // The neighbours of `p` in its space (marginal or not).
    let neighbours: Vec<bool> = space
        .points
        .iter()
        .filter(|q| q.i.abs_diff(p.i) + q.j.abs_diff(p.j) == 1)
        .filter_map(|&q| marginal_at(q))
        .collect();
    let marginal = marginal_at(p).unwrap_or(false);
    Ok([
        field("origin", gtp(board, space.origin())),
        field("color", color.name()),
        field("esize", space.size()),
        field("msize", space.marginal_count()),
        field("value", value_text(eyes, space)),
        field("marginal", u8::from(marginal)),
        field("neighbors", neighbours.len()),
        field(
            "marginal_neighbors",
            neighbours.iter().filter(|&&m| m).count(),
        ),
    ]
    .join("\n"))
}

/// `eval_eye V`.
pub fn eval_eye(eyes: &EyeData, board: &Board, args: &[String]) -> Answer {
    let p = args
        .first()
        .and_then(|v| parse_point(board, v))
        .ok_or("invalid coordinate")?;
    let Some(space) = eyes
        .spaces
        .space_at(Color::Black, p)
        .or_else(|| eyes.spaces.space_at(Color::White, p))
    else {
        return Ok("-1".into());
    };
    let recognised = eyes
        .value_of(space)
        .ok_or("eye values need eyes.db: give GNU Go's pattern directory with --patterns DIR")?;
    let (min, max) = (recognised.value.min_eyes(), recognised.value.max_eyes());
    let mut text = format!("{min} {max}");
    if min != max {
        for point in [recognised.attack, recognised.defence] {
            text.push(' ');
            text.push_str(&point.map_or_else(|| "PASS".to_string(), |q| gtp(board, q)));
        }
    }
    Ok(text)
}

/// `half_eye_data V`.
pub fn half_eye_data(eyes: &EyeData, board: &Board, args: &[String]) -> Answer {
    let p = args
        .first()
        .and_then(|v| parse_point(board, v))
        .ok_or("invalid coordinate")?;
    let mut lines = Vec::new();
    match eyes.half_eye(p) {
        None => {
            lines.push(field("value", "10.00"));
            lines.push(field("type", "0"));
            lines.push(field("num_attacks", 0));
            lines.push(field("num_defenses", 0));
        }
        Some(eye) => {
            lines.push(field("value", format!("{:.2}", eye.value)));
            lines.push(field("type", eye.topology.gnugo_name()));
            lines.push(field("num_attacks", eye.attack_points.len()));
            for (k, &q) in eye.attack_points.iter().enumerate() {
                lines.push(field(&format!("attack_point[{k}]"), gtp(board, q)));
            }
            lines.push(field("num_defenses", eye.defence_points.len()));
            for (k, &q) in eye.defence_points.iter().enumerate() {
                lines.push(field(&format!("defense_point[{k}]"), gtp(board, q)));
            }
        }
    }
    Ok(lines.join("\n"))
}
