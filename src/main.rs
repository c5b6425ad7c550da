//! The `tesuji` command-line tool: one module per subcommand under
//! [`cli`]. The crate is only this binary: what the subcommands compute
//! is the library crates' (`engine::front`, `loader`, `sgf`, …).

#![forbid(unsafe_code)]

mod cli;

use std::process::ExitCode;

use clap::Parser;
use cli::CliError;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match cli::run(cli, &mut out) {
        Ok(()) | Err(CliError::BrokenPipe) => ExitCode::SUCCESS,
        Err(CliError::Message(message)) => {
            drop(out);
            eprintln!("tesuji: {message}");
            ExitCode::FAILURE
        }
    }
}
