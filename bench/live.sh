#!/usr/bin/env bash
# Live games under load: simulated tablets against `arbitre serve` with durable commits,
# beside the rate and the latency at which the same PostgreSQL commits the same rows (pgbench).
#
#   bench/live.sh [TABLETS] [TURNS]      (defaults 200 tablets, 183 turns per game;
#                                         THINK_MS=250, RUNS=3, PGBENCH_SECONDS=30)
#
# Each run starts `arbitre serve` on its own PostgreSQL (a fresh data folder, fsync and
# synchronous_commit on, as in production), creates a tournament, the pairings, the table
# tokens and the games through the API, drives the tablets (tests/examples/live_load.rs:
# one thread, a plain HTTP/1.1 client, as light beside the service as pgbench is beside
# PostgreSQL), then runs pgbench with bench/live_turn.sql on the same cluster, with as many
# clients as the service's pool:
#
# - closed loop: the tablets without pause (throughput at saturation, where latency is the
#   queue: tablets / rate) beside pgbench as fast as it goes (`-T 15`): the throughput ratio;
# - paced: each tablet thinking about THINK_MS between turns (latency of a turn when the
#   service keeps up) beside pgbench offered the very rate the tablets reached (`-R`, its
#   latency counted from each transaction's scheduled start, as a tablet's from its send,
#   read from its per-transaction log): p50 and p99 of both, and the ratio of the p99s.
#
# The load generator shares the 2 cores. Every run prints its line; the last lines are the
# median of each figure over the runs, with the load average before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
tablets="${1:-200}"
turns="${2:-183}"
runs="${RUNS:-3}"
think="${THINK_MS:-250}"
seconds="${PGBENCH_SECONDS:-30}"
pool="${ARBITRE_POOL_SIZE:-16}"
target="${CARGO_TARGET_DIR:-target}"

./scripts/install-postgres
cargo build --release --quiet -p arbitre-api
cargo build --release --quiet -p arbitre-tests --example live_load
bin="$target/release/arbitre"
script="$PWD/bench/live_turn.sql"
load="$target/release/examples/live_load"
work="$(mktemp -d)"
chmod 755 "$work"
export ARBITRE_POOL_SIZE="$pool" ARBITRE_LOG_FORMAT=json RUST_LOG="${RUST_LOG:-warn}"
unset DATABASE_URL
server=""
stop_server() {
    if [[ -n "$server" ]]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    server=""
}
cleanup() {
    stop_server
    rm -rf "$work"
}
trap cleanup EXIT

# p50 and p99 (ms) of the latencies of pgbench's per-transaction logs (`--log`): the third
# field, in µs, counts from the scheduled start under `-R`.
pgbench_percentiles() {
    python3 - "$@" <<'PY'
import sys
latencies = sorted(int(line.split()[2]) for name in sys.argv[1:] for line in open(name))
def quantile(q):
    return round(latencies[min(int(q * len(latencies)), len(latencies) - 1)] / 1000, 2)
print(len(latencies), quantile(0.50), quantile(0.99), quantile(1.0))
PY
}

