#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the Debian 12 packages LoraScope needs to build, test and run.
# Idempotent: installs only what is missing; runs `apt-get update` once and only when needed.
# Usage: packaging/install-deps.sh [build|test|all]   (default: all)
set -euo pipefail

build_pkgs=(
  g++ cmake ninja-build pkg-config
  ccache # scripts/run-tests.sh and run-app.sh compile through it: a second build of the same sources is mostly cache hits
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-httpserver-dev qt6-websockets-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-svg-dev qt6-qpa-plugins libqt6opengl6-dev libgl-dev libxkbcommon-dev libvulkan-dev
  libboost-dev libboost-math-dev nlohmann-json3-dev libssl-dev
  prometheus-cpp-dev # serve-sim's /metrics exposition (prometheus-cpp core)
  fonts-wqy-microhei # the app's Simplified Chinese needs a CJK font
  qt6-translations-l10n # Qt's own dialogs (buttons, file dialog) in the app's language (ui/window/translations.h)
)
test_pkgs=(
  lintian # pkg_lintian: Debian's package checker on the two .deb files
  xvfb xauth imagemagick python3 python3-numpy fonts-dejavu-core
  desktop-file-utils appstream dpkg-dev file groff-base binutils
  prometheus # promtool checks /metrics expositions; tst_prometheusreal runs a real Prometheus server (fails without it)
  chromium # report_browser: every kind of HTML report opened in headless Chromium (no network)
  clang-format # code_format: every .cpp and .h follows .clang-format (scripts/check-format.sh)
)

mode=${1:-all}
case "$mode" in
  build) want=("${build_pkgs[@]}") ;;
  test|all) want=("${build_pkgs[@]}" "${test_pkgs[@]}") ;;
  *) echo "usage: $0 [build|test|all]" >&2; exit 2 ;;
esac

# Node.js and npm: the build embeds Apache ECharts into the HTML reports (npm ci in resources/report,
# below), and pkg_kubernetes uses npm packages too. Looked for by command rather than by Debian
# package name: a machine may have Node.js from elsewhere (NodeSource's nodejs package brings its own
# npm and conflicts with Debian's npm package).
node_pkgs=()
command -v node >/dev/null || node_pkgs+=(nodejs)
command -v npm >/dev/null || node_pkgs+=(npm)

missing=()
for p in "${want[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
missing+=(${node_pkgs[@]+"${node_pkgs[@]}"})

if [ ${#missing[@]} -gt 0 ]; then
  echo "LoraScope: installing missing Debian packages: ${missing[*]}"
  sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "error: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo_cmd=(sudo)
  fi
  "${sudo_cmd[@]}" apt-get update
  "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi

# npm ci in DIR from its committed package-lock.json, only when that lock file changed since the
# last install (a stamp in node_modules records its SHA-256). Offline afterwards.
npm_ci() {
  local dir=$1 what=$2 stamp lock_sum
  stamp=$dir/node_modules/.lorascope-lock.sha256
  lock_sum=$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)
  if [ "$(cat "$stamp" 2>/dev/null || true)" != "$lock_sum" ]; then
    echo "LoraScope: installing the npm packages of $what (npm ci in $dir)"
    (cd "$dir" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
    echo "$lock_sum" >"$stamp"
  fi
}
root=$(cd "$(dirname "$0")/.." && pwd)

# Apache ECharts, pinned by resources/report/package-lock.json: core/CMakeLists.txt embeds its
# dist/echarts.common.min.js into lorascope-cli and the desktop app (every HTML report inlines it).
npm_ci "$root/resources/report" "the HTML report's chart library"

# npm packages of the Kubernetes manifest test (pkg_kubernetes: the Kubernetes API schemas), pinned
# by tests/packaging/kubernetes/package-lock.json and installed next to it; again only when that
# lock file changed. The test then runs offline.
if [ "$mode" != build ]; then
  npm_ci "$root/tests/packaging/kubernetes" "the Kubernetes manifest test"
fi
