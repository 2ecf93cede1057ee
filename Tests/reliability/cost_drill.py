#!/usr/bin/env python3
"""What a keyless request may cost (Python 3 standard library only; see docs/SECURITY.md).

Starts its own `restlite serve --memory` on 127.0.0.1 port 0, runs the two scenarios below
while a prober asks `GET /health` every 20 ms, prints one JSON line per scenario and a
summary, stops the server by its PID and exits non-zero when a bound is missed. Every wait is
bounded.

  pictures    N clients each ask for the largest picture the server allows, as a BMP (the most
              bytes a pixel of any format: 2048x2048 is the largest answer the caps let through), each in
              its own colour (--long: 40 clients, the default --max-picture-pixels, 2048x2048,
              12 MiB each; quick: 12 clients, the server started with --max-picture-pixels
              1048576, so 1024x1024, 3 MiB), read the first bytes of the answer and then never
              read again. The
              server's VmRSS (/proc/PID/status) is sampled until every client has its first
              bytes and for 3 s more (10 s with --long): the peak must stay under --rss-mb
              (200 MB, decimal, as the bound is stated).
  thumbnails  a 310 KB PNG declaring 6320x6320 RGBA at 16 bits with cut-off data, and a
              2000x2000 one cut off the same way (small enough to be decoded, and to fail), are
              uploaded; 8 clients then ask for `?s=t` of each, without a key, for R rounds
              (3, or 10 with --long). Every answer must be 400 (or 503 with Retry-After while
              the decode pool is full), the peak RSS under --rss-mb, and the rounds after the
              first must be quick (the failure is remembered: under 1 s each).

/health's 99th percentile over the whole run must stay under --health-ms.
"""

import argparse
import json
import os
import socket
import struct
import sys
import threading
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import KEY, Server, emit, percentile, request  # noqa: E402

MIB = 1024 * 1024


class RSSWatch:
    """Samples the server's VmRSS every 20 ms on its own thread."""

    def __init__(self, server):
        self.server = server
        self.peak = server.rss_kib()
        self.start = self.peak
        self.running = True
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        while self.running:
            self.peak = max(self.peak, self.server.rss_kib())
            time.sleep(0.02)

    def stop(self):
        self.running = False
        self.thread.join(timeout=5)
        return self.peak


class HealthProbe:
    """Asks GET /health every 20 ms on one keep-alive connection; keeps the latencies."""

    def __init__(self, port):
        self.port = port
        self.latencies = []
        self.failures = 0
        self.running = True
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        sock = None
        while self.running:
            try:
                if sock is None:
                    sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                started = time.monotonic()
                sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                data = b""
                while b"\r\n\r\n" not in data or not data.endswith(b"}"):
                    chunk = sock.recv(4096)
                    if not chunk:
                        raise OSError("closed")
                    data += chunk
                self.latencies.append((time.monotonic() - started) * 1000)
            except OSError:
                self.failures += 1
                if sock is not None:
                    sock.close()
                sock = None
            time.sleep(0.02)
        if sock is not None:
            sock.close()

    def stop(self):
        self.running = False
        self.thread.join(timeout=10)


