#!/usr/bin/env bash
# REST API figures: `restlite serve` (release build) on a free loopback port with a temporary data
# folder and no access log, 1,000 cats seeded through the API, then wrk for GET one, GET a list
# of 100, POST and PUT at -t2 -c32 -d10s and -t1 -c1 -d5s, the server's RSS, and a summary.
# Usage: bench/run.sh
# Env: RESTLITE_BIN (default: the release build of restlite), SKIP_BUILD=1, DURATION_C32 (10s),
#      DURATION_C1 (5s), SUMMARY_FILE (also append the summary there).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
export BENCH_API_DIR="$root/bench/api"
tmp=$(mktemp -d)
server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT

# shellcheck source=api/lib.sh
source "$BENCH_API_DIR/lib.sh"

if [ -z "${RESTLITE_BIN:-}" ]; then
    [ -n "${SKIP_BUILD:-}" ] || swift build -c release --product restlite >/dev/null
    RESTLITE_BIN="$root/.build/release/restlite"
fi

key="bench$(date +%s%N | sha256sum | head -c 19)"

port=$(bench_free_port)
"$RESTLITE_BIN" serve --port "$port" --data-dir "$tmp/data" --quiet --no-seed --apikey "$key" >"$tmp/server.out" 2>"$tmp/server.err" &
server_pid=$!
bench_wait_health "$port" "$tmp/server.err"
echo "server pid $server_pid on 127.0.0.1:$port; $(bench_memory "$server_pid")"

base="http://127.0.0.1:$port/rest/benchcats"
python3 "$BENCH_API_DIR/seed.py" 127.0.0.1 "$port" "$key" benchcats 1000 "$tmp/ids.txt"
echo "after seeding: $(bench_memory "$server_pid")"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"

: >"$tmp/results.txt"
run() {  # label script url wrk-args...
    local label=$1 script=$2 url=$3
    shift 3
    local result
    result=$(bench_wrk "$server_pid" "$key" "$tmp/ids.txt" "$script" "$url" "$@")
    echo "$label | $* | $result | load $(bench_load)" | tee -a "$tmp/results.txt"
}
for config in "-t2 -c32 -d${DURATION_C32:-10s}" "-t1 -c1 -d${DURATION_C1:-5s}"; do
    # shellcheck disable=SC2086
    {
        run "GET one " get_one.lua "$base" $config
        run "GET 100 " list.lua "$base?max=100" $config
        run "PUT     " put.lua "$base" $config
        run "POST    " post.lua "$base" $config
    }
done
rss="$(bench_memory "$server_pid")"
count=$(curl -sf -H "x-apikey: $key" "$base?max=1&totals=true" | python3 -c 'import json,sys; print(json.load(sys.stdin)["totals"]["total"])')
kill "$server_pid"
wait "$server_pid" 2>/dev/null || true
server_pid=""

{
echo
echo "== summary (restlite serve, release; writes committed (WAL, synchronous=NORMAL) before the answer)"
printf '%-9s %-16s %10s %9s %9s %9s %8s %7s %6s\n' request wrk req/s p50_ms p90_ms p99_ms failed cpu_us load
awk -F' [|] ' '{
    split($3, kv, " "); for (i in kv) { split(kv[i], p, "="); v[p[1]] = p[2] }
    printf "%-9s %-16s %10s %9s %9s %9s %8s %7s %6s\n", $1, $2, v["rps"], v["p50_ms"], v["p90_ms"], v["p99_ms"], v["failed"], v["cpu_us"], $4
}' "$tmp/results.txt" | sed 's/load //'
echo "cpu_us: server CPU time (user + system) per request"
echo "server memory at the end: $rss"
echo "documents in benchcats at the end: $count"
} | tee -a "${SUMMARY_FILE:-/dev/null}"
