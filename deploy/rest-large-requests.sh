#!/usr/bin/env bash
# The large-request measurement of docs/rest-api.md#limits: a 2-worker cluster, ten parallel
# 15 MB POST /connectors to the leader, then to a follower, ROUNDS times. Every answer must be a
# 400 (the config record would exceed what the config topic accepts); each worker's peak RSS must
# stay within baseline + 250 MB and its RSS come back within 50 MB of the baseline. Prints the
# figures of every burst.
#
#   deploy/rest-large-requests.sh [--rounds N] [--build-dir DIR]
#
# Defaults: 3 rounds, ./build (with the target distributed_large_requests_tests built). Starts
# its own broker (deploy/kafka/with-kafka.sh). CI runs one round, as the ctest
# distributed_large_requests_tests.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=3 build_dir=${COPYCAT_BUILD_DIR:-build}
while (($#)); do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --build-dir) build_dir=$2; shift 2 ;;
    *) echo "usage: $0 [--rounds N] [--build-dir DIR]" >&2; exit 2 ;;
  esac
done
binary=$build_dir/integration-tests/distributed/distributed_large_requests_tests
[[ -x $binary ]] || { echo "$binary is missing: build the target distributed_large_requests_tests" >&2; exit 1; }
export COPYCAT_LARGE_REQUEST_ROUNDS=$rounds
exec deploy/kafka/with-kafka.sh "$binary"
