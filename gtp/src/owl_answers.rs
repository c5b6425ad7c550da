//! GNU Go's owl questions about one move: `owl_does_attack MOVE DRAGON`,
//! `owl_does_defend MOVE DRAGON` and `owl_connection_defends MOVE DRAGON1
//! DRAGON2`, over `engine::owl::derived`. Each answers a bare GTP code
//! (0 fails, 1 succeeds) and GNU Go's errors, checked in its order:
//! `invalid coordinate` for a missing or bad vertex, `move vertex must be
//! empty`, `dragon vertex must not be empty`, `dragon vertices must have
//! the same color`.

use engine::Engine;
use engine::owl::candidates::{Candidate, MoveSource};
use engine::owl::derived::{
    owl_connection_defends, owl_does_attack, owl_does_defend, owl_threaten_attack,
    owl_threaten_defense,
};
use engine::owl::search::{RootView, root_view};
use goban::Vertex;

use crate::protocol::Answer;

pub(crate) const NEEDS_DATABASES: &str =
    "owl reading needs GNU Go's owl databases and eyes.db (start with --patterns DIR)";

/// The vertices of `args`, `count` of them, or GNU Go's error.
fn vertices(engine: &mut Engine, args: &[String], count: usize) -> Result<Vec<Vertex>, String> {
    let geometry = engine.current_board().geometry();
    let found: Option<Vec<Vertex>> = (0..count)
        .map(|k| args.get(k).and_then(|a| geometry.parse_gtp(a)))
        .collect();
    found.ok_or_else(|| "invalid coordinate".to_string())
}

/// `owl_does_attack MOVE DRAGON` (`attack`) or `owl_does_defend MOVE
/// DRAGON`.
pub fn owl_does(engine: &mut Engine, args: &[String], attack: bool) -> Answer {
    let [mv, dragon] = vertices(engine, args, 2)?[..] else {
        unreachable!("two vertices were parsed")
    };
    let board = engine.current_board();
    if board.cell(mv).color().is_some() {
        return Err("move vertex must be empty".into());
    }
    if board.cell(dragon).color().is_none() {
        return Err("dragon vertex must not be empty".into());
    }
    let code = engine
        .with_owl(&[dragon], |context, inputs, dragons| {
            if attack {
                owl_does_attack(context, inputs, mv, &dragons[0])
            } else {
                owl_does_defend(context, inputs, mv, &dragons[0])
            }
        })
        .ok_or(NEEDS_DATABASES)?;
    Ok(code.gtp().to_string())
}

/// `owl_connection_defends MOVE DRAGON1 DRAGON2`.
pub fn connection_defends(engine: &mut Engine, args: &[String]) -> Answer {
    let [mv, first, second] = vertices(engine, args, 3)?[..] else {
        unreachable!("three vertices were parsed")
    };
    let board = engine.current_board();
    if board.cell(mv).color().is_some() {
        return Err("move vertex must be empty".into());
    }
    let (Some(a), Some(b)) = (board.cell(first).color(), board.cell(second).color()) else {
        return Err("dragon vertex must not be empty".into());
    };
    if a != b {
        return Err("dragon vertices must have the same color".into());
    }
    let code = engine
        .with_owl(&[first, second], |context, inputs, dragons| {
            owl_connection_defends(context, inputs, mv, &dragons[0], &dragons[1])
        })
        .ok_or(NEEDS_DATABASES)?;
    Ok(code.gtp().to_string())
}

/// The dragon vertex of a one-argument owl command, or GNU Go's error.
pub(crate) fn dragon_argument(engine: &mut Engine, args: &[String]) -> Result<Vertex, String> {
    let [dragon] = vertices(engine, args, 1)?[..] else {
        unreachable!("one vertex was parsed")
    };
    if engine.current_board().cell(dragon).color().is_none() {
        return Err("vertex must not be empty".into());
    }
    Ok(dragon)
}

/// GNU Go's printed code of a found threat: 3 for an attack, 1 for a
/// defence (whatever the ko status of the searches).
fn threat_code(attack: bool) -> &'static str {
    if attack { "3" } else { "1" }
}

