#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the lorascope-cli container image (Containerfile) from the project's own Debian package.
#   build-image.sh LORASCOPE_CLI_DEB IMAGE_TAG [--engine podman|docker|buildah] [--context-only DIR]
# It stages a minimal build context (the Containerfile, the .deb as lorascope-cli.deb and
# wait-for-shards.sh) in a temporary folder, so nothing else of the source or build tree is sent
# to the engine, then runs `ENGINE build`. The engine defaults to the first of podman, docker and
# buildah found. --context-only DIR only stages the context into DIR (no engine needed).
# Make the package first:  cmake --build --preset release && (cd build/release && cpack -G DEB -B ../deb)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
die() {
    echo "build-image: error: $2" >&2
    exit "$1"
}
[ $# -ge 2 ] || die 2 "usage: $0 LORASCOPE_CLI_DEB IMAGE_TAG [--engine podman|docker|buildah] [--context-only DIR]"
deb=$1 tag=$2
shift 2
engine= contextOnly=
while [ $# -gt 0 ]; do
    case "$1" in
    --engine) [ $# -ge 2 ] || die 2 "--engine needs a value"; engine=$2; shift 2 ;;
    --context-only) [ $# -ge 2 ] || die 2 "--context-only needs a folder"; contextOnly=$2; shift 2 ;;
    *) die 2 "unknown option '$1'" ;;
    esac
done
[ -f "$deb" ] || die 1 "$deb: no such file (build it with cpack -G DEB)"
pkg=$(dpkg-deb -f "$deb" Package 2>/dev/null || true)
[ "$pkg" = lorascope-cli ] || die 1 "$deb is not the lorascope-cli package (Package: ${pkg:-unreadable})"
version=$(dpkg-deb -f "$deb" Version)
arch=$(dpkg-deb -f "$deb" Architecture)

if [ -n "$contextOnly" ]; then
    ctx=$contextOnly
    mkdir -p "$ctx"
else
    ctx=$(mktemp -d)
    trap 'rm -rf "$ctx"' EXIT
fi
cp "$here/Containerfile" "$ctx/Containerfile"
cp "$deb" "$ctx/lorascope-cli.deb"
cp "$here/wait-for-shards.sh" "$ctx/wait-for-shards.sh"
chmod 0644 "$ctx/Containerfile" "$ctx/lorascope-cli.deb"
chmod 0755 "$ctx/wait-for-shards.sh"
if [ -n "$contextOnly" ]; then
    echo "build context for lorascope-cli $version ($arch) staged in $ctx"
    exit 0
fi

if [ -z "$engine" ]; then
    for e in podman docker buildah; do
        if command -v "$e" >/dev/null; then engine=$e; break; fi
    done
    [ -n "$engine" ] || die 1 "no container engine found (podman, docker or buildah); --context-only DIR stages the context"
fi
case "$engine" in
buildah) cmd=(buildah bud) ;;
podman | docker) cmd=("$engine" build) ;;
*) die 2 "--engine must be podman, docker or buildah" ;;
esac
echo "building $tag from lorascope-cli $version ($arch) with $engine"
"${cmd[@]}" --build-arg "LORASCOPE_VERSION=${version%-*}" -f "$ctx/Containerfile" -t "$tag" "$ctx"
