# Sourced by the benchmarks that run `arbitre serve` (bench/hall.sh,
# bench/tablet_latency.sh, bench/pages.sh): builds the release binary (or takes
# ARBITRE_BIN, one already built) and the load generator (tests/examples/live_load.rs);
# `serve_start` starts the service on its own PostgreSQL (a fresh data folder, fsync on) on
# a free port of 127.0.0.1, with an admin token; it is stopped and its folder removed when
# the script exits. Sets: bin, load, work, base, admin, server, url (the database's).
target="${CARGO_TARGET_DIR:-target}"

./scripts/install-postgres
if [[ -n "${ARBITRE_BIN:-}" ]]; then
    bin="$ARBITRE_BIN"
else
    cargo build --release --quiet -p arbitre-api
    bin="$target/release/arbitre"
fi
cargo build --release --quiet -p arbitre-tests --example live_load
load="$target/release/examples/live_load"
work="$(mktemp -d)"
chmod 755 "$work"
export ARBITRE_LOG_FORMAT=json RUST_LOG="${RUST_LOG:-warn}"
unset DATABASE_URL
server=""
cleanup() {
    if [[ -n "$server" ]]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
ulimit -n "$(ulimit -Hn)"

# Starts the service; `serve_start` again is not supported.
serve_start() {
    local port
    port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    export ARBITRE_DATA_DIR="$work/postgres" ARBITRE_BIND="127.0.0.1:$port"
    base="http://$ARBITRE_BIND"
    admin="$("$bin" token create --role admin 2>"$work/token.log")" || { cat "$work/token.log" >&2; exit 1; }
    "$bin" serve 2>"$work/serve.log" &
    server=$!
    for _ in $(seq 1 600); do
        curl -fs "$base/ready" >/dev/null 2>&1 && break
        sleep 0.1
    done
    local socket
    socket="/tmp/arbitre-pg-$(printf '%s' "$(realpath "$ARBITRE_DATA_DIR")" | sha256sum | cut -c1-12)"
    url="postgresql://arbitre@localhost/arbitre?host=$socket"
}
