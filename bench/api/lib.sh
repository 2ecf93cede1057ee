# Shell helpers shared by bench/run.sh and bench/compare.sh (sourced, not run).
# They need BENCH_API_DIR (bench/api) exported for the wrk scripts.

# A free TCP port on 127.0.0.1.
bench_free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# CPU time (user + system) of process $1 in clock ticks, to report CPU per request: unlike
# req/s it hardly depends on what else the shared machine is running.
bench_cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# Memory of process $1. VmRSS counts the shared libraries' resident pages too (Foundation and
# ICU are most of them); RssAnon is the server's own memory.
bench_memory() {
    awk '/^VmHWM|^VmRSS|^RssAnon|^RssFile/ {printf "%s %.1f MiB  ", $1, $2/1024}' "/proc/$1/status"
}

# The 1-minute load average.
bench_load() { cut -d' ' -f1 /proc/loadavg; }

# Waits up to 10 s for http://127.0.0.1:$1/health to answer; fails (printing file $2, the
# server's stderr) if it does not.
bench_wait_health() {
    local port=$1 errors=$2
    for _ in $(seq 1 200); do
        curl -sf "http://127.0.0.1:$port/health" >/dev/null && return 0
        sleep 0.05
    done
    cat "$errors" >&2
    return 1
}

# One wrk run against server process $1 with key $2 and ids file $3, script $4 (in bench/api)
# on URL $5, further arguments passed to wrk. Prints the script's RESULT fields and cpu_us,
# the server's CPU time per request in microseconds.
bench_wrk() {
    local pid=$1 key=$2 ids=$3 script=$4 url=$5
    shift 5
    local out result before after requests
    before=$(bench_cpu_ticks "$pid")
    out=$(wrk "$@" --latency -s "$BENCH_API_DIR/$script" "$url" -- "$key" "$ids")
    after=$(bench_cpu_ticks "$pid")
    result=$(grep '^RESULT' <<<"$out" | sed 's/^RESULT //')
    requests=$(sed 's/.*requests=\([0-9]*\).*/\1/' <<<"$result")
    awk -v r="$result" -v t=$((after - before)) -v n="$requests" -v hz="$(getconf CLK_TCK)" \
        'BEGIN {printf "%s cpu_us=%.1f\n", r, (n > 0 ? t / hz * 1e6 / n : 0)}'
}

# The summary table of a two-server comparison: RESULTS holds lines
# `server | round | request | wrk args | rps=... p50_ms=... cpu_us=... failed=... | load`;
# A and B are the two server names, A_SHORT and B_SHORT their column labels, DIGITS the ratio's
# decimals. Prints one line per request and wrk args, the mean over rounds of each figure and
# the ratio A / B, then the load average of every run.
bench_summary() {  # results a b a_short b_short digits
    local results=$1 a=$2 b=$3 a_short=$4 b_short=$5 digits=$6
    awk -F' [|] ' -v a="$a" -v b="$b" -v as="$a_short" -v bs="$b_short" -v digits="$digits" '
        {
            line = $3 " | " $4
            if (!(line in seen)) { seen[line] = 1; order[++lines] = line }
            split($5, kv, " ")
            for (i in kv) { split(kv[i], p, "="); sum[$1, line, p[1]] += p[2] }
            sum[$1, line, "failed"] += 0; n[$1, line]++
        }
        function mean(server, line, field) { return sum[server, line, field] / n[server, line] }
        function ratio(x, y) { return y > 0 ? sprintf("%." digits "f", x / y) : "-" }
        END {
            printf "%-26s %9s %9s %6s %8s %8s %6s %7s %7s %6s %7s\n", "request | wrk", as "/s", bs "/s",
                "ratio", as " p50", bs " p50", "ratio", as " cpu", bs " cpu", "ratio", "failed"
            for (k = 1; k <= lines; k++) {
                line = order[k]
                ar = mean(a, line, "rps"); br = mean(b, line, "rps")
                ap = mean(a, line, "p50_ms"); bp = mean(b, line, "p50_ms")
                ac = mean(a, line, "cpu_us"); bc = mean(b, line, "cpu_us")
                failed = sum[a, line, "failed"] + sum[b, line, "failed"]
                printf "%-26s %9.0f %9.0f %6s %8.3f %8.3f %6s %7.1f %7.1f %6s %7d\n", line, ar, br, ratio(ar, br),
                    ap, bp, ratio(ap, bp), ac, bc, ratio(ac, bc), failed
            }
        }' "$results"
    echo "p50 in ms; cpu: server CPU time (user + system) per request in microseconds"
    echo "load (1 min) during the runs: $(awk -F' [|] ' '{printf "%s ", $6}' "$results")"
}

# Stops every server in the caller's associative array `pid` (name -> PID), by its PID, and
# empties it.
bench_stop_servers() {
    local name
    for name in "${!pid[@]}"; do
        kill "${pid[$name]}" 2>/dev/null || true
        wait "${pid[$name]}" 2>/dev/null || true
    done
    pid=()
}
