#!/usr/bin/env bash
# The rating lists' search indexes in memory: the resident memory of `arbitre serve` while
# three large lists (EGD, FFG, AGA) are searched one after the other, twice round, under
# each budget of indexes (`ARBITRE_RATING_INDEXES_BYTES`). A budget larger than the three
# indexes keeps every index, as the service did before indexes had a budget.
#
#   bench/rating_memory.sh [LINES [BUDGET_MIB…]]   (default 250000 players a list;
#                                                   budgets 65536 256 64)
#   PROFILE=release bench/rating_memory.sh          (the release build; default debug)
#
# Generates the lists (tests/examples/rating_lists.rs), imports them with `arbitre ratings
# import` into the service's own PostgreSQL, then for each budget starts `arbitre serve`,
# searches each list in turn (`GET /rating-lists/search?source=…`) and prints after each
# search the process's resident memory (VmRSS), the bytes of indexes kept and the indexes
# built (`/metrics`), and at the end its peak (VmHWM).
set -euo pipefail
cd "$(dirname "$0")/.."
lines="${1:-250000}"
shift || true
budgets=("$@")
[[ ${#budgets[@]} -gt 0 ]] || budgets=(65536 256 64)
profile="${PROFILE:-debug}"
target="${CARGO_TARGET_DIR:-target}"

./scripts/install-postgres
flag=()
[[ "$profile" == release ]] && flag=(--release)
cargo build "${flag[@]}" --quiet -p arbitre-api
cargo build "${flag[@]}" --quiet -p arbitre-tests --example rating_lists
bin="$target/$profile/arbitre"
tool="$target/$profile/examples/rating_lists"
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

"$tool" generate "$work/lists" "$lines" >/dev/null
ls -l "$work/lists"/*.html "$work/lists"/*.txt | grep -v queries
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
export ARBITRE_DATA_DIR="$work/postgres" ARBITRE_BIND="127.0.0.1:$port"
"$bin" token create --role admin >/dev/null 2>"$work/token.log" || { cat "$work/token.log" >&2; exit 1; }

serve() {
    ARBITRE_RATING_INDEXES_BYTES="$1" "$bin" serve 2>>"$work/serve.log" &
    server=$!
    for _ in $(seq 1 600); do
        curl -fs "http://$ARBITRE_BIND/ready" >/dev/null 2>&1 && return
        sleep 0.1
    done
    echo "the service did not start" >&2
    exit 1
}
stop() {
    kill -TERM "$server"
    wait "$server" 2>/dev/null || true
    server=""
}
status() { awk -v key="$1:" '$1 == key { print int($2 / 1024) " MiB" }' "/proc/$server/status"; }
metric() { curl -fs "http://$ARBITRE_BIND/metrics" | awk -v name="$1" '$1 == name { print $2 }'; }

serve $((1 << 30))
for source in egd ffg aga; do
    case "$source" in egd) file=egd.html ;; ffg) file=ffg.txt ;; aga) file=aga.txt ;; esac
    "$bin" ratings import --source "$source" "$work/lists/$file" >/dev/null 2>>"$work/import.log"
done
stop

for budget in "${budgets[@]}"; do
    serve $((budget << 20))
    echo "budget $budget MiB: started, VmRSS $(status VmRSS)"
    for round in 1 2; do
        for source in egd ffg aga; do
            start="$(date +%s.%N)"
            curl -fs -o /dev/null "http://$ARBITRE_BIND/rating-lists/search?q=mar&source=$source"
            end="$(date +%s.%N)"
            echo "  round $round, $source searched in $(python3 -c "print(round($end - $start, 3))") s:" \
                "VmRSS $(status VmRSS)," \
                "indexes kept $(( $(metric 'arbitre_cache_bytes{cache="rating_indexes"}') >> 20 )) MiB," \
                "built $(metric arbitre_rating_index_builds_total)"
        done
    done
    echo "  peak VmHWM $(status VmHWM)"
    stop
done
