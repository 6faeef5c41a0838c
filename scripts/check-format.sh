#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks that C++ files follow .clang-format: every tracked .cpp and .h (or the files given), each
# one that clang-format would change listed with its number of changed lines. Changes nothing.
#   bash scripts/check-format.sh [FILE...]     exit 0 all formatted, 1 some are not, 2 no clang-format
# Fix a file with `clang-format -i FILE`. Needs clang-format (Debian 12: apt-get install clang-format).
set -euo pipefail
cd "$(dirname "$0")/.."
cf=${CLANG_FORMAT:-clang-format}
command -v "$cf" >/dev/null || { echo "check-format: $cf not found (apt-get install clang-format)" >&2; exit 2; }
if [ $# -gt 0 ]; then
  files=("$@")
elif git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files '*.cpp' '*.h')
else # a copy without git (CI's): the source folders
  mapfile -t files < <(find core ui app tests bench packaging -name '*.cpp' -o -name '*.h' | grep -v '/node_modules/' | sort)
fi
bad=0 lines=0
for f in "${files[@]}"; do
  n=$("$cf" --style=file "$f" | diff "$f" - | grep -c '^<' || true)
  if [ "$n" -gt 0 ]; then
    echo "$f: $n lines differ from .clang-format (clang-format -i $f)"
    bad=$((bad + 1)) lines=$((lines + n))
  fi
done
echo "check-format: ${#files[@]} files checked, $bad not formatted ($lines lines)"
[ "$bad" -eq 0 ]
