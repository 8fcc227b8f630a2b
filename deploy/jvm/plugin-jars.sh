#!/usr/bin/env bash
# Java plugins from Maven Central as plugin directories, for tests and benchmarks of Copycat's
# JVM bridge (docs/jvm-bridge.md): each plugins/<name>/pom.xml lists one plugin and what it
# needs beyond the worker's Kafka API jars.
#
#   plugin-jars.sh dir <name>   fetch when needed, then print a directory to put on plugin.path:
#                               it holds one plugin directory, lib/, with the plugin's jars (a
#                               plugin.path element's sub-directories are its plugins, as in
#                               Kafka Connect)
#
# Environment: COPYCAT_CACHE_DIR, the cache root (default ~/.cache/copycat); the jars go to
# jvm-plugins/<name>-<POM digest>/lib: a POM that names other versions gets a directory of its
# own, so source trees at different versions share the cache without fetching over each other's
# jars. Progress and errors go to stderr; stdout carries only the answer.
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly SCRIPT_DIR

if [[ "${1:-}" != dir || -z "${2:-}" || ! -f "$SCRIPT_DIR/plugins/${2:-}/pom.xml" ]]; then
  sed -n '2,/^set -euo/s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2
  echo "plugins: $(ls "$SCRIPT_DIR/plugins" | tr '\n' ' ')" >&2
  exit 2
fi
pom="$SCRIPT_DIR/plugins/$2/pom.xml"
home="${COPYCAT_CACHE_DIR:-$HOME/.cache/copycat}/jvm-plugins/$2-$(sha256sum "$pom" | cut -c1-12)"
"$SCRIPT_DIR/../maven-fetch.sh" "$pom" "$home"
echo "$home"
