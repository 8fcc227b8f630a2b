#!/usr/bin/env bash
# Runs a Python test script with the project's Python tools (deploy/install-python-tools.sh: PyYAML,
# the kubernetes client's models).
#
#   with_python_tools.sh <script.py> [args...]
set -euo pipefail
venv=$("$(dirname "$0")/../../deploy/install-python-tools.sh")
export PYTHONDONTWRITEBYTECODE=1
exec "$venv/bin/python" "$@"
