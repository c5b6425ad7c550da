//! The owl search's own consistency, on every tenth public position
//! (`shared/expected/layers/owl.jsonl.gz`, GNU Go's dragon stones):
//!
//! * a search leaves the host as it found it: the reader's board, ko point
//!   and stack depth, and the context's answers on the position;
//! * after a claimed attack move (certain), the defender moving next finds
//!   no defence, and after a claimed defence move the attacker finds no
//!   attack; after a move claimed to win through a ko, the other side
//!   finds no outright win (the follow-up search starts fresh, so a deeper
//!   line it sees can disagree: the test bounds how often);
//! * the same question asked twice gets the same answer;
//! * an attack by a pass (certain: the goal dies as it stands) is never
//!   contradicted by a certain defence from `owl_defend`.

use crate::owl_cases;

use engine::EngineContext;
use engine::owl::{OwlInputs, OwlMatchers, owl_attack, owl_defend};
use goban::{Color, Vertex};
use matcher::context::StringsLayer;
use tactics::Code;

#[test]
fn owl_searches_are_consistent_and_leave_the_host_unchanged() {
    let shared = testkit::require_shared!();
    let (owl, graphs) = owl_cases::databases(&shared);
    let matchers = OwlMatchers::new(&owl);
    let inputs = OwlInputs::new(&owl, &matchers, &graphs);
    let (mut follow_ups, mut inconsistent, mut searches) = (0, 0, 0);
    let (mut passes_checked, mut passes_contradicted) = (0, 0);
    for position in owl_cases::positions(&shared, 10) {
        let (board, ko) = (&position.board, position.ko);
        let geometry = board.geometry();
        let mut ctx = EngineContext::new(board, ko, Color::Black);
        let root_hash = ctx.reader().board().hash();
        let probe = |ctx: &mut EngineContext| -> Vec<i32> {
            geometry
                .board_vertices()
                .filter(|&v| board.cell(v).color().is_some())
                .map(|v| ctx.lib(geometry.point(v)))
                .collect()
        };
        let before = probe(&mut ctx);
        for candidate in &position.candidates {
            let origin = candidate.result["origin"].as_str().expect("origin");
            let stones = &candidate.stones;
            let color = board.cell(stones[0]).color().expect("a stone");
            // An attack by a pass (the goal dead as it stands) read
            // with certainty, while the defend search is asked next.
            let mut attack_by_pass = false;
            for attack in [true, false] {
                let search = |ctx: &mut EngineContext, attack: bool| {
                    if attack {
                        owl_attack(ctx, inputs, stones)
                    } else {
                        owl_defend(ctx, inputs, stones)
                    }
                };
                let first = search(&mut ctx, attack);
                searches += 1;
                if attack {
                    attack_by_pass =
                        first.code == Code::Win && first.point.is_none() && first.certain;
                } else if attack_by_pass {
                    passes_checked += 1;
                    passes_contradicted += usize::from(first.certain && first.code != Code::Fail);
                }
                assert_eq!(
                    ctx.reader().board().hash(),
                    root_hash,
                    "{origin}: board restored"
                );
                assert_eq!(
                    ctx.reader().board().stack_depth(),
                    0,
                    "{origin}: stack restored"
                );
                assert_eq!(
                    search(&mut ctx, attack),
                    first,
                    "{origin}: the same answer twice"
                );
                let Some(point) = first.point.filter(|_| first.certain) else {
                    continue;
                };
                let mover = if attack { color.other() } else { color };
                if ctx.reader_mut().trymove(mover, point).is_err() {
                    continue;
                }
                let still_on_board: Vec<Vertex> = stones
                    .iter()
                    .copied()
                    .filter(|&s| ctx.reader().board().board().cell(s).color() == Some(color))
                    .collect();
                if !still_on_board.is_empty() {
                    let reply = search(&mut ctx, !attack);
                    follow_ups += 1;
                    // Against an outright win the other side gets
                    // nothing; against a ko it may get a ko back.
                    let allowed = if first.code == Code::Win {
                        Code::Fail
                    } else {
                        Code::KoA
                    };
                    inconsistent += usize::from(reply.certain && reply.code > allowed);
                }
                ctx.reader_mut().popgo();
            }
        }
        assert_eq!(probe(&mut ctx), before, "the context answers as before");
    }
    println!(
        "{searches} searches; after a claimed move the other side still succeeded in \
         {inconsistent} of {follow_ups} follow-ups"
    );
    println!(
        "attacks by a pass: owl_defend still defended {passes_contradicted} of {passes_checked}"
    );
    assert_eq!(
        passes_contradicted, 0,
        "an attack by a pass contradicts owl_defend"
    );
    assert!(follow_ups >= 20, "enough follow-ups checked");
    assert!(
        inconsistent * 20 <= follow_ups,
        "{inconsistent} of {follow_ups} follow-ups contradict the claimed move"
    );
}

/// The owl's incremental matching equals a full scan of the same board:
/// on public positions (every tenth), with GNU Go's owl databases, the
/// dragon under attack as the goal, along random legal moves and moves
/// taken back (the reader's `trymove` / `popgo`, captures included).
#[test]
fn incremental_owl_matching_equals_a_full_scan() {
    use matcher::PackedBoard;
    use matcher::incremental::IncrementalMatches;
    use matcher::scan::{ColorMode, PointSet, ScanOptions, Scanner};
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};
    use tactics::Reader;

    let shared = testkit::require_shared!();
    let (owl, _) = owl_cases::databases(&shared);
    let matchers = OwlMatchers::new(&owl);
    let positions = owl_cases::positions(&shared, 10);
    let mut runner = TestRunner::new(Config::with_cases(12));
    let steps = proptest::collection::vec((any::<u16>(), 0u8..4), 1..30);
    runner
        .run(&(0..positions.len(), steps), |(which, steps)| {
            let position = &positions[which];
            let Some(dragon) = position.candidates.first() else {
                return Ok(());
            };
            let board = &position.board;
            let defender = board.cell(dragon.stones[0]).color().expect("a stone");
            let mut reader = Reader::new(board.clone(), position.ko);
            let mut stores = [
                (
                    IncrementalMatches::new(&matchers.attack, ColorMode::Color(defender.other())),
                    &matchers.attack,
                ),
                (
                    IncrementalMatches::new(&matchers.defend, ColorMode::Color(defender)),
                    &matchers.defend,
                ),
            ];
            let empty: Vec<Vertex> = board
                .geometry()
                .board_vertices()
                .filter(|&v| board.cell(v).color().is_none())
                .collect();
            let mut depth = 0;
            for (k, &(pick, action)) in steps.iter().enumerate() {
                if action == 0 && depth > 0 {
                    reader.popgo();
                    depth -= 1;
                } else {
                    let color = if k % 2 == 0 {
                        defender.other()
                    } else {
                        defender
                    };
                    let v = empty[pick as usize % empty.len()];
                    if reader.trymove(color, v).is_ok() {
                        depth += 1;
                    }
                }
                let now = reader.board().board();
                let packed = PackedBoard::try_from(now).expect("a board");
                let geometry = now.geometry();
                let goal: PointSet = dragon
                    .stones
                    .iter()
                    .filter(|&&v| now.cell(v).color() == Some(defender))
                    .map(|&v| geometry.point(v))
                    .collect();
                for (store, matcher) in &mut stores {
                    let options = ScanOptions::matchpat(store.mode(), matcher.db(), Some(&goal));
                    let full = matcher.matches(&packed, &options);
                    prop_assert_eq!(store.matches_on(&packed, &options), full);
                }
            }
            Ok(())
        })
        .expect("incremental matches equal the full scan's");
}
