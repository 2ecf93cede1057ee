#!/usr/bin/env bash
# SQLite and PostgreSQL side by side (docs/PERFORMANCE.md, "Both engines"): two `restlite serve`
# (release build) at once on temporary data folders, one with its SQLite file and one with
# `--database` on a throwaway PostgreSQL cluster this script starts (initdb into a temporary
# folder, a Unix socket only, `fsync` on: the cluster's defaults, honest writes). Each engine gets
# 1,000 cats (bench/api/seed.py) and 100,000 generated a3cats posted through the API, then wrk
# runs GET one, GET a list of 100, a filtered sorted page of the 100,000 (20 documents,
# q={"rating":{"$gte":4}}, sort=weightKg descending, skip=100), POST and PUT, each at -t1 -c1 and
# -t2 -c32, ROUNDS times on each engine, alternating which goes first; the summary gives the
# medians, the ratio of each round's pair, the server's CPU time per request and the load
# average. SQLite runs with --no-auto-index, so it scans for the filtered page; PostgreSQL keeps
# its automatic indexes (the c=1 run's slow pages build the rating and weightKg indexes, which
# the later rounds and the c=32 runs read).
# Usage: bench/engines/run.sh [--quick]   (quick: 10,000 a3cats, one round of 1 s, a smoke check;
# default 3 rounds of 3 s)
# Env: RESTLITE_BIN (default: the release build of restlite), SKIP_BUILD=1, RESTLITE_PG_BIN
# (default: the newest /usr/lib/postgresql/*/bin), ROUNDS, DURATION (wrk's -d), SUMMARY_FILE
# (also append the summary there).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(cd .. && pwd)
# shellcheck source=../api/lib.sh
source "$root/bench/api/lib.sh"
export BENCH_API_DIR="$root/bench/api"
rows=100000 duration=${DURATION:-3s} rounds=${ROUNDS:-3}
if [ "${1:-}" = "--quick" ]; then rows=10000 duration=1s rounds=1; fi
tmp=$(mktemp -d)
chmod 755 "$tmp"
declare -A server_pids ports  # by engine
# shellcheck source=../../Tests/support/throwaway_postgres.sh
source "$root/Tests/support/throwaway_postgres.sh"
cleanup() {
    [ ${#server_pids[@]} -gt 0 ] && kill "${server_pids[@]}" 2>/dev/null || true
    pg_cluster_stop || true
    rm -rf "$tmp"
}
trap cleanup EXIT

if [ -z "${RESTLITE_BIN:-}" ]; then
    [ -n "${SKIP_BUILD:-}" ] || (cd "$root" && swift build -c release --product restlite >/dev/null)
    RESTLITE_BIN="$root/.build/release/restlite"
fi
key=0123456789abcdef01234567

# The throwaway cluster: its own folder, a Unix socket there, fsync on.
pg_cluster_start "$tmp" bench
pg_ticks() {  # CPU time of the cluster's processes (the postmaster and its children) in ticks
    local total=0 pid
    for pid in $pg_postmaster $(pgrep -P "$pg_postmaster"); do
        total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0)))
    done
    echo "$total"
}

"$RESTLITE_BIN" generate a3cats --rows "$rows" --seed 7 --output "$tmp/a3cats.json" 2>/dev/null
filtered="?q=$(python3 -c 'import urllib.parse; print(urllib.parse.quote("{\"rating\":{\"$gte\":4}}"))')&sort=weightKg&dir=-1&max=20&skip=100"

seed_a3cats() {  # port: POST the generated a3cats in arrays of 1,000
    python3 - "$1" "$key" "$tmp/a3cats.json" <<'EOF'
import http.client, json, sys
port, key, path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
documents = json.load(open(path))
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
for start in range(0, len(documents), 1000):
    connection.request("POST", "/rest/a3cats", body=json.dumps(documents[start:start + 1000]),
                       headers={"x-apikey": key, "Content-Type": "application/json"})
    response = connection.getresponse()
    body = response.read()
    if response.status != 201:
        sys.exit("seed: POST answered %d: %r" % (response.status, body[:300]))
print("seeded %d a3cats" % len(documents))
EOF
}

# Both servers run side by side, each seeded the same way; then every request and concurrency
# runs ROUNDS times on each, alternating which engine goes first, and the summary takes the
# median of the rounds: the machine's drift over the run (SQLite's own figure moves by a fifth
# from one minute to the next) falls on both engines alike.
for engine in sqlite postgres; do
    port=$(bench_free_port)
    if [ "$engine" = sqlite ]; then extra=(--no-auto-index); else extra=(--database "$pg_url"); fi
    "$RESTLITE_BIN" serve --port "$port" --data-dir "$tmp/data-$engine" --quiet --no-seed --apikey "$key" \
        "${extra[@]}" >"$tmp/$engine.out" 2>"$tmp/$engine.err" &
    server_pids[$engine]=$!
    ports[$engine]=$port
    bench_wait_health "$port" "$tmp/$engine.err"
    started=$SECONDS
    python3 "$BENCH_API_DIR/seed.py" 127.0.0.1 "$port" "$key" benchcats 1000 "$tmp/ids-$engine.txt" >/dev/null
    seed_a3cats "$port" >/dev/null
    echo "$engine: server pid ${server_pids[$engine]}, seeded 1,000 + $rows documents in $((SECONDS - started)) s; load $(bench_load)"
