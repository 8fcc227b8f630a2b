#!/usr/bin/env bash
# The full exactly-once scenario of PartitionedFileSink (plugins/storage): three distributed
# workers run a 3-task sink over a 6-partition topic while 500,000 records are produced in
# chunks, and a random worker is SIGKILLed (and started again) after each chunk; at the end every
# offset of every partition must be in exactly one committed file. It runs twice: with the
# DefaultPartitioner, and with a FieldPartitioner whose commits write two files each. CI runs the
# same tests with 50,000 records and 3 kills (ctest -L cluster, storage_sink_cluster_tests).
#
#   deploy/storage-sink-exactly-once.sh [--records N] [--kills N] [--seed N] [--build-dir DIR]
#
# Starts its own broker (deploy/kafka/with-kafka.sh); builds the test first. Prints a summary line
# per run: records, kills, committed files, time, repeated/missing records.
set -euo pipefail
cd "$(dirname "$0")/.."
records=500000
kills=20
seed=""
build_dir=${COPYCAT_BUILD_DIR:-build}
while (($#)); do
  case "$1" in
    --records) records=$2; shift 2 ;;
    --kills) kills=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --build-dir) build_dir=$2; shift 2 ;;
    *) echo "usage: $0 [--records N] [--kills N] [--seed N] [--build-dir DIR]" >&2; exit 2 ;;
  esac
done
cmake --build "$build_dir" --target storage_sink_cluster_tests copycat copycat-file copycat-storage >/dev/null
export COPYCAT_STORAGE_SINK_RECORDS=$records COPYCAT_STORAGE_SINK_KILLS=$kills COPYCAT_STORAGE_SINK_SEED=$seed
exec deploy/kafka/with-kafka.sh "$build_dir/integration-tests/storage-sink/storage_sink_cluster_tests"
