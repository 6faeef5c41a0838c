// SPDX-License-Identifier: Apache-2.0
// S-LoRA's ReqQueue / AbortReqQueue and RouterManager._step, transcribed into an incremental form.
//
// Reference (S-LoRA/S-LoRA): slora/server/router/req_queue.py (_init_cache_list, _can_add_new_req,
// generate_new_batch), abort_req_queue.py, manager.py (_step, _prefill_batch, _decode_batch,
// _handle_finish_req, _filter_runing_batch), io_struct.py (Req, Batch), model_infer/infer_adapter.py
// (load_adapters loads what is not resident; offload_adapters(reserve) drops the rest).
//
// Data layout: the running batch (admission/runningbatch.h) keeps its requests sorted by tokens left
// with the bookkeeping of its peak KV need, which gives the same `need` as S-LoRA's sort + cumsum
// without sorting. Adapters are counted per running request, so the distinct adapters of the
// batch and the resident ones that no running request uses are known without scanning.

#include "admission/policy.h"
#include "admission/runningbatch.h"
#include "admission/slotindex.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <map>
#include <unordered_map>

namespace lorascope {

RejectReason sloraRejection(const SimRequest& request, const ServerLimits& limits)
{
    if (static_cast<std::int64_t>(request.inputLen) > limits.maxReqInputLen)
        return RejectReason::InputTooLong;
    if (static_cast<std::int64_t>(request.inputLen) + static_cast<std::int64_t>(request.outputLen)
        > limits.maxReqTotalLen)
        return RejectReason::TotalTooLong;
    return RejectReason::None;
}

namespace {

constexpr std::uint32_t kNoSlot = std::numeric_limits<std::uint32_t>::max();

struct Entry {
    SimRequest req;
    std::uint64_t seq = 0; ///< submission order
    std::uint64_t stepAtSubmit = 0; ///< forward passes done when it arrived
    std::int64_t key = 0; ///< running: left = key − decodes
    std::int64_t base = 0; ///< running: used = base + decodes
    std::int64_t maxNew = 1;
    bool aborted = false;
    bool running = false;
    bool inWait = false;
};

class SLoraPolicy final : public Policy {
public:
    SLoraPolicy(const SchedulerConfig& config, bool abortQueue)
        : m_config(config)
        , m_abortQueue(abortQueue)
        , m_maxTotal(config.limits.maxTotalTokenNum)
        , m_batchMax(config.limits.effectiveBatchMaxTokens())
        , m_runningMax(config.limits.runningMaxReqSize)
    {
    }

    RejectReason submit(const SimRequest& request) override
    {
        RejectReason why = sloraRejection(request, m_config.limits);
        if (why != RejectReason::None)
            return why;
        std::uint32_t slot = allocate();
        Entry& e = m_entries[slot];
        e = Entry();
        e.req = request;
        e.seq = m_nextSeq++;
        e.stepAtSubmit = m_steps;
        // S-LoRA with ignore_eos always emits the prefill token, so max_new_tokens 0 behaves as 1.
        e.maxNew = std::max<std::int64_t>(1, request.outputLen);
        e.inWait = true;
        m_index.insert(request.id, slot);
        m_wait.push_back(slot);
        ++m_waitCount;
        m_stalled = false;
        if (request.adapter != kNoAdapter)
            ensureAdapter(request.adapter, request.rank);
        return RejectReason::None;
    }

    bool abort(std::uint64_t id) override
    {
        const std::uint32_t slot = m_index.find(id);
        if (slot == SlotIndex::kNone)
            return false;
        Entry& e = m_entries[slot];
        if (e.aborted)
            return false;
        e.aborted = true;
        if (e.running) {
            ++m_abortedRunning; // filtered after the next decode pass, like S-LoRA
        } else {
            --m_waitCount;
            m_pendingDrops.push_back({ id, DropReason::Aborted, reasonFor(e) });
            m_index.erase(id); // the slot is released when the queue passes it
            m_stalled = false;
        }
        return true;
    }

    bool idle() const override { return m_waitCount == 0 && m_run.empty() && m_pendingDrops.empty(); }
    bool stalled() const override { return m_stalled && m_run.empty() && m_waitCount > 0; }
    std::size_t queueLength() const override { return m_waitCount; }
    std::size_t runningRequests() const override { return m_run.size(); }

