#!/usr/bin/env bash
# Copycat beside Apache Kafka Connect (Java, from the Maven jars kafka.sh fetches) on the same
# local broker, in one run: file pipeline, librdkafka's own produce rate, start-up, idle memory,
# rebalance after SIGTERM/SIGKILL, the REST API with 1,000 connectors (creation, RSS, and
# GET /connectors?expand=status alone and under wrk), and 1,000 connectors on 3 workers (the scale
# case, docs/scale.md). Prints a Markdown table; writes JSON and
# Markdown results. Then deploy/postgres/bench.sh (PostgreSQL -> Kafka -> PostgreSQL, 1,000,000
# rows, or 20,000 with --quick) prints its own table, and deploy/jvm/bench.sh (Debezium's
# PostgreSQL connector on the JVM bridge and on Kafka Connect) its own.
#
#   deploy/bench.sh [--quick] [--build-dir DIR] [run_bench.py options...]
#
#   --quick          20,000 records, 20 connectors and 2 s of wrk, one run of every case; checks
#                    only that both systems delivered every record and that wrk saw no errors
#                    (deploy/test.sh runs this so the harness never rots)
#   --no-companions  skip deploy/postgres/bench.sh and deploy/jvm/bench.sh (--cases implies it)
#   --build-dir DIR  use this configured build dir (its targets copycat, copycat-file,
#                    copycat-task-probe and copycat-bench-kafka are brought up to date) instead of
#                    build-release, which is configured with CMAKE_BUILD_TYPE=Release
#   other options    go to integration-tests/bench/run_bench.py (--records N, --reps N,
#                    --converter json, --cases pipeline,startup (cases: limit, pipeline, startup,
#                    rebalance, rest, scale; with --cases the PostgreSQL and JVM benches below are
#                    left out), --rest-connectors N, --scale-connectors N, --wrk-seconds S,
#                    --keep-workdir, ...; see integration-tests/bench/run_bench.py --help)
#
# One broker (deploy/kafka/kafka.sh, KRaft, one node) serves the whole run; it gets the JVM flags
# kafka-server-start.sh would give it (COPYCAT_KAFKA_HEAP_OPTS default "-Xms1g -Xmx1g",
# COPYCAT_KAFKA_JVM_OPTS default "-XX:+UseG1GC ..." as kafka-run-class.sh), and is stopped at the
# end. Results: <build-dir>/bench-results/<UTC time>[-quick].json and .md (paths printed at the
# end). Exit status: run_bench.py's (1 when a case failed, a record was lost or wrk saw errors).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

say() { printf 'bench.sh: %s\n' "$*" >&2; }

command_line="deploy/bench.sh${*:+ $*}"

build_dir=""
quick=0
companions=1
passed=()
while (($#)); do
  case "$1" in
    --cases|--cases=*) companions=0; passed+=("$1"); shift ;;
    --build-dir) build_dir=${2:?--build-dir needs a directory}; shift 2 ;;
    --build-dir=*) build_dir=${1#--build-dir=}; shift ;;
    --quick) quick=1; passed+=("$1"); shift ;;
    --no-companions) companions=0; shift ;;
    -h|--help) sed -n '2,/^set -euo/s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) passed+=("$1"); shift ;;
  esac
done

if [[ -z "$build_dir" ]]; then
  build_dir=build-release
  say "configuring $build_dir (Release)"
  # Warnings are not errors here: -O3 can warn where the tested RelWithDebInfo build does not,
  # and a measurement should not fail on that (deploy/build.sh is the gate for warnings).
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCOPYCAT_WERROR=OFF \
    -DCOPYCAT_CLUSTER_TESTS=ON >/dev/null
fi
[[ -f "$build_dir/build.ninja" ]] || { say "$build_dir is no configured build dir"; exit 2; }
build_dir=$(cd "$build_dir" && pwd)
say "building the benchmark targets in $build_dir"
cmake --build "$build_dir" --parallel "$(nproc)" \
  --target copycat copycat-file copycat-task-probe copycat-bench-kafka

kafka_lib=$(deploy/kafka/kafka.sh lib-dir)
results_dir="$build_dir/bench-results"
mkdir -p "$results_dir"
stamp=$(date -u +%Y%m%dT%H%M%SZ)
((quick)) && stamp+="-quick"

run_dir=$(mktemp -d "${TMPDIR:-/tmp}/copycat-bench-kafka.XXXXXX")
# shellcheck disable=SC2317  # only called by the EXIT trap
cleanup() {
  deploy/kafka/kafka.sh stop "$run_dir" || true
  rm -rf "$run_dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

export COPYCAT_KAFKA_HEAP_OPTS=${COPYCAT_KAFKA_HEAP_OPTS:--Xms1g -Xmx1g}
export COPYCAT_KAFKA_JVM_OPTS=${COPYCAT_KAFKA_JVM_OPTS:--XX:+UseG1GC -XX:MaxGCPauseMillis=20 \
-XX:InitiatingHeapOccupancyPercent=35 -XX:+ExplicitGCInvokesConcurrent -XX:MaxInlineLevel=15}
bootstrap=$(deploy/kafka/kafka.sh start "$run_dir")

# The driver runs as a background job so that SIGTERM/SIGINT reach this script at once (bash
# defers traps while a foreground command runs); they are passed on, and the broker is stopped
# once the driver has exited (it stops its own worker processes).
python3 "$root/integration-tests/bench/run_bench.py" --build-dir "$build_dir" --kafka-lib "$kafka_lib" \
  --bootstrap "$bootstrap" --out "$results_dir/$stamp.json" --markdown "$results_dir/$stamp.md" \
  --command "$command_line" "${passed[@]}" &
child=$!
trap 'kill -TERM "$child" 2>/dev/null || true' TERM
trap 'kill -INT "$child" 2>/dev/null || true' INT
status=0
while true; do
  if wait "$child"; then status=0; else status=$?; fi
  kill -0 "$child" 2>/dev/null || break
done
# PostgreSQL -> Kafka -> PostgreSQL, the sink half beside Debezium's JDBC sink, on the same broker.
if ((status == 0 && companions)); then
  COPYCAT_BOOTSTRAP_SERVERS=$bootstrap deploy/postgres/bench.sh --build-dir "$build_dir" $( ((quick)) && echo --quick) ||
    status=$?
fi
# Debezium's PostgreSQL connector on Copycat's JVM bridge and on Kafka Connect, on the same broker.
if ((status == 0 && companions)); then
  COPYCAT_BOOTSTRAP_SERVERS=$bootstrap deploy/jvm/bench.sh --build-dir "$build_dir" $( ((quick)) && echo --quick) ||
    status=$?
fi
[[ -f "$results_dir/$stamp.json" ]] && say "results: $results_dir/$stamp.json, $results_dir/$stamp.md"
exit "$status"
