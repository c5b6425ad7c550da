//! Pictures rendered by a real SVG renderer (resvg): every picture parses
//! and draws, stones land where they should, random pictures never fail,
//! and the SVG text is deterministic (snapshots of small hand-made
//! pictures).

use boardsvg::diagram::pattern_panel;
use boardsvg::raster::{self, Raster};
use boardsvg::{Edges, Overlay, Panel, Picture, Point, Stone, Style, Symbol, Verdict};
use proptest::prelude::*;
use std::sync::LazyLock;

/// The renderer's options with the system fonts, loaded once.
static OPTIONS: LazyLock<raster::Options<'static>> = LazyLock::new(raster::options);

fn render(picture: &Picture) -> (String, Raster) {
    let svg = picture.to_svg().expect("a valid picture");
    let raster = raster::render(&svg, &OPTIONS).expect("resvg renders it");
    // BOARDSVG_DUMP=DIR keeps the PNGs, to look at.
    if let Some(dir) = std::env::var_os("BOARDSVG_DUMP") {
        let name = picture.panels[0].title.first().cloned().unwrap_or_default();
        let name: String = name.chars().filter(char::is_ascii_alphanumeric).collect();
        let path = std::path::Path::new(&dir).join(format!("{name}.png"));
        std::fs::write(path, raster.png().unwrap()).unwrap();
    }
    (svg, raster)
}

fn letters(c: char) -> bool {
    c.is_ascii_alphabetic() && !matches!(c, 'o' | 'x' | 'O' | 'X' | 'Q' | 'Y')
}

/// A 9x9 position with a pattern around E5, judged `verdict`.
fn small_board(verdict: Verdict) -> Picture {
    let mut panel = Panel::board(9);
    panel.title = vec![
        "demo position, move 4, Black to play".into(),
        "pattern CUT1 at E5, ll 0: accepted".into(),
    ];
    panel.stones = vec![
        (Point::new(3, 4), Stone::White),
        (Point::new(4, 3), Stone::White),
        (Point::new(3, 3), Stone::Black),
        (Point::new(5, 5), Stone::Black),
    ];
    panel.last_move = Some(Point::new(4, 3));
    panel.overlay = Some(Overlay {
        verdict: Some(verdict),
        elements: vec![
            (Point::new(3, 3), Symbol::Own),
            (Point::new(3, 4), Symbol::Opponent),
            (Point::new(4, 3), Symbol::Opponent),
            (Point::new(4, 4), Symbol::Move),
            (Point::new(5, 4), Symbol::OpponentOrEmpty),
            (Point::new(4, 5), Symbol::Empty),
        ],
        anchor: Some(Point::new(3, 3)),
        move_point: Some(Point::new(4, 4)),
        labels: vec![(Point::new(3, 4), 'a'), (Point::new(4, 3), 'b')],
        own: None,
    });
    panel.marked = vec![Point::new(4, 4)];
    Picture::single(panel)
}

/// The pixel `(dx, dy)` from the centre of grid point `p` of the first
/// panel of a picture whose panel has `heading_lines` heading lines.
fn pixel(raster: &Raster, heading_lines: u32, p: Point, (dx, dy): (u32, u32)) -> (u8, u8, u8) {
    let x = 40 + 30 * u32::from(p.j) + dx;
    let y = 8 + 17 * heading_lines + 40 + 30 * u32::from(p.i) + dy;
    let px = raster.pixmap.pixel(x, y).expect("inside");
    (px.red(), px.green(), px.blue())
}

