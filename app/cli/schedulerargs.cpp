// SPDX-License-Identifier: Apache-2.0
#include "cli/schedulerargs.h"

#include "admission/costserving.h"

#include "util/error.h"
#include "workload/trace.h"

#include <algorithm>
#include <charconv>
#include <utility>

namespace lorascope::cli {

const std::vector<std::string>& schedulerValueFlags()
{
    static const std::vector<std::string> flags
        = { "--policy", "--max-total-token-num", "--batch-max-tokens", "--running-max-req-size", "--max-req-total-len",
              "--max-req-input-len", "--max-wait-tokens", "--max-num-seqs", "--max-num-batched-tokens",
              "--max-model-len", "--long-prefill-token-threshold", "--num-gpu-blocks", "--block-size", "--max-loras",
              "--max-cpu-loras", "--max-lora-rank", "--lora-scan", "--scheduling-policy", "--context-length",
              "--max-running-requests", "--chunked-prefill-size", "--max-prefill-tokens", "--schedule-conservativeness",
              "--max-loras-per-batch", "--max-loaded-loras", "--lora-eviction-policy", "--pinned-adapters" };
    return flags;
}

const std::vector<std::string>& schedulerBoolFlags()
{
    static const std::vector<std::string> flags = { "--no-chunked-prefill", "--no-enable-prefix-caching",
        "--enable-prefix-caching", "--enable-mixed-chunk", "--disable-ignore-eos", "--disable-radix-cache" };
    return flags;
}

std::vector<std::string> withSchedulerValueFlags(std::vector<std::string> flags)
{
    flags.insert(flags.end(), schedulerValueFlags().begin(), schedulerValueFlags().end());
    return flags;
}

std::vector<std::string> withSchedulerBoolFlags(std::vector<std::string> flags)
{
    flags.insert(flags.end(), schedulerBoolFlags().begin(), schedulerBoolFlags().end());
    return flags;
}

namespace {

// Which policies read each server flag (the help's sections): one given to a policy that does
// not read it is refused, never silently ignored.
enum : unsigned { kSLora = 1, kVllm = 2, kSglang = 4 };

struct FlagOwner {
    const char* flag;
    unsigned policies;
};

const FlagOwner kFlagOwners[] = {
    { "--batch-max-tokens", kSLora },
    { "--running-max-req-size", kSLora },
    { "--max-req-total-len", kSLora },
    { "--max-req-input-len", kSLora },
    { "--max-wait-tokens", kSLora },
    { "--max-num-seqs", kVllm },
    { "--max-num-batched-tokens", kVllm },
    { "--max-model-len", kVllm },
    { "--long-prefill-token-threshold", kVllm },
    { "--num-gpu-blocks", kVllm },
    { "--block-size", kVllm },
    { "--max-loras", kVllm },
    { "--max-cpu-loras", kVllm },
    { "--max-lora-rank", kVllm },
    { "--no-chunked-prefill", kVllm },
    { "--no-enable-prefix-caching", kVllm },
    { "--enable-prefix-caching", kVllm },
    { "--lora-scan", kVllm | kSglang },
    { "--context-length", kSglang },
    { "--max-running-requests", kSglang },
    { "--chunked-prefill-size", kSglang },
    { "--max-prefill-tokens", kSglang },
    { "--schedule-conservativeness", kSglang },
    { "--max-loras-per-batch", kSglang },
    { "--max-loaded-loras", kSglang },
    { "--lora-eviction-policy", kSglang },
    { "--pinned-adapters", kSglang },
    { "--enable-mixed-chunk", kSglang },
    { "--disable-ignore-eos", kSglang },
    { "--disable-radix-cache", kSglang },
};

unsigned policyBit(PolicyKind p)
{
    return p == PolicyKind::Vllm ? kVllm : p == PolicyKind::Sglang ? kSglang : kSLora;
}

std::string ownerText(unsigned policies)
{
    std::string out;
    for (const auto& [bit, name] : { std::pair { kSLora, "--policy slora or slora-abort" },
             std::pair { kVllm, "--policy vllm" }, std::pair { kSglang, "--policy sglang" } })
        if (policies & bit)
            out += (out.empty() ? "" : " or ") + std::string(name);
    return out;
}

void applyFlags(const Args& a, SchedulerConfig& c, const CostModel* preset)
{
    if (const auto text = a.value("--policy")) {
        const auto policy = policyFromName(*text);
        if (!policy)
            throw UsageError("--policy must be one of " + policyNames() + " (got \"" + text->substr(0, 40) + "\")");
        c.policy = *policy;
    }
    for (const FlagOwner& f : kFlagOwners)
        if (a.has(f.flag) && !(f.policies & policyBit(c.policy)))
            throw UsageError(std::string(f.flag) + " is read under " + ownerText(f.policies) + "; --policy "
                + policyName(c.policy) + " does not read it");
    if (c.policy == PolicyKind::Vllm && a.has("--max-total-token-num"))
        throw UsageError(a.spelling("--max-total-token-num")
            + " is read under the S-LoRA and SGLang policies; vLLM's KV cache is --num-gpu-blocks × --block-size");
    // Ranges are checked by parseArgs (cli/options.cpp).
    ServerLimits& l = c.limits;
    // --max-total-tokens is S-LoRA's --max-total-token-num in LoraScope's older spelling, and SGLang's
    // KV pool: it sets the selected server's (cli/options.cpp makes it an alias of the S-LoRA flag).
    if (c.policy == PolicyKind::Sglang) {
        if (a.has("--max-total-token-num")) {
            if (a.spelling("--max-total-token-num") != "--max-total-tokens")
                throw UsageError(
                    "--max-total-token-num is S-LoRA's max_total_token_num; SGLang's KV pool is --max-total-tokens");
            c.sglang.maxTotalTokens = a.integer("--max-total-token-num", c.sglang.maxTotalTokens);
        }
    } else {
        l.maxTotalTokenNum = a.integer("--max-total-token-num", l.maxTotalTokenNum);
    }
    l.batchMaxTokens = a.integer("--batch-max-tokens", l.batchMaxTokens);
    l.runningMaxReqSize = a.integer("--running-max-req-size", l.runningMaxReqSize);
    l.maxReqTotalLen = a.integer("--max-req-total-len", l.maxReqTotalLen);
    l.maxReqInputLen = a.integer("--max-req-input-len", l.maxReqInputLen);
    c.maxWaitTokens = static_cast<int>(a.integer("--max-wait-tokens", c.maxWaitTokens));
    VllmConfig& v = c.vllm;
    v.maxNumSeqs = a.integer("--max-num-seqs", v.maxNumSeqs);
    v.maxNumBatchedTokens = a.integer("--max-num-batched-tokens", v.maxNumBatchedTokens);
    v.maxModelLen = a.integer("--max-model-len", v.maxModelLen);
    v.longPrefillTokenThreshold = a.integer("--long-prefill-token-threshold", v.longPrefillTokenThreshold);
    v.numGpuBlocks = a.integer("--num-gpu-blocks", v.numGpuBlocks);
    v.blockSize = a.integer("--block-size", v.blockSize);
    v.maxLoras = a.integer("--max-loras", v.maxLoras);
    v.maxCpuLoras = a.integer("--max-cpu-loras", v.maxCpuLoras);
    v.maxLoraRank = a.integer("--max-lora-rank", v.maxLoraRank);
    if (a.has("--no-chunked-prefill"))
        v.enableChunkedPrefill = false;
    if (a.has("--no-enable-prefix-caching") && a.has("--enable-prefix-caching"))
        throw UsageError("give --enable-prefix-caching or --no-enable-prefix-caching, not both");
    if (a.has("--no-enable-prefix-caching"))
        v.enablePrefixCaching = false;
    if (a.has("--enable-prefix-caching"))
        v.enablePrefixCaching = true;
    if (const auto scan = a.value("--lora-scan")) {
        if (*scan != "continue" && *scan != "stop")
            throw UsageError("--lora-scan must be continue or stop (got \"" + scan->substr(0, 40) + "\")");
        v.loraScanStops = *scan == "stop";
        c.sglang.loraScanStops = v.loraScanStops;
    }
    if (const auto policy = a.value("--scheduling-policy")) {
        if (*policy != "fcfs" && *policy != "priority")
            throw UsageError("--scheduling-policy must be fcfs or priority (got \"" + policy->substr(0, 40) + "\")");
        v.priorityScheduling = *policy == "priority";
        if (c.policy != PolicyKind::Vllm) // refused whatever its value, as every flag of another policy
            throw UsageError(c.policy == PolicyKind::Sglang
                    ? "--scheduling-policy is vLLM's flag; SGLang's priority scheduling "
                      "(--enable-priority-scheduling) is not modelled"
                    : "--scheduling-policy is vLLM's flag: S-LoRA has no priority scheduling (its ReqQueue is "
                      "FIFO); use --policy vllm");
    }
    SglangConfig& g = c.sglang;
    g.contextLength = a.integer("--context-length", g.contextLength);
    g.maxRunningRequests = a.integer("--max-running-requests", g.maxRunningRequests);
    g.chunkedPrefillSize = a.integer("--chunked-prefill-size", g.chunkedPrefillSize);
    g.maxPrefillTokens = a.integer("--max-prefill-tokens", g.maxPrefillTokens);
    g.scheduleConservativeness = a.number("--schedule-conservativeness", g.scheduleConservativeness);
    g.maxLorasPerBatch = a.integer("--max-loras-per-batch", g.maxLorasPerBatch);
    g.maxLoadedLoras = a.integer("--max-loaded-loras", g.maxLoadedLoras);
    if (a.has("--enable-mixed-chunk"))
        g.enableMixedChunk = true;
    if (a.has("--disable-ignore-eos"))
        g.ignoreEos = false;
    if (a.has("--disable-radix-cache"))
        g.disableRadixCache = true;
    if (const auto policy = a.value("--lora-eviction-policy")) {
        if (*policy != "lru" && *policy != "fifo")
            throw UsageError("--lora-eviction-policy must be lru or fifo (got \"" + policy->substr(0, 40) + "\")");
        g.loraEvictionPolicy = *policy;
    }
    if (const auto pinned = a.value("--pinned-adapters")) {
        g.pinnedAdapters.clear();
        std::size_t from = 0;
        while (from <= pinned->size()) {
            const std::size_t comma = std::min(pinned->find(',', from), pinned->size());
            const std::string item = pinned->substr(from, comma - from);
            std::uint32_t index = 0;
            const auto res = std::from_chars(item.data(), item.data() + item.size(), index);
            if (item.empty() || res.ec != std::errc() || res.ptr != item.data() + item.size() || index == kNoAdapter)
                throw UsageError("--pinned-adapters takes adapter indices separated by commas, e.g. 0,3 (got \""
                    + pinned->substr(0, 40) + "\")");
            g.pinnedAdapters.push_back(index);
            from = comma + 1;
        }
    }
    if (preset && c.policy == PolicyKind::Vllm) {
        const ServingGiven given { a.has("--max-num-batched-tokens"), a.has("--num-gpu-blocks"),
            a.has("--max-model-len") };
        if (const std::string refusal = applyServingDefaults(*preset, v, given); !refusal.empty())
            throw UsageError(refusal);
    }
    if (const std::string error = schedulerConfigError(c); !error.empty())
        throw UsageError(policyRules(c.policy) + " would refuse to start: " + error);
}

} // namespace

void applySchedulerArgs(const Args& a, SchedulerConfig& c)
{
    applyFlags(a, c, nullptr);
}

void applySchedulerArgs(const Args& a, SchedulerConfig& c, const CostModel& preset)
{
    applyFlags(a, c, &preset);
}

void checkSchedulerAdapters(const SchedulerConfig& c, std::size_t adapters, const std::string& what)
{
    if (c.policy != PolicyKind::Sglang)
        return;
    for (std::uint32_t index : c.sglang.pinnedAdapters)
        if (index >= adapters)
            throw InputError("--pinned-adapters: adapter index " + std::to_string(index) + " does not exist (" + what
                    + " has " + std::to_string(adapters) + " adapters"
                    + (adapters ? ", 0 to " + std::to_string(adapters - 1) : std::string()) + ")",
                {}, 0, "--pinned-adapters");
}

} // namespace lorascope::cli
