// SPDX-License-Identifier: Apache-2.0
// SGLang's scheduler (the `sglang` policy), rule for rule from SGLang's non-overlap event loop at the
// version named by kSglangRulesVersion, radix cache off (ChunkCache), page size 1. One step() is one
// event-loop iteration that runs a forward pass (or two iterations that run none):
//  - get_next_batch_to_run: the last prefill batch (minus finished requests and the request still
//    being chunked) joins the running batch; then a prefill batch is tried; else the running batch
//    decodes (update_running_batch: finished requests leave, the memory check, retraction, the
//    new-token ratio's decay). An iteration that runs nothing resets the ratio (self_check_during_idle).
//  - get_new_batch_prefill: the PrefillAdder budgets (max_prefill_tokens, chunked_prefill_size, the
//    token pool minus the running requests' reserved output × new_token_ratio), the FCFS scan with
//    the LoRA slot check (skip, or stop before PR #14795), max_running_requests, batch_is_full.
//  - the LoRA slots and host-memory registry: sglanglora.h.
// docs/admission.md ("SGLang") cites each rule's source and lists every simplification;
// tests/tools/sglang_schedule.py is an independent Python transcription that tst_sglang compares with.

#include "admission/policy.h"
#include "admission/sglangbatch.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace lorascope {
namespace {

using sglang::Add;
using sglang::kNone;
using SReq = sglang::Req;

enum class Mode : std::uint8_t { None, Extend, Decode, Mixed };

class SglangPolicy final : public Policy {
public:
    explicit SglangPolicy(const SchedulerConfig& config)
        : m_config(config)
        , m_c(config.sglang)
        , m_pool(config.sglang)
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
            e.uid = m_pool.acquire(request.adapter, [this](std::uint32_t a) { return a < m_inFlight.size() && m_inFlight[a] > 0; });
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
        return m_queue.empty() && m_running.empty() && m_chunked == kNone && m_lastMode == Mode::None && m_pendingDrops.empty();
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
        r.kvUsed = m_used;
        r.kvNeed = m_used + static_cast<std::int64_t>(std::ceil(m_reserved)); // m_reserved: run()
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
    void release(SReq& e)
    {
        m_used -= e.kv;
        e.kv = 0;
    }
    /// Requests scheduled and not finished (running, in the last prefill batch, being chunked).
    std::size_t countRunning() const { return m_active; }
    std::int64_t available() const { return m_c.maxTotalTokens - m_used; }

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
    Mode nextBatch(double now, StepResult& r)
    {
        if (m_chunked != kNone)
            m_e[m_chunked].prefix = m_e[m_chunked].fill; // cache_unfinished_req
        if (m_lastMode == Mode::Extend || m_lastMode == Mode::Mixed) {
            const std::size_t lastBs = m_lastBatch.size();
            filter(m_lastBatch, true);
            if (m_lastBatch.size() < lastBs)
                m_batchIsFull = false;
            if (!m_lastBatch.empty()) {
                if (m_running.empty()) {
                    m_running.swap(m_lastBatch);
                    m_batchIsFull = false; // the prefill batch becomes the running batch
                } else {
                    m_running.insert(m_running.end(), m_lastBatch.begin(), m_lastBatch.end());
                }
            }
        }
        m_lastBatch.clear();
        m_lastMode = Mode::None;

        const Mode prefill = newPrefillBatch(r);
        if (prefill != Mode::None)
            return prefill;
        if (m_running.empty())
            return Mode::None;
        updateRunningBatch(now, r);
        if (m_running.empty())
            return Mode::None;
        return Mode::Decode; // the pass is m_running itself
    }

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
    Mode newPrefillBatch(StepResult& r)
    {
        if ((m_batchIsFull || m_queue.empty()) && m_chunked == kNone)
            return Mode::None;
        const auto runningBs = static_cast<std::int64_t>(m_running.size());
        if (m_maxRunning - runningBs <= 0 && m_chunked == kNone) {
            m_batchIsFull = true;
            ++m_attempts;
            r.attempted = true;
            block(kNone, { WaitKind::MaxRunningRequests, runningBs + 1, m_maxRunning, 0 }, r);
            return Mode::None;
        }
        ++m_attempts;
        r.attempted = true;

        m_adder.begin(available(), m_running, m_ratio, m_mixed ? runningBs : 0);
        m_admitReasons.clear();
        if (m_chunked != kNone && !m_adder.addChunked(m_chunked))
            m_chunked = kNone; // its last chunk

        // the running batch's lora ids (finished requests not filtered yet included), then this batch's
        m_loraSet.clear();
        m_loraPinned = 0;
        for (std::uint32_t i : m_running)
            addUid(m_e[i].uid);
        for (std::uint32_t i : m_adder.canRun())
            addUid(m_e[i].uid);

        // the scan, first come first served: every request while new adapters can still join the
        // LoRA slots; once they cannot (the skip rule passes over every other adapter's request),
        // only the requests of the ids in the slots, in queue order (see WaitingQueue)
        bool stopped = false;
        std::uint32_t cur = m_queue.front();
        while (cur != kNone && !(loraClosed() && !m_c.loraScanStops)) {
            const std::uint32_t next = m_queue.next(cur);
            if (visit(cur, r)) {
                stopped = true;
                break;
            }
            cur = next;
        }
        if (!stopped && cur != kNone) {
            const std::uint64_t from = m_e[cur].seq;
            std::uint64_t to = m_nextSeq; // the first request the scan did not reach
            auto later = [this](std::uint32_t a, std::uint32_t b) { return m_e[a].seq > m_e[b].seq; };
            m_heap.clear();
            for (std::uint64_t uid : m_loraSet) {
                std::uint32_t j = m_queue.uidFront(uid);
                while (j != kNone && m_e[j].seq < from)
                    j = m_queue.uidNext(j);
                if (j != kNone)
                    m_heap.push_back(j);
            }
            std::make_heap(m_heap.begin(), m_heap.end(), later);
            while (!m_heap.empty()) {
                std::pop_heap(m_heap.begin(), m_heap.end(), later);
                const std::uint32_t j = m_heap.back();
                m_heap.pop_back();
                const std::uint32_t next = m_queue.uidNext(j);
                if (visit(j, r)) {
                    to = m_e[j].seq;
                    break;
                }
                if (next != kNone) {
                    m_heap.push_back(next);
                    std::push_heap(m_heap.begin(), m_heap.end(), later);
                }
            }
            // the other adapters' requests in [from, to) were passed over for the LoRA slots
            m_skip = { m_attempts, from, to, m_loraSet, { WaitKind::MaxLorasPerBatch, static_cast<std::int64_t>(m_loraSet.size()) + 1, m_pool.slots(), 0 } };
            fillAdapters(m_skip.why);
        }
        if (m_adder.canRun().empty())
            return Mode::None;
        for (std::uint32_t i : m_adder.canRun())
            if (m_e[i].chosen)
                m_queue.remove(i); // the waiting queue without the scheduled requests
        if (m_adder.newChunked() != kNone)
            m_chunked = m_adder.newChunked();
        if (m_chunked != kNone)
            ++m_e[m_chunked].isChunked;

        // prepare_for_extend: the KV of each request's extend tokens
        std::size_t reason = 0;
        for (std::uint32_t i : m_adder.canRun()) {
            SReq& e = m_e[i];
            m_used += e.extend;
            e.kv += e.extend;
            if (!e.chosen)
                continue; // the request being chunked (not from the queue)
            e.chosen = false;
            e.active = true;
            ++m_active;
            const WaitReason& why = m_admitReasons[reason++];
            if (!e.admittedOnce) {
                e.admittedOnce = true;
                e.admissionNumber = m_admissions++;
                e.wait = why;
                r.admitted.push_back({ e.req.id, e.admissionNumber, why });
            } else {
                r.resumed.push_back({ e.req.id, e.admissionNumber, why });
            }
            e.retracted = false;
        }
        m_batch = m_adder.canRun();
        if (m_mixed && !m_running.empty()) {
            filter(m_running, false); // mixed chunk: the running batch decodes in this pass
            if (!m_running.empty()) {
                m_used += static_cast<std::int64_t>(m_running.size()); // prepare_for_decode (each request's token: run())
                m_decoding = m_running.size();
                m_batch.insert(m_batch.end(), m_running.begin(), m_running.end());
                m_running.clear();
                return Mode::Mixed;
            }
        }
        m_decoding = 0;
        return Mode::Extend;
    }

