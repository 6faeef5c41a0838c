#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# report_browser: every kind of HTML report, opened in a real browser (Debian's headless Chromium,
# no network): the page reaches its ready state with no JavaScript error and no console message,
# and every chart has drawn (a canvas with pixels, from a series with points). report.js records
# that state on <body>; --dump-dom prints it.
#   check_report_browser.sh LORASCOPE_CLI SOURCE_DIR WORK_DIR
# With LORASCOPE_REPORT_SCREENSHOTS=DIR it also saves a 1280×900 screenshot of the run report there.
set -euo pipefail
cli=$1 src=$2 work=$3
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "FAIL: no chromium: install it with packaging/install-deps.sh test (Debian package chromium)" >&2
  exit 1
fi
data=$src/tests/data/report
rm -rf "$work" && mkdir -p "$work"
cd "$work"

# The inputs: the committed run folders (tests/data/report/README.md), a sweep and a trace made here.
"$cli" generate --preset S4 --rate 2 --duration 20 -o trace.jsonl >/dev/null
"$cli" sweep --preset S4 --duration 30 --param rate --range 1:4:1 --cost-model llama-13b-a100-80g -o rates.jsonl --quiet >/dev/null
"$cli" sweep --preset S4 --duration 30 --param rate --range 1:4:1 --cost-model llama-7b-a100-80g -o rates7b.jsonl --quiet >/dev/null

declare -A made=(
  [run]="report $data/runA -o run.html"
  [run_preview]="report $data/runA -o run_preview.html --preview --cost-model llama-13b-a100-80g --max-total-token-num 65000"
  [run_zh]="report $data/runB -o run_zh.html --lang zh_CN"
  [empty]="report $data/runEmpty -o empty.html"
  [sweep]="report rates.jsonl -o sweep.html"
  [preview]="report trace.jsonl -o preview.html --cost-model llama-13b-a100-80g"
  [preview_zh]="report trace.jsonl -o preview_zh.html --lang zh_CN"
  [compare]="compare $data/runA $data/runB --html compare.html --quiet"
  [compare_sweeps]="compare rates.jsonl rates7b.jsonl --html compare_sweeps.html --quiet"
  [compare_zh]="compare $data/runA $data/runB $data/runEmpty --html compare_zh.html --lang zh_CN --quiet"
)
fail=0
for name in "${!made[@]}"; do
  # shellcheck disable=SC2086
  "$cli" ${made[$name]} >/dev/null 2>"$name.cli.log" || { echo "FAIL: $name: lorascope-cli ${made[$name]}"; cat "$name.cli.log"; fail=1; continue; }
  profile=$(mktemp -d "$work/profile.XXXXXX")
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update \
    --disable-sync --no-first-run --disable-default-apps --user-data-dir="$profile" --window-size=1280,900 \
    --virtual-time-budget=10000 --enable-logging=stderr --v=0 --dump-dom "file://$work/$name.html" >"$name.dom" 2>"$name.browser.log" || true
  body=$(grep -o '<body data-[^>]*>' "$name.dom" | head -1 || true)
  state=$(sed -n 's/.*data-report-state="\([a-z]*\)".*/\1/p' <<<"$body")
  charts=$(sed -n 's/.*data-charts="\([0-9]*\)".*/\1/p' <<<"$body")
  drawn=$(sed -n 's/.*data-charts-drawn="\([0-9]*\)".*/\1/p' <<<"$body")
  undrawn=$(sed -n 's/.*data-charts-undrawn="\([^"]*\)".*/\1/p' <<<"$body")
  errors=$(sed -n 's/.*data-errors="\([0-9]*\)".*/\1/p' <<<"$body")
  console=$(grep -c ':CONSOLE' "$name.browser.log" || true)
  size=$(stat -c %s "$name.html")
  if [ "$state" != ready ] || [ "${errors:-1}" != 0 ] || [ "${charts:-0}" -lt 1 ] || [ "$charts" != "$drawn" ] || [ "$console" != 0 ]; then
    echo "FAIL: $name: state '${state}', errors ${errors:-?}, charts ${drawn:-?}/${charts:-?} drawn (not: ${undrawn}), console messages $console"
    grep -o '<pre class="errors"[^<]*' "$name.dom" || true
    grep ':CONSOLE' "$name.browser.log" | head -5 || true
    fail=1
  else
    echo "ok: $name.html ($size bytes): $drawn charts drawn, no error"
  fi
done
if [ -n "${LORASCOPE_REPORT_SCREENSHOTS:-}" ]; then
  profile=$(mktemp -d "$work/profile.XXXXXX")
  "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync \
    --no-first-run --user-data-dir="$profile" --window-size=1280,2400 --hide-scrollbars --virtual-time-budget=10000 \
    --screenshot="$LORASCOPE_REPORT_SCREENSHOTS/report-run.png" "file://$work/run_preview.html" 2>/dev/null
fi
exit $fail
