#!/usr/bin/env bash
# Runs one pytest suite of integration-tests/ (the folder holding its conftest.py) with the Python
# venv of deploy/install-python-tools.sh:
#
#   integration-tests/pytest-suite.sh <suite-dir> <build-dir> [pytest args...]
#
# The suite's conftest.py takes --build-dir, the Copycat build whose binaries it runs.
set -euo pipefail

if (($# < 2)); then
  echo "usage: pytest-suite.sh <suite-dir> <build-dir> [pytest args...]" >&2
  exit 2
fi
suite=$(cd "$1" && pwd)
build_dir=$(cd "$2" && pwd)
shift 2
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

venv=$("$repo/deploy/install-python-tools.sh")
export PYTHONDONTWRITEBYTECODE=1
cd "$suite"
exec "$venv/bin/python" -m pytest --build-dir="$build_dir" "$@"
