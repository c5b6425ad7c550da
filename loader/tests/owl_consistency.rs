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

use std::sync::Arc;

use engine::EngineContext;
use engine::owl::{OwlInputs, OwlMatchers, OwlParams, owl_attack, owl_defend};
use goban::{Color, Vertex};
use matcher::context::StringsLayer;
use serde_json::Value;
use tactics::Code;

#[test]
fn owl_searches_are_consistent_and_leave_the_host_unchanged() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let owl = Arc::new(loader::gnugo_dir::load_owl_patterns(&dir).expect("owl databases"));
    let graphs = loader::gnugo_dir::load_eye_graphs(&dir).expect("eyes.db");
    let matchers = OwlMatchers::new(&owl);
    let inputs = OwlInputs {
        patterns: &owl,
        matchers: &matchers,
        graphs: &graphs,
        params: OwlParams::default(),
    };
    let owl_text = testkit::read_text(&shared.join("expected/layers/owl.jsonl.gz"));
    let dragon_text = testkit::read_text(&shared.join("expected/layers/dragons.jsonl.gz"));
    let (mut follow_ups, mut inconsistent, mut searches) = (0, 0, 0);
    for (owl_line, dragon_line) in owl_text.lines().zip(dragon_text.lines()).step_by(10) {
        let record: Value = serde_json::from_str(owl_line).expect("owl json");
        let dragons: Value = serde_json::from_str(dragon_line).expect("dragon json");
        let (board, ko) = testkit::positions::layers_position(
            &shared,
            record["sgf"].as_str().expect("sgf"),
            record["move_number"].as_u64().expect("move number") as u32,
        );
        let geometry = board.geometry();
        let mut ctx = EngineContext::new(&board, ko, Color::Black);
        let root_hash = ctx.reader().board().hash();
        let probe = |ctx: &mut EngineContext| -> Vec<i32> {
            geometry
                .board_vertices()
                .filter(|&v| board.cell(v).color().is_some())
                .map(|v| ctx.lib(geometry.point(v)))
                .collect()
        };
        let before = probe(&mut ctx);
        for result in record["results"].as_array().expect("results") {
            let origin = result["origin"].as_str().expect("origin");
            let dragon = dragons["dragons"]
                .as_array()
                .expect("dragons")
                .iter()
                .find(|d| d["origin"] == origin)
                .expect("the dragon of an owl candidate");
            let stones: Vec<Vertex> = dragon["stones"]
                .as_array()
                .expect("stones")
                .iter()
                .map(|s| {
                    geometry
                        .parse_gtp(s.as_str().expect("stone"))
                        .expect("vertex")
                })
                .collect();
            let color = board.cell(stones[0]).color().expect("a stone");
            for attack in [true, false] {
                let search = |ctx: &mut EngineContext, attack: bool| {
                    if attack {
                        owl_attack(ctx, inputs, &stones)
                    } else {
                        owl_defend(ctx, inputs, &stones)
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
