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
//! cargo test --release -p codegen-check --test all board_only_decisions -- --nocapture
//! ```

use crate::common;

use std::borrow::Cow;
use std::collections::BTreeMap;

use common::{generated_and_interpreted, positions_to_move};
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
    let (db, code, interpreted) = generated_and_interpreted(MODULE);
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

/// The engine's context ([`engine::EngineContext`]: board, strings,
/// tactics, game state) beside the board-only one, on the same raw
/// candidates: how many constraints each decides, with the engine's memo
/// hit rate and reading nodes. Checks on these real boards that the engine
/// decides everything the board decides, with the same value; that its
/// known values equal two-valued evaluation; that generated and
/// interpreted code agree on it; and (on every fifth constraint) that its
/// memoised answer is what a fresh context computes. Against GNU Go's
/// post-constraint set it counts the matches GNU Go keeps whose constraint
/// a context decides false (wrong rejections: none for the board, 19 for
/// the engine when written, all from reading that differs from GNU Go's;
/// `SHOW_WRONG=1` lists them).
///
/// ```text
/// cargo test --release -p codegen-check --test all board_only_decisions::engine -- --nocapture
/// ```
#[test]
fn engine_context_decides_what_the_board_decides_and_more() {
    use engine::EngineContext;
    use engine::context::MemoStats;

    let shared = testkit::require_shared!();
    let (db, code, interpreted) = generated_and_interpreted(MODULE);
    let scanner = ReferenceMatcher::new(db);
    let positions = positions_to_move(&shared);
    assert_eq!(positions.len(), 60);
    let (mut constraints, mut board_decided, mut engine_decided) = (0usize, 0usize, 0usize);
    let (mut accepted, mut rejected, mut fresh_checked) = (0usize, 0usize, 0usize);
    let mut needs: BTreeMap<String, usize> = BTreeMap::new();
    // Per function the engine does not answer: the undecided constraints
    // that call it (in two-valued evaluation).
    let mut unanswered: BTreeMap<&str, usize> = BTreeMap::new();
    let mut memo = MemoStats::default();
    let mut nodes = 0u64;
    let kept = gnugo_kept(&shared);
    // Known-false constraints of matches that GNU Go keeps (so their
    // constraint held in GNU Go): wrong rejections, by context.
    let (mut board_wrong, mut engine_wrong, mut engine_accepted_kept) = (0usize, 0usize, 0usize);
    for (id, board, color) in &positions {
        let goban = board.to_goban();
        let mut ctx = EngineContext::new(&goban, None, *color);
        let options = ScanOptions::new(ColorMode::Color(*color));
        for m in scanner.matches(board, &options) {
            let Some(move_point) = m.move_point else {
                continue;
            };
            let site = Site::new(m.transform, move_point);
            let mut board_ctx = BoardContext::from_goban(Cow::Borrowed(&goban), *color);
            let Some(board_tri) = code.run_constraint_tri(m.pattern, &mut board_ctx, site) else {
                continue;
            };
            constraints += 1;
            let name = &db.patterns[m.pattern].name;
            let gtp = move_point.to_gtp(goban.geometry().height());
            let is_kept = kept.contains(&(id.clone(), name.to_string(), m.transform.number(), gtp));
            // The hit rate counts this first evaluation only; the checks
            // below ask the same calls again.
            let before = ctx.memo_stats();
            let tri = code
                .run_constraint_tri(m.pattern, &mut ctx, site)
                .expect("a constraint");
            let after = ctx.memo_stats();
            memo.hits += after.hits - before.hits;
            memo.misses += after.misses - before.misses;
            assert_eq!(
                interpreted.run_constraint_tri(m.pattern, &mut ctx, site),
                Some(tri),
                "{id}: {name}"
            );
            if let Tri::Known(value) = board_tri {
                board_decided += 1;
                board_wrong += usize::from(is_kept && !value.is_true());
                assert_eq!(tri, Tri::Known(value), "{id}: {name}");
            }
            match tri {
                Tri::Known(value) => {
                    engine_decided += 1;
                    let two_valued = code
                        .run(m.pattern, &mut ctx, site, Phase::Constraint)
                        .expect("a constraint");
                    assert_eq!(two_valued, value.to_int(), "{id}: {name}");
                    if value.is_true() {
                        accepted += 1;
                        engine_accepted_kept += usize::from(is_kept);
                    } else {
                        rejected += 1;
                        engine_wrong += usize::from(is_kept);
                        if is_kept && std::env::var_os("SHOW_WRONG").is_some() {
                            eprintln!(
                                "WRONG {id} {name} ll {} at {:?}",
                                m.transform.number(),
                                move_point
                            );
                        }
                    }
                }
                Tri::Unknown(layers) => {
                    *needs.entry(layers.to_string()).or_default() += 1;
                    // Three-valued evaluation never asks what the context
                    // does not answer; two-valued evaluation does.
                    ctx.unsupported.clear();
                    code.run(m.pattern, &mut ctx, site, Phase::Constraint);
                    let mut names = ctx.unsupported.clone();
                    names.sort();
                    names.dedup();
                    for name in names {
                        *unanswered.entry(name).or_default() += 1;
                    }
                }
            }
            if constraints % 5 == 0 {
                fresh_checked += 1;
                let mut fresh = EngineContext::new(&goban, None, *color);
                assert_eq!(
                    code.run_constraint_tri(m.pattern, &mut fresh, site),
                    Some(tri),
                    "{id}: {name}: memo against a fresh context"
                );
            }
        }
        nodes += ctx.reader().total_nodes();
    }
    eprintln!(
        "{MODULE}, 60 public positions, colour to move: {constraints} raw matches with a constraint"
    );
    eprintln!(
        "decided by the board-only context: {board_decided}; by the engine's context: {engine_decided} ({rejected} rejected, {accepted} accepted)"
    );
    eprintln!(
        "engine memo: {} hits, {} misses, hit rate {:.1}%; {nodes} reading nodes; {fresh_checked} constraints checked against a fresh context",
        memo.hits,
        memo.misses,
        100.0 * memo.hit_rate()
    );
    eprintln!(
        "against GNU Go's post-constraint set: rejected though GNU Go keeps the match: board-only {board_wrong}, engine {engine_wrong}; accepted and kept by GNU Go: {engine_accepted_kept} of {accepted}"
    );
    let mut needs: Vec<_> = needs.into_iter().collect();
    needs.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (layers, n) in needs {
        eprintln!("  undecided by the engine, needs {layers}: {n}");
    }
    let mut unanswered: Vec<_> = unanswered.into_iter().collect();
    unanswered.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let unanswered: Vec<String> = unanswered
        .iter()
        .map(|(name, n)| format!("{name} {n}"))
        .collect();
    eprintln!("  undecided constraints calling: {}", unanswered.join(", "));
    assert!(
        engine_decided > board_decided,
        "{engine_decided} {board_decided}"
    );
    assert_eq!(board_wrong, 0);
    assert!(engine_wrong <= 60, "{engine_wrong} wrong rejections");
    // 18,789 of 23,380 with combined and connection reading (14,089 with
    // the plain tactics; board only: 9,597), 53 of them wrong.
    assert!(
        engine_decided >= 18_500,
        "{engine_decided} of {constraints}"
    );
}

/// GNU Go's post-constraint matches of `patterns.db` (pat_db) on the 60
/// public positions: (position, pattern, ll, move).
fn gnugo_kept(
    shared: &std::path::Path,
) -> std::collections::BTreeSet<(String, String, u8, String)> {
    let text = std::fs::read_to_string(shared.join("expected/postconstraint/postconstraint.jsonl"))
        .expect("postconstraint.jsonl");
    let mut kept = std::collections::BTreeSet::new();
    for line in text.lines() {
        let record: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let pos = record["pos"].as_str().expect("pos").to_string();
        for m in record["matches"].as_array().expect("matches") {
            if m["db"] != "patterns" {
                continue;
            }
            kept.insert((
                pos.clone(),
                m["pattern"].as_str().expect("pattern").to_string(),
                m["ll"].as_u64().expect("ll") as u8,
                m["move"].as_str().expect("move").to_string(),
            ));
        }
    }
    kept
}
