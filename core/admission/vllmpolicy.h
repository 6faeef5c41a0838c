// SPDX-License-Identifier: Apache-2.0
#pragma once
// The `vllm` policy's scheduler class (internal to core/admission): vLLM V1's schedule() and
// update_from_output() in vllm.cpp, which cites vLLM's code and lists the rules; the waiting
// loop's scan in vllmwaiting.cpp. Per-request state and scan summaries: vllmstate.h; the plain
// decodes' shortcuts: vllmdecodes.h; the KV cache: vllmkv.h, vllmblocks.h; the queue: vllmqueue.h.

#include "admission/loraresidency.h"
#include "admission/policy.h"
#include "admission/slotindex.h"
#include "admission/vllmblocks.h"
#include "admission/vllmdecodes.h"
#include "admission/vllmkv.h"
#include "admission/vllmqueue.h"
#include "admission/vllmstate.h"

#include <algorithm>
#include <array>
#include <limits>

namespace lorascope::vllmsched {

class VllmPolicy final : public Policy {
public:
    explicit VllmPolicy(const SchedulerConfig& config)
        : m_config(config)
        , m_v(config.vllm)
        , m_kv(config.vllm.numGpuBlocks, config.vllm.blockSize, config.vllm.maxModelLen)
        , m_pool(config.vllm.numGpuBlocks, config.vllm.blockSize, config.vllm.maxModelLen)
        , m_group(m_kv.blockSize())
        , m_lora([&] {
            LoraResidencyConfig c;
            c.gpuSlots = config.vllm.maxLoras;
            c.cpuCapacity = config.vllm.effectiveMaxCpuLoras();
            return c;
        }())
        , m_budget(config.vllm.effectiveMaxNumBatchedTokens())
        , m_maxSeqs(config.vllm.effectiveMaxNumSeqs())
        , m_threshold(config.vllm.longPrefillTokenThreshold)
        , m_maxModelLen(config.vllm.maxModelLen)
        , m_maxLoras(config.vllm.maxLoras)
        , m_blocks(config.vllm.enablePrefixCaching)
        , m_priority(config.vllm.priorityScheduling)
        , m_report(config.reportTokens)
    {
    }

    RejectReason submit(const SimRequest& request) override;
    bool abort(std::uint64_t id) override;
    bool idle() const override { return m_wait.empty() && m_run.empty() && m_pendingDrops.empty(); }
    bool stalled() const override { return false; } // every accepted request fits the KV cache alone
    std::size_t queueLength() const override { return m_wait.size(); }
    std::size_t runningRequests() const override { return m_run.size(); }

    WaitReason waitReason(std::uint64_t id) const override
    {
        const std::uint32_t slot = m_index.find(id);
        if (slot == SlotIndex::kNone)
            return {};
        const VReq& e = m_entries[slot];
        return e.running ? WaitReason() : reasonFor(e);
    }

    StepResult step(double now) override
    {
        StepResult r;
        stepInto(now, r);
        return r;
    }

    void stepInto(double now, StepResult& r) override;

private:
    std::uint32_t allocate()
    {
        if (!m_free.empty()) {
            const std::uint32_t s = m_free.back();
            m_free.pop_back();
            return s;
        }
        m_entries.emplace_back();
        return static_cast<std::uint32_t>(m_entries.size() - 1);
    }
    void release(std::uint32_t slot)
    {
        m_entries[slot].table.clear();
        m_free.push_back(slot);
    }

    const TokenKey* keyOf(const VReq& e) const { return m_blocks ? e.req.key.get() : nullptr; }
    std::int64_t usedBlocks() const { return m_blocks ? m_pool.usedBlocks() : m_kv.usedBlocks(); }
    std::int64_t freeBlocks() const { return m_blocks ? m_pool.freeBlocks() : m_kv.freeBlocks(); }

    /// allocate_slots for a running request's `n` new tokens (and cache_blocks).
    bool allocateRunning(RunState& s, std::int64_t n)
    {
        if (!m_blocks)
            return m_kv.allocateSlots(s.capacity, s.computed, n);
        VReq& e = m_entries[s.slot];
        if (!m_pool.allocateSlots(e.table, s.computed, n, s.numTokens, false, keyOf(e), e.req.adapter))
            return false;
        s.capacity = static_cast<std::int64_t>(e.table.blocks.size()) * m_pool.blockSize();
        s.cacheAt = m_pool.nextCacheAt(e.table, keyOf(e));
        return true;
    }

