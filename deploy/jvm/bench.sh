#!/usr/bin/env bash
# Debezium's PostgreSQL connector (3.7.1.Final) on Copycat's JVM bridge beside Apache Kafka Connect
# (the release of deploy/kafka/kafka.sh, 4.4.0; integration-tests/bench/bench_debezium.py says what
# is measured). Prints a Markdown table.
#
#   deploy/jvm/bench.sh [--quick] [--build-dir DIR] [bench_debezium.py options...]
#
#   --quick          a 5,000-row snapshot and 2,000 streamed inserts instead of 200,000 and
#                    100,000 (deploy/bench.sh --quick, and so CI, runs this)
#   --build-dir DIR  a configured build dir (copycat and copycat-bench-kafka are brought up to
#                    date); default build-release, configured as deploy/bench.sh does
#   other options    go to bench_debezium.py (--rows N, --changes N)
#
# It starts its own PostgreSQL server (with-postgres.sh) and, unless COPYCAT_BOOTSTRAP_SERVERS
# names a running broker (deploy/bench.sh passes its own), its own broker (with-kafka.sh).
# Debezium comes from Maven Central through deploy/jvm/plugin-jars.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

build_dir=build-release
passed=()
while (($#)); do
  case "$1" in
    --build-dir) build_dir=${2:?--build-dir needs a directory}; shift 2 ;;
    --quick) passed+=(--rows 5000 --changes 2000); shift ;;
    -h|--help) sed -n '2,/^set -euo/s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) passed+=("$1"); shift ;;
  esac
done

if [[ ! -f "$build_dir/build.ninja" ]]; then
  printf 'jvm/bench.sh: configuring %s (Release)\n' "$build_dir" >&2
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCOPYCAT_WERROR=OFF \
    -DCOPYCAT_CLUSTER_TESTS=ON >/dev/null
fi
build_dir=$(cd "$build_dir" && pwd)
cmake --build "$build_dir" --parallel "$(nproc)" --target copycat copycat-bench-kafka

command=(python3 "$root/integration-tests/bench/bench_debezium.py" --build-dir "$build_dir"
  --kafka-lib "$(deploy/kafka/kafka.sh lib-dir)" --plugin-dir "$(deploy/jvm/plugin-jars.sh dir debezium-postgres)"
  "${passed[@]}")
if [[ -n "${COPYCAT_BOOTSTRAP_SERVERS:-}" ]]; then
  deploy/postgres/with-postgres.sh "${command[@]}"
else
  deploy/postgres/with-postgres.sh deploy/kafka/with-kafka.sh "${command[@]}"
fi
