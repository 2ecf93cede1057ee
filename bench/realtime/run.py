#!/usr/bin/env python3
"""Realtime figures: delivery latency to many subscribers, POST throughput with them attached,
and memory per idle subscriber. Starts `restlite serve` on a new data folder in /tmp
(127.0.0.1, port 0), stops it by its PID at the end. Python stdlib, wrk (with
bench/api/post.lua) and a C compiler: the subscribers that receive every event during the
throughput phase are bench/realtime/readers.c (epoll), built with `cc -O2` into a temp folder
at start, so the reader costs the shared cores little; `--python-readers` reads them from a
Python thread instead (the figures before 2026-11-25). Bounded: every socket has a timeout,
every wait a deadline, every process started is stopped by its PID.

Usage: bench/realtime/run.py [--binary PATH] [--subscribers 1000] [--writes 20] [--seconds 10]
                             [--python-readers] [--rounds N]

With --rounds N (readers.c only), N-1 more rounds follow the run, each a receiving phase then
POST alone again; every round's share is of the mean of the "alone" figures on either side of
it, and the median share of all N rounds is printed last: one "alone" figure moves by up to a
tenth between runs, so the median of several is the firmer figure.
"""
import argparse, os, resource, selectors, shutil, signal, socket, statistics, subprocess, sys, tempfile, threading, time, json

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
    parser.add_argument("--rounds", type=int, default=1,
                        help="receiving phases, each followed by POST alone (readers.c only); the median share is printed")
    parser.add_argument("--python-readers", action="store_true",
                        help="read the subscribers of the receiving-every-event phase from a Python thread "
                             "(selectors) instead of bench/realtime/readers.c")
    return parser.parse_args()


def memory_kib(pid):
    values = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, rest = line.partition(":")
            if name in ("VmRSS", "RssAnon"):
                values[name] = int(rest.split()[0])
    return values


def cpu_seconds(pid):
    """User plus system CPU time of a process so far (all its threads)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(binary, folder):
    port_file = os.path.join(folder, "port")
    data = os.path.join(folder, "data")
    subprocess.run([binary, "keys", "add", "--create", "--data-dir", data, "--methods", "GET", "--path", "/elsewhere/**",
                    "--key", SCOPED], check=True, stdout=subprocess.DEVNULL, timeout=30)
    server = subprocess.Popen(
        [binary, "serve", "--data-dir", data, "--host", "127.0.0.1", "--port", "0", "--port-file", port_file,
         "--apikey", KEY, "--quiet", "--no-seed", "--max-subscribers", "5000",
         "--max-subscribers-per-key", "5000"],
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
        s.sendall(b"POST /rest/cats HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: " + KEY.encode()
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
        s.sendall(f"GET /realtime?apikey={key} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
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


def build_readers(folder):
    """Compiles readers.c into `folder`; returns the binary's path."""
    binary = os.path.join(folder, "readers")
    source = os.path.join(ROOT, "bench/realtime/readers.c")
    subprocess.run([os.environ.get("CC", "cc"), "-O2", "-o", binary, source], check=True, timeout=120)
    return binary


def stop_process(process, timeout=10):
    """SIGTERM by PID, then SIGKILL if it has not ended within `timeout`."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)


def read_line(process, deadline):
    """One line of the process's stdout, or None when it ended or the deadline passed."""
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    try:
        while time.time() < deadline:
            if selector.select(timeout=max(0.0, min(0.5, deadline - time.time()))):
                line = process.stdout.readline()
                return line.decode().strip() if line else None
        return None
    finally:
        selector.close()


def receiving_phase_c(readers, port, args, server_pid):
    """wrk POSTs while readers.c holds `args.subscribers` subscribers that receive every event."""
    process = subprocess.Popen([readers, str(port), KEY, str(args.subscribers), str(args.seconds + 30)],
                               stdout=subprocess.PIPE)
    try:
        line = read_line(process, time.time() + 45)
        if not line or not line.startswith("READY"):
            sys.exit(f"readers did not get ready: {line!r}")
        before = cpu_seconds(server_pid), cpu_seconds(process.pid)
        loaded = wrk_post(port, args.seconds, args.threads, args.connections)
        after = cpu_seconds(server_pid), cpu_seconds(process.pid)
        time.sleep(1)  # the events still queued in the server reach the readers
        process.send_signal(signal.SIGTERM)
        result = read_line(process, time.time() + 10)
    finally:
        stop_process(process)
    counts = json.loads(result) if result else {}
    counts["server_cpu"], counts["readers_cpu"] = after[0] - before[0], after[1] - before[1]
    return loaded, counts


