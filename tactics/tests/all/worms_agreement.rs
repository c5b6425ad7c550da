//! Agreement of the worms' attack and defence with GNU Go 3.8's
//! `worm_data` for the 60 positions of `shared/expected/layers/worms.jsonl.gz`.
//! A code agrees when it is equal; a point agrees when it is GNU Go's, or
//! GNU Go's point is among the root moves this reader finds winning with
//! the same code. The other fields (liberties of orders 1 to 4, effective
//! size, lunch, cutting stones, genus, inessential, invincible,
//! unconditional status) agree when equal (the effective size to GNU Go's
//! two decimals). Prints the figures and asserts floors just below them.

use std::collections::BTreeMap;

use serde_json::Value;
use tactics::{Code, Reader, compute_worms};

#[derive(Default, Debug)]
struct Tally {
    worms: usize,
    attack_code: usize,
    attack_point: usize,
    defense_code: usize,
    defense_point: usize,
    both_codes: usize,
}

fn internal_code(n: u64) -> Code {
    match n {
        0 => Code::Fail,
        1 => Code::KoB,
        4 => Code::KoA,
        5 => Code::Win,
        other => panic!("not a reading code: {other}"),
    }
}

#[test]
fn worm_attack_and_defence_agree_with_gnugo() {
    let shared = testkit::require_shared!();
    let path = shared.join("expected/layers/worms.jsonl.gz");
    let text = testkit::read_text(&path);
    let mut tally = Tally::default();
    let mut nodes = 0;
    let started = std::time::Instant::now();
    let verbose = std::env::var_os("ENGINE_VERBOSE").is_some();
    let mut fields: BTreeMap<&str, usize> = BTreeMap::new();
    for line in text.lines() {
        let record: Value = serde_json::from_str(line).expect("json line");
        let (board, ko) = testkit::positions::layers_position(
            &shared,
            record["sgf"].as_str().expect("sgf"),
            record["move_number"].as_u64().expect("move number") as u32,
        );
        let geometry = board.geometry();
        let mut reader = Reader::new(board.clone(), ko);
        let worms = compute_worms(&mut reader);
        for expected in record["worms"].as_array().expect("worms") {
            let data = &expected["worm_data"]["parsed"];
            let origin = geometry
                .parse_gtp(expected["origin"].as_str().expect("origin"))
                .expect("vertex");
            let worm = worms
                .iter()
                .find(|w| w.origin == origin)
                .expect("same worms");
            tally.worms += 1;
            let point_name =
                |p: Option<goban::Vertex>| p.map_or("PASS".into(), |v| geometry.gtp(v));
            let status = match worm.unconditional_status.gtp_name() {
                "undecided" => "unknown",
                name => name,
            };
            let number = |key: &str| data[key].as_u64().expect("number") as usize;
            let gnugo_size = data["effective_size"].as_f64().expect("size");
            let checks: [(&str, bool); 13] = [
                ("liberties", worm.liberties == number("liberties")),
                ("liberties2", worm.liberties2 == number("liberties2")),
                ("liberties3", worm.liberties3 == number("liberties3")),
                ("liberties4", worm.liberties4 == number("liberties4")),
                // GNU Go sums in single precision, which decides how a
                // value like 2.625 rounds: the value agrees within the
                // printed precision, the text where the rounding agrees.
                (
                    "effective_size",
                    (worm.effective_size - gnugo_size).abs() <= 0.0051,
                ),
                (
                    "effective_size_text",
                    format!("{:.2}", worm.effective_size) == format!("{gnugo_size:.2}"),
                ),
                (
                    "lunch",
                    point_name(worm.lunch) == data["lunch"].as_str().expect("lunch"),
                ),
                ("cutstone", usize::from(worm.cutstone) == number("cutstone")),
                (
                    "cutstone2",
                    usize::from(worm.cutstone2) == number("cutstone2"),
                ),
                ("genus", worm.genus == number("genus")),
                (
                    "inessential",
                    usize::from(worm.inessential) == number("inessential"),
                ),
                (
                    "invincible",
                    usize::from(worm.invincible) == number("invincible"),
                ),
                (
                    "unconditional_status",
                    status == data["unconditional_status"].as_str().expect("status"),
                ),
            ];
            for (name, agrees) in checks {
                *fields.entry(name).or_default() += usize::from(agrees);
                if !agrees && verbose {
                    eprintln!("{} {}: {name} differs", record["pos"], expected["origin"]);
                }
            }
            let attack_code = internal_code(data["attack_code"].as_u64().expect("code"));
            let defense_code = internal_code(data["defense_code"].as_u64().expect("code"));
            let point = |key: &str| geometry.parse_gtp(data[key].as_str().expect("point"));
            let attack_ok = worm.attack.code == attack_code;
            let defense_ok = worm.defense.code == defense_code;
            if attack_ok {
                tally.attack_code += 1;
                let gnugo = point("attack_point");
                if gnugo == worm.attack.point
                    || reader
                        .attack_moves(origin)
                        .1
                        .iter()
                        .any(|&m| Some(m) == gnugo)
                {
                    tally.attack_point += 1;
                }
            }
            if defense_ok {
                tally.defense_code += 1;
                let gnugo = point("defense_point");
                if gnugo == worm.defense.point
                    || reader
                        .defense_moves(origin)
                        .1
                        .iter()
                        .any(|&m| Some(m) == gnugo)
                {
                    tally.defense_point += 1;
                }
            }
            if attack_ok && defense_ok {
                tally.both_codes += 1;
            } else if verbose {
                eprintln!(
                    "{} {}: attack {:?}/{:?} gnugo {:?} {}, defense {:?}/{:?} gnugo {:?} {}",
                    record["pos"],
                    expected["origin"],
                    worm.attack.code,
                    worm.attack.point.map(|v| geometry.gtp(v)),
                    attack_code,
                    data["attack_point"],
                    worm.defense.code,
                    worm.defense.point.map(|v| geometry.gtp(v)),
                    defense_code,
                    data["defense_point"],
                );
            }
        }
        nodes += reader.total_nodes();
    }
    let pct = |n: usize| 100.0 * n as f64 / tally.worms as f64;
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "worms {}: attack code {:.1}% (point {:.1}%), defence code {:.1}% (point {:.1}%), \
         both codes {:.1}%; {} reading nodes in {:.2} s",
        tally.worms,
        pct(tally.attack_code),
        pct(tally.attack_point),
        pct(tally.defense_code),
        pct(tally.defense_point),
        pct(tally.both_codes),
        nodes,
        seconds,
    );
    for (name, agreeing) in &fields {
        eprintln!(
            "worm field {name}: {agreeing} of {} ({:.1}%)",
            tally.worms,
            pct(*agreeing)
        );
    }
    assert!(tally.worms > 1000, "{tally:?}");
    // Floors per field, in worms out of the 1,885.
    let floors = [
        ("liberties", 1885),
        ("liberties2", 1880),
        ("liberties3", 1880),
        ("liberties4", 1880),
        ("effective_size", 1885),
        ("effective_size_text", 1865),
        ("lunch", 1775),
        ("cutstone", 1810),
        ("cutstone2", 1885),
        ("genus", 1885),
        ("inessential", 1865),
        ("invincible", 1880),
        ("unconditional_status", 1880),
    ];
    for (name, floor) in floors {
        assert!(fields[name] >= floor, "{name}: {} < {floor}", fields[name]);
    }
    assert!(pct(tally.both_codes) >= 97.4, "{tally:?}");
    assert!(pct(tally.attack_point) >= 97.4, "{tally:?}");
    assert!(pct(tally.defense_point) >= 97.4, "{tally:?}");
}
