# Sourced by the benchmarks that need one `arbitre serve` (hall.sh, pages.sh): builds the
# release binary (or takes ARBITRE_BIN, one already built), then `start_server` starts it on its own PostgreSQL (a fresh data folder,
# fsync on) on a free port of 127.0.0.1, with an admin token, and stops it and removes its
# folder when the script exits.
#
# After `start_server`: `$bin` the binary, `$work` the scratch folder, `$base` the server's
# URL, `$admin` an admin token, `$server` its process id, `$url` its database.

./scripts/install-postgres
if [[ -n "${ARBITRE_BIN:-}" ]]; then
    bin="$ARBITRE_BIN"
else
    cargo build --release --quiet -p arbitre-api
    bin="${CARGO_TARGET_DIR:-target}/release/arbitre"
fi
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

start_server() {
    local port socket
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
    socket="/tmp/arbitre-pg-$(printf '%s' "$(realpath "$ARBITRE_DATA_DIR")" | sha256sum | cut -c1-12)"
    url="postgresql://arbitre@localhost/arbitre?host=$socket"
}