def receiving_phase_python(sockets, port, args):
    """wrk POSTs while a Python thread reads the subscribers of the latency phase."""
    stop, counters = threading.Event(), {"closed": 0, "bytes": 0}
    drainer = threading.Thread(target=drain, args=(sockets, stop, counters))
    drainer.start()
    loaded = wrk_post(port, args.seconds, args.threads, args.connections)
    stop.set()
    drainer.join(10)
    return loaded, counters


def main():
    args = arguments()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    folder = tempfile.mkdtemp(prefix="restlite-realtime-bench-")
    readers = None if args.python_readers else build_readers(folder)
    server, port = start_server(args.binary, folder)
    print(f"binary {args.binary}, server pid {server.pid}, port {port}, load {os.getloadavg()[0]:.2f}, "
          f"receiving subscribers read by {'Python (selectors)' if args.python_readers else 'readers.c (epoll)'}")
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
        if args.python_readers:
            loaded, counts = receiving_phase_python(sockets, port, args)
            for s in sockets:
                s.close()
        else:
            for s in sockets:
                s.close()
            time.sleep(1)
            loaded, counts = receiving_phase_c(readers, port, args, server.pid)
        ratio = float(loaded["rps"]) / max(1.0, float(baseline["rps"]))
        print(f"POST with {args.subscribers} subscribers receiving every event: {loaded['rps']} req/s, p99 {loaded.get('p99_ms')} ms "
              f"({ratio:.0%} of without); subscribers closed: {counts.get('closed')}, "
              f"event bytes read: {counts.get('bytes', 0) / 1e6:.1f} MB")
        if "events" in counts:
            expected = int(loaded.get("requests", 0)) * args.subscribers
            print(f"readers.c: {counts['ready']} subscribers, {counts['events']} events read "
                  f"(POSTs x subscribers = {expected}), {counts['reads']} reads in {counts['seconds']:.1f} s; "
                  f"CPU during the wrk run: server {counts['server_cpu']:.1f} s, readers {counts['readers_cpu']:.1f} s")
        time.sleep(1)
        after = wrk_post(port, args.seconds, args.threads, args.connections)
        print(f"POST without subscribers again, after them: {after['rps']} req/s, p99 {after.get('p99_ms')} ms "
              f"(receiving phase {float(loaded['rps']) / max(1.0, float(after['rps'])):.0%} of it; the machine's "
              f"other load moves both)")
        if counts.get("closed"):
            print(f"NOT VALID: the server closed {counts['closed']} subscribers (more than its queue limit unread: "
                  f"the readers fell behind), so the rest of the run had fewer subscribers to write to")
        if args.rounds > 1 and not args.python_readers:
            more_rounds(args, readers, port, server.pid, baseline, loaded, counts, after)
    finally:
        stop_process(server, 15)
        shutil.rmtree(folder, ignore_errors=True)


def more_rounds(args, readers, port, server_pid, baseline, loaded, counts, alone):
    """Rounds 2..N: a receiving phase, then POST alone; the median share over all rounds."""
    def share(receiving, before, after):
        return float(receiving["rps"]) / max(1.0, (float(before["rps"]) + float(after["rps"])) / 2)

    def deliveries(counts):
        return counts.get("events", 0) / max(0.01, counts.get("server_cpu", 0))

    shares = [share(loaded, baseline, alone)]
    print(f"round 1: {shares[0]:.0%} of POST alone on either side; "
          f"{deliveries(counts) / 1e6:.2f} M deliveries per server CPU-second")
    valid = not counts.get("closed")
    for number in range(2, args.rounds + 1):
        time.sleep(1)
        received, counted = receiving_phase_c(readers, port, args, server_pid)
        time.sleep(1)
        next_alone = wrk_post(port, args.seconds, args.threads, args.connections)
        shares.append(share(received, alone, next_alone))
        valid = valid and not counted.get("closed")
        print(f"round {number}: receiving {received['rps']} req/s, alone {alone['rps']} and {next_alone['rps']} "
              f"req/s: {shares[-1]:.0%}; closed {counted.get('closed')}; "
              f"{deliveries(counted) / 1e6:.2f} M deliveries per server CPU-second")
        alone = next_alone
    median = statistics.median(shares)
    print(f"median share over {len(shares)} rounds: {median:.0%} (rounds {', '.join(f'{x:.0%}' for x in shares)})"
          f"{'' if valid else '; NOT VALID: a round closed subscribers'}")


if __name__ == "__main__":
    main()
