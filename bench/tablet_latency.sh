#!/usr/bin/env bash
# How soon a move is seen (issue 23): TABLETS games in play, each tablet sending its turns
# as the tablet page does (`POST /games/{id}/turns` with an `Idempotency-Key`), thinking
# about THINK_MS between turns (0.5 to 1.5 times, at random); for each turn, the time from
# its sending until it is seen
#
#   (a) by a second client following the same game's stream (the other tablet),
#   (b) by the referee following the tournament's stream, and
#   (c) in the referee's hall page fetched again after that event, as the page does.
#
#   bench/tablet_latency.sh    (TABLETS=100 TURNS=120 THINK_MS=1000)
#
# One `arbitre serve` on its own PostgreSQL (fsync on), the load generator
# (tests/examples/live_load.rs --watch 1) on the same cores. Goal: (a) and (b) within
# 100 ms at the 95th percentile.
set -euo pipefail
cd "$(dirname "$0")/.."
tablets="${TABLETS:-100}"
turns="${TURNS:-120}"
think="${THINK_MS:-1000}"
source bench/serve.sh
serve_start

echo "== $tablets tablets, $turns turns each, thinking ${think} ms; load average $(cut -d' ' -f1-3 /proc/loadavg)"
figures="$("$load" "$base" "$admin" --tablets "$tablets" --turns "$turns" --think-ms "$think" --watch 1)"
python3 - "$figures" "$(cut -d' ' -f1-3 /proc/loadavg)" <<'PY'
import json, sys
figures, load = json.loads(sys.argv[1]), sys.argv[2]
print(f"== load average at the end {load}")
print(f"turns: {figures['turns']} in {figures['seconds']} s ({figures['turns_per_second']}/s), "
      f"answered p50 {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms, failures {figures['failures']}")
seen = figures["seen"]
for name, label in [("game_stream", "(a) the game's stream"), ("tournament_stream", "(b) the tournament's stream"),
                    ("hall_page", "(c) the referee's hall page")]:
    s = seen[name]
    goal = "" if name == "hall_page" else ("  goal met" if s["p95_ms"] <= 100 else "  GOAL NOT MET")
    print(f"{label}: p50 {s['p50_ms']} ms, p95 {s['p95_ms']} ms, p99 {s['p99_ms']} ms, max {s['max_ms']} ms, "
          f"seen {s['count']}, missed {s['missed']}{goal}")
print(f"hall page fetches: {seen['hall_fetches']}, failures {seen['hall_failures']}")
PY
