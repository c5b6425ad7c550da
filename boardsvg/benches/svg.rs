//! Time per picture: writing the SVG of a full 19x19 position with a
//! pattern overlay and of a pattern on its own, and rendering each with
//! resvg (what the tests do). `cargo bench -p boardsvg --features raster`.

use boardsvg::diagram::pattern_panel;
use boardsvg::{Edges, Overlay, Panel, Picture, Point, Stone, Symbol, Verdict, raster};
use criterion::{Criterion, criterion_group, criterion_main};

/// A 19x19 board with a deterministic scatter of 180 stones and a 5x5
/// overlay with labels.
fn full_board() -> Picture {
    let mut panel = Panel::board(19);
    panel.title = vec![
        "bench position".into(),
        "pattern P at K10, ll 0: accepted".into(),
    ];
    let mut seed = 7u32;
    for _ in 0..180 {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let p = Point::new(((seed >> 8) % 19) as u8, ((seed >> 16) % 19) as u8);
        if panel.stones.iter().all(|(q, _)| *q != p) {
            let stone = if seed & 1 == 0 {
                Stone::Black
            } else {
                Stone::White
            };
            panel.stones.push((p, stone));
        }
    }
    let mut elements = Vec::new();
    for i in 7..12u8 {
        for j in 7..12u8 {
            elements.push((Point::new(i, j), Symbol::ALL[usize::from(i + j) % 8]));
        }
    }
    panel.overlay = Some(Overlay {
        verdict: Some(Verdict::Accepted),
        elements,
        anchor: Some(Point::new(9, 9)),
        move_point: Some(Point::new(9, 10)),
        labels: vec![(Point::new(8, 8), 'a'), (Point::new(10, 10), 'b')],
        own: Some(Stone::Black),
    });
    Picture::single(panel)
}

fn pattern() -> Picture {
    let rows = ["??..X?", "oO....", "....*.", "......"];
    let constraint = ["??..X?", "oca...", "..b.*.", "......"];
    let edges = Edges {
        bottom: true,
        ..Edges::NONE
    };
    let is_label = |c: char| c.is_ascii_alphabetic() && !"oxOXQY".contains(c);
    let mut panel = pattern_panel(&rows, edges, Some(&constraint[..]), is_label).unwrap();
    panel.title = vec!["Pattern P".into()];
    Picture::single(panel)
}

fn bench(c: &mut Criterion) {
    let options = raster::options();
    for (name, picture) in [("board19", full_board()), ("pattern", pattern())] {
        c.bench_function(&format!("svg/{name}"), |b| {
            b.iter(|| picture.to_svg().unwrap())
        });
        let svg = picture.to_svg().unwrap();
        c.bench_function(&format!("resvg/{name}"), |b| {
            b.iter(|| raster::render(&svg, &options).unwrap())
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
