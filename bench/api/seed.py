#!/usr/bin/env python3
"""Seed N cats through the REST API (POST arrays of 100) and write their ids, one a line.
Usage: seed.py HOST PORT KEY COLLECTION N IDS_FILE"""
import http.client, json, sys

host, port, key, collection, count, ids_file = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5]), sys.argv[6]
colors = ["black", "white", "tabby", "ginger", "grey", "calico"]
names = ["Misty", "Felix", "Luna", "Oscar", "Nala", "Simba", "Tiger", "Cleo", "Milo", "Bella"]
connection = http.client.HTTPConnection(host, port, timeout=30)
ids = []
for start in range(0, count, 100):
    cats = [{"name": f"{names[n % len(names)]} {n}", "color": colors[n % len(colors)],
             "weightKg": round(2.5 + (n % 40) / 10, 1), "lives": 9 - n % 9, "rating": n % 5 + 1,
             "birthDate": f"20{10 + n % 14:02d}-0{1 + n % 9}-1{n % 10}T00:00:00.000Z",
             "owner": {"name": f"Owner {n % 50}", "city": ["Oslo", "Lyon", "Porto"][n % 3]}}
            for n in range(start, min(start + 100, count))]
    connection.request("POST", f"/rest/{collection}", body=json.dumps(cats),
                       headers={"x-apikey": key, "Content-Type": "application/json"})
    response = connection.getresponse()
    body = response.read()
    if response.status != 201:
        sys.exit(f"seed: POST answered {response.status}: {body[:300]!r}")
    ids.extend(document["_id"] for document in json.loads(body))
connection.close()
with open(ids_file, "w") as out:
    out.write("\n".join(ids) + "\n")
print(f"seeded {len(ids)} documents into {collection}")
