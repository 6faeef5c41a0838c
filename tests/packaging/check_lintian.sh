#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# pkg_lintian: Debian's package checker finds no error and no warning in the packages pkg_deb built.
# Informational and pedantic tags are printed for the reader but do not fail the test. Every
# override the packages ship (usr/share/lintian/overrides/<package>) must carry a comment line with
# its reason right above it, and must still be needed (lintian reports an unused one).
#   check_lintian.sh DEB_DIR DEB_VERSION PACKAGE...
source "$(dirname "$0")/common.sh"
[ $# -ge 3 ] || fail "usage: $0 DEB_DIR DEB_VERSION PACKAGE..."
dir=$1 debVersion=$2
shift 2
need lintian lintian
need dpkg-deb dpkg
arch=$(dpkg --print-architecture)
debs=()
for p in "$@"; do
    d=$dir/${p}_${debVersion}_${arch}.deb
    [ -f "$d" ] || fail "$d missing (pkg_deb builds it: run ctest -R 'pkg_deb|pkg_lintian')"
    debs+=("$d")
done

# Overrides: each one has a one-line reason above it.
for d in "${debs[@]}"; do
    p=$(dpkg-deb -f "$d" Package)
    ov=$(dpkg-deb --fsys-tarfile "$d" | tar -xOf - "./usr/share/lintian/overrides/$p" 2>/dev/null || true)
    [ -n "$ov" ] || continue
    awk -v f="$p" 'NF && $0 !~ /^#/ && prev !~ /^# ./ { printf "%s override \"%s\" has no \"# reason\" line above it\n", f, $0; bad = 1 }
                   { prev = $0 } END { exit bad }' <<<"$ov" || fail "lintian overrides without a reason"
    note "$p overrides: $(grep -vc '^#\|^$' <<<"$ov")"
done

# lintian refuses nothing as root but says it is not recommended; that line is not a finding.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
# (no --show-overrides: with it, lintian 2.116 counts overridden warnings towards --fail-on; an
# override that no longer matches is reported as the tag unused-override or mismatched-override)
lintian --fail-on error,warning --display-info --pedantic --tag-display-limit 0 "${debs[@]}" >"$log" 2>&1
rc=$?
set -e
grep -v 'running with root privileges is not recommended' "$log" || true
errors=$(grep -c '^E: ' "$log" || true)
warnings=$(grep -c '^W: ' "$log" || true)
infos=$(grep -c '^[IP]: ' "$log" || true)
note "lintian $(lintian --version | awk '{print $2}'): $errors errors, $warnings warnings, $infos info/pedantic"
[ "$errors" -eq 0 ] && [ "$warnings" -eq 0 ] || fail "lintian reports errors or warnings (above)"
[ $rc -eq 0 ] || fail "lintian exited $rc"
