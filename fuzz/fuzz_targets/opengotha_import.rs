#![no_main]

use arbitre_core::export::opengotha;
use libfuzzer_sys::fuzz_target;

// Hostile bytes through the OpenGotha upload (`POST /tournaments/import`, the dashboard's
// import): the reader refuses them with a line, or reads a tournament that the standings
// take and the OpenGotha export writes back to a file the reader reads again.
fuzz_target!(|bytes: &[u8]| {
    let Ok(tournament) = opengotha::import(bytes) else {
        return;
    };
    let _ = arbitre_core::standings::compute(&tournament, tournament.rounds);
    if let Ok(file) = opengotha::export(&tournament) {
        assert!(
            opengotha::import(file.as_bytes()).is_ok(),
            "an exported file is read again"
        );
    }
});
