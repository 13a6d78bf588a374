#!/usr/bin/env bash
# Whole-process speed of `arbitre pair` on rounds of 500 to 2,000 players, side by side with
# OpenGotha's own engine when its oracle is on the machine.
#
#   bench/pair.sh [PLAYERS | FILE.xml:ROUND ...]     (default: 500 520 600 1000 2000)
#   OPENGOTHA_ORACLE=path/to/opengotha-oracle/run.sh bench/pair.sh
#   OPENGOTHA_REPOSITORY=path/to/opengotha bench/pair.sh
#   ARBITRE=path/to/arbitre bench/pair.sh              (another build; default: a release build of this checkout)
#
# A number writes a synthetic McMahon file of that many players (bench/opengotha_tournament.py:
# three rounds played, every OpenGotha parameter set, so that OpenGotha opens it too) whose
# round 4 is timed; FILE.xml:ROUND times that round of a file of your own. With
# OPENGOTHA_REPOSITORY set to a clone of OpenGotha's public repository (history included),
# two of its test files are added, taken from its history into a temporary folder (they are
# OpenGotha's, GPL, and never copied into this repository): round 5 of its 2,000-player
# `T2000.xml` (commit daa61ec, five groups) and rounds 2, 6 and 10 of
# `egc2011EssaiLuc.xml` (commit de256cc: a European Go Congress rehearsal, 658, 570 and
# 504 players).
#
# Each round is timed as `arbitre pair FILE --round N`: process start, XML reading,
# standings, costs, matching and output included, best and median of 7 runs. With
# OPENGOTHA_ORACLE set to the oracle's `run.sh` (a tool outside this repository that drives
# OpenGotha's jar), each round is also paired by OpenGotha in a warm JVM
# (`time-pair --repeat 4`, the median after the first run) right after, and the ratio is
# printed: the goal is at most a tenth of OpenGotha's engine time. The load average is
# printed before and after. Also run `cargo bench -p arbitre-core --bench pair` for the
# in-memory figure.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(500 520 600 1000 2000)

binary="${ARBITRE:-}"
if [ -z "$binary" ]; then
    cargo build --release --quiet -p arbitre-api
    binary="$target/release/arbitre"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
rounds=()
for case in "${cases[@]}"; do
    if [[ "$case" == *:* ]]; then
        rounds+=("$case")
    else
        python3 bench/opengotha_tournament.py "$case" > "$work/$case.xml"
        rounds+=("$work/$case.xml:4")
    fi
done
if [ -n "${OPENGOTHA_REPOSITORY:-}" ]; then
    show() { git -C "$OPENGOTHA_REPOSITORY" show "$1"; }
    show daa61ec:tournamentfiles/T2000.xml > "$work/T2000.xml"
    show de256cc:tournamentfiles/egc2011EssaiLuc.xml > "$work/egc2011EssaiLuc.xml"
    # Its DOCTYPE names the DTD beside it, which OpenGotha's parser reads.
    show 80d8f52:distribution/tournamentfiles/tournament.dtd > "$work/tournament.dtd"
    rounds+=("$work/T2000.xml:5" "$work/egc2011EssaiLuc.xml:2" "$work/egc2011EssaiLuc.xml:6"
        "$work/egc2011EssaiLuc.xml:10")
fi

python3 - "$binary" "${OPENGOTHA_ORACLE:-}" "${rounds[@]}" <<'PYTHON'
import os, re, subprocess, sys, time
binary, oracle, rounds = sys.argv[1], sys.argv[2], sys.argv[3:]
if oracle and not os.access(oracle, os.X_OK):
    print(f"OPENGOTHA_ORACLE={oracle} is not executable: OpenGotha not timed")
    oracle = ""
print(f"load average before: {os.getloadavg()}", flush=True)
for case in rounds:
    path, round_number = case.rsplit(":", 1)
    runs = []
    for attempt in range(7):
        started = time.perf_counter()
        run = subprocess.run([binary, "pair", path, "--round", round_number],
                             capture_output=True, text=True, check=True)
        runs.append(time.perf_counter() - started)
    lines = run.stdout.splitlines()[1:]
    players = sum(1 if line.startswith("BYE") else 2 for line in lines)
    runs.sort()
    median = runs[len(runs) // 2]
    line = (f"{os.path.basename(path)} round {round_number}, {players} players: "
            f"arbitre best {runs[0]:.3f} s, median {median:.3f} s")
    if oracle:
        timed = subprocess.run([oracle, "time-pair", path, round_number, "--repeat", "4"],
                               capture_output=True, text=True, check=True)
        found = re.search(r"medianAfterFirst=([0-9.]+)", timed.stdout)
        if found:
            engine = float(found.group(1)) / 1000
            line += f"; OpenGotha engine {engine:.3f} s: arbitre takes {median / engine:.3f} of it"
    print(line, flush=True)
print(f"load average after: {os.getloadavg()}", flush=True)
PYTHON
