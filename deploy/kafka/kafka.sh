#!/usr/bin/env bash
# Fetches and runs a local single-node Apache Kafka broker (KRaft, broker+controller in one JVM)
# from Maven Central jars, for Copycat's cluster tests and benchmarks.
#
#   kafka.sh fetch              download the jars into the cache (once; skipped when complete)
#   kafka.sh start <run-dir>    format + start a broker on free loopback ports; prints the
#                               bootstrap address (127.0.0.1:PORT) on stdout once it is ready
#   kafka.sh stop <run-dir>     stop that broker (SIGTERM, then SIGKILL after 30 s); idempotent
#   kafka.sh lib-dir            print the jar directory (java -cp "$(kafka.sh lib-dir)/*" ...)
#
# Progress and errors go to stderr; stdout carries only the answer. Files in <run-dir>:
# server.properties, log4j2.properties, data/ (log.dirs), kafka.log (everything the JVM prints),
# kafka.pid, bootstrap, startup_seconds.
#
# Environment:
#   COPYCAT_CACHE_DIR          cache root (default ~/.cache/copycat); jars go to kafka-<v>/lib
#   COPYCAT_KAFKA_HEAP_OPTS    default "-Xms256m -Xmx512m"
#   COPYCAT_KAFKA_JVM_OPTS     default "-XX:+UseSerialGC -XX:TieredStopAtLevel=1" (fastest start;
#                              for throughput benchmarks use e.g. "-XX:+UseG1GC": C1-only code
#                              starts sooner but runs slower)
#   COPYCAT_KAFKA_START_TIMEOUT  seconds to wait for readiness (default 90)
set -euo pipefail

readonly KAFKA_VERSION=4.1.1
readonly DEPENDENCY_PLUGIN=org.apache.maven.plugins:maven-dependency-plugin:3.6.1
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly SCRIPT_DIR
readonly POM="$SCRIPT_DIR/pom.xml"
readonly KAFKA_HOME="${COPYCAT_CACHE_DIR:-$HOME/.cache/copycat}/kafka-$KAFKA_VERSION"
readonly LIB_DIR="$KAFKA_HOME/lib"
readonly MARKER="$KAFKA_HOME/fetch.complete"
readonly START_TIMEOUT="${COPYCAT_KAFKA_START_TIMEOUT:-90}"
readonly STOP_TIMEOUT=30
readonly READY_LINE="Kafka Server started"

say() { printf 'kafka.sh: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

usage() {
  sed -n '2,/^set -euo/s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2
  exit 2
}

# Seconds elapsed since $1 (an $EPOCHREALTIME value), one decimal.
seconds_since() {
  awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'
}

pom_digest() { sha256sum "$POM" | cut -d' ' -f1; }

# The jars are complete when the marker exists and names the current pom.
fetch_is_complete() {
  [[ -f "$MARKER" && -d "$LIB_DIR" ]] && [[ "$(cat "$MARKER")" == "$(pom_digest)" ]]
}

cmd_fetch() {
  mkdir -p "$KAFKA_HOME"
  fetch_is_complete && return 0
  # A lock so that concurrent first runs download once; the subshell closes the lock fd again.
  (
    flock 9
    fetch_is_complete && exit 0
    say "fetching Kafka $KAFKA_VERSION jars into $LIB_DIR"
    local started=$EPOCHREALTIME staging="$KAFKA_HOME/lib.partial"
    rm -rf "$staging" "$MARKER"
    cp "$POM" "$KAFKA_HOME/pom.xml"
    if ! mvn -B -q -f "$KAFKA_HOME/pom.xml" "$DEPENDENCY_PLUGIN:copy-dependencies" \
        -DoutputDirectory="$staging" -DincludeScope=runtime >"$KAFKA_HOME/fetch.log" 2>&1; then
      tail -n 40 "$KAFKA_HOME/fetch.log" >&2
      die "mvn copy-dependencies failed (full log: $KAFKA_HOME/fetch.log)"
    fi
    rm -rf "$LIB_DIR"
    mv "$staging" "$LIB_DIR"
    pom_digest >"$MARKER"
    say "fetched $(find "$LIB_DIR" -name '*.jar' | wc -l) jars in $(seconds_since "$started") s"
  ) 9>"$KAFKA_HOME/fetch.lock"
}

# Two distinct free loopback ports (the OS picks them; both sockets are open at once).
free_ports() {
  python3 -c '
import socket
socks = [socket.socket() for _ in range(2)]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in socks))'
}