    /// One request of the scan (the loop body of get_new_batch_prefill); true when the scan stops.
    bool visit(std::uint32_t i, StepResult& r)
    {
        SReq& e = m_e[i];
        // the LoRA slot check (scheduler.py; lora_manager.py validate_lora_batch)
        const bool known = hasUid(e.uid);
        const std::size_t distinct = m_loraSet.size() + (known ? 0 : 1);
        const std::size_t pinnedIn = m_loraPinned + (!known && m_pool.pinned(e.uid) ? 1 : 0);
        if (!m_pool.canRun(distinct, pinnedIn)) {
            WaitReason why { WaitKind::MaxLorasPerBatch, static_cast<std::int64_t>(distinct), m_pool.slots(), 0 };
            fillAdapters(why);
            if (m_c.loraScanStops) { // before SGLang PR #14795
                m_batchIsFull = true;
                block(i, why, r);
                return true;
            }
            e.wait = why; // PR #14795 (adapter requests), PR #16333 (base-model requests)
            e.waitAttempt = m_attempts;
            return false;
        }
        const std::int64_t allocatable = m_maxRunning - static_cast<std::int64_t>(m_running.size());
        const bool fullByCount = static_cast<std::int64_t>(m_adder.canRun().size()) >= allocatable;
        if (fullByCount)
            m_batchIsFull = true;
        if (m_batchIsFull) {
            if (fullByCount)
                block(i, { WaitKind::MaxRunningRequests, static_cast<std::int64_t>(m_running.size() + m_adder.canRun().size()) + 1, m_maxRunning, 0 }, r);
            else
                block(i, { WaitKind::BatchIsFull, 0, 0, 0 }, r);
            return true;
        }
        e.fill = e.req.inputLen + e.output; // init_next_round_input (ChunkCache: no prefix)
        e.extend = e.fill - e.prefix;
        const std::size_t before = m_adder.canRun().size();
        WaitReason why;
        const Add res = m_adder.add(i, why);
        const bool added = m_adder.canRun().size() > before;
        if (added) {
            e.chosen = true;
            m_admitReasons.push_back(reasonFor(e));
            addUid(e.uid);
        }
        if (res == Add::Continue)
            return false;
        if (res == Add::NoToken)
            m_batchIsFull = true;
        block(added ? kNone : i, why, r);
        return true;
    }
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
    bool hasUid(std::uint64_t uid) const { return std::find(m_loraSet.begin(), m_loraSet.end(), uid) != m_loraSet.end(); }
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
    void updateRunningBatch(double now, StepResult& r)
    {
        const std::size_t initial = m_running.size();
        filter(m_running, false);
        if (m_running.empty()) {
            m_batchIsFull = false;
            return;
        }
        if (available() < static_cast<std::int64_t>(m_running.size())) // check_decode_mem (page size 1)
            retract(now, r);
        else
            m_ratio = std::max(m_ratio - m_decay, m_minRatio);
        if (m_running.size() < initial)
            m_batchIsFull = false;
        m_used += static_cast<std::int64_t>(m_running.size()); // prepare_for_decode: one KV token each (run())
    }

