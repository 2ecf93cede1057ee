#!/usr/bin/env bash
# Automatic indexes (docs/PERFORMANCE.md, "Automatic indexes"): a repeated un-indexed equality
# on ownerName over ROWS a3cats documents, one wrk window after another (the first holds the slow
# reads that ask for the index, the second is the figure), then what the automatic index costs
# a POST: the same data served with and without it (and an automatic sort index, from a sorted
# page's slow reads), alternating, wrk at -t2 -c8; then the query and the sorted page again, over
# the documents the POSTs left past the indexes (read by seq until a catch-up).
# Usage: bench/autoindex/run.sh [--quick]   (quick: 10,000 documents, 5 s windows; default
# 100,000 documents and 60 s windows)
# Env: RESTLITE_BIN (default: the release build of restlite), SKIP_BUILD=1, POST_SCRIPT (the POST
# round's wrk script, relative to bench/api: default ../autoindex/post-owner.lua, cats that have the
# indexed field; post.lua's have none), POST_ROUNDS (3).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(cd .. && pwd)
# shellcheck source=../api/lib.sh
source "$root/bench/api/lib.sh"
export BENCH_API_DIR="$root/bench/api"
rows=100000 window=60s post_window=10s
if [ "${1:-}" = "--quick" ]; then rows=10000 window=5s post_window=3s; fi
tmp=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$tmp"
}
trap cleanup EXIT

if [ -z "${RESTLITE_BIN:-}" ]; then
    [ -n "${SKIP_BUILD:-}" ] || (cd "$root" && swift build -c release --product restlite >/dev/null)
    RESTLITE_BIN="$root/.build/release/restlite"
fi
key=0123456789abcdef01234567

"$RESTLITE_BIN" generate a3cats --rows "$rows" --seed 7 --output "$tmp/cats.json" 2>/dev/null
"$RESTLITE_BIN" import "$tmp/cats.json" --collection a3cats --data-dir "$tmp/data" >/dev/null 2>&1
cp -r "$tmp/data" "$tmp/plain"
: >"$tmp/ids"
owner=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d[len(d)//2]["ownerName"])' "$tmp/cats.json")
query=$(python3 -c 'import json,sys,urllib.parse; print(urllib.parse.quote(json.dumps({"ownerName": sys.argv[1]})))' "$owner")

start() {  # data-dir extra-args... ; sets started_pid and started_port
    local dir=$1
    shift
    started_port=$(bench_free_port)
    "$RESTLITE_BIN" serve --port "$started_port" --data-dir "$dir" --apikey "$key" --quiet --no-seed "$@" \
        >"$dir.out" 2>"$dir.err" &
    started_pid=$!
    pids+=("$started_pid")
    bench_wait_health "$started_port" "$dir.err"
}

start "$tmp/data"
pid=$started_pid port=$started_port
url="http://127.0.0.1:$port/rest/a3cats?q=$query"
echo "$rows documents; query {\"ownerName\":\"$owner\"}; server pid $pid; load $(bench_load)"
for label in "first window (slow reads, then the index)" "second window"; do
    out=$(wrk -t1 -c1 -d"$window" --latency -H "x-apikey: $key" "$url" 2>&1)
    printf '%-44s %s req/s  p50 %s  p99 %s  load %s\n' "$label ($window):" \
        "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1 == "50%" {print $2}' <<<"$out")" \
        "$(awk '$1 == "99%" {print $2}' <<<"$out")" "$(bench_load)"
done
# A page sorted on a field no index serves: its slow reads ask for an automatic sort index too,
# so the POST rounds below pay for two automatic indexes.
sort_url="http://127.0.0.1:$port/rest/a3cats?sort=ownerName&max=20"
out=$(wrk -t1 -c1 -d"$post_window" --latency -H "x-apikey: $key" "$sort_url" 2>&1)
printf '%-44s %s req/s  p50 %s  p99 %s  load %s\n' "sorted page, ?sort=ownerName&max=20 ($post_window):" \
    "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1 == "50%" {print $2}' <<<"$out")" \
    "$(awk '$1 == "99%" {print $2}' <<<"$out")" "$(bench_load)"
echo "server log:"
sed 's/^/  /' "$tmp/data.err"
echo "restlite index list:"
RESTLITE_APIKEY=$key "$RESTLITE_BIN" index list --data-dir "$tmp/data" | sed 's/^/  /'

start "$tmp/plain" --no-auto-index
plain_pid=$started_pid plain_port=$started_port
post_script=${POST_SCRIPT:-../autoindex/post-owner.lua}
post_rounds=${POST_ROUNDS:-3}
echo "POST /rest/a3cats ($(basename "$post_script")), -t2 -c8, $post_window each, $post_rounds rounds, alternating which goes first:"
post_without() { bench_wrk "$plain_pid" "$key" "$tmp/ids" "$post_script" "http://127.0.0.1:$plain_port/rest/a3cats" -t2 -c8 -d"$post_window"; }
post_with() { bench_wrk "$pid" "$key" "$tmp/ids" "$post_script" "http://127.0.0.1:$port/rest/a3cats" -t2 -c8 -d"$post_window"; }
for round in $(seq 1 "$post_rounds"); do
    if [ $((round % 2)) = 1 ]; then
        without=$(post_without) with=$(post_with)
    else
        with=$(post_with) without=$(post_without)
    fi
    echo "  round $round: no index:          $without | load $(bench_load)"
    echo "  round $round: automatic index:   $with | load $(bench_load)"
done
# The POSTs above left documents past the index's last tier (inserts do not write the automatic
# index; docs/PERFORMANCE.md, "Automatic indexes"). The same query again: its first reads read
# them by seq, and ask for a catch-up that gives them a tier of their own.
tail_window=${TAIL_WINDOW:-10s}
for pair in "the query after the POSTs|$url" "the sorted page after the POSTs|$sort_url"; do
    out=$(wrk -t1 -c1 -d"$tail_window" --latency -H "x-apikey: $key" "${pair#*|}" 2>&1)
    printf '%-44s %s req/s  p50 %s  p99 %s  max %s  load %s\n' "${pair%%|*} ($tail_window):" \
        "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1 == "50%" {print $2}' <<<"$out")" \
        "$(awk '$1 == "99%" {print $2}' <<<"$out")" "$(awk '/Latency/ {print $4}' <<<"$out")" "$(bench_load)"
done
echo "server log since the first windows:"
grep 'auto-index: caught up\|auto-index: dropped' "$tmp/data.err" | sed 's/^/  /' || echo "  (nothing)"
