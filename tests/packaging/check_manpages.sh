#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The man pages match --help: one page for lorascope-cli and one for each command its --help lists
# (no missing or stale page), each page is well-formed roff (groff -ww prints no warning), its
# .gz is the same page, and every word of `lorascope-cli CMD --help` appears in the rendered page
# in the same order (so no text is dropped or reordered by the conversion).
#   check_manpages.sh CLI CLI_MAN_DIR [GUI_MAN_PAGE GUI_HELP_TEXT]
source "$(dirname "$0")/common.sh"
[ $# -eq 2 ] || [ $# -eq 4 ] || fail "usage: $0 CLI CLI_MAN_DIR [GUI_MAN_PAGE GUI_HELP_TEXT]"
cli=$1 mandir=$2
need groff groff-base
need gzip gzip
[ -x "$cli" ] || fail "$cli is not built"
[ -d "$mandir" ] || fail "$mandir does not exist (build the target lorascope_manpages)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# words FILE: the whitespace-separated words, lower case, trailing colons dropped.
words() {
    tr -s ' \t\n' '\n\n\n' <"$1" | sed -e '/^$/d' -e 's/:$//' | tr '[:upper:]' '[:lower:]'
}

# check_page PAGE.1 HELP_TEXT_FILE EXPECTED_NAME_LINE
check_page() {
    local page=$1 help=$2 nameline=$3
    [ -f "$page" ] || fail "missing man page $page"
    [ -f "$page.gz" ] || fail "missing compressed man page $page.gz"
    gzip -dc "$page.gz" | cmp -s - "$page" || fail "$page.gz is not the same page as $page"
    local warn
    warn=$(groff -man -ww -z -Tutf8 "$page" 2>&1)
    [ -z "$warn" ] || { echo "$warn"; fail "groff warns about $page"; }
    # Render as plain text; groff writes a minus sign and hyphens as Unicode, map them back.
    groff -man -Tutf8 -P-cbou -rLL=250n "$page" 2>/dev/null | sed -e 's/\xe2\x88\x92/-/g' -e 's/\xe2\x80\x90/-/g' >"$work/page.txt"
    grep -qF -- "$nameline" "$work/page.txt" || fail "$page: NAME line '$nameline' not found"
    words "$help" | sed '1{/^usage$/d}' >"$work/help.words"
    words "$work/page.txt" >"$work/page.words"
    [ -s "$work/help.words" ] || fail "empty help text for $page"
    # every help word must appear in the page, in order (the page may add headings and SEE ALSO)
    awk 'NR == FNR { p[++n] = $0; next }
         { found = 0
           while (i < n) if (p[++i] == $0) { found = 1; break }
           if (!found) { printf "word %d \"%s\" of the help text is missing (or out of order) in the page\n", FNR, $0; bad = 1; exit } }
         END { exit bad }' "$work/page.words" "$work/help.words" || fail "$page does not carry the --help text"
}

cmds=$(commands_of "$cli")
[ -n "$cmds" ] || fail "$cli --help lists no commands"
prog=$(basename "$cli")

expected=$( { echo "$prog.1"; for c in $cmds; do echo "$prog-$c.1"; done; } | sort)
actual=$(cd "$mandir" && ls -1 -- *.1 | sort)
[ "$expected" = "$actual" ] || {
    diff <(echo "$expected") <(echo "$actual") || true
    fail "the man pages in $mandir do not match the commands of $prog --help (< expected, > found)"
}

"$cli" --help >"$work/main.help"
summary=$(sed -n '/^Usage:/,/^$/d; /./{p;q}' "$work/main.help")
check_page "$mandir/$prog.1" "$work/main.help" "$prog - "
for c in $cmds; do
    "$cli" "$c" --help >"$work/$c.help" || fail "$prog $c --help failed"
    line=$(awk -v c="$c" '/^Commands:$/ { on = 1; next } on && /^$/ { on = 0 } on && $1 == c { $1 = ""; sub(/^ +/, ""); print }' "$work/main.help")
    check_page "$mandir/$prog-$c.1" "$work/$c.help" "$prog-$c - $line"
    note "$prog-$c.1 matches '$prog $c --help'"
done
note "$prog.1 matches '$prog --help' ($summary)"

if [ $# -eq 4 ]; then
    check_page "$3" "$4" "lorascope - "
    note "$(basename "$3") matches $(basename "$4")"
fi
