#!/usr/bin/env bash
# Runs one command against a fresh single-node Kafka broker:
#
#   with-kafka.sh <command> [args...]
#
# Starts a broker in a new temporary run dir (kafka.sh start), exports
#   COPYCAT_BOOTSTRAP_SERVERS           the broker's PLAINTEXT address, 127.0.0.1:PORT
#   COPYCAT_SASL_SSL_BOOTSTRAP_SERVERS  its SASL_SSL address (TLS + SCRAM-SHA-256/512)
#   COPYCAT_SSL_BOOTSTRAP_SERVERS       its SSL address (TLS, no client authentication)
#   COPYCAT_KAFKA_CA_FILE               the PEM CA that signed the broker's certificate
#                                       (which names IP 127.0.0.1 and DNS localhost)
#   COPYCAT_SCRAM_USERNAME, COPYCAT_SCRAM_PASSWORD   the SCRAM user of the SASL_SSL listener
#   COPYCAT_KAFKA_RUN_DIR               its run dir (server.properties, kafka.log, ...)
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

# One value of a name=value line of $1.
value_of() { sed -n "s/^$2=//p" "$1"; }

export COPYCAT_BOOTSTRAP_SERVERS="$bootstrap"
COPYCAT_SASL_SSL_BOOTSTRAP_SERVERS=$(cat "$run_dir/bootstrap.sasl_ssl")
COPYCAT_SSL_BOOTSTRAP_SERVERS=$(cat "$run_dir/bootstrap.ssl")
COPYCAT_KAFKA_CA_FILE="$run_dir/ca.pem"
COPYCAT_SCRAM_USERNAME=$(value_of "$run_dir/scram.credentials" username)
COPYCAT_SCRAM_PASSWORD=$(value_of "$run_dir/scram.credentials" password)
export COPYCAT_SASL_SSL_BOOTSTRAP_SERVERS COPYCAT_SSL_BOOTSTRAP_SERVERS COPYCAT_KAFKA_CA_FILE \
  COPYCAT_SCRAM_USERNAME COPYCAT_SCRAM_PASSWORD
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
