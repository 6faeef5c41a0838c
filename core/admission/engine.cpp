// SPDX-License-Identifier: Apache-2.0
// Scheduler front end, names, the offline simulation loop and its summary.

#include "admission/engine.h"

#include "admission/policy.h"
#include "admission/summary.h"
#include "util/error.h"

#include <algorithm>
#include <limits>

namespace lorascope {

std::string rejectReasonName(RejectReason reason)
{
    switch (reason) {
    case RejectReason::None:
        return {};
    case RejectReason::InputTooLong:
        return "input_too_long";
    case RejectReason::TotalTooLong:
        return "total_too_long";
    case RejectReason::NeverFits:
        return "never_fits";
    case RejectReason::MaxModelLen:
        return "max_model_len";
    case RejectReason::LoraRankTooLarge:
        return "lora_rank_too_large";
    }
    return {};
}

std::string dropReasonName(DropReason reason)
{
    switch (reason) {
    case DropReason::None:
        return {};
    case DropReason::Aborted:
        return "aborted";
    case DropReason::Timeout:
        return "timeout";
    }
    return {};
}

std::string waitKindName(WaitKind kind)
{
    switch (kind) {
    case WaitKind::None:
        return "none";
    case WaitKind::AdmissionWindow:
        return "admission_window";
    case WaitKind::TokenBudget:
        return "token_budget";
    case WaitKind::BatchMaxTokens:
        return "batch_max_tokens";
    case WaitKind::RunningMaxReqSize:
        return "running_max_req_size";
    case WaitKind::MaxLoras:
        return "max_loras";
    case WaitKind::MaxNumSeqs:
        return "max_num_seqs";
    case WaitKind::MaxNumBatchedTokens:
        return "max_num_batched_tokens";
    case WaitKind::KvBlocks:
        return "kv_blocks";
    case WaitKind::BehindRequest:
        return "behind_request";
    case WaitKind::Preempted:
        return "preempted";
    case WaitKind::PreemptionStep:
        return "preemption_step";
    case WaitKind::MaxRunningRequests:
        return "max_running_requests";
    case WaitKind::BatchIsFull:
        return "batch_is_full";
    case WaitKind::MaxLorasPerBatch:
        return "max_loras_per_batch";
    case WaitKind::TokenPool:
        return "token_pool";
    case WaitKind::MaxPrefillTokens:
        return "max_prefill_tokens";
    case WaitKind::ChunkedPrefillSize:
        return "chunked_prefill_size";
    case WaitKind::Retracted:
        return "retracted";
    }
    return "none";
}

std::string adapterTierName(AdapterTier tier)
{
    switch (tier) {
    case AdapterTier::Gpu:
        return "gpu";
    case AdapterTier::Cpu:
        return "cpu";
    case AdapterTier::Disk:
        return "disk";
    }
    return "gpu";
}

std::string WaitReason::describe() const
{
    switch (kind) {
    case WaitKind::None:
    case WaitKind::AdmissionWindow:
    case WaitKind::PreemptionStep:
    case WaitKind::BatchIsFull:
        return waitKindName(kind);
    case WaitKind::Preempted:
        return "preempted, " + std::to_string(need) + " tokens to compute again";
    case WaitKind::Retracted:
        return "retracted, " + std::to_string(need) + " tokens to prefill again";
    case WaitKind::KvBlocks:
        return "kv_blocks need " + std::to_string(need) + " > free " + std::to_string(limit);
    case WaitKind::BehindRequest:
        return "behind request " + std::to_string(behind);
    case WaitKind::TokenBudget:
        return "token_budget need " + std::to_string(need) + " >= limit " + std::to_string(limit);
    default:
        return waitKindName(kind) + " need " + std::to_string(need) + " > limit " + std::to_string(limit);
    }
}

std::string stepKindName(StepKind kind)
{
    switch (kind) {
    case StepKind::Idle:
        return "idle";
    case StepKind::Prefill:
        return "prefill";
    case StepKind::Decode:
        return "decode";
    case StepKind::Mixed:
        return "mixed";
    }
    return "idle";
}

Scheduler::Scheduler(const SchedulerConfig& config)
    : m_config(config)
{
    switch (config.policy) {
    case PolicyKind::SLora:
        m_policy = makeSLoraPolicy(config, false);
        break;
    case PolicyKind::SLoraAbort:
        m_policy = makeSLoraPolicy(config, true);
        break;
    case PolicyKind::Vllm:
        m_policy = makeVllmPolicy(config);
        break;
    case PolicyKind::Sglang:
        m_policy = makeSglangPolicy(config);
        break;
    }
}

Scheduler::~Scheduler() = default;
Scheduler::Scheduler(Scheduler&&) noexcept = default;
Scheduler& Scheduler::operator=(Scheduler&&) noexcept = default;

RejectReason Scheduler::submit(const SimRequest& request) { return m_policy->submit(request); }
bool Scheduler::abort(std::uint64_t id) { return m_policy->abort(id); }
bool Scheduler::idle() const { return m_policy->idle(); }
bool Scheduler::stalled() const { return m_policy->stalled(); }
StepResult Scheduler::step(double now) { return m_policy->step(now); }
void Scheduler::step(double now, StepResult& out) { m_policy->stepInto(now, out); }
double Scheduler::nextTimeout() const { return m_policy->nextTimeout(); }
std::size_t Scheduler::queueLength() const { return m_policy->queueLength(); }
std::size_t Scheduler::runningRequests() const { return m_policy->runningRequests(); }
WaitReason Scheduler::waitReason(std::uint64_t id) const { return m_policy->waitReason(id); }

double stepSeconds(const CostModel& model, const StepResult& step)
{
    double t = 0;
    switch (step.kind) {
    case StepKind::Idle:
        return 0;
    case StepKind::Prefill:
        t = model.prefillSeconds(step.shape);
        break;
    case StepKind::Decode:
        t = model.decodeSeconds(step.shape);
        break;
    case StepKind::Mixed:
        t = model.mixedSeconds(step.prefillShape, step.decodeShape);
        break;
    }
    for (std::size_t i = 0; i < step.loadedRanks.size(); ++i) {
        t += model.adapterLoadSeconds(step.loadedRanks[i]);
        if (i < step.loadedFrom.size() && step.loadedFrom[i] == AdapterTier::Disk)
            t += model.adapterDiskReadSeconds(step.loadedRanks[i]);
    }
    return t;
}

// ---------------------------------------------------------------------------------------------

namespace {

/// The tier and cost of the load of `r`'s adapter in the pass `s` that first scheduled it.
void noteAdapterLoad(RequestRecord& r, const StepResult& s, const CostModel& cost, bool steps)
{
    for (std::size_t i = 0; i < s.loadedAdapters.size(); ++i) {
        if (s.loadedAdapters[i] != r.adapter)
            continue;
        const AdapterTier tier = i < s.loadedFrom.size() ? s.loadedFrom[i] : AdapterTier::Cpu;
        r.adapterLoad = tier;
        if (!steps) {
            const int rank = s.loadedRanks[i];
            r.adapterLoadSeconds = static_cast<float>(cost.adapterLoadSeconds(rank) + (tier == AdapterTier::Disk ? cost.adapterDiskReadSeconds(rank) : 0.0));
        }
        return;
    }
}

} // namespace

SimulationResult simulate(const Trace& trace, const SimulationConfig& config, const ProgressSink& progress, const StepObserver& observer)
{
    SimulationResult result;
    result.clock = config.clock;
    const std::size_t n = trace.requests.size();
    result.requests.resize(n);

    auto rankOf = [&](std::uint32_t adapter) -> int {
        if (adapter == kNoAdapter)
            return 0;
        if (adapter < config.ranks.size() && config.ranks[adapter] > 0)
            return config.ranks[adapter];
        return trace.adapters[adapter].rank;
    };
    for (std::size_t i = 0; i < n; ++i) {
        const Request& q = trace.requests[i];
        if (q.adapter != kNoAdapter && q.adapter >= trace.adapters.size())
            throw InputError("request " + std::to_string(trace.idOf(i)) + " uses adapter index " + std::to_string(q.adapter)
                    + " but the trace has " + std::to_string(trace.adapters.size()) + " adapters",
                trace.source, 0, "adapter");
        if (i > 0 && q.time < trace.requests[i - 1].time)
            throw InputError("request " + std::to_string(trace.idOf(i)) + " arrives before the request above it (trace not sorted by time)",
                trace.source, 0, "time");
        RequestRecord& r = result.requests[i];
        r.id = trace.idOf(i);
        r.arrival = q.time;
        r.adapter = q.adapter;
        r.inputLen = q.inputLen;
        r.outputLen = q.outputLen;
    }

    SchedulerConfig sc = config.scheduler;
    sc.reportTokens = false;
    Scheduler scheduler(sc);
    const bool steps = config.clock == ClockKind::Steps;
    double now = n > 0 ? std::min(0.0, trace.requests[0].time) : 0.0;
    std::size_t next = 0;
    std::uint64_t stepCount = 0;
    SimulationSummary& sum = result.summary;
    if (const std::string error = schedulerConfigError(sc); !error.empty())
        throw InputError(policyName(sc.policy) + " server: " + error, {}, 0, "scheduler");
    sum.kvCapacity = sc.policy == PolicyKind::Vllm ? sc.vllm.usableBlocks() * sc.vllm.blockSize
        : sc.policy == PolicyKind::Sglang           ? sc.sglang.maxTotalTokens
                                                    : sc.limits.maxTotalTokenNum;

    auto applyDrops = [&](const StepResult& s) {
        for (const Drop& d : s.dropped) {
            RequestRecord& r = result.requests[d.id];
            r.dropped = d.reason;
            r.droppedAt = now;
            if (std::isnan(r.admitted))
                r.wait = d.wait;
        }
    };

    StepResult s; // reused: its vectors keep their capacity from step to step
    while (true) {
        while (next < n && trace.requests[next].time <= now) {
            const Request& q = trace.requests[next];
            SimRequest sr;
            sr.id = next;
            sr.arrival = q.time;
            sr.inputLen = q.inputLen;
            sr.outputLen = q.outputLen;
            sr.adapter = q.adapter;
            sr.rank = rankOf(q.adapter);
            result.requests[next].rejected = scheduler.submit(sr);
            ++next;
        }
        if (scheduler.idle()) {
            if (next >= n)
                break;
            now = std::max(now, trace.requests[next].time); // idle: jump to the next arrival
            continue;
        }
        scheduler.step(now, s);
        applyDrops(s);
        if (s.kind == StepKind::Idle) {
            if (scheduler.idle() || !s.preempted.empty())
                continue; // vllm: everything was preempted; they are prefilled again next step
            // Nothing can run now: wait for an arrival or a timeout of the abort queue.
            double t = next < n ? trace.requests[next].time : std::numeric_limits<double>::infinity();
            t = std::min(t, scheduler.nextTimeout());
            if (!std::isfinite(t))
                break; // the queue head can never be admitted: S-LoRA would wait forever
            now = t > now ? t : std::nextafter(now, std::numeric_limits<double>::infinity());
            continue;
        }
        const double duration = steps ? 1.0 : stepSeconds(config.cost, s);
        const double start = now, end = now + duration;
        for (const Admission& a : s.admitted) {
            RequestRecord& r = result.requests[a.id];
            r.admitted = start;
            r.admissionNumber = a.number;
            r.wait = a.wait;
            if (r.adapter != kNoAdapter && !s.loadedAdapters.empty())
                noteAdapterLoad(r, s, config.cost, steps);
        }
        for (const Admission& a : s.resumed)
            result.requests[a.id].wait = a.wait;
        for (std::uint64_t id : s.firstTokens)
            result.requests[id].firstToken = end;
        for (std::uint64_t id : s.finished)
            result.requests[id].finished = end;
        for (std::uint64_t id : s.preempted)
            ++result.requests[id].preemptions;
        ++sum.steps;
        if (s.kind == StepKind::Prefill)
            ++sum.prefillSteps;
        else if (s.kind == StepKind::Mixed)
            ++sum.mixedSteps;
        else
            ++sum.decodeSteps;
        sum.adapterLoads += s.loadedAdapters.size();
        sum.adapterUnloads += s.unloadedAdapters.size();
        sum.preemptions += s.preempted.size();
        for (AdapterTier tier : s.loadedFrom)
            sum.adapterDiskLoads += tier == AdapterTier::Disk ? 1 : 0;
        sum.peakKvNeed = std::max(sum.peakKvNeed, s.kvNeed);
        sum.peakKvUsed = std::max(sum.peakKvUsed, s.kvUsed);
        if (config.recordTimeline || observer) {
            StepRecord t;
            t.start = start;
            t.end = end;
            t.kind = s.kind;
            t.batchSize = static_cast<std::uint32_t>(s.shape.requests);
            t.admitted = static_cast<std::uint32_t>(s.admitted.size());
            t.finished = static_cast<std::uint32_t>(s.finished.size());
            t.queueLength = s.queueLength;
            t.residentAdapters = s.residentAdapters;
            t.loaded = static_cast<std::uint16_t>(std::min<std::size_t>(s.loadedAdapters.size(), 65535));
            t.unloaded = static_cast<std::uint16_t>(std::min<std::size_t>(s.unloadedAdapters.size(), 65535));
            std::size_t disk = 0;
            for (AdapterTier tier : s.loadedFrom)
                disk += tier == AdapterTier::Disk ? 1 : 0;
            t.loadedFromDisk = static_cast<std::uint16_t>(std::min<std::size_t>(disk, 65535));
            t.cpuEvicted = static_cast<std::uint16_t>(std::min<std::size_t>(s.cpuEvicted.size(), 65535));
            t.preempted = static_cast<std::uint16_t>(std::min<std::size_t>(s.preempted.size(), 65535));
            t.cpuAdapters = s.cpuAdapters;
            t.tokens = s.shape.tokens;
            t.kvNeed = s.kvNeed;
            t.kvUsed = s.kvUsed;
            t.adapterSlots = s.adapterSlots;
            t.kvCapacity = s.kvCapacity;
            t.blocked = s.blocked.kind;
            if (observer)
                observer(t);
            if (config.recordTimeline)
                result.timeline.push_back(t);
        }
        now = end;
        if ((++stepCount & 4095) == 0)
            progress.update(n ? static_cast<double>(next) / static_cast<double>(n) : 1.0);
    }
    // Requests still queued never got in: keep the reason they were waiting for. Scheduler ids are
    // trace indices; `behind` is reported as the trace's request id.
    for (std::size_t i = 0; i < n; ++i) {
        RequestRecord& r = result.requests[i];
        if (r.rejected == RejectReason::None && r.dropped == DropReason::None && std::isnan(r.admitted))
            r.wait = scheduler.waitReason(i);
        if (r.wait.kind == WaitKind::BehindRequest && !trace.ids.empty())
            r.wait.behind = trace.idOf(r.wait.behind);
    }
    progress.update(1.0);

    SimulationSummary overall;
    summarizeRecords(result.requests, trace.adapters.size(), config.clock, overall, &result.perAdapter);
    overall.steps = sum.steps;
    overall.prefillSteps = sum.prefillSteps;
    overall.decodeSteps = sum.decodeSteps;
    overall.mixedSteps = sum.mixedSteps;
    overall.adapterLoads = sum.adapterLoads;
    overall.adapterUnloads = sum.adapterUnloads;
    overall.adapterDiskLoads = sum.adapterDiskLoads;
    overall.preemptions = sum.preemptions;
    overall.peakKvNeed = sum.peakKvNeed;
    overall.peakKvUsed = sum.peakKvUsed;
    overall.kvCapacity = sum.kvCapacity;
    result.summary = overall;
    for (AdapterSummary& per : result.perAdapter) {
        if (per.adapter != kNoAdapter) {
            per.name = trace.adapters[per.adapter].name;
            per.rank = rankOf(per.adapter);
        }
    }
    return result;
}

} // namespace lorascope
