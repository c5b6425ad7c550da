//! The owl search's own consistency, on every tenth public position
//! (`shared/expected/layers/owl.jsonl.gz`, GNU Go's dragon stones):
//!
//! * a search leaves the host as it found it: the reader's board, ko point
//!   and stack depth, and the context's answers on the position;
//! * after a claimed attack move (certain), the defender moving next finds
//!   no defence, and after a claimed defence move the attacker finds no
//!   attack (the follow-up search starts fresh, so a deeper line it sees
//!   can disagree: the test bounds how often);
//! * the same question asked twice gets the same answer.

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
                    inconsistent += usize::from(reply.certain && reply.code != Code::Fail);
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
    assert!(follow_ups >= 20, "enough follow-ups checked");
    assert!(
        inconsistent * 20 <= follow_ups,
        "{inconsistent} of {follow_ups} follow-ups contradict the claimed move"
    );
}
