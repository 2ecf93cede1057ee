#!/usr/bin/env python3
"""PostgreSQL restarted under write load: 503 while it is gone, reconnection, no acknowledged write lost.

Starts a throwaway PostgreSQL cluster (initdb into a temporary folder, a Unix socket only, a
random port, `fsync` left on; run as the `postgres` user when this process is root), then
`restlite serve --database postgresql:///...` on 127.0.0.1 port 0. WRITERS client threads, each
on its own keep-alive connection, POST numbered documents `{"writer": w, "n": n}` (n counts up
per writer and is never sent twice) and record every answer: 201 with its `_id`, 503 with its
`Retry-After`, anything else. Meanwhile PostgreSQL goes away: `pg_ctl restart -m fast`, then
`pg_ctl stop -m immediate` held down for --down seconds and started again, alternating for
--cycles cycles. Afterwards restlite is stopped and a new one started on the same database,
and every document of the collection is read back.

After the outages, while that restlite still runs, `restlite keys add --database` adds a key:
the server must honour it within a second, and refuse it within a second of `restlite keys
remove` (the keys are the database's, followed through a LISTEN connection that must have come
back by itself after the restarts).

It fails when: a key is not followed so; any answer is neither 201 nor 503; a 503 lacks `Retry-After`; a request takes
longer than --bound seconds; no 503 was seen while PostgreSQL was held down; a cycle does not
see a 201 again within --bound seconds of PostgreSQL accepting connections (restlite must
reconnect by itself); an acknowledged write is missing or holds another `_id`; a (writer, n)
is stored twice. A POST answered 503 may have landed or not (its commit can race the
shutdown); the drill counts those.

Usage: postgres_drill.py --binary .build/debug/restlite [--long] [--cycles 2] [--writers 4]
           [--load 2] [--down 2] [--bound 15]
--long: 16 writers, 10 outages (5 fast restarts, 5 immediate stops held 3 s), 3 s of load
before each (run.sh --long); the flags given beside it win.
Prints one JSON line per outage and a summary line; exits 1 when a check fails.
"""

import argparse
import http.client
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import KEY, Server, emit, request  # noqa: E402

COLLECTION = "pgdrill"
# The defaults, and --long's: more writers, more outages (5 of each kind), held down longer.
QUICK = {"cycles": 2, "writers": 4, "load": 2.0, "down": 2.0}
LONG = {"cycles": 10, "writers": 16, "load": 3.0, "down": 3.0}


def find_pg_bin():
    """PostgreSQL's server binaries: RESTLITE_PG_BIN, the PATH, then /usr/lib/postgresql/*/bin."""
    candidates = []
    if os.environ.get("RESTLITE_PG_BIN"):
        candidates.append(os.environ["RESTLITE_PG_BIN"])
    initdb = shutil.which("initdb")
    if initdb:
        candidates.append(os.path.dirname(os.path.realpath(initdb)))
    try:
        versions = sorted(os.listdir("/usr/lib/postgresql"), key=lambda v: -int(v) if v.isdigit() else 0)
    except OSError:
        versions = []
    candidates += ["/usr/lib/postgresql/%s/bin" % v for v in versions]
    for folder in candidates:
        if all(os.access(os.path.join(folder, tool), os.X_OK) for tool in ("initdb", "pg_ctl", "createdb")):
            return folder
    return None


