// SPDX-License-Identifier: Apache-2.0
// vLLM V1's scheduler, rule for rule: one step() = one Scheduler.schedule() and the
// update_from_output() of its forward pass.
//
// Reference (vllm-project/vllm): vllm/v1/core/sched/scheduler.py at b4622cf (Scheduler.schedule,
// _preempt_request, _update_after_schedule, update_from_output), vllm/v1/core/sched/request_queue.py
// (FCFSRequestQueue), vllm/v1/core/kv_cache_manager.py (allocate_slots; admission/vllmkv.h),
// vllm/config/scheduler.py, lora.py and vllm/engine/arg_utils.py (defaults and checks;
// admission/vllmconfig.h), vllm/lora/worker_manager.py + model_manager.py (LoRA slots and CPU
// cache; admission/loraresidency.h). docs/admission.md ("vLLM V1") lists each rule with its place.
//
// schedule():
//  1. Running requests in running order share a token budget of max_num_batched_tokens: each gets
//     num_tokens − num_computed_tokens (1 while decoding; the rest of its prompt while prefilling),
//     at most long_prefill_token_threshold (if > 0) and at most the budget left. Its KV blocks are
//     allocated; when they do not fit, the newest running request is preempted (blocks freed,
//     num_computed_tokens = 0, prepended to the waiting queue), repeatedly, until they fit or the
//     request preempted itself (then the loop stops).
//  2. Only if nobody was preempted: the waiting queue, FCFS, while the budget lasts and fewer than
//     max_num_seqs run. A request whose adapter is not among the step's max_loras adapters is set
//     aside and the scan continues (early V1: the scan stops there); without chunked prefill a
//     prompt larger than the budget left stops the scan; so does one whose blocks do not fit.
//  3. After the pass every scheduled request has num_computed_tokens += its tokens; one whose
//     prefill is complete samples a token; it finishes at max_tokens (or max_model_len) tokens.
//
// Data layout: a request's lasting state in a slot vector (free list); the running list holds what
// each step reads and writes of a running request contiguously, in running order; the waiting
// queue is admission/vllmqueue.h. The requests a step schedules are always the first ones of the
// running list (the waiting loop runs only after every running request was scheduled, and appends
// what it schedules). A request's wait reason is derived from the last scan's summary when asked
// (O(1) per scan, whatever the queue length), as for S-LoRA.
//
// Plain decodes (admission/vllmdecodes.h): most running requests, most steps, decode one token with
// no event. The running loop does those in a tight loop, and the running list's leading ones as a
// group in O(1) a step (counted blocks, tokens not reported); everything else takes the full path
// below, one request at a time. The shortcuts give exactly what the full path gives: with reportTokens set
// (the step-through) every request takes the full path, and tests/core/tst_admission_vllm_plain.cpp
// compares the two.

#include "admission/vllmpolicy.h"