    double nextTimeout() const override
    {
        if (!m_abortQueue)
            return std::numeric_limits<double>::infinity();
        double earliest = std::numeric_limits<double>::infinity();
        for (std::size_t i = m_head; i < m_wait.size(); ++i) {
            const Entry& e = m_entries[m_wait[i]];
            if (!e.aborted && e.inWait)
                earliest = std::min(earliest, e.req.arrival + m_config.abortWaitSeconds);
        }
        return earliest;
    }

    WaitReason waitReason(std::uint64_t id) const override
    {
        const std::uint32_t slot = m_index.find(id);
        if (slot == SlotIndex::kNone)
            return {};
        const Entry& e = m_entries[slot];
        return e.running ? WaitReason() : reasonFor(e);
    }

    StepResult step(double now) override
    {
        StepResult r;
        stepInto(now, r);
        return r;
    }

    void stepInto(double now, StepResult& r) override
    {
        r.clear();
        r.kvCapacity = m_maxTotal;
        r.dropped.swap(m_pendingDrops);
        if (m_run.empty()) {
            // RouterManager._step with no running batch: form a batch, load, prefill.
            scan(now, r);
            if (m_batch.empty()) {
                m_stalled = m_waitCount > 0;
                finishStep(r);
                return;
            }
            prefill(r);
            m_hasWaitTokens = 0;
        } else if (m_hasWaitTokens < m_config.maxWaitTokens) {
            decode(r);
            ++m_hasWaitTokens;
        } else {
            scan(now, r);
            if (!m_batch.empty()) {
                prefill(r);
                m_hasWaitTokens = 0;
            } else {
                decode(r); // has_wait_tokens stays: the next step tries again
            }
        }
        ++m_steps;
        finishStep(r);
    }

private:
    struct Blocked {
        bool valid = false;
        std::uint64_t newestSeq = 0; ///< newest request present at that attempt
        std::uint64_t headSeq = 0;
        std::uint64_t headId = 0;
        WaitReason reason;
    };

    std::uint32_t allocate()
    {
        if (!m_free.empty()) {
            std::uint32_t s = m_free.back();
            m_free.pop_back();
            return s;
        }
        m_entries.emplace_back();
        return static_cast<std::uint32_t>(m_entries.size() - 1);
    }
    void release(std::uint32_t slot) { m_free.push_back(slot); }

    void ensureAdapter(std::uint32_t adapter, int rank)
    {
        if (adapter >= m_adapterRank.size()) {
            std::size_t n = std::max<std::size_t>(adapter + 1, m_adapterRank.size() * 2);
            m_adapterRank.resize(n, 0);
            m_runCount.resize(n, 0);
            m_loaded.resize(n, 0);
            m_loadSeq.resize(n, 0);
            m_inIdleList.resize(n, 0);
            m_mark.resize(n, 0);
        }
        m_adapterRank[adapter] = rank;
    }

    WaitReason reasonFor(const Entry& e) const
    {
        if (m_lastBlocked.valid && m_lastBlocked.newestSeq >= e.seq) {
            if (m_lastBlocked.headSeq == e.seq)
                return m_lastBlocked.reason;
            WaitReason w;
            w.kind = WaitKind::BehindRequest;
            w.behind = m_lastBlocked.headId;
            return w;
        }
        if (m_steps > e.stepAtSubmit) {
            WaitReason w;
            w.kind = WaitKind::AdmissionWindow;
            return w;
        }
        return {};
    }

    void block(const Entry& head, WaitKind kind, std::int64_t need, std::int64_t limit, StepResult& r)
    {
        m_lastBlocked.valid = true;
        m_lastBlocked.newestSeq = m_nextSeq - 1;
        m_lastBlocked.headSeq = head.seq;
        m_lastBlocked.headId = head.req.id;
        m_lastBlocked.reason = WaitReason { kind, need, limit, 0 };
        r.blocked = m_lastBlocked.reason;
    }

