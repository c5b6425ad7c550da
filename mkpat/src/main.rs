//! The `mkpat` command-line tool: `check`, `fmt`, `lint` and the subcommands
//! registered in [`cli`].

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
