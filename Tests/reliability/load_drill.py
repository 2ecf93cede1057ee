#!/usr/bin/env python3
"""Many clients, slow-loris sockets and idle connections against one `restlite serve`.

  crowd   CLIENTS keep-alive connections each sending GET /rest/a3cats?max=5 again as soon as
          the answer is in, plus LORIS sockets that send a request head one byte every 2 s
          (reopened when the server closes them), for SECONDS; meanwhile a probe client sends
          GET /health and GET /rest/a3cats/{id} on new connections every 100 ms. Every probe
          must answer 200 within 2 s; the crowd's answers must all be 200.
  idle    IDLE connections opened and left silent; the server's RSS growth per connection is
          reported (VmRSS from /proc), and a probe must still answer.

Quick mode (the default) uses 200 clients, 100 loris sockets, 15 s and 1,000 idle connections;
--long uses 1,000 clients, 500 loris sockets, 60 s and 10,000 idle connections. Everything runs
on 127.0.0.1 with bounded waits; the server is stopped by its PID.

Usage: load_drill.py [--binary .build/debug/restlite] [--long] [--only crowd,idle]
"""

import argparse
import errno
import json
import os
import selectors
import socket
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import KEY, Server, emit, percentile, raise_file_limit, request  # noqa: E402

LIST = ("GET /rest/a3cats?max=5 HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: %s\r\n\r\n" % KEY).encode()
LORIS_HEAD = b"GET /rest/a3cats HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: " + KEY.encode() + b"\r\nX-Slow: "


class Crowd(threading.Thread):
    """Keep-alive clients on one selector: each reads its answer whole, then asks again."""

    def __init__(self, port, count, deadline):
        super().__init__(daemon=True)
        self.port, self.count, self.deadline = port, count, deadline
        self.answers, self.bad, self.errors = 0, 0, 0

    def run(self):
        selector = selectors.DefaultSelector()
        for _ in range(self.count):
            self.open(selector)
        while time.time() < self.deadline:
            for key, _ in selector.select(timeout=0.2):
                self.readable(selector, key)
        for key in list(selector.get_map().values()):
            key.fileobj.close()
        selector.close()

    def open(self, selector):
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        sock.setblocking(False)
        sock.sendall(LIST)
        selector.register(sock, selectors.EVENT_READ, {"buffer": b""})

    def readable(self, selector, key):
        sock, state = key.fileobj, key.data
        try:
            chunk = sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if not chunk:
            self.errors += 1
            selector.unregister(sock)
            sock.close()
            if time.time() < self.deadline:
                self.open(selector)
            return
        state["buffer"] += chunk
        while True:
            buffer = state["buffer"]
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = buffer[:end].decode("latin-1")
            length = 0
            for line in head.split("\r\n")[1:]:
                name, _, value = line.partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            if len(buffer) < end + 4 + length:
                return
            state["buffer"] = buffer[end + 4 + length:]
            self.answers += 1
            if not head.startswith("HTTP/1.1 200"):
                self.bad += 1
            try:
                sock.send(LIST)
            except OSError:
                self.errors += 1


class Loris(threading.Thread):
    """Sockets that send a head one byte every 2 s, reopened when closed."""

    def __init__(self, port, count, deadline):
        super().__init__(daemon=True)
        self.port, self.count, self.deadline = port, count, deadline
        self.closed_by_server = 0

    def run(self):
        sockets = []
        for _ in range(self.count):
            sockets.append(self.open())
        while time.time() < self.deadline:
            time.sleep(2)
            for index, (sock, sent) in enumerate(sockets):
                try:
                    byte = LORIS_HEAD[sent:sent + 1] or b"a"
                    sock.send(byte)
                    sockets[index] = (sock, sent + 1)
                except OSError:
                    self.closed_by_server += 1
                    sock.close()
                    try:
                        sockets[index] = self.open()
                    except OSError:
                        pass
        for sock, _ in sockets:
            sock.close()

    def open(self):
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        sock.setblocking(False)
        return (sock, 0)


