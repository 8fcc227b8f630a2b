#!/usr/bin/env bash
# Runs one command against a fresh PostgreSQL server:
#
#   with-postgres.sh <command> [args...]
#
# Starts a server in a new temporary run dir (postgres.sh start), exports
#   COPYCAT_PG_HOST, COPYCAT_PG_PORT   127.0.0.1 and its port
#   COPYCAT_PG_USER, COPYCAT_PG_PASSWORD, COPYCAT_PG_DB   the password-authenticated test user
#                                      and its database
#   COPYCAT_PG_CONNINFO                the same as a libpq conninfo
#   COPYCAT_PG_JDBC_URL                jdbc:postgresql://127.0.0.1:PORT/DB (no credentials)
#   COPYCAT_PG_RUN_DIR                 its run dir (data/server.log is the server's log)
# runs the command, then always stops the server and removes the run dir (set
# COPYCAT_KEEP_PG_RUN_DIR=1 to keep it). Exits with the command's status. Tests that need
# PostgreSQL read these variables (and skip, saying so, when COPYCAT_PG_CONNINFO is unset).
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly POSTGRES_SH="$SCRIPT_DIR/postgres.sh"

if (($# == 0)); then
  echo "usage: with-postgres.sh <command> [args...]" >&2
  exit 2
fi

run_dir=$(mktemp -d "${TMPDIR:-/tmp}/copycat-postgres.XXXXXX")
# shellcheck disable=SC2317  # only called by the EXIT trap
cleanup() {
  "$POSTGRES_SH" stop "$run_dir" || true
  if [[ "${COPYCAT_KEEP_PG_RUN_DIR:-0}" == 1 ]]; then
    echo "with-postgres.sh: kept run dir $run_dir" >&2
  else
    rm -rf "$run_dir"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

"$POSTGRES_SH" start "$run_dir" >/dev/null
conninfo=$(cat "$run_dir/conninfo")
field() { sed -n "s/.*\\b$1=\\([^ ]*\\).*/\\1/p" <<<"$conninfo"; }
export COPYCAT_PG_HOST; COPYCAT_PG_HOST=$(field host)
export COPYCAT_PG_PORT; COPYCAT_PG_PORT=$(field port)
export COPYCAT_PG_USER; COPYCAT_PG_USER=$(field user)
export COPYCAT_PG_PASSWORD; COPYCAT_PG_PASSWORD=$(field password)
export COPYCAT_PG_DB; COPYCAT_PG_DB=$(field dbname)
export COPYCAT_PG_CONNINFO="$conninfo"
export COPYCAT_PG_JDBC_URL; COPYCAT_PG_JDBC_URL=$(cat "$run_dir/jdbc.url")
export COPYCAT_PG_RUN_DIR="$run_dir"

# As in with-kafka.sh: a background job, so that SIGTERM/SIGINT reach this script at once and
# are passed on; the server is stopped once the command has exited.
"$@" <&0 &
child=$!
trap 'kill -TERM "$child" 2>/dev/null || true' TERM
trap 'kill -INT "$child" 2>/dev/null || true' INT
status=0
while true; do
  if wait "$child"; then status=0; else status=$?; fi
  kill -0 "$child" 2>/dev/null || break
done
exit "$status"
