#!/usr/bin/env bash
# Fetches and runs a local single-node Apache Kafka broker (KRaft, broker+controller in one JVM)
# from Maven Central jars, for Copycat's cluster tests and benchmarks.
#
#   kafka.sh fetch              download the jars into the cache (once; skipped when complete)
#   kafka.sh start <run-dir>    format + start a broker on free loopback ports; prints the
#                               plaintext bootstrap address (127.0.0.1:PORT) on stdout once ready
#   kafka.sh stop <run-dir>     stop that broker (SIGTERM, then SIGKILL after 30 s); idempotent
#   kafka.sh restart <run-dir>  stop it if it runs, then start it again on the SAME data dir,
#                               node id, cluster id, ports and certificates (clients reconnect to the
#                               same addresses); prints the plaintext bootstrap address like start
#   kafka.sh lib-dir [<version>]  print the jar directory (java -cp "$(kafka.sh lib-dir)/*" ...);
#                               with a version, of that Kafka release instead of the broker's
#                               (pom.xml with another kafka.version: the mixed-cluster suite's
#                               Kafka Connect 4.1.1 workers)
#
# The broker has four client listeners on 127.0.0.1 (the controller listener and inter-broker
# traffic stay PLAINTEXT):
#   PLAINTEXT   no security (the address start prints)
#   SASL_SSL    TLS + SASL SCRAM-SHA-256 and SCRAM-SHA-512, user copycat / copycat-secret
#   SSL         TLS only, no client authentication
#   FAULTS      PLAINTEXT, advertised at another free port than its own, for a proxy (below)
# TLS uses a test CA made once per run dir (openssl); the broker certificate names
# IP:127.0.0.1 and DNS:localhost, so clients can verify the CA and the host name.
#
# Progress and errors go to stderr; stdout carries only the answer. Files in <run-dir>:
# server.properties, log4j2.properties, data/ (log.dirs), kafka.log (everything the JVM prints;
# restart keeps the previous one as kafka.log.previous), kafka.pid, startup_seconds, ports
# (name=port lines, chosen at the first start and kept by restart), and for clients:
#   bootstrap            127.0.0.1:PORT of the PLAINTEXT listener
#   bootstrap.sasl_ssl   127.0.0.1:PORT of the SASL_SSL listener
#   bootstrap.ssl        127.0.0.1:PORT of the SSL listener
#   faults.proxy         127.0.0.1:PORT where a test's TCP proxy listens: the FAULTS listener
#                        advertises this address, so a client bootstrapped there reaches the broker
#                        only through the proxy (integration-tests/faults cuts a worker off with it)
#   faults.broker        127.0.0.1:PORT of the FAULTS listener itself, where that proxy forwards
#   ca.pem               the test CA certificate (trust it to verify the broker)
#   scram.credentials    username=, password= and mechanisms= lines of the SCRAM user
# tls/ holds the CA key and the broker's key and certificate.
#
# Environment:
#   COPYCAT_CACHE_DIR          cache root (default ~/.cache/copycat); jars go to kafka-<v>/lib
#                              (releases/kafka-<v>/lib for lib-dir <version>)
#   COPYCAT_KAFKA_HEAP_OPTS    default "-Xms256m -Xmx512m"
#   COPYCAT_KAFKA_JVM_OPTS     default "-XX:+UseSerialGC -XX:TieredStopAtLevel=1" (fastest start;
#                              for throughput benchmarks use e.g. "-XX:+UseG1GC": C1-only code
#                              starts sooner but runs slower)
#   COPYCAT_KAFKA_START_TIMEOUT  seconds to wait for readiness (default 90)
set -euo pipefail

