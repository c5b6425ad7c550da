//! The shapes check (`engine::shapes`) on GNU Go's `patterns.db` (with
//! `patterns2.db`) gives the same verdict, deciding stage, needs and
//! constraint value whether the constraints run as generated Rust
//! functions or through the interpreter (which also traces them), with the
//! engine's context, for every raw candidate of the 60 public positions and
//! the colour to move.

use crate::common;

use common::{generated_and_interpreted, positions_to_move};
use engine::EngineContext;
use engine::shapes::{Candidate, ShapeRules, judge};
use matcher::constraint::Site;
use matcher::reference::ReferenceMatcher;
use matcher::scan::{ColorMode, ScanOptions, Scanner};

const MODULE: &str = "gnugo::patterns";

#[test]
fn generated_and_interpreted_constraints_give_equal_verdicts() {
    let shared = testkit::require_shared!();
    let (db, code, interpreted) = generated_and_interpreted(MODULE);
    let scanner = ReferenceMatcher::new(db);
    let mut judged = 0;
    let mut traced = 0;
    for (id, board, color) in &positions_to_move(&shared) {
        let goban = board.to_goban();
        let mut generated_ctx = EngineContext::new(&goban, None, *color);
        let mut interpreted_ctx = EngineContext::new(&goban, None, *color);
        for m in scanner.matches(board, &ScanOptions::new(ColorMode::Color(*color))) {
            let pattern = &db.patterns[m.pattern];
            let Some(move_point) = m.move_point.filter(|_| pattern.has_move) else {
                continue;
            };
            let candidate = |code| Candidate {
                pattern,
                index: m.pattern,
                code,
                anchor: Some(m.anchor),
                site: Site::new(m.transform, move_point),
                color: *color,
            };
            let a = judge(
                &mut generated_ctx,
                &candidate(code),
                ShapeRules::SHAPES,
                None,
            );
            let b = judge(
                &mut interpreted_ctx,
                &candidate(&interpreted),
                ShapeRules::SHAPES,
                None,
            );
            let name = &pattern.name;
            assert_eq!(
                (a.verdict, a.stage, a.needs, &a.stages, a.constraint),
                (b.verdict, b.stage, b.needs, &b.stages, b.constraint),
                "{id}: {name} ll={}",
                m.transform.number()
            );
            assert!(a.trace.is_none());
            if let Some(trace) = &b.trace {
                assert_eq!(Some(trace.value), b.constraint, "{id}: {name}");
                traced += 1;
            }
            judged += 1;
        }
    }
    println!("{judged} candidates judged alike, {traced} constraint trees");
    assert!(judged > 30_000 && traced > 10_000, "{judged} {traced}");
}
