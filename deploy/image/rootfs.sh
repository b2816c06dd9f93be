#!/usr/bin/env bash
# Assembles the container image's root filesystem from what this machine already has, with no
# network and no base image (none can be pulled here): a Java runtime made by jlink from the JDK that
# runs the build, the C libraries that runtime links against (found with ldd, taken from this
# machine's Debian packages: libc6, zlib1g, ...), and the few files a non-root process needs. Jib
# then lays it under the operator's jars (deploy/pom.xml).
#
# usage: rootfs.sh JDK_HOME OUTPUT_DIR
set -euo pipefail
jdk="$1"
root="$2"

# The operator's modules, as `jdeps --ignore-missing-deps --print-module-deps --multi-release 21`
# over operator-app/target/{caas-operator.jar,lib/*.jar} prints them (it takes a minute, so not at
# every build), plus providers jdeps cannot see: jdk.crypto.ec (TLS with EC keys, JDK 21; part of
# java.base from JDK 22), jdk.zipfs, jdk.naming.dns, jdk.localedata stays out (English only).
modules="java.base,java.compiler,java.desktop,java.instrument,java.net.http,java.scripting,java.security.jgss"
modules+=",java.sql.rowset,jdk.jfr,jdk.management,jdk.net,jdk.unsupported,jdk.zipfs,jdk.naming.dns"
if "$jdk/bin/java" --list-modules | grep -q '^jdk.crypto.ec@'; then modules+=",jdk.crypto.ec"; fi

rm -rf "$root"
# /proc, /dev and /sys are where the container runtime mounts its own; /tmp is writable by all.
mkdir -p "$root/opt" "$root/etc" "$root/tmp" "$root/proc" "$root/dev" "$root/sys"
"$jdk/bin/jlink" --add-modules "$modules" --output "$root/opt/java" \
  --strip-debug --no-man-pages --no-header-files --compress=zip-6
# A headless server: the AWT window, splash screen and sound libraries would need X11 and ALSA.
rm -f "$root"/opt/java/lib/{libawt_xawt,libjawt,libsplashscreen,libjsound}.so

# The C libraries (and the dynamic loader) every executable and library of the runtime needs,
# at the paths they are found at here (the loader's path is compiled into the executables).
needed="$root.ldd"
: > "$needed"
find "$root/opt/java" -type f \( -name '*.so' -o -path '*/bin/*' -o -name jspawnhelper \) -print0 |
  while IFS= read -r -d '' file; do
    LD_LIBRARY_PATH="$root/opt/java/lib:$root/opt/java/lib/server" ldd "$file" 2>/dev/null | sed "s|^|$file: |" || true
  done > "$needed"
if grep -q 'not found' "$needed"; then
  echo "rootfs.sh: libraries the runtime needs are not on this machine:" >&2
  grep 'not found' "$needed" >&2
  exit 1
fi
sed -n -e 's|.*=> \(/[^ ]*\) (.*|\1|p' -e 's|^[^:]*:[[:space:]]*\(/[^ ]*\) (.*|\1|p' "$needed" | grep -v "^$root/" | sort -u |
  while read -r lib; do
    mkdir -p "$root$(dirname "$lib")"
    cp -L "$lib" "$root$lib"
  done
rm -f "$needed"

# The operator's user (65532, as distroless' nonroot) for getpwuid; name lookups for the JVM.
cat > "$root/etc/passwd" <<'PASSWD'
root:x:0:0:root:/root:/sbin/nologin
caas:x:65532:65532:CAAS Operator:/tmp:/sbin/nologin
PASSWD
cat > "$root/etc/group" <<'GROUP'
root:x:0:
caas:x:65532:
GROUP
cat > "$root/etc/nsswitch.conf" <<'NSS'
passwd: files
group: files
hosts: files dns
NSS
echo "rootfs.sh: $(du -sh "$root" | cut -f1) in $root (modules: $modules)"