    /// generate_new_batch (ReqQueue or AbortReqQueue): fills m_batch with the admitted slots.
    void scan(double now, StepResult& r)
    {
        m_batch.clear();
        m_batchWait.clear();
        // generate_new_batch returns at once when the running batch is full (before any other work).
        if (!m_run.empty() && static_cast<std::int64_t>(m_run.size()) >= m_runningMax) {
            if (const Entry* head = firstWaiting(false)) {
                r.attempted = true;
                block(*head, WaitKind::RunningMaxReqSize, static_cast<std::int64_t>(m_run.size()) + 1, m_runningMax, r);
            }
            return;
        }
        bool newestFirst = false;
        if (m_abortQueue) {
            // AbortReqQueue: apprx_req_rate from the queue length before the timeouts are removed.
            m_apprxReqRate = static_cast<std::int64_t>(
                0.7 * static_cast<double>(static_cast<std::int64_t>(m_waitCount) - m_lastReqNum)
                + 0.3 * static_cast<double>(m_apprxReqRate));
            dropTimedOut(now, r);
            newestFirst = m_apprxReqRate >= m_apprxBs;
        }
        if (m_waitCount == 0)
            return;
        r.attempted = true;
        // _init_cache_list
        m_cand.clear();
        m_run.prepareBound();
        ++m_epoch;
        std::int64_t adapterSize = m_runAdapterSize;
        std::uint32_t adapterCount = static_cast<std::uint32_t>(m_runDistinct); // adapters counted in adapterSize
        std::int64_t batchTokens = 0;
        const std::size_t n = m_wait.size();
        for (std::size_t step = m_head; step < n; ++step) {
            std::size_t pos = newestFirst ? (n - 1 - (step - m_head)) : step;
            std::uint32_t slot = m_wait[pos];
            Entry& e = m_entries[slot];
            if (e.aborted || !e.inWait)
                continue;
            // _can_add_new_req: append (input + 1, max_new − 1), count the adapter once.
            const NeedCandidate c
                = m_run.candidate(e.maxNew - 1, static_cast<std::int64_t>(e.req.inputLen) + 1, m_decodes);
            auto at = std::upper_bound(m_cand.begin(), m_cand.end(), c,
                [](const NeedCandidate& a, const NeedCandidate& b) { return a.left > b.left; });
            m_cand.insert(at, c);
            const std::uint32_t a = e.req.adapter;
            if (a != kNoAdapter && m_runCount[a] == 0 && m_mark[a] != m_epoch) {
                m_mark[a] = m_epoch;
                adapterSize += static_cast<std::int64_t>(m_adapterRank[a]) * 4;
                ++adapterCount;
            }
            const std::int64_t count = static_cast<std::int64_t>(m_run.size() + m_cand.size());
            // The bound settles most candidates; the exact need is walked only when it reaches the limit.
            const std::int64_t limit = m_maxTotal - adapterSize;
            if (!(m_run.needBound(m_cand, m_decodes) < limit)) {
                const std::int64_t needTokens = m_run.need(m_cand, m_decodes);
                if (!(needTokens < limit)) {
                    block(e, WaitKind::TokenBudget, needTokens, limit, r);
                    m_lastBlocked.reason.adapters = adapterCount;
                    r.blocked = m_lastBlocked.reason;
                    break;
                }
            }
            if (count > m_runningMax) {
                block(e, WaitKind::RunningMaxReqSize, count, m_runningMax, r);
                break;
            }
            if (batchTokens + e.req.inputLen > m_batchMax) {
                block(e, WaitKind::BatchMaxTokens, batchTokens + e.req.inputLen, m_batchMax, r);
                break;
            }
            batchTokens += e.req.inputLen;
            m_batch.push_back(slot);
            m_batchWait.push_back(reasonFor(e)); // before this scan's own block() replaces m_lastBlocked
        }
        if (m_batch.empty())
            return;
        for (std::uint32_t slot : m_batch) {
            m_entries[slot].inWait = false;
            --m_waitCount;
        }
        if (m_abortQueue) {
            compactWait();
            m_lastReqNum = static_cast<std::int64_t>(m_waitCount);
            m_apprxBs = std::max<std::int64_t>(static_cast<std::int64_t>(0.7 * static_cast<double>(m_batch.size())
                                                   + 0.3 * static_cast<double>(m_apprxBs)),
                1);
        } else {
            popFront();
        }
    }

    const Entry* firstWaiting(bool newestFirst) const
    {
        const std::size_t n = m_wait.size();
        for (std::size_t step = m_head; step < n; ++step) {
            std::size_t pos = newestFirst ? (n - 1 - (step - m_head)) : step;
            const Entry& e = m_entries[m_wait[pos]];
            if (!e.aborted && e.inWait)
                return &e;
        }
        return nullptr;
    }