class Cluster:
    """A throwaway PostgreSQL cluster listening on a Unix socket in its own folder."""

    def __init__(self, pg_bin, fsync=True):
        self.pg_bin = pg_bin
        self.folder = tempfile.mkdtemp(prefix="restlite-pg-")
        os.chmod(self.folder, 0o755)
        self.data = os.path.join(self.folder, "data")
        self.port = random.randint(20000, 60000)
        self.run_as = "postgres" if os.getuid() == 0 else None
        self.fsync = fsync
        if self.run_as:
            shutil.chown(self.folder, self.run_as)
        self.tool("initdb", "-D", self.data, "-A", "trust", "-U", "restlite", "--locale=C", "-E", "UTF8")
        self.start()

    def tool(self, name, *arguments, timeout=120):
        command = [os.path.join(self.pg_bin, name)] + list(arguments)
        if self.run_as:
            command = ["/usr/sbin/runuser", "-u", self.run_as, "--"] + command
        result = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, timeout=timeout)
        if result.returncode != 0:
            raise RuntimeError("%s failed: %s" % (name, result.stdout.decode(errors="replace")))

    def options(self):
        return "-k %s -c listen_addresses='' -p %d -c fsync=%s -c max_connections=200" % (
            self.folder, self.port, "on" if self.fsync else "off")

    def start(self):
        # `-w` waits until it accepts connections (bounded by pg_ctl's own 60 s and `timeout`).
        self.tool("pg_ctl", "-D", self.data, "-o", self.options(), "-l",
                  os.path.join(self.folder, "server.log"), "-w", "start")

    def stop(self, mode):
        self.tool("pg_ctl", "-D", self.data, "-m", mode, "-w", "stop")

    def restart(self, mode):
        self.tool("pg_ctl", "-D", self.data, "-m", mode, "-o", self.options(), "-l",
                  os.path.join(self.folder, "server.log"), "-w", "restart")

    def createdb(self, name):
        self.tool("createdb", "-h", self.folder, "-p", str(self.port), "-U", "restlite", name)
        return "postgresql:///%s?host=%s&port=%d&user=restlite" % (name, self.folder, self.port)

    def remove(self):
        try:
            self.stop("immediate")
        except (RuntimeError, subprocess.TimeoutExpired):
            pass
        shutil.rmtree(self.folder, ignore_errors=True)


class Writer(threading.Thread):
    """POSTs numbered documents until told to stop; records every answer with its times."""

    def __init__(self, port, number, stop, bound):
        super().__init__(daemon=True)
        self.port, self.number, self.stop, self.bound = port, number, stop, bound
        self.acknowledged = {}  # n -> _id
        self.unavailable = []  # n of each POST answered 503
        self.events = []  # (start, end, status, retry_after)
        self.bad = []  # answers neither 201 nor 503, and failures to answer

    def run(self):
        connection = None
        n = 0
        while not self.stop.is_set():
            n += 1
            if connection is None:
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.bound)
            body = json.dumps({"writer": self.number, "n": n})
            started = time.monotonic()
            try:
                connection.request("POST", "/rest/" + COLLECTION, body=body,
                                   headers={"x-apikey": KEY, "Content-Type": "application/json"})
                response = connection.getresponse()
                data = response.read()
            except (OSError, http.client.HTTPException) as error:
                self.bad.append({"n": n, "error": repr(error),
                                 "after_s": round(time.monotonic() - started, 2)})
                self.events.append((started, time.monotonic(), "error", None))
                connection.close()
                connection = None
                continue
            ended = time.monotonic()
            retry_after = response.getheader("Retry-After")
            self.events.append((started, ended, response.status, retry_after))
            if response.status == 201:
                self.acknowledged[n] = json.loads(data)["_id"]
            elif response.status == 503:
                self.unavailable.append(n)
                if retry_after is None:
                    self.bad.append({"n": n, "status": 503, "error": "no Retry-After"})
                # A client honours Retry-After, capped so the drill stays short.
                self.stop.wait(min(float(retry_after or 1), 0.25))
            else:
                self.bad.append({"n": n, "status": response.status, "body": data[:200].decode(errors="replace")})
            if response.getheader("Connection", "").lower() == "close":
                connection.close()
                connection = None
        if connection is not None:
            connection.close()


def key_followed(binary, url, port, bound=1.0):
    """Adds a key with `restlite keys add --database`, waits (at most `bound` s) for the running
    server to accept it, removes it and waits for the refusal; answers (ms to honour, ms to
    refuse, error text), a time None when the bound passed."""
    def cli(*arguments):
        return subprocess.run([binary, "keys"] + list(arguments) + ["--database", url],
                              capture_output=True, text=True, timeout=60)

    def wait(key, expected):
        start = time.monotonic()
        while time.monotonic() - start < bound:
            status, _, _ = request(port, "GET", "/rest/%s?max=1" % COLLECTION, key=key, timeout=5)
            if status == expected:
                return round((time.monotonic() - start) * 1000, 1)
            time.sleep(0.02)
        return None

    added = cli("add", "--methods", "GET")
    if added.returncode != 0:
        return None, None, "restlite keys add failed: " + added.stderr.strip()
    key = added.stdout.strip().splitlines()[-1]
    honoured = wait(key, 200)
    removed = cli("remove", key)
    if removed.returncode != 0:
        return honoured, None, "restlite keys remove failed: " + removed.stderr.strip()
    return honoured, wait(key, 403), None


