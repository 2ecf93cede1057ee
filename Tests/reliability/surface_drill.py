#!/usr/bin/env python3
"""The keyless surface of `restlite serve` under attack (Python 3 standard library only).

Starts its own server on 127.0.0.1 port 0 (in memory), runs the cases below, prints one JSON
line per case and a summary, stops the server by its PID and exits non-zero when a case misses
its bound. Every wait is bounded.

  signin   17 keyless `POST /_console/session` with a 15 MiB Content-Length and a few bytes of
           body, 17 chunked ones that keep sending, and 17 small ones (Content-Length 8000)
           left unfinished: the large ones are refused at once (413), the small ones held.
           Meanwhile 8 keyed writes of 1 MiB each must answer 201 (none 503) and /health must
           answer with p99 under --health-ms. Reports the server's RSS.
  host     a foreign Host is refused (403, restdb's error body naming --allowed-host), also in
           front of the sign-in; loopback names with a port and HTTP/1.0 without Host answer.
  nosniff  a JSON answer, a 404, a parser error and an uploaded HTML file all carry
           `X-Content-Type-Options: nosniff`; the HTML file is an attachment under a CSP
           that sandboxes it.
  link     a server of its own (its banner read from standard output): the `console:` link
           carries a single-use code and not the key; it signs in once (303 and a cookie that
           works), then is a 401 HTML page that says what to do, as an unknown code is; an
           old link with `?key=` is a 400 HTML page; none of those sets a cookie or echoes
           the key.

Usage: surface_drill.py [--binary .build/debug/restlite] [--health-ms 50] [--only signin,host,link]
"""

import argparse
import json
import queue
import re
import socket
import subprocess
import sys
import threading
import time

from common import KEY, Server, emit, percentile, request

MIB = 1024 * 1024


def connect(port, timeout=10):
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def raw(port, data, timeout=10):
    """Sends `data` on a new connection and reads until the server closes; (status, head, body)."""
    with connect(port, timeout) as sock:
        sock.sendall(data)
        answer = b""
        while True:
            try:
                chunk = sock.recv(65536)
            except OSError:
                break
            if not chunk:
                break
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1]) if head.startswith(b"HTTP/1.") else 0
    fields = {}
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.decode("latin-1").partition(":")
        fields.setdefault(name.strip().lower(), []).append(value.strip())
    return status, fields, body


def first_answer(sock, wait=2.0):
    """The status of an answer already sent on `sock`, or "held" if none comes within `wait`."""
    sock.settimeout(wait)
    try:
        data = sock.recv(64)
    except socket.timeout:
        return "held"
    except OSError:
        return "closed"
    return data[9:12].decode() if data.startswith(b"HTTP/1.1 ") else "closed"


def sign_in_head(port, length=None, chunked=False):
    framing = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {length}"
    return (f"POST /_console/session HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Content-Type: application/json\r\n{framing}\r\n\r\n").encode()


def unfinished_sign_ins(port, count=17):
    """Three kinds of unfinished keyless bodies; returns every socket, and the sockets by kind."""
    held, outcomes = [], {"large": [], "chunked": [], "small": []}
    for _ in range(count):
        sock = connect(port)
        try:
            sock.sendall(sign_in_head(port, length=15 * MIB) + b'{"key":"' + b"x" * 1024)
        except OSError:
            pass
        held.append(sock)
        outcomes["large"].append(sock)
    for _ in range(count):
        sock = connect(port)
        try:
            sock.sendall(sign_in_head(port, chunked=True))
            for _ in range(16):  # 16 x 4 KiB: past the keyless cap of 8 KiB
                sock.sendall(b"1000\r\n" + b"x" * 4096 + b"\r\n")
        except OSError:
            pass
        held.append(sock)
        outcomes["chunked"].append(sock)
    for _ in range(count):
        sock = connect(port)
        sock.sendall(sign_in_head(port, length=8000) + b'{"key":"')
        held.append(sock)
        outcomes["small"].append(sock)
    return held, outcomes


def keyed_writes(port, count=8, size=MIB):
    statuses = []
    for index in range(count):
        body = json.dumps({"n": index, "pad": "x" * size}).encode()
        status, _, _ = request(port, "POST", "/rest/surface", body=body,
                               headers={"Content-Type": "application/json"})
        statuses.append(status)
    return statuses


def health_times(port, count=200):
    times = []
    for _ in range(count):
        started = time.monotonic()
        status, _, _ = request(port, "GET", "/health", key=None, timeout=10)
        times.append((time.monotonic() - started) * 1000)
        if status != 200:
            times[-1] = float("inf")
    return times


def case_signin(server, health_ms):
    rss_before = server.rss_kib()
    started = time.monotonic()
    probe = {}
    thread = threading.Thread(target=lambda: probe.update(times=health_times(server.port)))
    thread.start()
    held, sockets = unfinished_sign_ins(server.port)
    writes = keyed_writes(server.port)  # while every sign-in is still open
    answers = {kind: [first_answer(s, 2.0 if kind != "small" else 0.2) for s in socks]
               for kind, socks in sockets.items()}
    thread.join(timeout=60)
    rss_peak = server.rss_kib()
    for sock in held:
        sock.close()
    times = probe.get("times", [])
    p99 = percentile(times, 0.99)
    tally = {kind: {value: found.count(value) for value in set(found)} for kind, found in answers.items()}
    ok = (tally["large"] == {"413": 17} and tally["chunked"] == {"413": 17}
          and tally["small"] == {"held": 17} and writes == [201] * len(writes)
          and p99 is not None and p99 < health_ms and len(times) == 200)
    return {"case": "signin", "ok": ok, "answers": tally, "keyed_writes": writes,
            "health_p50_ms": round(percentile(times, 0.5) or 0, 2),
            "health_p99_ms": round(p99, 2) if p99 is not None else None, "health_bound_ms": health_ms,
            "rss_before_mib": round(rss_before / 1024, 1), "rss_held_mib": round(rss_peak / 1024, 1),
            "seconds": round(time.monotonic() - started, 2)}


