#!/usr/bin/env bash
# Two builds of restlite on PostgreSQL, and the first of them on SQLite, side by side: GET one
# at -t1 -c1 and -t2 -c32 (docs/PERFORMANCE.md, "A lone request waits for its answer on the
# CPU"). Three `restlite serve` run at once on temporary data folders, the PostgreSQL ones on
# their own databases of one throwaway cluster (Unix socket, `fsync` on), each seeded as `serve`
# seeds a new data folder (100 a3cats). wrk then asks each for one cat (with REQUEST=post: posts
# new cats), `ROUNDS` times, turning the order every round; the summary gives each server's
# median req/s and restlite's CPU time per request, and the ratios to SQLite.
# Usage: NOW_BIN=<build> BEFORE_BIN=<build> bench/engines/builds.sh
# Env: ROUNDS (6), DURATION (3s), NOW_BIN (default: the release build), BEFORE_BIN (required),
#      REQUEST (get-one, or post).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
now_bin=${NOW_BIN:-$root/.build/release/restlite}
before_bin=${BEFORE_BIN:?set BEFORE_BIN to the build to compare with}
rounds=${ROUNDS:-6} duration=${DURATION:-3s} request=${REQUEST:-get-one}
case $request in get-one | post) ;; *) echo "REQUEST is get-one or post" >&2 && exit 2 ;; esac
tmp=$(mktemp -d)
chmod 755 "$tmp"
declare -A pids=() ports=()
# shellcheck source=../../Tests/support/throwaway_postgres.sh
source "$root/Tests/support/throwaway_postgres.sh"
cleanup() {
    [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null || true
    pg_cluster_stop || true
    rm -rf "$tmp"
}
trap cleanup EXIT
pg_cluster_start "$tmp" now

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
start() {  # name binary [--database url]
    local name=$1 binary=$2 port
    shift 2
    port=$(free_port)
    "$binary" serve --port "$port" --data-dir "$tmp/$name" --quiet "$@" >"$tmp/$name.log" 2>&1 &
    pids[$name]=$! ports[$name]=$port
}
start sqlite "$now_bin"
start pg-now "$now_bin" --database "$pg_url"
pg_createdb before
start pg-before "$before_bin" --database "$pg_url"

names=(sqlite pg-now pg-before)
for name in "${names[@]}"; do
    for _ in $(seq 1 300); do grep -q '^api key' "$tmp/$name.log" 2>/dev/null && break; sleep 0.1; done
    key=$(awk '/^api key/ {print $3}' "$tmp/$name.log")
    [ -n "$key" ] || { echo "$name did not start:" >&2; cat "$tmp/$name.log" >&2; exit 1; }
    printf 'wrk.headers["x-apikey"] = "%s"\n' "$key" >"$tmp/$name.lua"
    if [ "$request" = post ]; then
        cat >>"$tmp/$name.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"catName":"Bench","ownerName":"Ann Lee","weightKg":4.2,"rating":3}'
LUA
        echo "http://127.0.0.1:${ports[$name]}/rest/a3cats" >"$tmp/$name.url"
    else
        id=$(curl -s -H "x-apikey: $key" "http://127.0.0.1:${ports[$name]}/rest/a3cats?max=1" |
            python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["_id"])')
        echo "http://127.0.0.1:${ports[$name]}/rest/a3cats/$id" >"$tmp/$name.url"
    fi
    wrk -t1 -c1 -d1s -s "$tmp/$name.lua" "$(cat "$tmp/$name.url")" >/dev/null  # warm up
done

ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
: >"$tmp/results"
for concurrency in "-t1 -c1" "-t2 -c32"; do
    order=("${names[@]}")
    for round in $(seq 1 "$rounds"); do
        for name in "${order[@]}"; do
            before=$(ticks "${pids[$name]}")
            # shellcheck disable=SC2086
            result=$(wrk $concurrency -d"$duration" -s "$tmp/$name.lua" "$(cat "$tmp/$name.url")")
            after=$(ticks "${pids[$name]}")
            rps=$(awk '/Requests\/sec/ {print $2}' <<<"$result")
            requests=$(awk '/requests in/ {print $1}' <<<"$result")
            cpu_us=$(( (after - before) * 1000000 / $(getconf CLK_TCK) / requests ))
            echo "$concurrency|$name|$round|$rps|$cpu_us" | tee -a "$tmp/results"
        done
        order=("${order[@]:1}" "${order[0]}")
    done
done

echo
echo "== $request, medians of $rounds rounds of $duration (now: $now_bin, before: $before_bin)"
python3 - "$tmp/results" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    concurrency, name, _, rps, cpu = line.strip().split("|")
    runs.setdefault((concurrency, name), []).append((float(rps), float(cpu)))
for concurrency in ("-t1 -c1", "-t2 -c32"):
    sqlite = statistics.median(r for r, _ in runs[(concurrency, "sqlite")])
    for name in ("sqlite", "pg-now", "pg-before"):
        values = runs[(concurrency, name)]
        rps = statistics.median(r for r, _ in values)
        cpu = statistics.median(c for _, c in values)
        print(f"{concurrency:9} {name:10} {rps:9.0f} req/s  cpu {cpu:5.0f} us  /sqlite {rps / sqlite:5.2f}")
PY
echo "load (1 min): $(cut -d' ' -f1 /proc/loadavg)"
