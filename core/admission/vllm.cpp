// SPDX-License-Identifier: Apache-2.0
// A vLLM-style scheduler (vLLM V0 `Scheduler._schedule_default` without chunked prefill), modelled
// at the granularity the preview needs:
//  - a step is either a prefill of newly scheduled requests or one decode step of all running ones;
//    prefills win when any can be scheduled;
//  - prefill scan (FIFO): the prompt's KV blocks must fit above the watermark (else stop: later),
//    a request of an adapter that is not in the batch when max_loras adapters already are is
//    skipped and keeps its place, then max_num_batched_tokens and max_num_seqs (running included)
//    stop the scan;
//  - decode: every running request needs ceil(context / block_size) blocks; when they do not fit,
//    the most recently admitted requests are preempted (recompute: back to the queue front, their
//    prompt + generated tokens prefilled again when rescheduled);
//  - LoRA weights live in max_loras dedicated slots (LRU), not in the KV cache.
// It is a model of the policy, not a transcription (vLLM's code is far larger); see docs/admission.md.

#include "admission/policy.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <unordered_map>

namespace lorascope {
namespace {

struct VEntry {
    SimRequest req;
    std::uint64_t seq = 0;
    std::uint64_t stepAtSubmit = 0;
    std::int64_t maxNew = 1;
    std::int64_t generated = 0;
    std::uint64_t admissionNumber = 0;
    bool admittedOnce = false;
    bool aborted = false;
    bool running = false;
    WaitReason wait; ///< last reason it was passed over
    std::uint64_t waitAttempt = 0; ///< attempt number of `wait`
};

class VllmPolicy final : public Policy {
public:
    explicit VllmPolicy(const SchedulerConfig& config)
        : m_config(config)
    {
        const VllmLimits& v = config.vllm;
        m_blockSize = std::max<std::int64_t>(1, v.blockSize);
        m_totalBlocks = config.limits.maxTotalTokenNum / m_blockSize;
        m_watermarkBlocks = static_cast<std::int64_t>(v.watermark * static_cast<double>(m_totalBlocks));
        m_maxSeqs = std::max<std::int64_t>(1, v.maxNumSeqs);
        m_maxTokens = v.maxNumBatchedTokens > 0 ? v.maxNumBatchedTokens : std::max<std::int64_t>(config.limits.maxReqTotalLen, 2048);
        m_maxLoras = std::max<std::int64_t>(1, v.maxLoras);
    }

    RejectReason submit(const SimRequest& request) override
    {
        RejectReason why = sloraRejection(request, m_config.limits);
        if (why != RejectReason::None)
            return why;
        // vLLM refuses to start when max_model_len does not fit the KV cache; per request, a sequence
        // that could never hold all its tokens alone would be preempted and recomputed forever.
        if (blocks(static_cast<std::int64_t>(request.inputLen) + std::max<std::int64_t>(1, request.outputLen)) > m_totalBlocks - m_watermarkBlocks)
            return RejectReason::NeverFits;
        if (request.adapter != kNoAdapter)
            setRank(request.adapter, request.rank);
        VEntry e;
        e.req = request;
        e.seq = m_nextSeq++;
        e.stepAtSubmit = m_steps;
        e.maxNew = std::max<std::int64_t>(1, request.outputLen);
        m_entries[request.id] = e;
        m_wait.push_back(request.id);
        ++m_waitCount;
        return RejectReason::None;
    }

    bool abort(std::uint64_t id) override
    {
        auto it = m_entries.find(id);
        if (it == m_entries.end() || it->second.aborted)
            return false;
        it->second.aborted = true;
        if (!it->second.running) {
            --m_waitCount;
            m_pendingDrops.push_back({id, DropReason::Aborted, reasonFor(it->second)});
        } else {
            ++m_abortedRunning;
        }
        return true;
    }

