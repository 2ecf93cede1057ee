#!/usr/bin/env python3
"""kill -9 under write load: no acknowledged write may be lost, the file must stay sound.

Each trial starts `restlite serve` on a new data folder, runs WRITERS client threads that POST
single documents, POST arrays of three (bulk), PUT new values into their own documents and
DELETE some, each recording what the server acknowledged (a 2xx answer read in full). After a
random 0.5-2.5 s of load the server gets SIGKILL. It is started again on the same folder and
every acknowledged write is checked: each acknowledged document is there with its acknowledged
value (or, when a later PUT or DELETE of it was in flight at the kill, with the value that
request would have left), each acknowledged delete is gone. Then the server stops and SQLite's
`PRAGMA integrity_check` must answer ok. Writes in flight at the kill may land or not.

Usage: kill9_drill.py [--binary .build/debug/restlite] [--trials 3] [--writers 4] [--seed 1]
Prints one JSON line per trial and a summary line; exits 1 on any loss or integrity failure.
"""

import argparse
import http.client
import json
import os
import random
import shutil
import sqlite3
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import KEY, Server, emit, request  # noqa: E402

COLLECTION = "drillwrites"
ABSENT = object()


class Writer(threading.Thread):
    """Writes until told to stop or the server goes away; keeps what was acknowledged."""

    def __init__(self, port, number, rng, stop):
        super().__init__(daemon=True)
        self.port, self.number, self.rng, self.stop = port, number, rng, stop
        # id -> set of values the document may hold after the kill (ABSENT: deleted).
        self.allowed = {}
        self.acknowledged = 0
        self.errors = 0

    def run(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        counter = 0
        try:
            while not self.stop.is_set():
                counter += 1
                live = [i for i, values in self.allowed.items() if ABSENT not in values]
                choice = self.rng.random()
                if choice < 0.35 or len(live) < 3:
                    self.post(connection, [counter])
                elif choice < 0.5:
                    self.post(connection, [counter, counter + 0.25, counter + 0.5])
                elif choice < 0.85:
                    self.put(connection, self.rng.choice(live), counter)
                else:
                    self.delete(connection, self.rng.choice(live))
        except (OSError, http.client.HTTPException):
            pass  # the server was killed
        finally:
            connection.close()

    def send(self, connection, method, path, body=None):
        headers = {"x-apikey": KEY}
        if body is not None:
            headers["Content-Type"] = "application/json"
            body = json.dumps(body)
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()

    def post(self, connection, values):
        body = [{"writer": self.number, "value": v} for v in values]
        status, data = self.send(connection, "POST", "/rest/" + COLLECTION,
                                 body if len(body) > 1 else body[0])
        if status != 201:
            self.errors += 1
            return
        answer = json.loads(data)
        for document in answer if isinstance(answer, list) else [answer]:
            self.allowed[document["_id"]] = {document["value"]}
            self.acknowledged += 1

    def put(self, connection, identifier, value):
        before = self.allowed[identifier]
        self.allowed[identifier] = before | {value}  # in flight: either
        status, _ = self.send(connection, "PUT", "/rest/%s/%s" % (COLLECTION, identifier),
                              {"value": value})
        if status == 200:
            self.allowed[identifier] = {value}
            self.acknowledged += 1
        else:
            self.allowed[identifier] = before
            self.errors += 1

    def delete(self, connection, identifier):
        before = self.allowed[identifier]
        self.allowed[identifier] = before | {ABSENT}
        status, _ = self.send(connection, "DELETE", "/rest/%s/%s" % (COLLECTION, identifier))
        if status == 200:
            self.allowed[identifier] = {ABSENT}
            self.acknowledged += 1
        else:
            self.allowed[identifier] = before
            self.errors += 1


def stored_values(port):
    """Every document of the collection: id -> value, read in pages."""
    found, skip = {}, 0
    for _ in range(10000):
        status, _, data = request(port, "GET", "/rest/%s?max=1000&skip=%d&sort=_id" % (COLLECTION, skip))
        if status == 404:
            return found
        assert status == 200, (status, data[:200])
        page = json.loads(data)
        for document in page:
            found[document["_id"]] = document.get("value")
        if len(page) < 1000:
            return found
        skip += len(page)
    raise RuntimeError("more pages than expected")


def trial(binary, number, writers, rng):
    folder = tempfile.mkdtemp(prefix="restlite-kill9-")
    try:
        server = Server(binary, folder=folder, extra=["--no-seed"]).start()
        stop = threading.Event()
        threads = [Writer(server.port, i, random.Random(rng.random()), stop) for i in range(writers)]
        for thread in threads:
            thread.start()
        load_seconds = rng.uniform(0.5, 2.5)
        time.sleep(load_seconds)
        server.kill()
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        server.cleanup()

        again = Server(binary, folder=folder, extra=["--no-seed"]).start()
        try:
            stored = stored_values(again.port)
        finally:
            again.cleanup()
        lost = []
        checked = 0
        for thread in threads:
            for identifier, values in thread.allowed.items():
                checked += 1
                holds = stored.get(identifier, ABSENT)
                if holds not in values:
                    lost.append({"_id": identifier, "stored": None if holds is ABSENT else holds,
                                 "allowed": sorted("absent" if v is ABSENT else v for v in values)})
        database = sqlite3.connect(os.path.join(folder, "restlite.sqlite"))
        try:
            integrity = database.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            database.close()
        record = {
            "drill": "kill9", "trial": number, "load_seconds": round(load_seconds, 2),
            "acknowledged_writes": sum(t.acknowledged for t in threads),
            "documents_checked": checked, "lost": len(lost), "integrity": integrity,
            "ok": not lost and integrity == "ok",
        }
        if lost:
            record["examples"] = lost[:5]
        return record
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/debug/restlite")
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 1 <= args.trials <= 500 or not 1 <= args.writers <= 64:
        sys.exit("--trials must be 1-500 and --writers 1-64")
    rng = random.Random(args.seed)
    totals = {"acknowledged_writes": 0, "lost": 0, "integrity_failures": 0}
    for number in range(1, args.trials + 1):
        record = trial(args.binary, number, args.writers, rng)
        emit(record)
        totals["acknowledged_writes"] += record["acknowledged_writes"]
        totals["lost"] += record["lost"]
        totals["integrity_failures"] += record["integrity"] != "ok"
    ok = totals["lost"] == 0 and totals["integrity_failures"] == 0
    emit(dict(drill="kill9", trials=args.trials, ok=ok, **totals))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
