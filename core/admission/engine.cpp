// SPDX-License-Identifier: Apache-2.0
// Scheduler front end, names, the offline simulation loop and its summary.

#include "admission/engine.h"

#include "admission/policy.h"
#include "util/error.h"

#include <algorithm>
#include <bit>
#include <limits>

namespace lorascope {

std::string policyName(PolicyKind policy)
{
    switch (policy) {
    case PolicyKind::SLora:
        return "slora";
    case PolicyKind::SLoraAbort:
        return "slora-abort";
    case PolicyKind::Vllm:
        return "vllm";
    }
    return "slora";
}

std::optional<PolicyKind> policyFromName(const std::string& name)
{
    if (name == "slora")
        return PolicyKind::SLora;
    if (name == "slora-abort")
        return PolicyKind::SLoraAbort;
    if (name == "vllm")
        return PolicyKind::Vllm;
    return std::nullopt;
}

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
    }
    return "none";
}

std::string WaitReason::describe() const
{
    switch (kind) {
    case WaitKind::None:
    case WaitKind::AdmissionWindow:
        return waitKindName(kind);
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
    }
    for (int rank : step.loadedRanks)
        t += model.adapterLoadSeconds(rank);
    return t;
}

// ---------------------------------------------------------------------------------------------

namespace {

/// Percentiles of a sorted sample, linear interpolation between order statistics (NumPy default).
double sortedPercentile(const std::vector<double>& sorted, double pct)
{
    if (sorted.empty())
        return NAN;
    const double pos = pct / 100.0 * static_cast<double>(sorted.size() - 1);
    const std::size_t lo = static_cast<std::size_t>(pos);
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    const double frac = pos - static_cast<double>(lo);
    return sorted[lo] + (sorted[hi] - sorted[lo]) * frac;
}

/// Sorts non-NaN doubles ascending: the same sequence std::sort gives (equal doubles are the same
/// bits), in linear time for large inputs (LSD radix sort on the order-preserving bit pattern,
/// skipping the byte positions where all values agree, e.g. the low mantissa bytes of tick counts).
void sortValues(std::vector<double>& values)
{
    const std::size_t n = values.size();
    if (n < 1024) {
        std::sort(values.begin(), values.end());
        return;
    }
    constexpr std::uint64_t kSign = 1ull << 63;
    std::vector<std::uint64_t> keys(n), scratch(n);
    std::uint32_t hist[8][256] = {};
    for (std::size_t i = 0; i < n; ++i) {
        const auto u = std::bit_cast<std::uint64_t>(values[i]);
        const std::uint64_t k = (u & kSign) ? ~u : (u | kSign); // negative: reverse order; positive: above them
        keys[i] = k;
        for (int d = 0; d < 8; ++d)
            ++hist[d][(k >> (8 * d)) & 0xff];
    }
    for (int d = 0; d < 8; ++d) {
        if (hist[d][(keys[0] >> (8 * d)) & 0xff] == n)
            continue; // every key has the same byte here
        std::uint32_t offset[256];
        std::uint32_t sum = 0;
        for (int b = 0; b < 256; ++b) {
            offset[b] = sum;
            sum += hist[d][b];
        }
        for (std::size_t i = 0; i < n; ++i)
            scratch[offset[(keys[i] >> (8 * d)) & 0xff]++] = keys[i];
        keys.swap(scratch);
    }
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t k = keys[i];
        values[i] = std::bit_cast<double>((k & kSign) ? (k & ~kSign) : ~k);
    }
}

LatencyStats latency(std::vector<double>& values)
{
    LatencyStats s;
    s.count = values.size();
    if (values.empty())
        return s;
    sortValues(values);
    double sum = 0;
    for (double v : values)
        sum += v;
    s.mean = sum / static_cast<double>(values.size());
    s.p50 = sortedPercentile(values, 50);
    s.p90 = sortedPercentile(values, 90);
    s.p99 = sortedPercentile(values, 99);
    return s;
}

/// The samples summarizeWith() collects, kept between calls (one summary per adapter).
struct SummaryScratch {
    std::vector<double> wait, ttft, e2e;
};

