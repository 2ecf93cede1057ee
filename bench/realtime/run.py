#!/usr/bin/env python3
"""Realtime figures: delivery latency to many subscribers, POST throughput with them attached,
and memory per idle subscriber. Starts `restlite serve --memory` on 127.0.0.1 (port 0), stops
it by its PID at the end. Python stdlib plus wrk (with bench/api/post.lua). Bounded: every
socket has a timeout, every wait a deadline.

Usage: bench/realtime/run.py [--binary PATH] [--subscribers 1000] [--writes 20] [--seconds 10]
"""
import argparse, os, resource, selectors, signal, socket, subprocess, sys, tempfile, threading, time, json

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KEY = "benchrealtimekey00000001"
# May GET only /rest/elsewhere: attached to the stream, it receives none of the benchmark's writes.
SCOPED = "benchrealtimescoped00001"


def arguments():
    parser = argparse.ArgumentParser()
    default = os.path.join(ROOT, ".build/release/restlite")
    parser.add_argument("--binary", default=default if os.path.exists(default) else os.path.join(ROOT, ".build/debug/restlite"))
    parser.add_argument("--subscribers", type=int, default=1000)
    parser.add_argument("--writes", type=int, default=20)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--connections", type=int, default=32)
    return parser.parse_args()


def memory_kib(pid):
    values = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, rest = line.partition(":")
            if name in ("VmRSS", "RssAnon"):
                values[name] = int(rest.split()[0])
    return values


def start_server(binary, folder):
    port_file = os.path.join(folder, "port")
    data = os.path.join(folder, "data")
    subprocess.run([binary, "keys", "add", "--data-dir", data, "--methods", "GET", "--path", "/elsewhere/**",
                    "--key", SCOPED], check=True, stdout=subprocess.DEVNULL, timeout=30)
    server = subprocess.Popen(
        [binary, "serve", "--data-dir", data, "--host", "127.0.0.1", "--port", "0", "--port-file", port_file,
         "--apikey", KEY, "--quiet", "--no-seed"],
        stdout=subprocess.DEVNULL, stderr=open(os.path.join(folder, "stderr"), "w"))
    deadline = time.time() + 30
    while time.time() < deadline:
        if os.path.exists(port_file) and open(port_file).read().strip():
            return server, int(open(port_file).read().strip())
        if server.poll() is not None:
            sys.exit("server exited: " + open(os.path.join(folder, "stderr")).read())
        time.sleep(0.05)
    server.kill()
    sys.exit("server did not start within 30 s")


def post(port, body):
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        data = body.encode()
        s.sendall(b"POST /rest/cats HTTP/1.1\r\nHost: x\r\nx-apikey: " + KEY.encode()
                  + b"\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: "
                  + str(len(data)).encode() + b"\r\n\r\n" + data)
        reply = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            reply += chunk
    assert reply.startswith(b"HTTP/1.1 201"), reply[:200]
    return json.loads(reply.partition(b"\r\n\r\n")[2])["_id"]


