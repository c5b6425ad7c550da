//! `mkpat dump [--json] [--plain] [GNU Go mkpat options] -i FILE ... [PREFIX]`:
//! compile databases and show the compiled form, as JSON in the layout of
//! GNU Go's expected dumps or as text for pattern authors. `--eyes FILE`
//! and `--mc FILE` dump `eyes.db` and `mc_*.db` instead ([`line_languages`]).

mod line_languages;

use std::process::ExitCode;

use mkpat::dump::{compile_inputs, json::db_json, text::render_db};
use mkpat::options::parse_mkpat_args;

use super::Global;

/// Show compiled patterns: diagram with anchor and move, extents, classes,
/// attributes, labels, cost, stored elements and grid masks, and for `-C`
/// the corner variation tree as an indented tree (text), or
/// every field of GNU Go's compiled tables (`--json`). Takes GNU Go's mkpat
/// options: [-b|-X|-O] [-m] [-a] [-p|-c|-C|-D -t F.dtr] PREFIX -i in.db ... [-o out].
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Write JSON with the field names of GNU Go's expected mkpat dumps.
    #[arg(long)]
    pub json: bool,
    /// Ignore `goal_elements` and `callback_data` (keep every element), as in
    /// the "plain" expected dumps.
    #[arg(long)]
    pub plain: bool,
    /// Dump this `eyes.db` (eye-space graphs) instead of `.db` patterns.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["mc", "plain"])]
    pub eyes: Option<std::path::PathBuf>,
    /// Dump these `mc_*.db` (Monte-Carlo 3x3 weights) instead of `.db`
    /// patterns; repeatable.
    #[arg(long, value_name = "FILE", conflicts_with = "plain")]
    pub mc: Vec<std::path::PathBuf>,
    /// The GNU Go mkpat command line.
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        required_unless_present_any = ["eyes", "mc"],
        conflicts_with_all = ["eyes", "mc"]
    )]
    pub mkpat_args: Vec<String>,
}

/// Runs the dump.
pub fn run(args: Args, global: &Global) -> ExitCode {
    if let Some(eyes) = &args.eyes {
        return line_languages::run(line_languages::Request::Eyes(eyes), args.json, global);
    }
    if !args.mc.is_empty() {
        return line_languages::run(line_languages::Request::Mc(&args.mc), args.json, global);
    }
    let parsed = match parse_mkpat_args(&args.mkpat_args) {
        Ok(parsed) => parsed,
        Err(error) => {
            eprintln!("mkpat: {error}");
            return ExitCode::from(2);
        }
    };
    for warning in &parsed.warnings {
        eprintln!("mkpat: {warning}");
    }
    let mut options = parsed.options;
    if options.prefix.is_none() {
        options.prefix = Some("pat".into());
    }
    let run = match compile_inputs(&options, args.plain) {
        Ok(run) => run,
        Err(error) => {
            eprintln!("mkpat: {error}");
            return ExitCode::from(2);
        }
    };
    let mut diagnostics = run.diagnostics();
    let errors = global.report(&run.sources, &mut diagnostics);
    let db = &run.compilation.db;
    let text = if args.json {
        let command = format!("mkpat {}", args.mkpat_args.join(" "));
        let value = db_json(db, &options.inputs, &command);
        serde_json::to_string_pretty(&value).unwrap_or_default() + "\n"
    } else {
        render_db(db)
    };
    let written = match &options.output {
        Some(path) => {
            std::fs::write(path, &text).map_err(|e| format!("Cannot write to file {path}: {e}"))
        }
        None => {
            use std::io::Write;
            std::io::stdout()
                .write_all(text.as_bytes())
                .map_err(|e| format!("stdout: {e}"))
        }
    };
    if let Err(error) = written {
        eprintln!("mkpat: {error}");
        return ExitCode::from(2);
    }
    if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