#[test]
fn a_board_with_an_overlay_renders_with_its_stones_in_place() {
    let (svg, raster) = render(&small_board(Verdict::Accepted));
    assert!(raster.width() >= 380 && raster.height() > 300);
    assert!(
        raster.distinct_colors() > 10,
        "{}",
        raster.distinct_colors()
    );
    // A black stone's centre is dark, a white stone's light, an empty
    // point away from any mark shows the board.
    let (r, g, b) = pixel(&raster, 2, Point::new(5, 5), (0, 0));
    assert!(r < 60 && g < 60 && b < 60, "{r},{g},{b}");
    let (r, g, b) = pixel(&raster, 2, Point::new(3, 4), (0, 0));
    assert!(r > 200 && g > 200 && b > 200, "{r},{g},{b}");
    assert_eq!(
        pixel(&raster, 2, Point::new(1, 7), (10, 10)),
        (0xdc, 0xb3, 0x5c)
    );
    assert_eq!(svg.matches("<use href=\"#g-X\" x=").count(), 2);
    assert_eq!(svg.matches("<use href=\"#g-O\" x=").count(), 2);
    assert!(svg.contains("last-move"));
    assert!(svg.contains(Verdict::Accepted.color()));
    assert!(svg.contains(">A</text>") && svg.contains(">9</text>"));
    let png = raster.png().unwrap();
    assert_eq!(&png[1..4], b"PNG");
}

#[test]
fn verdicts_change_the_overlay_colour() {
    let accepted = render(&small_board(Verdict::Accepted)).1;
    let rejected = render(&small_board(Verdict::Rejected)).1;
    // The move's ring is drawn in the verdict's colour.
    let red = (0xc6, 0x28, 0x28);
    let green = (0x2e, 0x7d, 0x32);
    assert!(rejected.count_rgb(red) > 20);
    assert_eq!(accepted.count_rgb(red), 0);
    assert!(accepted.count_rgb(green) > 20);
}

#[test]
fn a_pattern_on_its_own_draws_every_kind() {
    let rows = ["|XOxo.", "|,!*?Y", "|Qa..."];
    let constraint = ["|AOxo.", "|,!*?Y", "|Qa.b."];
    let rows: Vec<&str> = rows.iter().map(|r| &r[1..]).collect();
    let constraint: Vec<&str> = constraint.iter().map(|r| &r[1..]).collect();
    let edges = Edges {
        left: true,
        bottom: true,
        ..Edges::NONE
    };
    let mut panel = pattern_panel(&rows, edges, Some(&constraint), letters).unwrap();
    panel.title = vec!["Pattern EVERY".into()];
    let (svg, raster) = render(&Picture::single(panel));
    for symbol in Symbol::ALL {
        assert!(
            svg.contains(&format!("<use href=\"#{}\" x=", symbol.glyph_id())),
            "{symbol:?}"
        );
        assert!(svg.contains(symbol.meaning()), "legend lacks {symbol:?}");
    }
    // The label badge is drawn (purple pixels).
    assert!(raster.count_rgb((0x6a, 0x1b, 0x9a)) > 50);
    assert!(raster.ink_pixels() > 10_000);
}

#[test]
fn points_off_the_grid_and_empty_pictures_are_errors() {
    let mut picture = small_board(Verdict::Accepted);
    picture.panels[0]
        .stones
        .push((Point::new(9, 0), Stone::Black));
    let error = picture.to_svg().unwrap_err().to_string();
    assert_eq!(error, "panel 1: a stone at (9, 0) lies outside the grid");
    let mut picture = small_board(Verdict::Accepted);
    picture.panels[0]
        .overlay
        .as_mut()
        .unwrap()
        .labels
        .push((Point::new(0, 12), 'c'));
    assert!(
        picture
            .to_svg()
            .unwrap_err()
            .to_string()
            .contains("a label")
    );
    assert!(Picture::default().to_svg().is_err());
    let mut panel = Panel::board(9);
    panel.rows = 0;
    assert!(
        Picture::single(panel)
            .to_svg()
            .unwrap_err()
            .to_string()
            .contains("0 x 9")
    );
}

