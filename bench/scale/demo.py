#!/usr/bin/env python3
"""The scale demo (docs/SCALING.md): several restlite processes on one PostgreSQL behind HAProxy.

Starts, all on this machine and stopped by their PIDs at the end:
  - a throwaway PostgreSQL cluster (initdb into a temporary folder, a Unix socket only, fsync on),
  - --processes restlite servers (`restlite serve --database ...`, each with its own data folder,
    port 0), the first of which seeds the new database with the a3cats of seed/a3cats.json,
  - HAProxy (Debian's `haproxy`) in front of them on a free loopback port: round robin, `/health`
    checked every 500 ms, a request that cannot connect to a server retried on another.

Then --clients threads run the course app's requests through the balancer for --seconds: list the
cats, add one (POST), read it, edit it (PUT), and delete every fifth. With faults (the default),
one restlite process is killed with SIGKILL a third of the way in, and PostgreSQL is restarted
(`pg_ctl restart -m fast`) at two thirds. At the end every acknowledged write is checked through
the balancer: each cat whose POST was answered 201 and not deleted must be there with its last
acknowledged edit, each acknowledged DELETE gone.

Prints the figures: requests and req/s per phase, p50/p99 latency, answers by status, the failed
requests at the kill (at most one in flight per client may fail), the 503s while PostgreSQL was
gone, acknowledged writes, lost and duplicated ones. Exits 1 when a write was lost or duplicated,
when a request failed (no answer, or the balancer's 502) other than in flight at the kill, or when
an answer was neither 2xx, 404 for a deleted cat, nor 503.

With --throughput SECONDS, no demo: wrk runs the list and POST through the balancer at -t2 -c32
(docs/SCALING.md's figures for 1, 2 and 3 processes; --sqlite for one process on SQLite).

Usage: bench/scale/demo.py [--processes 3] [--clients 16] [--seconds 30] [--no-faults]
                           [--throughput SECONDS [--sqlite]] [--binary .build/release/restlite]
Needs: a release build (`swift build -c release --product restlite`), PostgreSQL's server
binaries (`apt install postgresql`) and HAProxy (`apt install haproxy`).
"""

import argparse
import glob
import http.client
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KEY = "scaledemo0123456789abcdef"


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def percentile(values, fraction):
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


