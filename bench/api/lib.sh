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
        'BEGIN {printf "%s cpu_us=%.0f\n", r, (n > 0 ? t / hz * 1e6 / n : 0)}'
}
