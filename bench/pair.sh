#!/usr/bin/env bash
# Whole-process speed of `arbitre pair` on McMahon rounds of 500 to 2,000 players, side by side
# with OpenGotha's own engine when its oracle is on the machine.
#
#   bench/pair.sh [PLAYERS...]                          (default: 500 600 1000 2000)
#   OPENGOTHA_ORACLE=path/to/opengotha-oracle/run.sh bench/pair.sh
#
# Writes synthetic OpenGotha files (bench/opengotha_tournament.py: three rounds played, every
# OpenGotha parameter set, so that OpenGotha opens them too) and times
# `arbitre pair FILE --round 4`: process start, XML reading, standings, costs, matching and
# output included, best and median of 7 runs. With OPENGOTHA_ORACLE set to the oracle's
# `run.sh` (a tool outside this repository that drives OpenGotha's jar), each round is also
# paired by OpenGotha in a warm JVM (`time-pair --repeat 4`, the median after the first run)
# right after, and the ratio is printed: the goal is at most a tenth of OpenGotha's engine
# time. Also run `cargo bench -p arbitre-core --bench pair` for the in-memory figure.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(500 600 1000 2000)

cargo build --release --quiet -p arbitre-api
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for players in "${sizes[@]}"; do
    python3 bench/opengotha_tournament.py "$players" > "$work/$players.xml"
done

python3 - "$target/release/arbitre" "$work" "${OPENGOTHA_ORACLE:-}" "${sizes[@]}" <<'PYTHON'
import os, re, subprocess, sys, time
binary, work, oracle, sizes = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
if oracle and not os.access(oracle, os.X_OK):
    print(f"OPENGOTHA_ORACLE={oracle} is not executable: OpenGotha not timed")
    oracle = ""
for players in sizes:
    path = f"{work}/{players}.xml"
    runs = []
    for attempt in range(7):
        started = time.perf_counter()
        run = subprocess.run([binary, "pair", path, "--round", "4"],
                             capture_output=True, text=True, check=True)
        runs.append(time.perf_counter() - started)
    tables = len(run.stdout.splitlines()) - 1
    runs.sort()
    line = f"{players} players ({tables} tables): arbitre best {runs[0]:.3f} s, median {runs[len(runs) // 2]:.3f} s"
    if oracle:
        timed = subprocess.run([oracle, "time-pair", path, "4", "--repeat", "4"],
                               capture_output=True, text=True, check=True)
        median = re.search(r"medianAfterFirst=([0-9.]+)", timed.stdout)
        if median:
            engine = float(median.group(1)) / 1000
            line += f"; OpenGotha engine {engine:.3f} s: arbitre takes {runs[len(runs) // 2] / engine:.2f} of it"
    print(line, flush=True)
PYTHON
