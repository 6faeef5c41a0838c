#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Builds one libFuzzer binary per trace parser, one for the JSON reader (fuzz_jsonread), one for
# the option checks (fuzz_options) and fuzz_servesim for serve-sim's request handling, with Debian's clang (apt-get install clang
# libclang-rt-14-dev), with AddressSanitizer and UBSan. Optional: the normal build never runs this.
#   BUILD=build/dev bench/fuzz/build.sh [OUTDIR]     then e.g. (bench/fuzz/README.md)
#   OUTDIR/fuzz_csv -max_total_time=600 build/fuzz/corpus/csv bench/fuzz/corpus/csv
# New inputs go to the first folder (outside the repository); the seeds in bench/fuzz/corpus are
# only read.
# BUILD is a configured build directory (for the generated util/version.h).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/build/fuzz}
build=${BUILD:-$root/build/dev}
gen="$build/core/generated"
[ -f "$gen/util/version.h" ] || { echo "configure a build first ($gen/util/version.h missing; set BUILD=...)" >&2; exit 1; }
mkdir -p "$out/obj"
cxx="clang++ -std=c++20 -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -I$root/core -I$gen"
objs=""
for src in "$root"/core/formats/*.cpp "$root"/core/util/*.cpp "$root"/core/workload/*.cpp "$root"/core/random/*.cpp \
           "$root"/core/replay/url.cpp "$root"/core/replay/prometheus.cpp "$root"/core/replay/servermap.cpp \
           "$root"/core/replay/metrics.cpp; do
  o="$out/obj/$(basename "$(dirname "$src")")_$(basename "$src" .cpp).o"
  if [ ! -f "$o" ] || [ "$src" -nt "$o" ]; then
    echo "compile $src"
    $cxx -fsanitize=fuzzer-no-link -c "$src" -o "$o"
  fi
  objs="$objs $o"
done
for f in csv jsonl json slora mooncake guidellm azure burstgpt aiperf aiperf-multi-turn; do
  echo "fuzz_$f"
  # shellcheck disable=SC2086
  $cxx -fsanitize=fuzzer -DLORASCOPE_FUZZ_FORMAT="\"$f\"" "$here/fuzz_formats.cpp" $objs -o "$out/fuzz_$f"
done
echo "fuzz_servesim"
for src in "$root"/core/server/apirequest.cpp "$root"/core/server/httprules.cpp; do
  o="$out/obj/server_$(basename "$src" .cpp).o"
  if [ ! -f "$o" ] || [ "$src" -nt "$o" ]; then
    echo "compile $src"
    $cxx -fsanitize=fuzzer-no-link -c "$src" -o "$o"
  fi
  objs="$objs $o"
done
# shellcheck disable=SC2086
$cxx -fsanitize=fuzzer "$here/fuzz_servesim.cpp" $objs -o "$out/fuzz_servesim"
# The shared JSON reader and spec reader (core/util/jsonread, core/workload/spec).
echo "fuzz_jsonread"
# shellcheck disable=SC2086
$cxx -fsanitize=fuzzer "$here/fuzz_json.cpp" $objs -o "$out/fuzz_jsonread"
# The command-line option checks (app/cli/options.cpp, args.cpp).
echo "fuzz_options"
cliobjs=""
for src in "$root"/app/cli/args.cpp "$root"/app/cli/options.cpp; do
  o="$out/obj/cli_$(basename "$src" .cpp).o"
  if [ ! -f "$o" ] || [ "$src" -nt "$o" ]; then
    echo "compile $src"
    $cxx -I"$root/app" -fsanitize=fuzzer-no-link -c "$src" -o "$o"
  fi
  cliobjs="$cliobjs $o"
done
# shellcheck disable=SC2086
$cxx -I"$root/app" -fsanitize=fuzzer "$here/fuzz_options.cpp" $cliobjs $objs -o "$out/fuzz_options"
# The replay client's parsers: the target URL and the Prometheus text exposition format.
for f in url prometheus; do
  echo "fuzz_$f"
  # shellcheck disable=SC2086
  $cxx -fsanitize=fuzzer "$here/fuzz_$f.cpp" $objs -o "$out/fuzz_$f"
done
