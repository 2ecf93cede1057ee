#!/usr/bin/env bash
# Browser tests of the console: headless Chromium (Selenium) against a real `restlite serve`.
# Installs Chromium, chromedriver and Selenium when missing; bounded in time.
#   bash Tests/browser/run.sh              screenshots go to docs/console/
#   bash Tests/browser/run.sh --postgres   every server on a throwaway PostgreSQL cluster
#                                          (`RESTLITE_DATABASE_URL`), screenshots thrown away
set -euo pipefail
cd "$(dirname "$0")/../.."

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
if [ ${#need[@]} -gt 0 ]; then
    echo "browser: installing ${need[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
fi
python3 -c "import selenium" 2>/dev/null || python3 -m pip install --quiet selenium

echo "browser: build restlite"
timeout 900 swift build --product restlite
RESTLITE_BIN="$(swift build --show-bin-path)/restlite"
export RESTLITE_BIN

fresh_database() { :; }
if [ "${1:-}" = "--postgres" ]; then
    work=$(mktemp -d)
    chmod 755 "$work"  # the cluster's own user reaches its folder in here
    # shellcheck source=../support/throwaway_postgres.sh
    source Tests/support/throwaway_postgres.sh
    trap 'pg_cluster_stop || true; rm -rf "$work"' EXIT
    pg_cluster_start "$work" console
    export RESTLITE_DATABASE_URL=$pg_url CONSOLE_SHOTS_DIR=$work/shots
    mkdir -p "$CONSOLE_SHOTS_DIR"
    # A second try starts from an empty database, as it starts from new data folders.
    fresh_database() { pg_createdb console_again; export RESTLITE_DATABASE_URL=$pg_url; }
    echo "browser: every server on $pg_version (a throwaway cluster; screenshots not kept)"
else
    echo "browser: tests (screenshots go to docs/console/)"
fi
# Bounded at 8 minutes: the code samples test compiles four Swift files with swiftc.
# One retry: a page event that lands late on this shared 2-core machine can fail one step; a
# real fault fails twice. The first run's failures stay in the log.
timeout 480 python3 Tests/browser/test_console.py || {
    echo "browser: the run failed; running it once more"
    fresh_database
    timeout 480 python3 Tests/browser/test_console.py
}
