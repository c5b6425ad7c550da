//! The `mkpat` command-line tool: `check`, `fmt`, `lint` and the subcommands
//! registered in [`cli`].

mod cli;

/// mimalloc: allocation is about a fifth of a compile's instructions with
/// the system allocator (see `benches/compile_mimalloc.rs`).
#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    cli::main()
}
