#!/usr/bin/env python3
"""The caps drill: silent realtime subscribers and an upload of many parts (Python 3 standard
library only).

Starts `restlite serve` on 127.0.0.1 port 0 with a temporary data folder (stopped by its PID),
then:

  subscribers  --subscribers N (default 5000; quick 500) `GET /realtime` streams on read-only
               keys that read their answer's head and then nothing: the first half on one key,
               the rest spread over other keys. Each key gets at most --max-subscribers-per-key
               (200) and the server at most --max-subscribers (1000, or the value given here);
               the rest must be 503 JSON errors with `Retry-After` naming the flag. Then 500 KB
               of writes (50 documents of 10 KB) fan out to every subscriber. The server's RSS
               is sampled all along: its peak must stay under --rss-cap-mib. /health is asked
               every 50 ms on a new connection: its p99 must stay under --health-ms. Then every
               stream is closed: the RSS must fall back to within --settle-mib of where it was
               before the streams opened, and a new stream on the first key must be admitted
               (the places were given back).
  upload       one `POST /media` of --parts 20000 one-byte files: a 413 JSON error naming
               --max-upload-parts within --upload-seconds, and no file in the media folder.

Prints one JSON line per scenario and a summary; exits 1 when a bound is missed.
Usage: limits_drill.py [--binary .build/debug/restlite] [--subscribers 500] [--health-ms 250]
"""

import argparse
import json
import os
import socket
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import KEY, Server, emit, percentile, raise_file_limit, request  # noqa: E402

MIB = 1024 * 1024


class Sampler:
    """Samples the server's RSS and /health latency until stopped."""

    def __init__(self, server):
        self.server = server
        self.peak_kib = 0
        self.health = []
        self.health_failures = 0
        self.stopping = threading.Event()
        self.threads = [threading.Thread(target=self._rss, daemon=True),
                        threading.Thread(target=self._probe, daemon=True)]

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc):
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout=10)

    def _rss(self):
        while not self.stopping.is_set():
            self.peak_kib = max(self.peak_kib, self.server.rss_kib())
            self.stopping.wait(0.02)

    def _probe(self):
        while not self.stopping.is_set():
            started = time.monotonic()
            try:
                status = request(self.server.port, "GET", "/health", key=None, timeout=5)[0]
                if status != 200:
                    self.health_failures += 1
            except OSError:
                self.health_failures += 1
            self.health.append((time.monotonic() - started) * 1000)
            self.stopping.wait(0.05)


