#!/usr/bin/env bash
# The fault-injection suite (integration-tests/faults) with its full durations: a 20 s broker
# outage, a minute of SIGKILLs of random workers, a 20 s SIGSTOP of the leader, a worker cut off
# from the broker for 30 s, a full disk under a standalone worker's offsets file and abusive REST
# requests, each with a 3-worker file pipeline under load. Prints one table (scenario, lines
# produced, delivered, missing, duplicated, recovery time). CI (deploy/test.sh, ctest -L cluster)
# runs the same scenarios with shorter durations.
#
#   deploy/faults.sh [--build-dir DIR] [--seed N] [--quick] [catch2 test spec...]
#
#   --seed N   the seed of the random choices (printed by every run; default: a fresh one)
#   --quick    CI's durations
# e.g. deploy/faults.sh --seed 42 '*SIGKILL*'
# Starts its own broker (deploy/kafka/with-kafka.sh); the full-disk scenario mounts a tmpfs, so
# the suite runs as root.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${COPYCAT_BUILD_DIR:-build}
mode=full
seed=""
specs=()
while (($# > 0)); do
  case "$1" in
    --build-dir) build_dir=${2:?--build-dir needs a directory}; shift 2 ;;
    --seed) seed=${2:?--seed needs a number}; shift 2 ;;
    --quick) mode=quick; shift ;;
    -h|--help) sed -n '2,/^set -euo/s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
    *) specs+=("$1"); shift ;;
  esac
done

[[ -f "$build_dir/CMakeCache.txt" ]] || COPYCAT_BUILD_DIR=$build_dir deploy/build.sh
cmake --build "$build_dir" --target fault_injection_tests copycat copycat-file copycat-task-probe
export COPYCAT_FAULTS_MODE=$mode
[[ -n "$seed" ]] && export COPYCAT_FAULTS_SEED=$seed
exec deploy/kafka/with-kafka.sh "$build_dir/integration-tests/faults/fault_injection_tests" --durations yes "${specs[@]}"
