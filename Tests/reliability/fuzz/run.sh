#!/usr/bin/env bash
# Coverage-guided fuzzing of restlite's HTTP request parser, JSON parser and query parser, and
# a differential run of the multipart scanner (whole body against the same body in small
# pieces), with libFuzzer (Swift's --sanitize=fuzzer). Builds the four targets of this folder's
# package in release with the fuzzer instrumentation (into the repository's .build/fuzz), then runs each
# from the committed seed corpus (new corpus entries go to a temporary folder).
#   --quick (default): 25 s per target.   --long: 10,000,000 executions per target.
# Exits non-zero when a target crashes, times out or runs out of memory; the input is kept in
# the temporary folder, whose path is printed.
set -euo pipefail
cd "$(dirname "$0")"
here=$(pwd)
root=$(cd ../../.. && pwd)
mode=${1:---quick}
case "$mode" in
--quick) budget=(-max_total_time=25) ;;
--long) budget=(-runs=10000000 -max_total_time=7200) ;;
*) echo "usage: $0 [--quick|--long]" >&2; exit 2 ;;
esac

scratch="$root/.build/fuzz"
echo "fuzz: building the targets (release, --sanitize=fuzzer) into $scratch"
timeout 1800 swift build --package-path "$here" --scratch-path "$scratch" -c release --sanitize=fuzzer \
    >"$scratch.log" 2>&1 || { tail -40 "$scratch.log"; exit 1; }
bin=$(swift build --package-path "$here" --scratch-path "$scratch" -c release --sanitize=fuzzer --show-bin-path)

work=$(mktemp -d -t restlite-fuzz-XXXXXX)
status=0
for target in http json query multipart; do
    name="Fuzz$(echo "${target:0:1}" | tr a-z A-Z)${target:1}"
    name=${name/Http/HTTP}; name=${name/Json/JSON}
    mkdir -p "$work/$target/corpus" "$work/$target/artifacts"
    cp "$here/corpus/$target/"* "$work/$target/corpus/"
    echo "fuzz: $name ($mode)"
    set +e
    timeout 7500 "$bin/$name" "$work/$target/corpus" -dict="$here/$target.dict" -max_len=4096 -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$work/$target/artifacts/" "${budget[@]}" \
        >"$work/$target/log" 2>&1
    code=$?
    set -e
    runs=$(grep -E "^stat::number_of_executed_units" "$work/$target/log" | awk '{print $2}')
    speed=$(grep -E "^stat::average_exec_per_sec" "$work/$target/log" | awk '{print $2}')
    cov=$(grep -oE "cov: [0-9]+ ft: [0-9]+" "$work/$target/log" | tail -1)
    echo "fuzz: $name: exit $code, ${runs:-?} executions, ${speed:-?}/s, $cov, corpus $(ls "$work/$target/corpus" | wc -l) inputs"
    if [ "$code" -ne 0 ] || ls "$work/$target/artifacts/"* >/dev/null 2>&1; then
        echo "fuzz: $name FAILED; log and inputs in $work/$target" >&2
        grep -E "ERROR|Fatal|SUMMARY|precondition|artifact" "$work/$target/log" | head -20 >&2
        status=1
    fi
done
if [ "$status" -eq 0 ]; then rm -rf "$work"; fi
exit "$status"
