#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Submits one sharded replay to Kubernetes: renders replay-job.yaml (an Indexed Job of SHARDS
# client pods) and merge-job.yaml (waits for the shards, then `lorascope-cli merge`) with one
# shared start instant, and applies them with kubectl. docs/distributed.md walks through it.
#
#   lorascope-run.sh --image IMAGE --trace /data/traces/T.jsonl --target URL --backend NAME \
#                    --shards N --duration SECONDS [OPTIONS]
#
# Options:
#   --image IMAGE        the lorascope-cli image (build-image.sh builds it)            (required)
#   --trace PATH         the trace, a path on the shared volume, under /data/           (required)
#   --target URL         the server or router to replay against, http:// or https://    (required)
#   --backend NAME       slora, openai-completions, openai-chat, sglang, tgi or lorax    (required)
#   --shards N           number of client pods, 1..1000                                  (required)
#   --duration S         how long the trace's schedule lasts, in seconds, after any
#                        --time-scale (lorascope-cli stats shows the trace's span)      (required)
#   --run-id ID          names the Jobs and the folder /data/runs/ID (lowercase letters, digits
#                        and '-', at most 40); default run-YYYYMMDD-HHMMSS (UTC, now)
#   --lead S             start the schedule S seconds after submission (default 120): time
#                        for every pod to be scheduled, pull the image and start
#   --start-at EPOCH     start the schedule at this instant instead (seconds since 1970, UTC)
#   --grace S            how long after the schedule's end the last streams may take and the
#                        merge waits for shards (default 600)
#   --pvc NAME           the ReadWriteMany claim (storage.yaml; default lorascope-data)
#   --replay-arg ARG     one more argument for every `replay`, e.g. --replay-arg=--max-concurrency=512
#                        (repeatable; --shard, --start-at, --target, --backend, --out are set here)
#   --namespace NS       the namespace (default: kubectl's current one)
#   --merge-only         only (re)create the merge Job of run --run-id, which merges at once
#                        (needs --image, --run-id, --shards; delete the old merge Job first)
#   --dry-run            print the manifests instead of applying them (no kubectl needed)
#   -h, --help           this text
# Exit status: 0 applied (or printed), 1 kubectl failed or the run id is taken, 2 usage error.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

usage() {
    sed -n '/^#   lorascope-run.sh/,/^# Exit status/p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}
die() { # die CODE MESSAGE
    echo "lorascope-run: error: $2" >&2
    exit "$1"
}

image= trace= target= backend= shards= duration= runId= lead=120 startAt= grace=600 pvc=lorascope-data
namespace= dryRun=0 mergeOnly=0
replayArgs=()
while [ $# -gt 0 ]; do
    opt=$1 val=
    case "$opt" in
    --*=*) val=${opt#*=} opt=${opt%%=*} ;;
    esac
    case "$opt" in
    -h | --help) usage 0 ;;
    --dry-run) dryRun=1; shift; continue ;;
    --merge-only) mergeOnly=1; shift; continue ;;
    --image | --trace | --target | --backend | --shards | --duration | --run-id | --lead | --start-at | --grace | \
        --pvc | --replay-arg | --namespace)
        if [ -z "$val" ]; then
            [ $# -ge 2 ] || die 2 "$opt needs a value"
            val=$2
            shift
        fi
        ;;
    *) die 2 "unknown option '$opt' (see --help)" ;;
    esac
    shift
    case "$opt" in
    --image) image=$val ;;
    --trace) trace=$val ;;
    --target) target=$val ;;
    --backend) backend=$val ;;
    --shards) shards=$val ;;
    --duration) duration=$val ;;
    --run-id) runId=$val ;;
    --lead) lead=$val ;;
    --start-at) startAt=$val ;;
    --grace) grace=$val ;;
    --pvc) pvc=$val ;;
    --replay-arg) replayArgs+=("$val") ;;
    --namespace) namespace=$val ;;
    esac
done

