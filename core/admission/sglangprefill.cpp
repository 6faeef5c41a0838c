// SPDX-License-Identifier: Apache-2.0
// SGLang's get_new_batch_prefill (scheduler.py) for the `sglang` policy: the FCFS scan over the
// waiting queue with the PrefillAdder (sglangadder.cpp), the LoRA slot check (skip, or stop before
// PR #14795), max_running_requests and batch_is_full. Sources and simplifications:
// docs/admission.md ("SGLang").

#include "admission/sglangpolicy.h"

namespace lorascope::sglang {

Mode SglangPolicy::newPrefillBatch(StepResult& r)
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

    m_adder.begin(available(), m_running, m_ratio, m_mixed ? runningBs : 0, m_radix ? &m_cache : nullptr);
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
        m_skip = { m_attempts, from, to, m_loraSet,
            { WaitKind::MaxLorasPerBatch, static_cast<std::int64_t>(m_loraSet.size()) + 1, m_pool.slots(), 0 } };
        fillAdapters(m_skip.why);
    }
    if (m_adder.canRun().empty())
        return Mode::None;
    // log_prefill_stats: the batch's prompt tokens computed and found in the radix cache
    r.prefixHits = static_cast<std::uint64_t>(m_adder.hitTokens());
    r.prefixQueries = static_cast<std::uint64_t>(m_adder.inputTokens() + m_adder.hitTokens());
    for (std::uint32_t i : m_adder.canRun())
        if (m_e[i].chosen)
            m_queue.remove(i); // the waiting queue without the scheduled requests
    if (m_adder.newChunked() != kNone)
        m_chunked = m_adder.newChunked();
    if (m_chunked != kNone)
        ++m_e[m_chunked].isChunked;

    // prepare_for_extend: the KV of each request's extend tokens (alloc_for_extend evicts first)
    std::int64_t extendTokens = 0;
    for (std::uint32_t i : m_adder.canRun())
        extendTokens += m_e[i].extend;
    evictFor(extendTokens);
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
            r.admitted.push_back({ e.req.id, e.admissionNumber, why, static_cast<std::uint32_t>(e.prefix) });
        } else {
            r.resumed.push_back({ e.req.id, e.admissionNumber, why });
        }
        e.retracted = false;
    }
    m_batch = m_adder.canRun();
    if (m_mixed && !m_running.empty()) {
        filter(m_running, false); // mixed chunk: the running batch decodes in this pass
        if (!m_running.empty()) {
            evictFor(static_cast<std::int64_t>(m_running.size())); // prepare_for_decode (each request's token: run())
            m_used += static_cast<std::int64_t>(m_running.size());
            m_decoding = m_running.size();
            m_batch.insert(m_batch.end(), m_running.begin(), m_running.end());
            m_running.clear();
            return Mode::Mixed;
        }
    }
    m_decoding = 0;
    return Mode::Extend;
}

bool SglangPolicy::visit(std::uint32_t i, StepResult& r)
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
            block(i,
                { WaitKind::MaxRunningRequests,
                    static_cast<std::int64_t>(m_running.size() + m_adder.canRun().size()) + 1, m_maxRunning, 0 },
                r);
        else
            block(i, { WaitKind::BatchIsFull, 0, 0, 0 }, r);
        return true;
    }
    nextRoundInput(e); // the radix cache's match (sglang.cpp)
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

} // namespace lorascope::sglang
