#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# lorascope-wait-for-shards RUN_DIR SHARDS DEADLINE [POLL_SECONDS]
#
# The merge Job's init container (merge-job.yaml): waits until each shard folder RUN_DIR/shard-<i>
# (i = 0 .. SHARDS-1) holds summary.json, which `lorascope-cli replay` writes last, or until the
# wall clock reaches DEADLINE (seconds since the epoch, UTC). Either way it then exits 0 and says
# which shards finished, which left a partial folder (requests.jsonl but no summary: the shard died
# or was stopped) and which never started, so that the merge runs and names the missing requests.
# Exit 2: bad arguments. POSIX sh: the image is debian:12-slim.
set -eu
usage() {
    echo "usage: lorascope-wait-for-shards RUN_DIR SHARDS DEADLINE_EPOCH_SECONDS [POLL_SECONDS]" >&2
    exit 2
}
[ $# -ge 3 ] && [ $# -le 4 ] || usage
run_dir=$1 shards=$2 deadline=$3 poll=${4:-5}
case "$shards" in '' | *[!0-9]*) usage ;; esac
case "$deadline" in '' | *[!0-9]*) usage ;; esac
case "$poll" in '' | *[!0-9]*) usage ;; esac
[ "$shards" -ge 1 ] || usage

echo "waiting for $shards shards in $run_dir until $(date -u -d "@$deadline" '+%Y-%m-%dT%H:%M:%SZ' 2>/dev/null || echo "epoch $deadline")"
while :; do
    done_count=0
    i=0
    while [ "$i" -lt "$shards" ]; do
        [ -f "$run_dir/shard-$i/summary.json" ] && done_count=$((done_count + 1))
        i=$((i + 1))
    done
    now=$(date +%s)
    if [ "$done_count" -eq "$shards" ] || [ "$now" -ge "$deadline" ]; then
        break
    fi
    sleep "$poll"
done

i=0
while [ "$i" -lt "$shards" ]; do
    d=$run_dir/shard-$i
    if [ -f "$d/summary.json" ]; then
        echo "shard $i: finished"
    elif [ -f "$d/requests.jsonl" ]; then
        echo "shard $i: partial (no summary.json: it died, was stopped or is still running at the deadline)"
    else
        echo "shard $i: no results (it never started, or started too late and refused)"
    fi
    i=$((i + 1))
done
if [ "$done_count" -eq "$shards" ]; then
    echo "all $shards shards finished"
else
    echo "deadline reached with $done_count of $shards shards finished; the merge will name what is missing"
fi
