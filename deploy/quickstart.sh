#!/usr/bin/env bash
# Copycat's quickstart: installs what is missing, builds, and starts a local single-node Kafka
# broker (Apache Kafka 4.x from Maven Central) on 127.0.0.1. Ctrl-C stops everything.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'copycat quickstart: %s\n' "$*" >&2; }

say "step 1/3: installing packages (only what is missing)"
deploy/install-deps.sh
say "step 2/3: building Copycat into ./build"
deploy/build.sh
say "step 3/3: starting a local Kafka broker (first run downloads its jars from Maven Central)"
run_dir=$(mktemp -d -t copycat-quickstart.XXXXXX)
trap 'deploy/kafka/kafka.sh stop "$run_dir" >/dev/null 2>&1 || true; rm -rf "$run_dir"' EXIT
bootstrap=$(deploy/kafka/kafka.sh start "$run_dir")
say "Kafka is running at $bootstrap (broker log: $run_dir/kafka.log). Press Ctrl-C to stop."
while kill -0 "$(cat "$run_dir/kafka.pid")" 2>/dev/null; do sleep 2; done
