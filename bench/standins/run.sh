#!/usr/bin/env bash
# Figures of the dog.ceo and USDA stand-ins: `restlite serve` (release build) on a free loopback
# port with a temporary data folder, then wrk on dog.ceo routes at -t2 -c32 and on food searches
# at -t1 -c1 (the latency of one search) and -t2 -c32, each run bounded by DURATION (10s).
# Prints requests/s, the p50/p99 latency and the server's CPU time per request of every run (on
# a shared machine CPU per request hardly depends on the other load), the load average and RSS.
# Usage: bench/standins/run.sh
# Env: RESTLITE_BIN (default: the release build of restlite), SKIP_BUILD=1, DURATION (10s).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(cd .. && pwd)
# shellcheck source=../api/lib.sh
source "$root/bench/api/lib.sh"
tmp=$(mktemp -d)
server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT

if [ -z "${RESTLITE_BIN:-}" ]; then
    [ -n "${SKIP_BUILD:-}" ] || (cd "$root" && swift build -c release --product restlite >/dev/null)
    RESTLITE_BIN="$root/.build/release/restlite"
fi
duration=${DURATION:-10s}

port=$(bench_free_port)
"$RESTLITE_BIN" serve --port "$port" --data-dir "$tmp/data" --quiet --no-seed >"$tmp/server.out" 2>"$tmp/server.err" &
server_pid=$!
bench_wait_health "$port" "$tmp/server.err"
base="http://127.0.0.1:$port"
echo "server pid $server_pid on 127.0.0.1:$port; $(bench_memory "$server_pid"); load $(bench_load)"

run() {  # label url wrk-args...
    local label=$1 url=$2
    shift 2
    local out rate p50 p99 before after requests cpu
    before=$(bench_cpu_ticks "$server_pid")
    out=$(wrk "$@" -d"$duration" --latency "$url" 2>&1)
    after=$(bench_cpu_ticks "$server_pid")
    rate=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
    requests=$(awk '/requests in/ {print $1}' <<<"$out")
    cpu=$(awk -v t=$((after - before)) -v n="${requests:-0}" -v hz="$(getconf CLK_TCK)" \
        'BEGIN {printf "%.0f", (n > 0 ? t / hz * 1e6 / n : 0)}')
    p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
    p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
    if grep -q "Non-2xx" <<<"$out"; then echo "$label: non-2xx answers" >&2; fi
    printf '%-48s %-10s %10s req/s  p50 %-9s p99 %-9s cpu %5s us/req  load %s\n' "$label" "$*" "$rate" "$p50" "$p99" "$cpu" "$(bench_load)"
}

# Pictures are drawn once and then served from the cache: load the one the run asks for first.
curl -sf "$base/dogceo/breeds/hound-afghan/hound-afghan_1100.jpg" -o /dev/null
run "dog.ceo breeds/list/all" "$base/dogceo/api/breeds/list/all" -t2 -c32
run "dog.ceo breed/hound/images" "$base/dogceo/api/breed/hound/images" -t2 -c32
run "dog.ceo breed/hound/afghan/images/random/3" "$base/dogceo/api/breed/hound/afghan/images/random/3" -t2 -c32
run "dog.ceo breeds/image/random" "$base/dogceo/api/breeds/image/random" -t2 -c32
run "dog.ceo breeds/image/random/3" "$base/dogceo/api/breeds/image/random/3" -t2 -c32
run "dog.ceo breed/hound/list" "$base/dogceo/api/breed/hound/list" -t2 -c32
run "dog.ceo breed/hound/images/random" "$base/dogceo/api/breed/hound/images/random" -t2 -c32
run "dog.ceo picture (cached JPEG)" "$base/dogceo/breeds/hound-afghan/hound-afghan_1100.jpg" -t2 -c32
for query in "butter%20peanut%20natural" "cheddar%20cheese" "apple"; do
    run "ndb/search q=$query max=25" "$base/usda/ndb/search/?max=25&api_key=K&q=$query" -t1 -c1
done
run "ndb/search q=butter%20peanut%20natural max=25" "$base/usda/ndb/search/?max=25&api_key=K&q=butter%20peanut%20natural" -t2 -c32
for query in "cheddar%20cheese" "butter%20peanut%20natural" "apple"; do
    run "fdc/v1/foods/search query=$query pageSize=25" "$base/usda/fdc/v1/foods/search?query=$query&pageSize=25" -t1 -c1
done
run "fdc/v1/foods/search query=apple (50 a page)" "$base/usda/fdc/v1/foods/search?query=apple" -t1 -c1
run "fdc/v1/foods/list pageSize=50" "$base/usda/fdc/v1/foods/list?pageSize=50" -t1 -c1
run "fdc/v1/foods?fdcIds=167500,340013" "$base/usda/fdc/v1/foods?fdcIds=167500,340013" -t1 -c1
echo "after the runs: $(bench_memory "$server_pid"); load $(bench_load)"
