#!/usr/bin/env bash
# SQLite and PostgreSQL side by side (docs/PERFORMANCE.md, "Both engines"): the same
# `restlite serve` (release build) on a temporary data folder, once with its SQLite file and once
# with `--database` on a throwaway PostgreSQL cluster this script starts (initdb into a temporary
# folder, a Unix socket only, `fsync` on: the cluster's defaults, honest writes). Each engine gets
# 1,000 cats (bench/api/seed.py) and 100,000 generated a3cats posted through the API, then wrk
# runs GET one, GET a list of 100, a filtered sorted page of the 100,000 (20 documents,
# q={"rating":{"$gte":4}}, sort=weightKg descending, skip=100), POST and PUT, each at -t1 -c1 and
# -t2 -c32, with the server's CPU time per request and the load average. SQLite runs with
# --no-auto-index, so it scans for the filtered page; PostgreSQL keeps its automatic indexes (the
# c=1 run's slow pages build the rating and weightKg indexes, which the c=32 run reads).
# Usage: bench/engines/run.sh [--quick]   (quick: 10,000 a3cats and 1 s runs, a smoke check;
# default 5 s runs)
# Env: RESTLITE_BIN (default: the release build of restlite), SKIP_BUILD=1, RESTLITE_PG_BIN
# (default: the newest /usr/lib/postgresql/*/bin), SUMMARY_FILE (also append the summary there).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(cd .. && pwd)
# shellcheck source=../api/lib.sh
source "$root/bench/api/lib.sh"
export BENCH_API_DIR="$root/bench/api"
rows=100000 duration=5s
if [ "${1:-}" = "--quick" ]; then rows=10000 duration=1s; fi
tmp=$(mktemp -d)
chmod 755 "$tmp"
server_pid=""
pg_data=""
run_as=()
[ "$(id -u)" = 0 ] && run_as=(/usr/sbin/runuser -u postgres --)
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    [ -n "$pg_data" ] && "${run_as[@]}" "$pg_bin/pg_ctl" -D "$pg_data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$tmp"
}
trap cleanup EXIT

if [ -z "${RESTLITE_BIN:-}" ]; then
    [ -n "${SKIP_BUILD:-}" ] || (cd "$root" && swift build -c release --product restlite >/dev/null)
    RESTLITE_BIN="$root/.build/release/restlite"
fi
pg_bin=${RESTLITE_PG_BIN:-$(find /usr/lib/postgresql -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -1)}
[ -x "$pg_bin/initdb" ] || { echo "no PostgreSQL server binaries (apt install postgresql)" >&2; exit 1; }
key=0123456789abcdef01234567

# The throwaway cluster: its own folder, a Unix socket there, a random port, fsync on.
pg_dir="$tmp/pg"
mkdir -p "$pg_dir"
[ ${#run_as[@]} -gt 0 ] && chown postgres "$pg_dir"
pg_port=$(python3 -c 'import random; print(random.randint(20000, 60000))')
"${run_as[@]}" "$pg_bin/initdb" -D "$pg_dir/data" -A trust -U restlite --locale=C -E UTF8 >"$tmp/initdb.log" 2>&1
pg_data="$pg_dir/data"
"${run_as[@]}" "$pg_bin/pg_ctl" -D "$pg_data" -l "$pg_dir/server.log" -w \
    -o "-k $pg_dir -c listen_addresses='' -p $pg_port -c fsync=on -c max_connections=100" start >/dev/null
"${run_as[@]}" "$pg_bin/createdb" -h "$pg_dir" -p "$pg_port" -U restlite bench
pg_url="postgresql:///bench?host=$pg_dir&port=$pg_port&user=restlite"
pg_version=$("$pg_bin/postgres" --version | sed 's/.*(PostgreSQL) \([0-9.]*\).*/PostgreSQL \1/')
postmaster=$(head -1 "$pg_data/postmaster.pid")
pg_ticks() {  # CPU time of the cluster's processes (the postmaster and its children) in ticks
    local total=0 pid
    for pid in $postmaster $(pgrep -P "$postmaster"); do
        total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0)))
    done
    echo "$total"
}

"$RESTLITE_BIN" generate a3cats --rows "$rows" --seed 7 --output "$tmp/a3cats.json" 2>/dev/null
filtered="?q=$(python3 -c 'import urllib.parse; print(urllib.parse.quote("{\"rating\":{\"$gte\":4}}"))')&sort=weightKg&dir=-1&max=20&skip=100"

seed_a3cats() {  # port: POST the generated a3cats in arrays of 1,000
    python3 - "$1" "$key" "$tmp/a3cats.json" <<'EOF'
import http.client, json, sys
port, key, path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
documents = json.load(open(path))
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
for start in range(0, len(documents), 1000):
    connection.request("POST", "/rest/a3cats", body=json.dumps(documents[start:start + 1000]),
                       headers={"x-apikey": key, "Content-Type": "application/json"})
    response = connection.getresponse()
    body = response.read()
    if response.status != 201:
        sys.exit("seed: POST answered %d: %r" % (response.status, body[:300]))
print("seeded %d a3cats" % len(documents))
EOF
}

