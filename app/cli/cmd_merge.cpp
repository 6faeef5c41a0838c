// SPDX-License-Identifier: Apache-2.0
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "cli/replayargs.h"

#include "formats/traceio.h"
#include "replay/merge.h"
#include "replay/results.h"
#include "util/error.h"
#include "util/fileio.h"
#include "util/jsonread.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <optional>
#include <iostream>

namespace lorascope::cli {

const char* const kMergeHelp = R"(Usage: lorascope-cli merge RUN_DIR... -o MERGED_DIR [OPTIONS]

Make one run folder from the run folders of a sharded replay (`replay --shard I/N`, one folder
per shard, in any order). The merged folder is what one process replaying the whole trace would
have written:
  requests.jsonl   every request of the trace exactly once, by trace index, its times on one
                   axis: seconds since trace time 0 (each shard's run-clock times minus its
                   schedule origin; with one --start-at that is the shared wall-clock instant,
                   so shards on different machines line up up to their clocks' offset)
  summary.json     every metric recomputed from those raw records (exact percentiles over all
                   requests, never averages of the shards' percentiles), per adapter too, plus
                   "merge": per shard its folder, requests expected and recorded, whether it
                   finished, its start lateness (start_late_ms), send lateness p50/p99/max,
                   the kernel's clock state and the offset to the server's clock it observed
  manifest.json    the first shard's manifest with "merged": true and every shard's manifest
  server_metrics.jsonl  every shard's scrapes of the server, on the same axis, by time
Each file is written atomically; MERGED_DIR may be new, empty or a previous merge (replaced
whole). A folder that holds anything else is refused unless --force; a run's own results never.

Refused (exit 1, the folders and ids named): folders that are not shards of one run (different
trace SHA-256, shard count, --shard-by, --time-scale, --start-at or backend), a shard given
twice, a request recorded twice, and requests that no folder recorded (a shard that died or was
not given) unless --allow-missing. A shard that died leaves a readable partial folder (every
finished request is a whole line; a torn last line is left out with a note); the merge says
which shard stopped where. A shard that started after --start-at is merged and reported in
"warnings" (also printed), never silently.

Options:
  -o, --out MERGED_DIR   the merged run folder (required)
  --force                write into a MERGED_DIR that holds other files (they stay; the merge's
                         four files are replaced)
  --allow-missing        merge although requests are missing; they are listed under "missing"
                         and are not counted as failed
  --trace FILE           the trace, to name missing requests by their ids (default: the trace
                         path in the manifests, when it is there with the same SHA-256)
  --format NAME          read --trace as this format
  --slo ttft=MS,tpot=MS,e2el=MS  SLOs for goodput (default: the shards' own)
  --json                 print the merged summary as JSON

Exit status: 0 merged, 1 refused or bad input, 2 usage error.
)";

namespace {

/// True if `dir` holds a merged run folder (manifest.json with "merged": true). Read as every
/// manifest is (a regular file of sane size); anything unreadable is not a previous merge.
bool isPreviousMerge(const std::string& dir)
{
    nlohmann::json m;
    try {
        m = readJsonFile(dir + "/manifest.json", "run manifest");
    } catch (const InputError&) {
        return false;
    }
    return m.is_object() && m.contains("merged") && m["merged"].is_boolean() && m["merged"].get<bool>();
}

} // namespace

int runMerge(const std::vector<std::string>& argv)
{
    std::vector<std::string> args = argv;
    for (auto& x : args)
        if (x == "-o")
            x = "--out";
    const Args a = parseArgs(
        "merge", args, { "--out", "--trace", "--format", "--slo" }, { "--allow-missing", "--json", "--force" });
    if (a.positional().empty())
        throw UsageError("give the run folders of the shards");
    const auto out = a.value("--out");
    if (!out)
        throw UsageError("-o MERGED_DIR is required");
    // Usage errors before any folder is read.
    MergeOptions o;
    o.allowMissing = a.has("--allow-missing");
    if (auto s = a.value("--slo"))
        o.slo = parseSlo(*s);
    namespace fs = std::filesystem;
    std::error_code ec;
    // A previous merge is replaced (it is remade from the shards); anything else in the folder
    // is someone's data: not mixed with a merge unless --force.
    {
        std::vector<NamedPath> ins { { "--trace", a.value("--trace").value_or("") } };
        for (const auto& dir : a.positional())
            ins.push_back({ "shard folder", dir, true });
        checkOutputs({ { "-o", *out } }, ins);
    }
    if (!isPreviousMerge(*out))
        checkResultsFolder(*out, "-o", a.has("--force"));
    std::vector<RunFolder> shards;
    for (const auto& dir : a.positional()) {
        shards.push_back(readRunFolder(dir));
    }
    // The trace, to name missing requests by id: --trace, else the manifests' path if unchanged.
    std::string traceFile = a.value("--trace").value_or("");
    const auto& t = shards.front().manifest.value("trace", nlohmann::json::object());
    if (traceFile.empty() && t.is_object() && t.value("path", nlohmann::json()).is_string()) {
        const auto path = t["path"].get<std::string>();
        if (fs::is_regular_file(path, ec) && t.value("sha256", std::string()) == sha256OfFile(path))
            traceFile = path;
    }
    std::optional<Trace> trace;
    if (!traceFile.empty()) {
        trace = readTrace(traceFile, a.value("--format").value_or(""));
        const auto runs = shards.front().traceRequests;
        if (runs && *runs != trace->requests.size())
            throw InputError("--trace: this trace has " + std::to_string(trace->requests.size())
                    + " requests, the runs' has " + std::to_string(*runs),
                traceFile, 0, "--trace");
        o.trace = &*trace;
    }
    const auto merged = mergeRuns(shards, o);
    writeMergedRun(merged, *out);
    for (const auto& w : merged.warnings)
        std::cerr << "lorascope-cli merge: warning: " << w << "\n";
    if (a.has("--json")) {
        std::cout << merged.summary.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    } else {
        const auto& s = merged.summary;
        std::cout << "Merged " << shards.size() << " of " << s["merge"]["shard_count"]
                  << " shards: " << merged.records.size() << " requests (completed " << s.value("completed", 0)
                  << ", failed " << s.value("failed", 0) << ", cancelled " << s.value("cancelled", 0) << ", missing "
                  << merged.missingCount << ")\n";
        const auto ms = [](const nlohmann::json& v) {
            if (!v.is_number())
                return std::string("-");
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.2f ms", v.get<double>());
            return std::string(buf);
        };
        for (const auto& sh : s["merge"]["shards"])
            std::cout << "  shard " << sh["index"] << ": " << sh["dir"].get<std::string>() << ", "
                      << sh["requests_recorded"] << " requests"
                      << (sh["finished"].get<bool>() ? "" : " (did not finish)") << ", started late "
                      << ms(sh["start_late_ms"]) << ", send lateness p99 " << ms(sh["lateness_ms"]["p99"]) << "\n";
        std::cout << "Results: " << *out << "\n";
    }
    return kExitOk;
}

} // namespace lorascope::cli
