#!/usr/bin/env bash
# Runs one command against a fresh single-node Kafka broker:
#
#   with-kafka.sh <command> [args...]
#
# Starts a broker in a new temporary run dir (kafka.sh start), exports
#   COPYCAT_BOOTSTRAP_SERVERS   the broker's address, 127.0.0.1:PORT
#   COPYCAT_KAFKA_RUN_DIR       its run dir (server.properties, kafka.log, ...)
# runs the command, then always stops the broker and removes the run dir (set
# COPYCAT_KEEP_KAFKA_RUN_DIR=1 to keep it for reading kafka.log). Exits with the command's status.
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly KAFKA_SH="$SCRIPT_DIR/kafka.sh"

if (($# == 0)); then
  echo "usage: with-kafka.sh <command> [args...]" >&2
  exit 2
fi

run_dir=$(mktemp -d "${TMPDIR:-/tmp}/copycat-kafka.XXXXXX")
# shellcheck disable=SC2317  # only called by the EXIT trap
cleanup() {
  "$KAFKA_SH" stop "$run_dir" || true
  if [[ "${COPYCAT_KEEP_KAFKA_RUN_DIR:-0}" == 1 ]]; then
    echo "with-kafka.sh: kept broker run dir $run_dir" >&2
  else
    rm -rf "$run_dir"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

started=$EPOCHREALTIME
bootstrap=$("$KAFKA_SH" start "$run_dir")
echo "with-kafka.sh: broker start-to-ready $(awk -v a="$started" -v b="$EPOCHREALTIME" \
  'BEGIN { printf "%.1f", b - a }') s (JVM launch to ready $(cat "$run_dir/startup_seconds") s)" >&2

export COPYCAT_BOOTSTRAP_SERVERS="$bootstrap"
export COPYCAT_KAFKA_RUN_DIR="$run_dir"

# The command runs as a background job so that SIGTERM/SIGINT reach this script at once (bash
# defers traps while a foreground command runs); they are passed on to the command, and the
# broker is stopped once it has exited. "<&0" keeps its stdin (a background job would get
# /dev/null).
"$@" <&0 &
child=$!
trap 'kill -TERM "$child" 2>/dev/null || true' TERM
trap 'kill -INT "$child" 2>/dev/null || true' INT
status=0
while true; do
  if wait "$child"; then status=0; else status=$?; fi
  # wait also returns (above 128) when a trapped signal arrives while the command still runs.
  kill -0 "$child" 2>/dev/null || break
done
exit "$status"