# A KRaft cluster id: 16 random bytes, base64url without padding, not starting with "-".
new_cluster_id() {
  python3 -c '
import base64, os
while True:
    cid = base64.urlsafe_b64encode(os.urandom(16)).decode().rstrip("=")
    if not cid.startswith("-"):
        print(cid)
        break'
}

write_server_properties() {
  local run_dir=$1 port=$2 controller_port=$3
  cat >"$run_dir/server.properties" <<EOF
# Single-node KRaft broker+controller on loopback, written by deploy/kafka/kafka.sh.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$run_dir/data

# One node: every internal topic has one replica and one partition.
num.partitions=1
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
auto.create.topics.enable=true

# Fast group membership for tests.
group.initial.rebalance.delay.ms=0
group.min.session.timeout.ms=1000

# Small footprint: the cleaner's dedupe buffer is allocated on the heap at start-up.
log.cleaner.dedupe.buffer.size=33554432
log.cleaner.backoff.ms=1000
num.network.threads=2
num.io.threads=2
background.threads=2
num.recovery.threads.per.data.dir=1
EOF
}

write_log_config() {
  local run_dir=$1
  cat >"$run_dir/log4j2.properties" <<'EOF'
# Everything to the console; kafka.sh redirects the JVM's output to kafka.log in the run dir.
status = warn
appender.stdout.type = Console
appender.stdout.name = STDOUT
appender.stdout.layout.type = PatternLayout
appender.stdout.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = ${sys:copycat.kafka.log.level:-info}
rootLogger.appenderRef.stdout.ref = STDOUT
logger.request.name = kafka.request.logger
logger.request.level = warn
EOF
}

# The java command line prefix shared by the storage tool and the broker.
java_command() {
  local run_dir=$1 heap jvm
  read -ra heap <<<"${COPYCAT_KAFKA_HEAP_OPTS:--Xms256m -Xmx512m}"
  read -ra jvm <<<"${COPYCAT_KAFKA_JVM_OPTS:--XX:+UseSerialGC -XX:TieredStopAtLevel=1}"
  JAVA_CMD=(java "${heap[@]}" "${jvm[@]}" -Djava.awt.headless=true
    "-Dkafka.logs.dir=$run_dir/logs" "-Dlog4j2.configurationFile=$run_dir/log4j2.properties"
    -cp "$LIB_DIR/*")
}

# True when $1 is a live process running the broker of run dir $2 (guards against pid reuse).
is_broker_of() {
  local pid=$1 run_dir=$2
  if [[ -z "$pid" ]] || ! kill -0 "$pid" 2>/dev/null; then return 1; fi
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF "kafka.Kafka $run_dir/server.properties"
}

tcp_accepts() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

stop_pid() {
  local pid=$1 run_dir=$2 deadline
  is_broker_of "$pid" "$run_dir" || return 0
  say "stopping broker pid $pid"
  kill -TERM "$pid" 2>/dev/null || true
  deadline=$((SECONDS + STOP_TIMEOUT))
  while is_broker_of "$pid" "$run_dir" && ((SECONDS < deadline)); do sleep 0.2; done
  if is_broker_of "$pid" "$run_dir"; then
    say "broker pid $pid still running after ${STOP_TIMEOUT}s; sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  fi
}

cmd_stop() {
  local run_dir
  run_dir=$(cd "${1:?usage: kafka.sh stop <run-dir>}" 2>/dev/null && pwd) || return 0
  [[ -f "$run_dir/kafka.pid" ]] || return 0
  stop_pid "$(cat "$run_dir/kafka.pid")" "$run_dir"
  rm -f "$run_dir/kafka.pid"
}

