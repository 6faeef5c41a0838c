#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The desktop entry is valid (desktop-file-validate prints nothing at all: no error, warning or
# hint) and is named by the application id, which its Icon key also uses.
#   check_desktop_entry.sh DESKTOP_FILE APP_ID
source "$(dirname "$0")/common.sh"
[ $# -eq 2 ] || fail "usage: $0 DESKTOP_FILE APP_ID"
desktop=$1 id=$2
need desktop-file-validate desktop-file-utils
[ -f "$desktop" ] || fail "$desktop does not exist (build the project first)"
[ "$(basename "$desktop")" = "$id.desktop" ] || fail "desktop file is named $(basename "$desktop"), expected $id.desktop"

out=$(desktop-file-validate "$desktop" 2>&1) || { echo "$out"; fail "desktop-file-validate rejected $desktop"; }
[ -z "$out" ] || { echo "$out"; fail "desktop-file-validate reported issues for $desktop"; }

key() { sed -n "s/^$1=//p" "$desktop"; }
[ "$(key Icon)" = "$id" ] || fail "Icon=$(key Icon), expected the application id $id"
[ "$(key Exec)" = "lorascope" ] || fail "Exec=$(key Exec), expected lorascope"
[ "$(key Type)" = "Application" ] || fail "Type=$(key Type), expected Application"
grep -q '^Name\[zh_CN\]=\|^Comment\[zh_CN\]=' "$desktop" || fail "no Simplified Chinese Comment in $desktop"
note "desktop entry $desktop valid"
