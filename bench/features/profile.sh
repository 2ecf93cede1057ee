#!/usr/bin/env bash
# Where a plain request's CPU goes, as shares of a profile: each binary serves GET one and a list
# of 100 at -t2 -c32 for DURATION while `perf record -g -p PID` samples it, then the shares of
# the feature layers' own symbols (`perf report --no-children --sort symbol`: the journal, the
# fault table, the console's layers, the Host check, the key ring, realtime, the chains) are
# printed with their sum, beside req/s and the server's CPU time per request. Shares of one
# server's samples hold still when the machine is loaded; req/s does not. Each round starts one
# server per binary on a free loopback port with a new temporary data folder and 1,000 cats
# seeded through the API; the order of the binaries turns each round.
# Usage: NOW_BIN=... BEFORE_BIN=... bench/features/profile.sh
# Env: ROUNDS (1), DURATION (4s), NOW_BIN (.build/release/restlite), BEFORE_BIN and OTHER_BIN
#      (optional), SUMMARY_FILE (also append the summary there).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
export BENCH_API_DIR="$root/bench/api"
# shellcheck source=../api/lib.sh
source "$BENCH_API_DIR/lib.sh"
# shellcheck source=lib.sh
source "$root/bench/features/lib.sh"

rounds=${ROUNDS:-1}
duration=${DURATION:-4s}
declare -A binary=([now]=${NOW_BIN:-"$root/.build/release/restlite"})
names=(now)
if [ -n "${BEFORE_BIN:-}" ]; then binary[before]=$BEFORE_BIN; names+=(before); fi
if [ -n "${OTHER_BIN:-}" ]; then binary[other]=$OTHER_BIN; names+=(other); fi

tmp=$(mktemp -d)
declare -A pid=() port=()
trap 'bench_stop_servers; rm -rf "$tmp"' EXIT
key="bench$(date +%s%N | sha256sum | head -c 19)"

# Features' own symbols (self time): the journal, faults, console, Host check, key ring, realtime.
feature_symbols='Journal|FaultTable|FaultMiddleware|ConsolePage|ConsoleSession|HostCheck|HostAllowList|KeyRing|RealtimeHub|MiddlewareChains'

run() {  # name round label script suffix
    local name=$1 round=$2 label=$3 script=$4 suffix=$5 result record_pid data shares sum
    data="$tmp/perf-$name-$round.data"
    perf record -q -g -o "$data" -p "${pid[$name]}" >/dev/null 2>&1 &
    record_pid=$!
    sleep 0.2
    result=$(bench_wrk "${pid[$name]}" "$key" "$tmp/ids-$name.txt" "$script" \
        "http://127.0.0.1:${port[$name]}/rest/benchcats$suffix" -t2 -c32 "-d$duration")
    kill -INT "$record_pid"
    wait "$record_pid" 2>/dev/null || true
    shares=$(perf report -i "$data" --no-children -g none --sort symbol --stdio 2>/dev/null |
        grep -E '^ +[0-9.]+%' | grep -E "$feature_symbols" || true)
    sum=$(awk '{s += $1} END {printf "%.2f", s}' <<<"$shares")
    echo "$name | $round | $label | -t2 -c32 | $result features_pct=$sum | $(bench_load)" |
        tee -a "$tmp/results.txt"
    sed 's/^/    /' <<<"$shares" | head -20
    rm -f "$data"
}

: >"$tmp/results.txt"
features_rounds "$rounds"

{
    echo
    echo "== summary: mean of $rounds round(s); features_pct: the feature layers' own symbols, % of samples"
    awk -F' [|] ' '
        {
            line = $1 " | " $3
            if (!(line in seen)) { seen[line] = 1; order[++lines] = line }
            split($5, kv, " ")
            for (i in kv) { split(kv[i], p, "="); sum[line, p[1]] += p[2] }
            n[line]++
        }
        END {
            printf "%-20s %9s %9s %12s\n", "server | request", "req/s", "cpu_us", "features_pct"
            for (k = 1; k <= lines; k++) {
                l = order[k]
                printf "%-20s %9.0f %9.1f %12.2f\n", l, sum[l, "rps"] / n[l], sum[l, "cpu_us"] / n[l],
                    sum[l, "features_pct"] / n[l]
            }
        }' "$tmp/results.txt"
    echo "load (1 min) during the runs: $(awk -F' [|] ' '{printf "%s ", $6}' "$tmp/results.txt")"
} | tee -a "${SUMMARY_FILE:-/dev/null}"
