#!/usr/bin/env bash
# End-to-end speed of `arbitre verify` on real 19×19 games, one core, beside sgfmill.
#
#   bench/verify.sh [COPIES]
#
# Copies the real games of core/tests/data COPIES times (default 40) into a temporary folder, then
# times `arbitre verify --jobs 1` (SGF text to verdict, file reading included) and
# sgfmill replaying the same files. Also run `cargo bench -p arbitre-core --bench verify`
# for the in-memory figure.
set -euo pipefail
cd "$(dirname "$0")/.."
copies="${1:-40}"
corpus="core/tests/data/real-games"
target="${CARGO_TARGET_DIR:-target}"
[ -d "$corpus" ] || { echo "missing $corpus" >&2; exit 2; }

cargo build --release --quiet -p arbitre-api
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for copy in $(seq 1 "$copies"); do
    mkdir -p "$work/$copy"
    cp "$corpus"/*.sgf "$work/$copy/"
done

python3 - "$target/release/arbitre" "$work" <<'PYTHON'
import subprocess, sys, time
runs, summary = [], ""
for attempt in range(7):
    started = time.perf_counter()
    run = subprocess.run([sys.argv[1], "verify", "--jobs", "1", sys.argv[2]], capture_output=True, text=True)
    runs.append(time.perf_counter() - started)
    summary = run.stdout.strip().splitlines()[-1]
turns = int(summary.split(" turns")[0].split()[-1])
runs.sort()
best, median = runs[0], runs[len(runs) // 2]
print(f"arbitre verify --jobs 1: {summary}")
print(f"arbitre: {turns} turns in {best:.4f} s (best of 7) = {turns / best:,.0f} moves/s on one core; "
      f"median {median:.4f} s = {turns / median:,.0f} moves/s")
PYTHON

if python3 -c 'import sgfmill' 2>/dev/null || pip install --quiet sgfmill 2>/dev/null; then
    python3 bench/sgfmill_replay.py "$work"
else
    echo "sgfmill unavailable (pip install sgfmill)"
fi
