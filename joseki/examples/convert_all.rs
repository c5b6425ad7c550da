//! Converts GNU Go's seven joseki SGF files once (a small driver for
//! `valgrind --tool=callgrind` instruction counts). Needs the corpus.

use mkpat::codegen::gnugo_build::JOSEKI_SOURCES;

fn main() {
    let Some(shared) = testkit::shared_dir() else {
        return;
    };
    let dir = testkit::gnugo_patterns_dir(&shared);
    let mut total = 0;
    for (name, prefix) in JOSEKI_SOURCES {
        let text = testkit::read_text(&dir.join(format!("{name}.sgf")));
        total += joseki::sgf_to_db(prefix, &text)
            .expect("corpus converts")
            .patterns
            .len();
    }
    println!("{total} patterns");
}
