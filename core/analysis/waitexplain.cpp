// SPDX-License-Identifier: Apache-2.0
#include "analysis/waitexplain.h"

namespace lorascope {

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
    }
    return reason.describe();
}

} // namespace lorascope
