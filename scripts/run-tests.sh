#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Sets up and runs every LoraScope test: installs missing Debian packages, builds in Release and
# runs all tests (ctest), then builds the core and CLI under AddressSanitizer + UBSan and runs
# their tests again. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)

bash packaging/install-deps.sh all

echo "== Release build: everything =="
cmake --preset release
cmake --build --preset release -j "$jobs"
ctest --preset release -j "$jobs" --timeout 900

echo "== ASan + UBSan build: core and CLI =="
cmake --preset asan
cmake --build --preset asan -j "$jobs"
ctest --preset asan -j "$jobs" -L 'core|cli|net' --timeout 1800
