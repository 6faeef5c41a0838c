// SPDX-License-Identifier: Apache-2.0
// SGLang's scheduler (the `sglang` policy), rule for rule from SGLang's non-overlap event loop at the
// version named by kSglangRulesVersion, page size 1, with the radix cache (radixcache.h) for requests
// that carry token keys. One step() is one event-loop iteration that runs a forward pass (or two
// iterations that run none):
//  - get_next_batch_to_run: the last prefill batch (minus finished requests and the request still
//    being chunked) joins the running batch; then a prefill batch is tried; else the running batch
//    decodes (update_running_batch: finished requests leave, the memory check, retraction, the
//    new-token ratio's decay). An iteration that runs nothing resets the ratio (self_check_during_idle).
//  - get_new_batch_prefill: the PrefillAdder budgets (max_prefill_tokens, chunked_prefill_size, the
//    token pool minus the running requests' reserved output × new_token_ratio), the FCFS scan with
//    the LoRA slot check (skip, or stop before PR #14795), max_running_requests, batch_is_full.
//  - the LoRA slots and host-memory registry: sglanglora.h.
//  - the radix cache: a request matches its cached prefix when the scan reaches it (only the rest
//    is prefilled and counted), locks it while scheduled, inserts its prompt after its prefill and
//    its whole sequence when it finishes; allocation evicts unlocked leaves (the functions below).
// docs/admission.md ("SGLang") cites each rule's source and lists every simplification;
// tests/tools/sglang_schedule.py is an independent Python transcription that tst_sglang compares with.

#include "admission/sglangpolicy.h"

namespace lorascope {
namespace sglang {

Mode SglangPolicy::nextBatch(double now, StepResult& r)
{
    if (m_chunked != kNone) { // cache_unfinished_req(chunked_req)
        SReq& c = m_e[m_chunked];
        if (c.node != kNone)
            cacheUnfinished(c);
        else
            c.prefix = c.fill;
    }
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

void SglangPolicy::updateRunningBatch(double now, StepResult& r)
{
    const std::size_t initial = m_running.size();
    filter(m_running, false);
    if (m_running.empty()) {
        m_batchIsFull = false;
        return;
    }
    if (!decodeMemory(m_running.size())) // check_decode_mem
        retract(now, r);
    else
        m_ratio = std::max(m_ratio - m_decay, m_minRatio);
    if (m_running.size() < initial)
        m_batchIsFull = false;
    evictFor(static_cast<std::int64_t>(m_running.size())); // prepare_for_decode: one KV token each (run())
    m_used += static_cast<std::int64_t>(m_running.size());
}

void SglangPolicy::retract(double now, StepResult& r)
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
    while (first || !decodeMemory(order.size())) {
        if (order.size() == 1)
            break;
        first = false;
        const std::uint32_t i = order.back();
        order.pop_back();
        SReq& e = m_e[i];
        releaseRetracted(e); // release_req: nothing of it goes into the tree
        evictFor(static_cast<std::int64_t>(order.size()) * kSglangRetractDecodeSteps);
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
    const double estimate
        = static_cast<double>(decoded + kSglangRetractDecodeSteps * static_cast<std::int64_t>(m_running.size()))
        / static_cast<double>(maxNew + 1);
    m_ratio = std::min(1.0, estimate);
    for (std::uint32_t i : m_retracted)
        enqueue(i); // _add_request_to_queue: the back of the waiting queue
    m_retracted.clear();
}

void SglangPolicy::run(Mode mode, StepResult& r)
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
            if (m_config.reportTokens)
                m_slices.push_back({ e.req.id, e.extend,
                    std::max<std::int64_t>(0, e.req.inputLen + e.output - (e.prefix + e.extend)) });
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
            finish(e); // with the radix cache: cache_finished_req
            if (e.aborted)
                r.dropped.push_back({ e.req.id, DropReason::Aborted, {} });
            else
                r.finished.push_back(e.req.id);
        } else {
            reserved += sglang::reservation(e, m_ratio);
            if (!decoding && e.node != kNone)
                cacheUnfinished(e); // "this updates radix so others can match"
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

void SglangPolicy::nextRoundInput(SReq& e)
{
    e.fill = static_cast<std::int64_t>(e.req.inputLen) + e.output;
    if (usesCache(e)) {
        // the match stops one token short of fill_ids: the last token is computed for its logits
        const auto found
            = m_cache.match(e.uid, *e.req.key, static_cast<std::uint64_t>(std::max<std::int64_t>(0, e.fill - 1)));
        e.prefix = static_cast<std::int64_t>(found.tokens);
        e.match = found.node;
        e.cacheProtected = e.prefix;
    }
    e.extend = e.fill - e.prefix;
}

void SglangPolicy::cacheUnfinished(SReq& e)
{
    const RadixCache::Found put = m_cache.insert(e.uid, e.req.key, static_cast<std::uint64_t>(e.fill), e.req.id + 1);
    m_used -= e.kv; // [cache_protected_len, fill): duplicates freed, the rest now the tree's
    e.kv = 0;
    m_cache.unlock(e.node);
    m_cache.lock(put.node);
    e.node = put.node;
    e.cacheProtected = e.fill;
    e.prefix = e.fill;
}

void SglangPolicy::cacheFinished(SReq& e)
{
    const std::int64_t committed = e.cacheProtected + e.kv; // kv_committed_len
    m_cache.insert(e.uid, e.req.key, static_cast<std::uint64_t>(committed), e.req.id + 1);
    m_cache.unlock(e.node);
    e.node = kNone;
    e.cacheProtected = 0; // release() frees e.kv: duplicates freed, the rest now the tree's
}

void SglangPolicy::releaseRetracted(SReq& e)
{
    if (e.node != kNone) {
        m_cache.unlock(e.node);
        m_cache.dropOwned(e.node, e.req.id + 1);
        e.node = kNone;
        e.cacheProtected = 0;
    }
    release(e);
}

} // namespace sglang

std::unique_ptr<Policy> makeSglangPolicy(const SchedulerConfig& config)
{
    return std::make_unique<sglang::SglangPolicy>(config);
}

} // namespace lorascope
