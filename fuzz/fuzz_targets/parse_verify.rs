#![no_main]

use arbitre_core::verify::{preset_of, verify, VerifyOptions};
use libfuzzer_sys::fuzz_target;

// Hostile bytes through the whole `arbitre verify` path: reading (single games and
// collections) and replaying under the record's own rules, with and without implicit passes.
fuzz_target!(|bytes: &[u8]| {
    if let Ok(record) = arbitre_core::sgf::parse(bytes) {
        let rules = preset_of(&record).rules();
        let _ = verify(&record, rules, VerifyOptions::default());
        let _ = verify(
            &record,
            rules,
            VerifyOptions {
                implicit_passes: true,
            },
        );
    }
    let _ = arbitre_core::sgf::parse_collection(bytes);
});
