#!/usr/bin/env bash
# Configures and builds Copycat into ./build (Ninja, warnings as errors, ccache when present).
# Extra arguments go to cmake's configure step, e.g. -DCOPYCAT_SANITIZE='address;undefined'.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${COPYCAT_BUILD_DIR:-build}
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCOPYCAT_WERROR=ON "$@" >/dev/null
cmake --build "$build_dir"