    /// free: a request's blocks back to the pool (finished, aborted or preempted alike).
    void freeBlocksOf(RunState& s)
    {
        if (m_blocks)
            m_pool.free(m_entries[s.slot].table);
        else
            m_kv.free(s.capacity);
        s.capacity = 0;
    }

    /// Request.__lt__ as one number: priority, then arrival_time and request_id — the order in
    /// which requests are submitted (a trace's rows, or arrivals in real time), so the submission
    /// number stands for both. Priorities are clamped to ±2^30 (readers bound them to ±10^9).
    static std::int64_t priorityKey(const VReq& e)
    {
        const std::int64_t p
            = std::clamp<std::int64_t>(e.req.priority, -(std::int64_t(1) << 30), (std::int64_t(1) << 30) - 1)
            + (std::int64_t(1) << 30);
        return (p << 32) | static_cast<std::int64_t>(e.seq & 0xffffffffu);
    }
    /// Back into the waiting queue: FCFS prepends a preempted request; the priority queue orders it.
    void requeue(std::uint32_t slot, const VReq& e)
    {
        if (m_priority)
            m_wait.insertOrdered(slot, e.lane, priorityKey(e));
        else
            m_wait.prepend(slot, e.lane);
    }
    /// Under the priority policy: the running request vLLM preempts, max(running, key=(priority,
    /// arrival_time)) — of equals the first in running order.
    std::size_t priorityVictim() const
    {
        std::size_t v = 0;
        for (std::size_t j = 1; j < m_run.size(); ++j) {
            const SimRequest& a = m_entries[m_run[j].slot].req;
            const SimRequest& b = m_entries[m_run[v].slot].req;
            if (a.priority > b.priority || (a.priority == b.priority && a.arrival > b.arrival))
                v = j;
        }
        return v;
    }
    /// schedule()'s first loop under --scheduling-policy priority (vllm.cpp).
    std::size_t scheduleRunningPriority(double now, std::int64_t& budgetLeft, StepResult& r);

    std::int64_t capByThreshold(std::int64_t n) const { return m_threshold > 0 && n > m_threshold ? m_threshold : n; }

    void noteAdapter(std::uint32_t adapter)
    {
        if (adapter != kNoAdapter && m_mark[adapter] != m_epoch) {
            m_mark[adapter] = m_epoch;
            m_stepAdapters.push_back(adapter);
        }
    }

    void dropAbortedRunning(StepResult& r);

    /// _preempt_request: blocks freed, num_computed_tokens = 0, back to the front of the queue.
    void preempt(const RunState& s, double now, StepResult& r);

    /// schedule(), first loop: the running requests. Returns how many of them it scheduled (the
    /// first ones of the running list). The settings are read into locals: writes through the
    /// running list would make the compiler reload members on every request.
    std::size_t scheduleRunning(double now, std::int64_t& budgetLeft, StepResult& r);

    /// The step's adapters (scheduled_loras) after the running loop scheduled the first `scheduled`
    /// running requests: their distinct adapters in running order, marked with the step's epoch.
    /// When it scheduled all of them (nearly always) that is the running list's adapter list, kept
    /// up to date as requests join it and rebuilt after any leaves; otherwise they are counted.
    void markStepAdapters(std::size_t scheduled);

    /// Adds `adapter` to the running list's adapters if it is new there.
    void noteRunAdapter(std::uint32_t adapter)
    {
        if (adapter != kNoAdapter
            && std::find(m_runAdapters.begin(), m_runAdapters.end(), adapter) == m_runAdapters.end())
            m_runAdapters.push_back(adapter);
    }

    void beginScan()
    {
        pending().reset(m_attempt, m_nextSeq);
        m_scanRan = true;
    }

    /// The waiting loop did not run (or stops at once): everyone waits for `kind`.
    void scanNotRun(WaitKind kind);

    bool inBatch(std::uint32_t adapter) const { return adapter < m_mark.size() && m_mark[adapter] == m_epoch; }