    bool idle() const override { return m_waitCount == 0 && m_run.empty() && m_pendingDrops.empty(); }
    bool stalled() const override { return false; } // over-capacity prompts are rejected on submit
    std::size_t queueLength() const override { return m_waitCount; }
    std::size_t runningRequests() const override { return m_run.size(); }
    WaitReason waitReason(std::uint64_t id) const override
    {
        auto it = m_entries.find(id);
        return it == m_entries.end() || it->second.running ? WaitReason() : reasonFor(it->second);
    }

    StepResult step(double) override
    {
        StepResult r;
        r.kvCapacity = m_totalBlocks * m_blockSize;
        r.dropped.swap(m_pendingDrops);
        // aborted running requests are freed before scheduling (vLLM aborts between steps)
        if (m_abortedRunning > 0) {
            std::vector<std::uint64_t> keep;
            for (std::uint64_t id : m_run) {
                VEntry& e = m_entries[id];
                if (e.aborted) {
                    m_usedBlocks -= blocks(context(e));
                    r.dropped.push_back({id, DropReason::Aborted, {}});
                    m_entries.erase(id);
                } else {
                    keep.push_back(id);
                }
            }
            m_run.swap(keep);
            m_abortedRunning = 0;
        }
        schedulePrefills(r);
        if (r.kind == StepKind::Idle && !m_run.empty())
            decode(r);
        if (r.kind != StepKind::Idle)
            ++m_steps;
        r.runningRequests = static_cast<std::uint32_t>(m_run.size());
        r.queueLength = static_cast<std::uint32_t>(m_waitCount);
        r.residentAdapters = static_cast<std::uint32_t>(m_lru.size());
        std::int64_t used = 0;
        for (std::uint64_t id : m_run)
            used += context(m_entries[id]);
        r.kvUsed = used;
        r.kvNeed = m_usedBlocks * m_blockSize;
        return r;
    }

private:
    std::int64_t blocks(std::int64_t tokens) const { return (tokens + m_blockSize - 1) / m_blockSize; }
    static std::int64_t context(const VEntry& e) { return static_cast<std::int64_t>(e.req.inputLen) + e.generated; }

    WaitReason reasonFor(const VEntry& e) const
    {
        WaitReason best;
        std::uint64_t bestAttempt = 0;
        if (e.waitAttempt > 0) {
            best = e.wait;
            bestAttempt = e.waitAttempt;
        }
        if (m_lastBlockedAttempt > bestAttempt && m_lastBlockedNewest >= e.seq) {
            if (m_lastBlockedHead == e.req.id)
                best = m_lastBlocked;
            else
                best = WaitReason { WaitKind::BehindRequest, 0, 0, m_lastBlockedHead };
            bestAttempt = m_lastBlockedAttempt;
        }
        if (bestAttempt == 0 && m_steps > e.stepAtSubmit)
            best.kind = WaitKind::AdmissionWindow;
        return best;
    }

    void block(const VEntry& head, WaitKind kind, std::int64_t need, std::int64_t limit, StepResult& r)
    {
        m_lastBlockedAttempt = m_attempts;
        m_lastBlockedNewest = m_nextSeq - 1;
        m_lastBlockedHead = head.req.id;
        m_lastBlocked = WaitReason { kind, need, limit, 0 };
        r.blocked = m_lastBlocked;
    }

    void touchAdapter(std::uint32_t a, StepResult& r)
    {
        if (a == kNoAdapter)
            return;
        auto it = std::find(m_lru.begin(), m_lru.end(), a);
        if (it != m_lru.end()) {
            m_lru.erase(it);
            m_lru.push_back(a);
            return;
        }
        if (static_cast<std::int64_t>(m_lru.size()) >= m_maxLoras) {
            r.unloadedAdapters.push_back(m_lru.front());
            m_lru.erase(m_lru.begin());
        }
        m_lru.push_back(a);
        r.loadedAdapters.push_back(a);
        r.loadedRanks.push_back(m_ranks[a]);
    }

