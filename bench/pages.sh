#!/usr/bin/env bash
# The pages of a 500-player tournament (issue 22): how long the server takes to render each
# and how much each weighs.
#
#   bench/pages.sh    (PLAYERS=500 ROUNDS=10 REQUESTS=100)
#
# One `arbitre serve` on its own PostgreSQL (bench/serve.sh), a tournament of PLAYERS
# players with ROUNDS rounds played, every result in (bench/opengotha_tournament.py,
# imported through the API). Each page is asked for REQUESTS times over one keep-alive
# connection from 127.0.0.1, after 5 requests that are not counted (the first is shown:
# a page kept per revision of the tournament is rendered then), one request at a time:
# the time from sending the request to the last byte of the answer is the server's
# (rendering, the database, the copy to a local socket), the client's share is a few
# microseconds. Weight: the page's uncompressed bytes, and those of the assets it loads
# (stylesheets, scripts, icons: each fetched once). Goal: under 20 ms at p50 and p90, under
# 300 KB with its assets. The script also fails a page whose scripts poll (`setInterval`,
# or `setTimeout` anywhere in them).
set -euo pipefail
cd "$(dirname "$0")/.."
players="${PLAYERS:-500}"
rounds="${ROUNDS:-10}"
requests="${REQUESTS:-100}"

source bench/serve.sh
serve_start

python3 bench/opengotha_tournament.py "$players" "$rounds" >"$work/tournament.xml"
id="$(curl -fsS -X POST "$base/tournaments/import" -H "Authorization: Bearer $admin" \
    -H 'Content-Type: application/xml' --data-binary "@$work/tournament.xml" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["tournament_id"])')"

echo "== $players players, $rounds rounds played; $requests requests a page; load average $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$base" "$admin" "$requests" <<PY
import http.client, re, statistics, sys, time, urllib.parse

base, secret, requests = sys.argv[1], sys.argv[2], int(sys.argv[3])
host = urllib.parse.urlparse(base).netloc
pages = [
    ("registration (dashboard players)", "/dashboard/t/$id", True),
    ("round $rounds pairings, public", "/t/$id?round=$rounds", False),
    ("round $rounds pairings, dashboard", "/dashboard/t/$id/rounds/$rounds", True),
    ("standings after round $rounds, public", "/t/$id/standings?round=$rounds", False),
    ("standings after round $rounds, dashboard", "/dashboard/t/$id/standings?round=$rounds", True),
]
connection = http.client.HTTPConnection(host)

def get(path, signed_in):
    headers = {"Cookie": f"arbitre_session={secret}"} if signed_in else {}
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    if response.status != 200:
        sys.exit(f"{path}: {response.status} {body[:300]!r}")
    return body

failed = False
print("| page | first | p50 | p90 | max | page bytes | assets | total |")
print("|---|---|---|---|---|---|---|---|")
for name, path, signed_in in pages:
    start = time.perf_counter()
    body = get(path, signed_in)
    first = (time.perf_counter() - start) * 1000
    for _ in range(4):
        body = get(path, signed_in)
    times = []
    for _ in range(requests):
        start = time.perf_counter()
        get(path, signed_in)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p50, p90 = statistics.median(times), times[int(len(times) * 0.9) - 1]
    assets = sorted(set(re.findall(rb'(?:src|href)="(/assets/[^"]+)"', body)))
    asset_bytes = 0
    for asset in assets:
        content = get(asset.decode(), False)
        asset_bytes += len(content)
        if asset.endswith(b".js") and re.search(rb"setInterval|setTimeout", content):
            print(f"{asset.decode()} polls")
            failed = True
    total = len(body) + asset_bytes
    if p90 >= 20 or total >= 300_000:
        failed = True
    print(f"| {name} | {first:.1f} ms | {p50:.2f} ms | {p90:.2f} ms | {times[-1]:.2f} ms | {len(body):,} | "
          f"{asset_bytes:,} ({len(assets)}) | {total:,} |")
print(f"== load average at the end {open('/proc/loadavg').read().split()[:3]}")
sys.exit("goal missed" if failed else 0)
PY
