//! `mkpat fmt [--check] FILE...`: rewrite databases in the canonical layout.
//! Files that GNU Go's names put in another language (`eyes.db`, `mc_*.db`)
//! are left alone, with a note.

use std::path::PathBuf;
use std::process::ExitCode;

use super::Global;

/// Rewrite databases in the canonical layout (files with parse errors are
/// left alone).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The databases.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Change nothing; list the files that are not formatted and exit 1.
    #[arg(long)]
    pub check: bool,
    /// Write the formatted text to standard output instead of the files.
    #[arg(long, conflicts_with = "check")]
    pub stdout: bool,
}

/// Runs the formatter.
pub fn run(args: Args, global: &Global) -> ExitCode {
    let (sources, mut diags) = match super::load(&args.files) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    // Only pattern databases have a canonical layout: eyes.db and mc_*.db
    // (known by GNU Go's file names) are left as they are.
    let mut stream = mkpat::parse::StreamState::default();
    let mut files = Vec::new();
    let mut paths = Vec::new();
    for (id, path) in sources.ids().zip(&args.files) {
        let language = mkpat::options::defaults_for_path(path).language;
        if language != mkpat::options::FileLanguage::Patterns {
            eprintln!(
                "mkpat: {} is not a pattern database ({} language); left as it is",
                path.display(),
                if language == mkpat::options::FileLanguage::Eyes {
                    "eyes.db"
                } else {
                    "mc_*.db"
                }
            );
            continue;
        }
        let parsed = mkpat::parse::parse_file_in_stream(&sources, id, &mut stream);
        diags.extend(parsed.diagnostics);
        files.push(parsed.file);
        paths.push(path);
    }
    let errors: Vec<_> = diags.iter().filter(|d| d.is_error()).cloned().collect();
    if !errors.is_empty() {
        let mut errors = errors;
        global.report(&sources, &mut errors);
        eprintln!("mkpat: not formatting: the input has errors");
        return ExitCode::from(1);
    }
    let mut unformatted = 0;
    for (file, path) in files.iter().zip(paths) {
        let formatted = mkpat::fmt::format_file(file);
        let original = &sources.file(file.file).text;
        if args.stdout {
            print!("{formatted}");
        } else if formatted != *original {
            if args.check {
                println!("{}", path.display());
                unformatted += 1;
            } else if let Err(err) = std::fs::write(path, formatted) {
                eprintln!("mkpat: cannot write {}: {err}", path.display());
                return ExitCode::from(2);
            }
        }
    }
    if unformatted > 0 {
        eprintln!("mkpat: {unformatted} file(s) need formatting");
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
