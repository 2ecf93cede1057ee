#!/usr/bin/env bash
# What a plain request costs the server in events rather than time: system calls (in all and the
# main kinds), context switches, CPU migrations, page faults and threads, each divided by the requests wrk
# made, for today's build and an older one under the same wrk (GET one, then GET a list of 100,
# at -t2 -c32 by default). These counts hardly depend on the machine's other load, unlike req/s
# or CPU time. `perf stat -p PID` counts the server alone while wrk runs. Each round starts one
# server per binary on a free loopback port with a new temporary data folder and 1,000 cats
# seeded through the API, as bench/features/run.sh does; the order of the binaries turns each
# round.
# Usage: NOW_BIN=... BEFORE_BIN=... bench/features/counts.sh
# Env: ROUNDS (1), DURATION (4s), PROBES=1 (below), EXTRA_EVENTS (more perf events, comma-
#      separated), WRK_ARGS (-t2 -c32), NOW_BIN (.build/release/restlite), BEFORE_BIN (optional),
#      SUMMARY_FILE (also append the summary there).
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
wrk_args=${WRK_ARGS:-"-t2 -c32"}
declare -A binary=([now]=${NOW_BIN:-"$root/.build/release/restlite"})
names=(now)
if [ -n "${BEFORE_BIN:-}" ]; then binary[before]=$BEFORE_BIN; names+=(before); fi

tmp=$(mktemp -d)
declare -A pid=() port=()
trap 'bench_stop_servers; rm -rf "$tmp"' EXIT
key="bench$(date +%s%N | sha256sum | head -c 19)"

# The events counted, and the short names they are reported under.
events='task-clock,context-switches,cpu-migrations,page-faults,raw_syscalls:sys_enter,syscalls:sys_enter_futex'
events+=',syscalls:sys_enter_epoll_wait,syscalls:sys_enter_epoll_ctl,syscalls:sys_enter_read'
events+=',syscalls:sys_enter_sendmsg,syscalls:sys_enter_writev,syscalls:sys_enter_write'
events+=',syscalls:sys_enter_clock_gettime,syscalls:sys_enter_madvise,syscalls:sys_enter_mmap'
events+=',syscalls:sys_enter_munmap,syscalls:sys_enter_sched_yield'
# With PROBES=1, allocations and reference counting too, through uprobes the caller added
# (`perf probe -x <libc> -a malloc -a free`, `perf probe -x <libswiftCore> -a swift_retain -a
# swift_release -a swift_allocObject`; remove them after with `perf probe -d 'probe_lib*'`).
# Uprobes slow every call they count, so the time figures of such a run mean nothing.
if [ -n "${PROBES:-}" ]; then
    events+=',probe_libc:malloc,probe_libc:free,probe_libswiftCore:swift_retain'
    events+=',probe_libswiftCore:swift_release,probe_libswiftCore:swift_allocObject'
fi
[ -z "${EXTRA_EVENTS:-}" ] || events+=",$EXTRA_EVENTS"

run() {  # name round label script suffix
    local name=$1 round=$2 label=$3 script=$4 suffix=$5 stat_pid result requests counts
    perf stat -x, -e "$events" -p "${pid[$name]}" -o "$tmp/stat-$name" >/dev/null 2>&1 &
    stat_pid=$!
    sleep 0.2
    # shellcheck disable=SC2086
    result=$(bench_wrk "${pid[$name]}" "$key" "$tmp/ids-$name.txt" "$script" \
        "http://127.0.0.1:${port[$name]}/rest/benchcats$suffix" $wrk_args "-d$duration")
    kill -INT "$stat_pid" 2>/dev/null || cat "$tmp/stat-$name" >&2
    wait "$stat_pid" 2>/dev/null || true
    requests=$(sed 's/.*requests=\([0-9]*\).*/\1/' <<<"$result")
    counts=$(awk -F, -v n="$requests" '
        $3 ~ /task-clock/ { printf "task_us=%.1f ", $1 * 1000 / n; next }
        NF >= 3 && $1 ~ /^[0-9.]+$/ {
            name = $3; sub(/^(syscalls:sys_enter_|raw_syscalls:sys_enter|probe_lib[a-zA-Z0-9]*:(swift_|sqlite3_)?)/, "", name)
            if (name == "") name = "syscalls"
            printf "%s=%.3f ", name, $1 / n
        }' "$tmp/stat-$name")
    echo "$name | $round | $label | $wrk_args | $result threads=$(ls "/proc/${pid[$name]}/task" | wc -l) $counts| $(bench_load)" |
        tee -a "$tmp/results.txt"
}

: >"$tmp/results.txt"
features_rounds "$rounds"

{
    echo
    echo "== summary: mean of $rounds round(s), per request (cpu_us from /proc, task_us from perf's task-clock, both µs)"
    awk -F' [|] ' '
        {
            line = $1 " | " $3
            if (!(line in seen)) { seen[line] = 1; order[++lines] = line }
            count = split($5, kv, " ")
            for (i = 1; i <= count; i++) {
                split(kv[i], p, "=")
                if (p[1] ~ /^(p50_ms|p90_ms|p99_ms|requests|failed)$/) continue
                if (!(p[1] in known)) { known[p[1]] = 1; fields[++nf] = p[1] }
                sum[line, p[1]] += p[2]
            }
            n[line]++
        }
        END {
            printf "%-18s", "server | request"
            for (f = 1; f <= nf; f++) printf " %8s", substr(fields[f], 1, 8)
            printf "\n"
            for (k = 1; k <= lines; k++) {
                l = order[k]
                printf "%-18s", l
                for (f = 1; f <= nf; f++) printf " %8.3f", sum[l, fields[f]] / n[l]
                printf "\n"
            }
        }' "$tmp/results.txt"
    echo "load (1 min) during the runs: $(awk -F' [|] ' '{printf "%s ", $6}' "$tmp/results.txt")"
} | tee -a "${SUMMARY_FILE:-/dev/null}"