template <typename Visit>
SimulationSummary summarizeWith(std::size_t count, Visit&& visit, ClockKind clock, SummaryScratch& scratch)
{
    SimulationSummary s;
    auto& wait = scratch.wait;
    auto& ttft = scratch.ttft;
    auto& e2e = scratch.e2e;
    wait.clear();
    ttft.clear();
    e2e.clear();
    double first = std::numeric_limits<double>::infinity(), last = -std::numeric_limits<double>::infinity();
    double tokens = 0;
    std::uint64_t slo = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const RequestRecord& r = visit(i);
        ++s.requests;
        first = std::min(first, r.arrival);
        if (r.rejected != RejectReason::None) {
            ++s.rejected;
            continue;
        }
        if (r.dropped != DropReason::None)
            ++s.dropped;
        if (std::isnan(r.admitted)) {
            if (r.dropped == DropReason::None)
                ++s.neverAdmitted;
            continue;
        }
        wait.push_back(r.admitted - r.arrival);
        if (!std::isnan(r.firstToken)) {
            ttft.push_back(r.firstToken - r.arrival);
            if (r.firstToken - r.arrival < 6.0)
                ++slo;
        }
        if (!std::isnan(r.finished)) {
            ++s.finished;
            e2e.push_back(r.finished - r.arrival);
            last = std::max(last, r.finished);
            tokens += std::max<double>(1, r.outputLen);
        }
    }
    s.wait = latency(wait);
    s.ttft = latency(ttft);
    s.e2e = latency(e2e);
    if (s.finished > 0 && last > first) {
        s.makespan = last - first;
        s.requestThroughput = static_cast<double>(s.finished) / s.makespan;
        s.tokenThroughput = tokens / s.makespan;
    }
    if (clock == ClockKind::Model && s.requests > 0)
        s.sloAttainment = static_cast<double>(slo) / static_cast<double>(s.requests);
    return s;
}

} // namespace

SimulationSummary summarize(const std::vector<RequestRecord>& records, ClockKind clock)
{
    SummaryScratch scratch;
    return summarizeWith(records.size(), [&](std::size_t i) -> const RequestRecord& { return records[i]; }, clock, scratch);
}

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
    sum.kvCapacity = sc.policy == PolicyKind::Vllm ? (sc.limits.maxTotalTokenNum / std::max<std::int64_t>(1, sc.vllm.blockSize)) * std::max<std::int64_t>(1, sc.vllm.blockSize)
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
            r.firstToken = end;
            r.admissionNumber = a.number;
            r.wait = a.wait;
        }
        for (std::uint64_t id : s.finished)
            result.requests[id].finished = end;
        ++sum.steps;
        if (s.kind == StepKind::Prefill)
            ++sum.prefillSteps;
        else
            ++sum.decodeSteps;
        sum.adapterLoads += s.loadedAdapters.size();
        sum.adapterUnloads += s.unloadedAdapters.size();
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

    SimulationSummary overall = summarize(result.requests, config.clock);
    overall.steps = sum.steps;
    overall.prefillSteps = sum.prefillSteps;
    overall.decodeSteps = sum.decodeSteps;
    overall.adapterLoads = sum.adapterLoads;
    overall.adapterUnloads = sum.adapterUnloads;
    overall.peakKvNeed = sum.peakKvNeed;
    overall.peakKvUsed = sum.peakKvUsed;
    overall.kvCapacity = sum.kvCapacity;
    result.summary = overall;

    // per adapter, in adapter order, base-model requests (kNoAdapter) last; each adapter's
    // requests in trace order. A counting sort of the request indices: one allocation, not one
    // map node and vector per adapter.
    const std::size_t slots = trace.adapters.size() + 1; // the last slot: base model
    auto slotOf = [&](std::uint32_t adapter) { return adapter == kNoAdapter ? slots - 1 : static_cast<std::size_t>(adapter); };
    std::vector<std::uint32_t> start(slots + 1, 0);
    for (std::size_t i = 0; i < n; ++i)
        ++start[slotOf(result.requests[i].adapter) + 1];
    for (std::size_t a = 0; a < slots; ++a)
        start[a + 1] += start[a];
    std::vector<std::uint32_t> byAdapter(n);
    {
        std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
        for (std::size_t i = 0; i < n; ++i)
            byAdapter[fill[slotOf(result.requests[i].adapter)]++] = static_cast<std::uint32_t>(i);
    }
    SummaryScratch scratch;
    for (std::size_t a = 0; a < slots; ++a) {
        const std::uint32_t first = start[a], count = start[a + 1] - first;
        if (count == 0)
            continue;
        AdapterSummary per;
        per.adapter = a + 1 == slots ? kNoAdapter : static_cast<std::uint32_t>(a);
        if (per.adapter != kNoAdapter) {
            per.name = trace.adapters[a].name;
            per.rank = rankOf(per.adapter);
        }
        per.summary = summarizeWith(count, [&](std::size_t k) -> const RequestRecord& { return result.requests[byAdapter[first + k]]; }, config.clock, scratch);
        result.perAdapter.push_back(std::move(per));
    }
    return result;
}

} // namespace lorascope
