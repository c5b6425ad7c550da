//! The analysis's dragon data (`engine::front::dragon_data`, GTP
//! `dragon_data`) against GNU Go 3.8's `dragon_data` on the 60 public
//! positions (`shared/expected/layers/dragons.jsonl.gz`), field by field,
//! per half (even and odd position index) and in all, each GNU Go dragon
//! read at its origin (a dragon we split or joined differently counts
//! against every field it changes).
//!
//! The analysis runs with `conn.db` and `eyes.db`'s graphs and without the
//! owl databases, so the fields measured are the ones GNU Go computes
//! before owl (the owl's own figures are in `owl_agreement.rs`): size,
//! effective size, genus, half eye, escape route, lunch, crude status, the
//! pre-owl weakness (within 0.1, and on which side of `weak`'s 0.4 it
//! falls), the moyo size (within 20% or 1), neighbours and worms; and the strategic size (within 5%; it
//! reads the weakness after owl, here the pre-owl one). Floors just below the figures reached are
//! asserted.

use std::collections::BTreeMap;
use std::sync::Arc;

use engine::front::dragon_data::{DragonInfo, status_name};
use goban::{Geometry, Vertex};
use serde_json::Value;

#[allow(dead_code)] // the shared helpers this test does not use
use crate::owl_cases;

/// Agreement counts per half: [same, compared].
#[derive(Default, Debug, Clone, Copy)]
struct Tally {
    halves: [[usize; 2]; 2],
}

impl Tally {
    fn add(&mut self, half: usize, same: bool) {
        self.halves[half][0] += usize::from(same);
        self.halves[half][1] += 1;
    }

    fn percent(same: usize, all: usize) -> f64 {
        100.0 * same as f64 / all.max(1) as f64
    }

    fn all(&self) -> f64 {
        Self::percent(
            self.halves[0][0] + self.halves[1][0],
            self.halves[0][1] + self.halves[1][1],
        )
    }

    fn half(&self, half: usize) -> f64 {
        Self::percent(self.halves[half][0], self.halves[half][1])
    }
}

fn vertex_text(geometry: Geometry, v: Option<Vertex>) -> String {
    v.map_or("PASS".to_string(), |v| geometry.gtp(v))
}

fn list_text(geometry: Geometry, vs: &[Vertex]) -> Vec<String> {
    vs.iter().map(|&v| geometry.gtp(v)).collect()
}

/// Whether our `info` agrees with GNU Go's parsed `dragon_data` on
/// `field`.
fn agrees(field: &str, info: &DragonInfo, want: &Value, geometry: Geometry) -> bool {
    let text = |name: &str| want[name].as_str().unwrap_or_default().to_string();
    let number = |name: &str| want[name].as_f64().unwrap_or(f64::NAN);
    let strings = |name: &str| -> Vec<String> {
        want[name]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    };
    match field {
        "size" => info.size as f64 == number("size"),
        "effective_size" => (info.effective_size - number("effective_size")).abs() < 0.006,
        "strategic_size" => {
            let want = number("strategic_size");
            (info.strategic_size - want).abs() <= (0.05 * want).max(0.05)
        }
        "genus" => info.genus.is_some_and(|g| g.to_gnugo() == text("genus")),
        "heye" => vertex_text(geometry, info.heye) == text("heye"),
        "escape_route" => f64::from(info.escape_route) == number("escape_route"),
        "lunch" => vertex_text(geometry, info.lunch) == text("lunch"),
        "lunch present" => info.lunch.is_some() == (text("lunch") != "PASS"),
        "moyo_size" => {
            let want = number("moyo_size");
            (info.moyo_size as f64 - want).abs() <= (0.2 * want).max(1.0)
        }
        "crude_status" => status_name(info.crude_status) == text("crude_status"),
        "weakness_pre_owl" => {
            (f64::from(info.weakness_pre_owl) - number("weakness_pre_owl")).abs() <= 0.1
        }
        "weak before owl" => {
            (info.weakness_pre_owl > 0.40001) == (number("weakness_pre_owl") > 0.40001)
        }
        "neighbors" => list_text(geometry, &info.neighbors) == strings("neighbors"),
        "hostile_neighbors" => info.hostile_neighbors as f64 == number("hostile_neighbors"),
        "strings" => list_text(geometry, &info.strings) == strings("strings"),
        other => panic!("unknown field {other}"),
    }
}

/// The fields measured, with the floors (all, even half, odd half) just
/// below the percentages reached.
const FIELDS: &[(&str, [f64; 3])] = &[
    ("size", [92.5, 95.0, 90.0]),
    ("effective_size", [92.5, 95.0, 90.0]),
    ("strategic_size", [62.0, 62.0, 61.5]),
    ("genus", [83.0, 82.0, 83.5]),
    ("heye", [78.5, 79.0, 78.0]),
    ("escape_route", [56.0, 49.0, 62.5]),
    ("lunch", [90.0, 92.0, 88.5]),
    ("lunch present", [92.0, 92.5, 92.0]),
    ("moyo_size", [71.5, 69.5, 73.5]),
    ("crude_status", [83.0, 83.0, 83.0]),
    ("weakness_pre_owl", [65.5, 63.0, 67.5]),
    ("weak before owl", [87.0, 86.5, 88.0]),
    ("neighbors", [63.0, 61.5, 64.5]),
    ("hostile_neighbors", [86.0, 88.5, 83.5]),
    ("strings", [63.0, 64.0, 62.0]),
];

#[test]
fn dragon_data_agrees_with_gnugo() {
    let shared = testkit::require_shared!();
    let databases = owl_cases::engine_databases(&shared, false);
    let mut engine = engine::Engine::new(Arc::new(databases));
    let text = testkit::read_text(&shared.join("expected/layers/dragons.jsonl.gz"));
    let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut dragons = 0;
    for (index, line) in text.lines().enumerate() {
        let record: Value = serde_json::from_str(line).expect("json");
        let (board, ko) = owl_cases::record_position(&shared, &record);
        let geometry = board.geometry();
        engine.set_position(board, ko);
        let analysis = engine.analysis();
        for dragon in record["dragons"].as_array().expect("dragons") {
            dragons += 1;
            let origin = geometry
                .parse_gtp(dragon["origin"].as_str().expect("origin"))
                .expect("vertex");
            let want = &dragon["dragon_data"]["parsed"];
            let info = analysis.dragon_info(origin).expect("a stone's dragon");
            // A dragon whose origin differs is a different dragon.
            let same_dragon = info.origin == origin;
            for &(field, _) in FIELDS {
                let same = same_dragon && agrees(field, info, want, geometry);
                tallies.entry(field).or_default().add(index % 2, same);
            }
        }
    }
    assert_eq!(dragons, 589, "GNU Go's dragons on the public positions");
    let mut low = Vec::new();
    for &(field, floors) in FIELDS {
        let tally = tallies[field];
        let reached = [tally.all(), tally.half(0), tally.half(1)];
        println!(
            "{field:<18} {:5.1}%  even {:5.1}%  odd {:5.1}%",
            reached[0], reached[1], reached[2]
        );
        if reached.iter().zip(floors).any(|(r, f)| *r < f) {
            low.push(format!("{field}: {reached:.1?} below {floors:?}"));
        }
    }
    assert!(low.is_empty(), "below the floors: {low:?}");
}