class Cluster:
    """A throwaway PostgreSQL cluster on a Unix socket in its own folder."""

    def __init__(self, folder):
        self.folder = folder
        self.bin = os.environ.get("RESTLITE_PG_BIN") or (sorted(glob.glob("/usr/lib/postgresql/*/bin")) or [""])[-1]
        if not os.path.exists(os.path.join(self.bin, "initdb")):
            sys.exit("no PostgreSQL server binaries: apt install postgresql")
        self.run_as = ["/usr/sbin/runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
        self.data = os.path.join(folder, "data")
        self.port = free_port()
        os.makedirs(folder, exist_ok=True)
        if self.run_as:
            shutil.chown(folder, "postgres")
        subprocess.run(self.run_as + [os.path.join(self.bin, "initdb"), "-D", self.data, "-A", "trust", "-U",
                                      "restlite", "--locale=C", "-E", "UTF8"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.options = "-k %s -c listen_addresses='' -p %d -c fsync=on -c max_connections=200" % (folder, self.port)
        self.pg_ctl("start")
        subprocess.run(self.run_as + [os.path.join(self.bin, "createdb"), "-h", folder, "-p", str(self.port), "-U",
                                      "restlite", "demo"], check=True)
        self.url = "postgresql:///demo?host=%s&port=%d&user=restlite" % (folder, self.port)

    def pg_ctl(self, action, *extra):
        subprocess.run(self.run_as + [os.path.join(self.bin, "pg_ctl"), "-D", self.data, "-l",
                                      os.path.join(self.folder, "server.log"), "-w", "-o", self.options,
                                      *extra, action],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)

    def stop(self):
        try:
            self.pg_ctl("stop", "-m", "immediate")
        except (subprocess.SubprocessError, OSError):
            pass


class Restlite:
    """One `restlite serve` on the shared database (on its own SQLite file when `database` is None)."""

    def __init__(self, binary, folder, database, name):
        self.name = name
        os.makedirs(folder, exist_ok=True)
        port_file = os.path.join(folder, "port")
        engine = ["--database", database] if database else []
        self.process = subprocess.Popen(
            [binary, "serve", *engine, "--data-dir", os.path.join(folder, "data"), "--host",
             "127.0.0.1", "--port", "0", "--port-file", port_file, "--apikey", KEY, "--quiet"],
            stdout=subprocess.DEVNULL, stderr=open(os.path.join(folder, "stderr"), "w"))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                sys.exit("%s stopped at start: %s" % (name, open(os.path.join(folder, "stderr")).read()[-2000:]))
            try:
                self.port = int(open(port_file).read().strip())
                break
            except (OSError, ValueError):
                time.sleep(0.05)
        else:
            sys.exit("%s wrote no port in 60 s" % name)

    def stop(self, sig=signal.SIGTERM):
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class Balancer:
    """HAProxy in front of the restlite processes."""

    def __init__(self, folder, servers):
        binary = shutil.which("haproxy") or "/usr/sbin/haproxy"
        if not os.path.exists(binary):
            sys.exit("no HAProxy: apt install haproxy")
        self.port = free_port()
        config = os.path.join(folder, "haproxy.cfg")
        lines = [
            "global", "    maxconn 4000",
            "defaults", "    mode http", "    timeout connect 2s", "    timeout client 60s", "    timeout server 60s",
            # A request that could not reach a server (it was just killed) goes to another one;
            # nothing that a server may have begun is sent twice.
            "    retries 3", "    option redispatch 1", "    retry-on conn-failure",
            "frontend front", "    bind 127.0.0.1:%d" % self.port, "    default_backend restlite",
            "backend restlite", "    balance roundrobin", "    option httpchk",
            "    http-check send meth GET uri /health hdr Host 127.0.0.1",
            "    default-server inter 500ms fall 2 rise 1",
        ]
        lines += ["    server %s 127.0.0.1:%d check" % (server.name, server.port) for server in servers]
        with open(config, "w") as handle:
            handle.write("\n".join(lines) + "\n")
        self.process = subprocess.Popen([binary, "-f", config, "-db"], stdout=subprocess.DEVNULL,
                                        stderr=open(os.path.join(folder, "haproxy.err"), "w"))
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                if request(self.port, "GET", "/health", key=None)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        sys.exit("HAProxy did not answer /health in 15 s")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=15)


def request(port, method, path, body=None, key=KEY, connection=None, timeout=30):
    """One request; answers (status, headers, body bytes, connection to reuse or None)."""
    own = connection is None
    if own:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Host": "127.0.0.1:%d" % port}
    if key:
        headers["x-apikey"] = key
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    connection.request(method, path, body=data, headers=headers)
    response = connection.getresponse()
    payload = response.read()
    result = (response.status, dict(response.getheaders()), payload)
    if own:
        connection.close()
    return result


class Load:
    """The course app's requests from --clients threads, every answer recorded."""

    def __init__(self, port, clients, run):
        self.port = port
        self.run = run
        self.lock = threading.Lock()
        self.samples = []  # (start time, seconds, status or 0 for a failed request, method)
        self.written = {}  # id -> (name, whether its edit was acknowledged)
        self.deleted = set()
        self.stopping = threading.Event()
        self.threads = [threading.Thread(target=self.client, args=(number,), daemon=True)
                        for number in range(clients)]

    def start(self):
        for thread in self.threads:
            thread.start()

    def stop(self):
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout=60)

    def call(self, state, method, path, body=None):
        started = time.monotonic()
        try:
            if state["connection"] is None:
                state["connection"] = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            status, headers, payload = request(self.port, method, path, body, connection=state["connection"])
            if headers.get("Connection", "").lower() == "close":
                state["connection"].close()
                state["connection"] = None
        except (OSError, http.client.HTTPException):
            if state["connection"] is not None:
                state["connection"].close()
            state["connection"] = None
            status, payload = 0, b""
        with self.lock:
            self.samples.append((started, time.monotonic() - started, status, method))
        return status, payload

    def client(self, number):
        state = {"connection": None}
        rng = random.Random(number)
        count = 0
        while not self.stopping.is_set():
            count += 1
            status, _ = self.call(state, "GET", "/rest/a3cats?max=20")
            name = "Demo %d-%d" % (number, count)
            status, payload = self.call(state, "POST", "/rest/a3cats",
                                        {"name": name, "run": self.run, "weightKg": round(rng.uniform(2, 7), 1)})
            if status == 503:
                time.sleep(0.2)
                continue
            if status != 201:
                continue
            cat = json.loads(payload)["_id"]
            with self.lock:
                self.written[cat] = (name, False)
            self.call(state, "GET", "/rest/a3cats/" + cat)
            status, _ = self.call(state, "PUT", "/rest/a3cats/" + cat, {"name": name + " (edited)"})
            if status == 200:
                with self.lock:
                    self.written[cat] = (name, True)
            if count % 5 == 0:
                status, _ = self.call(state, "DELETE", "/rest/a3cats/" + cat)
                if status == 200:
                    with self.lock:
                        self.deleted.add(cat)


def verify(port, load):
    """Every acknowledged cat there with its last acknowledged name, every acknowledged delete gone."""
    query = json.dumps({"run": load.run})
    status, _, payload = request(port, "GET", "/rest/a3cats?max=1000000&q=" + query.replace(" ", ""))
    if status != 200:
        return {"verified": False, "status": status}
    stored = json.loads(payload)
    ids = [cat["_id"] for cat in stored]
    names = {cat["_id"]: cat.get("name") for cat in stored}
    expected = set(load.written) - load.deleted
    lost = sorted(cat for cat in expected if cat not in names)
    # A PUT whose answer was lost (a 503 or a failure) may or may not have been applied; an
    # acknowledged one must be there.
    def kept(cat):
        name, edited = load.written[cat]
        return names[cat] == name + " (edited)" or (not edited and names[cat] == name)

    stale = sorted(cat for cat in expected if cat in names and not kept(cat))
    resurrected = sorted(cat for cat in load.deleted if cat in names)
    return {"verified": True, "acknowledged": len(load.written), "deleted": len(load.deleted),
            "stored": len(ids), "lost": len(lost), "lost_edits": len(stale), "deleted_back": len(resurrected),
            # One POST stored twice would be two ids with the same name.
            "duplicated": len(ids) - len(set(ids)) + len(stored) - len({cat.get("name", "").replace(" (edited)", "")
                                                                         for cat in stored})}


def phase_figures(samples, start, end):
    chosen = [sample for sample in samples if start <= sample[0] < end]
    statuses = {}
    for sample in chosen:
        statuses[str(sample[2])] = statuses.get(str(sample[2]), 0) + 1
    seconds = max(0.001, end - start)
    latencies = [sample[1] * 1000 for sample in chosen if sample[2] and sample[2] < 500]
    return {"requests": len(chosen), "req_per_s": round(len(chosen) / seconds), "p50_ms":
            round(percentile(latencies, 0.5), 1), "p99_ms": round(percentile(latencies, 0.99), 1),
            "statuses": dict(sorted(statuses.items()))}


def throughput(port, seconds):
    """wrk through the balancer at -t2 -c32: the course app's list, and adding a cat."""
    if not shutil.which("wrk"):
        sys.exit("no wrk: apt install wrk")
    script = os.path.join(tempfile.mkdtemp(prefix="restlite-scale-wrk-"), "post.lua")
    with open(script, "w") as handle:
        handle.write('wrk.method = "POST"\nwrk.headers["x-apikey"] = "%s"\n'
                     'wrk.headers["Content-Type"] = "application/json"\n'
                     'wrk.body = \'{"name":"Bench","weightKg":4.2}\'\n' % KEY)
    figures = {}
    for label, extra, path in (("GET /rest/a3cats?max=20", ["-H", "x-apikey: " + KEY], "/rest/a3cats?max=20"),
                               ("POST /rest/a3cats", ["-s", script], "/rest/a3cats")):
        out = subprocess.run(["wrk", "-t2", "-c32", "-d%ds" % seconds, "--latency", *extra,
                              "http://127.0.0.1:%d%s" % (port, path)], capture_output=True, text=True,
                             timeout=seconds + 60).stdout
        rate = next((line.split()[1] for line in out.splitlines() if line.startswith("Requests/sec")), "0")
        p50 = next((line.split()[1] for line in out.splitlines() if line.strip().startswith("50%")), "-")
        p99 = next((line.split()[1] for line in out.splitlines() if line.strip().startswith("99%")), "-")
        errors = next((line.strip() for line in out.splitlines() if "Non-2xx" in line or "Socket errors" in line), "")
        figures[label] = {"req_per_s": round(float(rate)), "p50": p50, "p99": p99, "errors": errors}
    shutil.rmtree(os.path.dirname(script), ignore_errors=True)
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/restlite"))
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--no-faults", action="store_true", help="no kill, no PostgreSQL restart")
    parser.add_argument("--throughput", type=int, metavar="SECONDS",
                        help="instead of the demo: wrk through the balancer (list, POST) for SECONDS each")
    parser.add_argument("--sqlite", action="store_true",
                        help="one process on its own SQLite file instead of PostgreSQL (with --throughput)")
    args = parser.parse_args()
    if not os.path.exists(args.binary):
        sys.exit("no restlite at %s: swift build -c release --product restlite" % args.binary)
    folder = tempfile.mkdtemp(prefix="restlite-scale-")
    os.chmod(folder, 0o755)
    cluster, servers, balancer, load = None, [], None, None
    problems = []
    try:
        if args.sqlite:
            args.processes, args.no_faults = 1, True
        else:
            cluster = Cluster(os.path.join(folder, "pg"))
        database = cluster.url if cluster else None
        # The first process creates and seeds the database; the others find it ready.
        servers.append(Restlite(args.binary, os.path.join(folder, "r1"), database, "r1"))
        for number in range(2, args.processes + 1):
            servers.append(Restlite(args.binary, os.path.join(folder, "r%d" % number), database, "r%d" % number))
        balancer = Balancer(folder, servers)
        print("%s; %d restlite processes (ports %s); HAProxy on 127.0.0.1:%d"
              % ("PostgreSQL on %s port %d" % (cluster.folder, cluster.port) if cluster else "SQLite",
                 len(servers), ", ".join(str(s.port) for s in servers), balancer.port), flush=True)
        if args.throughput:
            for label, value in throughput(balancer.port, args.throughput).items():
                print("%s: %s" % (label, json.dumps(value)))
            return
        run = "demo-%d" % int(time.time())
        load = Load(balancer.port, args.clients, run)
        started = time.monotonic()
        load.start()
        marks = {"start": started}
        if args.no_faults:
            time.sleep(args.seconds)
        else:
            time.sleep(args.seconds / 3)
            victim = servers[-1]
            marks["kill"] = time.monotonic()
            victim.stop(signal.SIGKILL)
            print("killed %s (pid %d) at %.1f s" % (victim.name, victim.process.pid, marks["kill"] - started),
                  flush=True)
            time.sleep(max(0.0, started + args.seconds * 2 / 3 - time.monotonic()))
            marks["pg_down"] = time.monotonic()
            cluster.pg_ctl("restart", "-m", "fast")
            marks["pg_up"] = time.monotonic()
            print("restarted PostgreSQL at %.1f s (%.2f s)" % (marks["pg_down"] - started,
                                                                 marks["pg_up"] - marks["pg_down"]), flush=True)
            time.sleep(max(0.0, started + args.seconds - time.monotonic()))
        load.stop()
        ended = time.monotonic()
        samples = load.samples
        figures = {"processes": args.processes, "clients": args.clients, "seconds": round(ended - started, 1),
                   "all": phase_figures(samples, started, ended)}
        unexpected = [s for s in samples if s[2] not in (0, 200, 201, 404, 502, 503)]
        # Failed: no answer, or the balancer's 502 (its server went away in the middle).
        failed = [s for s in samples if s[2] in (0, 502)]
        if args.no_faults:
            if failed:
                problems.append("%d requests failed without any fault" % len(failed))
        else:
            figures["before_kill"] = phase_figures(samples, started, marks["kill"])
            figures["after_kill"] = phase_figures(samples, marks["kill"], marks["pg_down"])
            figures["postgres_restart"] = phase_figures(samples, marks["pg_down"], marks["pg_up"] + 1)
            figures["after_restart"] = phase_figures(samples, marks["pg_up"] + 1, ended)
            # A request in flight on the killed process fails once per client at most; it began
            # before the kill or within HAProxy's detection of it (two checks, 500 ms apart).
            at_kill = [s for s in failed if marks["kill"] - 30 <= s[0] <= marks["kill"] + 1.5]
            figures["failed_at_kill"] = len(at_kill)
            if len(at_kill) > args.clients:
                problems.append("%d requests failed at the kill, more than the %d in flight"
                                % (len(at_kill), args.clients))
            elsewhere = [s for s in failed if s not in at_kill]
            if elsewhere:
                problems.append("%d requests failed away from the kill" % len(elsewhere))
            figures["503_while_postgres_restarted"] = sum(
                1 for s in samples if s[2] == 503 and marks["pg_down"] <= s[0] <= marks["pg_up"] + 1)
        figures["unexpected_statuses"] = len(unexpected)
        if unexpected:
            problems.append("%d answers neither 2xx, 404, 502 nor 503: %s" % (
                len(unexpected), sorted({s[2] for s in unexpected})))
        figures["writes"] = verify(balancer.port, load)
        for name in ("lost", "lost_edits", "deleted_back", "duplicated"):
            if figures["writes"].get(name):
                problems.append("%s: %d" % (name, figures["writes"][name]))
        if not figures["writes"].get("verified"):
            problems.append("the check of the writes was not answered")
        for key, value in figures.items():
            print("%s: %s" % (key, json.dumps(value)))
        print("ok" if not problems else "FAILED: " + "; ".join(problems))
    finally:
        if load is not None:
            load.stopping.set()
        if balancer is not None:
            balancer.stop()
        for server in servers:
            server.stop()
        if cluster is not None:
            cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
