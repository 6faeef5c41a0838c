// SPDX-License-Identifier: Apache-2.0
// Policy names, the configuration checks of each server, and the one JSON form of a
// SchedulerConfig (session files write it under "admission", sweep files under "server").

#include "admission/schedulerconfig.h"

#include "util/jsonread.h"
#include "workload/trace.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <utility>

namespace lorascope {

std::string policyName(PolicyKind policy)
{
    switch (policy) {
    case PolicyKind::SLora:
        return "slora";
    case PolicyKind::SLoraAbort:
        return "slora-abort";
    case PolicyKind::Vllm:
        return "vllm";
    case PolicyKind::Sglang:
        return "sglang";
    }
    return "slora";
}

std::optional<PolicyKind> policyFromName(const std::string& name)
{
    for (PolicyKind p : { PolicyKind::SLora, PolicyKind::SLoraAbort, PolicyKind::Vllm, PolicyKind::Sglang })
        if (policyName(p) == name)
            return p;
    return std::nullopt;
}

std::string policyNames()
{
    return "slora, slora-abort, vllm, sglang";
}

std::string policyRules(PolicyKind policy)
{
    switch (policy) {
    case PolicyKind::SLora:
        return "S-LoRA ReqQueue (c1ddf48)";
    case PolicyKind::SLoraAbort:
        return "S-LoRA AbortReqQueue (c1ddf48)";
    case PolicyKind::Vllm:
        return kVllmRulesVersion;
    case PolicyKind::Sglang:
        return kSglangRulesVersion;
    }
    return {};
}

std::int64_t kvCapacity(const SchedulerConfig& c)
{
    return c.policy == PolicyKind::Vllm  ? c.vllm.usableBlocks() * c.vllm.blockSize
        : c.policy == PolicyKind::Sglang ? c.sglang.maxTotalTokens
                                         : c.limits.maxTotalTokenNum;
}

std::string schedulerConfigError(const SchedulerConfig& c)
{
    auto positive = [](const char* name, std::int64_t v, std::int64_t lo) -> std::string {
        if (v < lo)
            return std::string(name) + " must be >= " + std::to_string(lo) + " (got " + std::to_string(v) + ")";
        return {};
    };
    const ServerLimits& l = c.limits;
    // Upper bounds for every integer setting, whatever wrote it (flags, a spec, a session, a fleet
    // file): sizes past them are typing slips, and their products (blocks × block size) must not
    // overflow. The command line's flags have the same bounds (app/cli/options.cpp).
    const std::pair<const char*, std::int64_t> sizes[] = { { "max_total_token_num", l.maxTotalTokenNum },
        { "batch_max_tokens", l.batchMaxTokens }, { "running_max_req_size", l.runningMaxReqSize },
        { "max_req_total_len", l.maxReqTotalLen }, { "max_req_input_len", l.maxReqInputLen },
        { "max_wait_tokens", c.maxWaitTokens }, { "max_num_seqs", c.vllm.maxNumSeqs },
        { "max_num_batched_tokens", c.vllm.maxNumBatchedTokens }, { "max_model_len", c.vllm.maxModelLen },
        { "long_prefill_token_threshold", c.vllm.longPrefillTokenThreshold }, { "num_gpu_blocks", c.vllm.numGpuBlocks },
        { "max_loras", c.vllm.maxLoras }, { "max_cpu_loras", c.vllm.maxCpuLoras },
        { "max_total_tokens", c.sglang.maxTotalTokens }, { "context_length", c.sglang.contextLength },
        { "max_running_requests", c.sglang.maxRunningRequests },
        { "chunked_prefill_size", c.sglang.chunkedPrefillSize }, { "max_prefill_tokens", c.sglang.maxPrefillTokens },
        { "max_loras_per_batch", c.sglang.maxLorasPerBatch }, { "max_loaded_loras", c.sglang.maxLoadedLoras } };
    for (const auto& [name, v] : sizes)
        if (v > kMaxServerSize)
            return std::string(name) + " must be <= " + std::to_string(kMaxServerSize) + " (got " + std::to_string(v)
                + ")";
    if (c.vllm.blockSize > kMaxBlockSize)
        return "block_size must be <= " + std::to_string(kMaxBlockSize) + " (got " + std::to_string(c.vllm.blockSize)
            + ")";
    for (const std::string& e :
        { positive("max_total_token_num", l.maxTotalTokenNum, 1), positive("batch_max_tokens", l.batchMaxTokens, 0),
            positive("running_max_req_size", l.runningMaxReqSize, 1),
            positive("max_req_total_len", l.maxReqTotalLen, 1), positive("max_req_input_len", l.maxReqInputLen, 1),
            positive("max_wait_tokens", c.maxWaitTokens, 0) })
        if (!e.empty())
            return e;
    if (!(c.abortWaitSeconds >= 0) || !std::isfinite(c.abortWaitSeconds))
        return "abort_wait_seconds must be a finite number >= 0";
    if (c.policy == PolicyKind::Vllm)
        return vllmConfigError(c.vllm);
    if (c.policy == PolicyKind::Sglang)
        return sglangConfigError(c.sglang);
    return {};
}

void schedulerConfigToJson(const SchedulerConfig& c, nlohmann::ordered_json& j)
{
    const ServerLimits& l = c.limits;
    j["policy"] = policyName(c.policy);
    j["rules"] = policyRules(c.policy);
    // S-LoRA's launch arguments (batch_max_tokens 0 = derived: max(max_total_token_num / 6, max_req_total_len)).
    j["max_total_token_num"] = l.maxTotalTokenNum;
    j["batch_max_tokens"] = l.batchMaxTokens;
    j["running_max_req_size"] = l.runningMaxReqSize;
    j["max_req_total_len"] = l.maxReqTotalLen;
    j["max_req_input_len"] = l.maxReqInputLen;
    j["max_wait_tokens"] = c.maxWaitTokens;
    j["abort_wait_seconds"] = c.abortWaitSeconds;
    const VllmConfig& v = c.vllm;
    nlohmann::ordered_json vj;
    vj["max_num_seqs"] = v.maxNumSeqs;
    vj["max_num_batched_tokens"] = v.maxNumBatchedTokens;
    vj["max_model_len"] = v.maxModelLen;
    vj["enable_chunked_prefill"] = v.enableChunkedPrefill;
    vj["enable_prefix_caching"] = v.enablePrefixCaching;
    vj["long_prefill_token_threshold"] = v.longPrefillTokenThreshold;
    vj["num_gpu_blocks"] = v.numGpuBlocks;
    vj["block_size"] = v.blockSize;
    vj["max_loras"] = v.maxLoras;
    vj["max_cpu_loras"] = v.maxCpuLoras;
    vj["max_lora_rank"] = v.maxLoraRank;
    vj["lora_scan"] = v.loraScanStops ? "stop" : "continue";
    if (v.priorityScheduling) // written when not vLLM's default, so earlier files stay byte for byte
        vj["scheduling_policy"] = "priority";
    j["vllm"] = std::move(vj);
    const SglangConfig& g = c.sglang;
    nlohmann::ordered_json gj;
    gj["max_total_tokens"] = g.maxTotalTokens;
    gj["context_length"] = g.contextLength;
    gj["max_running_requests"] = g.maxRunningRequests; // 0 = derived
    gj["chunked_prefill_size"] = g.chunkedPrefillSize; // <= 0 = off
    gj["max_prefill_tokens"] = g.maxPrefillTokens;
    gj["schedule_conservativeness"] = g.scheduleConservativeness;
    gj["enable_mixed_chunk"] = g.enableMixedChunk;
    gj["disable_radix_cache"] = g.disableRadixCache;
    gj["ignore_eos"] = g.ignoreEos;
    gj["max_loras_per_batch"] = g.maxLorasPerBatch;
    gj["max_loaded_loras"] = g.maxLoadedLoras; // 0 = unset
    gj["lora_eviction_policy"] = g.loraEvictionPolicy;
    gj["pinned_adapters"] = g.pinnedAdapters;
    gj["lora_scan"] = g.loraScanStops ? "stop" : "continue";
    j["sglang"] = std::move(gj);
}

namespace {

/// The "sglang" object schedulerConfigToJson writes.
void readSglangConfig(JsonObjectReader& r, SglangConfig& g)
{
    const nlohmann::json& raw = r.raw("sglang");
    if (!raw.is_object())
        r.fail(r.pathOf("sglang"), "expected an object");
    JsonObjectReader s(raw, r.pathOf("sglang"), r.file());
    g.maxTotalTokens = s.integer("max_total_tokens", g.maxTotalTokens);
    g.contextLength = s.integer("context_length", g.contextLength);
    g.maxRunningRequests = s.integer("max_running_requests", g.maxRunningRequests);
    g.chunkedPrefillSize = s.integer("chunked_prefill_size", g.chunkedPrefillSize);
    g.maxPrefillTokens = s.integer("max_prefill_tokens", g.maxPrefillTokens);
    g.scheduleConservativeness = s.number("schedule_conservativeness", g.scheduleConservativeness);
    g.enableMixedChunk = s.boolean("enable_mixed_chunk", g.enableMixedChunk);
    g.disableRadixCache = s.boolean("disable_radix_cache", g.disableRadixCache);
    g.ignoreEos = s.boolean("ignore_eos", g.ignoreEos);
    g.maxLorasPerBatch = s.integer("max_loras_per_batch", g.maxLorasPerBatch);
    g.maxLoadedLoras = s.integer("max_loaded_loras", g.maxLoadedLoras);
    g.loraEvictionPolicy = s.string("lora_eviction_policy", g.loraEvictionPolicy);
    if (s.has("pinned_adapters")) {
        const nlohmann::json& p = s.raw("pinned_adapters");
        if (!p.is_array())
            s.fail(s.pathOf("pinned_adapters"), "expected an array of adapter indices");
        g.pinnedAdapters.clear();
        for (const auto& v : p) {
            if (!v.is_number_unsigned() || v.get<std::uint64_t>() >= kNoAdapter)
                s.fail(s.pathOf("pinned_adapters"), "expected adapter indices (integers >= 0)");
            g.pinnedAdapters.push_back(static_cast<std::uint32_t>(v.get<std::uint64_t>()));
        }
    }
    const std::string scan = s.string("lora_scan", g.loraScanStops ? "stop" : "continue");
    if (scan != "stop" && scan != "continue")
        s.fail(s.pathOf("lora_scan"),
            "expected \"continue\" (SGLang since PR #14795) or \"stop\" (before it) (got \"" + textExcerpt(scan)
                + "\")");
    g.loraScanStops = scan == "stop";
    s.rejectUnknown();
}

} // namespace

void readSchedulerConfig(JsonObjectReader& r, SchedulerConfig& c, std::vector<std::string>* notes)
{
    if (r.has("policy")) {
        const std::string name = r.string("policy", "slora");
        const auto kind = policyFromName(name);
        if (!kind)
            r.fail(r.pathOf("policy"), "unknown policy \"" + textExcerpt(name) + "\" (known: " + policyNames() + ")");
        c.policy = *kind;
    }
    (void)r.string("rules", ""); // written for readers; the policy name decides
    ServerLimits& l = c.limits;
    l.maxTotalTokenNum = r.integer("max_total_token_num", l.maxTotalTokenNum);
    l.batchMaxTokens = r.integer("batch_max_tokens", l.batchMaxTokens);
    l.runningMaxReqSize = r.integer("running_max_req_size", l.runningMaxReqSize);
    l.maxReqTotalLen = r.integer("max_req_total_len", l.maxReqTotalLen);
    l.maxReqInputLen = r.integer("max_req_input_len", l.maxReqInputLen);
    const std::int64_t wait = r.integer("max_wait_tokens", c.maxWaitTokens);
    if (wait < 0 || wait > 1000000000)
        r.fail(
            r.pathOf("max_wait_tokens"), "must be an integer from 0 to 1000000000 (got " + std::to_string(wait) + ")");
    c.maxWaitTokens = static_cast<int>(wait);
    c.abortWaitSeconds = r.number("abort_wait_seconds", c.abortWaitSeconds);
    if (r.has("sglang"))
        readSglangConfig(r, c.sglang);
    if (!r.has("vllm"))
        return;
    const nlohmann::json& vraw = r.raw("vllm");
    if (!vraw.is_object())
        r.fail(r.pathOf("vllm"), "expected an object");
    JsonObjectReader v(vraw, r.pathOf("vllm"), r.file());
    VllmConfig& vc = c.vllm;
    // A vLLM V0 object (LoraScope's earlier model) has a watermark and no KV block count: its KV
    // capacity was max_total_token_num in blocks of block_size.
    const bool v0 = v.has("watermark") || !v.has("num_gpu_blocks");
    vc.maxNumSeqs = v.integer("max_num_seqs", vc.maxNumSeqs);
    vc.maxNumBatchedTokens = v.integer("max_num_batched_tokens", vc.maxNumBatchedTokens);
    vc.maxModelLen = v.integer("max_model_len", vc.maxModelLen);
    vc.enableChunkedPrefill = v.boolean("enable_chunked_prefill", vc.enableChunkedPrefill);
    vc.enablePrefixCaching = v.boolean("enable_prefix_caching", vc.enablePrefixCaching);
    vc.longPrefillTokenThreshold = v.integer("long_prefill_token_threshold", vc.longPrefillTokenThreshold);
    vc.blockSize = v.integer("block_size", vc.blockSize);
    vc.numGpuBlocks = v.integer("num_gpu_blocks", vc.numGpuBlocks);
    vc.maxLoras = v.integer("max_loras", vc.maxLoras);
    vc.maxCpuLoras = v.integer("max_cpu_loras", vc.maxCpuLoras);
    vc.maxLoraRank = v.integer("max_lora_rank", vc.maxLoraRank);
    const std::string scan = v.string("lora_scan", vc.loraScanStops ? "stop" : "continue");
    if (scan != "stop" && scan != "continue")
        v.fail(v.pathOf("lora_scan"),
            "expected \"continue\" (vLLM since PR #15422) or \"stop\" (early V1) (got \"" + textExcerpt(scan) + "\")");
    vc.loraScanStops = scan == "stop";
    const std::string policy = v.string("scheduling_policy", vc.priorityScheduling ? "priority" : "fcfs");
    if (policy != "fcfs" && policy != "priority")
        v.fail(v.pathOf("scheduling_policy"),
            "expected \"fcfs\" or \"priority\" (vLLM's --scheduling-policy) (got \"" + textExcerpt(policy) + "\")");
    vc.priorityScheduling = policy == "priority";
    if (v0) {
        if (v.has("watermark"))
            (void)v.number("watermark", 0.01);
        if (vc.blockSize >= 1 && l.maxTotalTokenNum >= vc.blockSize)
            vc.numGpuBlocks = l.maxTotalTokenNum / vc.blockSize + 1;
        if (notes)
            notes->push_back(r.pathOf("vllm") + ": written for LoraScope's earlier vLLM V0 model; it now runs "
                + kVllmRulesVersion + ": the watermark is dropped (V1 has none) and num_gpu_blocks = "
                + std::to_string(vc.numGpuBlocks) + " (max_total_token_num " + std::to_string(l.maxTotalTokenNum)
                + " in blocks of " + std::to_string(vc.blockSize) + ", plus the null block)");
    }
    v.rejectUnknown();
}

} // namespace lorascope
