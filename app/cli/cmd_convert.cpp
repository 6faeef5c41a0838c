// SPDX-License-Identifier: Apache-2.0
#include "cli/importoptions.h"

#include "cli/commands.h"
#include "cli/options.h"

#include "formats/traceio.h"
#include "util/atomicfile.h"
#include "util/error.h"
#include "util/fileio.h"
#include "workload/generator.h"

#include <iostream>

namespace lorascope::cli {

const char* const kConvertHelp = R"(Usage: lorascope-cli convert IN OUT [--from FORMAT] [--to FORMAT] [OPTIONS]

Convert a trace file between formats. Without --from, the format of IN is recognised from its
content when the extension is shared (.jsonl, .json, .csv), else from its extension; without
--to, the format of OUT follows its extension (.jsonl, .json, .csv, .slora.json,
.mooncake.jsonl, .aiperf.jsonl, .multi-turn.jsonl, .guidellm.jsonl, .azure.csv, .burstgpt.csv,
.vllm.jsonl). OUT is written to a temporary
file and renamed, so a failure never leaves half a file. Large files are read as a stream.

Formats (read / write):
  jsonl      both   LoraScope JSON Lines (header line, then one request a line)
  json       both   LoraScope JSON (one object)
  csv        both   id,time_s,adapter,rank,input_len,output_len[,failed]
  slora      both   S-LoRA requests: req_id, model_dir, adapter_dir, prompt_len, output_len, req_time
  mooncake   both   {"timestamp": ms, "input_length", "output_length", "hash_ids": [...]}
  aiperf     both   AIPerf mooncake_trace with sessions: {"session_id", "timestamp" or "delay" (ms),
                    "input_length" (new tokens), "output_length", "hash_ids"}
  aiperf-multi-turn
             both   AIPerf multi_turn, one session a line: {"session_id", "turns": [{"timestamp" or
                    "delay" (ms), "text", "output_length"}]}
  guidellm   both   GuideLLM trace_synthetic: {"timestamp": s, "input_length", "output_length"}
  azure      read   Azure LLM inference trace: TIMESTAMP,ContextTokens,GeneratedTokens
  burstgpt   both   Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type
  vllm       write  vLLM bench custom dataset: {"prompt": synthetic text, "output_tokens": n}
A format that cannot hold something (adapters, times, hash ids) drops it, and convert says so.

Options:
  --from, --format NAME  read IN as this format
  --to NAME              write OUT as this format
  --quiet                print nothing on success

)" LORASCOPE_IMPORT_OPTIONS_HELP R"(
Exit status: 0 success, 1 bad input (file, line and field named), 2 usage error.
)";

std::vector<std::string> importValueFlags()
{
    return { "--adapter-column", "--model", "--assign-adapters", "--assign-alpha", "--assign-zipf", "--assign-seed" };
}

std::vector<std::string> importBoolFlags()
{
    return { "--skip-bad", "--drop-failed", "--rebase-time", "--keep-first-rank" };
}

ReadOptions importOptionsFromArgs(const Args& a)
{
    ReadOptions o;
    o.skipBad = a.has("--skip-bad");
    o.dropFailed = a.has("--drop-failed");
    o.rebaseTime = a.has("--rebase-time");
    o.keepFirstRank = a.has("--keep-first-rank");
    o.adapterColumn = a.value("--adapter-column").value_or("");
    o.modelFilter = a.value("--model").value_or("");
    o.assign.count = static_cast<std::uint32_t>(a.integer("--assign-adapters", 0)); // ranges: cli/options.cpp
    if (a.has("--assign-zipf") && a.has("--assign-alpha"))
        throw UsageError("--assign-alpha and --assign-zipf exclude each other");
    if (a.has("--assign-zipf")) {
        o.assign.popularity.kind = PopularityKind::Zipf;
        o.assign.popularity.zipfS = a.number("--assign-zipf", 1.0);
    } else {
        o.assign.popularity.kind = PopularityKind::Power;
        o.assign.popularity.alpha = a.number("--assign-alpha", 1.0);
    }
    o.assign.seed = static_cast<std::uint64_t>(a.integer("--assign-seed", 42));
    if (o.assign.count == 0 && (a.has("--assign-alpha") || a.has("--assign-zipf") || a.has("--assign-seed")))
        throw UsageError("--assign-alpha, --assign-zipf and --assign-seed need --assign-adapters N");
    return o;
}

std::string describeReadReport(const ReadReport& r)
{
    std::string s;
    if (r.skipped)
        s += "skipped " + std::to_string(r.skipped) + " bad line(s) (first: " + r.firstSkipReason + ")";
    if (r.filtered)
        s += std::string(s.empty() ? "" : "; ") + "left out " + std::to_string(r.filtered) + " row(s) of other models";
    if (r.failed) {
        s += std::string(s.empty() ? "" : "; ") + std::to_string(r.failed) + " failed request(s) ";
        s += r.droppedFailed ? "dropped" : "kept and marked (--drop-failed drops them)";
    }
    if (r.rankConflicts)
        s += std::string(s.empty() ? "" : "; ") + std::to_string(r.rankConflicts)
            + " line(s) gave an adapter another rank than its first, which was kept (first: " + r.firstRankConflict
            + ")";
    return s;
}

