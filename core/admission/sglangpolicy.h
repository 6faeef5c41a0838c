// SPDX-License-Identifier: Apache-2.0
#pragma once
// The `sglang` policy's scheduler class (internal to core/admission): SGLang's event loop in
// sglang.cpp, its prefill scan in sglangprefill.cpp, the PrefillAdder in sglangadder.cpp, the LoRA
// slots in sglanglora.cpp. The rules and their sources: sglang.cpp and docs/admission.md ("SGLang").

#include "admission/policy.h"
#include "admission/sglangbatch.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace lorascope::sglang {

using SReq = Req;

enum class Mode : std::uint8_t { None, Extend, Decode, Mixed };

class SglangPolicy final : public Policy {
public:
    explicit SglangPolicy(const SchedulerConfig& config)
        : m_config(config)
        , m_c(config.sglang)
        , m_pool(config.sglang)
        , m_radix(!config.sglang.disableRadixCache)
    {
        m_maxRunning = m_c.effectiveMaxRunningRequests();
        m_mixed = m_c.chunkedPrefill() && m_c.enableMixedChunk;
        m_initRatio = m_c.initNewTokenRatio();
        m_minRatio = m_c.minNewTokenRatio();
        m_decay = m_c.newTokenRatioDecay();
        m_ratio = m_initRatio;
    }

    RejectReason submit(const SimRequest& request) override
    {
        // TokenizerManager: prompt and prompt + max_new_tokens against the context length (HTTP 400)
        const std::int64_t input = request.inputLen;
        const std::int64_t maxNew = std::max<std::int64_t>(1, request.outputLen);
        if (input >= m_c.contextLength)
            return RejectReason::InputTooLong;
        if (input + maxNew >= m_c.contextLength)
            return RejectReason::TotalTooLong;
        // Scheduler.handle_generate_request: prompts the token pool cannot hold are aborted
        if (input >= m_c.maxReqInputLen())
            return RejectReason::NeverFits;
        const std::uint32_t i = allocate();
        SReq& e = m_e[i];
        e.req = request;
        e.maxNew = std::min(maxNew, m_c.maxReqLen() - input - 1); // init_req_max_new_tokens
        if (request.adapter != kNoAdapter) {
            m_pool.setRank(request.adapter, request.rank);
            e.uid = m_pool.acquire(
                request.adapter, [this](std::uint32_t a) { return a < m_inFlight.size() && m_inFlight[a] > 0; });
            if (request.adapter >= m_inFlight.size())
                m_inFlight.resize(request.adapter + 1, 0);
            ++m_inFlight[request.adapter];
        }
        e.stepAtSubmit = m_steps;
        enqueue(i);
        m_ids[request.id] = i;
        return RejectReason::None;
    }

    bool abort(std::uint64_t id) override
    {
        auto it = m_ids.find(id);
        if (it == m_ids.end())
            return false;
        SReq& e = m_e[it->second];
        if (e.aborted || e.finished)
            return false;
        e.aborted = true;
        if (e.waiting) {
            m_queue.remove(it->second);
            m_pendingDrops.push_back({ id, DropReason::Aborted, reasonFor(e) });
            finish(e);
            leave(it->second);
        }
        return true; // a scheduled one leaves after its next forward pass
    }

