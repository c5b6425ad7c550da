//! Command-line structure: global options, the subcommand table, and helpers
//! shared by subcommands (loading files, printing diagnostics).
//!
//! Adding a subcommand: write `cli/NAME.rs` with `pub struct Args`
//! (`#[derive(clap::Args)]`, its doc comment is the help text) and
//! `pub fn run(args: Args, global: &Global) -> ExitCode`, then add one line
//! `Name => name,` to the [`subcommands!`] list below.

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use mkpat::diag::{Diagnostic, Severity};
use mkpat::source::SourceSet;

macro_rules! subcommands {
    ($($variant:ident => $module:ident,)*) => {
        $(mod $module;)*

        /// The subcommands.
        #[derive(clap::Subcommand, Debug)]
        enum Command {
            $(
                #[allow(missing_docs)]
                $variant($module::Args),
            )*
        }

        fn dispatch(command: Command, global: &Global) -> ExitCode {
            match command {
                $(Command::$variant(args) => $module::run(args, global),)*
            }
        }
    };
}

subcommands! {
    Check => check,
    Compile => compile,
    Dump => dump,
    Fmt => fmt,
    Lint => lint,
    Lsp => lsp,
    Optimise => optimise,
    Render => svg,
}

/// GNU Go pattern database compiler: check, format and lint `.db` files.
#[derive(Parser, Debug)]
#[command(name = "mkpat", version)]
struct Cli {
    #[command(flatten)]
    global: Global,
    #[command(subcommand)]
    command: Command,
}

/// Options every subcommand understands.
#[derive(clap::Args, Debug, Clone)]
pub struct Global {
    /// How diagnostics are written: `auto` is `fancy` on a terminal and
    /// `plain` otherwise (or when NO_COLOR is set); `json` writes one JSON
    /// array to standard output.
    #[arg(long, global = true, value_enum, default_value_t = Format::Auto)]
    pub format: Format,
}

/// Diagnostic output formats.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Fancy on a terminal without NO_COLOR, plain otherwise.
    Auto,
    /// miette's graphical report.
    Fancy,
    /// `file:line:col: error[CODE]: message`, the line, a caret and the hint.
    Plain,
    /// A JSON array on standard output.
    Json,
}

/// Entry point of the binary.
pub fn main() -> ExitCode {
    let cli = Cli::parse_from(compile::gnugo_style_args(std::env::args_os()));
    dispatch(cli.command, &cli.global)
}

impl Global {
    /// The concrete format (resolving `auto`) and whether to use colour.
    fn resolved(&self) -> (Format, bool) {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let tty = std::io::stderr().is_terminal();
        match self.format {
            Format::Auto if tty && !no_color => (Format::Fancy, true),
            Format::Auto => (Format::Plain, false),
            Format::Fancy => (Format::Fancy, tty && !no_color),
            other => (other, false),
        }
    }

    /// Prints diagnostics (sorted) and a summary; returns the number of errors.
    pub fn report(&self, sources: &SourceSet, diags: &mut [Diagnostic]) -> usize {
        mkpat::diag::sort(diags);
        let errors = diags
            .iter()
            .filter(|d| d.severity() == Severity::Error)
            .count();
        let warnings = diags
            .iter()
            .filter(|d| d.severity() == Severity::Warning)
            .count();
        let lints = diags.len() - errors - warnings;
        let (format, color) = self.resolved();
        match format {
            Format::Json => {
                let value = mkpat::render::json(sources, diags);
                println!(
                    "{}",
                    serde_json::to_string_pretty(&value).unwrap_or_default()
                );
            }
            Format::Fancy => {
                for diag in diags.iter() {
                    eprint!("{}", mkpat::render::fancy(sources, diag, color));
                }
            }
            _ => {
                for diag in diags.iter() {
                    eprint!("{}", mkpat::render::plain(sources, diag));
                }
            }
        }
        if format != Format::Json && !diags.is_empty() {
            let mut parts = vec![plural(errors, "error"), plural(warnings, "warning")];
            if lints > 0 {
                parts.push(plural(lints, "lint"));
            }
            eprintln!("mkpat: {}", parts.join(", "));
        }
        errors
    }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Reads files into a source set; unreadable files are reported and make
/// the result `Err`. Invalid UTF-8 is replaced (with a warning).
pub fn load(paths: &[std::path::PathBuf]) -> Result<(SourceSet, Vec<Diagnostic>), ExitCode> {
    let mut sources = SourceSet::new();
    let mut diags = Vec::new();
    for path in paths {
        match std::fs::read(path) {
            Ok(bytes) => {
                let (id, replaced) = sources.add_bytes(path.display().to_string(), bytes);
                if replaced {
                    diags.push(mkpat::parse::invalid_utf8(&sources, id));
                }
            }
            Err(err) => {
                eprintln!("mkpat: cannot read {}: {err}", path.display());
                return Err(ExitCode::from(2));
            }
        }
    }
    Ok((sources, diags))
}
