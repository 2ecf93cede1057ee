# Shared by bench/features/run.sh, profile.sh and counts.sh (sourced after bench/api/lib.sh).
# They keep `pid` and `port` (associative arrays by server name), `tmp` and `key`.

# Starts `binary serve` as server `name` on a free loopback port with a new data folder, waits
# for its health check, and seeds 1,000 cats (their ids in $tmp/ids-NAME.txt).
features_start_server() {  # name binary folder
    local name=$1
    port[$name]=$(bench_free_port)
    "$2" serve --quiet --no-seed --apikey "$key" --port "${port[$name]}" --data-dir "$3" \
        >"$tmp/$name.out" 2>"$tmp/$name.err" &
    pid[$name]=$!
    bench_wait_health "${port[$name]}" "$tmp/$name.err"
    python3 "$BENCH_API_DIR/seed.py" 127.0.0.1 "${port[$name]}" "$key" benchcats 1000 "$tmp/ids-$name.txt" \
        >/dev/null
}

# `rounds` rounds: each starts one server per name in `names` (from `binary`), in turn first and
# last (even rounds reverse the order), runs GET one and GET a list of 100 on each through the
# caller's `run NAME ROUND LABEL SCRIPT SUFFIX`, then stops them.
features_rounds() {  # rounds
    local round i name test label script suffix order
    for round in $(seq 1 "$1"); do
        echo "== round $round; load $(cut -d' ' -f1-3 /proc/loadavg)"
        order=("${names[@]}")
        if [ $((round % 2)) -eq 0 ]; then
            order=()
            for ((i = ${#names[@]} - 1; i >= 0; i--)); do order+=("${names[$i]}"); done
        fi
        for name in "${order[@]}"; do features_start_server "$name" "${binary[$name]}" "$tmp/data-$name-$round"; done
        for test in "GET one:get_one.lua:" "GET 100:list.lua:?max=100"; do
            IFS=: read -r label script suffix <<<"$test"
            for name in "${order[@]}"; do run "$name" "$round" "$label" "$script" "$suffix"; done
        done
        bench_stop_servers
    done
}
