//! The API's walk-through (`docs/api.md`, "A tournament, start to finish"), run as a
//! director runs it, so that it cannot rot: its `sh` blocks, in order, are one script run
//! by the real `bash`, with the real `curl` and `jq`, against the real service.
//!
//! Two lines are the test's own: the service's address and the first admin token (the
//! walk-through gets it from `./scripts/run token create`) are the test service's. Every
//! request must succeed: `curl` is run with `--fail-with-body`, and the script with
//! `set -euo pipefail`, so a refused request or a `jq` that finds nothing stops it.

use arbitre_tests::TestService;
use std::process::Stdio;

const SECTION: &str = "## A tournament, start to finish";
const ADDRESS: &str = "export ARBITRE=http://127.0.0.1:8080\n";
const FIRST_TOKEN: &str = "export TOKEN=$(./scripts/run token create --role admin)\n";

/// The `sh` blocks of the walk-through, in order.
fn walk_through() -> String {
    let document = include_str!("../../../docs/api.md");
    let start = document.find(SECTION).expect("the API's walk-through");
    let section = &document[start + SECTION.len()..];
    let section = &section[..section.find("\n## ").unwrap_or(section.len())];
    let mut script = String::new();
    let mut rest = section;
    while let Some(open) = rest.find("```sh\n") {
        let body = &rest[open + 6..];
        let close = body.find("```").expect("a closed block");
        script.push_str(&body[..close]);
        rest = &body[close + 3..];
    }
    assert!(!script.is_empty(), "the walk-through has sh blocks");
    script
}

#[tokio::test]
async fn the_api_walk_through_runs_as_written() {
    let service = TestService::start().await;
    let folder = tempfile::tempdir().unwrap();
    let script = walk_through();
    assert!(
        script.contains(ADDRESS) && script.contains(FIRST_TOKEN),
        "the walk-through says where the service and the first token are"
    );
    let script = script
        .replace(ADDRESS, &format!("export ARBITRE={}\n", service.base_url))
        .replace(
            FIRST_TOKEN,
            &format!("export TOKEN={}\n", service.admin_token),
        );
    let script = format!(
        "set -euo pipefail\n\
         curl() {{ command curl --fail-with-body \"$@\"; }}\n\
         {script}\
         printf '\\nT=%s\\n' \"$T\"\n"
    );
    let output = tokio::process::Command::new("bash")
        .arg("-c")
        .arg(&script)
        .current_dir(folder.path())
        .stdin(Stdio::null())
        .output()
        .await
        .expect("bash runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "the walk-through failed ({}):\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );

    // Where the walk-through ends: round 1 played, the files of the rating bodies saved.
    let tournament = stdout
        .lines()
        .find_map(|line| line.strip_prefix("T="))
        .expect("the tournament's id");
    let standings = service.api().anonymous().standings(tournament, "").await;
    assert_eq!(standings.items.len(), 5, "{standings:#?}");
    let h9 = std::fs::read(folder.path().join("Open-de-Lyon.h9")).unwrap();
    assert!(String::from_utf8_lossy(&h9).contains("EV[Open de Lyon]"));
    assert!(folder.path().join("Open-de-Lyon.tou").exists());
}
