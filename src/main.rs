//! The `tesuji` command-line tool (see [`tesuji::cli`]).

use std::process::ExitCode;

use clap::Parser;
use tesuji::cli::CliError;

fn main() -> ExitCode {
    let cli = tesuji::cli::Cli::parse();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match tesuji::cli::run(cli, &mut out) {
        Ok(()) | Err(CliError::BrokenPipe) => ExitCode::SUCCESS,
        Err(CliError::Message(message)) => {
            drop(out);
            eprintln!("tesuji: {message}");
            ExitCode::FAILURE
        }
    }
}
