// SPDX-License-Identifier: Apache-2.0
#include "analysis/waitexplain.h"

#include <cstdio>

namespace lorascope {

namespace {

/// "#3, #7" (adapter indices; "…" when the batch has more than the reason lists).
std::string adapterList(const WaitReason& r)
{
    std::string out;
    std::size_t listed = 0;
    for (std::uint32_t a : r.adapterIds) {
        if (a == kNoAdapter)
            break;
        out += (listed++ ? ", #" : "#") + std::to_string(a);
    }
    if (r.adapters > listed)
        out += (listed ? ", … (" : "(") + std::to_string(r.adapters) + " adapters)";
    return listed || r.adapters ? out : "none, only the base model";
}

std::string ratioText(double v)
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
        return "too many adapters in the batch";
    case WaitKind::MaxNumSeqs:
        return "running batch full";
    case WaitKind::MaxNumBatchedTokens:
        return "step token limit";
    case WaitKind::KvBlocks:
        return "KV cache blocks full";
    case WaitKind::BehindRequest:
        return "queued behind another request";
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
        return "the running batch was decoding; S-LoRA checks the queue only when nothing runs and after every max_wait_tokens decode steps";
    case WaitKind::TokenBudget: {
        std::string held = std::to_string(b.adapterSlots) + " held by the weights of ";
        held += reason.adapters > 0 ? std::to_string(reason.adapters) + (reason.adapters == 1 ? " resident adapter" : " resident adapters") : "the resident adapters";
        return "needs " + need + " KV slots to run the batch to the end, but only " + limit + " are free for requests: "
            + std::to_string(b.kvSlots) + " slots (max_total_token_num) − " + held + " (rank × 4 slots each)";
    }
    case WaitKind::BatchMaxTokens:
        return "the new batch would hold " + need + " input tokens, more than batch_max_tokens = " + limit
            + (b.derivedLimit ? " (0 = default: max(max_total_token_num / 6, max_req_total_len))" : "");
    case WaitKind::RunningMaxReqSize:
        return "the running batch would hold " + need + " requests, more than running_max_req_size = " + limit;
    case WaitKind::MaxLoras:
        return "the batch would use " + need + " different adapters, more than max_loras = " + limit;
    case WaitKind::MaxNumSeqs:
        return "the batch would hold " + need + " requests, more than max_num_seqs = " + limit;
    case WaitKind::MaxNumBatchedTokens:
        return "the step would process " + need + " tokens, more than max_num_batched_tokens = " + limit;
    case WaitKind::KvBlocks:
        return "the prompt needs " + need + " KV blocks, only " + limit + " are free above the watermark";
    case WaitKind::BehindRequest:
        return "queued behind request " + std::to_string(reason.behind) + ", which could not be admitted (first come, first served)";
    case WaitKind::MaxRunningRequests:
        return "the running batch would hold " + need + " requests, more than max_running_requests = " + limit
            + " (requests that finished in the last decode step count until the next one removes them)";
    case WaitKind::BatchIsFull:
        return "SGLang marked the batch full (batch_is_full) when an earlier admission failed and looks at the queue again only "
               "after a running request finishes or is retracted";
    case WaitKind::MaxLorasPerBatch:
        return "LoRA slots full: with it the step's batch would use " + need + " GPU LoRA slots, more than max_loras_per_batch = " + limit
            + " (adapters in the batch: " + adapterList(reason) + "; the base model takes a slot when base-model requests run)";
    case WaitKind::TokenPool:
        return "needs " + need + " KV tokens, but only " + limit + " are free: the pool (max_total_tokens) minus the tokens held, minus "
            + std::to_string(reason.reserved) + " reserved for the output the running and newly admitted requests will still generate "
            + "(remaining output × new_token_ratio " + ratioText(reason.ratio) + ")";
    case WaitKind::MaxPrefillTokens:
        return "this step's prefill already takes " + need + " tokens, reaching max_prefill_tokens = " + limit;
    case WaitKind::ChunkedPrefillSize:
        return "this step's prefill already takes " + need + " tokens, reaching chunked_prefill_size = " + limit
            + " (longer prompts are prefilled in chunks over several steps)";
    case WaitKind::Retracted:
        return "retracted at " + ratioText(reason.at) + " when a decode step ran out of KV tokens: its KV was freed, and it waits again "
            + "at the back of the queue to prefill " + need + " tokens (its prompt and the output so far) again";
    }
    return reason.describe();
}

} // namespace lorascope