    /// AbortReqQueue: drop every waiting request with attainment_func(now − stamp + 0.5) == 0.
    void dropTimedOut(double now, StepResult& r)
    {
        bool any = false;
        for (std::size_t i = m_head; i < m_wait.size(); ++i) {
            Entry& e = m_entries[m_wait[i]];
            if (e.aborted || !e.inWait)
                continue;
            if (now - e.req.arrival + 0.5 >= m_config.abortWaitSeconds + 0.5) {
                r.dropped.push_back({ e.req.id, DropReason::Timeout, reasonFor(e) });
                e.inWait = false;
                e.aborted = true;
                m_index.erase(e.req.id);
                --m_waitCount;
                any = true;
            }
        }
        if (any)
            compactWait();
    }

    /// Removes admitted, dropped and aborted entries from the waiting list, keeping order.
    void compactWait()
    {
        std::size_t out = 0;
        for (std::size_t i = m_head; i < m_wait.size(); ++i) {
            std::uint32_t slot = m_wait[i];
            const Entry& e = m_entries[slot];
            if (e.inWait && !e.aborted)
                m_wait[out++] = slot;
            else if (e.aborted)
                release(slot); // dead (aborted or timed out); admitted entries now belong to the batch
        }
        m_wait.resize(out);
        m_head = 0;
    }

    /// FIFO: the admitted requests are a prefix of the live queue; drop them (and dead entries) from the front.
    void popFront()
    {
        while (m_head < m_wait.size()) {
            std::uint32_t slot = m_wait[m_head];
            const Entry& e = m_entries[slot];
            if (e.inWait && !e.aborted)
                break;
            if (e.aborted)
                release(slot);
            ++m_head;
        }
        if (m_head > 1024 && m_head * 2 > m_wait.size()) {
            m_wait.erase(m_wait.begin(), m_wait.begin() + static_cast<std::ptrdiff_t>(m_head));
            m_head = 0;
        }
    }

    void loadAdapters(StepResult& r)
    {
        for (std::uint32_t slot : m_batch) {
            std::uint32_t a = m_entries[slot].req.adapter;
            if (a == kNoAdapter || m_loaded[a])
                continue;
            m_loaded[a] = 1;
            m_loadSeq[a] = m_loads++;
            ++m_loadedCount;
            markIdle(a); // until its requests join the running batch
            m_loadedSize += static_cast<std::int64_t>(m_adapterRank[a]) * 4;
            r.loadedAdapters.push_back(a);
            r.loadedRanks.push_back(m_adapterRank[a]);
            r.loadedFrom.push_back(AdapterTier::Cpu); // S-LoRA keeps every adapter in host memory
        }
    }

    /// offload_adapters(reserve = adapter_dirs of the running batch). InferAdapter.offload_adapters
    /// returns early when len(reserve) == len(resident adapters); the reserve set counts the base
    /// model (None) too, so with base-model requests running an unused adapter can stay resident.
    /// The resident adapters that no running request uses are the ones marked idle since the last
    /// offload (and still idle); they are offloaded in load order, as S-LoRA walks its adapter list.
    void offloadUnused(StepResult& r)
    {
        const std::size_t reserve = m_runDistinct + (m_runBaseRequests > 0 ? 1 : 0);
        if (reserve == m_loadedCount)
            return;
        std::size_t out = 0;
        for (std::uint32_t a : m_idleList) {
            m_inIdleList[a] = 0;
            if (m_loaded[a] && m_runCount[a] == 0)
                m_idleList[out++] = a;
        }
        m_idleList.resize(out);
        std::sort(m_idleList.begin(), m_idleList.end(),
            [this](std::uint32_t a, std::uint32_t b) { return m_loadSeq[a] < m_loadSeq[b]; });
        for (std::uint32_t a : m_idleList) {
            m_loaded[a] = 0;
            --m_loadedCount;
            m_loadedSize -= static_cast<std::int64_t>(m_adapterRank[a]) * 4;
            r.unloadedAdapters.push_back(a);
        }
        m_idleList.clear();
    }

    void markIdle(std::uint32_t a)
    {
        if (!m_inIdleList[a]) {
            m_inIdleList[a] = 1;
            m_idleList.push_back(a);
        }
    }

