//! `mkpat optimise --iterations N -t FILE.dtr [GNU Go mkpat options] -i in.db ...`
//! and GNU Go's own form `mkpat -d N -t FILE.dtr -D -m -b -i in.db`: choose
//! each DFA pattern's orientation to shrink the automaton and rewrite the
//! `.dtr` file (compilation.md §14.5). No Rust is generated.

use std::io::IsTerminal;
use std::process::ExitCode;

use mkpat::compile::CompileOptions;
use mkpat::compile::dfa::hints::TransformationHints;
use mkpat::compile::dfa::optimise::{
    DtrStyle, Step, chosen_strings, dtr_text, optimise, state_count, variations,
};
use mkpat::dump::compile_with;
use mkpat::ir::DbType;
use mkpat::options::parse_mkpat_args;

use super::Global;

/// Steps from which a progress bar is drawn (on a terminal).
const PROGRESS_BAR_FROM: u32 = 20;

/// Optimise a `.dtr` transformation-hint file: starting from its hints (the
/// shortest pattern string where a pattern has none), run N randomised
/// steps that re-orient a few patterns and keep the change when the DFA gets
/// fewer states, then rewrite the file as `NAME<TAB>INDEX` lines. Takes GNU
/// Go's mkpat options: [-d N] -t F.dtr [-m] [-b|-X|-O] [-a] -i in.db ...
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Number of improvement steps (GNU Go's `-d N`; one of the two is needed).
    #[arg(long, value_name = "N")]
    pub iterations: Option<u32>,
    /// Seed of the random generator; the default is the starting state count
    /// plus the number of patterns, so equal inputs give equal files.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Write transformation numbers (what the compiler reads a hint as)
    /// instead of GNU Go's list positions; they differ only for
    /// `O`-symmetric patterns.
    #[arg(long)]
    pub transformation_numbers: bool,
    /// The GNU Go mkpat command line.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, required = true)]
    pub mkpat_args: Vec<String>,
}

/// Runs the subcommand.
pub fn run(args: Args, global: &Global) -> ExitCode {
    let style = if args.transformation_numbers {
        DtrStyle::Transformations
    } else {
        DtrStyle::Index
    };
    optimise_dtr(&args.mkpat_args, args.iterations, args.seed, style, global)
}

/// GNU Go's form: a `-d N` command line (given to `compile`).
pub fn run_gnugo(mkpat_args: &[String], global: &Global) -> ExitCode {
    optimise_dtr(mkpat_args, None, None, DtrStyle::Index, global)
}

fn optimise_dtr(
    mkpat_args: &[String],
    iterations: Option<u32>,
    seed: Option<u64>,
    style: DtrStyle,
    global: &Global,
) -> ExitCode {
    let parsed = match parse_mkpat_args(mkpat_args) {
        Ok(parsed) => parsed,
        Err(error) => {
            eprintln!("mkpat: {error}");
            return ExitCode::from(2);
        }
    };
    for warning in &parsed.warnings {
        eprintln!("mkpat: {warning}");
    }
    let options = parsed.options;
    let Some(iterations) = iterations.or(options.optimize_iterations) else {
        eprintln!("mkpat optimise: give the number of steps (--iterations N or -d N)");
        return ExitCode::from(2);
    };
    let Some(dtr) = options.dtr.clone() else {
        eprintln!("mkpat: transformation file required (use -t option)");
        return ExitCode::from(2);
    };
    // A missing file is an empty one: every pattern starts from its
    // shortest string.
    let hints = match std::fs::read_to_string(&dtr) {
        Ok(text) => match TransformationHints::parse(&text) {
            Ok(hints) => hints,
            Err(error) => {
                eprintln!("mkpat: {dtr}: {error}");
                return ExitCode::from(2);
            }
        },
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => TransformationHints::none(),
        Err(error) => {
            eprintln!("mkpat: Cannot read file {dtr}: {error}");
            return ExitCode::from(2);
        }
    };
    let mut compile_options = CompileOptions::from_mkpat(&options);
    compile_options.db_type = DbType::Dfa;
    compile_options.build_automaton = false;
    let run = match compile_with(
        &options.inputs,
        &compile_options,
        &TransformationHints::none(),
    ) {
        Ok(run) => run,
        Err(error) => {
            eprintln!("mkpat: {error}");
            return ExitCode::from(2);
        }
    };
    let mut diagnostics = run.diagnostics();
    if global.report(&run.sources, &mut diagnostics) > 0 {
        eprintln!("mkpat: {dtr} not written");
        return ExitCode::from(1);
    }
    let patterns = match variations(&run.compilation.db) {
        Ok(patterns) => patterns,
        Err(error) => {
            eprintln!("mkpat: {error}");
            return ExitCode::from(2);
        }
    };
    let start: Vec<usize> = patterns
        .iter()
        .map(|p| p.starting_variation(&hints))
        .collect();
    let initial = state_count(&chosen_strings(&patterns, &start));
    let seed = seed.unwrap_or((initial + patterns.len()) as u64);
    eprintln!("Original number of DFA states: {initial}");
    eprintln!("Trying to optimize in {iterations} iterations (seed {seed})");

    let bar = (iterations >= PROGRESS_BAR_FROM && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new(u64::from(iterations));
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} steps, {msg} [{elapsed} < {eta}]",
        ) {
            bar.set_style(style);
        }
        bar.set_message(format!("{initial} states"));
        bar
    });
    let mut best = initial;
    let result = optimise(&patterns, start, iterations, seed, |step: &Step| {
        if step.improved {
            let line = format!(
                "Optimized: {best} => {} states ({} iterations left)",
                step.best_states,
                iterations - step.step
            );
            best = step.best_states;
            match &bar {
                Some(bar) => bar.println(line),
                None => eprintln!("{line}"),
            }
        }
        if let Some(bar) = &bar {
            bar.set_message(format!("{} states", step.best_states));
            bar.inc(1);
        }
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    eprintln!(
        "Total optimization result: {} => {} states",
        result.initial_states, result.final_states
    );
    let text = dtr_text(&patterns, &result.chosen, style);
    if let Err(error) = std::fs::write(&dtr, text) {
        eprintln!("error : cannot write to file {dtr}: {error}");
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}
