#!/usr/bin/env bash
# Runs the security suite (pytest) against a 2-worker cluster with basic authentication on:
#
#   deploy/kafka/with-kafka.sh integration-tests/security/run.sh <build-dir> [pytest args...]
#
# Needs COPYCAT_BOOTSTRAP_SERVERS (with-kafka.sh sets it), the targets copycat and copycat-file
# built in <build-dir>, openssl (for the https listener's certificate) and the Python venv of
# deploy/install-python-tools.sh.
set -euo pipefail

if (($# < 1)); then
  echo "usage: run.sh <build-dir> [pytest args...]" >&2
  exit 2
fi
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
exec "$here/../pytest-suite.sh" "$here" "$@"
