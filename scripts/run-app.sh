#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Sets up and starts the LoraScope desktop app on its built-in default workload (preset S4).
# On a fresh Debian 12 machine: installs missing packages, builds in Release, runs `lorascope`.
# Without a display it says so and shows how to use xvfb-run (or set LORASCOPE_XVFB=1 to do it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/install-deps.sh build
source scripts/ccache-env.sh
cmake --preset release >/dev/null
cmake --build --preset release --target lorascope lorascope-cli
app=build/release/app/lorascope
if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ "${LORASCOPE_XVFB:-0}" = "1" ]; then
  bash packaging/install-deps.sh test
  exec xvfb-run -a -s '-screen 0 1600x1000x24' "$app" "$@"
fi
exec "$app" "$@"
