#!/usr/bin/env bash
# HTTP server figures: restlite-bench-http (bench/http-server) vs nginx, same wrk runs on 127.0.0.1.
# Usage: bench/http/run.sh            (builds release, runs everything, prints a summary)
# Env: WORKERS (server threads, default: server default), SKIP_IDLE=1 to skip the 10k idle run.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
tmp=$(mktemp -d)
chmod 755 "$tmp"  # nginx workers run as an unprivileged user and must read the file
server_pid=""
nginx_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

swift build -c release --product restlite-bench-http >/dev/null
bin="$root/.build/release/restlite-bench-http"

# restlite: fixed route, 200-byte JSON body, access log off.
"$bin" 0 ${WORKERS:-} >"$tmp/server.out" 2>"$tmp/server.err" &
server_pid=$!
for _ in $(seq 1 100); do grep -q listening "$tmp/server.out" 2>/dev/null && break; sleep 0.05; done
port=$(awk '/listening/ {print $2}' "$tmp/server.out")

# nginx: temp config serving a 200-byte static file on a free loopback port.
nport=$(free_port)
mkdir -p "$tmp/www" "$tmp/nginx"
head -c 200 /dev/zero | tr '\0' 'x' >"$tmp/www/bench.json"
cat >"$tmp/nginx.conf" <<CONF
worker_processes 2;
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/error.log;
daemon off;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $tmp/nginx; proxy_temp_path $tmp/nginx; fastcgi_temp_path $tmp/nginx;
    uwsgi_temp_path $tmp/nginx; scgi_temp_path $tmp/nginx;
    keepalive_requests 1000000;
    server {
        listen 127.0.0.1:$nport;
        location / { root $tmp/www; default_type application/json; }
    }
}
CONF
nginx -c "$tmp/nginx.conf" -p "$tmp/nginx" &
nginx_pid=$!
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$nport/bench.json" >/dev/null && break; sleep 0.05; done

curl -sf "http://127.0.0.1:$port/bench" | wc -c | xargs echo "restlite body bytes:"
curl -sf "http://127.0.0.1:$nport/bench.json" | wc -c | xargs echo "nginx body bytes:"

run() {  # name url args...
    local name=$1 url=$2
    shift 2
    echo "== $name wrk $* $url"
    wrk "$@" --latency "$url" | tee "$tmp/wrk.txt" | grep -E 'Requests/sec|Latency  |50%|99%|Socket errors|Non-2xx'
}
run restlite "http://127.0.0.1:$port/bench" -t2 -c32 -d10s
run nginx "http://127.0.0.1:$nport/bench.json" -t2 -c32 -d10s
run restlite "http://127.0.0.1:$port/bench" -t1 -c1 -d5s
run nginx "http://127.0.0.1:$nport/bench.json" -t1 -c1 -d5s

if [ -z "${SKIP_IDLE:-}" ]; then
    echo "== 10,000 idle keep-alive connections"
    python3 "$root/bench/http/idle.py" 127.0.0.1 "$port" "$server_pid" 10000
fi
