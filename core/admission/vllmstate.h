// SPDX-License-Identifier: Apache-2.0
#pragma once
// The `vllm` policy's per-request state and the summaries a step keeps (internal to
// admission/vllm.cpp, which has the scheduler and cites vLLM's code), with the pure functions that
// read them: a waiting request's wait reason from the last scan, and a forward pass's shape.

#include "admission/engine.h"
#include "admission/vllmblocks.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

namespace lorascope::vllmsched {

inline constexpr std::int64_t kMinKey = std::numeric_limits<std::int64_t>::min();
inline constexpr std::int64_t kMaxKey = std::numeric_limits<std::int64_t>::max();

/// A request's lasting state (waiting or running).
struct VReq {
    SimRequest req;
    std::uint64_t seq = 0; ///< submission order
    std::int64_t prompt = 0; ///< num_prompt_tokens
    std::int64_t maxTokens = 1; ///< max_tokens (0 behaves as 1, as S-LoRA's ignore_eos)
    std::int64_t output = 0; ///< num_output_tokens while waiting (the running list has the live count)
    std::uint64_t admissionNumber = 0;
    std::uint64_t waitAttempt = 0; ///< scan number of `wait` (a preemption)
    WaitReason wait;
    std::uint32_t lane = 0; ///< 0 = base model, adapter + 1
    bool admittedOnce = false, aborted = false, running = false;
    VllmBlockTable table; ///< its blocks when the pool keeps blocks (prefix caching with keys)
};

/// What a step reads and writes of a running request (the running list, in running order).
struct RunState {
    std::uint32_t slot = 0;
    std::uint32_t adapter = kNoAdapter;
    std::int64_t prompt = 0;
    std::int64_t numTokens = 0; ///< prompt + output tokens
    std::int64_t computed = 0; ///< num_computed_tokens
    std::int64_t capacity = 0; ///< tokens its KV blocks hold (blocks × block_size)
    std::int64_t end = 0; ///< finished when numTokens reaches it: min(prompt + max_tokens, max_model_len)
    /// Tokens of the current step, written by the full path only (a plain decode leaves it: it is
    /// read for the requests the waiting loop adds and as −1, finished, by endPass()).
    std::int64_t scheduled = 0;
    std::int64_t cacheAt = kMaxKey; ///< block pool: at this many tokens its next block is full and gets cached
    /// While computed < quiet, its next step is a plain decode: no block to allocate or cache, no
    /// first or last token (quietUntil(); set after every step that did not take that shortcut).
    std::int64_t quiet = kMinKey;
    std::int64_t joinedAt = 0; ///< DecodeGroup member: the group's step count when it joined (admission/vllmdecodes.h)
};

/// What the last waiting scan did, enough to say why each request it passed over waited.
struct ScanSummary {
    enum class Stop : std::uint8_t {
        Exhausted, ///< reached the end of the queue (only set-aside requests remain)
        Head, ///< stopped at a request (KV blocks, budget without chunking, early LoRA rule): those after it are behind it
        All, ///< everyone from stopKey on waits for the same limit (max_num_seqs, token budget used, preemption)
    };
    std::uint64_t attempt = 0; ///< 0 = no scan yet
    std::uint64_t newestSeq = 0; ///< requests submitted later were not there
    Stop stop = Stop::Exhausted;
    std::int64_t stopKey = kMaxKey;
    WaitReason head; ///< Stop::Head: the head's reason (set with the stop, not by reset())
    std::uint64_t headId = 0; ///< Stop::Head (likewise)
    WaitKind allKind = WaitKind::None; ///< Stop::All
    std::int64_t allNeed = 0, allLimit = 0; ///< Stop::All, MaxNumSeqs
    bool full = false; ///< the batch reached max_loras adapters during (or before) the scan
    std::int64_t fullKey = kMinKey; ///< requests after this key with other adapters were set aside
    std::vector<std::uint32_t> loras; ///< the batch's adapters when it was full

    /// Back to "no scan", keeping the vector's capacity (head and headId are read only under
    /// Stop::Head, which is set together with them).
    void reset(std::uint64_t attemptNumber, std::uint64_t newest)
    {
        attempt = attemptNumber;
        newestSeq = newest;
        stop = Stop::Exhausted;
        stopKey = kMaxKey;
        allKind = WaitKind::None;
        allNeed = allLimit = 0;
        full = false;
        fullKey = kMinKey;
        loras.clear();
    }
};

/// MaxLoras numbers: the batch's adapters (need = with one more, limit = max_loras).
inline void fillLoraWait(WaitReason& w, const std::vector<std::uint32_t>& loras, std::int64_t maxLoras)
{
    w.kind = WaitKind::MaxLoras;
    w.need = static_cast<std::int64_t>(loras.size()) + 1;
    w.limit = maxLoras;
    w.adapters = static_cast<std::uint32_t>(loras.size());
    for (std::size_t i = 0; i < w.adapterIds.size() && i < loras.size(); ++i)
        w.adapterIds[i] = loras[i];
}

/// Why `e` (waiting, at queue key `queueKey`) waited, as of scan `s`: its own event (a preemption)
/// if that is newer.
inline WaitReason reasonFromScan(
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

/// The pass's shapes and kind from the sums advance() and plainDecodes() left in r.prefillShape and
/// r.decodeShape: vLLM's LoRA kernels run at max_lora_rank for every adapter (padding);
/// `adapterRank` = Σ ranks of the step's distinct adapters.
inline void finishPassShape(std::int64_t maxLoraRank, std::int64_t adapterRank, StepResult& r)
{
    BatchShape& p = r.prefillShape;
    BatchShape& d = r.decodeShape;
    const std::int64_t padded = maxLoraRank; // vLLM's LoRA kernels run at max_lora_rank for every adapter
    p.tokenRank *= padded;
    d.tokenRank = d.loraRequests * padded;
    if (p.loraRequests > 0)
        p.maxRank = padded;
    if (d.loraRequests > 0)
        d.maxRank = padded;
    (p.requests > 0 ? p : d).adapterRank = adapterRank;
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
