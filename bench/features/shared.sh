#!/usr/bin/env bash
# Reference counts that several worker threads write, per request: every `swift_retain` and
# `swift_release` of a plain request (GET one at -t2 -c32 by default) is recorded with its
# object's address through uprobes, and the objects that more than one thread touched at least
# once per three requests are listed with their operations per request. Such an object's count
# is one cache line that the two cores take from each other, request after request: it costs
# only when the server runs on more than one core (compare `taskset -c 0` and no pinning in
# bench/features/run.sh). Static objects (in the binary or the Swift runtime: the empty array
# and string) are immortal, so their counts are only read; heap objects are the ones that move.
# Uprobes make every retain and release a trap, so the server runs at a few hundred requests a
# second here: the counts mean something, the times do not.
# Usage: NOW_BIN=... BEFORE_BIN=... bench/features/shared.sh   (as root: it adds two uprobes to
#        libswiftCore and removes them when done)
# Env: DURATION (1s), SCRIPT (get_one.lua), SUFFIX (""), TOP (20 objects listed per binary),
#      SUMMARY_FILE (also append the summary there).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
export BENCH_API_DIR="$root/bench/api"
# shellcheck source=../api/lib.sh
source "$BENCH_API_DIR/lib.sh"

duration=${DURATION:-1s}
script=${SCRIPT:-get_one.lua}
suffix=${SUFFIX:-}
declare -A binary=([now]=${NOW_BIN:-"$root/.build/release/restlite"})
names=(now)
if [ -n "${BEFORE_BIN:-}" ]; then binary[before]=$BEFORE_BIN; names+=(before); fi

tmp=$(mktemp -d)
declare -A pid=() port=()
added_probes=""
cleanup() {
    bench_stop_servers
    if [ -n "$added_probes" ]; then perf probe -q -d 'probe_libswiftCore:shared_*' >/dev/null 2>&1 || true; fi
    rm -rf "$tmp"
}
trap cleanup EXIT
key="bench$(date +%s%N | sha256sum | head -c 19)"

runtime=$(ldd "${binary[now]}" | awk '/libswiftCore.so/ {print $3}')
if ! perf probe -l 2>/dev/null | grep -q 'probe_libswiftCore:shared_retain'; then
    perf probe -q -x "$runtime" -a 'shared_retain=swift_retain object=%di:x64' >/dev/null
    perf probe -q -x "$runtime" -a 'shared_release=swift_release object=%di:x64' >/dev/null
    added_probes=1
fi

for name in "${names[@]}"; do
    port[$name]=$(bench_free_port)
    "${binary[$name]}" serve --quiet --no-seed --apikey "$key" --port "${port[$name]}" \
        --data-dir "$tmp/data-$name" >"$tmp/$name.out" 2>"$tmp/$name.err" &
    pid[$name]=$!
    bench_wait_health "${port[$name]}" "$tmp/$name.err"
    python3 "$BENCH_API_DIR/seed.py" 127.0.0.1 "${port[$name]}" "$key" benchcats 1000 "$tmp/ids-$name.txt" \
        >/dev/null
    url="http://127.0.0.1:${port[$name]}/rest/benchcats$suffix"
    wrk -t2 -c32 -d1s -s "$BENCH_API_DIR/$script" "$url" -- "$key" "$tmp/ids-$name.txt" >/dev/null
    perf record -q -c 1 -m 1024 -e probe_libswiftCore:shared_retain -e probe_libswiftCore:shared_release \
        -o "$tmp/$name.data" -p "${pid[$name]}" >"$tmp/$name.record" 2>&1 &
    record_pid=$!
    # Uprobes take a moment to be in place in a running process.
    sleep 3
    result=$(bench_wrk "${pid[$name]}" "$key" "$tmp/ids-$name.txt" "$script" "$url" -t2 -c32 "-d$duration")
    kill -INT "$record_pid"
    wait "$record_pid" 2>/dev/null || true
    cp "/proc/${pid[$name]}/maps" "$tmp/$name.maps"
    requests=$(sed 's/.*requests=\([0-9]*\).*/\1/' <<<"$result")
    perf script -i "$tmp/$name.data" -F tid,event,trace 2>/dev/null >"$tmp/$name.script"
    {
        echo "== $name: ${binary[$name]}"
        python3 - "$tmp/$name.script" "$tmp/$name.maps" "$requests" "${TOP:-20}" <<'EOF'
import collections, re, sys
script, maps_file, requests, top = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
maps = []
for line in open(maps_file):
    parts = line.split()
    low, high = (int(x, 16) for x in parts[0].split("-"))
    maps.append((low, high, parts[5].rsplit("/", 1)[-1] if len(parts) > 5 else "heap"))
def region(address):
    return next((name for low, high, name in maps if low <= address < high), "?")
ops, threads = collections.Counter(), collections.defaultdict(set)
for line in open(script):
    match = re.search(r"(\d+)\s+probe_libswiftCore:shared_\w+:.*object=(0x[0-9a-f]+)", line)
    if not match: continue
    address = int(match.group(2), 16)
    if not 0 < address < 1 << 47: continue  # tagged values and null: the runtime returns at once
    ops[address] += 1
    threads[address].add(match.group(1))
shared = {a: n for a, n in ops.items() if len(threads[a]) > 1 and n >= requests / 3}
heap = {a: n for a, n in shared.items() if not region(a).startswith(("lib", "restlite"))}
print(f"requests {requests}; retains and releases of objects per request {sum(ops.values()) / requests:.1f}; "
      f"of objects several threads touch {sum(shared.values()) / requests:.1f}, "
      f"of them heap objects {sum(heap.values()) / requests:.1f} ({len(heap)} objects)")
for address, count in sorted(shared.items(), key=lambda item: -item[1])[:top]:
    print(f"  {count / requests:6.2f} per request, {len(threads[address])} threads, {region(address)}")
EOF
    } | tee -a "${SUMMARY_FILE:-/dev/null}"
    bench_stop_servers
done
