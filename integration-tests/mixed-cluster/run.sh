#!/usr/bin/env bash
# Runs the mixed-cluster suite (pytest): clusters of Copycat and Apache Kafka Connect 4.4.0
# workers in one group (and one with a 4.1.1 worker too), under the default connect.protocol
# (sessioned):
#
#   integration-tests/mixed-cluster/run.sh <build-dir> [pytest args...]
#
# e.g. deploy/kafka/with-kafka.sh integration-tests/mixed-cluster/run.sh build
# Needs COPYCAT_BOOTSTRAP_SERVERS (with-kafka.sh sets it), Kafka's jars (deploy/kafka/kafka.sh
# lib-dir and lib-dir 4.1.1 fetch them), javac, and the targets copycat, copycat-file and
# copycat-task-probe built in <build-dir>. The Python venv comes from deploy/install-python-tools.sh.
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: run.sh <build-dir> [pytest args...]" >&2; exit 2; }
suite=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
python=$("$suite/../../deploy/install-python-tools.sh")/bin/python
build=$(cd "$1" && pwd)
cd "$suite" && PYTHONDONTWRITEBYTECODE=1 exec "$python" -m pytest --build-dir="$build" "${@:2}"
