#!/usr/bin/env bash
# Copycat's quickstart: installs what is missing, builds, starts a local single-node Kafka broker
# (Apache Kafka 4.x from Maven Central) and a standalone Copycat worker running the demo pipeline
#
#   input.txt -> FileStreamSource -> topic "quickstart-lines" -> FileStreamSink -> output.txt
#
# then keeps running so you can append lines and use the REST API. Ctrl-C stops everything.
# With --check it stops by itself once the demo lines arrived (exit 0) or failed (exit 1).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

check_only=false
[ "${1:-}" = "--check" ] && check_only=true
lines=${QUICKSTART_LINES:-10000}
work=${COPYCAT_QUICKSTART_DIR:-/tmp/copycat-quickstart}

say() { printf '\033[1mcopycat quickstart:\033[0m %s\n' "$*" >&2; }

build_dir=${COPYCAT_QUICKSTART_BUILD_DIR:-build-release}
began=$(date +%s)
elapsed() { echo "$(( $(date +%s) - began )) s"; }
rm -rf "$work" && mkdir -p "$work"

say "step 1/5: installing packages (only what is missing)"
deploy/install-deps.sh

# Only what the demo runs: the worker and the FileStream plugin (targets copycat, copycat-file;
# `cmake --build build-release --target copycat-runtime` adds the other plugins). The tests, which
# deploy/test.sh builds, are not needed. Release (NDEBUG) at -O1 rather than CMake's -O3, which
# costs 30-40 % more compile time per file for a demo that moves 10,000 lines
# (README.md "Two commands"). Ninja's "[done/total]" lines become one progress line every few
# seconds; the whole build output goes to build.log.
say "step 2/5: building the worker and its file plugin into ./$build_dir (log: $work/build.log)"
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG" \
  -DCOPYCAT_WERROR=OFF -DCOPYCAT_CLUSTER_TESTS=OFF > "$work/build.log"
if ! cmake --build "$build_dir" --target copycat copycat-file 2>&1 | tee -a "$work/build.log" | {
  shown=0
  while IFS= read -r line; do
    [[ $line =~ ^\[([0-9]+)/([0-9]+)\] ]] && (( BASH_REMATCH[1] > 0 )) || continue
    now=$(date +%s)
    if (( now - shown >= 5 || BASH_REMATCH[1] == BASH_REMATCH[2] )); then
      say "  compiled ${BASH_REMATCH[1]} of ${BASH_REMATCH[2]} steps ($(elapsed))"
      shown=$now
    fi
  done
}; then
  say "the build failed; the end of $work/build.log:"; tail -n 30 "$work/build.log" >&2; exit 1
fi
say "  built in $(elapsed)"

say "step 3/5: starting a local Kafka broker (first run downloads its jars from Maven Central)"
worker_pid=""
cleanup() {
  [ -n "$worker_pid" ] && kill "$worker_pid" 2>/dev/null && wait "$worker_pid" 2>/dev/null
  deploy/kafka/kafka.sh stop "$work/kafka" >/dev/null 2>&1 || true
}
trap cleanup EXIT
trap 'exit 130' INT TERM
bootstrap=$(deploy/kafka/kafka.sh start "$work/kafka")

# Kafka Connect's default REST port when it is free, any free port otherwise.
port=$(python3 - <<'PY'
import socket
s = socket.socket()
try:
    s.bind(("127.0.0.1", 8083))
except OSError:
    s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])
s.close()
PY
)

cat > "$work/worker.properties" <<PROPS
bootstrap.servers=$bootstrap
key.converter=org.apache.kafka.connect.json.JsonConverter
value.converter=org.apache.kafka.connect.json.JsonConverter
key.converter.schemas.enable=true
value.converter.schemas.enable=true
offset.storage.file.filename=$work/connect.offsets
offset.flush.interval.ms=1000
plugin.path=$root/$build_dir/plugins
listeners=http://127.0.0.1:$port
PROPS
cat > "$work/file-source.properties" <<PROPS
name=local-file-source
connector.class=FileStreamSource
tasks.max=1
file=$work/input.txt
topic=quickstart-lines
PROPS
cat > "$work/file-sink.properties" <<PROPS
name=local-file-sink
connector.class=FileStreamSink
tasks.max=1
file=$work/output.txt
topics=quickstart-lines
PROPS

say "step 4/5: writing $lines lines to $work/input.txt"
seq -f "line %g: the quick brown fox jumps over the lazy dog" 1 "$lines" > "$work/input.txt"

say "step 5/5: starting the worker: copycat standalone worker.properties file-source.properties file-sink.properties"
"$build_dir/src/app/copycat" standalone "$work/worker.properties" "$work/file-source.properties" \
  "$work/file-sink.properties" > "$work/worker.log" 2>&1 &
worker_pid=$!

started=$(date +%s)
while :; do
  copied=$( [ -f "$work/output.txt" ] && wc -l < "$work/output.txt" || echo 0)
  say "  $copied of $lines lines in output.txt"
  [ "$copied" -ge "$lines" ] && break
  if ! kill -0 "$worker_pid" 2>/dev/null; then
    say "the worker stopped unexpectedly; its log:"; tail -n 30 "$work/worker.log" >&2; exit 1
  fi
  if [ $(( $(date +%s) - started )) -gt 120 ]; then
    say "the lines did not arrive within 120 s; worker log: $work/worker.log"; exit 1
  fi
  sleep 1
done
if ! cmp -s "$work/input.txt" "$work/output.txt"; then
  say "output.txt differs from input.txt"; exit 1
fi
say "all $lines lines went input.txt -> Kafka -> output.txt in $(( $(date +%s) - started )) s ($(elapsed) since the start)"

cat >&2 <<INFO

  Kafka:        $bootstrap (topic quickstart-lines)
  REST API:     http://127.0.0.1:$port
  files:        $work/input.txt -> $work/output.txt
  worker log:   $work/worker.log

  Try:
    curl -s http://127.0.0.1:$port/connectors?expand=status
    curl -s -X PUT http://127.0.0.1:$port/connectors/local-file-source/pause
    echo "one more line" >> $work/input.txt; tail -f $work/output.txt

INFO
$check_only && exit 0
say "running; press Ctrl-C to stop the worker and the broker"
wait "$worker_pid"
