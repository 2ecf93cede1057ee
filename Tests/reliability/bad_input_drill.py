#!/usr/bin/env python3
"""The bad-input matrix: every input is refused with a JSON error and changes no data.

Starts `restlite serve` on a new data folder (the 100 seed cats, a second collection and a
scoped key), then sends each bad input on its own connection: malformed HTTP, bad JSON bodies
(also to a collection that does not exist, which a refused write must not create),
numbers beyond a double, bad update operators and field names, bad queries (q, h, sort, max,
skip, filter, groupby), bad ids, missing, wrong and scoped keys, bad method overrides, bad form
bodies, bad percent-encoding, unknown routes and methods. For each it checks

  - the answer is a 4xx (a 501 where HTTP says so), with `Content-Type: application/json` and a
    body `{"name", "message", "status"}` whose status matches the status line;
  - the data is unchanged: a digest of every collection's schema and documents (system fields
    included), the keys and the media list, read through the API, is the same as before.

Then `restlite import` is given malformed files (JSON, JSON lines, CSV) for the stopped folder:
each must exit non-zero with a message and leave every row of restlite.sqlite unchanged (read
with Python's sqlite3).

With --postgres the server keeps its documents in a throwaway PostgreSQL cluster (`serve
--database`), the imports go to that database (`import --database`), and the imports' check
reads every row of it (`pg_dump --data-only`) instead of restlite.sqlite.

Usage: bad_input_drill.py [--binary .build/debug/restlite] [--postgres] [--verbose]
Prints one JSON line per failing case (all with --verbose) and a summary; exits 1 on a failure.
"""

import argparse
import hashlib
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
from urllib.parse import quote

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import KEY, Server, emit, request  # noqa: E402
from postgres_drill import Cluster, find_pg_bin  # noqa: E402

SCOPED = "drillscoped0000000000001"
HOST = "Host: 127.0.0.1\r\n"


