#!/usr/bin/env bash
# The Kafka API jars of the JVM bridge (pom.xml here), from Maven Central, cached once:
#
#   api-jars.sh fetch     download them into the cache (skipped when complete)
#   api-jars.sh lib-dir   fetch when needed, then print the jar directory
#   api-jars.sh lib-dir <version>
#                         the same for another Kafka release (pom.xml with that kafka.version):
#                         tests/jvm compiles a fixture plugin against 4.1.1's API jars
#
# Environment: COPYCAT_CACHE_DIR, the cache root (default ~/.cache/copycat); the jars go to
# jvm-api-<kafka version>/lib (releases/jvm-api-<version>/lib for another release). Progress and errors go to stderr; stdout carries only the answer.
set -euo pipefail

# The release whose API Java plugins compile against and run on (docs/compatibility.md).
readonly KAFKA_VERSION=4.4.0
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly SCRIPT_DIR
readonly CACHE_DIR="${COPYCAT_CACHE_DIR:-$HOME/.cache/copycat}"

usage() { sed -n '2,/^set -euo/s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2; exit 2; }

# Fetches the API jars of Kafka release $1 into the cache when needed.
home_of() {
  if [[ "$1" == "$KAFKA_VERSION" ]]; then echo "$CACHE_DIR/jvm-api-$1"; else echo "$CACHE_DIR/releases/jvm-api-$1"; fi
}

fetch() {
  local version=$1 home
  home=$(home_of "$1")
  if [[ "$version" == "$KAFKA_VERSION" ]]; then
    "$SCRIPT_DIR/../maven-fetch.sh" "$SCRIPT_DIR/pom.xml" "$home"
    return
  fi
  [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "api-jars.sh: not a Kafka release: $version" >&2; exit 2; }
  mkdir -p "$home"
  sed "s|<kafka.version>$KAFKA_VERSION</kafka.version>|<kafka.version>$version</kafka.version>|" \
    "$SCRIPT_DIR/pom.xml" >"$home/source.pom.xml"
  "$SCRIPT_DIR/../maven-fetch.sh" "$home/source.pom.xml" "$home"
}

case "${1:-}" in
  fetch) (($# == 1)) || usage; fetch "$KAFKA_VERSION" ;;
  lib-dir) (($# <= 2)) || usage; fetch "${2:-$KAFKA_VERSION}"; echo "$(home_of "${2:-$KAFKA_VERSION}")/lib" ;;
  *) usage ;;
esac
