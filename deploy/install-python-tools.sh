#!/usr/bin/env bash
# Installs the Python tools the tests use (deploy/python-requirements.txt: pytest, schemathesis)
# into a virtual environment of Debian's python3, outside the checkout so that a fresh clone
# reuses it: ${COPYCAT_PYTHON_ENV:-$HOME/.cache/copycat/python-tools}. Reinstalls only when the
# requirements change. Prints the environment's directory on stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
requirements=$(pwd)/deploy/python-requirements.txt
env_dir=${COPYCAT_PYTHON_ENV:-$HOME/.cache/copycat/python-tools}
stamp="$env_dir/.requirements.sha256"
wanted=$(sha256sum "$requirements" | cut -d' ' -f1)

if [ ! -x "$env_dir/bin/python" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
  echo "copycat: installing Python test tools into $env_dir" >&2
  rm -rf "$env_dir"
  mkdir -p "$(dirname "$env_dir")"
  /usr/bin/python3 -m venv "$env_dir"
  "$env_dir/bin/pip" install --quiet --disable-pip-version-check -r "$requirements" >&2
  echo "$wanted" > "$stamp"
fi
echo "$env_dir"
