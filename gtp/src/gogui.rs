//! GoGui's analyze commands for `tesuji gtp`: `gogui-analyze_commands`
//! lists them (`type/label/command` lines, GoGui's format), and each one
//! answers in GoGui's `gfx` format, drawing on its board: one drawing
//! command per line, `LABEL` with point/text pairs, `COLOR` with a colour
//! and points, `MARK`, `SQUARE`, `TRIANGLE`, `CIRCLE` with points, `TEXT`
//! with a line for the status bar. GoGui fills in `%c` (a colour, by
//! default the one to play), `%p` (a point the user picks) and `%s` (a
//! text the user types).
//!
//! The commands, all on the session's position (with its reading stack):
//!
//! * `tesuji-proposals COLOR` — the points proposed by the shape databases
//!   (green, labelled with how many patterns accept each);
//! * `tesuji-explain_at COLOR VERTEX` — why and why not at a point (the
//!   anchors of the accepted, rejected and undecided candidates there, and
//!   the points of the placements one element off, labelled with how many);
//! * `tesuji-pattern COLOR NAME` — one pattern's placements: its matches by
//!   verdict and its nearest unmatched placements (labelled by rank);
//! * `tesuji-pattern_elements COLOR VERTEX NAME` — a pattern's elements
//!   placed with its move at the point, in its closest orientation (fitting
//!   elements green, misfits red);
//! * `tesuji-worms` — worms: liberties at each origin, attackable strings
//!   red, attack points triangles, defence points squares;
//! * `tesuji-dragons` — dragons, one colour each, sizes at the origins;
//! * `tesuji-undecided COLOR` — the undecided matches and the engine layers
//!   they need (letters: `D` dragons/owl, `I` influence, `C` connection,
//!   `T` tactics, `G` game state, `A` actions);
//! * `tesuji-search_best COLOR` and `tesuji-search_ownership` — the Monte
//!   Carlo search's best moves and its playout ownership
//!   ([`crate::gogui_search`]);
//! * `tesuji-move_values COLOR`, `tesuji-territory COLOR`,
//!   `tesuji-dragon_status` and `tesuji-eyes` — the move values, the
//!   influence's territory, dragon statuses and eye spaces
//!   ([`crate::gogui_layers`]).
//!
//! The pattern commands are listed only when the session's engine has
//! shape databases (`tesuji gtp` always has some: the embedded databases
//! or `--patterns DIR`), the search commands only in search mode
//! (`--search mcts`).

use std::collections::BTreeMap;
use std::sync::Arc;

use engine::front::explain::judge_one;
use engine::front::why_not::{self, NearMissIndex};
use engine::shapes::Verdict;
use engine::{Databases, EngineContext};
use goban::{Color, Vertex};
use matcher::board::{PackedBoard, Point};
use matcher::misfit::{Misfit, Oriented};
use matcher::transform::Transform;
use tactics::Code;

use crate::protocol::Answer;
use crate::session::Session;

/// The commands of this module, in `list_commands` order.
pub const COMMANDS: &[&str] = &[
    "gogui-analyze_commands",
    "tesuji-dragon_status",
    "tesuji-dragons",
    "tesuji-explain_at",
    "tesuji-eyes",
    "tesuji-move_values",
    "tesuji-pattern",
    "tesuji-pattern_elements",
    "tesuji-proposals",
    "tesuji-search_best",
    "tesuji-search_ownership",
    "tesuji-territory",
    "tesuji-undecided",
    "tesuji-worms",
];

/// What an analyze command needs of the session to be listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Needs {
    /// Nothing.
    Nothing,
    /// Shape databases.
    Patterns,
    /// The Monte Carlo search (`--search mcts`).
    Search,
}

/// The analyze commands: type, label, command with GoGui's wildcards, and
/// what it needs.
const ANALYZE: &[(&str, &str, &str, Needs)] = &[
    (
        "gfx",
        "Tesuji proposals",
        "tesuji-proposals %c",
        Needs::Patterns,
    ),
    (
        "gfx",
        "Tesuji why and why not at a point",
        "tesuji-explain_at %c %p",
        Needs::Patterns,
    ),
    (
        "gfx",
        "Tesuji pattern placements",
        "tesuji-pattern %c %s",
        Needs::Patterns,
    ),
    (
        "gfx",
        "Tesuji pattern elements at a point",
        "tesuji-pattern_elements %c %p %s",
        Needs::Patterns,
    ),
    (
        "gfx",
        "Tesuji undecided matches",
        "tesuji-undecided %c",
        Needs::Patterns,
    ),
    ("gfx", "Tesuji worms", "tesuji-worms", Needs::Nothing),
    ("gfx", "Tesuji dragons", "tesuji-dragons", Needs::Nothing),
    (
        "gfx",
        "Tesuji move values",
        "tesuji-move_values %c",
        Needs::Nothing,
    ),
    (
        "gfx",
        "Tesuji territory",
        "tesuji-territory %c",
        Needs::Nothing,
    ),
    (
        "gfx",
        "Tesuji dragon status",
        "tesuji-dragon_status",
        Needs::Nothing,
    ),
    ("gfx", "Tesuji eye spaces", "tesuji-eyes", Needs::Nothing),
    (
        "gfx",
        "Tesuji search best moves",
        "tesuji-search_best %c",
        Needs::Search,
    ),
    (
        "gfx",
        "Tesuji search ownership",
        "tesuji-search_ownership",
        Needs::Search,
    ),
];