    bool idle() const override
    {
        return m_queue.empty() && m_running.empty() && m_chunked == kNone && m_lastMode == Mode::None
            && m_pendingDrops.empty();
    }
    bool stalled() const override { return false; } // a request the pool can hold always fits an empty server
    std::size_t queueLength() const override { return m_queue.size(); }
    std::size_t runningRequests() const override { return countRunning(); }
    WaitReason waitReason(std::uint64_t id) const override
    {
        auto it = m_ids.find(id);
        if (it == m_ids.end())
            return {};
        const SReq& e = m_e[it->second];
        return e.admittedOnce && !e.retracted ? e.wait : reasonFor(e); // a retracted one waits again
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
        m_slices.clear();
        r.kvCapacity = m_c.maxTotalTokens;
        r.dropped.swap(m_pendingDrops);
        m_pool.takeCpuEvicted(r.cpuEvicted);
        for (int iteration = 0; iteration < 2; ++iteration) {
            const Mode mode = nextBatch(now, r);
            if (mode != Mode::None) {
                run(mode, r);
                ++m_steps;
                break;
            }
            m_ratio = m_initRatio; // self_check_during_idle
            m_lastMode = Mode::None;
            m_lastBatch.clear();
        }
        r.runningRequests = static_cast<std::uint32_t>(countRunning());
        r.queueLength = static_cast<std::uint32_t>(m_queue.size());
        r.residentAdapters = m_pool.gpuAdapters();
        r.cpuAdapters = m_pool.cpuAdapters();
        r.kvUsed = m_c.maxTotalTokens - available(); // SGLang's token_usage: cached tokens nobody locks are free
        r.kvNeed = r.kvUsed + static_cast<std::int64_t>(std::ceil(m_reserved)); // m_reserved: run()
    }

private:
    // -- storage -------------------------------------------------------------------------------
    std::uint32_t allocate()
    {
        std::uint32_t i;
        if (!m_free.empty()) {
            i = m_free.back();
            m_free.pop_back();
        } else {
            i = static_cast<std::uint32_t>(m_e.size());
            m_e.emplace_back();
        }
        m_e[i] = SReq {};
        m_e[i].live = true;
        return i;
    }
    /// The request got its last token (or was aborted): its KV is freed, it no longer counts as in
    /// flight for its adapter; it leaves the batch lists at their next filter.
    void finish(SReq& e)
    {
        if (e.active) {
            e.active = false;
            --m_active;
            ++m_lingering;
        }
        e.finished = true;
        release(e);
        if (e.req.adapter != kNoAdapter)
            --m_inFlight[e.req.adapter];
    }
    /// The request leaves every list: its slot is reused.
    void leave(std::uint32_t i)
    {
        if (m_e[i].finished && m_lingering > 0 && !m_e[i].waiting)
            --m_lingering;
        m_ids.erase(m_e[i].req.id);
        m_e[i].live = false;
        m_free.push_back(i);
    }
    void enqueue(std::uint32_t i)
    {
        m_e[i].seq = m_nextSeq++;
        m_queue.pushBack(i);
    }
    /// release_kv_cache: its KV is freed, or with the radix cache handed to the tree (cacheFinished).
    void release(SReq& e)
    {
        if (e.node != kNone)
            cacheFinished(e);
        m_used -= e.kv;
        e.kv = 0;
    }
    /// Requests scheduled and not finished (running, in the last prefill batch, being chunked).
    std::size_t countRunning() const { return m_active; }
    /// available_size() + evictable_size(): what SGLang's checks count as free.
    std::int64_t available() const { return m_c.maxTotalTokens - m_used - m_cache.protectedSize(); }
    /// available_size(): tokens neither a request nor the tree holds.
    std::int64_t freeTokens() const { return m_c.maxTotalTokens - m_used - m_cache.size(); }

    // -- the radix cache (sglang.cpp; docs/admission.md, "Radix cache") ------------------------
    bool usesCache(const SReq& e) const { return m_radix && e.req.key != nullptr; }
    /// evict_from_tree_cache: when fewer than `tokens` are free, LRU leaves worth `tokens` go.
    void evictFor(std::int64_t tokens)
    {
        if (freeTokens() < tokens)
            m_cache.evict(tokens);
    }
    /// check_decode_mem (page size 1): one free token for each of `requests`, after eviction.
    bool decodeMemory(std::size_t requests)
    {
        evictFor(static_cast<std::int64_t>(requests));
        return freeTokens() >= static_cast<std::int64_t>(requests);
    }
    /// init_next_round_input: fill_ids, the cached prefix of fill_ids[:-1], extend_input_len.
    void nextRoundInput(SReq& e);
    /// cache_unfinished_req: its computed tokens go into the tree, which it locks up to their end.
    void cacheUnfinished(SReq& e);
    /// cache_finished_req: its computed tokens go into the tree (all but the last output token,
    /// whose KV was never computed), the lock is released: they stay until evicted.
    void cacheFinished(SReq& e);
    /// release_req for a retracted request: its lock is released and, LoraScope's rule, the
    /// tokens it put in the tree that nobody else uses are dropped.
    void releaseRetracted(SReq& e);

