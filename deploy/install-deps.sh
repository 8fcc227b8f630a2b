#!/usr/bin/env bash
# Installs every Debian package Copycat's build, tests and local Kafka need.
# Idempotent and quiet when everything is already there.
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config ccache          # toolchain
  librdkafka-dev libboost1.81-dev rapidjson-dev libfmt-dev libssl-dev catch2   # libraries
  libpq-dev postgresql                             # the PostgreSQL plugin (libpq) and its test server (deploy/postgres)
  openjdk-17-jdk-headless maven                    # the local Kafka broker, Kafka Connect for the benchmarks (javac)
  python3 python3-venv curl procps openssl wrk      # scripts, tests (venv for pytest/schemathesis), the test broker's certificates, REST load
  jq                                               # the copycat-cli ops-script test reads the CLI's JSON
  chromium                                         # the dashboard's browser tests (integration-tests/ui, driven by Playwright)
  systemd dpkg-dev file                            # the .deb (cpack, dpkg-shlibdeps) and its unit (systemd-analyze verify)
  prometheus                                       # promtool: the alert rules of deploy/monitoring (tests/deploy)
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
echo "copycat: installing ${missing[*]}" >&2
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "copycat: packages installed" >&2
