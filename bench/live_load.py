#!/usr/bin/env python3
"""Simulated referee tablets playing games at once against `arbitre serve` (stdlib only).

    bench/live_load.py BASE_URL ADMIN_TOKEN [--tablets 200] [--turns 183] [--think-ms 0]

Creates a tournament, 2×N players, a round of N pairings, N table tokens and N games
through the API; then each tablet, on its own keep-alive connection, plays its game turn
by turn (each with an Idempotency-Key, as a real tablet retries): stones on the points
(x + y) even of a 19×19 board, which never touch, so every turn is legal, then two passes
(rule 5 bis). Prints one JSON line: turns, seconds, turns/s, p50/p99/max latency in ms,
and any non-2xx answer.
"""

import argparse
import asyncio
import json
import random
import sys
import time
import urllib.parse


class Connection:
    """A minimal HTTP/1.1 keep-alive client over asyncio streams."""

    def __init__(self, base):
        url = urllib.parse.urlsplit(base)
        self.host, self.port = url.hostname, url.port or 80
        self.reader = self.writer = None

    async def request(self, method, path, token=None, body=None, headers=None):
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        payload = b"" if body is None else json.dumps(body).encode()
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", f"Content-Length: {len(payload)}"]
        if body is not None:
            lines.append("Content-Type: application/json")
        if token:
            lines.append(f"Authorization: Bearer {token}")
        for name, value in (headers or {}).items():
            lines.append(f"{name}: {value}")
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + payload)
        await self.writer.drain()
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value.strip())
        data = await self.reader.readexactly(length) if length else b""
        return status, (json.loads(data) if data.startswith((b"{", b"[")) else data)


async def checked(connection, method, path, token, body=None, expected=(200, 201)):
    status, data = await connection.request(method, path, token, body)
    if status not in expected:
        sys.exit(f"{method} {path}: {status} {data}")
    return data


def points(turns):
    """Legal moves that never touch: (x + y) even on 19×19, then passes."""
    stones = [chr(97 + x) + chr(97 + y) for y in range(19) for x in range(19) if (x + y) % 2 == 0]
    moves = stones[: max(0, turns - 2)]
    return moves + ["pass", "pass"]


async def prepare(base, admin, tablets):
    connection = Connection(base)
    tournament = await checked(connection, "POST", "/tournaments", admin, {
        "name": "Bench", "place": "Bench", "start_date": "2026-05-01", "end_date": "2026-05-02",
        "time_control": {"system": "byo-yomi", "main_time_ms": 3600000, "periods": 5, "period_ms": 30000},
    })
    tid = tournament["id"]
    players = []
    for index in range(2 * tablets):
        player = await checked(connection, "POST", f"/tournaments/{tid}/players", admin,
                               {"surname": f"P{index}", "first_name": "Bench", "rank": "3k"})
        players.append(player["id"])
    await checked(connection, "POST", f"/tournaments/{tid}/rounds", admin, {"number": 1})
    pairings = [{"table": index + 1, "black_id": players[2 * index], "white_id": players[2 * index + 1]}
                for index in range(tablets)]
    round_pairings = await checked(connection, "PUT", f"/tournaments/{tid}/rounds/1/pairings", admin, {"pairings": pairings})
    games = []
    for pairing in round_pairings["items"]:
        token = await checked(connection, "POST", f"/tournaments/{tid}/tokens", admin,
                              {"role": "table", "pairing_id": pairing["id"], "label": f"table {pairing['table']}"})
        game = await checked(connection, "POST", f"/tournaments/{tid}/games", token["secret"], {"pairing_id": pairing["id"]})
        games.append((game["id"], token["secret"]))
    return games


async def tablet(base, game_id, token, moves, latencies, failures, start, think):
    connection = Connection(base)
    await start.wait()
    if think:
        # Tablets are not in step: each starts at its own moment.
        await asyncio.sleep(random.uniform(0, think))
    for number, point in enumerate(moves, start=1):
        if think:
            await asyncio.sleep(random.uniform(0.5 * think, 1.5 * think))
        body = {"turn": number, "action": "pass"} if point == "pass" else {"turn": number, "action": "move", "point": point}
        began = time.perf_counter()
        status, data = await connection.request("POST", f"/games/{game_id}/turns", token, body,
                                                {"Idempotency-Key": f"{game_id}-{number}"})
        latencies.append(time.perf_counter() - began)
        if status != 201:
            failures.append((status, data))
            return


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("admin")
    parser.add_argument("--tablets", type=int, default=200)
    parser.add_argument("--turns", type=int, default=183)
    parser.add_argument("--think-ms", type=float, default=0.0,
                        help="each tablet waits about this long between turns (uniform ±50%%; 0: as fast as answered)")
    arguments = parser.parse_args()
    games = await prepare(arguments.base, arguments.admin, arguments.tablets)
    moves = points(arguments.turns)
    latencies, failures, start = [], [], asyncio.Event()
    tasks = [asyncio.create_task(tablet(arguments.base, game, token, moves, latencies, failures, start, arguments.think_ms / 1000)) for game, token in games]
    await asyncio.sleep(0.2)
    began = time.perf_counter()
    start.set()
    await asyncio.gather(*tasks)
    seconds = time.perf_counter() - began
    latencies.sort()
    quantile = lambda q: round(1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))], 2)
    print(json.dumps({
        "tablets": arguments.tablets, "think_ms": arguments.think_ms, "turns": len(latencies), "seconds": round(seconds, 2),
        "turns_per_second": round(len(latencies) / seconds, 1),
        "p50_ms": quantile(0.50), "p99_ms": quantile(0.99), "max_ms": round(1000 * latencies[-1], 2),
        "failures": len(failures), "first_failure": failures[0] if failures else None,
    }))


if __name__ == "__main__":
    asyncio.run(main())
