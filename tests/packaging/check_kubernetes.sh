#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# pkg_kubernetes: the Kubernetes recipes (packaging/kubernetes) checked without a cluster.
#  - kubernetes/validate.js: the rendered manifests against the Kubernetes API schemas (strict) and
#    against what docs/distributed.md relies on (see that file);
#  - lorascope-wait-for-shards, the merge Job's init container, run as the image runs it (POSIX sh):
#    returns at once when every shard has its summary, at the deadline otherwise, naming finished,
#    partial and missing shards; refuses bad arguments;
#  - build-image.sh stages the image's build context from the real lorascope-cli package.
#   check_kubernetes.sh SOURCE_DIR DEB_DIR DEB_VERSION   (DEB_DIR: where pkg_deb left the packages)
source "$(dirname "$0")/common.sh"
[ $# -eq 3 ] || fail "usage: $0 SOURCE_DIR DEB_DIR DEB_VERSION"
src=$1 deb=$2/lorascope-cli_$3_$(dpkg --print-architecture).deb
here=$(cd "$(dirname "$0")" && pwd)
need node nodejs
need sh dash
need dpkg-deb dpkg
[ -d "$here/kubernetes/node_modules/kubernetes-models" ] && [ -d "$here/kubernetes/node_modules/yaml" ] ||
    fail "the npm packages of this test are missing: run packaging/install-deps.sh test (npm ci in tests/packaging/kubernetes)"

node "$here/kubernetes/validate.js" "$src" || fail "the Kubernetes manifests do not validate (above)"

# --- lorascope-wait-for-shards ------------------------------------------------------------------------
wait_sh=$src/packaging/kubernetes/wait-for-shards.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run=$work/runs/r1
mkdir -p "$run/shard-0" "$run/shard-1" "$run/shard-2"
for i in 0 1 2; do echo '{}' >"$run/shard-$i/summary.json"; done
far=$(($(date +%s) + 3600))
start=$(date +%s)
out=$(timeout 20 sh "$wait_sh" "$run" 3 "$far" 1) || fail "wait-for-shards failed with every shard finished: $out"
[ $(($(date +%s) - start)) -le 3 ] || fail "wait-for-shards did not return at once when every shard had finished"
grep -q 'all 3 shards finished' <<<"$out" || fail "wait-for-shards did not report all shards finished: $out"

rm "$run/shard-1/summary.json"
echo '{"id":0}' >"$run/shard-1/requests.jsonl"
rm -r "$run/shard-2"
deadline=$(($(date +%s) + 2))
out=$(timeout 20 sh "$wait_sh" "$run" 3 "$deadline" 1) || fail "wait-for-shards failed at the deadline: $out"
[ "$(date +%s)" -ge "$deadline" ] || fail "wait-for-shards returned before its deadline with shards missing"
grep -q '^shard 0: finished' <<<"$out" && grep -q '^shard 1: partial' <<<"$out" && grep -q '^shard 2: no results' <<<"$out" &&
    grep -q 'deadline reached with 1 of 3 shards finished' <<<"$out" || fail "wait-for-shards misreports the shards: $out"

( # a shard that finishes while it waits ends the wait early
    sleep 2
    echo '{}' >"$run/shard-1/summary.json"
    mkdir -p "$run/shard-2" && echo '{}' >"$run/shard-2/summary.json"
) &
start=$(date +%s)
out=$(timeout 30 sh "$wait_sh" "$run" 3 "$far" 1) || fail "wait-for-shards failed: $out"
wait
[ $(($(date +%s) - start)) -le 8 ] || fail "wait-for-shards did not notice the shards finishing"
grep -q 'all 3 shards finished' <<<"$out" || fail "wait-for-shards did not see the late shards: $out"

for args in "" "$run" "$run x 1" "$run 0 1" "$run 2 soon" "$run 2 1 0.5"; do
    set +e
    # shellcheck disable=SC2086
    sh "$wait_sh" $args >/dev/null 2>&1
    rc=$?
    set -e
    [ $rc -eq 2 ] || fail "wait-for-shards '$args' exited $rc, expected 2 (bad arguments)"
done
note "lorascope-wait-for-shards: returns when all shards finish or at the deadline, names partial and missing shards"

# --- the image's build context from the real package --------------------------------------------------
[ -f "$deb" ] || fail "$deb missing (pkg_deb builds it)"
ctx=$work/context
bash "$src/packaging/kubernetes/build-image.sh" "$deb" lorascope-cli:test --context-only "$ctx" >/dev/null ||
    fail "build-image.sh --context-only failed"
[ "$(cd "$ctx" && ls | sort | tr '\n' ' ')" = "Containerfile lorascope-cli.deb wait-for-shards.sh " ] ||
    fail "the build context holds $(ls "$ctx" | tr '\n' ' '), expected Containerfile lorascope-cli.deb wait-for-shards.sh"
cmp -s "$deb" "$ctx/lorascope-cli.deb" || fail "the staged lorascope-cli.deb is not the package"
[ "$(dpkg-deb -f "$ctx/lorascope-cli.deb" Package)" = lorascope-cli ] || fail "the staged package is not lorascope-cli"
set +e
bash "$src/packaging/kubernetes/build-image.sh" "$src/LICENSE" x --context-only "$work/c2" >/dev/null 2>&1
rc=$?
set -e
[ $rc -ne 0 ] || fail "build-image.sh accepted a file that is not the lorascope-cli package"
note "build-image.sh stages Containerfile, lorascope-cli.deb ($(dpkg-deb -f "$deb" Version)) and wait-for-shards.sh"
note "not run here: a container engine build and a cluster (none on this machine)"