def slow_picture_readers(server, clients, side, rss_mb, hold_seconds):
    watch = RSSWatch(server)
    sockets = []
    started = time.monotonic()
    for index in range(clients):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.settimeout(120)
        sock.connect(("127.0.0.1", server.port))
        colour = "%02x%02x%02x" % (index * 5 % 256, 255 - index * 3 % 256, index * 11 % 256)
        sock.sendall(f"GET /dummyimage/{side}x{side}.bmp/{colour} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        sockets.append(sock)
    statuses = []
    for sock in sockets:
        try:
            first = sock.recv(64)
            statuses.append(int(first.split(b" ")[1]) if first.startswith(b"HTTP/1.1 ") else 0)
        except (OSError, ValueError, IndexError):
            statuses.append(0)
    all_started = time.monotonic() - started
    deadline = time.monotonic() + hold_seconds
    while time.monotonic() < deadline:
        time.sleep(0.05)
    peak = watch.stop()
    for sock in sockets:
        sock.close()
    ok = statuses.count(200) == clients and peak * 1024 < rss_mb * 1e6
    return {"scenario": "pictures", "clients": clients, "picture": f"{side}x{side} BMP ({side * side * 3 / MIB:.0f} MiB)",
            "statuses": {str(s): statuses.count(s) for s in sorted(set(statuses))},
            "seconds_until_every_answer_began": round(all_started, 1), "held_seconds": hold_seconds,
            "rss_start_mib": round(watch.start / 1024, 1), "rss_peak_mib": round(peak / 1024, 1),
            "rss_peak_mb": round(peak * 1024 / 1e6, 1), "bound_mb": rss_mb, "ok": ok}


def cut_png(width, height, depth, colour_type, data_bytes):
    """A PNG whose header declares `width`x`height` and whose IDAT is `data_bytes` of a zlib
    stream that was cut off (random rows, so they do not compress away)."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = os.urandom(data_bytes * 2)
    compressed = zlib.compress(rows, 1)[:data_bytes]
    header = struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", compressed) + chunk(b"IEND", b"")


def upload(port, name, data):
    boundary = "----costdrill0123"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
            f"Content-Type: image/png\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    status, _, answer = request(port, "POST", "/media", body=body,
                                headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
    if status != 201:
        raise SystemExit(f"upload failed: {status} {answer[:200]!r}")
    return json.loads(answer)["ids"][0]


def bad_thumbnails(server, rounds, rss_mb):
    huge = upload(server.port, "huge.png", cut_png(6320, 6320, 16, 6, 310 * 1024))
    cut = upload(server.port, "cut.png", cut_png(2000, 2000, 8, 2, 310 * 1024))
    watch = RSSWatch(server)
    results = []
    lock = threading.Lock()

    def client(media_id):
        started = time.monotonic()
        status, headers, _ = request(server.port, "GET", f"/media/{media_id}?s=t", key=None, timeout=60)
        with lock:
            results.append((media_id, status, headers.get("retry-after"), time.monotonic() - started))

    round_seconds = []
    for _ in range(rounds):
        started = time.monotonic()
        threads = [threading.Thread(target=client, args=(media_id,))
                   for media_id in (huge, cut) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        round_seconds.append(round(time.monotonic() - started, 2))
    peak = watch.stop()
    statuses = [status for _, status, _, _ in results]
    busy_ok = all(retry == "1" for _, status, retry, _ in results if status == 503)
    later_quick = all(seconds < 1 for seconds in round_seconds[1:])
    ok = (len(results) == 16 * rounds and set(statuses) <= {400, 503} and busy_ok
          and later_quick and peak * 1024 < rss_mb * 1e6)
    return {"scenario": "thumbnails", "clients": 16, "rounds": rounds,
            "statuses": {str(s): statuses.count(s) for s in sorted(set(statuses))},
            "round_seconds": round_seconds, "rss_start_mib": round(watch.start / 1024, 1),
            "rss_peak_mib": round(peak / 1024, 1), "rss_peak_mb": round(peak * 1024 / 1e6, 1),
            "bound_mb": rss_mb, "ok": ok}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--health-ms", type=float, default=50)
    parser.add_argument("--rss-mb", type=float, default=200, help="RSS bound in MB (10^6 bytes)")
    # run.sh passes its own mode flag through: --quick (the default) or --long.
    parser.add_argument("--quick", dest="mode", action="store_const", const="--quick", default="--quick")
    parser.add_argument("--long", dest="mode", action="store_const", const="--long")
    arguments = parser.parse_args()
    long_mode = arguments.mode == "--long"
    failed = []
    side = 2048 if long_mode else 1024
    extra = [] if long_mode else ["--max-picture-pixels", str(side * side)]
    with Server(arguments.binary, memory=True, extra=extra) as server:
        probe = HealthProbe(server.port)
        try:
            for result in (slow_picture_readers(server, 40 if long_mode else 12, side, arguments.rss_mb,
                                                10 if long_mode else 3),
                           bad_thumbnails(server, 10 if long_mode else 3, arguments.rss_mb)):
                emit(result)
                if not result["ok"]:
                    failed.append(result["scenario"])
        finally:
            probe.stop()
        p99 = percentile(probe.latencies, 0.99)
        health = {"scenario": "health", "probes": len(probe.latencies), "failures": probe.failures,
                  "p50_ms": round(percentile(probe.latencies, 0.5) or 0, 1),
                  "p99_ms": round(p99 or 0, 1), "max_ms": round(max(probe.latencies or [0]), 1),
                  "bound_ms": arguments.health_ms,
                  "ok": p99 is not None and p99 < arguments.health_ms and probe.failures == 0}
        emit(health)
        if not health["ok"]:
            failed.append("health")
    emit({"summary": "cost drill", "mode": arguments.mode, "failed": failed})
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
