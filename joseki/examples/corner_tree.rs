//! Callgrind driver for the corner database: `corner_tree STAGE` converts
//! GNU Go's seven joseki SGF files (stage 0), builds the corner variation
//! tree (stage 1), loads the 19×19 public positions (stage 2) and matches
//! each for both colours (stage 3). Differences between the instruction
//! counts of successive stages give the cost of each step. Needs the corpus.

use matcher::board::{Color, PackedBoard, Point};
use matcher::corner::CornerDb;

fn main() {
    let stage: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    let Some(shared) = testkit::shared_dir() else {
        return;
    };
    let dir = testkit::gnugo_patterns_dir(&shared);
    let mut specs = Vec::new();
    for (name, prefix) in mkpat::codegen::gnugo_build::JOSEKI_SOURCES {
        let text = testkit::read_text(&dir.join(format!("{name}.sgf")));
        let conversion = joseki::sgf_to_db(prefix, &text).expect("corpus converts");
        specs.extend(joseki::corner_specs::corner_patterns(&conversion));
    }
    if stage == 0 {
        println!("{} patterns", specs.len());
        return;
    }
    let db = CornerDb::build(specs);
    if stage == 1 {
        println!("{} variations", db.variations.len());
        return;
    }
    let text = testkit::read_text(&testkit::expected_dir(&shared).join("matches/positions.json"));
    let json: serde_json::Value = serde_json::from_str(&text).expect("positions.json");
    let mut boards = Vec::new();
    for position in json.as_object().expect("object").values() {
        if position["board_size"] != 19 {
            continue;
        }
        let mut board = PackedBoard::new(19).expect("19x19");
        for (i, row) in position["board"]
            .as_array()
            .expect("rows")
            .iter()
            .enumerate()
        {
            for (j, c) in row.as_str().unwrap_or("").chars().enumerate() {
                match c {
                    'X' => board.set(Point::new(i as u8, j as u8), Color::Black.stone()),
                    'O' => board.set(Point::new(i as u8, j as u8), Color::White.stone()),
                    _ => {}
                }
            }
        }
        boards.push(board);
    }
    if stage == 2 {
        println!("{} boards", boards.len());
        return;
    }
    let matches: usize = boards
        .iter()
        .map(|b| db.find_matches(b, Color::Black).len() + db.find_matches(b, Color::White).len())
        .sum();
    println!("{} boards, {matches} corner matches", boards.len());
}