    /// ScheduleBatch.retract_decode: the requests with the fewest output tokens (then the longest
    /// prompts) leave until the rest can decode; their KV is dropped and recomputed later.
    void retract(double now, StepResult& r)
    {
        std::vector<std::uint32_t>& order = m_scratch;
        order = m_running;
        std::stable_sort(order.begin(), order.end(), [this](std::uint32_t a, std::uint32_t b) {
            const SReq &x = m_e[a], &y = m_e[b];
            if (x.output != y.output)
                return x.output > y.output;
            return -static_cast<std::int64_t>(x.req.inputLen) > -static_cast<std::int64_t>(y.req.inputLen);
        });
        bool first = true;
        while (first || available() < static_cast<std::int64_t>(order.size())) {
            if (order.size() == 1)
                break;
            first = false;
            const std::uint32_t i = order.back();
            order.pop_back();
            SReq& e = m_e[i];
            release(e);
            e.active = false;
            --m_active;
            e.prefix = 0;
            e.extend = 0;
            e.isChunked = 0;
            e.retracted = true;
            e.wait = { WaitKind::Retracted, static_cast<std::int64_t>(e.req.inputLen) + e.output, 0, 0 };
            e.wait.at = now;
            e.waitAttempt = ++m_attempts;
            r.preempted.push_back(e.req.id);
            m_retracted.push_back(i);
        }
        m_running = order;
        std::int64_t decoded = 0, maxNew = 0;
        for (std::uint32_t i : m_running) {
            decoded += m_e[i].output;
            maxNew += m_e[i].maxNew;
        }
        const double estimate = static_cast<double>(decoded + kSglangRetractDecodeSteps * static_cast<std::int64_t>(m_running.size()))
            / static_cast<double>(maxNew + 1);
        m_ratio = std::min(1.0, estimate);
        for (std::uint32_t i : m_retracted)
            enqueue(i); // _add_request_to_queue: the back of the waiting queue
        m_retracted.clear();
    }

