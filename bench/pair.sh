#!/usr/bin/env bash
# Whole-process speed of `arbitre pair`: a McMahon round of 500 and of 2,000 players.
#
#   bench/pair.sh [PLAYERS...]
#
# Writes synthetic OpenGotha files (bench/opengotha_tournament.py: three rounds played) and
# times `arbitre pair FILE --round 4`, process start, XML reading, standings, costs,
# matching and output included, best and median of 7 runs. OpenGotha takes 0.7–1.0 s for a
# 500-player round on our machine (its own Test_MM_500). Also run
# `cargo bench -p arbitre-core --bench pair` for the in-memory figure.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(500 2000)

cargo build --release --quiet -p arbitre-api
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for players in "${sizes[@]}"; do
    python3 bench/opengotha_tournament.py "$players" > "$work/$players.xml"
done

python3 - "$target/release/arbitre" "$work" "${sizes[@]}" <<'PYTHON'
import subprocess, sys, time
binary, work, sizes = sys.argv[1], sys.argv[2], sys.argv[3:]
for players in sizes:
    runs = []
    for attempt in range(7):
        started = time.perf_counter()
        run = subprocess.run([binary, "pair", f"{work}/{players}.xml", "--round", "4"],
                             capture_output=True, text=True, check=True)
        runs.append(time.perf_counter() - started)
    tables = len(run.stdout.splitlines()) - 1
    runs.sort()
    print(f"{players} players ({tables} tables): best {runs[0]:.3f} s, median {runs[len(runs) // 2]:.3f} s")
PYTHON
