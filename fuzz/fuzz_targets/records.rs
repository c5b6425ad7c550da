//! Fuzz target: any text, read as KataGo rule records (`tesuji rules
//! replay`) and as Pgx trace records (`tesuji env replay`), must give
//! either results or a located error, never a panic. Records that read
//! cleanly are replayed in full.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Each line on its own, as `tesuji rules replay` reads them.
    for (k, line) in text.lines().enumerate() {
        if let Ok(record) = rules::cases::parse_record(line, k + 1) {
            let _ = rules::cases::replay(&record, rules::cases::Spelling::Primary);
            let _ = rules::cases::replay(&record, rules::cases::Spelling::Alternative);
        }
    }
    let mut sink = Vec::new();
    let _ = goenv::replay::replay_reader(text.as_bytes(), &mut sink, &mut |_| {});
});
