#!/usr/bin/env bash
# Resolves the dependencies of a "pom"-packaged POM from Maven Central into <home>/lib, once:
#
#   maven-fetch.sh <pom.xml> <home>
#
# <home>/lib holds the jars (maven-dependency-plugin copy-dependencies, runtime scope);
# <home>/fetch.complete names the POM's digest, so a changed POM fetches again and a complete
# fetch is skipped. A lock makes concurrent first runs download once. Used by kafka/kafka.sh
# (the broker and the Java Connect worker, whose connect-runtime integration-tests/worker-keys
# reads too), jvm/api-jars.sh (the JVM bridge's Kafka API jars) and jvm/plugin-jars.sh.
# Progress and errors go to stderr.
set -euo pipefail

readonly DEPENDENCY_PLUGIN=org.apache.maven.plugins:maven-dependency-plugin:3.6.1
[[ $# -eq 2 ]] || { echo "usage: maven-fetch.sh <pom.xml> <home>" >&2; exit 2; }
readonly POM=$1 HOME_DIR=$2
readonly LIB_DIR="$HOME_DIR/lib" MARKER="$HOME_DIR/fetch.complete"

say() { printf 'maven-fetch.sh: %s\n' "$*" >&2; }

pom_digest() { sha256sum "$POM" | cut -d' ' -f1; }

fetch_is_complete() {
  [[ -f "$MARKER" && -d "$LIB_DIR" ]] && [[ "$(cat "$MARKER")" == "$(pom_digest)" ]]
}

mkdir -p "$HOME_DIR"
fetch_is_complete && exit 0
(
  flock 9
  fetch_is_complete && exit 0
  say "fetching the jars of $POM into $LIB_DIR"
  started=$EPOCHREALTIME staging="$HOME_DIR/lib.partial"
  rm -rf "$staging" "$MARKER"
  cp "$POM" "$HOME_DIR/pom.xml"
  if ! mvn -B -q -f "$HOME_DIR/pom.xml" "$DEPENDENCY_PLUGIN:copy-dependencies" \
      -DoutputDirectory="$staging" -DincludeScope=runtime >"$HOME_DIR/fetch.log" 2>&1; then
    tail -n 40 "$HOME_DIR/fetch.log" >&2
    say "mvn copy-dependencies failed (full log: $HOME_DIR/fetch.log)"
    exit 1
  fi
  rm -rf "$LIB_DIR"
  mv "$staging" "$LIB_DIR"
  pom_digest >"$MARKER"
  say "fetched $(find "$LIB_DIR" -name '*.jar' | wc -l) jars in $(awk -v a="$started" -v b="$EPOCHREALTIME" \
    'BEGIN { printf "%.1f", b - a }') s"
) 9>"$HOME_DIR/fetch.lock"