    void schedulePrefills(StepResult& r)
    {
        while (!m_wait.empty() && m_entries.find(m_wait.front()) != m_entries.end() && m_entries[m_wait.front()].aborted) {
            m_entries.erase(m_wait.front());
            m_wait.pop_front();
        }
        if (m_waitCount == 0)
            return;
        ++m_attempts;
        r.attempted = true;
        std::vector<std::uint32_t> loras; // adapters of running + scheduled
        for (std::uint64_t id : m_run) {
            std::uint32_t a = m_entries[id].req.adapter;
            if (a != kNoAdapter && std::find(loras.begin(), loras.end(), a) == loras.end())
                loras.push_back(a);
        }
        std::int64_t seqs = static_cast<std::int64_t>(m_run.size());
        std::int64_t tokens = 0;
        std::vector<std::uint64_t> scheduled;
        std::vector<WaitReason> reasons;
        std::deque<std::uint64_t> leftover;
        while (!m_wait.empty()) {
            std::uint64_t id = m_wait.front();
            VEntry& e = m_entries[id];
            if (e.aborted) {
                m_wait.pop_front();
                m_entries.erase(id);
                continue;
            }
            const std::int64_t newTokens = context(e);
            const std::int64_t needBlocks = blocks(newTokens);
            if (m_totalBlocks - m_usedBlocks - needBlocks < m_watermarkBlocks) {
                block(e, WaitKind::KvBlocks, needBlocks, m_totalBlocks - m_usedBlocks - m_watermarkBlocks, r);
                break;
            }
            const std::uint32_t a = e.req.adapter;
            if (a != kNoAdapter && std::find(loras.begin(), loras.end(), a) == loras.end()
                && static_cast<std::int64_t>(loras.size()) >= m_maxLoras) {
                e.wait = WaitReason { WaitKind::MaxLoras, static_cast<std::int64_t>(loras.size()) + 1, m_maxLoras, 0 };
                e.waitAttempt = m_attempts;
                leftover.push_back(id);
                m_wait.pop_front();
                continue;
            }
            if (tokens + newTokens > m_maxTokens) {
                block(e, WaitKind::MaxNumBatchedTokens, tokens + newTokens, m_maxTokens, r);
                break;
            }
            if (seqs + 1 > m_maxSeqs) {
                block(e, WaitKind::MaxNumSeqs, seqs + 1, m_maxSeqs, r);
                break;
            }
            m_wait.pop_front();
            if (a != kNoAdapter && std::find(loras.begin(), loras.end(), a) == loras.end())
                loras.push_back(a);
            tokens += newTokens;
            ++seqs;
            m_usedBlocks += needBlocks;
            scheduled.push_back(id);
            reasons.push_back(reasonFor(e)); // before a later block() in this scan
        }
        // skipped requests keep their place at the front, in order
        for (auto it = leftover.rbegin(); it != leftover.rend(); ++it)
            m_wait.push_front(*it);
        if (scheduled.empty())
            return;

        r.kind = StepKind::Prefill;
        std::vector<std::uint32_t> distinct;
        for (std::size_t i = 0; i < scheduled.size(); ++i) {
            const std::uint64_t id = scheduled[i];
            VEntry& e = m_entries[id];
            --m_waitCount;
            touchAdapter(e.req.adapter, r);
            const std::int64_t t = context(e);
            r.shape.requests += 1;
            r.shape.tokens += t;
            r.shape.context += t;
            r.shape.tokenRank += t * e.req.rank;
            r.shape.tokenSquared += t * t;
            if (e.req.adapter != kNoAdapter) {
                ++r.shape.loraRequests;
                r.shape.maxRank = std::max<std::int64_t>(r.shape.maxRank, e.req.rank);
            }
            if (e.req.adapter != kNoAdapter && std::find(distinct.begin(), distinct.end(), e.req.adapter) == distinct.end()) {
                distinct.push_back(e.req.adapter);
                r.shape.adapterRank += e.req.rank;
            }
            if (!e.admittedOnce) {
                e.admittedOnce = true;
                e.admissionNumber = m_admissions++;
                r.admitted.push_back({id, e.admissionNumber, reasons[i]});
                r.firstTokens.push_back(id);
            }
            e.running = true;
            ++e.generated;
            if (m_config.reportTokens)
                r.tokens.push_back(id);
            if (e.generated >= e.maxNew) {
                m_usedBlocks -= need(e);
                r.finished.push_back(id);
                m_entries.erase(id);
            } else {
                m_run.push_back(id);
            }
        }
    }