namespace lorascope {
namespace vllmsched {

RejectReason VllmPolicy::submit(const SimRequest& request)
{
    const std::int64_t maxTokens = std::max<std::int64_t>(1, request.outputLen);
    // The OpenAI server refuses prompt + max_tokens > max_model_len with 400 ("This model's
    // maximum context length is ..."); the processor a prompt longer than max_model_len.
    if (static_cast<std::int64_t>(request.inputLen) + maxTokens > m_maxModelLen)
        return RejectReason::MaxModelLen;
    // vLLM cannot load an adapter of a rank above max_lora_rank ("LoRA rank R is greater than max_lora_rank M").
    if (request.adapter != kNoAdapter && request.rank > m_v.maxLoraRank)
        return RejectReason::LoraRankTooLarge;
    const std::uint32_t slot = allocate();
    VReq& e = m_entries[slot];
    e = VReq();
    e.req = request;
    e.seq = ++m_nextSeq;
    // vLLM hashes every request's full blocks, whether or not anything is shared: a request whose
    // content is not given is its own content (prompt and answer), so its blocks can be hit only
    // by itself, after a preemption (docs/admission.md, "Prefix caching").
    if (m_blocks && e.req.key == nullptr)
        e.req.key = ownTokenKey(e.seq, static_cast<std::int64_t>(request.inputLen) + maxTokens);
    e.prompt = request.inputLen;
    e.maxTokens = maxTokens;
    e.lane = request.adapter == kNoAdapter ? 0 : request.adapter + 1;
    if (request.adapter != kNoAdapter) {
        m_lora.setRank(request.adapter, request.rank);
        if (request.adapter >= m_adapterRank.size()) {
            m_adapterRank.resize(std::max<std::size_t>(request.adapter + 1, m_adapterRank.size() * 2), 0);
            m_mark.resize(m_adapterRank.size(), 0);
        }
        m_adapterRank[request.adapter] = request.rank;
    }
    m_index.insert(request.id, slot);
    m_wait.reserve(m_entries.size(), static_cast<std::size_t>(e.lane) + 1);
    if (m_priority)
        m_wait.insertOrdered(slot, e.lane, priorityKey(e));
    else
        m_wait.append(slot, e.lane);
    return RejectReason::None;
}

bool VllmPolicy::abort(std::uint64_t id)
{
    const std::uint32_t slot = m_index.find(id);
    if (slot == SlotIndex::kNone)
        return false;
    VReq& e = m_entries[slot];
    if (e.aborted)
        return false;
    e.aborted = true;
    if (e.running) {
        ++m_abortedRunning; // Scheduler.finish_requests frees it before the next schedule()
    } else {
        m_pendingDrops.push_back({ id, DropReason::Aborted, reasonFor(e) });
        m_wait.remove(slot);
        m_index.erase(id);
        release(slot);
    }
    return true;
}

void VllmPolicy::stepInto(double now, StepResult& r)
{
    r.clear();
    m_slices.clear();
    r.kvCapacity = m_kv.usableBlocks() * m_kv.blockSize();
    r.dropped.swap(m_pendingDrops);
    if (m_abortedRunning > 0)
        dropAbortedRunning(r);
    ++m_attempt;
    ++m_epoch;
    m_stepAdapters.clear();
    std::int64_t budget = m_budget;
    // The running requests are scheduled and, in the same loop, their part of the forward pass
    // is done (nothing the waiting loop reads changes by it: the finished ones keep their
    // blocks and their place until update_from_output removes them below).
    m_scheduled = m_priority ? scheduleRunningPriority(now, budget, r) : scheduleRunning(now, budget, r);
    const std::size_t fromWaiting = m_run.size();
    if (!m_wait.empty()) {
        r.attempted = true;
        if (!r.preempted.empty())
            scanNotRun(WaitKind::PreemptionStep);
        else if (budget <= 0)
            scanNotRun(WaitKind::MaxNumBatchedTokens);
        else
            scheduleWaiting(budget, r); // appends to the running list, all of which is then scheduled
    }
    if (m_scheduled > 0) {
        for (std::size_t i = fromWaiting; i < m_run.size(); ++i)
            advance(m_run[i], r);
        loadAdapters(r);
        endPass(r);
    }
    finishStep(r);
}

void VllmPolicy::dropAbortedRunning(StepResult& r)
{
    m_group.dissolve(m_run.data(), m_report);
    std::size_t out = 0;
    for (RunState& s : m_run) {
        VReq& e = m_entries[s.slot];
        if (!e.aborted) {
            m_run[out++] = s;
            continue;
        }
        freeBlocksOf(s);
        r.dropped.push_back({ e.req.id, DropReason::Aborted, {} });
        m_index.erase(e.req.id);
        release(s.slot);
    }
    m_run.resize(out);
    m_runAdaptersValid = false;
    m_abortedRunning = 0;
}

/// _preempt_request: blocks freed, num_computed_tokens = 0, back to the front of the queue.
void VllmPolicy::preempt(const RunState& s, double now, StepResult& r)
{
    VReq& e = m_entries[s.slot];
    RunState copy = s;
    freeBlocksOf(copy); // the blocks keep their hashes: vLLM's free() evicts nothing
    e.output = s.numTokens - s.prompt;
    e.running = false;
    e.wait = WaitReason {};
    e.wait.kind = WaitKind::Preempted;
    e.wait.need = s.numTokens; // prompt and generated tokens are prefilled again
    e.wait.at = now;
    e.waitAttempt = m_attempt;
    requeue(s.slot, e);
    r.preempted.push_back(e.req.id);
}

/// schedule(), first loop: the running requests. Returns how many of them it scheduled (the
/// first ones of the running list). The settings are read into locals: writes through the
/// running list would make the compiler reload members on every request.
std::size_t VllmPolicy::scheduleRunning(double now, std::int64_t& budgetLeft, StepResult& r)
{
    std::int64_t budget = budgetLeft;
    const bool report = m_report;
    const std::int64_t threshold = m_threshold;
    RunState* const run = m_run.data();
    std::size_t size = m_run.size();
    std::size_t i = 0;
    const bool counted = !m_blocks;
    PlainSums plain; // the plain decodes' part of the pass's decode shape
    if (m_group.size() > 0) { // the leading plain decodes as a whole (or fewer), or one by one below
        if (m_group.step(run, report, budget, m_kv.freeBlocks(), plain)) {
            m_kv.take(plain.blocks);
            i = m_group.size();
            budget -= static_cast<std::int64_t>(i);
        } else {
            m_group.dissolve(run, report);
        }
    }
    while (i < size && budget > 0) {
        // Plain decodes (RunState::quiet): what the full path below does for them, with n = 1,
        // at most one counted block to allocate and advance()'s decode branch without a token event.
        const std::int64_t blocksBefore = plain.blocks;
        const std::size_t k = plainDecodes(run + i, run + std::min<std::size_t>(size, i + budget),
            counted ? m_kv.freeBlocks() : 0, m_kv.blockSize(), plain);
        m_kv.take(plain.blocks - blocksBefore);
        i += k;
        budget -= static_cast<std::int64_t>(k);
        if (i == size || budget <= 0)
            break;
        RunState& s = run[i];
        // vLLM also caps n at max_model_len − 1 − num_computed_tokens and skips a request with
        // n = 0; neither happens here: an accepted request has prompt + max_tokens ≤
        // max_model_len, so a running one has computed < num_tokens ≤ max_model_len − 1.
        std::int64_t n = s.numTokens - s.computed;
        if (threshold > 0 && n > threshold)
            n = threshold;
        n = std::min(n, budget);
        // New blocks needed, or (block pool) a block to cache; else its blocks have room.
        if (s.computed + n > s.capacity || s.computed + n >= s.cacheAt) {
            bool scheduled = true;
            while (!allocateRunning(s, n)) {
                // Preempt the lowest-priority request: FCFS pops the last of the running list.
                const bool self = size - 1 == i;
                preempt(m_run.back(), now, r);
                m_run.pop_back();
                m_runAdaptersValid = false;
                size = m_run.size();
                if (self) {
                    scheduled = false;
                    break;
                }
            }
            if (!scheduled)
                break;
        }
        s.scheduled = n;
        budget -= n;
        advance(s, r, report);
        ++i;
    }
    BatchShape& d = r.decodeShape;
    d.requests += plain.decodes;
    d.tokens += plain.decodes;
    d.context += plain.context;
    d.loraRequests += plain.lora;
    budgetLeft = budget;
    if (counted && !report)
        m_group.absorb(m_run.data(), m_run.size());
    markStepAdapters(i);
    return i;
}

/// schedule()'s first loop under --scheduling-policy priority. When blocks run out, the victim is
/// the running request with the largest (priority, arrival_time), wherever it is in the running
/// list; one scheduled earlier in this step gives its tokens back to the budget (vLLM:
/// `token_budget += num_scheduled_tokens.pop(...)`, `req_index -= 1`). So the requests' passes are
/// done after the loop, not as they are scheduled, and every request takes the full path.
std::size_t VllmPolicy::scheduleRunningPriority(double now, std::int64_t& budgetLeft, StepResult& r)
{
    std::int64_t budget = budgetLeft;
    std::size_t i = 0;
    while (i < m_run.size() && budget > 0) {
        std::int64_t n = capByThreshold(m_run[i].numTokens - m_run[i].computed);
        n = std::min(n, budget);
        const RunState& s = m_run[i];
        bool scheduled = true;
        if (s.computed + n > s.capacity || s.computed + n >= s.cacheAt) {
            while (!allocateRunning(m_run[i], n)) {
                const std::size_t v = priorityVictim();
                const bool self = v == i;
                if (v < i) { // scheduled in this step: its tokens go back
                    budget += m_run[v].scheduled;
                    --i;
                }
                const RunState victim = m_run[v];
                preempt(victim, now, r);
                m_run.erase(m_run.begin() + static_cast<std::ptrdiff_t>(v));
                m_runAdaptersValid = false;
                if (self) {
                    scheduled = false;
                    break;
                }
            }
            if (!scheduled)
                break;
        }
        m_run[i].scheduled = n;
        budget -= n;
        ++i;
    }
    for (std::size_t k = 0; k < i; ++k)
        advance(m_run[k], r, m_report);
    budgetLeft = budget;
    markStepAdapters(i);
    return i;
}

/// The step's adapters (scheduled_loras) after the running loop scheduled the first `scheduled`
/// running requests: their distinct adapters in running order, marked with the step's epoch.
/// When it scheduled all of them (nearly always) that is the running list's adapter list, kept
/// up to date as requests join it and rebuilt after any leaves; otherwise they are counted.
void VllmPolicy::markStepAdapters(std::size_t scheduled)
{
    const std::uint64_t epoch = m_epoch;
    std::uint64_t* const mark = m_mark.data();
    if (scheduled == m_run.size() && m_runAdaptersValid) {
        for (std::uint32_t a : m_runAdapters) {
            mark[a] = epoch;
            m_stepAdapters.push_back(a);
        }
        return;
    }
    for (std::size_t i = 0; i < scheduled; ++i)
        noteAdapter(m_run[i].adapter);
    if (scheduled == m_run.size()) { // the running list's adapters, kept for the next steps
        m_runAdapters.assign(m_stepAdapters.begin(), m_stepAdapters.end());
        m_runAdaptersValid = true;
    }
}

/// The adapters of the pass onto the GPU before it runs. vLLM hands the worker the set of the
/// batch's LoRA requests (a Python set, in hash order); here the adapters already on the GPU are
/// touched first, then the others loaded in the batch's order, so a pass never evicts an
/// adapter it uses itself (docs/admission.md, "LoRA residency").
void VllmPolicy::loadAdapters(StepResult& r)
{
    if (m_stepAdapters.empty())
        return;
    m_lora.beginPass();
    for (std::uint32_t a : m_stepAdapters)
        if (m_lora.onGpu(a))
            m_lora.touch(a);
    for (std::uint32_t a : m_stepAdapters)
        if (!m_lora.onGpu(a))
            m_lora.use(a, r);
}

void VllmPolicy::advanceState(RunState& s, StepResult& r, bool report)
{
    BatchShape& p = r.prefillShape; // the pass's shapes are summed where they are reported
    BatchShape& d = r.decodeShape;
    const std::int64_t n = s.scheduled;
    if (n <= 0)
        return;
    const bool lora = s.adapter != kNoAdapter;
    if (s.numTokens > s.prompt && s.computed + 1 == s.numTokens) { // a decode: one token past the prompt
        d.requests += 1;
        d.tokens += 1;
        d.context += s.numTokens;
        d.loraRequests += lora;
    } else {
        p.requests += 1;
        p.tokens += n;
        p.context += s.computed + n;
        p.tokenSquared += (s.computed + n) * (s.computed + n) - s.computed * s.computed;
        p.loraRequests += lora;
        p.tokenRank += lora ? n : 0; // × max_lora_rank in endPass()
        if (report)
            m_slices.push_back({ m_entries[s.slot].req.id, n, s.numTokens - (s.computed + n) });
    }
    s.computed += n;
    if (s.computed < s.numTokens)
        return; // a prefill chunk: the sampled token is discarded
    const bool first = s.numTokens == s.prompt;
    s.numTokens += 1;
    const bool done = s.numTokens >= s.end; // check_stop
    if (first | done | report) {
        const std::uint64_t id = m_entries[s.slot].req.id;
        if (first)
            r.firstTokens.push_back(id);
        if (report)
            r.tokens.push_back(id);
        if (done)
            r.finished.push_back(id);
    }
    if (done) {
        s.scheduled = -1; // removed (and its blocks freed) by endPass()
    }
}

/// The pass's shape and kind; update_from_output's removal of the finished requests.
void VllmPolicy::endPass(StepResult& r)
{
    std::int64_t adapterRank = 0;
    for (std::uint32_t a : m_stepAdapters)
        adapterRank += m_adapterRank[a];
    finishPassShape(m_v.maxLoraRank, adapterRank, r);
    if (r.finished.empty()) // advance() lists every request it finishes
        return;
    // Scheduler.update_from_output: remove_all(running, stopped), keeping the others' order.
    RunState* const run = m_run.data();
    const std::size_t scheduled = m_scheduled;
    std::size_t out = 0;
    while (run[out].scheduled >= 0) // the first finished one is among the scheduled
        ++out;
    for (std::size_t i = out; i < m_run.size(); ++i) {
        RunState& s = run[i];
        if (i < scheduled && s.scheduled < 0) {
            freeBlocksOf(s);
            m_index.erase(m_entries[s.slot].req.id);
            release(s.slot);
        } else {
            run[out++] = s;
        }
    }
    m_run.resize(out);
    m_runAdaptersValid = false;
}

void VllmPolicy::finishStep(StepResult& r)
{
    if (m_scanRan) {
        // The step's blocked reason: what the scan said of the first request still waiting.
        const std::uint32_t head = m_wait.head();
        if (head != VllmWaitingQueue::kNil)
            r.blocked = reasonFrom(pending(), m_entries[head]);
        m_committed ^= 1; // the pending scan becomes the committed one (both keep their vectors)
        m_scanRan = false;
    }
    r.kvUsed = r.kvNeed = usedBlocks() * m_kv.blockSize();
    r.runningRequests = static_cast<std::uint32_t>(m_run.size());
    r.queueLength = static_cast<std::uint32_t>(m_wait.size());
    r.residentAdapters = static_cast<std::uint32_t>(m_lora.gpuCount());
    r.cpuAdapters = static_cast<std::uint32_t>(m_lora.cpuCount());
}

} // namespace vllmsched

std::unique_ptr<Policy> makeVllmPolicy(const SchedulerConfig& config)
{
    return std::make_unique<vllmsched::VllmPolicy>(config);
}

} // namespace lorascope
