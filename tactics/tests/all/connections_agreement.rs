//! Agreement of `string_connect` / `disconnect` with GNU Go 3.8's GTP
//! `connect A B` / `disconnect A B` on the 60 positions of
//! `shared/expected/layers/connections.jsonl.gz` (each asked on a fresh
//! reader, as GNU Go answered each with an empty cache). Codes agree when
//! equal; points are counted apart, where the codes agree and are not 0.
//! Also counts how often a claimed move holds: after it, the other
//! question fails on the same reader (the node budget shrinks with the
//! stack and the tactical reader has its own horizons, so not always).
//! Prints the figures (`ENGINE_VERBOSE=1` lists the disagreements) and
//! asserts floors just below them.

use goban::{Geometry, Vertex};
use serde_json::Value;
use tactics::connection::{disconnect, string_connect};
use tactics::{Code, Reader, ReadingResult};

#[derive(Default, Debug)]
struct Tally {
    pairs: usize,
    connect_code: usize,
    connect_point: usize,
    connect_pointed: usize,
    disconnect_code: usize,
    disconnect_point: usize,
    disconnect_pointed: usize,
    /// Claimed moves (a win with a point) and those after which the other
    /// question, asked on the same reader, fails.
    claims: usize,
    claims_holding: usize,
}

fn expected(record: &Value) -> (Code, Option<String>) {
    let parsed = &record["parsed"];
    let code = Code::from_gtp(parsed["code"].as_u64().expect("code") as u8).expect("gtp code");
    let point = parsed["point"]
        .as_str()
        .filter(|p| *p != "PASS")
        .map(str::to_string);
    (code, point)
}

fn point_text(geometry: Geometry, result: ReadingResult) -> Option<String> {
    result.point.map(|v: Vertex| geometry.gtp(v))
}

#[test]
fn connections_agree_with_gnugo() {
    let shared = testkit::require_shared!();
    let path = shared.join("expected/layers/connections.jsonl.gz");
    let text = testkit::read_text(&path);
    let verbose = std::env::var_os("ENGINE_VERBOSE").is_some();
    let mut tally = Tally::default();
    let started = std::time::Instant::now();
    for line in text.lines() {
        let record: Value = serde_json::from_str(line).expect("json line");
        let (board, ko) = testkit::positions::layers_position(
            &shared,
            record["sgf"].as_str().expect("sgf"),
            record["move_number"].as_u64().expect("move number") as u32,
        );
        let geometry = board.geometry();
        for pair in record["pairs"].as_array().expect("pairs") {
            let vertex = |key: &str| {
                geometry
                    .parse_gtp(pair[key].as_str().expect("vertex"))
                    .expect("on the board")
            };
            let (a, b) = (vertex("a"), vertex("b"));
            tally.pairs += 1;
            for question in ["connect", "disconnect"] {
                let mut reader = Reader::new(board.clone(), ko);
                let hash = reader.board().hash();
                let ours = if question == "connect" {
                    string_connect(&mut reader, a, b)
                } else {
                    disconnect(&mut reader, a, b)
                };
                assert_eq!(reader.board().hash(), hash, "the board is restored");
                if let (Code::Win, Some(m)) = (ours.code, ours.point) {
                    let owner = reader.board().board().cell(a).color().expect("a stone");
                    let mover = if question == "connect" {
                        owner
                    } else {
                        owner.other()
                    };
                    reader.trymove(mover, m).expect("the claimed move is legal");
                    let reply = if question == "connect" {
                        disconnect(&mut reader, a, b)
                    } else {
                        string_connect(&mut reader, a, b)
                    };
                    reader.popgo();
                    tally.claims += 1;
                    tally.claims_holding += usize::from(reply.code == Code::Fail);
                }
                let (code, point) = expected(&pair[question]);
                let code_ok = ours.code == code;
                let point_ok = code_ok && point_text(geometry, ours) == point;
                let (codes, points, pointed) = if question == "connect" {
                    (
                        &mut tally.connect_code,
                        &mut tally.connect_point,
                        &mut tally.connect_pointed,
                    )
                } else {
                    (
                        &mut tally.disconnect_code,
                        &mut tally.disconnect_point,
                        &mut tally.disconnect_pointed,
                    )
                };
                *codes += usize::from(code_ok);
                if code_ok && code != Code::Fail {
                    *pointed += 1;
                    *points += usize::from(point_ok);
                }
                if verbose && !point_ok {
                    println!(
                        "{} {} {} {}: gnugo {} {:?}, ours {} {:?}",
                        record["pos"].as_str().unwrap_or("?"),
                        question,
                        pair["a"].as_str().unwrap_or("?"),
                        pair["b"].as_str().unwrap_or("?"),
                        code.gtp(),
                        point,
                        ours.code.gtp(),
                        point_text(geometry, ours),
                    );
                }
            }
        }
    }
    let percent = |n: usize, d: usize| 100.0 * n as f64 / d.max(1) as f64;
    println!(
        "connections: {} pairs in {:.2}s; connect codes {} ({:.1}%), points {} of {} ({:.1}%); \
         disconnect codes {} ({:.1}%), points {} of {} ({:.1}%)",
        tally.pairs,
        started.elapsed().as_secs_f64(),
        tally.connect_code,
        percent(tally.connect_code, tally.pairs),
        tally.connect_point,
        tally.connect_pointed,
        percent(tally.connect_point, tally.connect_pointed),
        tally.disconnect_code,
        percent(tally.disconnect_code, tally.pairs),
        tally.disconnect_point,
        tally.disconnect_pointed,
        percent(tally.disconnect_point, tally.disconnect_pointed),
    );
    println!(
        "claimed moves after which the other question fails: {} of {} ({:.1}%)",
        tally.claims_holding,
        tally.claims,
        percent(tally.claims_holding, tally.claims)
    );
    assert_eq!(tally.pairs, 1243, "every pair of the file");
    assert!(percent(tally.claims_holding, tally.claims) >= 98.0);
    assert!(percent(tally.connect_code, tally.pairs) >= 98.5);
    assert!(percent(tally.disconnect_code, tally.pairs) >= 96.0);
    // 85.9: the three-liberty cutting strings near the root
    // (`connection::search`, THREE_LIB_CUTTER_PLIES) gain two connect and
    // six disconnect codes and one more matching connect point, but the two
    // new connect wins point elsewhere than GNU Go: 929 of 1080 (86.02%) ->
    // 930 of 1082 (85.95%).
    assert!(percent(tally.connect_point, tally.connect_pointed) >= 85.5);
    assert!(percent(tally.disconnect_point, tally.disconnect_pointed) >= 69.5);
}
