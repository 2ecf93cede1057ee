#!/usr/bin/env python3
"""What reading through the tiers of an automatic index costs SQLite, outside restlite
(docs/PERFORMANCE.md, "Automatic indexes"): the same equality on a JSON field over 100,000
documents laid out as restlite's, through one whole expression index, and through a partial
index over `seq <= N` with the documents past N (none here) read by `seq`, as restlite writes
the read: `seq IN (SELECT seq ... UNION ALL SELECT seq ...)`, each range written into each arm
of the field test. The condition has the shape of restlite's equality on a string (a byte
pre-filter, the value arm and the array arm); `instr` stands in for restlite's own pre-filter
function. Python's sqlite3 module uses the system libsqlite3, as restlite does. The file goes to
a temporary folder, removed at the end.

Usage: bench/autoindex/tier_read.py [--reads 3000]
"""
import argparse, json, os, random, sqlite3, tempfile, time

ROWS = 100_000
PATH = "'$.\"ownerName\"'"
VALUE, TYPE = f"json_extract(body, {PATH})", f"json_type(body, {PATH})"
COLUMNS = "id, body, created, changed, version"


def condition(guard):
    g = f"{guard} AND " if guard else ""
    array = (f"{g}{VALUE} >= '[' AND {VALUE} < '\\' AND {TYPE} = 'array' AND EXISTS (SELECT 1 FROM "
             f"json_each(body, {PATH}) AS q1 WHERE (q1.value = ?2 AND q1.type = 'text'))")
    return f"(instr(body, ?1) AND (({g}{VALUE} = ?2 AND {TYPE} = 'text') OR ({array})))"


def build(path):
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("CREATE TABLE docs(seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, body TEXT NOT NULL,"
               " created INTEGER, changed INTEGER, version INTEGER)")
    rng = random.Random(1)
    owners = [f"Owner {n}" for n in range(5_000)]
    db.execute("BEGIN")
    for i in range(ROWS):
        body = {"_id": "%024x" % i, "name": f"cat {i}", "ownerName": rng.choice(owners), "age": i % 20}
        db.execute("INSERT INTO docs(id, body, created, changed, version) VALUES (?, ?, ?, ?, 1)",
                   ("%024x" % i, json.dumps(body), i, i))
    db.execute("COMMIT")
    db.execute(f"CREATE INDEX whole ON docs({VALUE})")
    db.execute(f"CREATE INDEX tier ON docs({VALUE}) WHERE seq <= {ROWS}")
    return db


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reads", type=int, default=3000)
    args = parser.parse_args()
    base, tail = f"seq <= {ROWS}", f"seq > {ROWS}"
    reads = {
        "whole index": f"SELECT {COLUMNS} FROM docs INDEXED BY whole WHERE {condition('')} ORDER BY id",
        "base tier and tail": f"SELECT {COLUMNS} FROM docs WHERE seq IN (SELECT seq FROM docs WHERE {base} AND "
        f"({condition(base)}) UNION ALL SELECT seq FROM docs WHERE {tail} AND ({condition(tail)})) ORDER BY id",
    }
    with tempfile.TemporaryDirectory() as folder:
        db = build(os.path.join(folder, "docs.sqlite"))
        print(f"SQLite {sqlite3.sqlite_version}, {ROWS:,} documents, {args.reads:,} reads each, twice")
        for round in (1, 2):
            for name, sql in reads.items():
                plan = " / ".join(row[3] for row in db.execute("EXPLAIN QUERY PLAN " + sql, ('"x"', "x")))
                started = time.perf_counter()
                for _ in range(args.reads):
                    rows = db.execute(sql, ('"Owner 7"', "Owner 7")).fetchall()
                took = (time.perf_counter() - started) / args.reads * 1e6
                print(f"round {round} {name:20} {took:6.1f} us, {len(rows)} matches"
                      + (f"  [{plan[:120]}]" if round == 1 else ""))
        db.close()


if __name__ == "__main__":
    main()
