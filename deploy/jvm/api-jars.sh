#!/usr/bin/env bash
# The Kafka API jars of the JVM bridge (pom.xml here), from Maven Central, cached once:
#
#   api-jars.sh fetch     download them into the cache (skipped when complete)
#   api-jars.sh lib-dir   fetch when needed, then print the jar directory
#
# Environment: COPYCAT_CACHE_DIR, the cache root (default ~/.cache/copycat); the jars go to
# jvm-api-<kafka version>/lib. Progress and errors go to stderr; stdout carries only the answer.
set -euo pipefail

readonly KAFKA_VERSION=4.1.1
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly SCRIPT_DIR
readonly HOME_DIR="${COPYCAT_CACHE_DIR:-$HOME/.cache/copycat}/jvm-api-$KAFKA_VERSION"

case "${1:-}" in
  fetch) "$SCRIPT_DIR/../maven-fetch.sh" "$SCRIPT_DIR/pom.xml" "$HOME_DIR" ;;
  lib-dir) "$SCRIPT_DIR/../maven-fetch.sh" "$SCRIPT_DIR/pom.xml" "$HOME_DIR"; echo "$HOME_DIR/lib" ;;
  *) sed -n '2,/^set -euo/s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2; exit 2 ;;
esac
