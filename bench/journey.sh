#!/usr/bin/env bash
# The director's day at 500 players through the pages alone (issue 40): how long the server
# takes for every page and form of the journey the browser test `real_open.rs` makes.
#
#   bench/journey.sh    (PLAYERS=500 ROUNDS=2 REQUESTS=20)
#
# One `arbitre serve` on its own PostgreSQL (bench/serve.sh, release build), a tournament of
# PLAYERS players and no round played (bench/opengotha_tournament.py), uploaded through the
# dashboard's form; then bench/journey.py drafts, edits, publishes and starts ROUNDS rounds,
# types every table's result in the results grid, one correction, and asks for the
# standings, the wall chart, every export, the list to print and the result sheets, each
# request timed from 127.0.0.1 over one keep-alive connection. Goal: every request under
# 100 ms (the script fails when one is not).
set -euo pipefail
cd "$(dirname "$0")/.."
players="${PLAYERS:-500}"
rounds="${ROUNDS:-2}"
requests="${REQUESTS:-20}"

source bench/serve.sh
serve_start

python3 bench/opengotha_tournament.py "$players" 0 >"$work/tournament.xml"
echo "== $players players, $rounds rounds paired and played from the pages; load average $(cut -d' ' -f1-3 /proc/loadavg)"
python3 bench/journey.py "$base" "$admin" "$work/tournament.xml" "$rounds" "$requests"
