#!/usr/bin/env bash
# deploy/systemd/copycat.service passes `systemd-analyze verify` without a single complaint (the
# tool exits 0 on many errors and only prints them), and keeps the settings that
# docs/deploy.md "Install (Debian package, systemd)" promises. ExecStart points at this build's binary,
# since /usr/bin/copycat exists only where the package is installed.
#
#   systemd_unit_test.sh <source-dir> <copycat binary>
set -euo pipefail
unit=$1/deploy/systemd/copycat.service
binary=$2

command -v systemd-analyze >/dev/null || { echo "FAIL: systemd-analyze is missing (deploy/install-deps.sh installs systemd)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

failed=0
for setting in User=copycat Restart=on-failure KillSignal=SIGTERM LimitNOFILE=65536 CacheDirectory=copycat \
  Environment=COPYCAT_CACHE_DIR=/var/cache/copycat \
  "ExecStart=/usr/bin/copycat distributed /etc/copycat/connect-distributed.properties"; do
  grep -qx "$setting" "$unit" || { echo "FAIL: $unit has no line '$setting'"; failed=1; }
done
# The stop timeout covers the graceful leave: tasks (5 s) + telling the leader (5 s) + leaving the
# group (10 s).
stop=$(sed -n 's/^TimeoutStopSec=\([0-9]*\)s$/\1/p' "$unit")
[ -n "$stop" ] && (( stop > 20 )) || { echo "FAIL: TimeoutStopSec='$stop' s, not longer than the 20 s graceful leave"; failed=1; }

sed "s#^ExecStart=/usr/bin/copycat #ExecStart=$binary #" "$unit" > "$work/copycat.service"
if ! out=$(cd "$work" && systemd-analyze verify "$work/copycat.service" 2>&1) || [ -n "$out" ]; then
  echo "FAIL: systemd-analyze verify complained:"; echo "$out"; failed=1
fi
(( failed == 0 )) && echo "copycat.service: verified"
exit "$failed"
