#!/usr/bin/env bash
# An ops script that manages connectors with copycat-cli only (docs/cli.md):
#
#   integration-tests/cli/cli_ops_test.sh <build-dir>
#
# It starts a 2-worker `copycat distributed` cluster on the broker of deploy/kafka/with-kafka.sh
# (COPYCAT_BOOTSTRAP_SERVERS), then, through copycat-cli and nothing else, creates a
# FileStreamSource connector and waits for it to run, scales it, pauses, resumes and restarts it,
# reads, alters and resets its offsets, deletes it, and checks the exit codes of a refused config
# (4xx), a FAILED connector, a --wait that times out and a worker that is gone. Every check reads the CLI's exit code and its JSON
# (jq). The workers ask for basic authentication, and worker 2 also listens on https with a
# self-signed certificate (openssl), for --cacert and --insecure. Needs the targets copycat,
# copycat-file and copycat-cli built in <build-dir>.
set -euo pipefail

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
(($# == 1)) || fail "usage: cli_ops_test.sh <build-dir>"
build=$(cd "$1" && pwd)
copycat=$build/src/app/copycat
cli=$build/src/cli/copycat-cli
plugin=$build/plugins/copycat-file.so
for f in "$copycat" "$cli" "$plugin"; do
  [[ -x $f || -f $f ]] || fail "$f is missing: build the targets copycat, copycat-file and copycat-cli"
done
[[ -n ${COPYCAT_BOOTSTRAP_SERVERS:-} ]] || fail "COPYCAT_BOOTSTRAP_SERVERS is not set: run under deploy/kafka/with-kafka.sh"
for tool in jq openssl; do
  command -v $tool >/dev/null || fail "$tool is missing: deploy/install-deps.sh installs it"
done

work=$(mktemp -d /tmp/copycat-cli-test.XXXXXX)
run_id="$$-$RANDOM"
pids=()

# Workers leave gracefully on SIGTERM; one that does not exit within 30 s is killed.
stop_worker() {
  local pid=$1 deadline=$((SECONDS + 30))
  kill -TERM "$pid" 2>/dev/null || return 0
  while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}
finish() {
  local rc=$?
  for pid in "${pids[@]}"; do stop_worker "$pid"; done
  if ((rc != 0)); then
    for log in "$work"/worker*.log; do
      echo "--- last lines of $log" >&2
      tail -n 30 "$log" >&2
    done
  fi
  rm -rf "$work"
}
trap finish EXIT

# --- the cluster: two workers, one group, REST on free ports, basic authentication -----------
group="cli-test-$run_id"
echo "ops=s3cret" >"$work/rest-users.properties"
export COPYCAT_USER=ops COPYCAT_PASSWORD=s3cret  # what every call below authenticates with
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj "/CN=127.0.0.1" \
  -addext "subjectAltName=IP:127.0.0.1" -keyout "$work/rest.key" -out "$work/rest.pem" 2>"$work/openssl.log" ||
  fail "openssl could not make the test certificate: $(cat "$work/openssl.log")"
cat "$work/rest.key" "$work/rest.pem" >"$work/rest-keystore.pem"

start_worker() {
  local i=$1 extra=${2:-}
  cat >"$work/worker$i.properties" <<PROPS
bootstrap.servers=$COPYCAT_BOOTSTRAP_SERVERS
group.id=$group
config.storage.topic=$group-configs
offset.storage.topic=$group-offsets
status.storage.topic=$group-status
config.storage.replication.factor=1
offset.storage.replication.factor=1
status.storage.replication.factor=1
offset.storage.partitions=5
status.storage.partitions=5
key.converter=org.apache.kafka.connect.storage.StringConverter
value.converter=org.apache.kafka.connect.storage.StringConverter
offset.flush.interval.ms=500
heartbeat.interval.ms=300
scheduled.rebalance.max.delay.ms=0
listeners=http://127.0.0.1:0
plugin.path=$plugin
rest.basic.auth.credentials.file=$work/rest-users.properties
$extra
PROPS
  "$copycat" distributed "$work/worker$i.properties" >"$work/worker$i.log" 2>&1 &
  pids+=($!)
}

# The worker's REST URL, from its "REST server listening on http://127.0.0.1:PORT/" log line
# (https with a second argument).
worker_url() {
  local log=$1 scheme=${2:-http} deadline=$((SECONDS + 60)) url=""
  while [[ -z $url ]] && ((SECONDS < deadline)); do
    url=$(grep -o "REST server listening on $scheme://[0-9.]*:[0-9]*" "$log" | head -n 1 | sed 's/.* on //') || true
    [[ -n $url ]] || sleep 0.05
  done
  [[ -n $url ]] || fail "no REST URL in $log after 60 s"
  echo "$url"
}

# Runs copycat-cli; its output is in $out, its error output in $err, its exit code in $rc.
cli() {
  rc=0
  out=$("$cli" "$@" 2>"$work/stderr") || rc=$?
  err=$(cat "$work/stderr")
}
expect_rc() {
  local want=$1 what=$2
  ((rc == want)) || fail "$what: exit code $rc, expected $want (stdout: $out; stderr: $err)"
}
expect_json() {
  local filter=$1 what=$2
  jq -e "$filter" <<<"$out" >/dev/null || fail "$what: the JSON printed does not satisfy $filter: $out"
}

# Polls a copycat-cli call until its JSON satisfies a jq filter (a deadline of 30 s).
poll_json() {
  local filter=$1 what=$2 deadline=$((SECONDS + 30))
  shift 2
  while :; do
    cli "$@"
    if ((rc == 0)) && jq -e "$filter" <<<"$out" >/dev/null 2>&1; then return 0; fi
    ((SECONDS < deadline)) || fail "$what: after 30 s, exit code $rc and $out $err"
    sleep 0.2
  done
}

start_worker 1
start_worker 2 "listeners=http://127.0.0.1:0,https://127.0.0.1:0
rest.advertised.listener=http
listeners.https.ssl.keystore.type=PEM
listeners.https.ssl.keystore.location=$work/rest-keystore.pem"
url1=$(worker_url "$work/worker1.log")
url2=$(worker_url "$work/worker2.log")
https2=$(worker_url "$work/worker2.log" https)
export COPYCAT_URL=$url1  # the default of every call below; --url picks the other worker
json=(-o json)

# Both workers answer and know the file plugin.
poll_json '.version | length > 0' "cluster info on worker 1" cluster info "${json[@]}"
poll_json '.version | length > 0' "cluster info on worker 2" cluster info "${json[@]}" --url "$url2"
cli plugins list "${json[@]}"
expect_rc 0 "plugins list"
expect_json 'any(.[]; .class == "org.apache.kafka.connect.file.FileStreamSourceConnector")' "plugins list"

# --- create through worker 2 (the follower forwards to the leader) and wait for RUNNING ------
input=$work/input.txt
printf 'line %s\n' 1 2 3 4 5 >"$input"
connector="cli-src-$run_id"
cat >"$work/source.properties" <<PROPS
name=$connector
connector.class=FileStreamSource
tasks.max=1
file=$input
topic=cli-lines-$run_id
PROPS
cli connectors create -f "$work/source.properties" --wait --wait-timeout 60s "${json[@]}" --url "$url2"
expect_rc 0 "create --wait"
expect_json ".name == \"$connector\" and .connector.state == \"RUNNING\" and (.tasks | length) == 1
             and all(.tasks[]; .state == \"RUNNING\")" "create --wait"

cli connectors create -f "$work/source.properties" "${json[@]}"
expect_rc 3 "creating it again (409)"
[[ $err == *"already exists"* ]] || fail "a second create should print Kafka's message, got: $err"

# Worker 1 sees it too (it may learn of it a moment later).
poll_json "has(\"$connector\") and .\"$connector\".status.connector.state == \"RUNNING\"" "list on worker 1" \
  connectors list "${json[@]}"
cli connectors list
expect_rc 0 "connectors list (table)"
[[ $out == *"$connector"*"source"*"RUNNING"*"1/1"* ]] || fail "the table should show the connector running: $out"

# --- scale: tasks.max through PATCH; --wait until the new config runs --------------------------
cli connectors scale "$connector" 3 --wait "${json[@]}"
expect_rc 0 "scale --wait"
expect_json '.connector.state == "RUNNING"' "scale --wait"
cli connectors get "$connector" "${json[@]}" --url "$url2"
expect_rc 0 "get"
expect_json '.config."tasks.max" == "3" and .type == "source"' "get after scale"

# --- pause, resume, restart -----------------------------------------------------------------
cli connectors pause "$connector" --wait "${json[@]}"
expect_rc 0 "pause --wait"
expect_json '.connector.state == "PAUSED" and all(.tasks[]; .state == "PAUSED")' "pause --wait"
cli connectors resume "$connector" --wait "${json[@]}" --url "$url2"
expect_rc 0 "resume --wait"
expect_json '.connector.state == "RUNNING" and all(.tasks[]; .state == "RUNNING")' "resume --wait"
cli connectors restart "$connector" --include-tasks --wait "${json[@]}"
expect_rc 0 "restart --include-tasks --wait"
expect_json '.connector.state == "RUNNING" and all(.tasks[]; .state == "RUNNING")' "restart --wait"

# --- offsets: the five lines are read and committed; stop, reset, and they are gone ------------
poll_json ".offsets | any(.[]; .offset.position == $(stat -c %s "$input"))" "offsets after reading 5 lines" \
  connectors offsets get "$connector" "${json[@]}"
cli connectors stop "$connector" --wait "${json[@]}"
expect_rc 0 "stop --wait"
expect_json '.connector.state == "STOPPED"' "stop --wait"
printf '{"offsets": [{"partition": {"filename": "%s"}, "offset": {"position": 7}}]}' "$input" >"$work/offsets.json"
cli connectors offsets alter "$connector" -f "$work/offsets.json" "${json[@]}"
expect_rc 0 "offsets alter"
cli connectors offsets get "$connector" "${json[@]}"
expect_rc 0 "offsets get after alter"
expect_json '.offsets | length == 1 and .[0].offset.position == 7' "offsets after alter"
cli connectors offsets reset "$connector" "${json[@]}"
expect_rc 0 "offsets reset"
expect_json '.message | test("reset")' "offsets reset"
cli connectors offsets get "$connector" "${json[@]}"
expect_rc 0 "offsets get after reset"
expect_json '.offsets == []' "offsets after reset"

# --- delete --wait, then the connector is gone (404: exit code 3, Kafka's message) -----------
cli connectors delete "$connector" --wait "${json[@]}"
expect_rc 0 "delete --wait"
cli connectors get "$connector" "${json[@]}" --url "$url2"
expect_rc 3 "get after delete"
[[ $err == *"not found"* ]] || fail "get of a deleted connector should print Kafka's message, got: $err"

# --- a config Kafka refuses: 400 on create (exit 3), errors per key from validate (exit 7) -----
printf '{"name": "cli-bad-%s", "config": {"connector.class": "FileStreamSource", "file": "%s"}}' \
  "$run_id" "$input" >"$work/bad.json"
cli connectors create -f "$work/bad.json" "${json[@]}"
expect_rc 3 "create with a missing topic"
[[ $err == *'Missing required configuration "topic"'* ]] || fail "create should print Kafka's 400 message: $err"
cli plugins validate -f - "${json[@]}" <"$work/bad.json"
expect_rc 7 "validate with a missing topic"
expect_json '.error_count == 1 and any(.configs[]; .value.name == "topic" and (.value.errors | length) == 1)' \
  "validate"

# --- a connector that fails: --wait ends with exit code 6 -------------------------------------
failing="cli-failing-$run_id"
cli connectors create "$failing" -f - --wait --wait-timeout 60s "${json[@]}" <<JSON
{"connector.class": "FileStreamSink", "topics": "cli-lines-$run_id", "file": "$work/no-such-dir/out.txt"}
JSON
expect_rc 6 "create --wait of a sink that cannot open its file"
[[ $err == *"FAILED"* ]] || fail "the wait should say what FAILED: $err"
cli connectors delete "$failing" --wait "${json[@]}"
expect_rc 0 "delete --wait of the failed connector"

# --- basic authentication and https ------------------------------------------------------------
cli connectors list "${json[@]}" --password wrong
expect_rc 3 "a wrong password (401)"
[[ $err == *"User cannot access the resource."*"(HTTP 401)"* ]] || fail "a 401 should print Kafka's message: $err"
cli plugins list "${json[@]}" --url "$https2" --cacert "$work/rest.pem"
expect_rc 0 "https with --cacert"
expect_json 'length > 0' "plugins list over https"
cli plugins list "${json[@]}" --url "$https2"
expect_rc 2 "https with a certificate the system does not trust"
cli plugins list "${json[@]}" --url "$https2" --insecure
expect_rc 0 "https with --insecure"

# --- a connector created PAUSED never gets RUNNING: --wait gives up with exit code 5 ------------
paused="cli-paused-$run_id"
cli connectors create -f - --wait --wait-timeout 1s "${json[@]}" <<JSON
{"name": "$paused", "initial_state": "PAUSED",
 "config": {"connector.class": "FileStreamSource", "file": "$input", "topic": "cli-lines-$run_id"}}
JSON
expect_rc 5 "create --wait of a connector created PAUSED"
[[ $err == *"$paused is not RUNNING after 1 s"* ]] || fail "the wait timeout should be explained: $err"
cli connectors status "$paused" "${json[@]}"
expect_rc 0 "status of the paused connector"
expect_json '.connector.state == "PAUSED"' "a connector created with initial_state PAUSED"
cli connectors delete "$paused" --wait "${json[@]}"
expect_rc 0 "delete --wait of the paused connector"

# --- a worker that is gone: exit code 2 -------------------------------------------------------
stop_worker "${pids[1]}"
cli connectors list "${json[@]}" --url "$url2" --timeout 5s
expect_rc 2 "list on a stopped worker"
[[ $err == *"Cannot connect to $url2"* ]] || fail "an unreachable worker should be named: $err"

echo "copycat-cli ops script: all checks passed"
