#!/usr/bin/env python3
"""What an index on a JSON field costs an insert in SQLite, outside restlite: no index, a full
expression index, and a partial one that covers only the rows present when it was built
(`WHERE seq <= N`), as restlite's documents tables and automatic indexes are laid out
(docs/PERFORMANCE.md, "Automatic indexes").

For each kind: 100,000 documents in a WAL file (synchronous=NORMAL), the index, then 20,000
inserts of one row each in its own transaction (CPU and wall time per insert), then an equality
on the field through `(seq <= N AND f = ?) OR (seq > N AND f = ?)`: the index for the old rows,
the rowid range (a scan of the 20,000 new ones) for the rest. Python's sqlite3 module uses the
system libsqlite3, as restlite does. Files go to a temporary folder, removed at the end.

Usage: bench/autoindex/partial_index.py [--rounds 2] [--page-size 4096]
"""
import argparse, json, os, random, sqlite3, tempfile, time

ROWS, INSERTS, QUERIES = 100_000, 20_000, 50
FIELD = "json_extract(body, '$.\"ownerName\"')"


def body(i, rng):
    return json.dumps({"_id": "%024x" % i, "name": "cat %d" % i, "ownerName": "Owner %d" % rng.randrange(10**9),
                       "age": i % 20, "breed": "Siamese", "about": "x" * 150})


def measure(folder, kind, page_size):
    path = os.path.join(folder, f"{kind}.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute(f"PRAGMA page_size={page_size}")
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("CREATE TABLE docs(seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, body TEXT NOT NULL,"
               " created INTEGER, changed INTEGER, version INTEGER)")
    rng = random.Random(1)
    insert = "INSERT INTO docs(id, body, created, changed, version) VALUES (?, ?, ?, ?, 1)"
    db.execute("BEGIN")
    for i in range(ROWS):
        db.execute(insert, ("%024x" % i, body(i, rng), i, i))
    db.execute("COMMIT")
    last = db.execute("SELECT max(seq) FROM docs").fetchone()[0]
    if kind == "full":
        db.execute(f"CREATE INDEX ix ON docs({FIELD})")
    elif kind == "partial":
        db.execute(f"CREATE INDEX ix ON docs({FIELD}) WHERE seq <= {last}")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(ROWS, ROWS + INSERTS):
        db.execute(insert, ("%024x" % i, body(i, rng), i, i))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    query = f"SELECT id FROM docs WHERE (seq <= {last} AND {FIELD} = ?) OR (seq > {last} AND {FIELD} = ?)"
    plan = " / ".join(row[3] for row in db.execute("EXPLAIN QUERY PLAN " + query, ("x", "x")))
    started = time.perf_counter()
    for _ in range(QUERIES):
        db.execute(query, ("Owner 5", "Owner 5")).fetchall()
    query_ms = (time.perf_counter() - started) / QUERIES * 1000
    db.close()
    return cpu / INSERTS * 1e6, wall / INSERTS * 1e6, query_ms, plan


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--page-size", type=int, default=4096)
    args = parser.parse_args()
    print(f"SQLite {sqlite3.sqlite_version}, page size {args.page_size}, {ROWS:,} rows, {INSERTS:,} inserts each")
    with tempfile.TemporaryDirectory() as folder:
        for round in range(1, args.rounds + 1):
            for kind in ("none", "full", "partial"):
                cpu, wall, query_ms, plan = measure(folder, kind, args.page_size)
                print(f"round {round} {kind:8} insert: {cpu:6.1f} us CPU, {wall:6.1f} us wall; "
                      f"equality: {query_ms:8.3f} ms  [{plan}]")


if __name__ == "__main__":
    main()
