#!/usr/bin/env bash
# Runs the dashboard's browser tests (pytest + Playwright + headless Chromium) against a 2-worker
# cluster:
#
#   integration-tests/ui/run.sh <build-dir> [pytest args...]
#   e.g. deploy/kafka/with-kafka.sh integration-tests/ui/run.sh build
#
# Needs COPYCAT_BOOTSTRAP_SERVERS (with-kafka.sh sets it), the targets copycat, copycat-file and
# copycat-task-probe built in <build-dir>, Debian's chromium (deploy/install-deps.sh; another
# binary with COPYCAT_CHROMIUM) and the Python venv of deploy/install-python-tools.sh. A missing
# piece fails the run, naming it. Screenshots go to <build-dir>/integration-tests/ui/screenshots.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build_dir=$(cd "${1:?usage: run.sh <build-dir> [pytest args...]}" && pwd)
shift
python=$("$here/../../deploy/install-python-tools.sh")/bin/python
cd "$here"
PYTHONDONTWRITEBYTECODE=1 exec "$python" -m pytest --build-dir="$build_dir" \
  --screenshots="$build_dir/integration-tests/ui/screenshots" "$@"
