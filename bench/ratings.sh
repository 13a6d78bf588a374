#!/usr/bin/env bash
# The rating lists: importing a 100,000-line list end to end, and the desk's search with the
# three lists loaded.
#
#   bench/ratings.sh [LINES]      (default 100000 players a list)
#
# Generates an EGD, an FFG and an AGA list of LINES players each in the federations' real
# layouts (tests/examples/rating_lists.rs, written by the core's writers), starts `arbitre
# serve` on its own fresh PostgreSQL, then:
#
# - imports each list with `arbitre ratings import --source … FILE`, timed from the
#   process's start to its end (reading the file, the core's reader, the SHA-256, the
#   snapshot's write, committed), beside the running service;
# - imports a second FFG list (the same players, rewritten) over HTTP (`POST
#   /rating-lists`, curl), timed from the request to the answer; then the same upload again
#   (a no-op: the same list);
# - searches: 600 queries a desk types (whole surnames, starts of names, misspelt names,
#   capitals without accents, starts of PINs and licences, some with a country), each over
#   HTTP with its JSON answer read, one after the other, after one search that reads the
#   three snapshots into memory: p50, p99, max;
# - the same queries in the core's search alone, in this process (the lists read and indexed
#   first): the search's own share of those times;
# - the SQL a search runs (the snapshots in use: the newest of each source, those a
#   tournament pinned) under EXPLAIN ANALYZE, when psql is installed.
set -euo pipefail
cd "$(dirname "$0")/.."
lines="${1:-100000}"
target="${CARGO_TARGET_DIR:-target}"

./scripts/install-postgres
cargo build --release --quiet -p arbitre-api
cargo build --release --quiet -p arbitre-tests --example rating_lists
bin="$target/release/arbitre"
tool="$target/release/examples/rating_lists"
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

"$tool" generate "$work/lists" "$lines"
ls -l "$work/lists"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
export ARBITRE_DATA_DIR="$work/postgres" ARBITRE_BIND="127.0.0.1:$port"
admin="$("$bin" token create --role admin 2>"$work/token.log")" || { cat "$work/token.log" >&2; exit 1; }
"$bin" serve 2>"$work/serve.log" &
server=$!
for _ in $(seq 1 600); do
    curl -fs "http://$ARBITRE_BIND/ready" >/dev/null 2>&1 && break
    sleep 0.1
done

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for source in egd ffg aga; do
    case "$source" in egd) file=egd.html ;; ffg) file=ffg.txt ;; aga) file=aga.txt ;; esac
    start="$(date +%s.%N)"
    result="$("$bin" ratings import --source "$source" "$work/lists/$file" 2>>"$work/import.log")"
    end="$(date +%s.%N)"
    echo "import $source ($lines lines, $(stat -c %s "$work/lists/$file") bytes), arbitre ratings import: $(python3 -c "print(round($end - $start, 3))") s: $result"
done

# The same FFG players, the header's date changed: another list, uploaded.
sed '1s|^#Echelle au 01/11/2026|#Echelle au 02/11/2026|' "$work/lists/ffg.txt" >"$work/lists/ffg2.txt"
for attempt in upload again; do
    curl -s -o "$work/upload.json" -w '%{http_code} %{time_total}\n' \
        -X POST -H "Authorization: Bearer $admin" -H 'Content-Type: text/plain' \
        --data-binary @"$work/lists/ffg2.txt" "http://$ARBITRE_BIND/rating-lists?source=ffg" >"$work/upload.status"
    echo "POST /rating-lists ($attempt): HTTP status and seconds: $(cat "$work/upload.status"), $(head -c 300 "$work/upload.json")"
done

"$tool" search "http://$ARBITRE_BIND" "$work/lists/queries.txt"
"$tool" core "$work/lists"
if command -v psql >/dev/null 2>&1; then
    # The own cluster's socket folder, as `arbitre` names it (commands.rs, own_socket_dir).
    tag="$(printf '%s' "$ARBITRE_DATA_DIR" | sha256sum | cut -c1-12)"
    psql -X -q "host=${TMPDIR:-/tmp}/arbitre-pg-$tag user=arbitre dbname=arbitre" <<'SQL'
EXPLAIN ANALYZE SELECT DISTINCT ON (source) id, source, list_date, entries, imported_at
    FROM rating_lists ORDER BY source, list_date DESC, imported_at DESC;
EXPLAIN ANALYZE SELECT r.id, r.source, r.list_date, r.entries, r.imported_at
    FROM tournament_rating_lists t JOIN rating_lists r ON r.id = t.rating_list_id
    WHERE t.tournament_id = '00000000-0000-7000-8000-000000000000' ORDER BY r.source;
SQL
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
