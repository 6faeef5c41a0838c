#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Sets up and runs every LoraScope test: installs missing Debian packages, builds in Release and
# runs all tests (ctest), then builds the core and CLI under AddressSanitizer + UBSan and runs
# their tests again. Exits non-zero on any failure. Prints how long each phase took.
#
# Compiles through ccache (installed by packaging/install-deps.sh): the first build on a machine
# fills the cache, a later build of mostly the same sources (another clone, CI's copy) hits it.
# Under ASan the tests that measure real time against the preview (label `realtime`) are left
# out: the sanitizers slow serve-sim by an unknown factor, which is what those tests would
# measure, not memory errors; they run in the Release half, and the rest of the `net` label
# (the same replay client and serve-sim code, hostile replies included) runs under ASan. Checks of
# the source tree alone (label `source`: formatting, references, one definition) run once.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
start=$SECONDS
phase_start=$SECONDS
phase() {
  local now=$SECONDS
  [ -n "${phase_name:-}" ] && echo "== ${phase_name}: $((now - phase_start)) s (total $((now - start)) s) =="
  phase_name=$1
  phase_start=$now
  [ -n "$1" ] && echo "== $1 =="
  return 0
}

phase "Set-up: Debian and npm packages"
bash packaging/install-deps.sh all

source scripts/ccache-env.sh

phase "Release build: everything"
cmake --preset release
cmake --build --preset release -j "$jobs"

phase "Release tests: all labels"
ctest --preset release -j "$jobs" --timeout 900

phase "ASan + UBSan build: core and CLI"
cmake --preset asan
cmake --build --preset asan -j "$jobs"

phase "ASan + UBSan tests: core, cli and net labels (not realtime, not source)"
ctest --preset asan -j "$jobs" -L 'core|cli|net' -LE 'realtime|source' --timeout 1800
phase ""
echo "== all tests passed in $((SECONDS - start)) s =="
