#!/usr/bin/env python3
"""The director's day at PLAYERS players through the pages alone (issue 40), timed.

    bench/journey.py BASE ADMIN_TOKEN FILE.xml ROUNDS REQUESTS

Run by bench/journey.sh against `arbitre serve`. Every request is what the browser of
`tests/tests/browser/real_open.rs` sends, in the same order, over one keep-alive
connection from 127.0.0.1: the dashboard's upload of FILE.xml, then for ROUNDS rounds the
round's page (who plays), the draft, a swap of colours and a move of a table (the first
round), the publication, the start, the results grid and one line typed per table (the
POST and the grid shown again), one correction; then the standings, the wall chart, every
export and a result's audit. The time of a request is from sending it to the last byte
of its answer: the server's (rendering, the engine, the database). A page the journey
shows more than once (the grid after each line) is summed up by its median, 90th
percentile and maximum; the GET pages are then asked REQUESTS times more (as a second
reader would, from the pages kept per revision). Weight: the answer's bytes, and gzipped.
Goal: every request under 100 ms; the script exits non-zero when one is not, after
printing every figure.
"""
import gzip
import html
import http.client
import re
import statistics
import sys
import time
import urllib.parse
import uuid

base, secret, path, rounds, requests = sys.argv[1:6]
rounds, requests = int(rounds), int(requests)
host = urllib.parse.urlparse(base).netloc
connection = http.client.HTTPConnection(host)
cookie = f"arbitre_session={secret}"
GOAL_MS = 100

timings = {}
weights = {}


def send(method, target, body=None, content_type=None):
    headers = {"Cookie": cookie}
    if method == "POST":
        headers["Origin"] = base
        headers["Content-Type"] = content_type or "application/x-www-form-urlencoded"
    start = time.perf_counter()
    connection.request(method, target, body=body, headers=headers)
    response = connection.getresponse()
    answer = response.read()
    elapsed = (time.perf_counter() - start) * 1000
    if response.status >= 400:
        sys.exit(f"{method} {target}: {response.status} {answer[:400]!r}")
    return response, answer, elapsed


def timed(name, method, target, body=None, content_type=None):
    """Sends the request, records its time under `name`; a 303 is followed (its GET timed
    as the page it shows). The final answer's body."""
    response, answer, elapsed = send(method, target, body, content_type)
    timings.setdefault(name, []).append(elapsed)
    if response.status == 303:
        location = response.getheader("Location").split("#")[0]
        return location, timed_get(page_name(location), location)
    weights[name] = (len(answer), len(gzip.compress(answer)))
    return target, answer


def timed_get(name, target):
    _, answer = timed(name, "GET", target)
    return answer


def page_name(location):
    for pattern, name in [
        (r"/rounds/\d+/results\?last=", "results grid, after a line"),
        (r"/rounds/\d+$", "round (published)"),
    ]:
        if re.search(pattern, location):
            return name
    return location


def form(fields):
    return urllib.parse.urlencode(fields)


def hidden(page):
    """The draft page's hidden fields: the draft's name (state, pairs kept, edits)."""
    return dict(re.findall(rb'<input type="hidden" name="(\w+)" value="([^"]*)"', page))


def draft_post(page, **fields):
    values = {key.decode(): html.unescape(value.decode()) for key, value in hidden(page).items()}
    values.update(fields)
    return values


# The upload, as the dashboard's form sends it.
with open(path, "rb") as file:
    content = file.read()
boundary = uuid.uuid4().hex
body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"open.xml\"\r\n"
        f"Content-Type: application/xml\r\n\r\n").encode() + content + f"\r\n--{boundary}--\r\n".encode()
timed_get("dashboard", "/dashboard")
_, imported = timed("upload (import)", "POST", "/dashboard/import", body,
                    f"multipart/form-data; boundary={boundary}")
tournament = re.search(rb'href="/dashboard/t/([0-9a-f-]{36})" id="open-imported"', imported).group(1).decode()
t = f"/dashboard/t/{tournament}"
timed_get("tournament", t)

for number in range(1, rounds + 1):
    timed_get("round (who plays)", f"{t}/rounds/{number}")
    _, page = timed("draft", "POST", f"{t}/rounds/{number}/draft", form({"action": "draft"}))
    tables = len(re.findall(rb'value="swap-\d+"', page))
    if number == 1:
        _, page = timed("draft: swap colours", "POST", f"{t}/rounds/{number}/draft",
                        form(draft_post(page, action="swap-3")))
        _, page = timed("draft: move a table", "POST", f"{t}/rounds/{number}/draft",
                        form(draft_post(page, action="move",
                                        **{"from": str(tables - 5), "to": "2"})))
    timed("publish", "POST", f"{t}/rounds/{number}/draft",
          form(draft_post(page, action="publish")))
    timed("start the round", "POST", f"{t}/rounds/{number}/start", "")
    grid = timed_get("results grid", f"{t}/rounds/{number}/results")
    for table in range(1, tables + 1):
        timed("results grid: a line typed", "POST", f"{t}/rounds/{number}/results",
              form({"entry": f"{table}{'bw'[table % 2]}"}))
    if number == 1:
        timed("results grid: a line typed", "POST", f"{t}/rounds/{number}/results",
              form({"entry": "1w"}))
        pairing = re.search(rb'/rounds/1/pairings/([0-9a-f-]{36})', grid).group(1).decode()
        timed_get("a result and its audit", f"{t}/rounds/1/pairings/{pairing}")

timed_get("standings and exports", f"{t}/standings?round={rounds}")
timed_get("wall chart", f"{t}/wall-chart?round={rounds}")
for export in ["egd", "ffg", "csv", "opengotha"]:
    timed_get(f"export {export}", f"{t}/exports/{export}?after_round={rounds}")
timed_get("round list to print", f"{t}/rounds/{rounds}/print")
timed_get("result sheets", f"{t}/rounds/{rounds}/sheets")

# The GET pages again, as a second reader asks for them.
again = {}
for name, target in [
    ("tournament", t),
    ("round (published)", f"{t}/rounds/{rounds}"),
    ("results grid", f"{t}/rounds/{rounds}/results"),
    ("standings and exports", f"{t}/standings?round={rounds}"),
    ("wall chart", f"{t}/wall-chart?round={rounds}"),
    ("export egd", f"{t}/exports/egd?after_round={rounds}"),
]:
    times = []
    for _ in range(requests):
        times.append(send("GET", target)[2])
    again[name] = sorted(times)

failed = []
print("| step | requests | first | p50 | p90 | max | bytes | gzipped |")
print("|---|---|---|---|---|---|---|---|")
for name, times in timings.items():
    first = times[0]
    ordered = sorted(times)
    p50 = statistics.median(ordered)
    p90 = ordered[max(0, int(len(ordered) * 0.9) - 1)]
    size, packed = weights.get(name, (0, 0))
    print(f"| {name} | {len(times)} | {first:.1f} ms | {p50:.1f} ms | {p90:.1f} ms | {ordered[-1]:.1f} ms "
          f"| {size:,} | {packed:,} |")
    if ordered[-1] >= GOAL_MS:
        failed.append(name)
print()
print(f"| page asked again ({requests} times) | p50 | p90 | max |")
print("|---|---|---|---|")
for name, times in again.items():
    p90 = times[max(0, int(len(times) * 0.9) - 1)]
    print(f"| {name} | {statistics.median(times):.2f} ms | {p90:.2f} ms | {times[-1]:.2f} ms |")
print(f"== load average at the end {open('/proc/loadavg').read().split()[:3]}")
if failed:
    sys.exit(f"over {GOAL_MS} ms: {', '.join(failed)}")
