#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# pkg_versions: one version number everywhere a user or a later tool reads it. The project version
# (CMake project(VERSION)) must be what both programs print for --version and what every file and
# JSON result records: the trace header (toolVersion), `stats --json`, `simulate --json`, and a
# replay's manifest.json and summary.json (tool_version) - a real replay against serve-sim.
#   check_versions.sh VERSION CLI [GUI]
source "$(dirname "$0")/common.sh"
[ $# -eq 2 ] || [ $# -eq 3 ] || fail "usage: $0 VERSION CLI [GUI]"
version=$1 cli=$(readlink -f "$2") gui=${3:+$(readlink -f "$3")}
need python3 python3
[ -x "$cli" ] || fail "$cli is not built"
work=$(mktemp -d)
server=
cleanup() {
    [ -z "$server" ] || kill "$server" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# json_field FILE KEY: prints the top-level string KEY of the JSON object in FILE (first line for JSONL).
json_field() {
    python3 - "$1" "$2" <<'EOF'
import json, sys
with open(sys.argv[1]) as f:
    text = f.read()
try:
    obj = json.loads(text)
except json.JSONDecodeError:
    obj = json.loads(text.split("\n", 1)[0])
v = obj.get(sys.argv[2])
print(v if isinstance(v, str) else "<missing>")
EOF
}
same() { # same WHAT VALUE
    [ "$2" = "$version" ] || fail "$1 is '$2', expected the project version $version"
    note "$1: $2"
}

out=$("$cli" --version) || fail "$cli --version failed"
[ "$out" = "lorascope-cli $version" ] || fail "lorascope-cli --version printed '$out', expected 'lorascope-cli $version'"
note "lorascope-cli --version: $out"
if [ -n "$gui" ]; then
    out=$(env -u DISPLAY -u WAYLAND_DISPLAY "$gui" --version) || fail "$gui --version failed"
    [ "$out" = "lorascope $version" ] || fail "lorascope --version printed '$out', expected 'lorascope $version'"
    note "lorascope --version: $out"
fi

cd "$work"
"$cli" generate --preset S1 --adapters 3 --rate 20 --duration 2 --seed 5 --quiet -o t.jsonl || fail "generate failed"
same "trace header toolVersion" "$(json_field t.jsonl toolVersion)"
"$cli" stats t.jsonl --json >stats.json || fail "stats --json failed"
same "stats --json tool_version" "$(json_field stats.json tool_version)"
"$cli" simulate t.jsonl --requests-out req.jsonl --json >sim.json || fail "simulate --json failed"
same "simulate --json tool_version" "$(json_field sim.json tool_version)"

"$cli" serve-sim --port 0 --token-ms 1 >server.out 2>server.err &
server=$!
for _ in $(seq 100); do
    port=$(sed -n 's/^listening on .*:\([0-9]*\)$/\1/p' server.out)
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "${port:-}" ] || { cat server.err; fail "serve-sim did not print its port"; }
"$cli" replay t.jsonl --target "http://127.0.0.1:$port" --backend openai-completions --out run --quiet >replay.out 2>&1 ||
    { cat replay.out; fail "replay against serve-sim failed"; }
same "replay manifest.json tool_version" "$(json_field run/manifest.json tool_version)"
same "replay summary.json tool_version" "$(json_field run/summary.json tool_version)"