def stored_documents(port):
    """Every document of the collection, read in pages of 1,000 sorted by _id."""
    found, skip = [], 0
    for _ in range(100000):
        status, _, data = request(port, "GET", "/rest/%s?max=1000&skip=%d&sort=_id" % (COLLECTION, skip))
        if status == 404:
            return found
        assert status == 200, (status, data[:200])
        page = json.loads(data)
        found += page
        if len(page) < 1000:
            return found
        skip += len(page)
    raise RuntimeError("more pages than expected")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/debug/restlite")
    parser.add_argument("--long", action="store_true",
                        help="the long mode (docs/RELIABILITY.md's figures): %s; the flags below still win"
                        % ", ".join("--%s %s" % item for item in LONG.items()))
    parser.add_argument("--cycles", type=int, help="outages (fast restart, immediate stop, ...); default 2")
    parser.add_argument("--writers", type=int, help="default 4")
    parser.add_argument("--load", type=float, help="seconds of load before each outage and at the end; default 2")
    parser.add_argument("--down", type=float, help="seconds PostgreSQL stays stopped (immediate stops); default 2")
    parser.add_argument("--bound", type=float, default=15.0, help="longest wait for any answer, and for recovery")
    args = parser.parse_args()
    for name, value in (LONG if args.long else QUICK).items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    if not 1 <= args.cycles <= 100 or not 1 <= args.writers <= 64:
        sys.exit("--cycles must be 1-100 and --writers 1-64")
    pg_bin = find_pg_bin()
    if pg_bin is None:
        sys.exit("no PostgreSQL server binaries (initdb, pg_ctl, createdb); apt install postgresql")

    began = time.monotonic()
    cluster = Cluster(pg_bin)
    server = None
    failures = []
    outages = []
    try:
        url = cluster.createdb("pgdrill")
        log = os.path.join(cluster.folder, "restlite.log")
        server = Server(args.binary, extra=["--no-seed", "--database", url], log=log).start()
        stop = threading.Event()
        writers = [Writer(server.port, i, stop, args.bound) for i in range(args.writers)]
        for writer in writers:
            writer.start()
        for cycle in range(args.cycles):
            time.sleep(args.load)
            immediate = cycle % 2 == 1
            gone = time.monotonic()
            if immediate:
                cluster.stop("immediate")
                stopped = time.monotonic()
                time.sleep(args.down)
                cluster.start()
            else:
                cluster.restart("fast")
                stopped = gone
            back = time.monotonic()
            outages.append({"cycle": cycle + 1, "mode": "stop -m immediate, %.1f s down" % args.down
                            if immediate else "restart -m fast", "gone": gone, "stopped": stopped, "back": back})
        # Load after the last outage, long enough to see recovery within the bound.
        deadline = time.monotonic() + args.bound
        time.sleep(args.load)
        while time.monotonic() < deadline and not any(
                end > outages[-1]["back"] and status == 201
                for w in writers for (_, end, status, _) in list(w.events)):
            time.sleep(0.05)
        stop.set()
        for writer in writers:
            writer.join(timeout=args.bound + 5)
            if writer.is_alive():
                failures.append("writer %d did not finish within the bound" % writer.number)

        events = [e for w in writers for e in w.events]
        for outage in outages:
            back = outage["back"]
            during = [e for e in events if e[1] >= outage["gone"] and e[0] <= back]
            after = sorted(end for (start, end, status, _) in events if status == 201 and start >= back)
            recovered = after[0] - back if after else None
            record = {
                "drill": "postgres", "cycle": outage["cycle"], "mode": outage["mode"],
                "outage_s": round(back - outage["gone"], 2),
                "answers_during": len(during),
                "503_during": sum(1 for e in during if e[2] == 503),
                "201_during": sum(1 for e in during if e[2] == 201),
                "other_during": sum(1 for e in during if e[2] not in (201, 503)),
                "longest_answer_during_ms": round(max((e[1] - e[0] for e in during), default=0) * 1000, 1),
                "first_201_after_back_ms": None if recovered is None else round(recovered * 1000, 1),
            }
            emit(record)
            if recovered is None or recovered > args.bound:
                failures.append("cycle %d: no 201 within %.0f s of PostgreSQL accepting connections"
                                % (outage["cycle"], args.bound))
            if outage["stopped"] != outage["gone"] and record["503_during"] == 0:
                failures.append("cycle %d: no 503 while PostgreSQL was stopped" % outage["cycle"])
        longest = max((end - start for (start, end, _, _) in events), default=0)
        if longest > args.bound:
            failures.append("an answer took %.1f s (bound %.0f s)" % (longest, args.bound))
        bad = [dict(b, writer=w.number) for w in writers for b in w.bad]
        if bad:
            failures.append("%d answers neither 201 nor 503 (or 503 without Retry-After), e.g. %s"
                            % (len(bad), bad[:3]))

        # The keys are followed after the outages: the LISTEN connection came back by itself.
        honoured, refused, problem = key_followed(args.binary, url, server.port)
        emit({"drill": "postgres", "key_added_honoured_ms": honoured, "key_removed_refused_ms": refused})
        if problem:
            failures.append(problem)
        elif honoured is None or refused is None:
            failures.append("a key added or removed with restlite keys --database was not followed within 1 s "
                            "after the outages (honoured: %s ms, refused: %s ms)" % (honoured, refused))

        # A new restlite on the same database: what is stored is PostgreSQL's, not a cache's.
        server.cleanup()
        server = Server(args.binary, extra=["--no-seed", "--database", url], log=log).start()
        stored = stored_documents(server.port)
        by_key = {}
        duplicated = 0
        for document in stored:
            key = (document.get("writer"), document.get("n"))
            if key in by_key:
                duplicated += 1
            by_key[key] = document["_id"]
        lost, wrong_id = [], []
        for w in writers:
            for n, identifier in w.acknowledged.items():
                holds = by_key.get((w.number, n))
                if holds is None:
                    lost.append((w.number, n))
                elif holds != identifier:
                    wrong_id.append((w.number, n))
        acknowledged = sum(len(w.acknowledged) for w in writers)
        unavailable = [(w.number, n) for w in writers for n in w.unavailable]
        in_doubt = set(unavailable) | {(w.number, b["n"]) for w in writers for b in w.bad}
        unacknowledged_landed = sum(1 for key in in_doubt if key in by_key)
        stray = len(by_key) - acknowledged - unacknowledged_landed
        if lost:
            failures.append("%d acknowledged writes lost, e.g. %s" % (len(lost), lost[:5]))
        if wrong_id:
            failures.append("%d acknowledged writes stored under another _id" % len(wrong_id))
        if duplicated:
            failures.append("%d writes stored twice" % duplicated)
        if stray:
            failures.append("%d stored documents were never sent or answered otherwise" % stray)
        ok = not failures
        if not ok:
            with open(log, errors="replace") as text:
                lines = [line.rstrip() for line in text if "error" in line.lower() or " 500" in line]
            emit({"drill": "postgres", "server_log_errors": lines[-20:]})
        emit({
            "drill": "postgres", "mode": "long" if args.long else "quick", "cycles": args.cycles,
            "writers": args.writers, "load_s": args.load, "down_s": args.down, "acknowledged_writes": acknowledged, "stored": len(stored), "lost": len(lost),
            "duplicated": duplicated, "answered_503": len(unavailable),
            "503_landed_anyway": unacknowledged_landed,
            "other_answers": len(bad),
            "longest_answer_ms": round(longest * 1000, 1),
            "seconds": round(time.monotonic() - began, 1), "ok": ok, "failures": failures,
        })
        sys.exit(0 if ok else 1)
    finally:
        if server is not None:
            server.cleanup()
        cluster.remove()


if __name__ == "__main__":
    main()