/// `owl_threaten_attack DRAGON` (`attack`) or `owl_threaten_defense
/// DRAGON`.
pub fn owl_threaten(engine: &mut Engine, args: &[String], attack: bool) -> Answer {
    let dragon = dragon_argument(engine, args)?;
    let threat = engine
        .with_owl(&[dragon], |context, inputs, dragons| {
            if attack {
                owl_threaten_attack(context, inputs, &dragons[0])
            } else {
                owl_threaten_defense(context, inputs, &dragons[0])
            }
        })
        .ok_or(NEEDS_DATABASES)?;
    let geometry = engine.current_board().geometry();
    let point = |v: Option<Vertex>| v.map_or("PASS".to_string(), |v| geometry.gtp(v));
    Ok(match threat {
        None => "0".to_string(),
        Some(t) => format!(
            "{} {} {}",
            threat_code(attack),
            point(Some(t.first)),
            point(t.second)
        ),
    })
}

/// What `tesuji-owl_moves` shows of one side: the root, its candidates
/// (move, value, source) and the search's result.
type Seen = (RootView, Vec<(Vertex, f32, String)>, engine::owl::OwlResult);

/// `tesuji-owl_moves DRAGON`: the owl's search and root candidates, the
/// attack's line then the defence's, each `attack|defend code=C move=M
/// nodes=N certain=0|1 alive=A dead=D escape=E eyes=MIN/MAX` followed by
/// `MOVE:VALUE:SOURCE` in the order tried (the attacker's
/// `owl_vital_apats.db` moves last, under their pattern names).
pub fn owl_moves(engine: &mut Engine, args: &[String]) -> Answer {
    let dragon = dragon_argument(engine, args)?;
    let views = engine
        .with_owl(&[dragon], |context, inputs, dragons| {
            let names = |c: &Candidate, db: &engine::compose::LayerDb| match c.source {
                MoveSource::EyeVital => "eye".to_string(),
                MoveSource::HalfEye => "halfeye".to_string(),
                MoveSource::MarginalSpace => "marginal".to_string(),
                MoveSource::Tactical => "tactical".to_string(),
                MoveSource::Pattern(k) => db.db.patterns[k].name.to_string(),
                MoveSource::VitalPattern(k) => inputs
                    .patterns
                    .vital
                    .as_ref()
                    .and_then(|v| v.db.patterns.get(k))
                    .map_or_else(String::new, |p| p.name.to_string()),
            };
            [true, false].map(|attack| {
                let view = root_view(context, inputs, &dragons[0], attack);
                let result = if attack {
                    engine::owl::owl_attack(context, inputs, &dragons[0])
                } else {
                    engine::owl::owl_defend(context, inputs, &dragons[0])
                };
                let db = if attack {
                    &inputs.patterns.attack
                } else {
                    &inputs.patterns.defend
                };
                let vital_db = inputs.patterns.vital.as_ref();
                let moves: Vec<(Vertex, f32, String)> = view
                    .moves
                    .iter()
                    .map(|c| (c.point, c.value, names(c, db)))
                    .chain(
                        view.vital
                            .iter()
                            .filter(|_| attack)
                            .filter_map(|c| Some((c.point, c.value, names(c, vital_db?)))),
                    )
                    .collect();
                (view, moves, result)
            })
        })
        .ok_or(NEEDS_DATABASES)?;
    let geometry = engine.current_board().geometry();
    let lines: Vec<String> = views
        .iter()
        .zip(["attack", "defend"])
        .map(|((view, moves, result), side): (&Seen, _)| {
            let mut line = format!(
                "{side} code={} move={} nodes={} certain={} alive={} dead={} escape={} eyes={}/{}",
                result.code.gtp(),
                result.point.map_or("PASS".to_string(), |v| geometry.gtp(v)),
                result.nodes,
                u8::from(result.certain),
                u8::from(view.alive),
                u8::from(view.dead),
                view.escape,
                view.eyes.0,
                view.eyes.1
            );
            for (v, value, source) in moves {
                line.push_str(&format!(" {}:{value}:{source}", geometry.gtp(*v)));
            }
            line
        })
        .collect();
    Ok(lines.join("\n"))
}
