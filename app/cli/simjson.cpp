// SPDX-License-Identifier: Apache-2.0
#include "cli/simjson.h"

#include "util/error.h"
#include "util/jsonread.h"
#include "workload/spec.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <map>

namespace lorascope::cli {

nlohmann::json num(double v)
{
    return std::isnan(v) || std::isinf(v) ? nlohmann::json(nullptr) : nlohmann::json(v);
}

nlohmann::json waitJson(const WaitReason& w, const Trace& trace)
{
    if (w.kind == WaitKind::None)
        return nullptr;
    nlohmann::json j { { "kind", waitKindName(w.kind) } };
    if (w.kind == WaitKind::BehindRequest)
        j["behind"] = w.behind;
    else if (w.kind != WaitKind::AdmissionWindow && w.kind != WaitKind::PreemptionStep) {
        j["need"] = w.need;
        j["limit"] = w.limit;
    }
    if (w.kind == WaitKind::Preempted) {
        j.erase("limit");
        j["at"] = w.at;
    }
    if (w.kind == WaitKind::MaxLoras) {
        // the adapters of the step's batch (the first four)
        nlohmann::json names = nlohmann::json::array();
        for (std::uint32_t id : w.adapterIds)
            if (id != kNoAdapter && id < trace.adapters.size())
                names.push_back(trace.adapters[id].name);
        j["adapters"] = std::move(names);
    }
    return j;
}

nlohmann::json latencyJson(const LatencyStats& s)
{
    return { { "count", s.count }, { "mean", num(s.mean) }, { "p50", num(s.p50) }, { "p90", num(s.p90) },
        { "p99", num(s.p99) } };
}

nlohmann::json summaryJson(const SimulationSummary& s, bool withSteps)
{
    nlohmann::json j { { "requests", s.requests }, { "finished", s.finished }, { "rejected", s.rejected },
        { "dropped", s.dropped }, { "never_admitted", s.neverAdmitted }, { "wait", latencyJson(s.wait) },
        { "ttft", latencyJson(s.ttft) }, { "e2e", latencyJson(s.e2e) }, { "makespan", s.makespan },
        { "request_throughput", s.requestThroughput }, { "output_throughput", s.tokenThroughput },
        { "slo_attainment", num(s.sloAttainment) } };
    if (withSteps) {
        j["peak_kv_need"] = s.peakKvNeed;
        j["peak_kv_used"] = s.peakKvUsed;
        j["kv_capacity"] = s.kvCapacity;
        j["steps"] = s.steps;
        j["prefill_steps"] = s.prefillSteps;
        j["decode_steps"] = s.decodeSteps;
        j["mixed_steps"] = s.mixedSteps;
        j["adapter_loads"] = s.adapterLoads;
        j["adapter_disk_loads"] = s.adapterDiskLoads;
        j["adapter_unloads"] = s.adapterUnloads;
        j["preemptions"] = s.preemptions;
    }
    // Prefix cache (vllm, sglang): prompt tokens of admitted requests, those found in the cache, the share.
    j["prompt_tokens"] = s.promptTokens;
    j["cached_tokens"] = s.cachedTokens;
    j["cache_hit_share"] = s.cacheHitShare();
    return j;
}

nlohmann::ordered_json requestJson(const RequestRecord& r, const Trace& trace)
{
    nlohmann::ordered_json j;
    j["id"] = r.id;
    j["arrival"] = r.arrival;
    j["admitted"] = num(r.admitted);
    j["first_token"] = num(r.firstToken);
    j["finished"] = num(r.finished);
    j["rejected"] = r.rejected == RejectReason::None ? nlohmann::ordered_json(nullptr)
                                                     : nlohmann::ordered_json(rejectReasonName(r.rejected));
    j["dropped"] = r.dropped == DropReason::None ? nlohmann::ordered_json(nullptr)
                                                 : nlohmann::ordered_json(dropReasonName(r.dropped));
    j["wait_reason"] = waitJson(r.wait, trace);
    j["adapter"] = r.adapter == kNoAdapter ? nlohmann::ordered_json(nullptr)
                                           : nlohmann::ordered_json(trace.adapters[r.adapter].name);
    j["input_len"] = r.inputLen;
    j["output_len"] = r.outputLen;
    j["admission"]
        = std::isnan(r.admitted) ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(r.admissionNumber);
    j["preemptions"] = r.preemptions;
    j["cached_tokens"] = r.cachedTokens; // prompt tokens found in the prefix cache when first scheduled
    // where its adapter came from for its first pass ("gpu": it was there already)
    j["adapter_load"] = r.adapter == kNoAdapter || std::isnan(r.admitted)
        ? nlohmann::ordered_json(nullptr)
        : nlohmann::ordered_json(adapterTierName(r.adapterLoad));
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
        throw UsageError("--per-adapter must be all, none or a number of adapters from 0 to "
            + std::to_string(kMaxAdapters) + " (got \"" + v.substr(0, 40) + "\")");
    return static_cast<std::size_t>(n);
}

/// --ranks FILE: {"name": rank} or [rank, ...] → rank per adapter index.
std::vector<int> readRanks(const std::string& file, const Trace& trace)
{
    const nlohmann::json j = readJsonFile(file, "ranks file");
    std::vector<int> ranks(trace.adapters.size(), 0);
    auto rankValue = [&](const nlohmann::json& v, const std::string& field) {
        if (!v.is_number_integer() || v.get<std::int64_t>() < 1 || v.get<std::int64_t>() > 65536)
            throw InputError(
                field + ": a rank must be an integer between 1 and 65536 (got " + jsonExcerpt(v) + ")", file, 0, field);
        return static_cast<int>(v.get<std::int64_t>());
    };
    if (j.is_array()) {
        if (j.size() != trace.adapters.size())
            throw InputError("the trace has " + std::to_string(trace.adapters.size())
                    + " adapters but the rank list has " + std::to_string(j.size()),
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
                throw InputError(
                    "no adapter named \"" + textExcerpt(it.key()) + "\" in the trace", file, 0, textExcerpt(it.key()));
            ranks[f->second] = rankValue(it.value(), textExcerpt(it.key()));
        }
    } else {
        throw InputError("expected a JSON object {\"adapter\": rank} or an array of ranks", file, 1, "ranks");
    }
    return ranks;
}

} // namespace lorascope::cli
