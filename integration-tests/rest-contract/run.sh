#!/usr/bin/env bash
# Runs the REST contract suite (pytest) against a 2-worker cluster:
#
#   integration-tests/rest-contract/run.sh <build-dir> [pytest args...]
#
# e.g. deploy/kafka/with-kafka.sh integration-tests/rest-contract/run.sh build             (Copycat)
#      deploy/kafka/with-kafka.sh integration-tests/rest-contract/run.sh build --system=java (Kafka Connect)
# Needs COPYCAT_BOOTSTRAP_SERVERS (with-kafka.sh sets it) and, for Copycat, the targets copycat,
# copycat-file and copycat-task-probe built in <build-dir>. The Python venv (pytest, requests)
# comes from deploy/install-python-tools.sh.
set -euo pipefail

if (($# < 1)); then
  echo "usage: run.sh <build-dir> [pytest args...]" >&2
  exit 2
fi
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
exec "$here/../pytest-suite.sh" "$here" "$@"
