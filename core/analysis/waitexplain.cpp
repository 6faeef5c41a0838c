// SPDX-License-Identifier: Apache-2.0
#include "analysis/waitexplain.h"

#include <cstdio>

namespace lorascope {

namespace {

/// "adapter 3, adapter 7" (and how many more) for a LoRA reason's adapters; the base model alone: "none".
std::string adapterList(const WaitReason& r)
{
    std::string out;
    std::uint32_t listed = 0;
    for (std::uint32_t a : r.adapterIds)
        if (a != kNoAdapter)
            out += (listed++ ? ", adapter " : "adapter ") + std::to_string(a);
    if (r.adapters > listed)
        out += (listed ? ", " : "") + std::to_string(r.adapters - listed) + " more";
    return listed || r.adapters ? out : "none, only the base model";
}

std::string shortNumber(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

} // namespace

WaitBreakdown breakdownWait(const WaitReason& reason, const ServerLimits& limits)
{
    WaitBreakdown b;
    b.reason = reason;
    if (reason.kind == WaitKind::TokenBudget) {
        b.kvSlots = limits.maxTotalTokenNum;
        b.adapterSlots = limits.maxTotalTokenNum - reason.limit;
    } else if (reason.kind == WaitKind::BatchMaxTokens) {
        b.derivedLimit = limits.batchMaxTokens <= 0;
    }
    return b;
}

std::string waitTitle(WaitKind kind)
{
    switch (kind) {
    case WaitKind::None:
        return "did not wait";
    case WaitKind::AdmissionWindow:
        return "waiting for the next admission check";
    case WaitKind::TokenBudget:
        return "KV cache full";
    case WaitKind::BatchMaxTokens:
        return "prefill batch full";
    case WaitKind::RunningMaxReqSize:
        return "running batch full";
    case WaitKind::MaxLoras:
        return "LoRA slots full";
    case WaitKind::MaxNumSeqs:
        return "running batch full";
    case WaitKind::MaxNumBatchedTokens:
        return "step token budget used up";
    case WaitKind::KvBlocks:
        return "KV cache blocks full";
    case WaitKind::BehindRequest:
        return "queued behind another request";
    case WaitKind::Preempted:
        return "preempted";
    case WaitKind::PreemptionStep:
        return "a running request was preempted";
    case WaitKind::MaxRunningRequests:
        return "running batch full";
    case WaitKind::BatchIsFull:
        return "queue paused (batch_is_full)";
    case WaitKind::MaxLorasPerBatch:
        return "LoRA slots full";
    case WaitKind::TokenPool:
        return "KV cache full";
    case WaitKind::MaxPrefillTokens:
        return "prefill batch full";
    case WaitKind::ChunkedPrefillSize:
        return "prefill chunk full";
    case WaitKind::Retracted:
        return "retracted";
    }
    return waitKindName(kind);
}

std::string explainWait(const WaitReason& reason, const ServerLimits& limits)
{
    const WaitBreakdown b = breakdownWait(reason, limits);
    const std::string need = std::to_string(reason.need), limit = std::to_string(reason.limit);
    switch (reason.kind) {
    case WaitKind::None:
        return "admitted at the first admission check after it arrived";
    case WaitKind::AdmissionWindow:
        return "the running batch was decoding; S-LoRA checks the queue only when nothing runs and after every "
               "max_wait_tokens decode steps";
    case WaitKind::TokenBudget: {
        std::string held = std::to_string(b.adapterSlots) + " held by the weights of ";
        held += reason.adapters > 0
            ? std::to_string(reason.adapters) + (reason.adapters == 1 ? " resident adapter" : " resident adapters")
            : "the resident adapters";
        return "needs " + need + " KV slots to run the batch to the end, but only " + limit + " are free for requests: "
            + std::to_string(b.kvSlots) + " slots (max_total_token_num) − " + held + " (rank × 4 slots each)";
    }
    case WaitKind::BatchMaxTokens:
        return "the new batch would hold " + need + " input tokens, more than batch_max_tokens = " + limit
            + (b.derivedLimit ? " (0 = default: max(max_total_token_num / 6, max_req_total_len))" : "");
    case WaitKind::RunningMaxReqSize:
        return "the running batch would hold " + need + " requests, more than running_max_req_size = " + limit;
    case WaitKind::MaxLoras: {
        std::string ids;
        for (std::uint32_t a : reason.adapterIds)
            if (a != kNoAdapter)
                ids += (ids.empty() ? "adapter " : ", adapter ") + std::to_string(a);
        return "LoRA slots full: this step's batch already has max_loras = " + limit + " adapters"
            + (ids.empty() ? "" : " (" + ids + ")");
    }
    case WaitKind::MaxNumSeqs:
        return "the running batch already holds max_num_seqs = " + limit + " requests";
    case WaitKind::MaxNumBatchedTokens:
        return reason.limit > 0
            ? "needs " + need + " tokens in one step, only " + limit
                + " of max_num_batched_tokens left (chunked prefill off)"
            : "the step's token budget (max_num_batched_tokens) was used up by requests ahead of it; it needs " + need
                + " tokens";
    case WaitKind::KvBlocks:
        return "needs " + need + " KV blocks, " + limit + " free";
    case WaitKind::Preempted:
        return "preempted (recompute, " + need + " tokens again)";
    case WaitKind::PreemptionStep:
        return "a running request was preempted in this step; vLLM schedules no waiting request then";
    case WaitKind::BehindRequest:
        return "queued behind request " + std::to_string(reason.behind)
            + ", which could not be admitted (first come, first served)";
    case WaitKind::MaxRunningRequests:
        return "the running batch would hold " + need + " requests, more than max_running_requests = " + limit
            + " (requests that finished in the last decode step count until the next one removes them)";
    case WaitKind::BatchIsFull:
        return "SGLang marked the batch full (batch_is_full) when an earlier admission failed and looks at the queue "
               "again only "
               "after a running request finishes or is retracted";
    case WaitKind::MaxLorasPerBatch:
        return "LoRA slots full: with it the step's batch would use " + need
            + " GPU LoRA slots, more than max_loras_per_batch = " + limit + " (adapters in the batch: "
            + adapterList(reason) + "; the base model takes a slot when base-model requests run)";
    case WaitKind::TokenPool:
        return "needs " + need + " KV tokens, but only " + limit
            + " are free: the pool (max_total_tokens) minus the tokens held, minus " + std::to_string(reason.reserved)
            + " reserved for the output the running and newly admitted requests will still generate "
            + "(remaining output × new_token_ratio " + shortNumber(reason.ratio) + ")";
    case WaitKind::MaxPrefillTokens:
        return "this step's prefill already takes " + need + " tokens, reaching max_prefill_tokens = " + limit;
    case WaitKind::ChunkedPrefillSize:
        return "this step's prefill already takes " + need + " tokens, reaching chunked_prefill_size = " + limit
            + " (longer prompts are prefilled in chunks over several steps)";
    case WaitKind::Retracted:
        return "retracted at " + shortNumber(reason.at)
            + " when a decode step ran out of KV tokens: its KV was freed, and it waits "
            + "again at the back of the queue to prefill " + need + " tokens (its prompt and the output so far) again";
    }
    return reason.describe();
}

} // namespace lorascope
