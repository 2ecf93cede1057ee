# A throwaway PostgreSQL cluster for scripts (sourced; bash). `pg_cluster_start FOLDER NAME` makes
# one in FOLDER/pg (initdb, a Unix socket in that folder only, no TCP, `fsync` on: the cluster's
# defaults), starts it, creates the database NAME and sets `pg_url`, `pg_data`, `pg_version` and
# `pg_postmaster` (its PID). `pg_createdb NAME` adds a database and points `pg_url` at it.
# `pg_cluster_stop` stops the cluster. Run as root, the cluster runs as the
# postgres user, so FOLDER must be open to it. The server binaries: RESTLITE_PG_BIN, else the
# newest /usr/lib/postgresql/*/bin (Debian's `postgresql` package).
pg_bin=${RESTLITE_PG_BIN:-$(find /usr/lib/postgresql -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -1)}
pg_run_as=()
[ "$(id -u)" = 0 ] && pg_run_as=(/usr/sbin/runuser -u postgres --)
pg_data=""

pg_cluster_start() {  # folder, database name
    local folder=$1/pg name=$2 port
    [ -x "$pg_bin/initdb" ] || { echo "no PostgreSQL server binaries (apt install postgresql)" >&2; return 1; }
    mkdir -p "$folder"
    [ ${#pg_run_as[@]} -gt 0 ] && chown postgres "$folder"
    # The port only names the socket file in this folder, so any number is free.
    port=$(python3 -c 'import random; print(random.randint(20000, 60000))')
    "${pg_run_as[@]}" "$pg_bin/initdb" -D "$folder/data" -A trust -U restlite --locale=C -E UTF8 \
        >"$folder/initdb.log" 2>&1 || { cat "$folder/initdb.log" >&2; return 1; }
    pg_data="$folder/data"
    "${pg_run_as[@]}" "$pg_bin/pg_ctl" -D "$pg_data" -l "$folder/server.log" -w \
        -o "-k $folder -c listen_addresses='' -p $port -c fsync=on -c max_connections=100" start >/dev/null
    pg_socket=$folder pg_port=$port
    pg_createdb "$name"
    pg_version=$("$pg_bin/postgres" --version | sed 's/.*(PostgreSQL) \([0-9.]*\).*/PostgreSQL \1/')
    pg_postmaster=$(head -1 "$pg_data/postmaster.pid")
}

pg_createdb() {  # database name
    "${pg_run_as[@]}" "$pg_bin/createdb" -h "$pg_socket" -p "$pg_port" -U restlite "$1"
    pg_url="postgresql:///$1?host=$pg_socket&port=$pg_port&user=restlite"
}

pg_cluster_stop() {
    [ -n "$pg_data" ] && "${pg_run_as[@]}" "$pg_bin/pg_ctl" -D "$pg_data" -m immediate -w stop >/dev/null 2>&1
    pg_data=""
}
