//! Fuzzes a GTP session: random bytes as command lines (invalid UTF-8,
//! huge lines, any command with any arguments) through `gtp::serve` on a
//! session without databases. Every line must be answered and nothing may
//! panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

use gtp::session::{Session, SgfFiles};

fuzz_target!(|data: &[u8]| {
    let mut session = Session::new(&SgfFiles, Session::default_rules());
    let mut out = Vec::new();
    // Small boards keep the engine's analysis quick.
    let mut input = b"boardsize 7\n".to_vec();
    input.extend_from_slice(data);
    gtp::serve(&mut session, &input[..], &mut out).expect("writing to memory never fails");
    let text = String::from_utf8(out).expect("answers are UTF-8");
    assert!(text.is_empty() || text.ends_with("\n\n"));
});
