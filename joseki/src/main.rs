//! `joseki PREFIX FILE.sgf`: writes the `.db` patterns of a joseki SGF file
//! to standard output, diagnostics to standard error.

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 3 {
        eprintln!("Usage: joseki PREFIX FILE.sgf");
        return ExitCode::FAILURE;
    }
    let (prefix, path) = (&args[1], &args[2]);
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            eprintln!("joseki: couldn't open sgf file {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut stdout = std::io::stdout().lock();
    match joseki::sgf_to_db(prefix, &text) {
        Ok(conversion) => {
            for warning in &conversion.warnings {
                eprintln!("joseki: {path}: {warning}");
            }
            if let Err(e) = stdout.write_all(conversion.text.as_bytes()) {
                eprintln!("joseki: writing output: {e}");
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            if let joseki::ConvertError::IllegalMove { output, .. } = &error {
                let _ = stdout.write_all(output.as_bytes());
            }
            eprintln!("joseki: {path}: error: {error}");
            ExitCode::FAILURE
        }
    }
}
