#!/usr/bin/env python3
"""Times `POST /_restlite/reset` on a release `restlite serve --memory` seeded with N cats.

For each size: `restlite generate a3cats --rows N` into a temporary file, a server with
`--memory --seed FILE --port 0 --port-file F` on 127.0.0.1, then ROUNDS times: one POST (so
there is something to undo) and the reset, timed on the client from sending the request to the
last byte of the answer (so the figure includes one loopback round trip). Prints min, median
and max per size and the server's start to first answer. Stops each server by its PID.

Usage: bench/admin/reset.py [--binary .build/release/restlite] [--sizes 1000,10000,100000]
                            [--rounds 7]
"""

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

KEY = "resetbench00000000000001"


def request(port, method, path, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"x-apikey": KEY}
    if body is not None:
        headers["Content-Type"] = "application/json"
    started = time.perf_counter()
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    data = response.read()
    elapsed = time.perf_counter() - started
    connection.close()
    return response.status, data, elapsed


def measure(binary, size, rounds, folder):
    seed = os.path.join(folder, f"cats-{size}.json")
    with open(seed, "wb") as out:
        subprocess.run([binary, "generate", "a3cats", "--rows", str(size), "--seed", "7"],
                       stdout=out, check=True, timeout=300)
    port_file = os.path.join(folder, f"port-{size}")
    started = time.perf_counter()
    server = subprocess.Popen([binary, "serve", "--memory", "--quiet", "--apikey", KEY, "--port", "0",
                               "--port-file", port_file, "--seed", seed],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 300
        while not (os.path.exists(port_file) and os.path.getsize(port_file) > 0):
            if time.time() > deadline or server.poll() is not None:
                raise RuntimeError(f"server for {size} did not start")
            time.sleep(0.01)
        port = int(open(port_file).read().strip())
        status, _, _ = request(port, "GET", "/health")
        first_answer = time.perf_counter() - started
        assert status == 200, status
        times = []
        for _ in range(rounds):
            status, _, _ = request(port, "POST", "/rest/a3cats", json.dumps({"catName": "Extra"}))
            assert status == 201, status
            status, body, elapsed = request(port, "POST", "/_restlite/reset")
            assert status == 200, (status, body)
            times.append(elapsed * 1000)
        status, body, _ = request(port, "GET", "/rest/a3cats?max=1&totals=true")
        total = json.loads(body)["totals"]["total"]
        assert total == size, f"after the resets a3cats holds {total} documents, not {size}"
        return times, first_answer * 1000
    finally:
        server.kill()
        server.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/release/restlite")
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    if not 1 <= args.rounds <= 50:
        sys.exit("--rounds must be 1 to 50")
    with tempfile.TemporaryDirectory(prefix="restlite-reset-bench-") as folder:
        for size in [int(s) for s in args.sizes.split(",")]:
            times, first = measure(args.binary, size, args.rounds, folder)
            print(f"{size:>7} documents: reset min {min(times):.1f} ms, median "
                  f"{statistics.median(times):.1f} ms, max {max(times):.1f} ms over {len(times)} "
                  f"rounds (then {size} documents again); start to first answer {first:.0f} ms")


if __name__ == "__main__":
    main()
