// SPDX-License-Identifier: Apache-2.0
#include "cli/commands.h"

#include "cli/args.h"
#include "cli/options.h"
#include "cli/progress.h"
#include "cli/schedulerargs.h"
#include "cli/simjson.h"

#include "admission/engine.h"
#include "admission/tiersummary.h"
#include "analysis/refusals.h"
#include "admission/window.h"
#include "analysis/numberformat.h"
#include "formats/traceio.h"
#include "util/atomicfile.h"
#include "util/error.h"
#include "util/version.h"
#include "util/fileio.h"
#include "util/jsonread.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <limits>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

namespace lorascope::cli {

const char* const kSimulateHelp = R"(Usage: lorascope-cli simulate TRACE [--requests-out FILE.jsonl] [OPTIONS]

Preview how S-LoRA, vLLM V1 or SGLang would admit, batch and delay the requests of TRACE (any
trace file the project reads), one forward pass at a time, and why each request waited. The three
servers' schedulers are transcribed rule for rule (docs/admission.md):
  S-LoRA (--policy slora, the default): FIFO queue; a request is admitted iff the peak KV need of
  the running batch plus the admitted ones is below max_total_token_num minus rank*4 slots per
  distinct adapter, the running batch has at most running_max_req_size requests and the new
  batch's input sum is at most batch_max_tokens; the first request that fails stops the scan; new
  requests are tried when nothing runs and after every max_wait_tokens decode steps.
  vLLM V1 (--policy vllm): each step shares max_num_batched_tokens between the running requests
  (decodes and prefill chunks) and then the waiting ones; KV blocks of block_size; the newest
  running request is preempted (recompute) when blocks run out; at most max_loras adapters per step.
  SGLang (--policy sglang): a prefill batch is admitted from the queue while the prompts and the
  remaining outputs fit the KV pool after the running requests' remaining output × new_token_ratio
  is reserved; prompts beyond chunked_prefill_size are prefilled in chunks; decoding requests are
  retracted when the pool runs out; at most max_loras_per_batch LoRA ids (the base model one of
  them) per batch.

Options:
  --requests-out FILE.jsonl  one JSON object per request (without it only the summary is
                             printed): id, arrival, admitted,
                             first_token, finished (null where it never happened), rejected
                             (null or a reason), dropped, wait_reason ({kind, need, limit, ...} or
                             {kind: "behind_request", behind: ID}; null if it never waited),
                             adapter, input_len, output_len, admission, preemptions, adapter_load
  --timeline-out FILE.jsonl  one JSON object per forward pass: start, end, kind (prefill, decode,
                             mixed), batch_size, admitted, finished, tokens, kv_need, kv_used,
                             kv_capacity, resident_adapters, cpu_adapters, loaded,
                             loaded_from_disk, unloaded, cpu_evicted, preempted, queue_length, blocked
  --clock model|steps        model (default): each pass takes the seconds the cost model gives,
                             and trace times are seconds, as every trace format has them;
                             steps: each forward pass is one tick and trace times are read as
                             ticks (for teaching and tests: waits count forward passes)
  --cost-model NAME|FILE     llama-7b-a10g (default), llama-7b-a100-80g, llama-13b-a100-80g,
                             llama-13b-a100-40g, llama-3.1-8b-h100-64g, qwen-2.5-7b-h100-64g, or a
                             JSON file with the coefficients (see docs/admission.md). The last two
                             (vLLM 0.8.5) also set what --policy vllm leaves unset: the version's
                             max_num_batched_tokens, the model's max_model_len and the KV blocks
                             the GPU holds with --max-loras x --max-lora-rank (docs/costmodel.md)
  --ranks FILE               adapter ranks: a JSON object {"adapter name": rank, ...} or a JSON
                             array of ranks by adapter index (overrides the trace's ranks)
  --format, --from NAME      read TRACE as this format instead of guessing from the extension
  --window SECONDS           also the benchmark's figures over [0, SECONDS] as vLLM's serving
                             benchmarks count them: only requests finished by then, TTFT,
                             TPOT (excluding the first token), mean ITL, throughput over the
                             window (docs/costmodel.md, "Metric semantics")
  --json                     print the summary as JSON instead of text ("server": the policy's
                             own settings; "limits": S-LoRA's, under the S-LoRA policies only)
  --per-adapter N|all|none   per-adapter statistics in --json: the N busiest adapters (default
                             100; "per_adapter_left_out" counts the others), all, or none
  --quiet                    no progress line
)" LORASCOPE_SCHEDULER_OPTIONS R"(
Exit status: 0 success, 1 bad input (file, line and field named), 2 usage error (including a
server configuration its server refuses to start with, with the server's reason).
)";

namespace {

void printLatency(const char* name, const LatencyStats& s, const std::string& unit);

/// --window SECONDS (0 = not asked; the range is checked by parseArgs).
double windowOption(const Args& a)
{
    return a.has("--window") ? a.number("--window", 0) : 0.0;
}

void printWindow(const WindowMetrics& w, const std::string& unit)
{
    std::cout << "window          " << formatPrintf("%.6g", w.length) << " " << unit
              << " from 0 (vLLM benchmark): " << w.completed << " of " << w.requests << " requests finished inside it; "
              << formatPrintf("%.3f", w.requestThroughput) << " req/" << unit << ", "
              << formatPrintf("%.1f", w.inputThroughput) << " input and " << formatPrintf("%.1f", w.outputThroughput)
              << " output tokens/" << unit << "\n";
    printLatency("  TTFT", w.ttft, unit);
    printLatency("  TPOT", w.tpot, unit);
    std::cout << "  ITL mean      " << formatPrintf("%.4f", w.itlMean) << " " << unit
              << " (TPOT excludes each request's first token; ITL is the mean gap between tokens)\n";
    if (unit == "s") // in the unit vLLM's benchmark prints them in
        std::cout << "  in ms         TTFT mean " << formatPrintf("%.2f", 1000 * w.ttft.mean) << ", TPOT mean "
                  << formatPrintf("%.2f", 1000 * w.tpot.mean) << ", ITL mean " << formatPrintf("%.2f", 1000 * w.itlMean)
                  << "\n";
}

nlohmann::json windowJson(const WindowMetrics& w)
{
    return { { "start", w.start }, { "length", w.length }, { "requests", w.requests }, { "completed", w.completed },
        { "input_tokens", w.inputTokens }, { "output_tokens", w.outputTokens },
        { "request_throughput", w.requestThroughput }, { "input_throughput", w.inputThroughput },
        { "output_throughput", w.outputThroughput }, { "ttft", latencyJson(w.ttft) }, { "tpot", latencyJson(w.tpot) },
        { "itl_mean", num(w.itlMean) } };
}

void printLatency(const char* name, const LatencyStats& s, const std::string& unit)
{
    std::cout << "  " << name << " (" << unit << ")"
              << std::string(std::max<int>(1, 12 - int(std::string(name).size() + unit.size())), ' ')
              << formatPrintf("%10.3f", s.mean) << formatPrintf("%10.3f", s.p50) << formatPrintf("%10.3f", s.p90)
              << formatPrintf("%10.3f", s.p99) << "\n";
}

} // namespace

int runSimulate(const std::vector<std::string>& argv)
{
    const Args a = parseArgs("simulate", argv,
        withSchedulerValueFlags({ "--requests-out", "--timeline-out", "--clock", "--cost-model", "--ranks", "--format",
            "--per-adapter", "--window" }),
        withSchedulerBoolFlags({ "--json", "--quiet" }));
    if (a.positional().size() != 1)
        throw UsageError(a.positional().empty() ? "missing TRACE file" : "expected one TRACE file");
    const auto requestsOut = a.value("--requests-out"); // optional: a preview prints its summary without a file
    if (requestsOut && requestsOut->empty())
        throw UsageError("--requests-out needs a file name");

    SimulationConfig config;
    // Flags are checked (ranges by parseArgs, cli/options.cpp) before the (possibly large) trace is read.
    const std::string costName = a.value("--cost-model").value_or("llama-7b-a10g");
    config.cost = loadCostModel(costName);
    // The server's flags, checked as its server checks them; a vLLM preset fills what is unset.
    applySchedulerArgs(a, config.scheduler, config.cost);
    // Trace times are seconds in every format LoraScope reads, so the cost model's clock (seconds)
    // is the default; the step clock reads them as ticks (for teaching and tests) only when asked.
    const auto clockText = a.value("--clock");
    if (clockText && *clockText != "steps" && *clockText != "model")
        throw UsageError("--clock must be model or steps (got \"" + *clockText + "\")");
    config.clock = clockText && *clockText == "steps" ? ClockKind::Steps : ClockKind::Model;
    const std::size_t perAdapterListed = perAdapterOption(a);
    const double window = windowOption(a);

    const std::string file = a.positional().front();
    // Outputs must not overwrite an input (or each other), nor a read-only file.
    const std::string costFile = findCostModel(costName) ? std::string() : costName;
    checkOutputs({ { "--requests-out", requestsOut.value_or("") },
                     { "--timeline-out", a.value("--timeline-out").value_or("") } },
        { { "TRACE", file }, { "--ranks", a.value("--ranks").value_or("") }, { "--cost-model", costFile } });
    if (requestsOut)
        checkOutputFile(*requestsOut);
    if (const auto t = a.value("--timeline-out"))
        checkOutputFile(*t);

    const Trace trace = readTrace(file, a.value("--format").value_or(""));
    const PolicyKind policy = config.scheduler.policy;
    if (trace.hasPriorities() && !(policy == PolicyKind::Vllm && config.scheduler.vllm.priorityScheduling)
        && !a.has("--quiet"))
        std::cerr << "note: the trace's request priorities are not used: "
                  << (policy == PolicyKind::Vllm            ? "vLLM schedules first come, first served unless "
                                                              "--scheduling-policy priority"
                             : policy == PolicyKind::Sglang ? "SGLang's priority scheduling is not modelled"
                                                            : "S-LoRA has no priority scheduling (its queue is FIFO)")
                  << "\n";
    checkSchedulerAdapters(config.scheduler, trace.adapters.size(), "the trace");
    const ServerLimits& limits = config.scheduler.limits;
    if (const auto ranksFile = a.value("--ranks"))
        config.ranks = readRanks(*ranksFile, trace);

    TerminalProgress progress("simulating", a.has("--quiet"));
    config.recordTimeline = a.has("--timeline-out");
    const SimulationResult result = simulate(trace, config, progress.sink());
    progress.done();

    if (requestsOut)
        writeFileAtomically(*requestsOut, [&](std::ostream& out) {
            for (const RequestRecord& r : result.requests)
                out << requestJson(r, trace).dump() << '\n';
        });
    if (const auto timelineOut = a.value("--timeline-out")) {
        writeFileAtomically(*timelineOut, [&](std::ostream& out) {
            for (const StepRecord& s : result.timeline) {
                nlohmann::ordered_json j;
                j["start"] = s.start;
                j["end"] = s.end;
                j["kind"] = stepKindName(s.kind);
                j["batch_size"] = s.batchSize;
                j["admitted"] = s.admitted;
                j["finished"] = s.finished;
                j["tokens"] = s.tokens;
                j["kv_need"] = s.kvNeed;
                j["kv_used"] = s.kvUsed;
                j["kv_capacity"] = s.kvCapacity;
                j["resident_adapters"] = s.residentAdapters;
                j["cpu_adapters"] = s.cpuAdapters;
                j["loaded"] = s.loaded;
                j["loaded_from_disk"] = s.loadedFromDisk;
                j["unloaded"] = s.unloaded;
                j["cpu_evicted"] = s.cpuEvicted;
                j["preempted"] = s.preempted;
                j["queue_length"] = s.queueLength;
                j["blocked"] = s.blocked == WaitKind::None ? nlohmann::ordered_json(nullptr)
                                                           : nlohmann::ordered_json(waitKindName(s.blocked));
                out << j.dump() << '\n';
            }
        });
    }

    const SimulationSummary& s = result.summary;
    const std::string unit = result.unit();
    if (a.has("--json")) {
        nlohmann::json j;
        j["tool_version"] = kVersion;
        j["trace"] = file;
        j["policy"] = policyName(config.scheduler.policy);
        j["clock"] = config.clock == ClockKind::Steps ? "steps" : "model";
        j["unit"] = unit;
        if (config.clock == ClockKind::Model)
            j["cost_model"] = config.cost.name;
        // S-LoRA's limits only where S-LoRA's rules run; vLLM's and SGLang's settings are under "server".
        if (config.scheduler.policy == PolicyKind::SLora || config.scheduler.policy == PolicyKind::SLoraAbort)
            j["limits"] = { { "max_total_token_num", limits.maxTotalTokenNum },
                { "batch_max_tokens", limits.effectiveBatchMaxTokens() },
                { "running_max_req_size", limits.runningMaxReqSize }, { "max_req_total_len", limits.maxReqTotalLen },
                { "max_req_input_len", limits.maxReqInputLen }, { "max_wait_tokens", config.scheduler.maxWaitTokens } };
        nlohmann::ordered_json server;
        schedulerConfigToJson(config.scheduler, server);
        j["server"] = nlohmann::json(server);
        j["summary"] = summaryJson(s, true);
        if (window > 0)
            j["window"] = windowJson(windowMetrics(result.requests, 0.0, window));
        // The busiest adapters first (ties in adapter order), as many as --per-adapter asks.
        std::vector<const AdapterSummary*> order;
        for (const AdapterSummary& ad : result.perAdapter)
            order.push_back(&ad);
        std::stable_sort(
            order.begin(), order.end(), [](auto* x, auto* y) { return x->summary.requests > y->summary.requests; });
        if (order.size() > perAdapterListed)
            order.resize(perAdapterListed);
        nlohmann::json per = nlohmann::json::array();
        for (const AdapterSummary* ad : order) {
            nlohmann::json e = summaryJson(ad->summary, false);
            e["adapter"] = ad->adapter == kNoAdapter ? nlohmann::json(nullptr) : nlohmann::json(ad->name);
            e["rank"] = ad->rank;
            per.push_back(std::move(e));
        }
        j["per_adapter"] = std::move(per);
        nlohmann::json tiers = nlohmann::json::array();
        for (const TierSummary& t : summarizeTiers(trace, result.requests, config.clock)) {
            nlohmann::json e = summaryJson(t.summary, false);
            e[t.byPriority ? "priority" : "tier"] = t.byPriority ? nlohmann::json(t.priority) : nlohmann::json(t.name);
            tiers.push_back(std::move(e));
        }
        if (!tiers.empty())
            j[trace.tiers.empty() ? "per_priority" : "per_tier"] = std::move(tiers);
        j["per_adapter_total"] = result.perAdapter.size();
        j["per_adapter_left_out"] = result.perAdapter.size() - order.size();
        std::cout << j.dump(2) << "\n";
        return kExitOk;
    }

    // Requests refused for a setting come first, with the fix (analysis/refusals.h).
    if (const auto refused = rankRefusalNote(result.requests, trace, config.scheduler.vllm.maxLoraRank))
        std::cout << refused->text << "\n";
    std::cout << "trace           " << file << " (" << s.requests << " requests, " << trace.adapters.size()
              << " adapters)\n";
    std::cout << "policy          " << policyName(config.scheduler.policy) << " ("
              << policyRules(config.scheduler.policy) << "), clock "
              << (config.clock == ClockKind::Steps
                         ? std::string("steps (1 tick per forward pass; trace times read as ticks)")
                         : "model: " + config.cost.name + " (seconds"
                             + (clockText ? ")" : "; --clock steps counts forward passes instead)"))
              << "\n";
    if (config.scheduler.policy == PolicyKind::Vllm) {
        const VllmConfig& v = config.scheduler.vllm;
        std::cout << "limits          max_num_seqs " << v.effectiveMaxNumSeqs() << ", max_num_batched_tokens "
                  << v.effectiveMaxNumBatchedTokens() << ", max_model_len " << v.maxModelLen << ", chunked prefill "
                  << (v.enableChunkedPrefill ? "on" : "off") << ", " << v.numGpuBlocks << " KV blocks of "
                  << v.blockSize << ", max_loras " << v.maxLoras << ", max_cpu_loras " << v.effectiveMaxCpuLoras()
                  << ", max_lora_rank " << v.maxLoraRank << (v.priorityScheduling ? ", scheduling_policy priority" : "")
                  << "\n";
    } else if (config.scheduler.policy == PolicyKind::Sglang) {
        const SglangConfig& g = config.scheduler.sglang;
        std::cout << "limits          max_total_tokens " << g.maxTotalTokens << ", context_length " << g.contextLength
                  << ", max_running_requests " << g.effectiveMaxRunningRequests() << ", chunked_prefill_size "
                  << (g.chunkedPrefill() ? std::to_string(g.chunkedPrefillSize) : std::string("off"))
                  << ", max_prefill_tokens " << g.maxPrefillTokens << ", max_loras_per_batch " << g.maxLorasPerBatch
                  << ", lora_eviction_policy " << g.loraEvictionPolicy
                  << (g.ignoreEos ? "" : ", requests without ignore_eos") << "\n";
    } else {
        std::cout << "limits          max_total_token_num " << limits.maxTotalTokenNum << ", batch_max_tokens "
                  << limits.effectiveBatchMaxTokens() << ", running_max_req_size " << limits.runningMaxReqSize
                  << ", max_wait_tokens " << config.scheduler.maxWaitTokens << "\n";
    }
    std::cout << "requests        " << s.finished << " finished, " << s.rejected << " rejected, " << s.dropped
              << " dropped, " << s.neverAdmitted << " never admitted\n";
    std::cout << "                      mean       p50       p90       p99\n";
    printLatency("wait", s.wait, unit);
    printLatency("TTFT", s.ttft, unit);
    printLatency("E2E", s.e2e, unit);
    std::cout << "throughput      " << formatPrintf("%.3f", s.requestThroughput) << " req/" << unit << ", "
              << formatPrintf("%.1f", s.tokenThroughput) << " output tokens/" << unit
              << formatPrintf(" over %.6g ", s.makespan) << unit << " (first arrival to last finish)\n";
    if (window > 0)
        printWindow(windowMetrics(result.requests, 0.0, window), unit);
    if (config.clock == ClockKind::Model)
        std::cout << "SLO attainment  " << formatPrintf("%.1f", 100.0 * s.sloAttainment) << " % (TTFT < 6 s)\n";
    std::cout << "peak KV         need " << s.peakKvNeed << ", used " << s.peakKvUsed << " of " << s.kvCapacity
              << " tokens\n";
    std::cout << "forward passes  " << s.steps << " (" << s.prefillSteps << " prefill, " << s.decodeSteps << " decode"
              << (s.mixedSteps ? ", " + std::to_string(s.mixedSteps) + " mixed" : std::string()) << "); adapter loads "
              << s.adapterLoads
              << (s.adapterDiskLoads ? " (" + std::to_string(s.adapterDiskLoads) + " from disk)" : std::string())
              << ", unloads " << s.adapterUnloads
              << (s.preemptions ? "; preemptions " + std::to_string(s.preemptions) : std::string()) << "\n";
    if (config.scheduler.policy == PolicyKind::Vllm || config.scheduler.policy == PolicyKind::Sglang)
        std::cout << "prefix cache    " << s.cachedTokens << " of " << s.promptTokens << " prompt tokens found cached ("
                  << formatPrintf("%.1f", 100.0 * s.cacheHitShare())
                  << " %; hits need prompts the trace declares shared, or a preempted request's own blocks)\n";
    // per tier (or per priority): what priority gives one group and costs the others
    const std::vector<TierSummary> tiers = summarizeTiers(trace, result.requests, config.clock);
    if (!tiers.empty()) {
        // The title's columns end where the rows' numbers do (2 + 36 + 9, then 11, 11, 11, 12, 12).
        std::string title
            = std::string(tiers.front().byPriority ? "per priority" : "per tier") + " (times in " + unit + ")";
        title.resize(std::max<std::size_t>(title.size(), 38), ' ');
        std::cout << title << " requests  TTFT mean   TTFT p90   TTFT p99    E2E mean"
                  << (config.clock == ClockKind::Model ? "  TTFT < 6 s" : "") << "\n";
        for (const TierSummary& t : tiers) {
            std::string name = t.name.substr(0, 36);
            if (name.size() < 36)
                name += std::string(36 - name.size(), ' ');
            std::cout << "  " << name << formatPrintf("%9.0f", double(t.summary.requests))
                      << formatPrintf("%11.3f", t.summary.ttft.mean) << formatPrintf("%11.3f", t.summary.ttft.p90)
                      << formatPrintf("%11.3f", t.summary.ttft.p99) << formatPrintf("%12.3f", t.summary.e2e.mean);
            if (config.clock == ClockKind::Model)
                std::cout << formatPrintf("%10.1f %%", 100.0 * t.summary.sloAttainment);
            std::cout << "\n";
        }
    }
    // the busiest adapters
    std::vector<const AdapterSummary*> busiest;
    for (const AdapterSummary& ad : result.perAdapter)
        busiest.push_back(&ad);
    std::stable_sort(
        busiest.begin(), busiest.end(), [](auto* x, auto* y) { return x->summary.requests > y->summary.requests; });
    if (!busiest.empty()) {
        std::cout << "per adapter (busiest " << std::min<std::size_t>(10, busiest.size()) << " of " << busiest.size()
                  << "; --json for all)      requests  TTFT mean   TTFT p99\n";
        for (std::size_t i = 0; i < std::min<std::size_t>(10, busiest.size()); ++i) {
            const AdapterSummary& ad = *busiest[i];
            std::string name = ad.adapter == kNoAdapter ? "(base model)" : ad.name;
            if (name.size() < 38)
                name += std::string(38 - name.size(), ' ');
            std::cout << "  " << name << formatPrintf("%9.0f", double(ad.summary.requests))
                      << formatPrintf("%11.3f", ad.summary.ttft.mean) << formatPrintf("%11.3f", ad.summary.ttft.p99)
                      << "\n";
        }
    }
    return kExitOk;
}

} // namespace lorascope::cli