    // -- wait reasons --------------------------------------------------------------------------
    WaitReason reasonFor(const SReq& e) const
    {
        WaitReason best;
        std::uint64_t bestAttempt = 0;
        if (e.waitAttempt > 0) {
            best = e.wait;
            bestAttempt = e.waitAttempt;
        }
        // passed over for the LoRA slots by a scan that visited only the slots' ids (the scan's
        // stop, if it stopped, comes after these requests: it does not replace this reason)
        if (m_skip.attempt > bestAttempt && e.seq >= m_skip.from && e.seq < m_skip.to
            && std::find(m_skip.uids.begin(), m_skip.uids.end(), e.uid) == m_skip.uids.end()) {
            best = m_skip.why;
            bestAttempt = m_skip.attempt;
        }
        if (m_lastBlockedAttempt > bestAttempt && m_lastBlockedNewest >= e.seq) {
            if (m_lastBlockedHead == kNone || m_lastBlockedHeadId == e.req.id)
                best = m_lastBlocked;
            else
                best = WaitReason { WaitKind::BehindRequest, 0, 0, m_lastBlockedHeadId };
            bestAttempt = m_lastBlockedAttempt;
        }
        if (bestAttempt == 0 && m_steps > e.stepAtSubmit)
            best.kind = WaitKind::BatchIsFull;
        return best;
    }
    /// The scan stopped: at `head` (kNone: after admitting a request; the reason is everyone's).
    void block(std::uint32_t head, const WaitReason& why, StepResult& r)
    {
        m_lastBlockedAttempt = m_attempts;
        m_lastBlockedNewest = m_nextSeq - 1;
        m_lastBlockedHead = head;
        m_lastBlockedHeadId = head == kNone ? 0 : m_e[head].req.id;
        m_lastBlocked = why;
        r.blocked = why;
    }
    // -- get_next_batch_to_run -----------------------------------------------------------------
    Mode nextBatch(double now, StepResult& r);

    /// filter_batch: finished requests (and the request being chunked, for the prefill batch) leave.
    void filter(std::vector<std::uint32_t>& batch, bool excludeChunked)
    {
        if (!excludeChunked && m_lingering == 0)
            return; // no finished request waits to leave
        std::size_t w = 0;
        for (std::uint32_t i : batch) {
            SReq& e = m_e[i];
            if (e.finished) {
                leave(i);
                continue;
            }
            if (excludeChunked && i == m_chunked)
                continue;
            batch[w++] = i;
        }
        batch.resize(w);
    }

    // -- get_new_batch_prefill and the PrefillAdder --------------------------------------------
    Mode newPrefillBatch(StepResult& r);

    /// One request of the scan (the loop body of get_new_batch_prefill); true when the scan stops.
    bool visit(std::uint32_t i, StepResult& r);
    /// No adapter outside the scan's LoRA ids can join: not even a pinned one would fit.
    bool loraClosed() const { return !m_pool.canRun(m_loraSet.size() + 1, m_loraPinned + 1); }

