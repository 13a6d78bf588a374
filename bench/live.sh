#!/usr/bin/env bash
# Live games under load: simulated tablets against `arbitre serve` with durable commits,
# beside the raw rate at which the same PostgreSQL commits the same rows (pgbench).
#
#   bench/live.sh [TABLETS] [TURNS]      (defaults 200 tablets, 183 turns per game; THINK_MS=250)
#
# Starts `arbitre serve` on its own PostgreSQL (a fresh data folder, fsync on, as in
# production), creates a tournament, the pairings, the table tokens and the games through
# the API, drives the tablets (tests/examples/live_load.rs: one thread, a plain HTTP/1.1
# client, as light beside the service as pgbench is beside PostgreSQL), then runs pgbench with
# bench/live_turn.sql on the same cluster, with as many clients as the service's pool.
# The tablets run twice: closed loop without pause (throughput at saturation, where
# latency is the queue: tablets / rate), then with a think time between turns (latency
# of a turn when the service keeps up). The load generator shares the 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
tablets="${1:-200}"
turns="${2:-183}"
pool="${ARBITRE_POOL_SIZE:-16}"
target="${CARGO_TARGET_DIR:-target}"

./scripts/install-postgres
cargo build --release --quiet -p arbitre-api
cargo build --release --quiet -p arbitre-tests --example live_load
bin="$target/release/arbitre"
load="$target/release/examples/live_load"
work="$(mktemp -d)"
chmod 755 "$work"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
export ARBITRE_DATA_DIR="$work/postgres" ARBITRE_BIND="127.0.0.1:$port" ARBITRE_POOL_SIZE="$pool"
export ARBITRE_LOG_FORMAT=json RUST_LOG="${RUST_LOG:-warn}"
unset DATABASE_URL
server=""
cleanup() {
    if [[ -n "$server" ]]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

admin="$("$bin" token create --role admin 2>/dev/null)"
"$bin" serve 2>"$work/serve.log" &
server=$!
for _ in $(seq 1 600); do
    curl -fs "http://$ARBITRE_BIND/ready" >/dev/null 2>&1 && break
    sleep 0.1
done

echo "== arbitre serve: $tablets tablets, $turns turns each (pool $pool, fsync on), as fast as answered"
"$load" "http://$ARBITRE_BIND" "$admin" --tablets "$tablets" --turns "$turns"
echo "== the same, each tablet thinking ${THINK_MS:-250} ms between turns (latency below saturation)"
"$load" "http://$ARBITRE_BIND" "$admin" --tablets "$tablets" --turns "$turns" --think-ms "${THINK_MS:-250}"

socket="/tmp/arbitre-pg-$(printf '%s' "$(realpath "$ARBITRE_DATA_DIR")" | sha256sum | cut -c1-12)"
url="postgresql://arbitre@localhost/arbitre?host=$socket"
psql -q "$url" <<'SQL'
CREATE TABLE bench_games AS
    SELECT row_number() OVER (ORDER BY g.id) AS n, g.id, t.id AS token_id
    FROM games g JOIN api_tokens t ON t.pairing_id = g.pairing_id AND t.role = 'table';
CREATE UNIQUE INDEX ON bench_games (n);
CREATE SEQUENCE bench_keys;
SQL
echo "== pgbench: the same rows, $pool clients, 15 s"
pgbench -n -M prepared -c "$pool" -j 2 -T 15 -D games="$tablets" -D clients="$pool" -f bench/live_turn.sql "$url" 2>&1 | grep -E "tps|latency average|number of transactions actually processed"
