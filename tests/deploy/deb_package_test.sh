#!/usr/bin/env bash
# Builds the Debian package of this build tree once (cpack: the install rules of
# cmake/copycat_packaging.cmake, no compilation), checks its control data and contents, then
# installs it on this machine with dpkg -i, runs what it installed and purges it again.
#
#   deb_package_test.sh <build-dir> <source-dir> copycat <plugin target>...
#
# Installing for real is the only way to run the maintainer scripts (the copycat user) and the
# installed binary against the dependencies dpkg resolved. It is made safe for a shared or CI
# machine: it needs root, refuses to run where a copycat package is already installed (it would
# replace someone's install), holds a lock so two runs never overlap, and a trap purges the package
# (and removes the copycat user if this run created it) however the test ends.
set -euo pipefail
build_dir=$(cd "$1" && pwd)
source_dir=$(cd "$2" && pwd)
shift 3  # the binary's name is there only to make ctest build it first
plugins=("$@")

fail() { echo "FAIL: $*"; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "installing a package needs root (run the tests as root, as CI does)"
for tool in cpack dpkg dpkg-deb dpkg-shlibdeps file flock systemd-analyze; do
  command -v "$tool" >/dev/null || fail "$tool is missing (deploy/install-deps.sh installs it)"
done

work=$(mktemp -d)
installed=false
user_created=false
cleanup() {
  if $installed; then dpkg --purge copycat >/dev/null || echo "WARNING: dpkg --purge copycat failed"; fi
  if $user_created; then
    userdel copycat 2>/dev/null || true
    groupdel copycat 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

exec 9>/tmp/copycat-deb-package-test.lock
flock -w 300 9 || fail "another run of this test held its lock for 5 minutes"

(cd "$work" && cpack --config "$build_dir/CPackConfig.cmake" -B "$work" >"$work/cpack.log" 2>&1) ||
  { cat "$work/cpack.log"; fail "cpack could not build the package"; }
deb=$(ls "$work"/copycat_*.deb)
echo "built $(basename "$deb") ($(du -h "$deb" | cut -f1))"

# Control data: the dependencies dpkg-shlibdeps found, the conffile, the maintainer scripts.
depends=$(dpkg-deb --field "$deb" Depends)
for library in librdkafka libpq libssl libc6 passwd; do
  [[ $depends == *"$library"* ]] || fail "Depends lacks $library: $depends"
done
dpkg-deb --ctrl-tarfile "$deb" | tar -tf - > "$work/control.txt"
for file in conffiles postinst prerm postrm; do
  grep -qx "./$file" "$work/control.txt" || fail "the package has no $file"
done
[ "$(dpkg-deb --info "$deb" conffiles)" = /etc/copycat/connect-distributed.properties ] ||
  fail "conffiles is not /etc/copycat/connect-distributed.properties"

# Contents: the binary, every plugin library of the build, the bridge jars, the config and the unit.
dpkg-deb --contents "$deb" | awk '{print $NF}' | sed 's#^\./#/#' > "$work/contents.txt"
expected=(/usr/bin/copycat /etc/copycat/connect-distributed.properties /lib/systemd/system/copycat.service)
(( ${#plugins[@]} > 0 )) || fail "no plugin targets given"
for plugin in "${plugins[@]}"; do expected+=("/usr/lib/copycat/plugins/$plugin.so"); done
[ -x "$build_dir/src/cli/copycat-cli" ] && expected+=(/usr/bin/copycat-cli)
expected+=(/usr/lib/copycat/jvm/copycat-bridge.jar)  # the JVM bridge, for Java connectors
for path in "${expected[@]}"; do grep -qx "$path" "$work/contents.txt" || fail "the package lacks $path"; done
grep -qx "/usr/lib/copycat/jvm/lib/connect-api-.*\.jar" "$work/contents.txt" ||
  fail "the package lacks the Kafka API jars of the JVM bridge (/usr/lib/copycat/jvm/lib/connect-api-*.jar)"
# And nothing else under the plugin directory (the tests' plugins are built beside the real ones).
extra=$(grep "^/usr/lib/copycat/plugins/." "$work/contents.txt" | grep -vxF -f <(printf '%s\n' "${expected[@]}") || true)
[ -z "$extra" ] || fail "the package holds more plugins than plugins/ builds: $extra"

# Install it.
if dpkg-query -W -f='${Status}' copycat 2>/dev/null | grep -q installed; then
  fail "a copycat package is already installed on this machine; this test would replace it"
fi
getent passwd copycat >/dev/null || user_created=true
installed=true
deadline=$((SECONDS + 120))
until dpkg -i "$deb" >"$work/dpkg.log" 2>&1; do
  # apt or dpkg of someone else holds the dpkg lock: wait for it, a while.
  grep -q "lock" "$work/dpkg.log" && (( SECONDS < deadline )) || { cat "$work/dpkg.log"; fail "dpkg -i failed"; }
  sleep 2
done

version=$(/usr/bin/copycat --version)
[[ $version == "copycat $(dpkg-deb --field "$deb" Version) "* ]] || fail "/usr/bin/copycat --version says: $version"
getent passwd copycat | grep -q ":/var/lib/copycat:/usr/sbin/nologin$" || fail "postinst did not create the copycat user"
[ "$(stat -c %U /var/lib/copycat)" = copycat ] || fail "/var/lib/copycat does not belong to copycat"
runuser -u copycat -- /usr/bin/copycat --version >/dev/null || fail "copycat does not run as the copycat user"
grep -qx "plugin.path=/usr/lib/copycat/plugins" /etc/copycat/connect-distributed.properties ||
  fail "the installed config's plugin.path is not /usr/lib/copycat/plugins"
dpkg-query -W -f='${Conffiles}' copycat | grep -q /etc/copycat/connect-distributed.properties ||
  fail "dpkg does not treat the config as a conffile"
out=$(cd "$work" && systemd-analyze verify /lib/systemd/system/copycat.service 2>&1) && [ -z "$out" ] ||
  fail "systemd-analyze verify of the installed unit: $out"
cmp -s "$source_dir/deploy/systemd/copycat.service" /lib/systemd/system/copycat.service ||
  fail "the installed unit differs from deploy/systemd/copycat.service"

installed=false
dpkg --purge copycat >/dev/null || fail "dpkg --purge copycat failed"
[ ! -e /usr/bin/copycat ] && [ ! -e /etc/copycat ] && [ ! -e /var/lib/copycat ] || fail "purge left files behind"
echo "installed, ran $version, purged"
