//! The SVG writer: lays panels out top to bottom, then a legend, with
//! integer coordinates and fixed glyph definitions, so that the same
//! picture always gives the same bytes.

use std::collections::BTreeSet;
use std::fmt::Write;

use crate::{Overlay, Panel, Picture, Point, Stone, Style, Symbol, Verdict, column_letter};

/// Distance between grid lines.
const CELL: i64 = 30;
/// From a panel's left side (and from below its heading) to the first
/// grid line.
const PAD: i64 = 40;
/// How far the wooden board reaches beyond the outer grid lines.
const WOOD: i64 = 20;
/// The narrowest panel (room for its heading).
const MIN_WIDTH: i64 = 380;
/// Space between panels.
const GAP: i64 = 12;
/// Height of a legend line.
const LEGEND_LINE: i64 = 26;

const INK: &str = "#1a1a1a";
const PAPER: &str = "#fafafa";
const BOARD: &str = "#dcb35c";
const ANCHOR: &str = "#6a1b9a";
const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// A five-pointed star of radius 10 about the origin: the move.
const STAR: &str =
    "M0,-10 L2.4,-3.2 L9.5,-3.1 L3.8,1.2 L5.9,8.1 L0,4 L-5.9,8.1 L-3.8,1.2 L-9.5,-3.1 L-2.4,-3.2 Z";

/// The SVG of a validated picture.
pub(crate) fn write(picture: &Picture) -> String {
    let layouts: Vec<Layout> = picture.panels.iter().map(Layout::of).collect();
    let legend = Legend::of(picture);
    let width = layouts
        .iter()
        .map(|l| l.width)
        .max()
        .unwrap_or(MIN_WIDTH)
        .max(MIN_WIDTH);
    let panels_height: i64 = layouts.iter().map(|l| l.height + GAP).sum();
    let height = panels_height + legend.height();
    let mut s = String::with_capacity(16_384);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONT}">"#
    );
    s.push_str(DEFS);
    let _ = writeln!(
        s,
        r##"<rect id="background" x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    let mut top = 0;
    for (k, (panel, layout)) in picture.panels.iter().zip(&layouts).enumerate() {
        write_panel(&mut s, k + 1, panel, layout, top);
        top += layout.height + GAP;
    }
    legend.write(&mut s, top);
    s.push_str("</svg>\n");
    s
}

/// The glyphs, centred on the origin and sized for one cell.
const DEFS: &str = r##"<defs>
<g id="g-X"><circle r="14" fill="#1a1a1a"/></g>
<g id="g-O"><circle r="14" fill="#fafafa" stroke="#1a1a1a" stroke-width="1"/></g>
<g id="g-Y"><circle r="14" fill="#1a1a1a"/><rect x="-4" y="-4" width="8" height="8" fill="#fafafa"/></g>
<g id="g-Q"><circle r="14" fill="#fafafa" stroke="#1a1a1a" stroke-width="1"/><rect x="-4" y="-4" width="8" height="8" fill="#1a1a1a"/></g>
<g id="g-x"><circle r="10" fill="none" stroke="#1a1a1a" stroke-width="2.5" stroke-dasharray="4 3"/><circle r="3" fill="#1a1a1a"/></g>
<g id="g-o"><circle r="10" fill="none" stroke="#555555" stroke-width="4"/><circle r="10" fill="none" stroke="#fafafa" stroke-width="2.5" stroke-dasharray="4 3"/><circle r="3" fill="#fafafa" stroke="#555555" stroke-width="1"/></g>
<g id="g-empty"><rect x="-5" y="-5" width="10" height="10" fill="#fafafa" stroke="#1a1a1a" stroke-width="1.5"/></g>
<g id="g-comma"><path d="M-6,-4 L6,-4 L0,6 Z" fill="#fafafa" stroke="#1a1a1a" stroke-width="1.5"/></g>
<g id="g-bang"><rect x="-2" y="-10" width="4" height="12" fill="#1a1a1a"/><circle cy="7" r="2.5" fill="#1a1a1a"/></g>
<g id="g-move"><path d="M0,-10 L2.4,-3.2 L9.5,-3.1 L3.8,1.2 L5.9,8.1 L0,4 L-5.9,8.1 L-3.8,1.2 L-9.5,-3.1 L-2.4,-3.2 Z" fill="#1565c0" stroke="#1a1a1a" stroke-width="0.8"/></g>
<g id="g-any"><text y="6" text-anchor="middle" font-size="16" fill="#5d4a2a">?</text></g>
<g id="g-a"><path d="M0,-6 L6,0 L0,6 L-6,0 Z" fill="#fafafa" stroke="#1a1a1a" stroke-width="1.5"/></g>
<g id="g-anchor"><path d="M0,-19 L19,0 L0,19 L-19,0 Z" fill="none" stroke="#6a1b9a" stroke-width="2.5"/></g>
<g id="g-mark"><rect x="-16" y="-16" width="32" height="32" fill="none" stroke="#d81b60" stroke-width="2.5" stroke-dasharray="6 3"/></g>
</defs>
"##;

