//! Pictures of a position (`tesuji render`): the board (GTP coordinates,
//! stones, the last move marked) and, for a point ([`Selection::At`]) or
//! a pattern ([`Selection::Pattern`]), one panel per matching pattern
//! placement with the pattern laid over the board: its elements and their
//! kinds, anchor, move, the labels of its constraint diagram, coloured by
//! the shapes check's verdict.
//!
//! Candidates come from [`Databases::candidates`] and verdicts from the
//! shapes check as `tesuji explain` runs it ([`judge_one`], the
//! constraint's evaluation tree rendered by [`explain::render`]); the
//! drawing is the `boardsvg` crate's. A pattern is drawn from its compiled
//! form: its stored elements, plus the elements the compiler dropped from
//! the 3×3 square around the anchor, which the grid masks still hold
//! ([`pattern_overlay`]).

use std::path::{Path, PathBuf};

use boardsvg::{Overlay, Panel, Picture, Stone, Symbol, Verdict};
use matcher::board::{Cell, Color, PackedBoard, Point};
use matcher::context::Context;
use matcher::pattern::{ElementKind, Offset, Pattern};
use matcher::transform::Transform;
use sgf::game::Played;
use sgf::{Position, load_sgf_file};

use crate::front::databases::{Databases, RawCandidate};
use crate::front::explain::{self, ContextKind, judge_one};

/// What to draw (the arguments of `tesuji render`).
#[derive(Debug, Clone)]
pub struct PictureRequest {
    /// The SGF file.
    pub sgf: PathBuf,
    /// Stop before move N, like GTP `loadsgf FILE N` (`None`: the whole
    /// main line).
    pub move_number: Option<u32>,
    /// The colours the patterns are matched for (empty: the colour to
    /// move).
    pub colors: Vec<Color>,
    /// Draw every pattern whose move is this point (GTP vertex).
    pub at: Option<String>,
    /// Draw every placement of the pattern of this name.
    pub pattern: Option<String>,
    /// Which context answers the shapes check's questions.
    pub context: ContextKind,
}

/// Which candidates to draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selection {
    /// None: the position alone.
    Position,
    /// Every candidate whose move is this point.
    At(Point),
    /// Every placement of the pattern of this name.
    Pattern(String),
}

/// The position `FILE` stops at, as `tesuji explain` loads it, and the
/// point of the last move played before it (`None` after a pass or when
/// no move was played).
pub fn load_with_last_move(
    path: &Path,
    move_number: Option<u32>,
) -> Result<(Position, Option<Point>), String> {
    let position = load_sgf_file(path, move_number).map_err(|e| e.to_string())?;
    let last = match position.moves.last() {
        Some(&(_, Played::Point(p))) => Some(p),
        _ => None,
    };
    Ok((position, last))
}

/// The board panel of `position`: stones, coordinates, the last move.
pub fn position_panel(position: &Position, last_move: Option<Point>) -> Panel {
    let size = position.size();
    let mut panel = Panel::board(size);
    for i in 0..size as u8 {
        for j in 0..size as u8 {
            let p = Point::new(i, j);
            match position.board.at(p) {
                Cell::Black => panel.stones.push((p, Stone::Black)),
                Cell::White => panel.stones.push((p, Stone::White)),
                _ => {}
            }
        }
    }
    panel.last_move = last_move;
    panel
}

/// The symbol of an element kind.
fn symbol(kind: ElementKind) -> Symbol {
    Symbol::from_char(kind.symbol()).unwrap_or(Symbol::DontCare)
}

/// A compiled pattern's elements relative to its anchor, untransformed
/// ([`matcher::misfit::full_elements`]: the stored ones and those the
/// compiler dropped, recovered from the grid masks), with the move's
/// element marked [`Symbol::Move`].
pub fn pattern_elements(pattern: &Pattern) -> Vec<(Offset, Symbol)> {
    let mut elements: Vec<(Offset, Symbol)> = matcher::misfit::full_elements(pattern)
        .into_iter()
        .map(|(offset, kind)| (offset, symbol(kind)))
        .collect();
    if let Some(at) = pattern.move_point() {
        match elements.iter_mut().find(|(o, _)| *o == at) {
            Some(element) => element.1 = Symbol::Move,
            None => elements.push((at, Symbol::Move)),
        }
    }
    elements.sort();
    elements
}

