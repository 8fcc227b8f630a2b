#!/usr/bin/env bash
# Fuzzes the REST API of one live `copycat distributed` worker with schemathesis, from the OpenAPI
# document it serves (GET /openapi.json):
#
#   integration-tests/rest-fuzz/run.sh <build-dir> [--max-examples N | --requests N] [--seed S] [...]
#
# e.g. deploy/kafka/with-kafka.sh integration-tests/rest-fuzz/run.sh build                    (~2,500 requests)
#      deploy/kafka/with-kafka.sh integration-tests/rest-fuzz/run.sh build --max-examples 400 (~10,000)
# Needs COPYCAT_BOOTSTRAP_SERVERS (with-kafka.sh sets it) and the targets copycat and copycat-file
# built in <build-dir>; schemathesis comes from deploy/install-python-tools.sh's venv. Exits 1 on a
# 5xx answer (but the 500s Kafka Connect gives too, fuzz_hooks.py), a network error, a worker crash,
# a failed schemathesis check or a status the document does not list (rest_fuzz.py --help).
set -euo pipefail

if (($# < 1)); then
  echo "usage: run.sh <build-dir> [rest_fuzz.py options...]" >&2
  exit 2
fi
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
build_dir=$(cd "$1" && pwd)
shift

venv=$("$repo/deploy/install-python-tools.sh")
export PYTHONDONTWRITEBYTECODE=1
exec "$venv/bin/python" "$here/rest_fuzz.py" --build-dir="$build_dir" "$@"