namespace {

/// What the target format cannot hold of this trace.
std::vector<std::string> losses(const Trace& t, const std::string& format)
{
    std::vector<std::string> out;
    bool anyAdapter = false;
    for (const auto& r : t.requests)
        anyAdapter = anyAdapter || r.adapter != kNoAdapter;
    const bool hasAdapters
        = format == "jsonl" || format == "json" || format == "csv" || format == "slora" || format == "burstgpt";
    if (anyAdapter && !hasAdapters)
        out.push_back("adapters (" + std::to_string(t.adapters.size()) + ")");
    const bool native = format == "jsonl" || format == "json" || format == "csv";
    const bool aiperf = format == "aiperf" || format == "aiperf-multi-turn";
    if (t.hasSessions() && !native && !aiperf)
        out.push_back(format == "mooncake" ? "sessions (turns, parents, think times; hash_ids keep what they share)"
                : format == "vllm"         ? "sessions' turns, parents and think times (each prompt holds its history)"
                                           : "sessions (turns, parents, think times)");
    if (t.hasSegments() && !native && format != "mooncake" && format != "aiperf" && format != "vllm")
        out.push_back(format == "aiperf-multi-turn" ? "prefix segments other than system prompts"
                                                    : "prefix segments (shared prompt prefixes, hash_ids)");
    if (format == "mooncake" || format == "guidellm") {
        // Their readers mark zero-token rows failed again; a failed row with tokens loses its mark.
        std::uint64_t lost = 0;
        for (std::size_t i = 0; i < t.requests.size(); ++i)
            lost += t.isFailed(i) && t.requests[i].inputLen > 0 && t.requests[i].outputLen > 0;
        if (lost > 0)
            out.push_back("the failed marks of " + std::to_string(lost) + " request(s) with tokens");
    }
    // Ranks: BurstGPT keeps an adapter's name only (read back as rank 0); S-LoRA's adapter_dir
    // gives the rank only where the name holds it ("...-rank-64-0").
    std::uint64_t ranksLost = 0;
    for (const auto& ad : t.adapters) {
        if (ad.rank == 0)
            continue;
        if (format == "burstgpt") {
            ++ranksLost;
        } else if (format == "slora") {
            int fromName = -1;
            try {
                fromName = rankFromName(ad.name);
            } catch (const InputError&) {
            }
            ranksLost += fromName != ad.rank;
        }
    }
    if (ranksLost > 0)
        out.push_back("the ranks of " + std::to_string(ranksLost) + " adapter(s) (read back as "
            + (format == "burstgpt" ? std::string("0") : std::string("the rank the name gives, or 0")) + ")");
    if (t.hasPriorities() && !(format == "jsonl" || format == "json"))
        out.push_back("request priorities");
    if (!t.tiers.empty() && !(format == "jsonl" || format == "json"))
        out.push_back("request tiers");
    if (format == "vllm")
        out.push_back("arrival times");
    if (!t.ids.empty() && !(format == "jsonl" || format == "json" || format == "csv" || format == "slora"))
        out.push_back("request ids");
    if (t.spec && !(format == "jsonl" || format == "json"))
        out.push_back("the generating spec (slora keeps its main parameters)");
    return out;
}

} // namespace

int runConvert(const std::vector<std::string>& argv)
{
    auto valueFlags = importValueFlags();
    valueFlags.insert(valueFlags.end(), { "--format", "--to" });
    auto boolFlags = importBoolFlags();
    boolFlags.push_back("--quiet");
    const Args a = parseArgs("convert", argv, valueFlags, boolFlags);
    if (a.positional().size() != 2)
        throw UsageError(a.positional().size() < 2 ? "convert needs IN and OUT files"
                                                   : "convert takes exactly two files, IN and OUT");
    const std::string in = a.positional()[0], out = a.positional()[1];
    const std::string from = a.value("--format").value_or("");
    const std::string to = a.value("--to").value_or("");
    if (!from.empty() && !findFormat(from))
        throw UsageError(
            "unknown format \"" + from + "\" for " + a.spelling("--format") + "; known: " + formatNames(false));
    if (!to.empty() && !findFormat(to))
        throw UsageError("unknown format \"" + to + "\" for --to; known: " + formatNames(true));
    const TraceFormat* target = to.empty() ? formatForPath(out) : findFormat(to);
    if (!target)
        throw UsageError(
            "cannot tell the output format from \"" + out + "\"; use --to with one of: " + formatNames(true));
    if (!target->write)
        throw UsageError("the " + target->name + " format cannot be written; use one of: " + formatNames(true));

    const ReadOptions readOptions = importOptionsFromArgs(a);
    checkOutputs({ { "OUT", out } }, { { "IN", in } });
    checkOutputFile(out);

    ReadReport report;
    const Trace trace = readTrace(in, from, readOptions, &report);
    writeTrace(trace, out, target->name);
    if (!a.has("--quiet")) {
        std::cerr << "converted " << trace.requests.size() << " requests from " << in << " to " << out << " ("
                  << target->name << ")\n";
        if (const auto r = describeReadReport(report); !r.empty())
            std::cerr << "note: " << r << "\n";
        auto lost = losses(trace, target->name);
        if (!report.ignoredColumns.empty()) {
            // Read but not kept (BurstGPT_3's Session ID and Elapsed time, ...): no format holds them.
            std::string cols;
            for (const auto& c : report.ignoredColumns)
                cols += (cols.empty() ? "\"" : ", \"") + c + "\"";
            lost.push_back("the input's column" + std::string(report.ignoredColumns.size() > 1 ? "s " : " ") + cols
                + " (a LoraScope trace keeps none)");
        }
        if (!lost.empty()) {
            std::cerr << "note: the " << target->name << " format cannot hold: ";
            for (std::size_t i = 0; i < lost.size(); ++i)
                std::cerr << (i ? ", " : "") << lost[i];
            std::cerr << "\n";
        }
    }
    return kExitOk;
}

} // namespace lorascope::cli
