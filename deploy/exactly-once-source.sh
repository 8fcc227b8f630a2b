#!/usr/bin/env bash
# The full exactly-once source scenario (docs/exactly-once-source.md): three distributed workers
# with exactly.once.source.support=enabled run a FileStreamSource (exactly.once.support=required)
# over 200,000 numbered lines, and the worker running its task is SIGKILLed three times while the
# lines flow (each killed worker is started again); a read_committed consumer must see every line
# exactly once. CI runs the same test with 20,000 lines and one kill (ctest -L cluster,
# distributed_exactly_once_tests).
#
#   deploy/exactly-once-source.sh [--lines N] [--kills N] [--build-dir DIR]
#
# Starts its own broker (deploy/kafka/with-kafka.sh); builds the test first. Prints a summary line:
# lines, kills, the task's moves, committed records, missing and duplicated lines.
set -euo pipefail
cd "$(dirname "$0")/.."
lines=200000
kills=3
build_dir=${COPYCAT_BUILD_DIR:-build}
while (($#)); do
  case "$1" in
    --lines) lines=$2; shift 2 ;;
    --kills) kills=$2; shift 2 ;;
    --build-dir) build_dir=$2; shift 2 ;;
    *) echo "usage: $0 [--lines N] [--kills N] [--build-dir DIR]" >&2; exit 2 ;;
  esac
done
cmake --build "$build_dir" --target distributed_exactly_once_tests copycat copycat-file copycat-task-probe >/dev/null
export COPYCAT_EOS_SOURCE_LINES=$lines COPYCAT_EOS_SOURCE_KILLS=$kills
exec deploy/kafka/with-kafka.sh "$build_dir/integration-tests/distributed/distributed_exactly_once_tests" \
  "exactly-once source:*"
