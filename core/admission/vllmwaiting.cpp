// SPDX-License-Identifier: Apache-2.0
// vLLM V1's schedule(), second loop: the waiting queue (the `vllm` policy's scan; the class and its
// first loop: admission/vllmpolicy.h, admission/vllm.cpp, which cites vLLM's code), and the summary
// the scan leaves for the wait reasons of the requests it passed over or stopped at.

#include "admission/vllmpolicy.h"

namespace lorascope::vllmsched {

/// The waiting loop did not run (or stops at once): everyone waits for `kind`.
void VllmPolicy::scanNotRun(WaitKind kind)
{
    beginScan();
    pending().stop = ScanSummary::Stop::All;
    pending().stopKey = kMinKey;
    pending().allKind = kind;
}

/// The next request the scan can still schedule once the batch has max_loras adapters: the
/// first (smallest key) among the heads of the base-model lane and the batch's adapters' lanes.
std::uint32_t VllmPolicy::nextCandidate() const
{
    std::uint32_t best = m_wait.laneHead(0);
    for (std::uint32_t a : m_stepAdapters) {
        const std::uint32_t h = m_wait.laneHead(a + 1);
        if (h != VllmWaitingQueue::kNil && (best == VllmWaitingQueue::kNil || m_wait.key(h) < m_wait.key(best)))
            best = h;
    }
    return best;
}

void VllmPolicy::stopAtHead(const VReq& e, std::uint32_t slot, WaitKind kind, std::int64_t need, std::int64_t limit)
{
    pending().stop = ScanSummary::Stop::Head;
    pending().stopKey = m_wait.key(slot);
    pending().headId = e.req.id;
    pending().head = WaitReason {};
    pending().head.kind = kind;
    pending().head.need = need;
    pending().head.limit = limit;
    if (kind == WaitKind::MaxLoras)
        fillLoras(pending().head, m_stepAdapters);
}

void VllmPolicy::stopAll(std::uint32_t slot, WaitKind kind)
{
    pending().stop = ScanSummary::Stop::All;
    pending().stopKey = m_wait.key(slot);
    pending().allKind = kind;
    pending().allNeed = static_cast<std::int64_t>(m_run.size()) + 1;
    pending().allLimit = kind == WaitKind::MaxNumSeqs ? m_maxSeqs : 0;
}

/// schedule(), second loop: the waiting queue (only when nothing was preempted and the budget lasts).
void VllmPolicy::scheduleWaiting(std::int64_t& budget, StepResult& r)
{
    beginScan();
    bool full = static_cast<std::int64_t>(m_stepAdapters.size()) >= m_maxLoras;
    pending().full = full; // fullKey stays kMinKey: full from the start
    std::uint32_t cur = m_wait.head();
    while (cur != VllmWaitingQueue::kNil && budget > 0) {
        VReq& e = m_entries[cur];
        if (static_cast<std::int64_t>(m_run.size()) >= m_maxSeqs) {
            stopAll(cur, WaitKind::MaxNumSeqs);
            break;
        }
        if (e.req.adapter != kNoAdapter && full && !inBatch(e.req.adapter)) {
            if (m_v.loraScanStops) { // early V1: the waiting loop ends here
                stopAtHead(e, cur, WaitKind::MaxLoras, 0, 0);
                break;
            }
            cur = nextCandidate(); // set aside: it keeps its place at the head, the scan goes on
            continue;
        }
        // get_computed_blocks (prefix caching on): the cached leading blocks, counted as vLLM's
        // prefix-cache stats count (resumed requests apart).
        const std::int64_t numTokens = e.prompt + e.output;
        const std::int64_t computed = m_blocks ? m_pool.lookup(keyOf(e), e.req.adapter, numTokens, e.table) : 0;
        if (m_v.enablePrefixCaching && !e.admittedOnce) { // PrefixCacheStats.record(preempted=False)
            r.prefixQueries += static_cast<std::uint64_t>(numTokens);
            r.prefixHits += static_cast<std::uint64_t>(computed);
        } else if (m_v.enablePrefixCaching) { // num_preemptions > 0: counted apart
            r.prefixPreemptedQueries += static_cast<std::uint64_t>(numTokens);
            r.prefixPreemptedHits += static_cast<std::uint64_t>(computed);
        }
        std::int64_t n = capByThreshold(numTokens - computed);
        if (!m_v.enableChunkedPrefill && n > budget) {
            stopAtHead(e, cur, WaitKind::MaxNumBatchedTokens, n, budget);
            break;
        }
        n = std::min(n, budget);
        std::int64_t capacity = 0, cacheAt = kMaxKey;
        bool fits = false;
        if (m_blocks) {
            fits = m_pool.allocateSlots(e.table, computed, n, numTokens, true, keyOf(e), e.req.adapter);
            if (fits) {
                capacity = static_cast<std::int64_t>(e.table.blocks.size()) * m_pool.blockSize();
                cacheAt = m_pool.nextCacheAt(e.table, keyOf(e));
            }
        } else {
            fits = m_kv.allocateSlots(capacity, computed, n);
        }
        if (!fits) { // blocks counted after the hits
            const std::int64_t need = m_blocks ? m_pool.blocksToAllocate(e.table, computed, n, true)
                                               : m_kv.blocksToAllocate(0, computed, n);
            stopAtHead(e, cur, WaitKind::KvBlocks, need, freeBlocks());
            break;
        }
        const std::uint32_t next = m_wait.next(cur);
        const WaitReason why = reasonFor(e); // from the previous scan: this one is not committed yet
        m_wait.remove(cur);
        e.running = true;
        RunState s;
        s.slot = cur;
        s.adapter = e.req.adapter;
        s.prompt = e.prompt;
        s.numTokens = numTokens;
        s.computed = computed;
        s.capacity = capacity;
        s.cacheAt = cacheAt;
        s.end = std::min(e.prompt + e.maxTokens, m_maxModelLen);
        s.scheduled = n;
        m_run.push_back(s);
        if (m_runAdaptersValid)
            noteRunAdapter(s.adapter);
        ++m_scheduled;
        if (!e.admittedOnce) {
            e.admittedOnce = true;
            e.admissionNumber = m_admissions++;
            r.admitted.push_back({ e.req.id, e.admissionNumber, why, static_cast<std::uint32_t>(computed) });
        } else {
            r.resumed.push_back({ e.req.id, e.admissionNumber, why, static_cast<std::uint32_t>(computed) });
        }
        budget -= n;
        if (e.req.adapter != kNoAdapter && !inBatch(e.req.adapter)) {
            noteAdapter(e.req.adapter);
            if (static_cast<std::int64_t>(m_stepAdapters.size()) >= m_maxLoras && !full) {
                full = true;
                pending().full = true;
                pending().fullKey = m_wait.key(cur);
            }
        }
        cur = next;
    }
    if (pending().full) {
        // (assign() would call memmove for two adapters)
        std::vector<std::uint32_t>& loras = pending().loras;
        const std::size_t n = m_stepAdapters.size();
        loras.resize(n);
        for (std::size_t j = 0; j < n; ++j)
            loras[j] = m_stepAdapters[j];
    }
    if (pending().stop == ScanSummary::Stop::Exhausted && cur != VllmWaitingQueue::kNil)
        stopAll(cur, WaitKind::MaxNumBatchedTokens); // the budget ran out
}

} // namespace lorascope::vllmsched
