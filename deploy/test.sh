#!/usr/bin/env bash
# The one command that installs, builds and tests Copycat on a fresh machine:
#   1. Debian packages (deploy/install-deps.sh) and the Python test tools (deploy/install-python-tools.sh)
#   2. build (deploy/build.sh)
#   3. unit tests (ctest -L unit; no broker)
#   4. a real Kafka 4.x broker from Maven Central jars and a PostgreSQL server (deploy/postgres), one
#      each for the whole run, and the tests that need them (ctest -L cluster)
#   5. the benchmark harness in quick mode (deploy/bench.sh --quick), against Kafka Connect itself
#
#   deploy/test.sh --sanitize   steps 1-4 with ASan+UBSan (docs/sanitizers.md) in build-sanitize (or
#                               $COPYCAT_BUILD_DIR), no benchmark; not part of CI: it takes far longer
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
sanitize=()
[[ "${1:-}" == --sanitize ]] && sanitize=(-DCOPYCAT_SANITIZE='address;undefined')
build_dir=${COPYCAT_BUILD_DIR:-$([[ ${#sanitize[@]} -gt 0 ]] && echo build-sanitize || echo build)}
started=$(date +%s)

step_started=""
step() {
  local now; now=$(date +%s)
  [ -n "$step_started" ] && printf '== copycat: done in %d s\n' $(( now - step_started )) >&2
  printf '\n== copycat: %s\n' "$*" >&2
  step_started=$now
}

step "installing packages"
deploy/install-deps.sh
deploy/install-python-tools.sh >/dev/null

step "building into $build_dir ${sanitize[*]}"
COPYCAT_BUILD_DIR=$build_dir deploy/build.sh "${sanitize[@]}"

step "unit tests"
(cd "$build_dir" && ctest -L unit --output-on-failure -j2)

step "starting a local Kafka broker and PostgreSQL server and running the cluster tests"
rm -f "$build_dir/integration-tests/faults/fault-table.txt"
deploy/postgres/with-postgres.sh deploy/kafka/with-kafka.sh bash -c "cd '$root/$build_dir' && ctest -L cluster --output-on-failure"
cat "$build_dir/integration-tests/faults/fault-table.txt"  # the fault-injection suite's figures

if ((${#sanitize[@]} > 0)); then
  step "all tests passed under ASan+UBSan in $(( $(date +%s) - started )) s"
  exit 0
fi

step "benchmark harness, quick mode (Copycat and Kafka Connect each deliver every record; no timings asserted)"
deploy/bench.sh --quick --build-dir "$build_dir"

step "all tests passed in $(( $(date +%s) - started )) s"