# --- check every value before anything is rendered --------------------------------------------------
if [ "$mergeOnly" = 1 ]; then
    [ -n "$runId" ] || die 2 "--merge-only needs the --run-id of the run to merge"
    for req in image shards; do [ -n "${!req}" ] || die 2 "--$req is required (see --help)"; done
    # nothing of the replay is rendered: placeholders that only the replay Job uses
    trace=${trace:-/data/-} target=${target:-http://-} backend=${backend:-slora} duration=${duration:-1}
    [ -n "$startAt" ] || lead=0
else
    for req in image trace target backend shards duration; do
        [ -n "${!req}" ] || die 2 "--$req is required (see --help)"
    done
fi
is_uint() { [[ "$1" =~ ^[0-9]+$ ]] && [ "${#1}" -le 12 ]; }
plain() { # plain OPTION VALUE: no control characters, no '$' (Kubernetes expands $(...) in arguments)
    [[ "$2" != *'$'* ]] || die 2 "$1 '$2' contains '\$', which Kubernetes would expand in container arguments"
    [[ "$2" != *[[:cntrl:]]* ]] || die 2 "$1 contains a control character"
}
plain --image "$image"
plain --trace "$trace"
plain --target "$target"
plain --pvc "$pvc"
for a in ${replayArgs[@]+"${replayArgs[@]}"}; do plain --replay-arg "$a"; done
[[ "$trace" == /data/* ]] || die 2 "--trace must be a path on the shared volume, under /data/ (got '$trace')"
[[ "$target" =~ ^https?://[^[:space:]]+$ ]] || die 2 "--target must be an http:// or https:// URL (got '$target')"
case "$backend" in
slora | openai-completions | openai-chat | sglang | tgi | lorax) ;;
*) die 2 "--backend must be one of slora, openai-completions, openai-chat, sglang, tgi, lorax (got '$backend')" ;;
esac
is_uint "$shards" && [ "$shards" -ge 1 ] && [ "$shards" -le 1000 ] || die 2 "--shards must be 1..1000 (got '$shards')"
is_uint "$duration" && [ "$duration" -ge 1 ] || die 2 "--duration must be a whole number of seconds >= 1 (got '$duration')"
is_uint "$lead" || die 2 "--lead must be a whole number of seconds (got '$lead')"
is_uint "$grace" || die 2 "--grace must be a whole number of seconds (got '$grace')"
[[ "$pvc" =~ ^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$ ]] || die 2 "--pvc '$pvc' is not a valid claim name"
for a in ${replayArgs[@]+"${replayArgs[@]}"}; do
    case "${a%%=*}" in
    --shard | --start-at | --target | --backend | --out)
        die 2 "--replay-arg $a: ${a%%=*} is set by lorascope-run.sh itself" ;;
    esac
done
now=$(date -u +%s)
[ -n "$runId" ] || runId=run-$(date -u -d "@$now" +%Y%m%d-%H%M%S)
[[ "$runId" =~ ^[a-z0-9]([-a-z0-9]*[a-z0-9])?$ ]] && [ "${#runId}" -le 40 ] ||
    die 2 "--run-id '$runId' must be lowercase letters, digits and '-', start and end alphanumeric, at most 40 long"
if [ -n "$startAt" ]; then
    is_uint "$startAt" || die 2 "--start-at must be seconds since the epoch (got '$startAt')"
    [ "$startAt" -gt "$now" ] || [ "$mergeOnly" = 1 ] || die 2 "--start-at $startAt is not in the future (now is $now)"
else
    startAt=$((now + lead))
fi
leadNow=$((startAt - now))
version=$(sed -n 's/^project(LoraScope VERSION \([0-9][0-9.]*\).*/\1/p' "$here/../../CMakeLists.txt" 2>/dev/null || true)
[ -n "$version" ] || version=unknown

# Deadlines: the replay Job ends its pods after lead + duration + grace; the merge waits for the
# shards until start + duration + grace and has 30 more minutes to merge. --merge-only: no wait.
replayDeadline=$((leadNow + duration + grace))
waitUntil=$((startAt + duration + grace))
mergeDeadline=$((leadNow + duration + grace + 1800))
if [ "$mergeOnly" = 1 ]; then
    [ "$leadNow" -ge 0 ] || leadNow=0
    waitUntil=$now mergeDeadline=1800
fi

# --- render ---------------------------------------------------------------------------------------------
shopt -u patsub_replacement 2>/dev/null || true # bash 5.2: '&' in a replacement is literal again
yaml_quote() { # the text of a double-quoted YAML scalar
    local s=${1//\\/\\\\}
    printf '%s' "${s//\"/\\\"}"
}
declare -A vars=(
    [RUN_ID]=$runId [SHARDS]=$shards [START_AT]=$startAt [TRACE]=$(yaml_quote "$trace")
    [TARGET]=$(yaml_quote "$target") [BACKEND]=$backend [IMAGE]=$(yaml_quote "$image") [PVC]=$pvc
    [VERSION]=$version [REPLAY_DEADLINE_SECONDS]=$replayDeadline [WAIT_UNTIL]=$waitUntil
    [MERGE_DEADLINE_SECONDS]=$mergeDeadline
)
render() { # render TEMPLATE
    local line name indent i a
    while IFS= read -r line || [ -n "$line" ]; do
        case "$line" in
        *'#@replay-args@'*)
            indent=${line%%#*}
            for a in ${replayArgs[@]+"${replayArgs[@]}"}; do printf '%s- "%s"\n' "$indent" "$(yaml_quote "$a")"; done
            continue
            ;;
        *'#@shard-dirs@'*)
            indent=${line%%#*}
            for ((i = 0; i < shards; i++)); do printf '%s- "/data/runs/%s/shard-%d"\n' "$indent" "$runId" "$i"; done
            continue
            ;;
        esac
        for name in "${!vars[@]}"; do
            line=${line//"\${$name}"/"${vars[$name]}"}
        done
        [[ "$line" =~ ^[[:space:]]*# ]] || [[ "$line" != *'${'* ]] || die 2 "internal: $1 has an unknown placeholder: $line"
        printf '%s\n' "$line"
    done <"$1"
}
if [ "$mergeOnly" = 1 ]; then
    manifests=$(render "$here/merge-job.yaml")
else
    manifests=$(
        render "$here/replay-job.yaml"
        echo "---"
        render "$here/merge-job.yaml"
    )
fi

if [ "$dryRun" = 1 ]; then
    printf '%s\n' "$manifests"
    exit 0
fi

# --- apply ------------------------------------------------------------------------------------------------
command -v kubectl >/dev/null || die 1 "kubectl not found (or use --dry-run to print the manifests)"
kc=(kubectl)
[ -z "$namespace" ] || kc+=(--namespace "$namespace")
if [ "$mergeOnly" = 1 ]; then
    if "${kc[@]}" get job "lorascope-merge-$runId" --ignore-not-found -o name 2>/dev/null | grep -q .; then
        die 1 "the merge Job of $runId still exists: kubectl delete job lorascope-merge-$runId, then run this again"
    fi
    printf '%s\n' "$manifests" | "${kc[@]}" apply -f - || die 1 "kubectl apply failed"
    echo "merging run $runId now: kubectl logs -f job/lorascope-merge-$runId -c merge"
    exit 0
fi
if "${kc[@]}" get job "lorascope-replay-$runId" "lorascope-merge-$runId" --ignore-not-found -o name 2>/dev/null | grep -q .; then
    die 1 "run id $runId is taken (its Jobs exist): pick another --run-id, or delete them and /data/runs/$runId first"
fi
printf '%s\n' "$manifests" | "${kc[@]}" apply -f - || die 1 "kubectl apply failed"
iso=$(date -u -d "@$startAt" +%Y-%m-%dT%H:%M:%SZ)
cat <<EOF
run $runId: $shards shards start the schedule at $startAt ($iso), in ${leadNow} s
  shard results:  /data/runs/$runId/shard-0 .. shard-$((shards - 1))
  merged results: /data/runs/$runId/merged
  watch:   kubectl get pods -l app.kubernetes.io/instance=$runId -o wide -w
  merge:   kubectl logs -f job/lorascope-merge-$runId -c merge
  fetch:   kubectl cp lorascope-toolbox:/data/runs/$runId/merged ./$runId-merged
EOF