: >"$tmp/results.txt"
for engine in sqlite postgres; do
    port=$(bench_free_port)
    if [ "$engine" = sqlite ]; then extra=(--no-auto-index); else extra=(--database "$pg_url"); fi
    "$RESTLITE_BIN" serve --port "$port" --data-dir "$tmp/data-$engine" --quiet --no-seed --apikey "$key" \
        "${extra[@]}" >"$tmp/$engine.out" 2>"$tmp/$engine.err" &
    server_pid=$!
    bench_wait_health "$port" "$tmp/$engine.err"
    base="http://127.0.0.1:$port/rest"
    started=$SECONDS
    python3 "$BENCH_API_DIR/seed.py" 127.0.0.1 "$port" "$key" benchcats 1000 "$tmp/ids.txt" >/dev/null
    seed_a3cats "$port" >/dev/null
    echo "$engine: server pid $server_pid, seeded 1,000 + $rows documents in $((SECONDS - started)) s; load $(bench_load)"
    for config in "-t1 -c1 -d$duration" "-t2 -c32 -d$duration"; do
        # shellcheck disable=SC2086
        # The filtered page last: at c=32 its slowest scans outlive wrk's run and would be
        # counted against the next request's figures.
        for request in "GET one|get_one.lua|$base/benchcats" "GET 100|list.lua|$base/benchcats?max=100" \
            "POST|post.lua|$base/benchcats" "PUT|put.lua|$base/benchcats" "GET page|list.lua|$base/a3cats$filtered"; do
            IFS='|' read -r label script url <<<"$request"
            before=$(pg_ticks)
            result=$(bench_wrk "$server_pid" "$key" "$tmp/ids.txt" "$script" "$url" $config)
            pg_cpu=$(awk -v r="$result" -v t=$(($(pg_ticks) - before)) -v hz="$(getconf CLK_TCK)" \
                'BEGIN {match(r, /requests=[0-9]+/); n = substr(r, RSTART + 9, RLENGTH - 9); printf "%.0f", (n > 0 ? t / hz * 1e6 / n : 0)}')
            echo "$engine | $label | ${config% -d*} | $result pg_cpu_us=$pg_cpu | $(bench_load)" | tee -a "$tmp/results.txt"
        done
    done
    kill "$server_pid"
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
done

{
    echo
    echo "== summary: restlite serve ($RESTLITE_BIN), SQLite (WAL, synchronous=NORMAL, --no-auto-index) and $pg_version (fsync on), $(nproc) cores"
    printf '%-9s %-7s %10s %10s %9s %9s %9s %9s %9s %7s %7s %8s %6s\n' request wrk sqlite_rps pg_rps pg/sqlite \
        sq_p50_ms pg_p50_ms sq_p99_ms pg_p99_ms sq_cpu pg_cpu pg_db_cpu load
    awk -F' [|] ' '
        function field(s, name,   kv, i, p) { split(s, kv, " "); for (i in kv) { split(kv[i], p, "="); if (p[1] == name) return p[2] } }
        { k = $2 "|" $3; if (!(k in seen)) { seen[k] = 1; order[++n] = k }
          rps[$1, k] = field($4, "rps"); p50[$1, k] = field($4, "p50_ms"); p99[$1, k] = field($4, "p99_ms")
          cpu[$1, k] = field($4, "cpu_us"); db[$1, k] = field($4, "pg_cpu_us"); failed[$1, k] = field($4, "failed")
          if (k in load) load[k] = load[k] "/" $5; else load[k] = $5 }
        END { for (i = 1; i <= n; i++) { k = order[i]; split(k, lc, "|")
            printf "%-9s %-7s %10s %10s %9.2f %9s %9s %9s %9s %7s %7s %8s %6s%s\n", lc[1], lc[2], rps["sqlite", k], rps["postgres", k],
                (rps["sqlite", k] > 0 ? rps["postgres", k] / rps["sqlite", k] : 0), p50["sqlite", k], p50["postgres", k],
                p99["sqlite", k], p99["postgres", k], cpu["sqlite", k], cpu["postgres", k], db["postgres", k], load[k],
                (failed["sqlite", k] + failed["postgres", k] > 0 ? "  FAILED " failed["sqlite", k] "/" failed["postgres", k] : "") } }
    ' "$tmp/results.txt"
    echo "pg/sqlite: PostgreSQL's req/s over SQLite's; sq_cpu, pg_cpu: restlite's CPU time per request in us;"
    echo "pg_db_cpu: the PostgreSQL cluster's CPU time per request in us; load: 1-minute load average (SQLite run/PostgreSQL run)"
} | tee -a "${SUMMARY_FILE:-/dev/null}"
