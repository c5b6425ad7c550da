//! Converts GNU Go's seven joseki SGF files once (a small driver for
//! `valgrind --tool=callgrind` instruction counts). Needs the corpus.

fn main() {
    let Some(shared) = testkit::shared_dir() else {
        return;
    };
    let dir = testkit::gnugo_patterns_dir(&shared);
    let mut total = 0;
    for (name, prefix) in [
        ("gogo", "JG"),
        ("hoshi_keima", "JHK"),
        ("hoshi_other", "JHO"),
        ("komoku", "JK"),
        ("sansan", "JS"),
        ("mokuhazushi", "JM"),
        ("takamoku", "JT"),
    ] {
        let text = testkit::read_text(&dir.join(format!("{name}.sgf")));
        total += joseki::sgf_to_db(prefix, &text)
            .expect("corpus converts")
            .patterns
            .len();
    }
    println!("{total} patterns");
}