def open_stream(port, key):
    """Opens one stream and reads only its head; answers (socket or None, status, head, body)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(("GET /realtime?apikey=%s HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  "Accept: text/event-stream\r\n\r\n" % key).encode())
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1]) if lines and lines[0].startswith("HTTP/") else 0
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    if status == 200:
        return sock, status, headers, b""  # never read again
    length = int(headers.get("content-length", "0"))
    while len(rest) < length:
        chunk = sock.recv(4096)
        if not chunk:
            break
        rest += chunk
    sock.close()
    return None, status, headers, rest


def refusal_problem(status, headers, body, flag):
    if status != 503:
        return "status %d" % status
    if not headers.get("retry-after", "").isdigit():
        return "no Retry-After"
    try:
        error = json.loads(body)
    except ValueError:
        return "body is not JSON"
    if error.get("status") != 503 or flag not in error.get("message", ""):
        return "message does not name %s: %r" % (flag, error.get("message"))
    return None


def subscribers(server, attempts, total_cap, per_key, health_ms, rss_cap_mib, settle_mib, write_kib):
    first_half = attempts // 2
    others = attempts - first_half
    other_keys = max(1, -(-others // (per_key * 3 // 4)))  # each under its own cap
    keys = []
    for _ in range(other_keys + 1):
        status, _, data = request(server.port, "POST", "/_restlite/keys", {"methods": ["GET"], "path": "/**"})
        assert status in (200, 201), status
        keys.append(json.loads(data)["key"])
    request(server.port, "POST", "/rest/drill", {"warm": True})
    assert request(server.port, "GET", "/rest/drill", key=keys[-1])[0] == 200
    before_kib = server.rss_kib()
    plan = [keys[0]] * first_half + [keys[1 + i % other_keys] for i in range(others)]
    streams, refusals, problems = [], {"per-key": 0, "total": 0}, []
    started = time.monotonic()
    with Sampler(server) as sampler:
        with ThreadPoolExecutor(max_workers=16) as pool:
            for phase in (plan[:first_half], plan[first_half:]):
                for sock, status, headers, body in pool.map(lambda key: open_stream(server.port, key), phase):
                    if sock is not None:
                        streams.append(sock)
                        continue
                    message = body.decode("utf-8", "replace")
                    flag = "--max-subscribers-per-key" if "per-key" in message else "--max-subscribers"
                    refusals["per-key" if "per-key" in message else "total"] += 1
                    problem = refusal_problem(status, headers, body, flag)
                    if problem and len(problems) < 5:
                        problems.append(problem)
        opened_s = time.monotonic() - started
        filler = "x" * 10_000
        for index in range(max(1, write_kib // 10)):
            status = request(server.port, "POST", "/rest/drill", {"n": index, "filler": filler})[0]
            if status != 201:
                problems.append("write answered %d" % status)
        time.sleep(2)  # the fan-out settles; the queue budget closes the slowest
        peak_kib = sampler.peak_kib
        for sock in streams:
            sock.close()
        closed_at = time.monotonic()
        settled_kib = server.rss_kib()
        while time.monotonic() - closed_at < 20:
            settled_kib = server.rss_kib()
            if settled_kib <= before_kib + settle_mib * 1024:
                break
            time.sleep(0.2)
        settle_s = time.monotonic() - closed_at
    expected = min(total_cap, min(first_half, per_key) + others)
    again, status, _, _ = open_stream(server.port, keys[0])
    if again is not None:
        again.close()
    p99 = percentile(sampler.health, 0.99) or 0
    ok = (not problems and len(streams) == expected and status == 200 and sampler.health_failures == 0
          and p99 < health_ms and peak_kib < rss_cap_mib * 1024
          and settled_kib <= before_kib + settle_mib * 1024)
    return {"scenario": "subscribers", "attempts": attempts, "written_kb": write_kib, "admitted": len(streams), "expected": expected,
            "refused": refusals, "open_s": round(opened_s, 1), "rss_before_mib": round(before_kib / 1024, 1),
            "rss_peak_mib": round(peak_kib / 1024, 1), "rss_cap_mib": rss_cap_mib,
            "rss_after_close_mib": round(settled_kib / 1024, 1), "settle_s": round(settle_s, 1),
            "admitted_after_close": status == 200, "health_probes": len(sampler.health),
            "health_p99_ms": round(p99, 1), "health_failures": sampler.health_failures,
            "problems": problems, "ok": ok}


def upload(server, parts, bound_s):
    boundary = "drill" + uuid.uuid4().hex
    body = b"".join(b"--%s\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p%d.txt\"\r\n\r\nx\r\n"
                    % (boundary.encode(), index) for index in range(parts)) + b"--%s--\r\n" % boundary.encode()
    started = time.monotonic()
    status, _, data = request(server.port, "POST", "/media", body=body,
                              headers={"Content-Type": "multipart/form-data; boundary=" + boundary}, timeout=120)
    took = time.monotonic() - started
    try:
        message = json.loads(data).get("message", "")
    except ValueError:
        message = ""
    media = os.path.join(server.folder, "media")
    files = [name for name in os.listdir(media) if not name.startswith(".")] if os.path.isdir(media) else []
    listed = json.loads(request(server.port, "GET", "/media")[2])
    ok = status == 413 and "--max-upload-parts" in message and took < bound_s and not files and not listed
    return {"scenario": "upload", "parts": parts, "body_bytes": len(body), "status": status,
            "seconds": round(took, 2), "bound_s": bound_s, "files_written": len(files),
            "message": message[:120], "ok": ok}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/debug/restlite")
    parser.add_argument("--subscribers", type=int, default=5000)
    parser.add_argument("--max-subscribers", type=int, default=1000, help="passed to serve")
    parser.add_argument("--max-subscribers-per-key", type=int, default=200, help="passed to serve")
    parser.add_argument("--health-ms", type=float, default=50)
    parser.add_argument("--rss-cap-mib", type=float, default=160)
    parser.add_argument("--settle-mib", type=float, default=32)
    parser.add_argument("--write-kib", type=int, default=3000,
                        help="KB of documents written (10 KB each) while the streams are open")
    parser.add_argument("--parts", type=int, default=20000)
    parser.add_argument("--upload-seconds", type=float, default=10)
    args = parser.parse_args()
    raise_file_limit(args.subscribers + 200)
    extra = ["--max-subscribers", str(args.max_subscribers),
             "--max-subscribers-per-key", str(args.max_subscribers_per_key)]
    results = []
    with Server(args.binary, extra=extra) as server:
        results.append(subscribers(server, args.subscribers, args.max_subscribers, args.max_subscribers_per_key,
                                   args.health_ms, args.rss_cap_mib, args.settle_mib, args.write_kib))
        emit(results[-1])
        results.append(upload(server, args.parts, args.upload_seconds))
        emit(results[-1])
    ok = all(result["ok"] for result in results)
    emit({"drill": "limits", "ok": ok})
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
