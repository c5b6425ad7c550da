//! The corpus compile benchmark of `compile.rs`, run with mimalloc as the
//! global allocator: the allocator experiment. Same measurements and the
//! same `MKPAT_BENCH_ONCE=1` driver (callgrind toggle
//! `*parse_and_compile`); criterion group `corpus_mimalloc`.

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[path = "compile.rs"]
mod corpus;

fn main() {
    corpus::run("corpus_mimalloc");
}