def subscribe(port, count, key=KEY):
    sockets = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall(f"GET /realtime?apikey={key} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        sockets.append(s)
    for s in sockets:
        head = b""
        while b"retry: 2000\n\n" not in head:
            chunk = s.recv(4096)
            if not chunk:
                sys.exit("a subscriber was closed while subscribing")
            head += chunk
        s.setblocking(False)
    return sockets


def wrk_post(port, seconds, threads, connections):
    env = dict(os.environ, BENCH_API_DIR=os.path.join(ROOT, "bench/api"))
    out = subprocess.run(
        ["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s", "--latency",
         "-s", os.path.join(ROOT, "bench/api/post.lua"), f"http://127.0.0.1:{port}/rest/cats", "--", KEY],
        capture_output=True, text=True, env=env, timeout=seconds + 60).stdout
    line = [l for l in out.splitlines() if l.startswith("RESULT")]
    return dict(field.split("=") for field in line[0].split()[1:]) if line else {"rps": "0"}


def measure_latency(port, sockets, writes):
    """Per write: the time from sending the POST until each subscriber holds its event."""
    selector = selectors.DefaultSelector()
    for index, s in enumerate(sockets):
        selector.register(s, selectors.EVENT_READ, index)
    samples = []
    for n in range(writes):
        buffers = [b""] * len(sockets)
        waiting = set(range(len(sockets)))
        started = time.perf_counter()
        id_holder = {}
        poster = threading.Thread(target=lambda: id_holder.setdefault("id", post(port, json.dumps({"n": n}))))
        poster.start()
        deadline = started + 10
        while waiting and time.perf_counter() < deadline:
            for key, _ in selector.select(timeout=0.5):
                index = key.data
                try:
                    chunk = key.fileobj.recv(65536)
                except BlockingIOError:
                    continue
                buffers[index] += chunk
                if index in waiting and b"event: post" in buffers[index] and buffers[index].endswith(b"\n\n"):
                    samples.append((time.perf_counter() - started) * 1000)
                    waiting.discard(index)
        poster.join(10)
        if waiting:
            print(f"write {n}: {len(waiting)} subscribers got no event within 10 s")
        time.sleep(0.05)
    selector.close()
    samples.sort()
    pick = lambda q: samples[min(len(samples) - 1, int(q * len(samples)))] if samples else float("nan")
    return pick(0.5), pick(0.99), max(samples) if samples else float("nan"), len(samples)


def drain(sockets, stop, counters):
    selector = selectors.DefaultSelector()
    for s in sockets:
        selector.register(s, selectors.EVENT_READ)
    while not stop.is_set():
        for key, _ in selector.select(timeout=0.2):
            try:
                chunk = key.fileobj.recv(1 << 20)
            except BlockingIOError:
                continue
            if not chunk:
                selector.unregister(key.fileobj)
                counters["closed"] += 1
            counters["bytes"] += len(chunk)
    selector.close()


def main():
    args = arguments()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    folder = tempfile.mkdtemp(prefix="restlite-realtime-bench-")
    server, port = start_server(args.binary, folder)
    print(f"binary {args.binary}, server pid {server.pid}, port {port}, load {os.getloadavg()[0]:.2f}")
    try:
        post(port, '{"warm":1}')
        baseline = wrk_post(port, args.seconds, args.threads, args.connections)
        print(f"POST without subscribers: {baseline['rps']} req/s, p99 {baseline.get('p99_ms')} ms")
        time.sleep(1)
        before = memory_kib(server.pid)
        scoped = subscribe(port, args.subscribers, SCOPED)
        time.sleep(1)
        after = memory_kib(server.pid)
        for name in ("VmRSS", "RssAnon"):
            per = (after[name] - before[name]) * 1024 / args.subscribers
            print(f"{name}: {before[name] / 1024:.1f} -> {after[name] / 1024:.1f} MiB, "
                  f"{per:.0f} bytes per idle subscriber")
        attached = wrk_post(port, args.seconds, args.threads, args.connections)
        ratio = float(attached["rps"]) / max(1.0, float(baseline["rps"]))
        print(f"POST with {args.subscribers} subscribers attached that may not read the collection: "
              f"{attached['rps']} req/s, p99 {attached.get('p99_ms')} ms ({ratio:.0%} of without)")
        for s in scoped:
            s.close()
        time.sleep(1)
        sockets = subscribe(port, args.subscribers)
        p50, p99, worst, count = measure_latency(port, sockets, args.writes)
        print(f"delivery to {args.subscribers} subscribers over {args.writes} writes ({count} deliveries): "
              f"p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {worst:.1f} ms")
        stop, counters = threading.Event(), {"closed": 0, "bytes": 0}
        drainer = threading.Thread(target=drain, args=(sockets, stop, counters))
        drainer.start()
        loaded = wrk_post(port, args.seconds, args.threads, args.connections)
        stop.set()
        drainer.join(10)
        ratio = float(loaded["rps"]) / max(1.0, float(baseline["rps"]))
        print(f"POST with {args.subscribers} subscribers receiving every event: {loaded['rps']} req/s, p99 {loaded.get('p99_ms')} ms "
              f"({ratio:.0%} of without); subscribers closed: {counters['closed']}, "
              f"event bytes read: {counters['bytes'] / 1e6:.1f} MB")
        for s in sockets:
            s.close()
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(5)


if __name__ == "__main__":
    main()
