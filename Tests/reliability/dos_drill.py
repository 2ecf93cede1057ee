#!/usr/bin/env python3
"""Denial-of-service drill for `restlite serve` (Python 3 standard library only).

Starts its own server on 127.0.0.1 port 0 with a temporary data folder, runs the scenarios
below, prints one JSON line per scenario and a summary, stops the server by its PID and exits
non-zero when a scenario misses its bound. Every wait is bounded.

  unkeyed   40 connections each POST a 15 MiB Content-Length without a key and send all but the
            last byte; the server's VmRSS (/proc/PID/status) is sampled: peak must stay < 64 MiB.
  keyed     the same with a valid key: bodies are read, up to --max-buffered (default 256 MiB);
            reports peak and settled RSS (no bound beyond the cap plus 64 MiB).
  slowbody  N connections (default 500) send a head and then one body byte every 5 s; all must
            be closed by the server within 60 s (--body-timeout, default 30 s).
  regex     4 concurrent `$regex` queries slow on every row plus /health and an ordinary read:
            the slow ones end in 400 within budget + 1 s, /health < 50 ms (reported; bound
            --health-ms), the ordinary read < budget + 0.5 s.

Usage: dos_drill.py [--binary .build/debug/restlite] [--only unkeyed,regex] [--slow-connections 500]
"""

import argparse
import json
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

KEY = "0123456789abcdef01234567"
MIB = 1024 * 1024
SLOW_QUERY = ("/rest/a3cats?q=%7B%22photoUrl%22%3A%7B%22%24regex%22%3A%22"
              "%5E(.*)(.*)(.*)(.*)(.*)X%22%7D%7D")


class Server:
    def __init__(self, binary, extra):
        self.folder = tempfile.mkdtemp(prefix="restlite-dos-")
        args = [binary, "serve", "--port", "0", "--data-dir", self.folder, "--quiet",
                "--apikey", KEY] + extra
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        text=True)
        self.port = self._read_port(deadline=time.time() + 60)

    def _read_port(self, deadline):
        while time.time() < deadline:
            ready, _, _ = select.select([self.process.stdout], [], [], 1)
            if ready:
                line = self.process.stdout.readline()
                if not line:
                    break
                match = re.search(r"listening on http://[^:]+:(\d+)", line)
                if match:
                    return int(match.group(1))
        self.stop()
        raise SystemExit("restlite serve did not print its port")

    def rss_kib(self):
        try:
            with open(f"/proc/{self.process.pid}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return 0

    def stop(self):
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=5)
        shutil.rmtree(self.folder, ignore_errors=True)


def connect(port, timeout=10):
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def request(port, target, key=KEY, timeout=15):
    """One GET; returns (status, body text, seconds)."""
    started = time.monotonic()
    with connect(port, timeout) as sock:
        key_line = f"x-apikey: {key}\r\n" if key else ""
        sock.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n{key_line}Connection: close\r\n\r\n".encode())
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1]) if head else 0
    return status, body.decode(errors="replace"), time.monotonic() - started


def big_bodies(server, with_key, connections=40, length=15 * MIB, seconds=20):
    """Sends the heads and all but the last byte on `connections` sockets; samples RSS."""
    start_rss = server.rss_kib()
    peak = [start_rss]
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], server.rss_kib())
            time.sleep(0.05)

    def send(index, results):
        chunk = b"x" * (256 * 1024)
        key_line = f"x-apikey: {KEY}\r\n" if with_key else ""
        sock = None
        try:
            sock = connect(server.port, timeout=seconds)
            sock.sendall(f"POST /rest/dos{index} HTTP/1.1\r\nHost: 127.0.0.1\r\n{key_line}"
                         f"Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n".encode())
            left = length - 1
            deadline = time.time() + seconds
            while left > 0 and time.time() < deadline:
                left -= sock.send(chunk[:min(left, len(chunk))])
        except OSError:
            pass  # refused and closed by the server: the point
        if sock is None:
            return
        try:
            sock.settimeout(0.5)
            answer = sock.recv(64)  # a refusal (401, 503) is waiting; an accepted body is not
            results[index] = (sock, answer[9:12].decode() if answer.startswith(b"HTTP/1.1 ") else "closed")
        except socket.timeout:
            results[index] = (sock, "held")
        except OSError:
            results[index] = (sock, "reset")

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    results = {}
    threads = [threading.Thread(target=send, args=(i, results), daemon=True) for i in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 5)
    held = peak[0]
    statuses = {}
    for sock, status in results.values():
        statuses[status] = statuses.get(status, 0) + 1
        sock.close()
    time.sleep(2)
    done.set()
    sampler.join(2)
    return {"start_rss_mib": round(start_rss / 1024, 1), "peak_rss_mib": round(held / 1024, 1),
            "after_close_rss_mib": round(server.rss_kib() / 1024, 1),
            "answers": statuses}