    void addRunning(Entry& e)
    {
        e.running = true;
        m_runBase += e.base;
        m_runRank += static_cast<std::int64_t>(e.req.rank);
        if (e.req.adapter != kNoAdapter)
            ++m_runRankCount[e.req.rank];
        std::uint32_t a = e.req.adapter;
        if (a == kNoAdapter) {
            ++m_runBaseRequests;
        } else if (m_runCount[a]++ == 0) {
            m_runAdapterSize += static_cast<std::int64_t>(m_adapterRank[a]) * 4;
            m_runAdapterRank += m_adapterRank[a];
            ++m_runDistinct;
        }
    }

    void removeRunning(Entry& e)
    {
        e.running = false;
        m_runBase -= e.base;
        m_runRank -= static_cast<std::int64_t>(e.req.rank);
        if (e.req.adapter != kNoAdapter) {
            auto it = m_runRankCount.find(e.req.rank);
            if (it != m_runRankCount.end() && --it->second == 0)
                m_runRankCount.erase(it);
        }
        std::uint32_t a = e.req.adapter;
        if (a == kNoAdapter) {
            --m_runBaseRequests;
        } else if (--m_runCount[a] == 0) {
            m_runAdapterSize -= static_cast<std::int64_t>(m_adapterRank[a]) * 4;
            m_runAdapterRank -= m_adapterRank[a];
            --m_runDistinct;
            if (m_loaded[a])
                markIdle(a);
        }
    }

    void prefill(StepResult& r)
    {
        const bool firstBatch = m_run.empty();
        loadAdapters(r);
        r.kind = StepKind::Prefill;
        ++m_epoch;
        BatchShape& s = r.shape;
        s.requests = static_cast<std::int64_t>(m_batch.size());
        std::size_t keep = 0;
        for (std::size_t b = 0; b < m_batch.size(); ++b) {
            const std::uint32_t slot = m_batch[b];
            Entry& e = m_entries[slot];
            const std::int64_t in = e.req.inputLen;
            s.tokens += in;
            s.context += in;
            s.tokenRank += in * e.req.rank;
            s.tokenSquared += in * in;
            if (e.req.adapter != kNoAdapter) {
                ++s.loraRequests;
                s.maxRank = std::max<std::int64_t>(s.maxRank, e.req.rank);
            }
            if (e.req.adapter != kNoAdapter && m_mark[e.req.adapter] != m_epoch) {
                m_mark[e.req.adapter] = m_epoch;
                s.adapterRank += m_adapterRank[e.req.adapter];
            }
            r.admitted.push_back({ e.req.id, m_admissions++, m_batchWait[b] });
            r.firstTokens.push_back(e.req.id); // every prefill samples the request's first token
            if (m_config.reportTokens)
                r.tokens.push_back(e.req.id);
            if (e.maxNew <= 1) { // finished by its prefill token
                r.finished.push_back(e.req.id);
                m_index.erase(e.req.id);
                release(slot);
                continue;
            }
            // after the prefill token: used = input + 1, left = max_new − 2
            e.key = e.maxNew - 2 + m_decodes;
            e.base = in + 1 - m_decodes;
            addRunning(e);
            m_batch[keep++] = slot;
        }
        m_batch.resize(keep);
        // merge the new requests into the running batch, keeping it sorted by left (descending)
        std::sort(m_batch.begin(), m_batch.end(),
            [this](std::uint32_t a, std::uint32_t b) { return m_entries[a].key > m_entries[b].key; });
        m_joining.clear();
        for (std::uint32_t slot : m_batch)
            m_joining.push_back({ slot, m_entries[slot].key, m_entries[slot].base });
        m_run.merge(m_joining);
        // _prefill_batch finishes with minibatch=True (no offload); only an emptied first batch offloads all.
        if (firstBatch && m_run.empty())
            offloadUnused(r);
    }

