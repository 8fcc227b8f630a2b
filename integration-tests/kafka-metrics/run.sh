#!/usr/bin/env bash
# Runs the side-by-side metrics test: Kafka Connect with the Prometheus JMX exporter and
# Strimzi's rules beside a Copycat worker, the same connectors on each (test_kafka_metrics.py):
#
#   integration-tests/kafka-metrics/run.sh <build-dir> [pytest args...]
#
# e.g. deploy/kafka/with-kafka.sh integration-tests/kafka-metrics/run.sh build
# Needs COPYCAT_BOOTSTRAP_SERVERS (with-kafka.sh sets it), Maven (the jars of pom.xml beside this
# file are fetched once into the cache) and the targets copycat, copycat-file and
# copycat-task-probe built in <build-dir>. The Python venv comes from
# deploy/install-python-tools.sh.
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: run.sh <build-dir> [pytest args...]" >&2; exit 2; }
suite=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$suite/../.." && pwd)
python=$("$repo/deploy/install-python-tools.sh")/bin/python
build=$(cd "$1" && pwd)
home="${COPYCAT_CACHE_DIR:-$HOME/.cache/copycat}/kafka-metrics-jars"
"$repo/deploy/maven-fetch.sh" "$suite/pom.xml" "$home"
cd "$suite" && COPYCAT_METRICS_JARS="$home/lib" COPYCAT_BUILD_DIR="$build" PYTHONDONTWRITEBYTECODE=1 \
  exec "$python" -m pytest -p no:cacheprovider -ra "${@:2}" test_kafka_metrics.py
