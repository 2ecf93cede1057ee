#!/usr/bin/env python3
"""Open N keep-alive connections (each completes one request, then idles), measure the server's
RSS, and check that a further client is still answered quickly. Bounded: every socket has a
timeout and everything is closed at the end.
Usage: idle.py HOST PORT SERVER_PID [N]"""
import resource, socket, sys, time

host, port, pid = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
count = int(sys.argv[4]) if len(sys.argv) > 4 else 10000
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
request = f"GET /bench HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()

def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return -1

def read_response(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            raise RuntimeError("closed")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = int([l for l in head.split(b"\r\n") if l.lower().startswith(b"content-length")][0].split(b":")[1])
    while len(body) < length:
        body += sock.recv(4096)
    return head.split(b" ")[1]

print(f"server RSS before: {rss_mib(pid):.1f} MiB")
sockets = []
started = time.time()
try:
    for i in range(count):
        s = socket.create_connection((host, port), timeout=10)
        s.sendall(request)
        sockets.append(s)
    ok = sum(1 for s in sockets if read_response(s) == b"200")
    print(f"{count} connections opened, {ok} answered 200 in {time.time() - started:.1f} s; now idle")
    time.sleep(1)
    print(f"server RSS with {count} idle keep-alive connections: {rss_mib(pid):.1f} MiB")
    extra = socket.create_connection((host, port), timeout=5)
    t0 = time.perf_counter()
    extra.sendall(request)
    status = read_response(extra)
    print(f"further client: status {status.decode()} in {(time.perf_counter() - t0) * 1000:.2f} ms")
    extra.close()
    still = 0
    for s in sockets[:100]:
        s.sendall(request)
        still += read_response(s) == b"200"
    print(f"first 100 idle connections reused: {still} answered 200")
finally:
    for s in sockets:
        s.close()
