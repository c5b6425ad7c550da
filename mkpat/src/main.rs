//! The `mkpat` command-line tool.

fn main() {
    eprintln!("mkpat: not implemented yet");
    std::process::exit(2);
}