    /// The next request the scan can still schedule once the batch has max_loras adapters: the
    /// first (smallest key) among the heads of the base-model lane and the batch's adapters' lanes.
    std::uint32_t nextCandidate() const;

    void stopAtHead(const VReq& e, std::uint32_t slot, WaitKind kind, std::int64_t need, std::int64_t limit);

    void stopAll(std::uint32_t slot, WaitKind kind);

    void fillLoras(WaitReason& w, const std::vector<std::uint32_t>& loras) const { fillLoraWait(w, loras, m_maxLoras); }

    /// schedule(), second loop: the waiting queue (only when nothing was preempted and the budget lasts).
    void scheduleWaiting(std::int64_t& budget, StepResult& r);

    /// The adapters of the pass onto the GPU before it runs. vLLM hands the worker the set of the
    /// batch's LoRA requests (a Python set, in hash order); here the adapters already on the GPU are
    /// touched first, then the others loaded in the batch's order, so a pass never evicts an
    /// adapter it uses itself (docs/admission.md, "LoRA residency").
    void loadAdapters(StepResult& r);

    /// One scheduled request's part of the forward pass: its share of the pass's shape, then
    /// _update_after_schedule and update_from_output (a token if its prompt is complete; finished at
    /// max_tokens or max_model_len). A finished request keeps its blocks and its place in the running
    /// list until endPass().
    void advance(RunState& s, StepResult& r) { advance(s, r, m_report); }
    void advance(RunState& s, StepResult& r, bool report)
    {
        advanceState(s, r, report);
        s.quiet = quietUntil(s, report, !m_blocks);
    }
    void advanceState(RunState& s, StepResult& r, bool report);

    /// The pass's shape and kind; update_from_output's removal of the finished requests.
    void endPass(StepResult& r);

    void finishStep(StepResult& r);

    WaitReason reasonFor(const VReq& e) const { return reasonFrom(m_scans[m_committed], e); }
    ScanSummary& pending() { return m_scans[m_committed ^ 1]; }

    /// Why `e` (waiting) waited, as of scan `s`: its own event (a preemption) if that is newer.
    WaitReason reasonFrom(const ScanSummary& s, const VReq& e) const
    {
        const std::int64_t key = m_wait.key(static_cast<std::uint32_t>(&e - m_entries.data()));
        return reasonFromScan(s, e, key, m_maxLoras, m_threshold);
    }

    SchedulerConfig m_config;
    VllmConfig m_v;
    VllmKvCache m_kv; ///< counted blocks (no keys, or prefix caching off)
    VllmBlockPool m_pool; ///< blocks with hashes (prefix caching on)
    DecodeGroup m_group; ///< the running list's leading plain decodes (counted blocks, tokens not reported)
    LoraResidency m_lora;
    std::int64_t m_budget, m_maxSeqs, m_threshold, m_maxModelLen, m_maxLoras;
    bool m_blocks; ///< m_pool in use (prefix caching on), else m_kv
    bool m_priority; ///< --scheduling-policy priority
    bool m_report; ///< fill StepResult::tokens

    std::vector<VReq> m_entries;
    std::vector<std::uint32_t> m_free;
    SlotIndex m_index;
    VllmWaitingQueue m_wait;
    std::vector<RunState> m_run; ///< running, in running order
    std::size_t m_scheduled = 0; ///< this step: the first m_scheduled of m_run are scheduled
    std::vector<std::uint32_t> m_stepAdapters; ///< distinct adapters of the step's batch (scheduled_loras)
    std::vector<std::uint32_t> m_runAdapters; ///< distinct adapters of m_run in running order (markStepAdapters)
    bool m_runAdaptersValid = false;
    std::vector<int> m_adapterRank;
    std::vector<std::uint64_t> m_mark; ///< per adapter: epoch of the step that has it in its batch
    std::vector<Drop> m_pendingDrops;
    std::size_t m_abortedRunning = 0;
    std::uint64_t m_nextSeq = 0, m_attempt = 0, m_epoch = 0, m_admissions = 0;
    /// The last committed scan (m_scans[m_committed]) and this step's scan (the other one),
    /// committed in finishStep: reasons given during a scan come from the committed one.
    std::array<ScanSummary, 2> m_scans;
    unsigned m_committed = 0;
    bool m_scanRan = false;
};

} // namespace lorascope::vllmsched