    void decode(StepResult& r)
    {
        r.kind = StepKind::Decode;
        BatchShape& s = r.shape;
        const std::int64_t n = static_cast<std::int64_t>(m_run.size());
        s.requests = n;
        s.tokens = n;
        s.context = m_runBase + n * m_decodes;
        s.tokenRank = m_runRank;
        s.loraRequests = n - static_cast<std::int64_t>(m_runBaseRequests);
        s.maxRank = m_runRankCount.empty() ? 0 : m_runRankCount.rbegin()->first;
        s.adapterRank = m_runAdapterRank;
        ++m_decodes;
        if (m_config.reportTokens)
            for (std::uint32_t slot : m_run.slotOrder())
                if (!m_entries[slot].aborted)
                    r.tokens.push_back(m_entries[slot].req.id);
        bool changed = false;
        if (m_abortedRunning > 0) {
            m_run.removeIf([&](std::uint32_t slot) {
                Entry& e = m_entries[slot];
                if (!e.aborted)
                    return false;
                r.dropped.push_back({ e.req.id, DropReason::Aborted, {} });
                removeRunning(e);
                m_index.erase(e.req.id);
                release(slot);
                return true;
            });
            m_abortedRunning = 0;
            changed = true;
        }
        // finished: generated == max_new ⇔ left == −1; they sit at the back (smallest key)
        while (!m_run.empty() && m_run.backKey() - m_decodes < 0) {
            std::uint32_t slot = m_run.backSlot();
            m_run.popBack();
            Entry& e = m_entries[slot];
            r.finished.push_back(e.req.id);
            removeRunning(e);
            m_index.erase(e.req.id);
            release(slot);
            changed = true;
        }
        if (changed) // _handle_finish_req(minibatch=False) → offload_adapters(batch.adapter_dirs)
            offloadUnused(r);
    }

    void finishStep(StepResult& r)
    {
        m_cand.clear();
        const std::int64_t n = static_cast<std::int64_t>(m_run.size());
        r.kvNeed = m_run.need() + m_runAdapterSize;
        r.kvUsed = m_runBase + n * m_decodes + m_loadedSize;
        r.adapterSlots = m_loadedSize;
        r.runningRequests = static_cast<std::uint32_t>(n);
        r.queueLength = static_cast<std::uint32_t>(m_waitCount);
        r.residentAdapters = static_cast<std::uint32_t>(m_loadedCount);
    }

    SchedulerConfig m_config;
    bool m_abortQueue;
    std::int64_t m_maxTotal, m_batchMax, m_runningMax;

    std::vector<Entry> m_entries;
    std::vector<std::uint32_t> m_free;
    SlotIndex m_index;
    std::vector<std::uint32_t> m_wait; ///< oldest first, from m_head
    std::size_t m_head = 0;
    std::size_t m_waitCount = 0; ///< live waiting requests
    RunningBatch m_run; ///< sorted by key, descending
    std::vector<RunningBatch::Member> m_joining; ///< scratch of prefill()
    std::vector<std::uint32_t> m_batch; ///< scratch: admitted by the last scan
    std::vector<WaitReason> m_batchWait; ///< why each of m_batch waited
    std::vector<NeedCandidate> m_cand; ///< scratch: sorted by left desc
    std::vector<Drop> m_pendingDrops;

    std::vector<int> m_adapterRank;
    std::vector<std::int32_t> m_runCount;
    std::vector<std::uint8_t> m_loaded;
    std::vector<std::uint64_t> m_mark;
    std::vector<std::uint64_t> m_loadSeq; ///< per adapter: when it was loaded (offload order)
    std::uint64_t m_loads = 0;
    std::size_t m_loadedCount = 0; ///< resident adapters
    std::vector<std::uint32_t>
        m_idleList; ///< resident adapters that became unused since the last offload (may be stale)
    std::vector<std::uint8_t> m_inIdleList;
    std::uint64_t m_epoch = 0;

    std::int64_t m_decodes = 0;
    std::map<int, std::uint32_t>
        m_runRankCount; ///< running adapter requests per rank (the batch's largest rank sizes S-LoRA's kernels)
    std::int64_t m_runBase = 0, m_runRank = 0, m_runAdapterSize = 0, m_runAdapterRank = 0, m_loadedSize = 0;
    std::size_t m_abortedRunning = 0;
    std::size_t m_runDistinct = 0; ///< distinct adapters of the running batch
    std::size_t m_runBaseRequests = 0; ///< running requests on the base model
    int m_hasWaitTokens = 0;
    std::uint64_t m_steps = 0, m_nextSeq = 0, m_admissions = 0;
    bool m_stalled = false;
    Blocked m_lastBlocked;

    // AbortReqQueue state
    std::int64_t m_apprxReqRate = 1, m_apprxBs = 1, m_lastReqNum = 0;
};

} // namespace

std::unique_ptr<Policy> makeSLoraPolicy(const SchedulerConfig& config, bool abortQueue)
{
    return std::make_unique<SLoraPolicy>(config, abortQueue);
}

} // namespace lorascope