# Polls until the log shows the ready line and the listener accepts TCP, or the broker dies,
# or the deadline passes. Returns 0 when ready.
wait_until_ready() {
  local pid=$1 run_dir=$2 port=$3 deadline=$((SECONDS + START_TIMEOUT))
  while ((SECONDS < deadline)); do
    if ! kill -0 "$pid" 2>/dev/null; then
      say "broker exited during start-up"
      return 1
    fi
    if grep -qF "$READY_LINE" "$run_dir/kafka.log" && tcp_accepts "$port"; then
      return 0
    fi
    sleep 0.2
  done
  say "broker not ready after ${START_TIMEOUT}s"
  return 1
}

BROKER_PID=""
START_RUN_DIR=""
# On any failed or interrupted start, the half-started broker goes too.
on_start_exit() {
  local status=$?
  if ((status != 0)) && [[ -n "$BROKER_PID" ]]; then
    stop_pid "$BROKER_PID" "$START_RUN_DIR"
    rm -f "$START_RUN_DIR/kafka.pid"
  fi
}

# One start attempt on fresh ports. Returns 0 when ready, 2 when a port was taken meanwhile.
start_attempt() {
  local run_dir=$1 port controller_port started
  read -r port controller_port <<<"$(free_ports)"
  rm -rf "$run_dir/data"
  write_server_properties "$run_dir" "$port" "$controller_port"
  write_log_config "$run_dir"
  java_command "$run_dir"

  started=$EPOCHREALTIME
  if ! "${JAVA_CMD[@]}" -Dcopycat.kafka.log.level=warn kafka.tools.StorageTool format \
      -t "$(new_cluster_id)" -c "$run_dir/server.properties" >"$run_dir/format.log" 2>&1; then
    tail -n 40 "$run_dir/format.log" >&2
    die "formatting the storage failed"
  fi
  say "formatted storage in $(seconds_since "$started") s; starting broker on 127.0.0.1:$port"

  started=$EPOCHREALTIME
  "${JAVA_CMD[@]}" kafka.Kafka "$run_dir/server.properties" \
    </dev/null >"$run_dir/kafka.log" 2>&1 &
  BROKER_PID=$!
  echo "$BROKER_PID" >"$run_dir/kafka.pid"

  if ! wait_until_ready "$BROKER_PID" "$run_dir" "$port"; then
    stop_pid "$BROKER_PID" "$run_dir"
    BROKER_PID=""
    rm -f "$run_dir/kafka.pid"
    if grep -qF "Address already in use" "$run_dir/kafka.log"; then
      say "a chosen port was taken before the broker bound it; retrying on new ports"
      return 2
    fi
    say "last lines of $run_dir/kafka.log:"
    tail -n 60 "$run_dir/kafka.log" >&2
    return 1
  fi
  seconds_since "$started" >"$run_dir/startup_seconds"
  echo "127.0.0.1:$port" >"$run_dir/bootstrap"
}

cmd_start() {
  local run_dir attempt status
  mkdir -p "${1:?usage: kafka.sh start <run-dir>}"
  run_dir=$(cd "$1" && pwd)
  if [[ -f "$run_dir/kafka.pid" ]] && is_broker_of "$(cat "$run_dir/kafka.pid")" "$run_dir"; then
    die "a broker is already running for $run_dir (pid $(cat "$run_dir/kafka.pid"))"
  fi
  command -v java >/dev/null || die "java not found on PATH"
  cmd_fetch
  START_RUN_DIR=$run_dir
  trap on_start_exit EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  for attempt in 1 2 3; do
    status=0
    start_attempt "$run_dir" || status=$?
    ((status == 2)) || break
    say "attempt $attempt hit a port clash"
  done
  ((status == 0)) || exit 1
  say "broker ready at $(cat "$run_dir/bootstrap") in $(cat "$run_dir/startup_seconds") s" \
    "(pid $BROKER_PID, log $run_dir/kafka.log)"
  cat "$run_dir/bootstrap"
}

main() {
  local command=${1:-}
  shift || true
  case "$command" in
    fetch) cmd_fetch ;;
    start) (($# == 1)) || usage; cmd_start "$1" ;;
    stop) (($# == 1)) || usage; cmd_stop "$1" ;;
    lib-dir) cmd_fetch; echo "$LIB_DIR" ;;
    *) usage ;;
  esac
}

main "$@"
