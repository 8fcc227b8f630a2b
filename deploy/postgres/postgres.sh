#!/usr/bin/env bash
# Runs a throw-away PostgreSQL 15 server (Debian's `postgresql` package) for Copycat's tests and
# benchmarks:
#
#   postgres.sh start <run-dir>   initdb into <run-dir>/data and start a server on a free loopback
#                                 port; prints the libpq conninfo of the test user on stdout
#   postgres.sh stop <run-dir>    stop that server (pg_ctl stop -m fast); idempotent
#
# The server listens on 127.0.0.1 only (and a Unix socket in <run-dir>/socket), with
# wal_level=logical, replication slots and WAL senders, so that logical decoding (a CDC
# connector) can use the same server. Host connections need a password (scram-sha-256); the
# user copycat / copycat-secret owns the database copycat and may replicate. Durability is
# relaxed (fsync=off, synchronous_commit=off): the data lives as long as the test.
#
# initdb and postgres refuse to run as root: as root, both run as the `postgres` system user
# (runuser) on a data folder it owns; as anyone else, as that user.
#
# Files in <run-dir>: data/ (the cluster, server.log inside), socket/, port, conninfo (libpq
# "host=... port=... dbname=... user=... password=..."), jdbc.url (jdbc:postgresql://...).
# Progress and errors go to stderr; stdout carries only the answer.
set -euo pipefail

readonly PG_USER=copycat
readonly PG_PASSWORD=copycat-secret
readonly PG_DATABASE=copycat
readonly START_ATTEMPTS=5

say() { printf 'postgres.sh: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

# The server binaries: Debian keeps them out of PATH, under /usr/lib/postgresql/<major>/bin.
bin_dir() {
  local dir
  for dir in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
    [[ -x "$dir/initdb" ]] && { echo "$dir"; return 0; }
  done
  command -v initdb >/dev/null && { dirname "$(command -v initdb)"; return 0; }
  die "PostgreSQL server binaries not found (install Debian's postgresql package: deploy/install-deps.sh)"
}

# Runs a command as the server's owner: `postgres` when we are root, ourselves otherwise.
as_owner() {
  if (( $(id -u) == 0 )); then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

write_config() {
  local data=$1 socket=$2 port=$3
  as_owner tee -a "$data/postgresql.conf" >/dev/null <<CONF

# Written by deploy/postgres/postgres.sh: loopback only, logical replication, test durability.
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$socket'
wal_level = logical
max_replication_slots = 10
max_wal_senders = 10
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
shared_buffers = 256MB
logging_collector = off
CONF
  as_owner tee "$data/pg_hba.conf" >/dev/null <<HBA
# TYPE  DATABASE     USER      ADDRESS        METHOD
local   all          all                      trust
host    all          all       127.0.0.1/32   scram-sha-256
host    replication  all       127.0.0.1/32   scram-sha-256
HBA
}

# Creates the test user and its database over the Unix socket (trusted locally).
create_user() {
  local bin=$1 socket=$2 port=$3
  as_owner "$bin/psql" -q -v ON_ERROR_STOP=1 -h "$socket" -p "$port" -U postgres -d postgres >/dev/null <<SQL
CREATE ROLE $PG_USER LOGIN REPLICATION CREATEDB PASSWORD '$PG_PASSWORD';
CREATE DATABASE $PG_DATABASE OWNER $PG_USER;
SQL
}

cmd_start() {
  local dir=${1:?usage: postgres.sh start <run-dir>} bin run_dir data socket port attempt started
  bin=$(bin_dir)
  mkdir -p "$dir"
  run_dir=$(cd "$dir" && pwd)
  data=$run_dir/data
  socket=$run_dir/socket
  [[ -f "$data/postmaster.pid" ]] && die "a server already runs for $run_dir (stop it first)"
  started=$EPOCHREALTIME
  # The server's owner must reach the run dir (mktemp makes it 0700 for root).
  chmod 0755 "$run_dir"
  rm -rf "$data" "$socket"
  mkdir -p "$data" "$socket"
  if (( $(id -u) == 0 )); then
    chown postgres: "$data" "$socket"
    as_owner test -w "$data" ||
      die "the postgres user cannot reach $data (a parent folder is private?); use a run dir under /tmp"
  fi
  chmod 0700 "$data"
  if ! as_owner "$bin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
      >"$run_dir/initdb.log" 2>&1; then
    cat "$run_dir/initdb.log" >&2
    die "initdb failed"
  fi
  for ((attempt = 1; attempt <= START_ATTEMPTS; attempt++)); do
    port=$(free_port)
    write_config "$data" "$socket" "$port"
    if as_owner "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w -t 60 start >/dev/null; then
      break
    fi
    # Another process may have taken the port between free_port and the server's bind.
    if ! grep -q "could not bind" "$data/server.log" 2>/dev/null; then
      tail -n 30 "$data/server.log" >&2
      die "start failed"
    fi
    say "port $port was taken; trying another"
    (( attempt == START_ATTEMPTS )) && die "no free port after $START_ATTEMPTS attempts"
  done
  create_user "$bin" "$socket" "$port"
  echo "$port" >"$run_dir/port"
  echo "host=127.0.0.1 port=$port dbname=$PG_DATABASE user=$PG_USER password=$PG_PASSWORD" >"$run_dir/conninfo"
  echo "jdbc:postgresql://127.0.0.1:$port/$PG_DATABASE" >"$run_dir/jdbc.url"
  say "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') ready on 127.0.0.1:$port in" \
    "$(awk -v a="$started" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }') s (log $data/server.log)"
  cat "$run_dir/conninfo"
}

cmd_stop() {
  local dir=${1:?usage: postgres.sh stop <run-dir>} bin
  bin=$(bin_dir)
  [[ -d "$dir/data" && -f "$dir/data/postmaster.pid" ]] || return 0
  as_owner "$bin/pg_ctl" -D "$(cd "$dir" && pwd)/data" -m fast -w -t 60 stop >/dev/null || true
}

case "${1:-}" in
  start) shift; cmd_start "$@" ;;
  stop) shift; cmd_stop "$@" ;;
  *) echo "usage: postgres.sh start|stop <run-dir>" >&2; exit 2 ;;
esac
