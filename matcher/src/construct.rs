//! Building patterns at run time without the compiler: from a list of
//! elements (extents and grid masks computed here), by cutting a window out
//! of a board, and by turning an existing pattern with a transformation.
//! Used by tests and by tools that derive patterns from positions.

use std::borrow::Cow;

use crate::board::{Color, PackedBoard, Point};
use crate::grid::grid_masks;
use crate::pattern::{EdgeConstraints, Element, ElementKind, Offset, Pattern};
use crate::transform::Transform;

/// A pattern named `name` with `elements` (offsets relative to the anchor,
/// which must be one of them), the rectangle `[mini, maxi] × [minj, maxj]`
/// (it must contain every element and the move), edge bits, `trfno` and
/// move offset. Grid masks are computed from the elements.
#[allow(clippy::too_many_arguments)]
pub fn pattern_from_elements(
    name: &str,
    elements: Vec<Element>,
    (mini, minj, maxi, maxj): (i8, i8, i8, i8),
    edges: EdgeConstraints,
    trfno: u8,
    move_offset: Offset,
    anchored_at_x: bool,
) -> Pattern {
    let (and_mask, val_mask) = grid_masks(&elements);
    Pattern {
        name: Cow::Owned(name.to_string()),
        elements: Cow::Owned(elements),
        trfno,
        mini,
        minj,
        maxi,
        maxj,
        height: maxi - mini,
        width: maxj - minj,
        edge_constraints: edges,
        move_offset,
        has_move: true,
        anchored_at_x,
        and_mask,
        val_mask,
        ..Pattern::EMPTY
    }
}

/// The edge bits of the board edges touched by the rectangle
/// `rows × cols` (inclusive) on a board of `size` lines.
pub fn touched_edges(rows: (i32, i32), cols: (i32, i32), size: usize) -> EdgeConstraints {
    let n = size as i32;
    let mut bits = 0;
    if rows.0 == 0 {
        bits |= EdgeConstraints::NORTH;
    }
    if rows.1 == n - 1 {
        bits |= EdgeConstraints::SOUTH;
    }
    if cols.0 == 0 {
        bits |= EdgeConstraints::WEST;
    }
    if cols.1 == n - 1 {
        bits |= EdgeConstraints::EAST;
    }
    EdgeConstraints(bits)
}

/// Cuts the rectangle `rows × cols` (inclusive, on the board) out of
/// `board` as a pattern for `color`, anchored at the stone `anchor` inside
/// it; every point becomes an exact element (`.`, `O`, `X`). `keep_edges`
/// selects which of the touched edges become edge constraints. The move is
/// the anchor itself.
pub fn cut_pattern(
    board: &PackedBoard,
    color: Color,
    anchor: Point,
    rows: (i32, i32),
    cols: (i32, i32),
    keep_edges: u8,
) -> Option<Pattern> {
    let anchor_color = board.at(anchor).color()?;
    let mut elements = Vec::new();
    for i in rows.0..=rows.1 {
        for j in cols.0..=cols.1 {
            let kind = match board.cell(i, j).color() {
                None => ElementKind::Empty,
                Some(c) if c == color => ElementKind::Own,
                Some(_) => ElementKind::Opponent,
            };
            let offset = Offset::new((i - anchor.i as i32) as i8, (j - anchor.j as i32) as i8);
            elements.push(Element { offset, kind });
        }
    }
    let (ai, aj) = (anchor.i as i32, anchor.j as i32);
    let extents = (
        (rows.0 - ai) as i8,
        (cols.0 - aj) as i8,
        (rows.1 - ai) as i8,
        (cols.1 - aj) as i8,
    );
    let edges = EdgeConstraints(touched_edges(rows, cols, board.size()).0 & keep_edges);
    Some(pattern_from_elements(
        "cut",
        elements,
        extents,
        edges,
        8,
        Offset::ZERO,
        anchor_color != color,
    ))
}

/// The edge bit that `bit` becomes when the pattern is turned by
/// `transform`.
fn transformed_edge(bit: u8, transform: Transform) -> u8 {
    let direction = match bit {
        EdgeConstraints::NORTH => (-1, 0),
        EdgeConstraints::SOUTH => (1, 0),
        EdgeConstraints::EAST => (0, 1),
        _ => (0, -1),
    };
    match transform.apply(direction.0, direction.1) {
        (-1, 0) => EdgeConstraints::NORTH,
        (1, 0) => EdgeConstraints::SOUTH,
        (0, 1) => EdgeConstraints::EAST,
        _ => EdgeConstraints::WEST,
    }
}

/// `pattern` turned by `transform`: elements, move and extents transformed,
/// edges mapped, masks recomputed; the other fields are kept.
pub fn transformed_pattern(pattern: &Pattern, transform: Transform) -> Pattern {
    let turn = |o: Offset| {
        let (i, j) = o.transformed(transform);
        Offset::new(i as i8, j as i8)
    };
    let elements: Vec<Element> = pattern
        .elements
        .iter()
        .map(|e| Element {
            offset: turn(e.offset),
            kind: e.kind,
        })
        .collect();
    let a = turn(Offset::new(pattern.mini, pattern.minj));
    let b = turn(Offset::new(pattern.maxi, pattern.maxj));
    let mut edges = 0;
    for bit in [
        EdgeConstraints::NORTH,
        EdgeConstraints::SOUTH,
        EdgeConstraints::EAST,
        EdgeConstraints::WEST,
    ] {
        if pattern.edge_constraints.has(bit) {
            edges |= transformed_edge(bit, transform);
        }
    }
    let (and_mask, val_mask) = grid_masks(&elements);
    Pattern {
        elements: Cow::Owned(elements),
        mini: a.di.min(b.di),
        maxi: a.di.max(b.di),
        minj: a.dj.min(b.dj),
        maxj: a.dj.max(b.dj),
        height: (a.di - b.di).abs(),
        width: (a.dj - b.dj).abs(),
        edge_constraints: EdgeConstraints(edges),
        move_offset: turn(pattern.move_offset),
        and_mask,
        val_mask,
        ..pattern.clone()
    }
}

/// `board` turned by `transform` about its centre.
pub fn transformed_board(board: &PackedBoard, transform: Transform) -> PackedBoard {
    let mut turned = board.clone();
    for p in board.points() {
        turned.set(transformed_point(p, transform, board.size()), board.at(p));
    }
    turned
}

/// Point `p` of a board of `size` lines turned by `transform` about the
/// centre.
pub fn transformed_point(p: Point, transform: Transform, size: usize) -> Point {
    let n = size as i32 - 1;
    // Doubled coordinates relative to the centre keep even sizes exact.
    let (i, j) = transform.apply(2 * p.i as i32 - n, 2 * p.j as i32 - n);
    Point::new(((i + n) / 2) as u8, ((j + n) / 2) as u8)
}
