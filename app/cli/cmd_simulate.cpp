// SPDX-License-Identifier: Apache-2.0
#include "cli/commands.h"

#include "cli/args.h"
#include "cli/options.h"
#include "cli/progress.h"

#include "admission/engine.h"
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

const char* const kSimulateHelp = R"(Usage: lorascope-cli simulate TRACE --requests-out FILE.jsonl [OPTIONS]

Preview how a server would admit, batch and delay the requests of TRACE (any trace file the
project reads), one forward pass at a time, and why each request waited. The default policy is
S-LoRA's router exactly: FIFO queue; a request is admitted iff the peak KV need of the running
batch plus the admitted ones (sorted by remaining output, max_k left_k*k + sum used) is below
max_total_token_num minus rank*4 slots per distinct adapter, the running batch has at most
running_max_req_size requests and the new batch's input sum is at most batch_max_tokens; the
first request that fails stops the scan; new requests are tried when nothing runs and after
every max_wait_tokens decode steps. See docs/admission.md for the formulas.

Options:
  --requests-out FILE.jsonl  one JSON object per request (required): id, arrival, admitted,
                             first_token, finished (null where it never happened), rejected
                             (null or a reason), dropped, wait_reason ({kind, need, limit} or
                             {kind: "behind_request", behind: ID}; null if it never waited),
                             adapter, input_len, output_len, admission
  --timeline-out FILE.jsonl  one JSON object per forward pass: start, end, kind, batch_size,
                             admitted, finished, tokens, kv_need, kv_used, kv_capacity,
                             resident_adapters, loaded, unloaded, queue_length, blocked
  --policy NAME              slora (default), slora-abort (S-LoRA --enable-abort: newest first,
                             drops requests waiting >= 5.5 s) or vllm
  --clock model|steps        model (default): each pass takes the seconds the cost model gives,
                             and trace times are seconds, as every trace format has them;
                             steps: each prefill or decode pass is one tick and trace times are
                             read as ticks (for teaching and tests: waits count forward passes)
  --cost-model NAME|FILE     llama-7b-a10g (default), llama-7b-a100-80g, llama-13b-a100-80g, or a
                             JSON file with the coefficients (see docs/admission.md)
  --max-total-token-num N    max_total_token_num: KV slots incl. adapter weights, 1 to 10^9
                             (default: the trace's spec, else 6000); also --max-total-tokens
  --batch-max-tokens N       batch_max_tokens (default max(max_total/6, max_req_total_len))
  --running-max-req-size N   running_max_req_size (default 1000)
  --max-req-total-len N      reject input + output above it (default 3072)
  --max-req-input-len N      reject input above it (default 2048)
  --max-wait-tokens N        decode steps between admission attempts (default 10)
  --max-num-seqs N           vllm: max running requests (default 256)
  --max-num-batched-tokens N vllm: max prefill tokens per step (default max(max_req_total_len, 2048))
  --max-loras N              vllm: distinct adapters per batch (default 1)
  --ranks FILE               adapter ranks: a JSON object {"adapter name": rank, ...} or a JSON
                             array of ranks by adapter index (overrides the trace's ranks)
  --format, --from NAME      read TRACE as this format instead of guessing from the extension
  --json                     print the summary as JSON instead of text
  --per-adapter N|all|none   per-adapter statistics in --json: the N busiest adapters (default
                             100; "per_adapter_left_out" counts the others), all, or none
  --quiet                    no progress line

Exit status: 0 success, 1 bad input (file, line and field named), 2 usage error.
)";

namespace {

nlohmann::json num(double v)
{
    return std::isnan(v) || std::isinf(v) ? nlohmann::json(nullptr) : nlohmann::json(v);
}

nlohmann::json waitJson(const WaitReason& w)
{
    if (w.kind == WaitKind::None)
        return nullptr;
    nlohmann::json j { { "kind", waitKindName(w.kind) } };
    if (w.kind == WaitKind::BehindRequest)
        j["behind"] = w.behind;
    else if (w.kind != WaitKind::AdmissionWindow) {
        j["need"] = w.need;
        j["limit"] = w.limit;
    }
    return j;
}

nlohmann::json latencyJson(const LatencyStats& s)
{
    return { { "count", s.count }, { "mean", num(s.mean) }, { "p50", num(s.p50) }, { "p90", num(s.p90) }, { "p99", num(s.p99) } };
}

nlohmann::json summaryJson(const SimulationSummary& s, bool withSteps)
{
    nlohmann::json j { { "requests", s.requests }, { "finished", s.finished }, { "rejected", s.rejected }, { "dropped", s.dropped },
        { "never_admitted", s.neverAdmitted }, { "wait", latencyJson(s.wait) }, { "ttft", latencyJson(s.ttft) },
        { "e2e", latencyJson(s.e2e) }, { "makespan", s.makespan }, { "request_throughput", s.requestThroughput },
        { "output_throughput", s.tokenThroughput }, { "slo_attainment", num(s.sloAttainment) } };
    if (withSteps) {
        j["peak_kv_need"] = s.peakKvNeed;
        j["peak_kv_used"] = s.peakKvUsed;
        j["kv_capacity"] = s.kvCapacity;
        j["steps"] = s.steps;
        j["prefill_steps"] = s.prefillSteps;
        j["decode_steps"] = s.decodeSteps;
        j["adapter_loads"] = s.adapterLoads;
        j["adapter_unloads"] = s.adapterUnloads;
    }
    return j;
}

/// --per-adapter N|all|none: how many adapters (the busiest) --json lists.
std::size_t perAdapterOption(const Args& a)
{
    const std::string v = a.value("--per-adapter").value_or("100");
    if (v == "all")
        return std::numeric_limits<std::size_t>::max();
    if (v == "none")
        return 0;
    std::uint64_t n = 0;
    const auto res = std::from_chars(v.data(), v.data() + v.size(), n);
    if (res.ec != std::errc() || res.ptr != v.data() + v.size() || v.empty() || n > kMaxAdapters)
        throw UsageError("--per-adapter must be all, none or a number of adapters from 0 to " + std::to_string(kMaxAdapters) + " (got \"" + v.substr(0, 40) + "\")");
    return static_cast<std::size_t>(n);
}

/// --ranks FILE: {"name": rank} or [rank, ...] → rank per adapter index.
std::vector<int> readRanks(const std::string& file, const Trace& trace)
{
    const nlohmann::json j = readJsonFile(file, "ranks file");
    std::vector<int> ranks(trace.adapters.size(), 0);
    auto rankValue = [&](const nlohmann::json& v, const std::string& field) {
        if (!v.is_number_integer() || v.get<std::int64_t>() < 1 || v.get<std::int64_t>() > 65536)
            throw InputError(field + ": a rank must be an integer between 1 and 65536 (got " + jsonExcerpt(v) + ")", file, 0, field);
        return static_cast<int>(v.get<std::int64_t>());
    };
    if (j.is_array()) {
        if (j.size() != trace.adapters.size())
            throw InputError("the trace has " + std::to_string(trace.adapters.size()) + " adapters but the rank list has "
                    + std::to_string(j.size()),
                file, 0, "ranks");
        for (std::size_t i = 0; i < j.size(); ++i)
            ranks[i] = rankValue(j[i], std::string(1, '[').append(std::to_string(i)).append(1, ']'));
    } else if (j.is_object()) {
        std::map<std::string, std::size_t> byName;
        for (std::size_t i = 0; i < trace.adapters.size(); ++i)
            byName[trace.adapters[i].name] = i;
        for (auto it = j.begin(); it != j.end(); ++it) {
            auto f = byName.find(it.key());
            if (f == byName.end())
                throw InputError("no adapter named \"" + textExcerpt(it.key()) + "\" in the trace", file, 0, textExcerpt(it.key()));
            ranks[f->second] = rankValue(it.value(), textExcerpt(it.key()));
        }
    } else {
        throw InputError("expected a JSON object {\"adapter\": rank} or an array of ranks", file, 1, "ranks");
    }
    return ranks;
}

std::string fmt(const char* f, double v)
{
    if (std::isnan(v))
        return "-";
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

void printLatency(const char* name, const LatencyStats& s, const std::string& unit)
{
    std::cout << "  " << name << " (" << unit << ")" << std::string(std::max<int>(1, 12 - int(std::string(name).size() + unit.size())), ' ')
              << fmt("%10.3f", s.mean) << fmt("%10.3f", s.p50) << fmt("%10.3f", s.p90) << fmt("%10.3f", s.p99) << "\n";
}

} // namespace

int runSimulate(const std::vector<std::string>& argv)
{
    const Args a = parseArgs("simulate", argv,
        { "--requests-out", "--timeline-out", "--policy", "--clock", "--cost-model", "--max-total-token-num", "--batch-max-tokens",
            "--running-max-req-size", "--max-req-total-len", "--max-req-input-len", "--max-wait-tokens", "--max-num-seqs",
            "--max-num-batched-tokens", "--max-loras", "--ranks", "--format", "--per-adapter" },
        { "--json", "--quiet" });
    if (a.positional().size() != 1)
        throw UsageError(a.positional().empty() ? "missing TRACE file" : "expected one TRACE file");
    const auto requestsOut = a.value("--requests-out");
    if (!requestsOut || requestsOut->empty())
        throw UsageError("--requests-out FILE.jsonl is required");

    SimulationConfig config;
    const std::string policyText = a.value("--policy").value_or("slora");
    const auto policy = policyFromName(policyText);
    if (!policy)
        throw UsageError("--policy must be slora, slora-abort or vllm (got \"" + policyText + "\")");
    config.scheduler.policy = *policy;
    // Trace times are seconds in every format LoraScope reads, so the cost model's clock (seconds)
    // is the default; the step clock reads them as ticks (for teaching and tests) only when asked.
    const auto clockText = a.value("--clock");
    if (clockText && *clockText != "steps" && *clockText != "model")
        throw UsageError("--clock must be model or steps (got \"" + *clockText + "\")");
    config.clock = clockText && *clockText == "steps" ? ClockKind::Steps : ClockKind::Model;
    const std::size_t perAdapterListed = perAdapterOption(a);

    // Flags are checked (ranges by parseArgs, cli/options.cpp) before the (possibly large) trace is read.
    config.scheduler.maxWaitTokens = static_cast<int>(a.integer("--max-wait-tokens", 10));
    config.scheduler.vllm.maxNumSeqs = a.integer("--max-num-seqs", config.scheduler.vllm.maxNumSeqs);
    config.scheduler.vllm.maxNumBatchedTokens = a.integer("--max-num-batched-tokens", 0);
    config.scheduler.vllm.maxLoras = a.integer("--max-loras", config.scheduler.vllm.maxLoras);
    const std::string costName = a.value("--cost-model").value_or("llama-7b-a10g");
    config.cost = loadCostModel(costName);

    const std::string file = a.positional().front();
    // Outputs must not overwrite an input (or each other), nor a read-only file.
    const std::string costFile = findCostModel(costName) ? std::string() : costName;
    checkOutputs({ { "--requests-out", *requestsOut }, { "--timeline-out", a.value("--timeline-out").value_or("") } },
        { { "TRACE", file }, { "--ranks", a.value("--ranks").value_or("") }, { "--cost-model", costFile } });
    checkOutputFile(*requestsOut);
    if (const auto t = a.value("--timeline-out"))
        checkOutputFile(*t);

    const Trace trace = readTrace(file, a.value("--format").value_or(""));
    ServerLimits limits = trace.spec ? trace.spec->limits : ServerLimits {};
    limits.maxTotalTokenNum = a.integer("--max-total-token-num", limits.maxTotalTokenNum);
    limits.batchMaxTokens = a.integer("--batch-max-tokens", limits.batchMaxTokens);
    limits.runningMaxReqSize = a.integer("--running-max-req-size", limits.runningMaxReqSize);
    limits.maxReqTotalLen = a.integer("--max-req-total-len", limits.maxReqTotalLen);
    limits.maxReqInputLen = a.integer("--max-req-input-len", limits.maxReqInputLen);
    config.scheduler.limits = limits;
    if (const auto ranksFile = a.value("--ranks"))
        config.ranks = readRanks(*ranksFile, trace);

    TerminalProgress progress("simulating", a.has("--quiet"));
    config.recordTimeline = a.has("--timeline-out");
    const SimulationResult result = simulate(trace, config, progress.sink());
    progress.done();

    writeFileAtomically(*requestsOut, [&](std::ostream& out) {
        for (const RequestRecord& r : result.requests) {
            nlohmann::ordered_json j;
            j["id"] = r.id;
            j["arrival"] = r.arrival;
            j["admitted"] = num(r.admitted);
            j["first_token"] = num(r.firstToken);
            j["finished"] = num(r.finished);
            j["rejected"] = r.rejected == RejectReason::None ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(rejectReasonName(r.rejected));
            j["dropped"] = r.dropped == DropReason::None ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(dropReasonName(r.dropped));
            j["wait_reason"] = waitJson(r.wait);
            j["adapter"] = r.adapter == kNoAdapter ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(trace.adapters[r.adapter].name);
            j["input_len"] = r.inputLen;
            j["output_len"] = r.outputLen;
            j["admission"] = std::isnan(r.admitted) ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(r.admissionNumber);
            out << j.dump() << '\n';
        }
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
                j["loaded"] = s.loaded;
                j["unloaded"] = s.unloaded;
                j["queue_length"] = s.queueLength;
                j["blocked"] = s.blocked == WaitKind::None ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(waitKindName(s.blocked));
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
        j["limits"] = { { "max_total_token_num", limits.maxTotalTokenNum }, { "batch_max_tokens", limits.effectiveBatchMaxTokens() },
            { "running_max_req_size", limits.runningMaxReqSize }, { "max_req_total_len", limits.maxReqTotalLen },
            { "max_req_input_len", limits.maxReqInputLen }, { "max_wait_tokens", config.scheduler.maxWaitTokens } };
        j["summary"] = summaryJson(s, true);
        // The busiest adapters first (ties in adapter order), as many as --per-adapter asks.
        std::vector<const AdapterSummary*> order;
        for (const AdapterSummary& ad : result.perAdapter)
            order.push_back(&ad);
        std::stable_sort(order.begin(), order.end(), [](auto* x, auto* y) { return x->summary.requests > y->summary.requests; });
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
        j["per_adapter_total"] = result.perAdapter.size();
        j["per_adapter_left_out"] = result.perAdapter.size() - order.size();
        std::cout << j.dump(2) << "\n";
        return kExitOk;
    }

    std::cout << "trace           " << file << " (" << s.requests << " requests, " << trace.adapters.size() << " adapters)\n";
    std::cout << "policy          " << policyName(config.scheduler.policy) << ", clock "
              << (config.clock == ClockKind::Steps ? std::string("steps (1 tick per forward pass; trace times read as ticks)")
                                                   : "model: " + config.cost.name + " (seconds" + (clockText ? ")" : "; --clock steps counts forward passes instead)"))
              << "\n";
    std::cout << "limits          max_total_token_num " << limits.maxTotalTokenNum << ", batch_max_tokens " << limits.effectiveBatchMaxTokens()
              << ", running_max_req_size " << limits.runningMaxReqSize << ", max_wait_tokens " << config.scheduler.maxWaitTokens << "\n";
    std::cout << "requests        " << s.finished << " finished, " << s.rejected << " rejected, " << s.dropped << " dropped, "
              << s.neverAdmitted << " never admitted\n";
    std::cout << "                      mean       p50       p90       p99\n";
    printLatency("wait", s.wait, unit);
    printLatency("TTFT", s.ttft, unit);
    printLatency("E2E", s.e2e, unit);
    std::cout << "throughput      " << fmt("%.3f", s.requestThroughput) << " req/" << unit << ", " << fmt("%.1f", s.tokenThroughput)
              << " output tokens/" << unit << fmt(" over %.6g ", s.makespan) << unit << " (first arrival to last finish)\n";
    if (config.clock == ClockKind::Model)
        std::cout << "SLO attainment  " << fmt("%.1f", 100.0 * s.sloAttainment) << " % (TTFT < 6 s)\n";
    std::cout << "peak KV         need " << s.peakKvNeed << ", used " << s.peakKvUsed << " of " << s.kvCapacity << " tokens\n";
    std::cout << "forward passes  " << s.steps << " (" << s.prefillSteps << " prefill, " << s.decodeSteps << " decode); adapter loads "
              << s.adapterLoads << ", unloads " << s.adapterUnloads << "\n";
    // the busiest adapters
    std::vector<const AdapterSummary*> busiest;
    for (const AdapterSummary& ad : result.perAdapter)
        busiest.push_back(&ad);
    std::stable_sort(busiest.begin(), busiest.end(), [](auto* x, auto* y) { return x->summary.requests > y->summary.requests; });
    if (!busiest.empty()) {
        std::cout << "per adapter (busiest " << std::min<std::size_t>(10, busiest.size()) << " of " << busiest.size()
                  << "; --json for all)      requests  TTFT mean   TTFT p99\n";
        for (std::size_t i = 0; i < std::min<std::size_t>(10, busiest.size()); ++i) {
            const AdapterSummary& ad = *busiest[i];
            std::string name = ad.adapter == kNoAdapter ? "(base model)" : ad.name;
            if (name.size() < 38)
                name += std::string(38 - name.size(), ' ');
            std::cout << "  " << name << fmt("%9.0f", double(ad.summary.requests)) << fmt("%11.3f", ad.summary.ttft.mean)
                      << fmt("%11.3f", ad.summary.ttft.p99) << "\n";
        }
    }
    return kExitOk;
}

} // namespace lorascope::cli
