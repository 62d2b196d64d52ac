#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL 15 server started in a temp folder.
# The command sees TEST_DATABASE_URL (a superuser URL; tests create their own databases).
# Usage: scripts/with-postgres.sh <command> [args...]
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
if [ ! -x "$PG_BIN/initdb" ]; then
  echo "with-postgres: installing PostgreSQL (apt-get install postgresql)" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi

workdir=$(mktemp -d /tmp/travel-pay-pg.XXXXXX)
port=${PG_PORT:-$((20000 + RANDOM % 20000))}
# initdb refuses to run as root: run the server as the postgres user then.
as_pg=()
if [ "$(id -u)" = "0" ]; then
  chown postgres "$workdir"
  as_pg=(runuser -u postgres --)
fi

# Tests trade durability for speed; PG_DURABLE=1 (the benchmark) keeps PostgreSQL's defaults.
speed_opts="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
[ "${PG_DURABLE:-0}" = "1" ] && speed_opts=""

stop() {
  "${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$workdir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$workdir"
}
trap stop EXIT

"${as_pg[@]}" "$PG_BIN/initdb" -D "$workdir/data" -U postgres --auth=trust -E UTF8 >/dev/null
"${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$workdir/data" -l "$workdir/server.log" -w \
  -o "-p $port -k $workdir -c listen_addresses=127.0.0.1 -c max_connections=300 $speed_opts" \
  start >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL 15 on port $port" >&2
set +e
"$@"
status=$?
set -e
exit $status