done

# Waits until process $1 has used no CPU for 0.3 s (60 s at most): a slow request that outlives
# wrk's run (SQLite's filtered page scans) is not counted against the next figure.
wait_idle() {
    local last now
    last=$(bench_cpu_ticks "$1")
    for _ in $(seq 1 200); do
        sleep 0.3
        now=$(bench_cpu_ticks "$1")
        [ "$now" = "$last" ] && return 0
        last=$now
    done
}

: >"$tmp/results.txt"
for config in "-t1 -c1" "-t2 -c32"; do
    # The filtered page last: the c=1 run's slow pages build PostgreSQL's automatic indexes, and
    # POST and PUT add documents to benchcats only.
    for request in "GET one|get_one.lua|benchcats" "GET 100|list.lua|benchcats?max=100" \
        "POST|post.lua|benchcats" "PUT|put.lua|benchcats" "GET page|list.lua|a3cats$filtered"; do
        IFS='|' read -r label script path <<<"$request"
        for round in $(seq 1 "$rounds"); do
            order=(sqlite postgres)
            [ $((round % 2)) = 0 ] && order=(postgres sqlite)
            for engine in "${order[@]}"; do
                pid=${server_pids[$engine]}
                before=$(pg_ticks)
                # shellcheck disable=SC2086
                result=$(bench_wrk "$pid" "$key" "$tmp/ids-$engine.txt" "$script" \
                    "http://127.0.0.1:${ports[$engine]}/rest/$path" $config "-d$duration")
                pg_cpu=$(awk -v r="$result" -v t=$(($(pg_ticks) - before)) -v hz="$(getconf CLK_TCK)" \
                    'BEGIN {match(r, /requests=[0-9]+/); n = substr(r, RSTART + 9, RLENGTH - 9); printf "%.0f", (n > 0 ? t / hz * 1e6 / n : 0)}')
                echo "$engine | $round | $label | $config | $result pg_cpu_us=$pg_cpu | $(bench_load)" | tee -a "$tmp/results.txt"
                wait_idle "$pid"
            done
        done
    done
done

{
    echo
    echo "== summary: restlite serve ($RESTLITE_BIN), SQLite (WAL, synchronous=NORMAL, --no-auto-index) and $pg_version (fsync on), $(nproc) cores"
    echo "   medians of $rounds alternating rounds of $duration per engine"
    python3 - "$tmp/results.txt" <<'EOF2'
import statistics, sys
runs = {}
order = []
for line in open(sys.argv[1]):
    engine, _, label, config, fields, load = [part.strip() for part in line.split(" | ")]
    key = (label, config)
    if key not in order:
        order.append(key)
    values = dict(item.split("=") for item in fields.split())
    values["load"] = load
    runs.setdefault((engine, key), []).append(values)
def median(engine, key, field):
    return statistics.median(float(run[field]) for run in runs[(engine, key)])
print("%-9s %-7s %10s %10s %9s %11s %9s %9s %9s %9s %7s %7s %8s" % ("request", "wrk", "sqlite_rps", "pg_rps",
      "pg/sqlite", "rounds", "sq_p50_ms", "pg_p50_ms", "sq_p99_ms", "pg_p99_ms", "sq_cpu", "pg_cpu", "pg_db_cpu"))
for key in order:
    label, config = key
    sq, pg = median("sqlite", key, "rps"), median("postgres", key, "rps")
    ratios = [float(b["rps"]) / float(a["rps"]) for a, b in zip(runs[("sqlite", key)], runs[("postgres", key)])
              if float(a["rps"]) > 0]
    spread = "%.2f-%.2f" % (min(ratios), max(ratios)) if ratios else "-"
    failed = sum(int(run["failed"]) for engine in ("sqlite", "postgres") for run in runs[(engine, key)])
    print("%-9s %-7s %10.0f %10.0f %9.2f %11s %9.3f %9.3f %9.3f %9.3f %7.0f %7.0f %8.0f%s" % (
        label, config, sq, pg, pg / sq if sq > 0 else 0, spread,
        median("sqlite", key, "p50_ms"), median("postgres", key, "p50_ms"),
        median("sqlite", key, "p99_ms"), median("postgres", key, "p99_ms"),
        median("sqlite", key, "cpu_us"), median("postgres", key, "cpu_us"), median("postgres", key, "pg_cpu_us"),
        "  FAILED %d" % failed if failed else ""))
loads = [float(run["load"]) for values in runs.values() for run in values]
print("pg/sqlite: the median PostgreSQL req/s over the median SQLite req/s; rounds: the ratio of each round's pair")
print("sq_cpu, pg_cpu: restlite's CPU time per request in us; pg_db_cpu: the PostgreSQL cluster's, per request")
print("load (1 min) during the runs: %.1f-%.1f" % (min(loads), max(loads)))
EOF2
} | tee -a "${SUMMARY_FILE:-/dev/null}"