def database_digest(folder):
    """A digest of every row of every table (schema included), read-only."""
    uri = "file:%s?mode=ro" % os.path.join(folder, "restlite.sqlite")
    database = sqlite3.connect(uri, uri=True, timeout=10)
    try:
        digest = hashlib.sha256()
        tables = [row[0] for row in database.execute(
            "SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
        for row in database.execute("SELECT type, name, sql FROM sqlite_master ORDER BY type, name"):
            digest.update(repr(row).encode())
        for table in tables:
            for row in database.execute('SELECT * FROM "%s" ORDER BY rowid' % table.replace('"', '""')):
                digest.update(repr(row).encode())
        return digest.hexdigest()
    finally:
        database.close()


def postgres_digest(cluster, name):
    """A digest of every row of the database `name` of `cluster`, as `pg_dump --data-only`
    writes them (left out: sequence positions, as a refused insert may still have taken a number,
    and the random token of its `\\restrict` lines)."""
    result = subprocess.run(
        [os.path.join(cluster.pg_bin, "pg_dump"), "--data-only", "-h", cluster.folder, "-p", str(cluster.port),
         "-U", "restlite", name], capture_output=True, timeout=120, check=True)
    rows = [line for line in result.stdout.splitlines()
            if b"pg_catalog.setval" not in line and not line.startswith((b"\\restrict", b"\\unrestrict"))]
    return hashlib.sha256(b"\n".join(rows)).hexdigest()


def api_digest(port):
    """A digest of what the server holds, read through the API with the full-access key: every
    collection's schema and documents (system fields included), the keys and the media list.
    (The server keeps its SQLite file to itself, so it cannot be read beside it.)"""
    digest = hashlib.sha256()
    status, _, meta = request(port, "GET", "/rest/_meta")
    assert status == 200, status
    digest.update(meta)
    for collection in json.loads(meta)["collections"]:
        name = quote(collection["name"], safe="")
        for path in ("/rest/%s/_meta" % name, "/rest/%s?max=100000&metafields=true&sort=_id" % name):
            status, _, data = request(port, "GET", path)
            assert status == 200, (path, status)
            digest.update(data)
    for path in ("/_restlite/keys", "/media"):
        status, _, data = request(port, "GET", path)
        assert status == 200, (path, status)
        digest.update(data)
    return digest.hexdigest()


def exchange(port, raw, timeout=10):
    """Sends raw bytes; answers (status, headers, body) of the first answer, or None if closed."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    try:
        sock.sendall(raw)
        try:
            sock.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        data = b""
        while True:
            try:
                chunk = sock.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not chunk:
                break
            data += chunk
            end = data.find(b"\r\n\r\n")
            if end >= 0:
                head = data[:end].decode("latin-1")
                length = next((int(l.split(":", 1)[1]) for l in head.split("\r\n")[1:]
                               if l.lower().startswith("content-length:")), None)
                if length is not None and len(data) >= end + 4 + length:
                    break
    finally:
        sock.close()
    end = data.find(b"\r\n\r\n")
    if end < 0:
        return None
    lines = data[:end].decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, data[end + 4:]


def http(method, path, body=b"", headers=(), key=KEY, content_type="application/json"):
    """A well-formed request with the given parts."""
    if isinstance(body, str):
        body = body.encode()
    head = "%s %s HTTP/1.1\r\n%s" % (method, path, HOST)
    if key is not None:
        head += "x-apikey: %s\r\n" % key
    if body and content_type:
        head += "Content-Type: %s\r\n" % content_type
    if body or method in ("POST", "PUT", "PATCH"):
        head += "Content-Length: %d\r\n" % len(body)
    for header in headers:
        head += header + "\r\n"
    return head.encode() + b"\r\n" + body


def cases(cat, other):
    """(name, raw request bytes, allowed statuses) for every bad input."""
    out = []
    four = set(range(400, 500))

    def add(name, raw, allowed=four):
        out.append((name, raw, allowed))

    # 1. Malformed HTTP (request line, headers, framing).
    for name, raw in [
        ("garbage line", b"GARBAGE\r\n\r\n"),
        ("no version", b"GET /rest/a3cats\r\n" + HOST.encode() + b"\r\n"),
        ("lowercase method", b"get /rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b"\r\n"),
        ("two spaces", b"GET  /rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b"\r\n"),
        ("tab in line", b"GET\t/rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b"\r\n"),
        ("relative target", b"GET rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b"\r\n"),
        ("control byte in target", b"GET /rest/a3\x01cats HTTP/1.1\r\n" + HOST.encode() + b"\r\n"),
        ("space in target", b"GET /rest/a3 cats HTTP/1.1\r\n" + HOST.encode() + b"\r\n"),
        ("no host", b"GET /rest/a3cats HTTP/1.1\r\nx-apikey: " + KEY.encode() + b"\r\n\r\n"),
        ("two hosts", b"GET /rest/a3cats HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"),
        ("header without colon", b"GET /rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b"Broken\r\n\r\n"),
        ("space before colon", b"GET /rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b"X-A : b\r\n\r\n"),
        ("obsolete folding", b"GET /rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b"X-A: b\r\n c\r\n\r\n"),
        ("empty header name", b"GET /rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b": b\r\n\r\n"),
        ("bad header name", b"GET /rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b"X(A): b\r\n\r\n"),
        ("nul in header", b"GET /rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b"X-A: b\x00c\r\n\r\n"),
        ("bare LF line ends", b"GET /rest/a3cats HTTP/1.1\n" + HOST.encode().replace(b"\r", b"") + b"\n"),
        ("huge header", b"GET /rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b"X-A: " + b"a" * 70000 + b"\r\n\r\n"),
        ("too many headers", b"GET /rest/a3cats HTTP/1.1\r\n" + HOST.encode()
         + b"".join(b"X-%d: v\r\n" % i for i in range(400)) + b"\r\n"),
        ("huge target", b"GET /rest/a3cats?q=" + b"a" * 70000 + b" HTTP/1.1\r\n" + HOST.encode() + b"\r\n"),
        ("negative length", http("POST", "/rest/a3cats", b"", ["Content-Length: -1"])[:-2]
         .replace(b"Content-Length: 0\r\n", b"") + b"\r\n"),
        ("non-numeric length", b"POST /rest/a3cats HTTP/1.1\r\n" + HOST.encode()
         + b"x-apikey: " + KEY.encode() + b"\r\nContent-Length: ten\r\n\r\n"),
        ("two different lengths", b"POST /rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b"x-apikey: "
         + KEY.encode() + b"\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}"),
        ("length and chunked", b"POST /rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b"x-apikey: "
         + KEY.encode() + b"\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"),
        ("chunked twice", b"POST /rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b"x-apikey: "
         + KEY.encode() + b"\r\nTransfer-Encoding: chunked, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"),
        ("bad chunk size", b"POST /rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b"x-apikey: "
         + KEY.encode() + b"\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"),
        ("chunk without CRLF", b"POST /rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b"x-apikey: "
         + KEY.encode() + b"\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}XX0\r\n\r\n"),
        ("huge chunk size", b"POST /rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b"x-apikey: "
         + KEY.encode() + b"\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
         + b"fffffffffffffffffff\r\n{}\r\n0\r\n\r\n"),
    ]:
        add("http: " + name, raw)
    add("http: gzip transfer coding", b"POST /rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b"x-apikey: "
        + KEY.encode() + b"\r\nTransfer-Encoding: gzip\r\n\r\n", four | {501})
    add("http: bad version", b"GET /rest/a3cats HTTP/9.9\r\n" + HOST.encode() + b"\r\n", four | {505})
    add("http: unknown method", b"BREW /rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b"\r\n", four | {501})
    add("http: body past --max-body", b"POST /rest/a3cats HTTP/1.1\r\n" + HOST.encode() + b"x-apikey: "
        + KEY.encode() + b"\r\nContent-Type: application/json\r\nContent-Length: 999999999\r\n\r\n{")

    # 2. Bodies that are not JSON a document can be made of.
    bodies = [
        "{", "[", "}", "{\"a\":}", "{\"a\" 1}", "{'a':1}", "{\"a\":1,}", "[1,]", "nul", "tru",
        "{\"a\":01}", "{\"a\":1.}", "{\"a\":.5}", "{\"a\":+1}", "{\"a\":NaN}", "{\"a\":Infinity}",
        "{\"a\":1e400}", "{\"a\":-1e400}", "{\"weightKg\":1e999}", "{\"a\":\"\\x\"}", "{\"a\":\"\\u12\"}",
        "{\"a\":\"\x01\"}", "\"just a string\"", "42", "null", "[1,2,3]", "[[]]", "{\"a\":1}{\"b\":2}",
        "{\"a\":" * 300 + "1" + "}" * 300, "[" * 5000 + "]" * 5000,
        "{\"$set\":{\"a\":1}}", "{\"$where\":\"1\"}", "{\"a.\":1}", "{\".a\":1}", "{\"a..b\":1}",
        "{\"\":1}", "{\"x\":{\"$bad\":1}}", "{\"a\":[1,{\"$b\":2}]}", "{\"a\":{\"b.\":1}}",
        "{\"a\":\"\\ud800\"}", "{\"a\":1" + " " * 10 + "",
    ]
    for index, body in enumerate(bodies):
        add("json body %d: %s" % (index, body[:40]), http("POST", "/rest/a3cats", body))
    add("json body: invalid UTF-8", http("POST", "/rest/a3cats", b"{\"a\":\"\xff\xfe\"}"))
    add("json body: UTF-16", http("POST", "/rest/a3cats", "{\"a\":1}".encode("utf-16")))
    add("json body: empty POST", http("POST", "/rest/a3cats", b""))
    add("json body: array with a bad item", http("POST", "/rest/a3cats", "[{\"a\":1},{\"b\":1e400}]"))
    add("json body: array with a $ field", http("POST", "/rest/a3cats", "[{\"a\":1},{\"$b\":1}]"))
    add("json body: bad PUT", http("PUT", "/rest/a3cats/" + cat, "{\"a\":"))
    add("json body: PUT of an array", http("PUT", "/rest/a3cats/" + cat, "[{\"a\":1}]"))
    add("json body: PATCH 1e400", http("PATCH", "/rest/a3cats/" + cat, "{\"rating\":1e400}"))

    # 3. Update operators that cannot apply.
    for index, body in enumerate([
        {"$inc": {"rating": "x"}}, {"$inc": {"catName": 1}}, {"$inc": {"rating": [1]}},
        {"$push": {"tags": {"$each": 5}}}, {"$push": {"catName": 1}}, {"$pull": 5},
        {"$unset": {"_id": 1}}, {"$unset": {"_version": 1}}, {"$set": {"$where": 1}},
        {"$set": {"c.": 1}}, {"$set": {"": 1}}, {"$set": 5}, {"$set": {"_id": "x"}},
        {"$rename": {"a": "b"}}, {"$set": {"a": {"$b": 1}}}, {"$set": {"a": {"": 1}}},
    ]):
        add("operator %d: %s" % (index, json.dumps(body)[:50]), http("PUT", "/rest/a3cats/" + cat, json.dumps(body)))

    # 4. Queries and list parameters.
    queries = [
        ("q", "{"), ("q", "[]"), ("q", "5"), ("q", "\"x\""), ("q", "{\"a\":{\"$nope\":1}}"),
        ("q", "{\"$or\":5}"), ("q", "{\"$and\":{}}"), ("q", "{\"a\":{\"$in\":5}}"),
        ("q", "{\"a\":{\"$regex\":\"(\"}}"), ("q", "{\"a\":{\"$regex\":5}}"), ("q", "{\"a\":{\"$gt\":{}}}"),
        ("q", "{\"a\":{\"$exists\":\"yes\"}}"), ("q", "{\"a\":{\"$elemMatch\":5}}"),
        ("q", "{\"$not\":1}"), ("q", "{\"a\":{\"$bt\":[1]}}"), ("q", "{\"a\":{\"$date\":\"nope\"}}"),
        ("q", "{\"a\":" * 300 + "1" + "}" * 300), ("h", "{"), ("h", "{\"$orderby\":5}"),
        ("h", "{\"$fields\":5}"), ("h", "{\"$max\":\"x\"}"), ("h", "{\"$groupby\":5}"), ("h", "{\"$nope\":1}"),
        ("h", "{\"$aggregate\":[\"NOPE:rating\"]}"), ("h", "{\"$aggregate\":5}"),
        ("dir", "sideways"), ("max", "-1"), ("max", "abc"),
        ("max", "1e3"), ("skip", "-5"), ("skip", "x"), ("groupby", "$NOPE:birthDate"), ("aggregate", "SUM:"),
    ]
    for name, value in queries:
        add("query %s=%s" % (name, value[:40]), http("GET", "/rest/a3cats?%s=%s" % (name, quote(value, safe=""))))
    add("query on delete", http("DELETE", "/rest/a3cats/*?q=" + quote("{\"a\":{\"$nope\":1}}")))
    add("query on PUT many", http("PUT", "/rest/a3cats/*?q=" + quote("{"), "{\"rating\":1}"))
    add("query: no q on DELETE *", http("DELETE", "/rest/a3cats/*"))

    # 5. Ids.
    for bad in ["x", "1234", "zzzzzzzzzzzzzzzzzzzzzzzz", "ABCDEFABCDEFABCDEFABCDEF", cat + "0",
                cat[:-1], "%00", "..", "%2e%2e", cat[:-1] + "g"]:
        for method in ("GET", "PUT", "PATCH", "DELETE"):
            body = "{\"rating\":1}" if method in ("PUT", "PATCH") else b""
            add("id %s %s" % (method, bad), http(method, "/rest/a3cats/" + bad, body))
    for method in ("GET", "PUT", "DELETE"):
        body = "{\"rating\":1}" if method == "PUT" else b""
        add("unknown id %s" % method, http(method, "/rest/a3cats/" + "0" * 24, body))

    # 6. Keys.
    add("key: none", http("GET", "/rest/a3cats", key=None))
    add("key: none on POST", http("POST", "/rest/a3cats", "{\"a\":1}", key=None))
    add("key: wrong", http("GET", "/rest/a3cats", key="wrongwrongwrongwrongwron"))
    add("key: empty", http("GET", "/rest/a3cats", key=""))
    add("key: wrong on DELETE", http("DELETE", "/rest/a3cats/" + cat, key="wrongwrongwrongwrongwron"))
    add("key: two, valid first", http("GET", "/rest/a3cats", headers=["x-apikey: wrongwrongwrongwrongwron"]))
    add("key: two, wrong first", http("GET", "/rest/a3cats", key="wrongwrongwrongwrongwron",
                                      headers=["x-apikey: " + KEY]))
    add("key: two apikey parameters", http("GET", "/rest/a3cats?apikey=%s&apikey=%s" % (KEY, KEY), key=None))
    add("key: scoped writes", http("POST", "/rest/a3cats", "{\"a\":1}", key=SCOPED))
    add("key: scoped deletes", http("DELETE", "/rest/a3cats/" + cat, key=SCOPED))
    add("key: scoped other collection", http("GET", "/rest/" + other, key=SCOPED))
    add("key: scoped admin", http("POST", "/_restlite/reset", key=SCOPED))
    add("key: scoped keys list", http("GET", "/_restlite/keys", key=SCOPED))
    add("key: admin without key", http("POST", "/_restlite/reset", key=None))
    add("key: wrong query key", http("GET", "/rest/a3cats?apikey=wrongwrongwrongwrongwron", key=None))
    add("key: bearer wrong", http("GET", "/rest/a3cats", key=None,
                                  headers=["Authorization: Bearer wrongwrongwrongwrongwron"]))

    # 7. Method overrides, forms, paths, routes.
    add("override: two headers", http("POST", "/rest/a3cats/" + cat, "{\"rating\":1}",
                                      ["X-HTTP-Method-Override: PUT", "X-HTTP-Method-Override: DELETE"]))
    add("override: unknown", http("POST", "/rest/a3cats", "{\"a\":1}", ["X-HTTP-Method-Override: BREW"]))
    add("override: TRACE", http("POST", "/rest/a3cats", "{\"a\":1}", ["X-HTTP-Method-Override: TRACE"]))
    form = "application/x-www-form-urlencoded"
    add("form: no =", http("POST", "/rest/a3cats", "hello cats", content_type=form))
    add("form: bad escape", http("POST", "/rest/a3cats", "a=%zz", content_type=form))
    add("form: 1e400", http("POST", "/rest/a3cats", "weightKg=1e400", content_type=form))
    add("form: $ name", http("POST", "/rest/a3cats", "%24where=1", content_type=form))
    add("content type: xml", http("POST", "/rest/a3cats", "<cat/>", content_type="application/xml"))
    add("path: bad escape", http("GET", "/rest/a3c%zzats"))
    add("path: encoded slash", http("GET", "/rest/a3cats%2Fx"))
    add("path: nul", http("GET", "/rest/a3cats%00"))
    add("path: unknown collection", http("GET", "/rest/nosuchcollection"))
    add("path: unknown collection POST bad", http("POST", "/rest/newcollection", "{\"a\":"))
    add("path: unknown route", http("GET", "/nothing/here"))
    add("path: dot segments", http("GET", "/rest/../etc/passwd"))
    add("route: wrong method", http("PATCH", "/rest/a3cats", "{\"a\":1}"))
    add("route: POST on a document", http("POST", "/rest/a3cats/" + cat, "{\"a\":1}"))
    add("route: DELETE a collection list", http("DELETE", "/rest/a3cats"))
    add("route: media no body", http("POST", "/media", b"", content_type=None))
    add("route: media not multipart", http("POST", "/media", "{}", content_type="application/json"))
    add("route: media bad boundary", http("POST", "/media", "--x\r\nnope", content_type="multipart/form-data; boundary=y"))
    add("route: media bad id", http("GET", "/media/zzz"))
    add("route: media delete unknown", http("DELETE", "/media/" + "0" * 24))
    add("admin: bad fault", http("POST", "/_restlite/faults", "{\"action\":\"explode\"}"))
    add("admin: fault bad status", http("POST", "/_restlite/faults", "{\"action\":\"status\",\"status\":99}"))
    add("admin: unknown snapshot", http("POST", "/_restlite/snapshots/nosuch/restore"))
    add("admin: bad snapshot name", http("POST", "/_restlite/snapshots/..%2F..", b""))
    add("admin: bad key body", http("POST", "/_restlite/keys", "{\"methods\":5}"))
    add("admin: bad journal filter", http("GET", "/_restlite/journal?status=abc"))
    add("schema: bad type", http("PUT", "/rest/_schema/" + other, "{\"fields\":{\"a\":{\"type\":\"nope\"}}}"))
    add("realtime: bad publish", http("POST", "/realtime", "{"))

    # 8. Refused writes to a collection that does not exist: a write that fails leaves nothing
    # behind, the collection included (the digest covers `_meta`).
    # Each case names a collection of its own, so one that was wrongly created cannot hide the next.
    news = iter("/rest/drillnew%d" % number for number in range(1000))
    for index, body in enumerate(bodies + ["[{\"a\":1},{\"b\":1e400}]", "[{\"a\":1},{\"$b\":1}]", "[1,2]"]):
        add("new collection %d: %s" % (index, body[:40]), http("POST", next(news), body))
    for body in ["weightKg=1e400", "%24where=1", "a.=1", "a=%zz"]:
        add("new collection form: %s" % body, http("POST", next(news), body, content_type=form))
    add("new collection: bad schema",
        http("PUT", next(news) + "/_meta", "{\"fields\":[{\"name\":\"a\",\"type\":\"nope\"}]}"))
    add("new collection: bad update", http("PUT", next(news) + "/" + cat, "{\"a\":1e400}"))
    add("new collection: child of no parent", http("POST", next(news) + "/" + cat + "/kids", "{\"a\":1}"))
    return out


def check(status_headers_body, allowed):
    if status_headers_body is None:
        return "no answer (connection closed without a response)"
    status, headers, body = status_headers_body
    if status not in allowed:
        return "status %d" % status
    if not headers.get("content-type", "").startswith("application/json"):
        return "content type %r" % headers.get("content-type")
    try:
        error = json.loads(body)
    except ValueError:
        return "body is not JSON: %r" % body[:80]
    if not isinstance(error, dict) or not isinstance(error.get("message"), str) or not error["message"]:
        return "no message: %r" % body[:80]
    if error.get("status") != status or not isinstance(error.get("name"), str):
        return "name/status do not match the answer: %r" % body[:80]
    return None


def import_cases(binary, folder, postgres=None):
    """`restlite import` of malformed files into the data folder, or (`postgres`: the cluster
    and the database's name and URL) into that database."""
    bad_files = {
        "broken.json": "[{\"catName\":\"a\"},",
        "object.json": "{\"catName\":\"a\"}x",
        "big-number.json": "[{\"catName\":\"a\",\"weightKg\":1e400}]",
        "dollar.json": "[{\"$where\":1}]",
        "lines.jsonl": "{\"catName\":\"a\"}\n{\"catName\":\n",
        "ragged.csv": "catName,rating\nTom,5\nAnn,4,extra\n",
        "quote.csv": "catName,rating\n\"Tom,5\n",
        "not-array.json": "5",
        "nested-dollar.jsonl": "{\"a\":{\"$b\":1}}\n",
        "empty.json": "",
    }
    failures = []
    if postgres:
        cluster, database, url = postgres
        target = ["--database", url]
        digest = lambda: postgres_digest(cluster, database)  # noqa: E731
    else:
        target = ["--data-dir", folder]
        digest = lambda: database_digest(folder)  # noqa: E731
    scratch = tempfile.mkdtemp(prefix="restlite-bad-import-")
    try:
        for name, text in bad_files.items():
            path = os.path.join(scratch, name)
            with open(path, "w") as handle:
                handle.write(text)
            before = digest()
            result = subprocess.run([binary, "import", path, "--collection", "a3cats"] + target,
                                    capture_output=True, text=True, timeout=120)
            after = digest()
            message = (result.stderr + result.stdout).strip()
            problem = None
            if result.returncode == 0:
                problem = "exit 0"
            elif before != after:
                problem = "data changed"
            elif not message or "Traceback" in message or "Fatal error" in message:
                problem = "no clear message: %r" % message[:120]
            if problem:
                failures.append({"case": "import " + name, "problem": problem, "message": message[:200]})
        # The digest sees a change: one good import must change it.
        good = os.path.join(scratch, "good.json")
        with open(good, "w") as handle:
            handle.write("[{\"catName\":\"Good\"}]")
        before = digest()
        result = subprocess.run([binary, "import", good, "--collection", "a3cats"] + target,
                                capture_output=True, text=True, timeout=120)
        if result.returncode != 0 or digest() == before:
            failures.append({"case": "a good import changes the digest", "problem": "exit %d or digest unchanged"
                             % result.returncode, "message": (result.stderr + result.stdout)[:200]})
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return len(bad_files), failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/debug/restlite")
    parser.add_argument("--postgres", action="store_true",
                        help="serve and import on a throwaway PostgreSQL cluster")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="restlite-bad-input-")
    failures, total = [], 0
    cluster, postgres, extra = None, None, ["--max-body", "1MiB"]
    try:
        if args.postgres:
            pg_bin = find_pg_bin()
            if pg_bin is None:
                sys.exit("bad-input: --postgres needs PostgreSQL's server binaries (apt install postgresql)")
            cluster = Cluster(pg_bin)
            url = cluster.createdb("badinput")
            postgres = (cluster, "badinput", url)
            extra += ["--database", url]
        server = Server(args.binary, folder=folder, extra=extra).start()
        try:
            other = "secretdrill"
            request(server.port, "POST", "/rest/" + other, {"salary": 1})
            status, _, _ = request(server.port, "POST", "/_restlite/keys",
                                   {"key": SCOPED, "methods": ["GET"], "path": "/a3cats/**"})
            assert status in (200, 201), status
            _, _, data = request(server.port, "GET", "/rest/a3cats?max=1")
            cat = json.loads(data)[0]["_id"]
            matrix = cases(cat, other)
            for name, raw, allowed in matrix:
                before = api_digest(server.port)
                answer = exchange(server.port, raw)
                problem = check(answer, allowed)
                after = api_digest(server.port)
                if problem is None and before != after:
                    problem = "data changed"
                total += 1
                record = {"case": name, "status": answer and answer[0], "problem": problem}
                if problem:
                    failures.append(record)
                if problem or args.verbose:
                    emit(record)
            # The digest sees a change: one good write must change it.
            before = api_digest(server.port)
            request(server.port, "POST", "/rest/a3cats", {"catName": "Good", "rating": 3})
            if api_digest(server.port) == before:
                failures.append({"case": "a good write changes the digest", "problem": "digest unchanged"})
            health = request(server.port, "GET", "/health")[0]
            if health != 200:
                failures.append({"case": "server alive after the matrix", "problem": "health %d" % health})
        finally:
            server.cleanup()
        imports, import_failures = import_cases(args.binary, folder, postgres)
        total += imports
        for failure in import_failures:
            emit(failure)
        failures += import_failures
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        if cluster:
            cluster.remove()
    ok = not failures and total >= 150
    emit({"drill": "bad-input", "engine": "postgres" if args.postgres else "sqlite", "inputs": total,
          "failures": len(failures), "ok": ok})
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