/// Where a panel's parts go.
struct Layout {
    /// Heading lines: (text, bold).
    heading: Vec<(String, bool)>,
    /// Height of the heading.
    heading_height: i64,
    width: i64,
    height: i64,
}

impl Layout {
    fn of(panel: &Panel) -> Layout {
        let grid_width = 2 * PAD + (panel.columns as i64 - 1) * CELL;
        let grid_height = 2 * PAD + (panel.rows as i64 - 1) * CELL;
        let width = grid_width.max(MIN_WIDTH);
        let mut heading = Vec::new();
        for (k, line) in panel.title.iter().enumerate() {
            let bold = k == 0;
            let per_char = if bold { 8 } else { 7 };
            let chars = ((width - 20) / per_char).max(10) as usize;
            for piece in wrap(line, chars) {
                heading.push((piece, bold));
            }
        }
        let heading_height = if heading.is_empty() {
            0
        } else {
            8 + 17 * heading.len() as i64
        };
        Layout {
            heading,
            heading_height,
            width,
            height: heading_height + grid_height,
        }
    }
}

/// `text` cut into lines of at most `width` characters, at spaces where
/// possible.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word = word.to_string();
        loop {
            let used = line.chars().count();
            let room = if used == 0 {
                width
            } else {
                width.saturating_sub(used + 1)
            };
            let len = word.chars().count();
            if len <= room {
                if used > 0 {
                    line.push(' ');
                }
                line.push_str(&word);
                break;
            }
            if used > 0 {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            let head: String = word.chars().take(width).collect();
            word = word.chars().skip(width).collect();
            lines.push(head);
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// XML text with `& < > " '` escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The centre of grid point `p` in a panel whose grid starts at
/// `(left, top)`.
fn centre(grid: (i64, i64), p: Point) -> (i64, i64) {
    (
        grid.0 + i64::from(p.j) * CELL,
        grid.1 + i64::from(p.i) * CELL,
    )
}

fn write_panel(s: &mut String, number: usize, panel: &Panel, layout: &Layout, top: i64) {
    let _ = writeln!(s, r#"<g id="panel-{number}">"#);
    for (k, (line, bold)) in layout.heading.iter().enumerate() {
        let y = top + 20 + 17 * k as i64;
        let (size, weight) = if *bold { (14, "bold") } else { (11, "normal") };
        let _ = writeln!(
            s,
            r#"<text x="10" y="{y}" font-size="{size}" font-weight="{weight}" fill="{INK}">{}</text>"#,
            escape(line)
        );
    }
    let grid = (PAD, top + layout.heading_height + PAD);
    let last_x = grid.0 + (panel.columns as i64 - 1) * CELL;
    let last_y = grid.1 + (panel.rows as i64 - 1) * CELL;
    let _ = writeln!(
        s,
        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{BOARD}"/>"#,
        grid.0 - WOOD,
        grid.1 - WOOD,
        last_x - grid.0 + 2 * WOOD,
        last_y - grid.1 + 2 * WOOD
    );
    write_grid(s, panel, grid, (last_x, last_y));
    if let Some(overlay) = &panel.overlay
        && panel.style == Style::Board
    {
        write_frames(s, overlay, grid);
    }
    for &(p, stone) in &panel.stones {
        let (x, y) = centre(grid, p);
        let id = match stone {
            Stone::Black => "g-X",
            Stone::White => "g-O",
        };
        let _ = writeln!(s, r##"<use href="#{id}" x="{x}" y="{y}"/>"##);
    }
    if let Some(p) = panel.last_move {
        let (x, y) = centre(grid, p);
        let color = match panel.stones.iter().find(|(q, _)| *q == p) {
            Some((_, Stone::Black)) => PAPER,
            _ => INK,
        };
        let _ = writeln!(
            s,
            r#"<circle class="last-move" cx="{x}" cy="{y}" r="6" fill="none" stroke="{color}" stroke-width="2.5"/>"#
        );
    }
    if let Some(overlay) = &panel.overlay {
        write_overlay(s, overlay, panel.style, grid);
    }
    for &p in &panel.marked {
        let (x, y) = centre(grid, p);
        let _ = writeln!(s, r##"<use href="#g-mark" x="{x}" y="{y}"/>"##);
    }
    s.push_str("</g>\n");
}

fn write_grid(s: &mut String, panel: &Panel, grid: (i64, i64), last: (i64, i64)) {
    let edges = panel.edges;
    // Sides that are not board edges run on to the board's border.
    let left = grid.0 - if edges.left { 0 } else { WOOD };
    let right = last.0 + if edges.right { 0 } else { WOOD };
    let upper = grid.1 - if edges.top { 0 } else { WOOD };
    let lower = last.1 + if edges.bottom { 0 } else { WOOD };
    let _ = writeln!(s, r#"<g stroke="{INK}" stroke-linecap="square">"#);
    for r in 0..panel.rows {
        let y = grid.1 + r as i64 * CELL;
        let edge = (r == 0 && edges.top) || (r + 1 == panel.rows && edges.bottom);
        let width = if edge { "2.5" } else { "1" };
        let _ = writeln!(
            s,
            r#"<line x1="{left}" y1="{y}" x2="{right}" y2="{y}" stroke-width="{width}"/>"#
        );
    }
    for c in 0..panel.columns {
        let x = grid.0 + c as i64 * CELL;
        let edge = (c == 0 && edges.left) || (c + 1 == panel.columns && edges.right);
        let width = if edge { "2.5" } else { "1" };
        let _ = writeln!(
            s,
            r#"<line x1="{x}" y1="{upper}" x2="{x}" y2="{lower}" stroke-width="{width}"/>"#
        );
    }
    s.push_str("</g>\n");
    if panel.star_points && panel.rows == panel.columns {
        for p in star_points(panel.rows) {
            let (x, y) = centre(grid, p);
            let _ = writeln!(s, r#"<circle cx="{x}" cy="{y}" r="3" fill="{INK}"/>"#);
        }
    }
    if panel.coordinates {
        let _ = writeln!(s, r#"<g font-size="11" fill="{INK}" text-anchor="middle">"#);
        for c in 0..panel.columns {
            let x = grid.0 + c as i64 * CELL;
            let letter = column_letter(c);
            for y in [grid.1 - WOOD - 8, last.1 + WOOD + 16] {
                let _ = writeln!(s, r#"<text x="{x}" y="{y}">{letter}</text>"#);
            }
        }
        for r in 0..panel.rows {
            let y = grid.1 + r as i64 * CELL + 4;
            let number = panel.rows - r;
            for x in [grid.0 - WOOD - 11, last.0 + WOOD + 11] {
                let _ = writeln!(s, r#"<text x="{x}" y="{y}">{number}</text>"#);
            }
        }
        s.push_str("</g>\n");
    }
}

/// The star points of a square board of `size` lines (none below 9).
pub(crate) fn star_points(size: usize) -> Vec<Point> {
    if size < 9 || size > usize::from(u8::MAX) {
        return Vec::new();
    }
    let edge = if size >= 13 { 3 } else { 2 };
    let far = size - 1 - edge;
    let mut lines = vec![edge, far];
    let middle = size / 2;
    let odd = size % 2 == 1;
    let mut points = BTreeSet::new();
    for &i in &lines {
        for &j in &lines {
            points.insert((i, j));
        }
    }
    if odd {
        points.insert((middle, middle));
        if size >= 15 {
            lines.push(middle);
            for &k in &[edge, far] {
                points.insert((k, middle));
                points.insert((middle, k));
            }
        }
    }
    points
        .into_iter()
        .map(|(i, j)| Point::new(i as u8, j as u8))
        .collect()
}

/// Board style: a tinted frame on every element's point (under the
/// stones).
fn write_frames(s: &mut String, overlay: &Overlay, grid: (i64, i64)) {
    let color = overlay.verdict().color();
    let _ = writeln!(
        s,
        r#"<g class="pattern-region" fill="{color}" fill-opacity="0.25" stroke="{color}" stroke-width="1.5">"#
    );
    for &(p, symbol) in &overlay.elements {
        if symbol == Symbol::DontCare {
            continue;
        }
        let (x, y) = centre(grid, p);
        let _ = writeln!(
            s,
            r#"<rect x="{}" y="{}" width="28" height="28"/>"#,
            x - 14,
            y - 14
        );
    }
    s.push_str("</g>\n");
}

fn write_overlay(s: &mut String, overlay: &Overlay, style: Style, grid: (i64, i64)) {
    let color = overlay.verdict().color();
    s.push_str("<g class=\"pattern\">\n");
    for &(p, symbol) in &overlay.elements {
        let (x, y) = centre(grid, p);
        let id = match style {
            Style::Board => symbol.glyph_for(overlay.own),
            Style::Diagram => symbol.glyph_id(),
        };
        match style {
            Style::Diagram => {
                let _ = writeln!(s, r##"<use href="#{id}" x="{x}" y="{y}"/>"##);
            }
            // The move is ringed below; `?` has nothing to show.
            Style::Board if !matches!(symbol, Symbol::DontCare | Symbol::Move) => {
                let _ = writeln!(
                    s,
                    r##"<use href="#{id}" transform="translate({} {}) scale(0.45)"/>"##,
                    x + 9,
                    y + 9
                );
            }
            Style::Board => {}
        }
    }
    if let Some(p) = overlay.anchor {
        let (x, y) = centre(grid, p);
        let _ = writeln!(s, r##"<use href="#g-anchor" x="{x}" y="{y}"/>"##);
    }
    if let (Some(p), Style::Board) = (overlay.move_point, style) {
        let (x, y) = centre(grid, p);
        let _ = writeln!(
            s,
            r#"<circle cx="{x}" cy="{y}" r="11" fill="none" stroke="{color}" stroke-width="3"/>"#
        );
        let _ = writeln!(
            s,
            r#"<path d="{STAR}" transform="translate({x} {y}) scale(0.7)" fill="{color}"/>"#
        );
    }
    for &(p, letter) in &overlay.labels {
        let (x, y) = centre(grid, p);
        write_label(s, x - 9, y - 9, letter);
    }
    s.push_str("</g>\n");
}

/// A constraint-diagram label: a white letter on a purple badge centred
/// at `(x, y)`.
fn write_label(s: &mut String, x: i64, y: i64, letter: char) {
    let _ = writeln!(
        s,
        r##"<rect x="{}" y="{}" width="13" height="14" rx="2" fill="{ANCHOR}"/><text x="{x}" y="{}" font-size="11" font-weight="bold" text-anchor="middle" fill="#ffffff">{}</text>"##,
        x - 6,
        y - 7,
        y + 4,
        escape(&letter.to_string())
    );
}

/// What the legend lists: the symbols, markers and colours the picture
/// uses.
struct Legend {
    /// Each symbol with the colour `O` stood for where it was drawn on a
    /// board (`None`: drawn with `O` white).
    symbols: BTreeSet<(Symbol, Option<Stone>)>,
    anchor: bool,
    labels: bool,
    moves: bool,
    verdicts: BTreeSet<Verdict>,
    last_move: bool,
    marked: bool,
}

impl Legend {
    fn of(picture: &Picture) -> Legend {
        let mut legend = Legend {
            symbols: BTreeSet::new(),
            anchor: false,
            labels: false,
            moves: false,
            verdicts: BTreeSet::new(),
            last_move: false,
            marked: false,
        };
        for panel in &picture.panels {
            legend.last_move |= panel.last_move.is_some() && panel.overlay.is_some();
            legend.marked |= !panel.marked.is_empty();
            let Some(overlay) = &panel.overlay else {
                continue;
            };
            let board = panel.style == Style::Board;
            let own = if board { overlay.own } else { None };
            legend.symbols.extend(
                overlay
                    .elements
                    .iter()
                    .map(|&(_, symbol)| (symbol, own.filter(|_| symbol.colored())))
                    .filter(|&(symbol, _)| {
                        !(board && matches!(symbol, Symbol::Move | Symbol::DontCare))
                    }),
            );
            legend.anchor |= overlay.anchor.is_some();
            legend.labels |= !overlay.labels.is_empty();
            if panel.style == Style::Board {
                legend.moves |= overlay.move_point.is_some();
                legend.verdicts.insert(overlay.verdict());
            }
        }
        legend
    }

    fn lines(&self) -> usize {
        let markers = [
            self.anchor,
            self.labels,
            self.moves,
            self.last_move,
            self.marked,
        ];
        self.symbols.len() + self.verdicts.len() + markers.iter().filter(|&&m| m).count()
    }

    fn height(&self) -> i64 {
        match self.lines() {
            0 => 0,
            n => 30 + LEGEND_LINE * n as i64,
        }
    }

    fn write(&self, s: &mut String, top: i64) {
        if self.lines() == 0 {
            return;
        }
        s.push_str("<g id=\"legend\">\n");
        let _ = writeln!(
            s,
            r#"<text x="10" y="{}" font-size="13" font-weight="bold" fill="{INK}">Legend</text>"#,
            top + 18
        );
        let at = 10 + LEGEND_LINE * 3 / 4;
        let mut entries: Vec<(String, String)> = Vec::new();
        let mut y = top + 30 + LEGEND_LINE / 2;
        let mut add = |glyph: String, text: String, y: &mut i64| {
            entries.push((glyph, text));
            *y += LEGEND_LINE;
        };
        for &(symbol, own) in &self.symbols {
            let glyph = format!(
                r##"<use href="#{}" transform="translate({at} {y}) scale(0.8)"/>"##,
                symbol.glyph_for(own)
            );
            let text = match own {
                None => symbol.meaning().to_string(),
                Some(Stone::Black) => format!("{} (O = Black)", symbol.meaning()),
                Some(Stone::White) => format!("{} (O = White)", symbol.meaning()),
            };
            add(glyph, text, &mut y);
        }
        if self.anchor {
            let glyph =
                format!(r##"<use href="#g-anchor" transform="translate({at} {y}) scale(0.6)"/>"##);
            add(glyph, "the pattern's anchor".into(), &mut y);
        }
        if self.labels {
            let mut glyph = String::new();
            write_label(&mut glyph, at, y, 'a');
            add(glyph, "a label of the constraint diagram".into(), &mut y);
        }
        if self.moves {
            let glyph = format!(
                r#"<path d="{STAR}" transform="translate({at} {y}) scale(0.7)" fill="{}"/>"#,
                Verdict::Unjudged.color()
            );
            add(
                glyph,
                "the pattern's move (ringed in the verdict's colour)".into(),
                &mut y,
            );
        }
        for verdict in &self.verdicts {
            let color = verdict.color();
            let text = match verdict {
                Verdict::Accepted => "accepted by the shapes check",
                Verdict::Rejected => "rejected by the shapes check",
                Verdict::Undecided => "undecided (a check needs a missing layer)",
                Verdict::Unjudged => "raw match, not judged",
            }
            .to_string();
            let glyph = format!(
                r#"<rect x="{}" y="{}" width="16" height="16" fill="{color}" fill-opacity="0.5" stroke="{color}" stroke-width="1.5"/>"#,
                at - 8,
                y - 8
            );
            add(glyph, text, &mut y);
        }
        if self.last_move {
            let glyph = format!(
                r#"<circle cx="{at}" cy="{y}" r="6" fill="none" stroke="{INK}" stroke-width="2.5"/>"#
            );
            add(glyph, "the last move played".into(), &mut y);
        }
        if self.marked {
            let glyph =
                format!(r##"<use href="#g-mark" transform="translate({at} {y}) scale(0.6)"/>"##);
            add(glyph, "the point asked about".into(), &mut y);
        }
        let mut y = top + 30 + LEGEND_LINE / 2;
        for (glyph, text) in entries {
            let _ = writeln!(
                s,
                r#"<rect x="10" y="{}" width="{}" height="{}" fill="{BOARD}"/>{glyph}<text x="{}" y="{}" font-size="11" fill="{INK}">{}</text>"#,
                y - LEGEND_LINE / 2,
                LEGEND_LINE * 3 / 2,
                LEGEND_LINE,
                LEGEND_LINE * 2 + 4,
                y + 4,
                escape(&text)
            );
            y += LEGEND_LINE;
        }
        s.push_str("</g>\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_words_and_cuts_long_ones() {
        assert_eq!(wrap("ab cd ef", 5), ["ab cd", "ef"]);
        assert_eq!(wrap("abcdefgh", 3), ["abc", "def", "gh"]);
        assert_eq!(wrap("", 4), [""]);
        for text in [
            "a bb ccc dddd eeeee ffffff",
            "x",
            "long-word-without-spaces here",
        ] {
            for width in 1..12 {
                let lines = wrap(text, width);
                assert!(
                    lines.iter().all(|l| l.chars().count() <= width),
                    "{lines:?}"
                );
                assert_eq!(lines.concat().replace(' ', ""), text.replace(' ', ""));
            }
        }
    }

    #[test]
    fn escaping() {
        assert_eq!(escape("a<b & 'c'\n"), "a&lt;b &amp; &apos;c&apos; ");
    }

    #[test]
    fn star_points_of_the_usual_boards() {
        let names = |size| {
            star_points(size)
                .into_iter()
                .map(|p| p.to_gtp(size))
                .collect::<Vec<_>>()
        };
        assert_eq!(names(9), ["C7", "G7", "E5", "C3", "G3"]);
        assert_eq!(names(13).len(), 5);
        assert_eq!(
            names(19),
            ["D16", "K16", "Q16", "D10", "K10", "Q10", "D4", "K4", "Q4"]
        );
        assert!(names(7).is_empty());
    }
}