def probe_once(port, path):
    started = time.perf_counter()
    try:
        status, _, _ = request(port, "GET", path, timeout=5)
    except OSError as error:
        return None, str(error)
    return (time.perf_counter() - started) * 1000, status


def crowd(binary, clients, loris, seconds):
    with Server(binary, memory=True) as server:
        limit = server.open_files_limit()
        _, _, data = request(server.port, "GET", "/rest/a3cats?max=1")
        one = "/rest/a3cats/" + json.loads(data)[0]["_id"]
        deadline = time.time() + seconds
        crowds = [Crowd(server.port, clients // 4 + (1 if i < clients % 4 else 0), deadline) for i in range(4)]
        slow = Loris(server.port, loris, deadline)
        for thread in crowds + [slow]:
            thread.start()
        time.sleep(1)
        latencies, failures = [], []
        while time.time() < deadline - 0.5:
            for path in ("/health", one):
                milliseconds, status = probe_once(server.port, path)
                if milliseconds is None or status != 200 or milliseconds > 2000:
                    failures.append({"path": path, "ms": milliseconds, "status": status})
                else:
                    latencies.append(milliseconds)
            time.sleep(0.1)
        for thread in crowds + [slow]:
            thread.join(timeout=30)
        answers = sum(c.answers for c in crowds)
        bad = sum(c.bad for c in crowds)
        record = {
            "drill": "crowd", "clients": clients, "loris": loris, "seconds": seconds,
            "server_file_limit": limit, "crowd_answers": answers,
            "crowd_req_per_s": round(answers / max(1, seconds - 1)), "crowd_non_200": bad,
            "crowd_reconnects": sum(c.errors for c in crowds),
            "loris_closed_by_server": slow.closed_by_server,
            "probes": len(latencies) + len(failures), "probe_failures": len(failures),
            "probe_ms_p50": round(percentile(latencies, 0.5) or 0, 1),
            "probe_ms_p99": round(percentile(latencies, 0.99) or 0, 1),
            "probe_ms_max": round(max(latencies or [0]), 1),
        }
        record["ok"] = not failures and bad == 0 and answers > 0 and record["probes"] > 10
        if failures:
            record["failure_examples"] = failures[:5]
        return record


def idle(binary, count):
    with Server(binary, memory=True) as server:
        time.sleep(0.5)
        _, _, _ = request(server.port, "GET", "/health")
        before = server.rss_kib()
        sockets, refused = [], 0
        for _ in range(count):
            try:
                sockets.append(socket.create_connection(("127.0.0.1", server.port), timeout=5))
            except OSError as error:
                refused += 1
                if error.errno not in (errno.ECONNREFUSED, errno.EMFILE, errno.ECONNRESET, errno.ETIMEDOUT):
                    raise
        time.sleep(1.5)
        after = server.rss_kib()
        milliseconds, status = probe_once(server.port, "/health")
        for sock in sockets:
            sock.close()
        per = (after - before) * 1024 / max(1, len(sockets))
        record = {
            "drill": "idle", "connections": len(sockets), "refused": refused,
            "rss_before_kib": before, "rss_after_kib": after, "bytes_per_connection": round(per),
            "probe_status": status, "probe_ms": milliseconds and round(milliseconds, 1),
        }
        record["ok"] = status == 200 and refused == 0 and per < 16 * 1024
        return record


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/debug/restlite")
    parser.add_argument("--long", action="store_true")
    parser.add_argument("--only", default="crowd,idle")
    args = parser.parse_args()
    clients, loris, seconds, idle_count = (1000, 500, 60, 10000) if args.long else (200, 100, 15, 1000)
    raise_file_limit(idle_count + clients + loris + 1000)
    results = []
    for name in args.only.split(","):
        record = crowd(binary=args.binary, clients=clients, loris=loris, seconds=seconds) \
            if name == "crowd" else idle(args.binary, idle_count)
        emit(record)
        results.append(record)
    ok = all(r["ok"] for r in results)
    emit({"drill": "load", "ok": ok})
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
