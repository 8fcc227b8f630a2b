#!/usr/bin/env bash
# deploy/monitoring/alert-rules.yml: promtool accepts the rules (check rules), and each alert fires
# on the series it is meant for and not on healthy ones (test rules, alert_rules_test.yml beside
# this file). promtool comes from Debian's prometheus package (deploy/install-deps.sh); without it
# the test is skipped (exit 77), saying so.
#
#   alert_rules_test.sh <source directory>
set -euo pipefail
[[ $# -eq 1 ]] || { echo "usage: alert_rules_test.sh <source directory>" >&2; exit 2; }
if ! command -v promtool >/dev/null; then
  echo "SKIPPED: promtool is not installed (Debian's prometheus package: deploy/install-deps.sh)"
  exit 77
fi
promtool check rules "$1/deploy/monitoring/alert-rules.yml"
cd "$(dirname "${BASH_SOURCE[0]}")" && promtool test rules alert_rules_test.yml
