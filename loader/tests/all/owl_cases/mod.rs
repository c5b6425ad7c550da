//! What the owl tests share: GNU Go's owl databases and `eyes.db`'s
//! graphs, and the public positions of `shared/expected/layers/owl.jsonl.gz`
//! with each owl candidate's stones (GNU Go's dragon, from
//! `dragons.jsonl.gz`).

use std::path::Path;
use std::sync::Arc;

use goban::{Board, Vertex};
use matcher::eyes::EyePattern;
use serde_json::Value;

use engine::owl::OwlPatterns;

/// GNU Go's owl databases and `eyes.db`'s graphs.
pub fn databases(shared: &Path) -> (OwlPatterns, Vec<EyePattern>) {
    let dir = testkit::gnugo_patterns_dir(shared);
    let owl = loader::gnugo_dir::load_owl_patterns(&dir).expect("owl databases");
    let graphs = loader::gnugo_dir::load_eye_graphs(&dir).expect("eyes.db");
    (owl, graphs)
}

/// The engine's databases for an analysis like GNU Go's: `conn.db`,
/// `eyes.db`'s graphs and, with `owl`, the owl databases.
#[allow(dead_code)] // each test crate uses the helpers it needs
pub fn engine_databases(shared: &Path, owl: bool) -> engine::Databases {
    let dir = testkit::gnugo_patterns_dir(shared);
    engine::Databases {
        conn: Some(Arc::new(
            loader::gnugo_dir::load_connection_patterns(&dir).expect("conn.db"),
        )),
        eye_graphs: Some(Arc::new(
            loader::gnugo_dir::load_eye_graphs(&dir).expect("eyes.db"),
        )),
        owl: owl
            .then(|| Arc::new(loader::gnugo_dir::load_owl_patterns(&dir).expect("owl databases"))),
        ..engine::Databases::default()
    }
}

/// The board and ko point of a line of a `layers/` file.
#[allow(dead_code)] // each test crate uses the helpers it needs
pub fn record_position(shared: &Path, record: &Value) -> (Board, Option<Vertex>) {
    testkit::positions::layers_position(
        shared,
        record["sgf"].as_str().expect("sgf"),
        record["move_number"].as_u64().expect("move number") as u32,
    )
}

/// One dragon GNU Go was asked about.
#[allow(dead_code)] // each test crate reads the fields it needs
pub struct Candidate {
    /// Its record in `owl.jsonl.gz` (`origin`, `owl_attack`, `owl_defend`, …).
    pub result: Value,
    /// GNU Go's stones of the dragon.
    pub stones: Vec<Vertex>,
}

/// One public position with its owl candidates.
#[allow(dead_code)] // each test crate reads the fields it needs
pub struct Position {
    /// Its line in the file (the halves split on it).
    pub index: usize,
    /// Its record in `owl.jsonl.gz`.
    pub record: Value,
    /// The board.
    pub board: Board,
    /// The simple-ko point.
    pub ko: Option<Vertex>,
    /// The dragons GNU Go was asked about.
    pub candidates: Vec<Candidate>,
}

/// The public positions, every `step`-th one.
pub fn positions(shared: &Path, step: usize) -> Vec<Position> {
    let owl_text = testkit::read_text(&shared.join("expected/layers/owl.jsonl.gz"));
    let dragon_text = testkit::read_text(&shared.join("expected/layers/dragons.jsonl.gz"));
    owl_text
        .lines()
        .zip(dragon_text.lines())
        .enumerate()
        .step_by(step)
        .map(|(index, (owl_line, dragon_line))| {
            let record: Value = serde_json::from_str(owl_line).expect("owl json");
            let dragons: Value = serde_json::from_str(dragon_line).expect("dragon json");
            let (board, ko) = record_position(shared, &record);
            let geometry = board.geometry();
            let candidates = record["results"]
                .as_array()
                .expect("results")
                .iter()
                .map(|result| {
                    let dragon = dragons["dragons"]
                        .as_array()
                        .expect("dragons")
                        .iter()
                        .find(|d| d["origin"] == result["origin"])
                        .expect("the dragon of an owl candidate");
                    let stones = dragon["stones"]
                        .as_array()
                        .expect("stones")
                        .iter()
                        .map(|s| {
                            geometry
                                .parse_gtp(s.as_str().expect("stone"))
                                .expect("vertex")
                        })
                        .collect();
                    Candidate {
                        result: result.clone(),
                        stones,
                    }
                })
                .collect();
            Position {
                index,
                record,
                board,
                ko,
                candidates,
            }
        })
        .collect()
}
