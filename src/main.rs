//! The `tesuji` command-line tool.

fn main() {
    eprintln!("tesuji: not implemented yet");
    std::process::exit(2);
}
