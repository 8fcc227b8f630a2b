#!/usr/bin/env bash
# The long form of the mixed-cluster rolling migration (integration-tests/mixed-cluster/
# test_migration.py): a 3-worker cluster under connect.protocol=sessioned with a file pipeline and
# a 4-task probe connector running is migrated Kafka Connect 4.4.0 → Copycat → Kafka Connect,
# worker by worker, ROUNDS times, while lines are written at RATE a second; every task must run
# again after each step and every line must reach the sink file.
#
#   deploy/mixed-cluster-migration.sh [--rounds N] [--rate LINES_PER_S] [--build-dir DIR]
#
# Defaults: 5 rounds, 1000 lines a second, ./build (built with the targets copycat, copycat-file,
# copycat-task-probe). Starts its own broker (deploy/kafka/with-kafka.sh). CI runs the quick
# form (one round, 200 lines a second) as part of the mixed_cluster_suite ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=5 rate=1000 build_dir=${COPYCAT_BUILD_DIR:-build}
while (($#)); do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --rate) rate=$2; shift 2 ;;
    --build-dir) build_dir=$2; shift 2 ;;
    *) echo "usage: $0 [--rounds N] [--rate LINES_PER_S] [--build-dir DIR]" >&2; exit 2 ;;
  esac
done
export COPYCAT_MIGRATION_ROUNDS=$rounds COPYCAT_MIGRATION_RATE=$rate
exec deploy/kafka/with-kafka.sh integration-tests/mixed-cluster/run.sh "$build_dir" -s -k migration
