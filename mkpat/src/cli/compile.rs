//! `mkpat compile [GNU Go mkpat options] PREFIX -i in.db [-i in2.db] [-o out.rs]`:
//! compile databases into a Rust module (tables plus one function per
//! constraint/action), the way GNU Go's `mkpat` writes C. `--check` only
//! tells whether the file named by `-o` is up to date: exit status 0 when
//! it is, 1 when it is stale or missing, 2 on errors. With GNU Go's `-d N`
//! the `.dtr` file is optimised instead ([`super::optimise`]).

use std::path::Path;
use std::process::ExitCode;

use mkpat::codegen::driver::build;
use mkpat::options::parse_mkpat_args;

use super::Global;

/// Compile pattern databases into a Rust module. Takes GNU Go's mkpat
/// options: [-b|-X|-O] [-c|-C|-D -m -t F.dtr] [-a] PREFIX -i in.db [-i in2.db] [-o out.rs].
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Do not write: exit 0 if the `-o` file equals what would be generated,
    /// 1 if it is stale or missing.
    #[arg(long)]
    pub check: bool,
    /// The GNU Go mkpat command line.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, required = true)]
    pub mkpat_args: Vec<String>,
}

/// Runs the compilation.
pub fn run(args: Args, global: &Global) -> ExitCode {
    // GNU Go's `-d N` mode optimises the `.dtr` file instead of compiling.
    if parse_mkpat_args(&args.mkpat_args).is_ok_and(|p| p.options.optimize_iterations.is_some()) {
        return super::optimise::run_gnugo(&args.mkpat_args, global);
    }
    let built = match build(&args.mkpat_args, Path::new(".")) {
        Ok(built) => built,
        Err(errors) => {
            for error in errors {
                eprintln!("{error}");
            }
            return ExitCode::from(2);
        }
    };
    for warning in &built.warnings {
        eprintln!("{warning}");
    }
    let rust = match built.rust() {
        Ok(rust) => rust,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::from(2);
        }
    };
    let output = built.options.output.as_deref();
    if args.check {
        let Some(output) = output else {
            eprintln!("mkpat compile --check: name the generated file with -o");
            return ExitCode::from(2);
        };
        return match std::fs::read_to_string(output) {
            Ok(existing) if existing == rust => ExitCode::SUCCESS,
            Ok(_) => {
                eprintln!("{output} is stale: regenerate it with the same mkpat command");
                ExitCode::from(1)
            }
            Err(e) => {
                eprintln!("{output}: {e}");
                ExitCode::from(1)
            }
        };
    }
    let written = match output {
        Some(output) => std::fs::write(output, &rust).map_err(|e| format!("{output}: {e}")),
        None => {
            use std::io::Write;
            std::io::stdout()
                .write_all(rust.as_bytes())
                .map_err(|e| format!("stdout: {e}"))
        }
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mkpat: {e}");
            ExitCode::from(2)
        }
    }
}

/// GNU Go's form `mkpat [options] PREFIX -i in.db -o out.rs` has no
/// subcommand: when the first argument is neither a subcommand nor a `--`
/// option, `compile` is implied.
pub fn gnugo_style_args(
    args: impl IntoIterator<Item = std::ffi::OsString>,
) -> Vec<std::ffi::OsString> {
    let mut args: Vec<_> = args.into_iter().collect();
    let command = <super::Cli as clap::CommandFactory>::command();
    let implied = args.get(1).and_then(|a| a.to_str()).is_some_and(|first| {
        !first.starts_with("--")
            && first != "-h"
            && first != "-V"
            && !command
                .get_subcommands()
                .any(|s| s.get_name() == first || s.get_all_aliases().any(|a| a == first))
            && first != "help"
    });
    if implied {
        args.insert(1, "compile".into());
    }
    args
}