# One run on a fresh cluster; appends its figures to $work/runs as one JSON line.
one_run() {
    local run="$1" data="$work/postgres-$1"
    local port
    port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    export ARBITRE_DATA_DIR="$data" ARBITRE_BIND="127.0.0.1:$port"
    local admin load_before
    load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
    admin="$("$bin" token create --role admin 2>"$work/token-$run.log")" || { cat "$work/token-$run.log" >&2; exit 1; }
    "$bin" serve 2>"$work/serve-$run.log" &
    server=$!
    for _ in $(seq 1 600); do
        curl -fs "http://$ARBITRE_BIND/ready" >/dev/null 2>&1 && break
        sleep 0.1
    done

    local closed paced
    closed="$("$load" "http://$ARBITRE_BIND" "$admin" --tablets "$tablets" --turns "$turns")"
    paced="$("$load" "http://$ARBITRE_BIND" "$admin" --tablets "$tablets" --turns "$turns" --think-ms "$think")"
    local rate
    rate="$(python3 -c 'import json, sys; print(round(json.loads(sys.argv[1])["turns_per_second"]))' "$paced")"

    local socket url
    socket="/tmp/arbitre-pg-$(printf '%s' "$(realpath "$ARBITRE_DATA_DIR")" | sha256sum | cut -c1-12)"
    url="postgresql://arbitre@localhost/arbitre?host=$socket"
    psql -q "$url" <<'SQL'
CREATE TABLE bench_games AS
    SELECT row_number() OVER (ORDER BY g.id) AS n, g.id, t.id AS token_id
    FROM games g JOIN api_tokens t ON t.pairing_id = g.pairing_id AND t.role = 'table';
CREATE UNIQUE INDEX ON bench_games (n);
CREATE SEQUENCE bench_keys;
CREATE TABLE bench_body AS SELECT body FROM idempotency_keys WHERE status = 201 ORDER BY created_at DESC LIMIT 1;
SQL
    local tps
    tps="$(pgbench -n -M prepared -c "$pool" -j 2 -T 15 -D games="$tablets" -D clients="$pool" \
        -f "$script" "$url" 2>&1 | sed -n 's/^tps = \([0-9.]*\) .*/\1/p')"
    local logs="$work/pgbench-$run"
    mkdir -p "$logs"
    (cd "$logs" && pgbench -n -M prepared -c "$pool" -j 2 -T "$seconds" -R "$rate" --log --log-prefix=paced \
        -D games="$tablets" -D clients="$pool" -f "$script" "$url" >"$logs/output" 2>&1) || { cat "$logs/output" >&2; exit 1; }
    local paced_pg
    paced_pg="$(pgbench_percentiles "$logs"/paced.*)"
    stop_server
    python3 - "$run" "$closed" "$paced" "$tps" "$rate" "$paced_pg" "$load_before" "$(cut -d' ' -f1-3 /proc/loadavg)" \
        >>"$work/runs" <<'PY'
import json, sys
run, closed, paced, tps, rate, pg, before, after = sys.argv[1:]
closed, paced = json.loads(closed), json.loads(paced)
count, pg_p50, pg_p99, pg_max = pg.split()
failures = closed["failures"] + paced["failures"]
print(json.dumps({
    "run": int(run), "load_before": before, "load_after": after, "failures": failures,
    "closed_turns_per_second": closed["turns_per_second"], "pgbench_tps": float(tps),
    "throughput_ratio": round(closed["turns_per_second"] / float(tps), 3),
    "paced_turns_per_second": paced["turns_per_second"], "paced_p50_ms": paced["p50_ms"],
    "paced_p99_ms": paced["p99_ms"], "paced_max_ms": paced["max_ms"],
    "pgbench_rate": int(rate), "pgbench_transactions": int(count), "pgbench_p50_ms": float(pg_p50),
    "pgbench_p99_ms": float(pg_p99), "pgbench_max_ms": float(pg_max),
    "p99_ratio": round(paced["p99_ms"] / float(pg_p99), 2),
}))
PY
    tail -n 1 "$work/runs"
    unset ARBITRE_DATA_DIR ARBITRE_BIND
}

echo "== $runs runs: $tablets tablets, $turns turns each (pool $pool, fsync on); closed loop, then thinking ${think} ms; pgbench -T 15, then -R at the paced rate for ${seconds} s"
for run in $(seq 1 "$runs"); do
    one_run "$run"
done
python3 - "$work/runs" <<'PY'
import json, statistics, sys
runs = [json.loads(line) for line in open(sys.argv[1])]
median = lambda key: statistics.median(run[key] for run in runs)
print(f"== median of {len(runs)} runs (load average {runs[0]['load_before']} at the start, {runs[-1]['load_after']} at the end; {sum(run['failures'] for run in runs)} failures)")
print(f"closed loop: arbitre {median('closed_turns_per_second'):,.0f} turns/s, pgbench {median('pgbench_tps'):,.0f} tps: "
      f"ratio {median('throughput_ratio'):.2f} (median of the runs' ratios; goal >= 0.8)")
print(f"paced at {median('paced_turns_per_second'):,.0f}/s: arbitre p50 {median('paced_p50_ms'):.2f} ms p99 {median('paced_p99_ms'):.2f} ms, "
      f"pgbench -R p50 {median('pgbench_p50_ms'):.2f} ms p99 {median('pgbench_p99_ms'):.2f} ms: "
      f"p99 ratio {median('p99_ratio'):.2f} (median of the runs' ratios; goal <= 2)")
PY