    void addUid(std::uint64_t uid)
    {
        if (hasUid(uid))
            return;
        m_loraSet.push_back(uid);
        if (m_pool.pinned(uid))
            ++m_loraPinned;
    }
    bool hasUid(std::uint64_t uid) const
    {
        return std::find(m_loraSet.begin(), m_loraSet.end(), uid) != m_loraSet.end();
    }
    void fillAdapters(WaitReason& why) const
    {
        std::size_t n = 0;
        for (std::uint64_t uid : m_loraSet) {
            if (uid == SglangLoraPool::kBaseUid)
                continue;
            if (n < why.adapterIds.size())
                why.adapterIds[n] = SglangLoraPool::adapterOf(uid);
            ++n;
        }
        why.adapters = static_cast<std::uint32_t>(n);
    }

    // -- update_running_batch ------------------------------------------------------------------
    void updateRunningBatch(double now, StepResult& r);

    /// ScheduleBatch.retract_decode: the requests with the fewest output tokens (then the longest
    /// prompts) leave until the rest can decode; their KV is dropped and recomputed later.
    void retract(double now, StepResult& r);

    // -- the forward pass and its results ------------------------------------------------------
    void run(Mode mode, StepResult& r);

    SchedulerConfig m_config;
    SglangConfig m_c;
    SglangLoraPool m_pool;
    bool m_radix = true; ///< the radix cache is on (requests with token keys use it)
    RadixCache m_cache;
    std::int64_t m_maxRunning = 1;
    bool m_mixed = false;
    double m_initRatio = 0.7, m_minRatio = 0.098, m_decay = 0, m_ratio = 0.7;

    std::vector<SReq> m_e;
    std::vector<std::uint32_t> m_free;
    std::unordered_map<std::uint64_t, std::uint32_t> m_ids;
    std::vector<std::uint32_t> m_inFlight; ///< per adapter: requests waiting or running
    sglang::WaitingQueue m_queue { m_e };
    std::vector<std::uint32_t> m_running; ///< running_batch.reqs (finished ones until filtered)
    std::vector<std::uint32_t> m_lastBatch; ///< the last prefill (or mixed) batch, merged next iteration
    std::vector<std::uint32_t> m_batch; ///< the forward pass being run
    std::size_t m_decoding = 0; ///< of m_batch (mixed), the decoding requests at its end
    Mode m_lastMode = Mode::None;
    std::uint32_t m_chunked = kNone;
    bool m_batchIsFull = false;
    std::int64_t m_used = 0; ///< KV tokens allocated
    std::size_t m_active = 0; ///< scheduled and not finished (countRunning)
    std::size_t m_lingering = 0; ///< finished, still in a batch list until its next filter
    double m_reserved = 0; ///< the running requests' reservation after the last pass (kv_need)

    // the current prefill scan
    sglang::PrefillAdder m_adder { m_c, m_e };
    std::vector<WaitReason> m_admitReasons; ///< of the requests the scan takes, in order
    std::vector<std::uint64_t> m_loraSet;
    std::vector<std::uint32_t> m_heap; ///< the scan over the slots' ids: next request of each, by queue order
    /// The last scan that visited only the slots' ids: requests of other ids it passed over.
    struct Skip {
        std::uint64_t attempt = 0, from = 0, to = 0; ///< queue order [from, to)
        std::vector<std::uint64_t> uids;
        WaitReason why;
    } m_skip;
    std::size_t m_loraPinned = 0;
    std::vector<std::uint64_t> m_uids;
    std::vector<std::uint32_t> m_scratch, m_scratchAdapters, m_retracted;
    std::vector<std::uint32_t> m_partAdapters[2];

    std::vector<Drop> m_pendingDrops;
    std::uint64_t m_steps = 0, m_nextSeq = 0, m_admissions = 0, m_attempts = 0;
    std::uint64_t m_lastBlockedAttempt = 0, m_lastBlockedNewest = 0, m_lastBlockedHeadId = 0;
    std::uint32_t m_lastBlockedHead = kNone;
    WaitReason m_lastBlocked;
};

} // namespace lorascope::sglang