def case_host(server):
    port = server.port
    checks = {}
    status, _, body = raw(port, f"GET /health HTTP/1.1\r\nHost: evil.example:{port}\r\n"
                                "Connection: close\r\n\r\n".encode())
    message = json.loads(body or b"{}")
    checks["foreign host refused"] = (status == 403 and message.get("name") == "Forbidden"
                                      and "--allowed-host evil.example" in message.get("message", ""))
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"):
        status, _, _ = raw(port, f"GET /health HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        checks[f"{host} answered"] = status == 200
    status, _, _ = raw(port, b"GET /health HTTP/1.0\r\n\r\n")
    checks["HTTP/1.0 without Host answered"] = status == 200
    sign_in = json.dumps({"key": KEY}).encode()
    status, fields, _ = raw(port, f"POST /_console/session HTTP/1.1\r\nHost: evil.example\r\n"
                                  f"Content-Type: application/json\r\nContent-Length: {len(sign_in)}\r\n"
                                  "Connection: close\r\n\r\n".encode() + sign_in)
    checks["sign-in behind a foreign host refused"] = status == 403 and "set-cookie" not in fields
    return {"case": "host", "ok": all(checks.values()), "checks": checks}


def case_nosniff(server):
    port = server.port
    boundary = "surfaceDrillBoundary"
    form = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"page.html\"\r\n"
            "Content-Type: text/html\r\n\r\n<script>alert(1)</script>\r\n"
            f"--{boundary}--\r\n").encode()
    status, _, body = request(port, "POST", "/media", body=form,
                              headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
    media_id = json.loads(body)["ids"][0] if status == 201 else "none"
    answers = {
        "health": raw(port, b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
        "404": raw(port, b"GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
        "parser 400": raw(port, b"GET /health HTTP/1.1\r\n\r\n"),
        "media": raw(port, f"GET /media/{media_id} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                           "Connection: close\r\n\r\n".encode()),
    }
    checks = {f"{name} nosniff": fields.get("x-content-type-options") == ["nosniff"]
              for name, (_, fields, _) in answers.items()}
    _, media_fields, _ = answers["media"]
    checks["media is an attachment"] = (media_fields.get("content-disposition") or [""])[0].startswith(
        "attachment; filename=\"page.html\"")
    checks["media CSP sandboxes"] = "sandbox" in (media_fields.get("content-security-policy") or [""])[0]
    return {"case": "nosniff", "ok": all(checks.values()), "checks": checks}


def banner_link(process, timeout=60):
    """The `console:` link of a server's banner, read line by line from its standard output
    by a thread, each line waited for at most until `timeout` from now."""
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True).start()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=max(0.01, deadline - time.monotonic()))
        except queue.Empty:
            break
        if line.startswith("console: "):
            return line.split()[1]
        if line.startswith("Press Ctrl-C"):
            break
    return None


def case_link(binary):
    process = subprocess.Popen([binary, "serve", "--memory", "--port", "0", "--apikey", KEY, "--no-admin"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                               start_new_session=True)
    checks = {}
    try:
        link = banner_link(process)
        match = re.fullmatch(r"http://127\.0\.0\.1:(\d+)(/_console/signin\?code=[0-9a-f]{32})", link or "")
        checks["the banner's link carries a code"] = match is not None
        checks["the link does not carry the key"] = link is not None and KEY not in link
        if match is None:
            return {"case": "link", "ok": False, "link": link, "checks": checks}
        port, path = int(match.group(1)), match.group(2)
        page = {"Accept": "text/html"}
        status, fields, _ = request(port, "GET", path, key=None, headers=page)
        cookie = (fields.get("set-cookie") or "").split(";")[0]
        checks["the link signs in (303 to /, a cookie)"] = (status == 303 and fields.get("location") == "/"
                                                            and cookie.startswith("restlite_session="))
        status, _, _ = request(port, "GET", "/_console/session", key=None, headers={"Cookie": cookie})
        checks["its session works"] = status == 200
        for name, target, code, text in (
                ("used again", path, 401, "This sign-in link cannot be used"),
                ("an unknown code", "/_console/signin?code=" + "0" * 32, 401, "This sign-in link cannot be used"),
                ("an old link with the key", "/_console/signin?key=" + KEY, 400, "no longer carry the key")):
            status, fields, body = request(port, "GET", target, key=None, headers=page)
            html = body.decode("utf-8", "replace")
            checks[f"{name}: {code}, a page saying what to do, no cookie"] = (
                status == code and fields.get("content-type", "").startswith("text/html")
                and text in html and "restlite keys list" in html and "set-cookie" not in fields
                and KEY not in html)
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)
    return {"case": "link", "ok": all(checks.values()), "checks": checks}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/debug/restlite")
    parser.add_argument("--health-ms", type=float, default=50)
    parser.add_argument("--only", default="signin,host,nosniff,link")
    args = parser.parse_args()
    wanted = args.only.split(",")
    results = []
    with Server(args.binary, memory=True, extra=["--no-admin"]) as server:
        if "signin" in wanted:
            results.append(case_signin(server, args.health_ms))
            emit(results[-1])
        if "host" in wanted:
            results.append(case_host(server))
            emit(results[-1])
        if "nosniff" in wanted:
            results.append(case_nosniff(server))
            emit(results[-1])
    if "link" in wanted:
        results.append(case_link(args.binary))
        emit(results[-1])
    failed = [r["case"] for r in results if not r["ok"]]
    emit({"summary": "surface", "failed": failed})
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