def slow_bodies(server, connections, limit_seconds=60, interval=5):
    """Heads, then one body byte every `interval` s; how long until the server closed them all."""
    socks = []
    for index in range(connections):
        try:
            sock = connect(server.port)
            sock.sendall(f"POST /rest/slow HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: {KEY}\r\n"
                         f"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n".encode())
            sock.setblocking(False)
            socks.append(sock)
        except OSError:
            pass
    started = time.monotonic()
    open_socks = set(socks)
    statuses = {}
    next_byte = started
    while open_socks and time.monotonic() - started < limit_seconds + 5:
        if time.monotonic() >= next_byte:
            for sock in list(open_socks):
                try:
                    sock.send(b" ")
                except OSError:
                    pass
            next_byte += interval
        ready, _, _ = select.select(list(open_socks), [], [], 0.5)
        for sock in ready:
            try:
                data = sock.recv(65536)
            except OSError:
                data = b""
            if data.startswith(b"HTTP/1.1 "):
                statuses[data[9:12].decode()] = statuses.get(data[9:12].decode(), 0) + 1
            if not data or b"\r\n\r\n" in data:
                open_socks.discard(sock)
                sock.close()
    elapsed = time.monotonic() - started
    for sock in open_socks:
        sock.close()
    return {"connections": len(socks), "still_open": len(open_socks),
            "all_closed_after_s": round(elapsed, 1), "statuses": statuses,
            "ok": not open_socks and elapsed <= limit_seconds}


def slow_queries(server, budget_seconds, health_ms):
    results = [None] * 4

    def run(index):
        results[index] = request(server.port, SLOW_QUERY)

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(4)]
    for thread in threads:
        thread.start()
    ordinary = {}
    ordinary_thread = threading.Thread(
        target=lambda: ordinary.update(result=request(server.port, "/rest/a3cats?max=5")), daemon=True)
    ordinary_thread.start()
    time.sleep(0.3)
    health = [request(server.port, "/health", key=None)[2] for _ in range(5)]
    for thread in threads + [ordinary_thread]:
        thread.join(30)
    slow_ok = all(r and r[0] == 400 and "budget" in r[1] and r[2] < budget_seconds + 1 for r in results)
    ordinary_result = ordinary.get("result", (0, "", 99))
    worst_health = max(health) * 1000
    return {"slow_statuses": [r[0] if r else None for r in results],
            "slow_seconds": [round(r[2], 2) if r else None for r in results],
            "health_ms": [round(h * 1000, 1) for h in health],
            "ordinary_status": ordinary_result[0], "ordinary_seconds": round(ordinary_result[2], 2),
            "ok": slow_ok and worst_health < health_ms and ordinary_result[0] == 200
            and ordinary_result[2] < budget_seconds + 0.5}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=".build/debug/restlite")
    parser.add_argument("--only", default="unkeyed,keyed,slowbody,regex")
    parser.add_argument("--slow-connections", type=int, default=500)
    parser.add_argument("--health-ms", type=float, default=50)
    arguments = parser.parse_args()
    scenarios = arguments.only.split(",")
    failures = 0
    server = Server(arguments.binary, [])
    try:
        if "unkeyed" in scenarios:
            result = big_bodies(server, with_key=False)
            result["ok"] = result["peak_rss_mib"] < 64
            print(json.dumps({"scenario": "unkeyed", **result}), flush=True)
            failures += not result["ok"]
        if "keyed" in scenarios:
            result = big_bodies(server, with_key=True)
            result["ok"] = result["peak_rss_mib"] < 256 + 64
            print(json.dumps({"scenario": "keyed", **result}), flush=True)
            failures += not result["ok"]
        if "regex" in scenarios:
            result = slow_queries(server, budget_seconds=2, health_ms=arguments.health_ms)
            print(json.dumps({"scenario": "regex", **result}), flush=True)
            failures += not result["ok"]
        if "slowbody" in scenarios:
            result = slow_bodies(server, arguments.slow_connections)
            print(json.dumps({"scenario": "slowbody", **result}), flush=True)
            failures += not result["ok"]
    finally:
        server.stop()
    print(json.dumps({"drill": "dos", "failures": failures}))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