    /// Blocks a request holds at admission (its prefilled context).
    std::int64_t need(const VEntry& e) const { return blocks(context(e) - 1); }

    void decode(StepResult& r)
    {
        // blocks held = blocks(context − 1) (the KV of the last token is written by the next pass);
        // this pass writes the KV of the last generated token: needs blocks(context).
        auto extra = [this](const VEntry& e) { return blocks(context(e)) - blocks(context(e) - 1); };
        std::int64_t want = 0;
        for (std::uint64_t id : m_run)
            want += extra(m_entries[id]);
        while (want > m_totalBlocks - m_usedBlocks && !m_run.empty()) {
            std::uint64_t victim = m_run.back(); // lowest priority: the latest admitted
            m_run.pop_back();
            VEntry& e = m_entries[victim];
            want -= extra(e);
            m_usedBlocks -= blocks(context(e) - 1);
            e.running = false;
            e.wait = WaitReason { WaitKind::KvBlocks, blocks(context(e)), m_totalBlocks - m_usedBlocks, 0 };
            e.waitAttempt = ++m_attempts;
            m_wait.push_front(victim);
            ++m_waitCount;
            r.preempted.push_back(victim);
        }
        if (m_run.empty())
            return;
        r.kind = StepKind::Decode;
        std::vector<std::uint32_t> distinct;
        std::vector<std::uint64_t> keep;
        for (std::uint64_t id : m_run) {
            VEntry& e = m_entries[id];
            r.shape.requests += 1;
            r.shape.tokens += 1;
            r.shape.context += context(e);
            r.shape.tokenRank += e.req.rank;
            if (e.req.adapter != kNoAdapter) {
                ++r.shape.loraRequests;
                r.shape.maxRank = std::max<std::int64_t>(r.shape.maxRank, e.req.rank);
            }
            if (e.req.adapter != kNoAdapter && std::find(distinct.begin(), distinct.end(), e.req.adapter) == distinct.end()) {
                distinct.push_back(e.req.adapter);
                r.shape.adapterRank += e.req.rank;
            }
            m_usedBlocks += extra(e);
            ++e.generated;
            if (m_config.reportTokens)
                r.tokens.push_back(id);
            if (e.generated >= e.maxNew) {
                m_usedBlocks -= blocks(context(e) - 1);
                r.finished.push_back(id);
                m_entries.erase(id);
            } else {
                keep.push_back(id);
            }
        }
        m_run.swap(keep);
    }

public:
    void setRank(std::uint32_t a, int rank)
    {
        if (a >= m_ranks.size())
            m_ranks.resize(a + 1, 0);
        m_ranks[a] = rank;
    }

private:
    SchedulerConfig m_config;
    std::int64_t m_blockSize = 16, m_totalBlocks = 0, m_watermarkBlocks = 0, m_maxSeqs = 256, m_maxTokens = 2048, m_maxLoras = 1;
    std::unordered_map<std::uint64_t, VEntry> m_entries;
    std::deque<std::uint64_t> m_wait;
    std::size_t m_waitCount = 0;
    std::vector<std::uint64_t> m_run; ///< admission order
    std::vector<std::uint32_t> m_lru; ///< resident adapters, least recently used first
    std::vector<int> m_ranks;
    std::vector<Drop> m_pendingDrops;
    std::int64_t m_usedBlocks = 0;
    std::size_t m_abortedRunning = 0;
    std::uint64_t m_steps = 0, m_nextSeq = 0, m_admissions = 0, m_attempts = 0;
    std::uint64_t m_lastBlockedAttempt = 0, m_lastBlockedNewest = 0, m_lastBlockedHead = 0;
    WaitReason m_lastBlocked;
};

} // namespace

std::unique_ptr<Policy> makeVllmPolicy(const SchedulerConfig& config)
{
    return std::make_unique<VllmPolicy>(config);
}

} // namespace lorascope
