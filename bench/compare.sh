#!/usr/bin/env bash
# restlite serve against the Hummingbird comparator (bench/hummingbird-comparator: restlite's own
# DocumentStore behind Hummingbird), measured in the same run so both see the same machine.
# Each round starts both servers, each on a free loopback port with a new temporary data folder
# and 1,000 cats seeded through the API, then runs the wrk scripts of bench/run.sh (GET one,
# GET a list of 100, PUT, POST at -t2 -c32 -d10s and -t1 -c1 -d5s), each on one server and right
# after on the other, so both see the same machine period (the idle one uses no CPU),
# recording each server's CPU per request and RSS. The summary shows the mean over rounds and
# the ratio restlite/hummingbird per line.
# Usage: bench/compare.sh
# Env: ROUNDS (2), SKIP_BUILD=1, DURATION_C32 (10s), DURATION_C1 (5s),
#      SUMMARY_FILE (also append the summary there).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
export BENCH_API_DIR="$root/bench/api"
# shellcheck source=api/lib.sh
source "$BENCH_API_DIR/lib.sh"

rounds=${ROUNDS:-2}
[[ "$rounds" =~ ^[1-9]$ ]] || { echo "ROUNDS must be 1 to 9" >&2; exit 2; }
comparator_dir="$root/bench/hummingbird-comparator"
restlite_bin="$root/.build/release/restlite"
comparator_bin="$comparator_dir/.build/release/restlite-bench-hummingbird"

tmp=$(mktemp -d)
declare -A pid=() port=()
trap 'bench_stop_servers; rm -rf "$tmp"' EXIT

if [ -z "${SKIP_BUILD:-}" ]; then
    echo "building restlite (release)"
    swift build -c release --product restlite >/dev/null
    echo "building the Hummingbird comparator (release; the first build takes several minutes)"
    (cd "$comparator_dir" && swift build -c release --product restlite-bench-hummingbird >/dev/null)
fi

key="bench$(date +%s%N | sha256sum | head -c 19)"

start_server() {  # name folder
    local name=$1 folder=$2
    port[$name]=$(bench_free_port)
    case $name in
        restlite)
            "$restlite_bin" serve --quiet --no-seed --apikey "$key" --port "${port[$name]}" \
                --data-dir "$folder" >"$tmp/$name.out" 2>"$tmp/$name.err" &
            ;;
        hummingbird)
            "$comparator_bin" --host 127.0.0.1 --port "${port[$name]}" --data-dir "$folder" --apikey "$key" \
                >"$tmp/$name.out" 2>"$tmp/$name.err" &
            ;;
    esac
    pid[$name]=$!
    bench_wait_health "${port[$name]}" "$tmp/$name.err"
    python3 "$BENCH_API_DIR/seed.py" 127.0.0.1 "${port[$name]}" "$key" benchcats 1000 "$tmp/ids-$name.txt" \
        >/dev/null
    echo "== $name: pid ${pid[$name]} on 127.0.0.1:${port[$name]}, 1,000 cats seeded"
}

run() {  # name round label script url-suffix wrk-args...
    local name=$1 round=$2 label=$3 script=$4 suffix=$5 result
    shift 5
    result=$(bench_wrk "${pid[$name]}" "$key" "$tmp/ids-$name.txt" "$script" \
        "http://127.0.0.1:${port[$name]}/rest/benchcats$suffix" "$@")
    echo "$name | $round | $label | $* | $result | $(bench_load)" | tee -a "$tmp/results.txt"
}

: >"$tmp/results.txt"
: >"$tmp/memory.txt"
for round in $(seq 1 "$rounds"); do
    echo "== round $round; load $(cut -d' ' -f1-3 /proc/loadavg)"
    start_server restlite "$tmp/data-restlite-$round"
    start_server hummingbird "$tmp/data-hummingbird-$round"
    # Each wrk run of one server is followed by the same run of the other; odd rounds start
    # with restlite, even rounds with the comparator.
    order="restlite hummingbird"
    [ $((round % 2)) -eq 1 ] || order="hummingbird restlite"
    for config in "-t2 -c32 -d${DURATION_C32:-10s}" "-t1 -c1 -d${DURATION_C1:-5s}"; do
        for test in "GET one:get_one.lua:" "GET 100:list.lua:?max=100" "PUT:put.lua:" "POST:post.lua:"; do
            IFS=: read -r label script suffix <<<"$test"
            for name in $order; do
                # shellcheck disable=SC2086
                run "$name" "$round" "$label" "$script" "$suffix" $config
            done
        done
    done
    for name in restlite hummingbird; do
        echo "  $name, round $round: $(bench_memory "${pid[$name]}")" >>"$tmp/memory.txt"
    done
    bench_stop_servers
done

{
echo
echo "== summary: restlite serve vs the Hummingbird comparator (same DocumentStore), mean of $rounds round(s)"
echo "   ratio = restlite / hummingbird: above 1 is better for req/s, below 1 for p50 and cpu_us"
bench_summary "$tmp/results.txt" restlite hummingbird rl hb 2
echo "server memory at the end of each run:"
cat "$tmp/memory.txt"
} | tee -a "${SUMMARY_FILE:-/dev/null}"