/// `origin + T(offset)`, if it lies on a board of `size` lines.
fn place(origin: Point, offset: Offset, transform: Transform, size: usize) -> Option<Point> {
    let (di, dj) = offset.transformed(transform);
    let i = i32::from(origin.i) + di;
    let j = i32::from(origin.j) + dj;
    let inside = |v: i32| (0..size as i32).contains(&v);
    (inside(i) && inside(j)).then(|| Point::new(i as u8, j as u8))
}

/// The overlay of `pattern` placed with its anchor on `anchor`,
/// transformed by `transform`, on a board of `size` lines. Elements
/// falling off the board are left out.
pub fn pattern_overlay(
    pattern: &Pattern,
    anchor: Point,
    transform: Transform,
    move_point: Point,
    size: usize,
) -> Overlay {
    let mut overlay = Overlay {
        move_point: Some(move_point),
        anchor: Some(anchor),
        ..Overlay::default()
    };
    overlay.elements = pattern_elements(pattern)
        .into_iter()
        .filter_map(|(offset, symbol)| Some((place(anchor, offset, transform, size)?, symbol)))
        .collect();
    overlay.labels = pattern
        .autohelper_labels
        .iter()
        .filter_map(|label| {
            Some((
                place(move_point, label.offset, transform, size)?,
                label.name,
            ))
        })
        .collect();
    overlay
}

/// The overlay of a corner (joseki) match, whose matcher reports the move
/// and a corner orientation but no anchor: the placement, among the eight
/// transformations (the reported one first), that puts the pattern's move
/// on `move_point` with every element on the board and accepting what it
/// holds; `None` when there is none.
pub fn corner_overlay(
    pattern: &Pattern,
    transform: Transform,
    move_point: Point,
    board: &PackedBoard,
    color: Color,
) -> Option<Overlay> {
    let at = pattern.move_point()?;
    let size = board.size();
    let count = pattern_elements(pattern).len();
    std::iter::once(transform)
        .chain(Transform::ALL.into_iter().filter(|&t| t != transform))
        .find_map(|t| {
            let (di, dj) = at.transformed(t);
            let (i, j) = (i32::from(move_point.i) - di, i32::from(move_point.j) - dj);
            let inside = |v: i32| (0..size as i32).contains(&v);
            if !(inside(i) && inside(j)) {
                return None;
            }
            let overlay =
                pattern_overlay(pattern, Point::new(i as u8, j as u8), t, move_point, size);
            (overlay.elements.len() == count && overlay_fits(&overlay, board, color))
                .then_some(overlay)
        })
}

/// Whether every element of `overlay` accepts what `board` holds for
/// `color` (a raw match's elements always do).
pub fn overlay_fits(overlay: &Overlay, board: &PackedBoard, color: Color) -> bool {
    overlay.elements.iter().all(|&(p, symbol)| {
        let kind = match symbol {
            Symbol::Move => ElementKind::Empty,
            other => match ElementKind::from_diagram_char(other.char()) {
                Some(kind) => kind,
                None => return true,
            },
        };
        kind.accepts(board.at(p).relative_to(color))
    })
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// The file name for headings.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// A context of kind `kind` for `color` on `position`.
fn context_for(position: &Position, color: Color, kind: ContextKind) -> Box<dyn Context + '_> {
    let ko = position
        .ko
        .and_then(|p| position.board.geometry().vertex(p));
    explain::context_for(&position.board, ko, color, kind)
}

