#!/usr/bin/env bash
# PostgreSQL -> Kafka -> PostgreSQL with Copycat's PostgresSource and PostgresSink, and the sink
# half beside Apache Kafka Connect (deploy/kafka/kafka.sh's release, 4.4.0) with Debezium's JDBC sink
# connector (integration-tests/bench/bench_postgres.py says what is measured). Prints a Markdown table.
#
#   deploy/postgres/bench.sh [--quick] [--build-dir DIR] [bench_postgres.py options...]
#
#   --quick          20,000 rows instead of 1,000,000 (deploy/bench.sh --quick, and so CI, runs
#                    this: every target must still equal the source)
#   --build-dir DIR  a configured build dir (copycat and copycat-postgres are brought up to
#                    date); default build-release, configured as deploy/bench.sh does
#   other options    go to bench_postgres.py (--rows N, --reps N)
#
# It starts its own PostgreSQL server (with-postgres.sh) and, unless COPYCAT_BOOTSTRAP_SERVERS
# names a running broker (deploy/bench.sh passes its own), its own broker (with-kafka.sh). The
# Debezium JDBC sink and its dependencies come from Maven Central (debezium-jdbc-pom.xml beside
# this script) into ${COPYCAT_CACHE_DIR:-~/.cache/copycat}/debezium-jdbc/plugins, once.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

say() { printf 'postgres/bench.sh: %s\n' "$*" >&2; }

build_dir=build-release
passed=()
while (($#)); do
  case "$1" in
    --build-dir) build_dir=${2:?--build-dir needs a directory}; shift 2 ;;
    --quick) passed+=(--rows 20000); shift ;;
    -h|--help) sed -n '2,/^set -euo/s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) passed+=("$1"); shift ;;
  esac
done

if [[ ! -f "$build_dir/build.ninja" ]]; then
  say "configuring $build_dir (Release)"
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCOPYCAT_WERROR=OFF >/dev/null
fi
build_dir=$(cd "$build_dir" && pwd)
cmake --build "$build_dir" --parallel "$(nproc)" --target copycat copycat-postgres

# The Debezium JDBC sink as a Kafka Connect plugin directory: plugins/<plugin>/<its jars>,
# without what the worker itself provides (Kafka, Jackson, SLF4J), as Debezium's own plugin
# archive leaves them out: a second Jackson in the plugin breaks its ServiceLoader lookups.
pom="$root/deploy/postgres/debezium-jdbc-pom.xml"
cache="${COPYCAT_CACHE_DIR:-$HOME/.cache/copycat}/debezium-jdbc"
plugin_dir="$cache/plugins/debezium-connector-jdbc"
digest=$(sha256sum "$pom" | cut -d' ' -f1)
if [[ "$(cat "$cache/fetch.complete" 2>/dev/null)" != "$digest" ]]; then
  say "fetching Debezium's JDBC sink into $plugin_dir"
  mkdir -p "$cache"
  rm -rf "$cache/plugins" "$cache/fetch.complete"
  cp "$pom" "$cache/pom.xml"
  if ! mvn -B -q -f "$cache/pom.xml" org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy-dependencies \
      -DoutputDirectory="$plugin_dir" -DincludeScope=runtime \
      -DexcludeGroupIds=org.apache.kafka,com.fasterxml.jackson.core,com.fasterxml.jackson.datatype,org.slf4j \
      >"$cache/fetch.log" 2>&1; then
    tail -n 30 "$cache/fetch.log" >&2
    say "mvn copy-dependencies failed (log: $cache/fetch.log)"
    exit 1
  fi
  echo "$digest" >"$cache/fetch.complete"
fi

command=(python3 "$root/integration-tests/bench/bench_postgres.py" --build-dir "$build_dir"
  --kafka-lib "$(deploy/kafka/kafka.sh lib-dir)" --debezium-dir "$cache/plugins" "${passed[@]}")
if [[ -n "${COPYCAT_BOOTSTRAP_SERVERS:-}" ]]; then
  deploy/postgres/with-postgres.sh "${command[@]}"
else
  deploy/postgres/with-postgres.sh deploy/kafka/with-kafka.sh "${command[@]}"
fi
