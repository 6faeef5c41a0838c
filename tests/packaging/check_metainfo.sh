#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The AppStream metainfo validates (appstreamcli validate --no-net --pedantic reports nothing but
# the allowed pedantic note below) and uses the application id for <id>, <launchable> and <icon>,
# and the project version for its newest <release>.
#   check_metainfo.sh METAINFO_FILE APP_ID VERSION
source "$(dirname "$0")/common.sh"
[ $# -eq 3 ] || fail "usage: $0 METAINFO_FILE APP_ID VERSION"
meta=$1 id=$2 version=$3
need appstreamcli appstream
[ -f "$meta" ] || fail "$meta does not exist (build the project first)"
[ "$(basename "$meta")" = "$id.metainfo.xml" ] || fail "metainfo file is named $(basename "$meta"), expected $id.metainfo.xml"

set +e
out=$(appstreamcli validate --no-net --pedantic --no-color "$meta" 2>&1)
rc=$?
set -e
echo "$out"
[ $rc -eq 0 ] || fail "appstreamcli validate failed (exit $rc)"
# Allowed: the pedantic note that the id has capitals; the id is fixed project-wide
# (LORASCOPE_APP_ID, also the desktop file name and Wayland app id) and capitals are legal.
issues=$(echo "$out" | grep -E '^[EWIP]: ' | grep -v -E '^P: [^ ]+ cid-contains-uppercase-letter ' || true)
[ -z "$issues" ] || fail "appstreamcli validate reported issues: $issues"
grep -q 'Validation was successful' <<<"$out" || fail "appstreamcli did not report success"

tag() { sed -n "s:.*<$1[^>]*>\\(.*\\)</$1>.*:\\1:p" "$meta" | head -n1; }
[ "$(tag id)" = "$id" ] || fail "<id> is '$(tag id)', expected $id"
[ "$(tag launchable)" = "$id.desktop" ] || fail "<launchable> is '$(tag launchable)', expected $id.desktop"
[ "$(tag icon)" = "$id" ] || fail "<icon> is '$(tag icon)', expected $id"
release=$(sed -n 's:.*<release version="\([^"]*\)".*:\1:p' "$meta" | head -n1)
[ "$release" = "$version" ] || fail "newest <release> is '$release', expected the project version $version"
note "metainfo $meta valid"