# The broker's release and that of the Java Connect workers beside Copycat (docs/compatibility.md).
readonly KAFKA_VERSION=4.4.0
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly SCRIPT_DIR
readonly POM="$SCRIPT_DIR/pom.xml"
readonly CACHE_DIR="${COPYCAT_CACHE_DIR:-$HOME/.cache/copycat}"
readonly KAFKA_HOME="$CACHE_DIR/kafka-$KAFKA_VERSION"
readonly LIB_DIR="$KAFKA_HOME/lib"
readonly START_TIMEOUT="${COPYCAT_KAFKA_START_TIMEOUT:-90}"
readonly STOP_TIMEOUT=30
readonly READY_LINE="Kafka Server started"
readonly SCRAM_USERNAME=copycat
readonly SCRAM_PASSWORD=copycat-secret
readonly SCRAM_MECHANISMS=(SCRAM-SHA-256 SCRAM-SHA-512)

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

cmd_fetch() {
  "$SCRIPT_DIR/../maven-fetch.sh" "$POM" "$KAFKA_HOME"
}

# The jar directory of Kafka release $1: pom.xml with that kafka.version, fetched once.
cmd_lib_dir_of() {
  local version=$1 home=$CACHE_DIR/releases/kafka-$1
  [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "not a Kafka release: $version"
  if [[ "$version" == "$KAFKA_VERSION" ]]; then
    cmd_fetch
    echo "$LIB_DIR"
    return
  fi
  mkdir -p "$home"
  sed "s|<kafka.version>$KAFKA_VERSION</kafka.version>|<kafka.version>$version</kafka.version>|" \
    "$POM" >"$home/source.pom.xml"
  "$SCRIPT_DIR/../maven-fetch.sh" "$home/source.pom.xml" "$home"
  echo "$home/lib"
}

# Six distinct free loopback ports (the OS picks them; all sockets are open at once):
# PLAINTEXT, CONTROLLER, SASL_SSL, SSL, FAULTS and the FAULTS proxy's.
free_ports() {
  python3 -c '
import socket
socks = [socket.socket() for _ in range(6)]
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

# The listeners, from the ports file of the run dir ($PORT_PLAINTEXT etc., see read_ports).
write_server_properties() {
  local run_dir=$1
  cat >"$run_dir/server.properties" <<EOF
# Single-node KRaft broker+controller on loopback, written by deploy/kafka/kafka.sh.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$PORT_CONTROLLER
listeners=PLAINTEXT://127.0.0.1:$PORT_PLAINTEXT,CONTROLLER://127.0.0.1:$PORT_CONTROLLER,\
SASL_SSL://127.0.0.1:$PORT_SASL_SSL,SSL://127.0.0.1:$PORT_SSL,FAULTS://127.0.0.1:$PORT_FAULTS
advertised.listeners=PLAINTEXT://127.0.0.1:$PORT_PLAINTEXT,SASL_SSL://127.0.0.1:$PORT_SASL_SSL,\
SSL://127.0.0.1:$PORT_SSL,FAULTS://127.0.0.1:$PORT_FAULTS_PROXY
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,SASL_SSL:SASL_SSL,SSL:SSL,FAULTS:PLAINTEXT
log.dirs=$run_dir/data

# TLS for the SASL_SSL and SSL listeners: a PEM key store (PKCS#8 key + certificate chain in
# one file); clients are not asked for certificates.
ssl.keystore.type=PEM
ssl.keystore.location=$run_dir/tls/broker-keystore.pem
ssl.client.auth=none
# SCRAM on SASL_SSL; the credentials are in the metadata log (kafka-storage format --add-scram).
listener.name.sasl_ssl.sasl.enabled.mechanisms=SCRAM-SHA-256,SCRAM-SHA-512
listener.name.sasl_ssl.scram-sha-256.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;

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

# Polls until the log shows the ready line and the PLAINTEXT listener accepts TCP (all client
# listeners start together, before the ready line), or the broker dies, or the deadline passes.
# Returns 0 when ready.
wait_until_ready() {
  local pid=$1 run_dir=$2 deadline=$((SECONDS + START_TIMEOUT))
  while ((SECONDS < deadline)); do
    if ! kill -0 "$pid" 2>/dev/null; then
      say "broker exited during start-up"
      return 1
    fi
    if grep -qF "$READY_LINE" "$run_dir/kafka.log" 2>/dev/null && tcp_accepts "$PORT_PLAINTEXT"; then
      return 0
    fi
    sleep 0.2
  done
  say "broker not ready after ${START_TIMEOUT}s"
  return 1
}

# The ports file: one name=port line per listener, written at the first start, read by restart.
write_ports() {
  local run_dir=$1
  printf 'plaintext=%s\ncontroller=%s\nsasl_ssl=%s\nssl=%s\nfaults=%s\nfaults_proxy=%s\n' \
    "$PORT_PLAINTEXT" "$PORT_CONTROLLER" "$PORT_SASL_SSL" "$PORT_SSL" "$PORT_FAULTS" "$PORT_FAULTS_PROXY" \
    >"$run_dir/ports"
}

read_ports() {
  local run_dir=$1 name value
  PORT_PLAINTEXT="" PORT_CONTROLLER="" PORT_SASL_SSL="" PORT_SSL="" PORT_FAULTS="" PORT_FAULTS_PROXY=""
  while IFS='=' read -r name value; do
    case "$name" in
      plaintext) PORT_PLAINTEXT=$value ;;
      controller) PORT_CONTROLLER=$value ;;
      sasl_ssl) PORT_SASL_SSL=$value ;;
      ssl) PORT_SSL=$value ;;
      faults) PORT_FAULTS=$value ;;
      faults_proxy) PORT_FAULTS_PROXY=$value ;;
    esac
  done <"$run_dir/ports"
  [[ -n "$PORT_PLAINTEXT" && -n "$PORT_CONTROLLER" && -n "$PORT_SASL_SSL" && -n "$PORT_SSL" &&
    -n "$PORT_FAULTS" && -n "$PORT_FAULTS_PROXY" ]] ||
    die "$run_dir/ports lacks a listener port"
}