/// One panel per selected candidate, judged by the shapes check.
fn candidate_panels(
    args: &PictureRequest,
    set: &Databases,
    position: &Position,
    last_move: Option<Point>,
    selection: &Selection,
    colors: &[Color],
) -> Result<Vec<Panel>, String> {
    let board = PackedBoard::try_from(&position.board).map_err(|e| e.to_string())?;
    let size = board.size();
    if let Selection::Pattern(name) = selection {
        let known = set
            .shapes
            .iter()
            .any(|s| s.db.patterns.iter().any(|p| p.name == name.as_str()));
        if !known {
            let dbs: Vec<&str> = set.shapes.iter().map(|s| s.name.as_str()).collect();
            return Err(format!(
                "unknown pattern {name}: no database of this run has it (databases: {})",
                dbs.join(", ")
            ));
        }
    }
    let mut panels = Vec::new();
    for &color in colors {
        let chosen: Vec<RawCandidate> = set
            .candidates(&board, color)
            .into_iter()
            .filter(|raw| match selection {
                Selection::Position => false,
                Selection::At(p) => raw.move_point == *p,
                Selection::Pattern(name) => {
                    set.shapes[raw.db].db.patterns[raw.pattern].name == name.as_str()
                }
            })
            .collect();
        if chosen.is_empty() {
            continue;
        }
        let mut ctx = context_for(position, color, args.context);
        for raw in chosen {
            let judgement = judge_one(set, &raw, color, ctx.as_mut());
            let shape = &set.shapes[raw.db];
            let pattern = &shape.db.patterns[raw.pattern];
            let placed = match raw.anchor {
                Some(anchor) => {
                    pattern_overlay(pattern, anchor, raw.transform, raw.move_point, size)
                }
                None => corner_overlay(pattern, raw.transform, raw.move_point, &board, color)
                    .unwrap_or_else(|| Overlay {
                        move_point: Some(raw.move_point),
                        ..Overlay::default()
                    }),
            };
            let mut overlay = placed;
            let verdict = Verdict::from_name(judgement.verdict.name());
            overlay.verdict = Some(verdict);
            overlay.own = Some(match color {
                Color::Black => Stone::Black,
                Color::White => Stone::White,
            });
            let mut panel = position_panel(position, last_move);
            let mut title = vec![
                format!(
                    "{} ({}) at {}, ll {}",
                    pattern.name,
                    shape.name,
                    raw.move_point.to_gtp(size),
                    raw.transform.number()
                ),
                format!(
                    "{}: {} plays O; {} at stage {}{}",
                    file_name(&args.sgf),
                    color_name(color),
                    verdict.name(),
                    judgement.stage.name(),
                    match judgement.needs.names() {
                        needs if needs.is_empty() => String::new(),
                        needs => format!(" (needs {})", needs.join("+")),
                    }
                ),
            ];
            if let Some(trace) = &judgement.trace {
                title.push(format!("constraint: {}", explain::render(trace, size)));
            }
            if overlay.elements.is_empty() || !overlay_fits(&overlay, &board, color) {
                title.push(
                    "(no placement of the compiled elements fits here: only the move is drawn)"
                        .into(),
                );
                overlay.elements.clear();
                overlay.anchor = None;
            }
            panel.title = title;
            panel.overlay = Some(overlay);
            if let Selection::At(p) = selection {
                panel.marked = vec![*p];
            }
            panels.push(panel);
        }
    }
    Ok(panels)
}

/// The picture `tesuji render` draws, with the databases `set`.
pub fn picture(args: &PictureRequest, set: &Databases) -> Result<Picture, String> {
    picture_with(args, &mut || Ok(std::borrow::Cow::Borrowed(set)))
}

/// [`picture`] with the databases given by `set`, called only when a
/// point or a pattern is to be drawn (after the position is loaded and
/// the point read).
pub fn picture_with<'a>(
    args: &PictureRequest,
    set: &mut dyn FnMut() -> Result<std::borrow::Cow<'a, Databases>, String>,
) -> Result<Picture, String> {
    let (position, last_move) = load_with_last_move(&args.sgf, args.move_number)?;
    let size = position.size();
    let selection = match (&args.at, &args.pattern) {
        (Some(vertex), _) => Selection::At(Point::from_gtp(vertex, size).ok_or_else(|| {
            format!("--at {vertex}: not a point of the {size}x{size} board (give a GTP vertex such as D4)")
        })?),
        (None, Some(name)) => Selection::Pattern(name.clone()),
        (None, None) => Selection::Position,
    };
    let colors = if args.colors.is_empty() {
        vec![position.to_move]
    } else {
        args.colors.clone()
    };
    let heading = format!(
        "{}: after {} moves, {} to play",
        file_name(&args.sgf),
        position.moves_played(),
        color_name(position.to_move)
    );
    let panels = match &selection {
        Selection::Position => Vec::new(),
        _ => candidate_panels(args, &*set()?, &position, last_move, &selection, &colors)?,
    };
    if !panels.is_empty() {
        return Ok(Picture { panels });
    }
    let mut panel = position_panel(&position, last_move);
    panel.title = vec![heading];
    let players: Vec<&str> = colors.iter().map(|&c| color_name(c)).collect();
    match &selection {
        Selection::Position => {}
        Selection::At(p) => {
            panel.title.push(format!(
                "no pattern has its move at {} for {}",
                p.to_gtp(size),
                players.join(" or ")
            ));
            panel.marked = vec![*p];
        }
        Selection::Pattern(name) => panel.title.push(format!(
            "pattern {name} matches nowhere here for {}",
            players.join(" or ")
        )),
    }
    Ok(Picture::single(panel))
}