#[test]
fn the_svg_is_deterministic_and_snapshotted() {
    let picture = small_board(Verdict::Undecided);
    let svg = picture.to_svg().unwrap();
    assert_eq!(svg, picture.clone().to_svg().unwrap());
    insta::assert_snapshot!("board_9x9_overlay", svg);
    let rows = ["??X?", "O.*x", "----"];
    let rows = &rows[..2];
    let edges = Edges {
        bottom: true,
        ..Edges::NONE
    };
    let mut panel = pattern_panel(rows, edges, Some(&["??X?", "Oa*x"][..]), letters).unwrap();
    panel.title = vec!["Pattern EDGE1".into(), ":8,O".into()];
    panel.overlay.as_mut().unwrap().anchor = Some(Point::new(1, 0));
    insta::assert_snapshot!("pattern_edge", Picture::single(panel).to_svg().unwrap());
}

fn arbitrary_symbol() -> impl Strategy<Value = Symbol> {
    (0..Symbol::ALL.len()).prop_map(|k| Symbol::ALL[k])
}

fn arbitrary_panel() -> impl Strategy<Value = Panel> {
    (1usize..=19, 1usize..=19, any::<[bool; 4]>(), any::<bool>()).prop_flat_map(
        |(rows, columns, edges, diagram)| {
            let point = (0..rows as u8, 0..columns as u8).prop_map(|(i, j)| Point::new(i, j));
            let stones = proptest::collection::vec(
                (point.clone(), any::<bool>())
                    .prop_map(|(p, black)| (p, if black { Stone::Black } else { Stone::White })),
                0..30,
            );
            let elements = proptest::collection::vec((point.clone(), arbitrary_symbol()), 0..20);
            let labels =
                proptest::collection::vec((point.clone(), proptest::char::range('a', 'z')), 0..4);
            let verdict = (0..4usize).prop_map(|k| {
                [
                    Verdict::Accepted,
                    Verdict::Rejected,
                    Verdict::Undecided,
                    Verdict::Unjudged,
                ][k]
            });
            (
                stones,
                elements,
                labels,
                proptest::option::of(point.clone()),
                proptest::option::of(point.clone()),
                proptest::option::of(verdict),
                "[ -~]{0,90}",
            )
                .prop_map(
                    move |(stones, elements, labels, anchor, last, verdict, title)| Panel {
                        title: vec![title, "second line <&>".into()],
                        rows,
                        columns,
                        edges: Edges {
                            top: edges[0],
                            bottom: edges[1],
                            left: edges[2],
                            right: edges[3],
                        },
                        coordinates: rows == columns,
                        star_points: true,
                        stones,
                        last_move: last,
                        marked: last.into_iter().collect(),
                        overlay: Some(Overlay {
                            verdict,
                            elements,
                            anchor,
                            move_point: last,
                            labels,
                            own: None,
                        }),
                        style: if diagram {
                            Style::Diagram
                        } else {
                            Style::Board
                        },
                    },
                )
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any valid picture renders without error, shows more than its white
    /// page, and writes the same bytes twice.
    #[test]
    fn random_pictures_render(panels in proptest::collection::vec(arbitrary_panel(), 1..3)) {
        let picture = Picture { panels };
        let svg = picture.to_svg().unwrap();
        prop_assert_eq!(&svg, &picture.to_svg().unwrap());
        let raster = raster::render(&svg, &OPTIONS).unwrap();
        prop_assert!(raster.ink_pixels() > 0);
    }
}

#[test]
fn on_a_board_the_kind_glyphs_take_the_real_stone_colours() {
    let mut picture = small_board(Verdict::Accepted);
    let glyphs = |picture: &Picture| {
        let svg = picture.to_svg().unwrap();
        (
            svg.matches("#g-X\" transform").count(),
            svg.matches("#g-O\" transform").count(),
            svg.matches("#g-x\" transform").count(),
            svg.matches("#g-o\" transform").count(),
            svg.contains("(O = Black)"),
        )
    };
    // The overlay has one `O`, two `X` and one `x` element.
    picture.panels[0].overlay.as_mut().unwrap().own = Some(Stone::White);
    // Corner glyphs plus one legend glyph per kind.
    assert_eq!(glyphs(&picture), (3, 2, 2, 0, false));
    picture.panels[0].overlay.as_mut().unwrap().own = Some(Stone::Black);
    assert_eq!(glyphs(&picture), (2, 3, 0, 2, true));
}
