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

postgres_sh="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/postgres.sh"
(($# > 0)) || { echo "usage: with-postgres.sh <command> [args...]" >&2; exit 2; }

# As root the server runs as the postgres user, who must reach the run dir: /tmp then, whatever
# TMPDIR says.
tmp=${TMPDIR:-/tmp}
(( $(id -u) == 0 )) && tmp=/tmp
run_dir=$(mktemp -d "$tmp/copycat-postgres.XXXXXX")
# shellcheck disable=SC2317  # only called by the EXIT trap
finish() {
  "$postgres_sh" stop "$run_dir" || true
  [[ "${COPYCAT_KEEP_PG_RUN_DIR:-0}" == 1 ]] && echo "with-postgres.sh: kept $run_dir" >&2 || rm -rf "$run_dir"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

conninfo=$("$postgres_sh" start "$run_dir")
field() { sed -n "s/.*\\b$1=\\([^ ]*\\).*/\\1/p" <<<"$conninfo"; }
COPYCAT_PG_HOST=$(field host) COPYCAT_PG_PORT=$(field port) COPYCAT_PG_USER=$(field user)
COPYCAT_PG_PASSWORD=$(field password) COPYCAT_PG_DB=$(field dbname)
COPYCAT_PG_JDBC_URL=$(cat "$run_dir/jdbc.url")
export COPYCAT_PG_HOST COPYCAT_PG_PORT COPYCAT_PG_USER COPYCAT_PG_PASSWORD COPYCAT_PG_DB COPYCAT_PG_JDBC_URL
export COPYCAT_PG_CONNINFO="$conninfo" COPYCAT_PG_RUN_DIR="$run_dir"

# The command runs in the foreground: a signal to the process group reaches it directly, and the
# EXIT trap stops the server once it has ended.
status=0
"$@" || status=$?
exit "$status"