    // -- the forward pass and its results ------------------------------------------------------
    void run(Mode mode, StepResult& r)
    {
        r.kind = mode == Mode::Decode ? StepKind::Decode : mode == Mode::Mixed ? StepKind::Mixed : StepKind::Prefill;
        const std::vector<std::uint32_t>& batch = mode == Mode::Decode ? m_running : m_batch;
        m_uids.clear();
        for (std::uint32_t i : batch)
            if (std::find(m_uids.begin(), m_uids.end(), m_e[i].uid) == m_uids.end())
                m_uids.push_back(m_e[i].uid);
        m_pool.prepareBatch(m_uids, r);
        const std::size_t prefills = mode == Mode::Decode ? 0 : batch.size() - (mode == Mode::Mixed ? m_decoding : 0);
        std::vector<std::uint32_t>& passAdapters = m_scratchAdapters;
        passAdapters.clear();
        m_partAdapters[0].clear();
        m_partAdapters[1].clear();
        std::int64_t passRank = 0;
        double reserved = 0;
        for (std::size_t k = 0; k < batch.size(); ++k) {
            const std::uint32_t i = batch[k];
            SReq& e = m_e[i];
            const bool decoding = k >= prefills;
            if (decoding)
                ++e.kv; // its KV token of this pass (m_used counted it)
            BatchShape& s = decoding ? r.decodeShape : r.prefillShape;
            const std::int64_t rank = e.req.rank;
            if (decoding) {
                s.tokens += 1;
                s.context += e.req.inputLen + e.output;
                s.tokenRank += rank;
            } else {
                // a chunk after a prefix attends to it: over all chunks the pairs add up to input²
                s.tokens += e.extend;
                s.context += e.prefix + e.extend;
                s.tokenSquared += e.extend * e.extend + 2 * e.extend * e.prefix;
                s.tokenRank += e.extend * rank;
            }
            s.requests += 1;
            if (e.req.adapter != kNoAdapter) {
                ++s.loraRequests;
                s.maxRank = std::max<std::int64_t>(s.maxRank, rank);
                auto& part = m_partAdapters[decoding ? 1 : 0];
                if (std::find(part.begin(), part.end(), e.req.adapter) == part.end()) {
                    part.push_back(e.req.adapter);
                    s.adapterRank += rank;
                }
                if (std::find(passAdapters.begin(), passAdapters.end(), e.req.adapter) == passAdapters.end()) {
                    passAdapters.push_back(e.req.adapter);
                    passRank += rank;
                }
            }
            if (!decoding && e.isChunked > 0) {
                --e.isChunked; // a chunk of a prefill still in progress: no token
                continue;
            }
            ++e.output;
            if (!e.firstDone) {
                e.firstDone = true;
                r.firstTokens.push_back(e.req.id);
            }
            if (m_config.reportTokens && !e.aborted)
                r.tokens.push_back(e.req.id);
            if (e.output >= e.maxNew || e.aborted) {
                finish(e);
                if (e.aborted)
                    r.dropped.push_back({ e.req.id, DropReason::Aborted, {} });
                else
                    r.finished.push_back(e.req.id);
            } else {
                reserved += sglang::reservation(e, m_ratio);
            }
        }
        if (mode == Mode::Extend) // the running batch did not take part in this pass
            for (std::uint32_t i : m_running)
                if (!m_e[i].finished)
                    reserved += sglang::reservation(m_e[i], m_ratio);
        m_reserved = reserved;
        // an aborted request still being chunked leaves with its chunk
        if (m_chunked != kNone && m_e[m_chunked].aborted) {
            SReq& e = m_e[m_chunked];
            finish(e);
            r.dropped.push_back({ e.req.id, DropReason::Aborted, {} });
            m_chunked = kNone;
        }
        r.shape = r.prefillShape;
        const BatchShape& d = r.decodeShape;
        r.shape.requests += d.requests;
        r.shape.tokens += d.tokens;
        r.shape.context += d.context;
        r.shape.tokenRank += d.tokenRank;
        r.shape.tokenSquared += d.tokenSquared;
        r.shape.loraRequests += d.loraRequests;
        r.shape.maxRank = std::max(r.shape.maxRank, d.maxRank);
        r.shape.adapterRank = passRank; // an adapter in both parts is read once
        if (mode == Mode::Decode) {
            m_lastMode = Mode::Decode;
        } else {
            m_lastMode = mode;
            m_lastBatch.swap(m_batch);
        }
    }

    SchedulerConfig m_config;
    SglangConfig m_c;
    SglangLoraPool m_pool;
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

} // namespace

std::unique_ptr<Policy> makeSglangPolicy(const SchedulerConfig& config)
{
    return std::make_unique<SglangPolicy>(config);
}

} // namespace lorascope
