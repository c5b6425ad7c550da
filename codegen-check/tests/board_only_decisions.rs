//! How many raw candidate matches of GNU Go's `patterns.db` (with
//! `patterns2.db`, as GNU Go builds it) the board-only context decides on
//! the 60 public positions, for the colour to move: before (two-valued
//! evaluation; a verdict counts as decided when no unsupported function was
//! called) and now (three-valued evaluation; decided when the constraint's
//! value is known). Also checks, on these real boards:
//!
//! * wherever the three-valued value is known, the two-valued value equals
//!   it (no wrong verdict from Kleene evaluation);
//! * the generated and the interpreted three-valued constraints agree.
//!
//! The figures are printed (`--nocapture`):
//!
//! ```text
//! cargo test --release -p codegen-check --test board_only_decisions -- --nocapture
//! ```

mod common;

use std::borrow::Cow;
use std::collections::BTreeMap;

use codegen_check::CORPUS_COMPILED;
use common::{generated, positions_to_move, runtime};
use matcher::constraint::board_context::BoardContext;
use matcher::constraint::{Phase, Site, Tri};
use matcher::reference::ReferenceMatcher;
use matcher::scan::{ColorMode, ScanOptions, Scanner};

const MODULE: &str = "gnugo::patterns";

#[derive(Debug, Default)]
struct Counts {
    raw: usize,
    without_constraint: usize,
    with_constraint: usize,
    decided_before: usize,
    decided_now: usize,
    now_rejected: usize,
    now_accepted: usize,
    /// Decided before only through the two-valued approximations that are
    /// now unknown (`safe_*move`, a tactics function; `doing_scoring`).
    before_only: usize,
    /// Decided now although an unsupported function was called.
    now_only: usize,
    /// Undecided now, by the layers needed (as printed).
    needs: BTreeMap<String, usize>,
}

#[test]
fn board_only_context_decides_more_raw_matches_with_three_valued_logic() {
    let shared = testkit::require_shared!();
    // A build-time constant checked against the corpus found at run time.
    #[allow(clippy::assertions_on_constants)]
    {
        assert!(
            CORPUS_COMPILED,
            "the corpus is present but was not compiled in"
        );
    }
    let (db, code) = generated(MODULE);
    let (_, args, base) = codegen_check::MANIFEST
        .iter()
        .find(|(m, _, _)| *m == MODULE)
        .expect(MODULE);
    let interpreted = runtime(args, base).code_table();
    let scanner = ReferenceMatcher::new(db);
    let positions = positions_to_move(&shared);
    assert_eq!(positions.len(), 60);
    let mut counts = Counts::default();
    for (id, board, color) in &positions {
        let goban = board.to_goban();
        let options = ScanOptions::new(ColorMode::Color(*color));
        for m in scanner.matches(board, &options) {
            counts.raw += 1;
            let Some(move_point) = m.move_point else {
                counts.without_constraint += 1;
                continue;
            };
            let site = Site::new(m.transform, move_point);
            let mut ctx = BoardContext::from_goban(Cow::Borrowed(&goban), *color);
            let Some(tri) = code.run_constraint_tri(m.pattern, &mut ctx, site) else {
                counts.without_constraint += 1;
                continue;
            };
            counts.with_constraint += 1;
            let mut other = BoardContext::from_goban(Cow::Borrowed(&goban), *color);
            let name = &db.patterns[m.pattern].name;
            assert_eq!(
                interpreted.run_constraint_tri(m.pattern, &mut other, site),
                Some(tri),
                "{id}: {name}"
            );
            let mut before = BoardContext::from_goban(Cow::Borrowed(&goban), *color);
            let two_valued = code
                .run(m.pattern, &mut before, site, Phase::Constraint)
                .expect("a constraint");
            let decided_before = before.unsupported.is_empty();
            counts.decided_before += usize::from(decided_before);
            match (decided_before, tri.known().is_some()) {
                (true, false) => counts.before_only += 1,
                (false, true) => counts.now_only += 1,
                _ => {}
            }
            match tri {
                Tri::Known(value) => {
                    counts.decided_now += 1;
                    assert_eq!(two_valued, value.to_int(), "{id}: {name}");
                    if value.is_true() {
                        counts.now_accepted += 1;
                    } else {
                        counts.now_rejected += 1;
                    }
                }
                Tri::Unknown(needs) => {
                    *counts.needs.entry(needs.to_string()).or_default() += 1;
                }
            }
        }
    }
    let known_total = counts.without_constraint + counts.decided_now;
    eprintln!(
        "{MODULE}, 60 public positions, colour to move: {} raw matches, {} without constraint, {} with one",
        counts.raw, counts.without_constraint, counts.with_constraint
    );
    eprintln!(
        "constraints decided by the board-only context: before {} (two-valued, no unsupported call), now {} (three-valued known: {} rejected, {} accepted)",
        counts.decided_before, counts.decided_now, counts.now_rejected, counts.now_accepted
    );
    eprintln!(
        "raw matches with a known verdict: before {}, now {known_total}",
        counts.without_constraint + counts.decided_before
    );
    eprintln!(
        "decided now but not before: {}; decided before (by safe_*move or doing_scoring) but unknown now: {}",
        counts.now_only, counts.before_only
    );
    let mut needs: Vec<_> = counts.needs.iter().collect();
    needs.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (layers, n) in needs {
        eprintln!("  undecided, needs {layers}: {n}");
    }
    assert!(counts.raw > 1000, "{counts:?}");
    assert!(counts.decided_now > counts.decided_before, "{counts:?}");
    // 9,597 of 23,380 once `ko`, the edge scans, `oplay_lib`/`xplay_lib`,
    // the ko helpers and `bent_four_helper` were answered (9,230 before).
    assert!(counts.decided_now >= 9550, "{counts:?}");
}
