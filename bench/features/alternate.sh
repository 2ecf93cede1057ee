#!/usr/bin/env bash
# Server CPU per request of several builds, in many short runs taken in turn: every server is
# started once (a free loopback port, a new temporary data folder, 1,000 cats seeded through the
# API) and stays up, then each round runs wrk once against each, turning the order, and the
# median of each build's runs is printed. On a shared machine the medians of short alternating
# runs move less than the means of a few long ones (bench/features/run.sh). Then each later build
# against the first, paired by round: the median of the rounds' CPU ratios and a bootstrap 95 %
# interval of that median, the figure to hold against a goal such as "within 3 %". With PIN=1 every
# server runs on CPU 0 and wrk on CPU 1 (`taskset`): what a build costs on one core, without
# the cache lines its threads take from each other across cores.
# Usage: bench/features/alternate.sh NAME=BINARY...
#        e.g. bench/features/alternate.sh before=/work/wt-old/.build/release/restlite now=.build/release/restlite
# Env: ROUNDS (8), DURATION (3s), SCRIPT (get_one.lua; list.lua with SUFFIX='?max=100'), SUFFIX,
#      WRK_ARGS (-t2 -c32), PIN=1, SUMMARY_FILE (also append the summary there).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
export BENCH_API_DIR="$root/bench/api"
# shellcheck source=../api/lib.sh
source "$BENCH_API_DIR/lib.sh"

[ $# -ge 1 ] || { echo "usage: $0 NAME=BINARY..." >&2; exit 2; }
rounds=${ROUNDS:-8}
script=${SCRIPT:-get_one.lua}
suffix=${SUFFIX:-}
server_pin=() wrk_pin=()
if [ -n "${PIN:-}" ]; then server_pin=(taskset -c 0) wrk_pin=(taskset -c 1); fi
# bench_wrk runs `wrk`: pinned here when asked.
wrk_binary=$(type -P wrk)
wrk() { "${wrk_pin[@]}" "$wrk_binary" "$@"; }

tmp=$(mktemp -d)
declare -A pid=() port=()
names=()
trap 'bench_stop_servers; rm -rf "$tmp"' EXIT
key="bench$(date +%s%N | sha256sum | head -c 19)"

for spec in "$@"; do
    name=${spec%%=*} binary=${spec#*=}
    names+=("$name")
    port[$name]=$(bench_free_port)
    "${server_pin[@]}" "$binary" serve --quiet --no-seed --apikey "$key" --port "${port[$name]}" \
        --data-dir "$tmp/data-$name" >"$tmp/$name.out" 2>"$tmp/$name.err" &
    pid[$name]=$!
    bench_wait_health "${port[$name]}" "$tmp/$name.err"
    python3 "$BENCH_API_DIR/seed.py" 127.0.0.1 "${port[$name]}" "$key" benchcats 1000 "$tmp/ids-$name.txt" \
        >/dev/null
    wrk -t2 -c32 -d1s -s "$BENCH_API_DIR/$script" "http://127.0.0.1:${port[$name]}/rest/benchcats$suffix" \
        -- "$key" "$tmp/ids-$name.txt" >/dev/null
done

: >"$tmp/results.txt"
for round in $(seq 1 "$rounds"); do
    count=${#names[@]}
    for ((i = 0; i < count; i++)); do
        name=${names[$(((i + round) % count))]}
        # shellcheck disable=SC2086
        result=$(bench_wrk "${pid[$name]}" "$key" "$tmp/ids-$name.txt" "$script" \
            "http://127.0.0.1:${port[$name]}/rest/benchcats$suffix" ${WRK_ARGS:--t2 -c32} "-d${DURATION:-3s}")
        echo "$name $round $result load=$(bench_load)" | tee -a "$tmp/results.txt"
    done
done

{
    echo
    echo "== $script$suffix ${WRK_ARGS:--t2 -c32}${PIN:+, servers on CPU 0 and wrk on CPU 1}: median of $rounds runs each"
    python3 - "$tmp/results.txt" "${names[@]}" <<'EOF'
import collections, random, re, statistics, sys
cpu, rps, load = collections.defaultdict(dict), collections.defaultdict(dict), []
for line in open(sys.argv[1]):
    name, round = line.split()[:2]
    cpu[name][round] = float(re.search(r"cpu_us=([0-9.]+)", line).group(1))
    rps[name][round] = int(re.search(r"rps=(\d+)", line).group(1))
    load.append(float(re.search(r"load=([0-9.]+)", line).group(1)))
names = sys.argv[2:]  # in the order given: the first is the reference of the ratios
for name in names:
    print(f"{name:10} cpu_us median {statistics.median(cpu[name].values()):6.1f}"
          f"  req/s median {statistics.median(rps[name].values()):7.0f}  cpu_us runs {list(cpu[name].values())}")
# Each later build against the first, round by round: the two runs of a round are next to each
# other in time, so their ratio leaves out what the machine did between rounds. The interval is
# a bootstrap of the median ratio (2,000 resamples of the rounds, fixed seed).
generator = random.Random(1)
for name in names[1:]:
    ratios = [cpu[name][r] / cpu[names[0]][r] for r in cpu[name] if r in cpu[names[0]] and cpu[names[0]][r] > 0]
    if len(ratios) < 2:
        continue
    medians = sorted(statistics.median(generator.choices(ratios, k=len(ratios))) for _ in range(2000))
    print(f"{name} / {names[0]} CPU per request, paired by round: median {statistics.median(ratios):.3f}, "
          f"95 % interval {medians[50]:.3f}-{medians[1949]:.3f} ({len(ratios)} rounds)")
print(f"load (1 min) {min(load):.1f}-{max(load):.1f}")
EOF
} | tee -a "${SUMMARY_FILE:-/dev/null}"
