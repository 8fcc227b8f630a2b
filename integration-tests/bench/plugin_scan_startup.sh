#!/usr/bin/env bash
# Start-up of a standalone worker with 20 Java plugin directories (10 of Debezium's PostgreSQL
# connector, 10 of MirrorMaker 2's connectors: deploy/jvm/plugin-jars.sh, about 112,000 classes)
# under each plugin.discovery mode, with the reflective scan's cache cold (an empty cache
# directory) and warm (the same directory again): docs/jvm-bridge.md "The scan cache".
#
#   integration-tests/bench/plugin_scan_startup.sh [build-dir]    (default: ./build)
#
# Each run starts `copycat standalone` with bootstrap.servers pointing at a closed port and stops
# it once the plugins are registered (the log line "Java plugin locations: ..."), so no broker is
# needed: the figure is the process's time from exec to that line (JVM start included), and the
# scan's own figure from its log line. The jars are symbolic links to the one fetched copy, so the
# OS page cache holds them in every run: "cold" means no scan cache, not a cold disk. Prints a
# table; asserts nothing.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-$root/build}
copycat=$build/src/app/copycat
[[ -x $copycat ]] || { echo "no $copycat: build first" >&2; exit 1; }
debezium=$("$root/deploy/jvm/plugin-jars.sh" dir debezium-postgres)
mirror=$("$root/deploy/jvm/plugin-jars.sh" dir connect-mirror)
work=$(mktemp -d /tmp/copycat-scan-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT
for i in $(seq -w 1 10); do
  mkdir -p "$work/plugins/debezium-$i" "$work/plugins/mirror-$i"
  ln -s "$debezium"/lib/*.jar "$work/plugins/debezium-$i/"
  ln -s "$mirror"/lib/*.jar "$work/plugins/mirror-$i/"
done

# run <label> <mode> <cache dir>: one start, one table row.
run() {
  local label=$1 mode=$2 cache=$3 log="$work/$1.log" props="$work/$1.properties"
  cat > "$props" <<PROPS
bootstrap.servers=127.0.0.1:1
key.converter=org.apache.kafka.connect.storage.StringConverter
value.converter=org.apache.kafka.connect.storage.StringConverter
offset.storage.file.filename=$work/$label.offsets
listeners=http://127.0.0.1:0
plugin.path=$work/plugins
plugin.discovery=$mode
java.bridge.jvm.options=-Xmx512m
PROPS
  local start end pid
  : > "$log"
  start=$(date +%s%N)
  COPYCAT_CACHE_DIR=$cache "$copycat" standalone "$props" 2> "$log" &
  pid=$!
  until grep -q "Java plugin locations:" "$log"; do
    if ! kill -0 "$pid" 2> /dev/null; then echo "$label: the worker exited; see its log:" >&2; cat "$log" >&2; exit 1; fi
    if (( ($(date +%s%N) - start) / 1000000000 > 600 )); then echo "$label: no plugins after 600 s" >&2; exit 1; fi
    sleep 0.05
  done
  end=$(date +%s%N)
  kill "$pid"; wait "$pid" 2> /dev/null || true
  local scan registered
  scan=$(grep -o "Scanning plugins with ReflectionScanner took [0-9]* ms ([0-9]* classes, [0-9]* of [0-9]*" "$log" |
    sed 's/Scanning plugins with ReflectionScanner took //; s/ of [0-9]*$/ cached/' || true)
  registered=$(grep -o "Java plugin locations: [0-9]* ([0-9]* classes registered" "$log" | grep -o "([0-9]*" | tr -d '(')
  printf "%-22s %-13s %9d %-40s %s\n" "$label" "$mode" $(( (end - start) / 1000000 )) "${scan:--}" "$registered"
}

printf "%-22s %-13s %9s %-40s %s\n" run mode start_ms "scan (ms, classes, locations cached)" registered
run service_load service_load "$work/cache"
run hybrid_warn-cold hybrid_warn "$work/cache"
run hybrid_warn-warm hybrid_warn "$work/cache"
run only_scan-warm only_scan "$work/cache"