# What clients need: the addresses of the client listeners and the SCRAM user.
write_client_facts() {
  local run_dir=$1
  echo "127.0.0.1:$PORT_PLAINTEXT" >"$run_dir/bootstrap"
  echo "127.0.0.1:$PORT_SASL_SSL" >"$run_dir/bootstrap.sasl_ssl"
  echo "127.0.0.1:$PORT_SSL" >"$run_dir/bootstrap.ssl"
  echo "127.0.0.1:$PORT_FAULTS_PROXY" >"$run_dir/faults.proxy"
  echo "127.0.0.1:$PORT_FAULTS" >"$run_dir/faults.broker"
  printf 'username=%s\npassword=%s\nmechanisms=%s\n' "$SCRAM_USERNAME" "$SCRAM_PASSWORD" \
    "$(IFS=,; echo "${SCRAM_MECHANISMS[*]}")" >"$run_dir/scram.credentials"
}

# A test CA and a broker certificate signed by it (P-256 keys: quick to make), once per run
# dir. The broker's key store is its PKCS#8 key followed by its chain; ca.pem appears last, so
# its presence means the set is complete.
make_certificates() {
  local run_dir=$1 tls=$1/tls started=$EPOCHREALTIME
  [[ -f "$run_dir/ca.pem" && -f "$tls/broker-keystore.pem" ]] && return 0
  mkdir -p "$tls"
  if ! {
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 365 \
      -subj "/CN=Copycat test CA" -keyout "$tls/ca.key" -out "$tls/ca.pem" &&
      openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
        -subj "/CN=127.0.0.1" -keyout "$tls/broker.key" -out "$tls/broker.csr" &&
      printf '%s\n' "basicConstraints=critical,CA:FALSE" \
        "keyUsage=critical,digitalSignature,keyEncipherment" "extendedKeyUsage=serverAuth" \
        "subjectAltName=IP:127.0.0.1,DNS:localhost" >"$tls/broker.ext" &&
      openssl x509 -req -in "$tls/broker.csr" -CA "$tls/ca.pem" -CAkey "$tls/ca.key" \
        -set_serial "0x$(openssl rand -hex 8)" -days 365 -extfile "$tls/broker.ext" \
        -out "$tls/broker.crt"
  } >"$tls/openssl.log" 2>&1; then
    cat "$tls/openssl.log" >&2
    die "making the test certificates failed"
  fi
  cat "$tls/broker.key" "$tls/broker.crt" "$tls/ca.pem" >"$tls/broker-keystore.pem"
  cp "$tls/ca.pem" "$run_dir/ca.pem"
  say "made a test CA and broker certificate in $(seconds_since "$started") s"
}