/// Whether `name` is a command of this module.
pub fn handles(name: &str) -> bool {
    COMMANDS.contains(&name)
}

/// Runs command `name` of this module.
pub fn execute(session: &mut Session<'_>, name: &str, args: &[String]) -> Answer {
    match name {
        "gogui-analyze_commands" => Ok(analyze_commands(
            !session.engine().databases().shapes.is_empty(),
            session.search_playouts().is_some(),
        )),
        "tesuji-search_best" => crate::gogui_search::best_moves(session, args),
        "tesuji-search_ownership" => crate::gogui_search::ownership(session),
        "tesuji-proposals" => proposals(session, args, false),
        "tesuji-undecided" => proposals(session, args, true),
        "tesuji-explain_at" => explain_at(session, args),
        "tesuji-pattern" => pattern(session, args),
        "tesuji-pattern_elements" => pattern_elements(session, args),
        "tesuji-worms" => worms(session),
        "tesuji-dragons" => dragons(session),
        _ => crate::gogui_layers::execute(session, name, args)
            .unwrap_or_else(|| Err("unknown command".into())),
    }
}

/// `gogui-analyze_commands`: one `type/label/command` line per command
/// that works in this session.
pub fn analyze_commands(has_patterns: bool, has_search: bool) -> String {
    ANALYZE
        .iter()
        .filter(|(_, _, _, needs)| match needs {
            Needs::Nothing => true,
            Needs::Patterns => has_patterns,
            Needs::Search => has_search,
        })
        .map(|(kind, label, command, _)| format!("{kind}/{label}/{command}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A `gfx` answer being written.
#[derive(Debug, Default)]
pub(crate) struct Gfx {
    lines: Vec<String>,
}

impl Gfx {
    pub(crate) fn points(&mut self, command: &str, points: &[String]) {
        if !points.is_empty() {
            self.lines.push(format!("{command} {}", points.join(" ")));
        }
    }

    pub(crate) fn color(&mut self, color: &str, points: &[String]) {
        self.points(&format!("COLOR {color}"), points);
    }

    pub(crate) fn labels(&mut self, labels: &BTreeMap<String, String>) {
        if labels.is_empty() {
            return;
        }
        let pairs: Vec<String> = labels
            .iter()
            .map(|(p, text)| format!("{p} {}", label_text(text)))
            .collect();
        self.lines.push(format!("LABEL {}", pairs.join(" ")));
    }

    pub(crate) fn text(&mut self, text: &str) {
        self.lines.push(format!("TEXT {}", text.replace('\n', " ")));
    }

    pub(crate) fn finish(self) -> String {
        self.lines.join("\n")
    }
}

/// A label without white space (GoGui splits on it).
fn label_text(text: &str) -> String {
    let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if cleaned.is_empty() {
        "?".into()
    } else {
        cleaned
    }
}

/// The session's shape databases, or GTP's error.
fn pattern_set(session: &mut Session<'_>) -> Result<Arc<Databases>, String> {
    let databases = session.engine().databases();
    if databases.shapes.is_empty() {
        return Err("no pattern databases in this session".to_string());
    }
    Ok(Arc::clone(databases))
}

pub(crate) fn parse_color(text: Option<&String>) -> Result<Color, String> {
    text.and_then(|t| Color::parse(t))
        .ok_or_else(|| "invalid color".to_string())
}

/// The position to analyse (the game's, with the reading stack), as the
/// matcher reads it, and an engine context on it for `color`.
fn position(
    session: &mut Session<'_>,
    color: Color,
) -> Result<(PackedBoard, EngineContext), String> {
    let engine = session.engine();
    let board = engine.packed_board()?;
    Ok((board, engine.context(color)))
}

fn parse_point(session: &Session<'_>, text: Option<&String>) -> Result<Point, String> {
    let geometry = session.game().board().geometry();
    text.and_then(|t| geometry.parse_gtp(t))
        .map(|v| geometry.point(v))
        .ok_or_else(|| "invalid coordinate".to_string())
}

/// `tesuji-proposals COLOR` (accepted matches) and `tesuji-undecided
/// COLOR` (undecided ones and what they need).
fn proposals(session: &mut Session<'_>, args: &[String], undecided: bool) -> Answer {
    let color = parse_color(args.first())?;
    let databases = pattern_set(session)?;
    let set = &*databases;
    let (board, mut ctx) = position(session, color)?;
    let size = board.size();
    let mut accepted: BTreeMap<String, usize> = BTreeMap::new();
    let mut open: BTreeMap<String, Vec<&'static str>> = BTreeMap::new();
    let mut needs_count: BTreeMap<&'static str, usize> = BTreeMap::new();
    let (mut n_accepted, mut n_rejected, mut n_undecided) = (0, 0, 0);
    for raw in set.candidates(&board, color) {
        let judgement = judge_one(set, &raw, color, &mut ctx);
        let vertex = raw.move_point.to_gtp(size);
        match judgement.verdict {
            Verdict::Accepted => {
                n_accepted += 1;
                *accepted.entry(vertex).or_default() += 1;
            }
            Verdict::Rejected => n_rejected += 1,
            Verdict::Undecided => {
                n_undecided += 1;
                let names = judgement.needs.names();
                for name in &names {
                    *needs_count.entry(name).or_default() += 1;
                }
                let entry = open.entry(vertex).or_default();
                for name in names {
                    if !entry.contains(&name) {
                        entry.push(name);
                    }
                }
            }
        }
    }
    let mut gfx = Gfx::default();
    if undecided {
        let points: Vec<String> = open.keys().cloned().collect();
        gfx.color("yellow", &points);
        let labels = open
            .iter()
            .map(|(p, needs)| (p.clone(), needs.iter().map(|n| layer_letter(n)).collect()))
            .collect();
        gfx.labels(&labels);
        let needs: Vec<String> = needs_count
            .iter()
            .map(|(layer, n)| format!("{layer} {n}"))
            .collect();
        gfx.text(&format!(
            "{} {n_undecided} undecided matches at {} points; needs: {}",
            color.letter(),
            open.len(),
            if needs.is_empty() {
                "nothing".into()
            } else {
                needs.join(", ")
            }
        ));
    } else {
        let points: Vec<String> = accepted.keys().cloned().collect();
        gfx.color("green", &points);
        let labels = accepted
            .iter()
            .map(|(p, n)| (p.clone(), n.to_string()))
            .collect();
        gfx.labels(&labels);
        gfx.text(&format!(
            "{} {} points proposed: {n_accepted} accepted, {n_rejected} rejected, {n_undecided} undecided matches",
            color.letter(),
            accepted.len()
        ));
    }
    Ok(gfx.finish())
}

/// A layer's letter on the board.
fn layer_letter(name: &str) -> char {
    match name {
        "dragons" => 'D',
        "influence" => 'I',
        "connection" => 'C',
        "tactics" => 'T',
        "game-state" | "game_state" | "gamestate" => 'G',
        "actions" => 'A',
        other => other.chars().next().unwrap_or('?').to_ascii_uppercase(),
    }
}

/// `tesuji-explain_at COLOR VERTEX`.
fn explain_at(session: &mut Session<'_>, args: &[String]) -> Answer {
    let color = parse_color(args.first())?;
    let point = parse_point(session, args.get(1))?;
    let databases = pattern_set(session)?;
    let set = &*databases;
    let (board, mut ctx) = position(session, color)?;
    let size = board.size();
    let index = NearMissIndex::new(set, size);
    let report = why_not::explain_at(set, &index, &board, color, &mut ctx, point);
    let anchors = |list: &[why_not::Judged]| -> Vec<String> {
        let mut points: Vec<String> = list.iter().filter_map(|j| j.anchor.clone()).collect();
        points.sort();
        points.dedup();
        points
    };
    let mut gfx = Gfx::default();
    gfx.points("MARK", std::slice::from_ref(&report.vertex));
    gfx.points("TRIANGLE", &anchors(&report.proposing));
    gfx.points("SQUARE", &anchors(&report.rejected));
    gfx.points("CIRCLE", &anchors(&report.undecided));
    let mut off: BTreeMap<String, usize> = BTreeMap::new();
    for near in &report.one_off {
        for m in &near.misfits {
            if let Some(p) = m.point.as_ref().filter(|p| *p != "off board") {
                *off.entry(p.clone()).or_default() += 1;
            }
        }
    }
    let off_points: Vec<String> = off.keys().cloned().collect();
    gfx.color("red", &off_points);
    gfx.labels(
        &off.iter()
            .map(|(p, n)| (p.clone(), n.to_string()))
            .collect(),
    );
    let names = |list: &[why_not::Judged], with_stage: bool| -> String {
        let items: Vec<String> = list
            .iter()
            .map(|j| {
                if with_stage {
                    format!("{}@{}", j.row.pattern, j.row.stage.name())
                } else {
                    j.row.pattern.clone()
                }
            })
            .collect();
        if items.is_empty() {
            "none".into()
        } else {
            items.join(" ")
        }
    };
    gfx.text(&format!(
        "{} {}: proposed by {}; rejected {}; undecided {}; {} placements one element off",
        report.vertex,
        report.color,
        names(&report.proposing, false),
        names(&report.rejected, true),
        names(&report.undecided, true),
        report.one_off.len()
    ));
    Ok(gfx.finish())
}

/// The pattern named by the arguments from `from` on (names hold no
/// spaces, but GoGui passes `%s` as typed).
fn pattern_name(args: &[String], from: usize) -> Result<String, String> {
    let name = args.get(from..).unwrap_or_default().join(" ");
    if name.trim().is_empty() {
        Err("missing pattern name".into())
    } else {
        Ok(name.trim().to_string())
    }
}

fn find_pattern(set: &Databases, name: &str) -> Result<(usize, usize), String> {
    why_not::find_pattern(set, name)
        .first()
        .copied()
        .ok_or_else(|| format!("unknown pattern {name}"))
}

/// `tesuji-pattern COLOR NAME`.
fn pattern(session: &mut Session<'_>, args: &[String]) -> Answer {
    let color = parse_color(args.first())?;
    let name = pattern_name(args, 1)?;
    let databases = pattern_set(session)?;
    let set = &*databases;
    let found = find_pattern(set, &name)?;
    let (board, mut ctx) = position(session, color)?;
    let report = why_not::explain_pattern(set, found, &board, color, &mut ctx, 5);
    let mut gfx = Gfx::default();
    for (verdict, colour) in [
        (Verdict::Accepted, "green"),
        (Verdict::Rejected, "red"),
        (Verdict::Undecided, "yellow"),
    ] {
        let mut moves: Vec<String> = report
            .matched
            .iter()
            .filter(|j| j.row.verdict == verdict)
            .map(|j| j.row.move_point.clone())
            .collect();
        moves.sort();
        moves.dedup();
        gfx.color(colour, &moves);
    }
    let mut anchors: Vec<String> = report
        .matched
        .iter()
        .filter_map(|j| j.anchor.clone())
        .collect();
    anchors.sort();
    anchors.dedup();
    gfx.points("TRIANGLE", &anchors);
    let mut labels = BTreeMap::new();
    for (rank, near) in report.nearest.iter().enumerate() {
        if near.move_point != "off board" && near.move_point != "none" {
            labels
                .entry(near.move_point.clone())
                .or_insert_with(|| (rank + 1).to_string());
        }
    }
    gfx.labels(&labels);
    let nearest: Vec<String> = report
        .nearest
        .iter()
        .map(|n| format!("{} ({} off)", n.move_point, n.misfits.len()))
        .collect();
    gfx.text(&format!(
        "{} {} for {}: {} matches; nearest: {}",
        report.db,
        report.pattern,
        report.color,
        report.matched.len(),
        if nearest.is_empty() {
            "none".into()
        } else {
            nearest.join(", ")
        }
    ));
    Ok(gfx.finish())
}

/// `tesuji-pattern_elements COLOR VERTEX NAME`: the pattern placed with
/// its move at the point, in the orientation with the fewest misfits
/// (the lowest `ll` among ties).
fn pattern_elements(session: &mut Session<'_>, args: &[String]) -> Answer {
    let color = parse_color(args.first())?;
    let point = parse_point(session, args.get(1))?;
    let name = pattern_name(args, 2)?;
    let databases = pattern_set(session)?;
    let set = &*databases;
    let (db, index) = find_pattern(set, &name)?;
    let shape = &set.shapes[db];
    if shape.corner.is_some() {
        return Err(format!(
            "{name} is a joseki corner pattern: no element list to draw"
        ));
    }
    let pattern = &shape.db.patterns[index];
    if !pattern.has_move {
        return Err(format!("{name} has no move"));
    }
    let (board, _) = position(session, color)?;
    let size = board.size();
    let best = pattern
        .transformations()
        .filter_map(Transform::new)
        .map(|t| {
            let oriented = Oriented::new(pattern, t, size);
            let anchor = oriented.anchor_for_move(point);
            let misfits = oriented.misfits(&board, color, anchor);
            (misfits.len(), t.number(), oriented, anchor, misfits)
        })
        .min_by_key(|(count, ll, ..)| (*count, *ll))
        .ok_or_else(|| format!("{name} tries no transformation"))?;
    let (_, ll, oriented, anchor, misfits) = best;
    let on_board = |at: (i32, i32)| {
        let n = size as i32;
        (at.0 >= 0 && at.1 >= 0 && at.0 < n && at.1 < n)
            .then(|| Point::new(at.0 as u8, at.1 as u8).to_gtp(size))
    };
    let mut fitting = Vec::new();
    let mut unfit = Vec::new();
    let mut labels = BTreeMap::new();
    for element in oriented.placed_elements(&board, color, anchor) {
        let Some(vertex) = on_board(element.at) else {
            continue;
        };
        labels.insert(vertex.clone(), element.kind.symbol().to_string());
        if element.fits {
            fitting.push(vertex);
        } else {
            unfit.push(vertex);
        }
    }
    let mut gfx = Gfx::default();
    gfx.color("green", &fitting);
    gfx.color("red", &unfit);
    gfx.labels(&labels);
    gfx.points("MARK", &[point.to_gtp(size)]);
    if let Some(a) = on_board(anchor) {
        gfx.points("CIRCLE", &[a]);
    }
    let reasons: Vec<String> = misfits
        .iter()
        .map(|m: &Misfit| why_not::misfit_report(m, size).text)
        .collect();
    gfx.text(&format!(
        "{} {name} ll {ll} with its move at {}: {}",
        shape.name,
        point.to_gtp(size),
        if reasons.is_empty() {
            "matches".into()
        } else {
            format!("{} off: {}", reasons.len(), reasons.join("; "))
        }
    ));
    Ok(gfx.finish())
}

/// `tesuji-worms`.
fn worms(session: &mut Session<'_>) -> Answer {
    let engine = session.engine();
    let worms = engine.worms().to_vec();
    let geometry = engine.current_board().geometry();
    let name = |v: Vertex| geometry.gtp(v);
    let mut labels = BTreeMap::new();
    let (mut attackable, mut attacks, mut defences) = (Vec::new(), Vec::new(), Vec::new());
    for worm in &worms {
        labels.insert(name(worm.origin), worm.liberties.to_string());
        if worm.attack.code != Code::Fail {
            attackable.extend(worm.stones.iter().map(|&v| name(v)));
            attacks.extend(worm.attack.point.map(name));
            defences.extend(worm.defense.point.map(name));
        }
    }
    for list in [&mut attacks, &mut defences] {
        list.sort();
        list.dedup();
    }
    let mut gfx = Gfx::default();
    gfx.color("red", &attackable);
    gfx.labels(&labels);
    gfx.points("TRIANGLE", &attacks);
    gfx.points("SQUARE", &defences);
    let weak = worms.iter().filter(|w| w.attack.code != Code::Fail).count();
    gfx.text(&format!(
        "{} worms, {weak} can be attacked (red; attack points triangles, defence points squares); labels: liberties",
        worms.len()
    ));
    Ok(gfx.finish())
}

/// The colours dragons are drawn in, in turn.
const DRAGON_COLORS: &[&str] = &[
    "#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6", "#bcf60c",
    "#fabebe", "#008080", "#e6beff", "#9a6324",
];

/// `tesuji-dragons`.
fn dragons(session: &mut Session<'_>) -> Answer {
    let dragons = session.engine().dragons().clone();
    let geometry = session.game().board().geometry();
    let mut gfx = Gfx::default();
    let mut labels = BTreeMap::new();
    for (k, dragon) in dragons.dragons().iter().enumerate() {
        let stones: Vec<String> = dragon.stones.iter().map(|&v| geometry.gtp(v)).collect();
        gfx.color(DRAGON_COLORS[k % DRAGON_COLORS.len()], &stones);
        labels.insert(geometry.gtp(dragon.origin), dragon.stones.len().to_string());
    }
    gfx.labels(&labels);
    let count = |c: Color| dragons.dragons().iter().filter(|d| d.color == c).count();
    gfx.text(&format!(
        "{} dragons ({} black, {} white); labels: stones, at each origin",
        dragons.dragons().len(),
        count(Color::Black),
        count(Color::White)
    ));
    Ok(gfx.finish())
}
