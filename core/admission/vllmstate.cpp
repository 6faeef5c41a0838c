// SPDX-License-Identifier: Apache-2.0
#include "admission/vllmstate.h"

#include <algorithm>

namespace lorascope::vllmsched {

void fillLoraWait(WaitReason& w, const std::vector<std::uint32_t>& loras, std::int64_t maxLoras)
{
    w.kind = WaitKind::MaxLoras;
    w.need = static_cast<std::int64_t>(loras.size()) + 1;
    w.limit = maxLoras;
    w.adapters = static_cast<std::uint32_t>(loras.size());
    for (std::size_t i = 0; i < w.adapterIds.size() && i < loras.size(); ++i)
        w.adapterIds[i] = loras[i];
}

WaitReason reasonFromScan(
    const ScanSummary& s, const VReq& e, std::int64_t queueKey, std::int64_t maxLoras, std::int64_t threshold)
{
    if (s.attempt == 0 || s.attempt <= e.waitAttempt || e.seq > s.newestSeq)
        return e.wait;
    const std::int64_t key = queueKey;
    WaitReason w;
    if (key < s.stopKey) {
        // Passed over by the scan: set aside for max_loras (nothing else is passed over).
        if (s.full && key > s.fullKey && e.req.adapter != kNoAdapter
            && std::find(s.loras.begin(), s.loras.end(), e.req.adapter) == s.loras.end()) {
            fillLoraWait(w, s.loras, maxLoras);
            return w;
        }
        return e.wait;
    }
    if (s.stop == ScanSummary::Stop::Head) {
        if (key == s.stopKey)
            return s.head;
        w.kind = WaitKind::BehindRequest;
        w.behind = s.headId;
        return w;
    }
    w.kind = s.allKind;
    if (s.allKind == WaitKind::MaxNumSeqs) {
        w.need = s.allNeed;
        w.limit = s.allLimit;
    } else if (s.allKind == WaitKind::MaxNumBatchedTokens) {
        const std::int64_t n = e.prompt + e.output;
        w.need = threshold > 0 && n > threshold ? threshold : n;
        w.limit = 0; // the step's budget was used up before it
    }
    return w;
}

void finishPassShape(PassSums& sums, std::int64_t maxLoraRank, std::int64_t adapterRank, StepResult& r)
{
    BatchShape& p = sums.p;
    BatchShape& d = sums.d;
    const std::int64_t padded = maxLoraRank; // vLLM's LoRA kernels run at max_lora_rank for every adapter
    p.tokenRank *= padded;
    d.tokenRank = d.loraRequests * padded;
    if (p.loraRequests > 0)
        p.maxRank = padded;
    if (d.loraRequests > 0)
        d.maxRank = padded;
    (p.requests > 0 ? p : d).adapterRank = adapterRank;
    r.prefillShape = p;
    r.decodeShape = d;
    BatchShape& t = r.shape;
    t.requests = p.requests + d.requests;
    t.tokens = p.tokens + d.tokens;
    t.context = p.context + d.context;
    t.tokenRank = p.tokenRank + d.tokenRank;
    t.adapterRank = adapterRank;
    t.tokenSquared = p.tokenSquared + d.tokenSquared;
    t.loraRequests = p.loraRequests + d.loraRequests;
    t.maxRank = std::max(p.maxRank, d.maxRank);
    r.kind = d.requests == 0 ? StepKind::Prefill : p.requests == 0 ? StepKind::Decode : StepKind::Mixed;
}

} // namespace lorascope::vllmsched