# True when every listener port can be bound again (the proxy's port is not the broker's) (as the broker binds: SO_REUSEADDR, so
# connections in TIME_WAIT do not count; a socket still bound or listening does).
ports_are_free() {
  python3 - "$PORT_PLAINTEXT" "$PORT_CONTROLLER" "$PORT_SASL_SSL" "$PORT_SSL" "$PORT_FAULTS" <<'EOF'
import socket, sys
for port in sys.argv[1:]:
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        s.bind(("127.0.0.1", int(port)))
    except OSError:
        sys.exit(1)
    finally:
        s.close()
EOF
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

# Runs the broker of a formatted run dir on the ports in $PORT_*. Returns 0 when ready, 2 when
# a port was taken by someone else, 1 on any other failure.
launch_broker() {
  local run_dir=$1 started
  java_command "$run_dir"
  started=$EPOCHREALTIME
  "${JAVA_CMD[@]}" kafka.Kafka "$run_dir/server.properties" \
    </dev/null >"$run_dir/kafka.log" 2>&1 &
  BROKER_PID=$!
  echo "$BROKER_PID" >"$run_dir/kafka.pid"

  if ! wait_until_ready "$BROKER_PID" "$run_dir"; then
    stop_pid "$BROKER_PID" "$run_dir"
    BROKER_PID=""
    rm -f "$run_dir/kafka.pid"
    if grep -qF "Address already in use" "$run_dir/kafka.log"; then
      say "a listener port was taken before the broker bound it"
      return 2
    fi
    say "last lines of $run_dir/kafka.log:"
    tail -n 60 "$run_dir/kafka.log" >&2
    return 1
  fi
  seconds_since "$started" >"$run_dir/startup_seconds"
  write_client_facts "$run_dir"
}

# One start attempt on fresh ports and fresh storage. Returns like launch_broker.
start_attempt() {
  local run_dir=$1 started mechanism scram=()
  read -r PORT_PLAINTEXT PORT_CONTROLLER PORT_SASL_SSL PORT_SSL PORT_FAULTS PORT_FAULTS_PROXY <<<"$(free_ports)"
  rm -rf "$run_dir/data"
  rm -f "$run_dir/bootstrap" "$run_dir/bootstrap.sasl_ssl" "$run_dir/bootstrap.ssl" "$run_dir/faults.proxy" \
    "$run_dir/faults.broker"
  write_ports "$run_dir"
  write_server_properties "$run_dir"
  write_log_config "$run_dir"
  java_command "$run_dir"
  for mechanism in "${SCRAM_MECHANISMS[@]}"; do
    scram+=(--add-scram "$mechanism=[name=$SCRAM_USERNAME,password=$SCRAM_PASSWORD]")
  done

  started=$EPOCHREALTIME
  if ! "${JAVA_CMD[@]}" -Dcopycat.kafka.log.level=warn kafka.tools.StorageTool format \
      -t "$(new_cluster_id)" -c "$run_dir/server.properties" "${scram[@]}" \
      >"$run_dir/format.log" 2>&1; then
    tail -n 40 "$run_dir/format.log" >&2
    die "formatting the storage failed"
  fi
  say "formatted storage in $(seconds_since "$started") s; starting broker on 127.0.0.1:$PORT_PLAINTEXT" \
    "(SASL_SSL :$PORT_SASL_SSL, SSL :$PORT_SSL)"
  launch_broker "$run_dir"
}

# Resolves and checks the run dir argument; dies when a broker already runs there.
prepare_start() {
  local dir=$1
  mkdir -p "$dir"
  RUN_DIR=$(cd "$dir" && pwd)
  if [[ -f "$RUN_DIR/kafka.pid" ]] && is_broker_of "$(cat "$RUN_DIR/kafka.pid")" "$RUN_DIR"; then
    die "a broker is already running for $RUN_DIR (pid $(cat "$RUN_DIR/kafka.pid"))"
  fi
  command -v java >/dev/null || die "java not found on PATH"
  cmd_fetch
  START_RUN_DIR=$RUN_DIR
  trap on_start_exit EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
}

report_ready() {
  say "broker ready at $(cat "$RUN_DIR/bootstrap") (SASL_SSL $(cat "$RUN_DIR/bootstrap.sasl_ssl")," \
    "SSL $(cat "$RUN_DIR/bootstrap.ssl")) in $(cat "$RUN_DIR/startup_seconds") s" \
    "(pid $BROKER_PID, log $RUN_DIR/kafka.log)"
  cat "$RUN_DIR/bootstrap"
}

cmd_start() {
  local attempt status
  prepare_start "${1:?usage: kafka.sh start <run-dir>}"
  command -v openssl >/dev/null || die "openssl not found on PATH"
  make_certificates "$RUN_DIR"
  for attempt in 1 2 3; do
    status=0
    start_attempt "$RUN_DIR" || status=$?
    ((status == 2)) || break
    say "attempt $attempt hit a port clash; retrying on new ports"
  done
  ((status == 0)) || exit 1
  report_ready
}

# Same storage, config and ports as before. A port can stay bound for a moment after the old
# broker is gone, or be taken briefly by another socket: wait until they can be bound again,
# and retry the launch while a clash persists (for at most the start time-out).
cmd_restart() {
  local status deadline
  [[ -d "${1:?usage: kafka.sh restart <run-dir>}" ]] || die "no run dir $1"
  cmd_stop "$1"
  prepare_start "$1"
  [[ -f "$RUN_DIR/ports" && -f "$RUN_DIR/server.properties" && -f "$RUN_DIR/data/meta.properties" ]] ||
    die "$RUN_DIR holds no formatted broker: use kafka.sh start"
  read_ports "$RUN_DIR"
  [[ -f "$RUN_DIR/kafka.log" ]] && mv -f "$RUN_DIR/kafka.log" "$RUN_DIR/kafka.log.previous"
  deadline=$((SECONDS + START_TIMEOUT))
  while true; do
    until ports_are_free; do
      ((SECONDS < deadline)) || die "the ports in $RUN_DIR/ports stayed taken for ${START_TIMEOUT}s"
      sleep 0.2
    done
    say "restarting broker on 127.0.0.1:$PORT_PLAINTEXT (SASL_SSL :$PORT_SASL_SSL, SSL :$PORT_SSL)"
    status=0
    launch_broker "$RUN_DIR" || status=$?
    ((status == 2 && SECONDS < deadline)) || break
    sleep 0.5
  done
  ((status == 0)) || exit 1
  report_ready
}

main() {
  local command=${1:-}
  shift || true
  case "$command" in
    fetch) cmd_fetch ;;
    start) (($# == 1)) || usage; cmd_start "$1" ;;
    stop) (($# == 1)) || usage; cmd_stop "$1" ;;
    restart) (($# == 1)) || usage; cmd_restart "$1" ;;
    lib-dir) (($# <= 1)) || usage; cmd_lib_dir_of "${1:-$KAFKA_VERSION}" ;;
    *) usage ;;
  esac
}

main "$@"
