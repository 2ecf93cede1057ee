#!/usr/bin/env bash
# What the round's features cost the plain request path: today's `restlite serve` (every feature
# on: console, stand-ins, media, journal, faults, host check, realtime) against a release build of
# restlite from before the console, stand-ins, media, journal and faults (commit b1d79a5), in the
# same run. Each round starts both servers on free loopback ports with new temporary data folders
# and 1,000 cats seeded through the API, then runs GET one and GET a list of 100 (and, with
# WRITES=1, PUT and POST) at -t2 -c32 and -t1 -c1, each on one server and right after on the
# other (odd rounds start with today's), so both see the same machine period; the idle server
# uses no CPU. Records req/s, p50 and each server's CPU time per request, which hardly depends
# on the machine's other load.
# Usage: bench/features/run.sh
# Env: ROUNDS (3), SKIP_BUILD=1, DURATION_C32 (5s), DURATION_C1 (5s), WRITES=1, NOW_BIN and
#      BEFORE_BIN (other binaries to compare, with SKIP_BUILD=1),
#      BEFORE_COMMIT (b1d79a5), SUMMARY_FILE (also append the summary there).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
export BENCH_API_DIR="$root/bench/api"
# shellcheck source=../api/lib.sh
source "$BENCH_API_DIR/lib.sh"
# shellcheck source=lib.sh
source "$root/bench/features/lib.sh"

rounds=${ROUNDS:-3}
[[ "$rounds" =~ ^[1-9]$ ]] || { echo "ROUNDS must be 1 to 9" >&2; exit 2; }
before_commit=${BEFORE_COMMIT:-b1d79a5}
before_dir="$root/.build/bench-before"
now_bin=${NOW_BIN:-"$root/.build/release/restlite"}
before_bin=${BEFORE_BIN:-"$before_dir/.build/release/restlite"}

tmp=$(mktemp -d)
declare -A pid=() port=()
trap 'bench_stop_servers; rm -rf "$tmp"' EXIT

if [ -z "${SKIP_BUILD:-}" ]; then
    echo "building today's restlite (release)"
    swift build -c release --product restlite >/dev/null
    if [ ! -d "$before_dir/.git" ] && [ ! -f "$before_dir/.git" ]; then
        git worktree add --detach "$before_dir" "$before_commit" >/dev/null
    fi
    git -C "$before_dir" checkout -q --detach "$before_commit"
    echo "building restlite at $before_commit (release; the first build takes a few minutes)"
    (cd "$before_dir" && swift build -c release --product restlite >/dev/null)
fi

key="bench$(date +%s%N | sha256sum | head -c 19)"

start_server() {  # name folder
    local binary=$now_bin
    [ "$1" = before ] && binary=$before_bin
    features_start_server "$1" "$binary" "$2"
    echo "== $1: pid ${pid[$1]} on 127.0.0.1:${port[$1]}, 1,000 cats seeded"
}

run() {  # name round label script url-suffix wrk-args...
    local name=$1 round=$2 label=$3 script=$4 suffix=$5 result
    shift 5
    result=$(bench_wrk "${pid[$name]}" "$key" "$tmp/ids-$name.txt" "$script" \
        "http://127.0.0.1:${port[$name]}/rest/benchcats$suffix" "$@")
    echo "$name | $round | $label | $* | $result | $(bench_load)" | tee -a "$tmp/results.txt"
}

tests=("GET one:get_one.lua:" "GET 100:list.lua:?max=100")
[ -z "${WRITES:-}" ] || tests+=("PUT:put.lua:" "POST:post.lua:")
: >"$tmp/results.txt"
for round in $(seq 1 "$rounds"); do
    echo "== round $round; load $(cut -d' ' -f1-3 /proc/loadavg)"
    start_server now "$tmp/data-now-$round"
    start_server before "$tmp/data-before-$round"
    order="now before"
    [ $((round % 2)) -eq 1 ] || order="before now"
    for config in "-t2 -c32 -d${DURATION_C32:-5s}" "-t1 -c1 -d${DURATION_C1:-5s}"; do
        for test in "${tests[@]}"; do
            IFS=: read -r label script suffix <<<"$test"
            for name in $order; do
                # shellcheck disable=SC2086
                run "$name" "$round" "$label" "$script" "$suffix" $config
            done
        done
    done
    bench_stop_servers
done

{
echo
echo "== summary: today's restlite (every feature on) vs restlite at $before_commit, mean of $rounds round(s)"
echo "   ratio = now / before: above 1 is better for req/s, below 1 for p50 and cpu_us"
bench_summary "$tmp/results.txt" now before now bef 3
} | tee -a "${SUMMARY_FILE:-/dev/null}"
