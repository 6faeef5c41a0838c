// SPDX-License-Identifier: Apache-2.0
// The offline simulation loop of one server (simulate() and every replica of a fleet run it).

#include "admission/serversim.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace lorascope {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

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
            r.adapterLoadSeconds = static_cast<float>(
                cost.adapterLoadSeconds(rank) + (tier == AdapterTier::Disk ? cost.adapterDiskReadSeconds(rank) : 0.0));
        }
        return;
    }
}

SchedulerConfig offlineScheduler(SchedulerConfig sc)
{
    sc.reportTokens = false; // nobody streams tokens offline
    return sc;
}

} // namespace

ServerSim::ServerSim(const SimulationConfig& config, const Trace& trace, const std::vector<int>& ranks,
    std::vector<RequestRecord>& records)
    : m_config(config)
    , m_trace(trace)
    , m_ranks(ranks)
    , m_records(records)
    , m_scheduler(offlineScheduler(config.scheduler))
    , m_lastEnd(-kInf)
    , m_steps(config.clock == ClockKind::Steps)
    // Token keys only for a policy with a prefix cache (vLLM's blocks, SGLang's radix tree): S-LoRA's
    // never reads them, and a key holds a turn's whole history (a 10^5-turn session: 10^10 pieces).
    , m_keys(traceHasPrefixStructure(trace)
          && (config.scheduler.policy == PolicyKind::Vllm || config.scheduler.policy == PolicyKind::Sglang))
{
    // Every server of a run starts at the same time: 0, or the first arrival if that is earlier.
    m_now = trace.requests.empty() ? 0.0 : std::min(0.0, trace.requests.front().time);
    m_sum.kvCapacity = kvCapacity(config.scheduler);
}

void ServerSim::takeWholeTrace()
{
    m_whole = true;
}

void ServerSim::arrive(std::uint32_t index)
{
    m_queue.push_back(index);
}

bool ServerSim::hasPending() const
{
    return m_whole ? m_next < m_trace.requests.size() : m_next < m_queue.size();
}

std::uint32_t ServerSim::pendingIndex() const
{
    return m_whole ? static_cast<std::uint32_t>(m_next) : m_queue[m_next];
}

double ServerSim::pendingTime() const
{
    return m_trace.requests[pendingIndex()].time;
}

void ServerSim::submitDue()
{
    while (hasPending()) {
        const std::uint32_t i = pendingIndex();
        const Request& q = m_trace.requests[i];
        if (q.time > m_now)
            break;
        SimRequest sr;
        sr.id = i;
        sr.arrival = q.time;
        sr.inputLen = q.inputLen;
        sr.outputLen = q.outputLen;
        sr.adapter = q.adapter;
        sr.rank = q.adapter == kNoAdapter ? 0 : m_ranks[q.adapter];
        sr.hasPriority = m_trace.hasPriorities();
        sr.priority = m_trace.priorityOf(i);
        if (m_keys) // the trace says who shares which tokens: the prefix cache can hit
            sr.key = tokenKeyOf(m_trace, i);
        const RejectReason rejected = m_scheduler.submit(sr);
        m_records[i].rejected = rejected;
        if (m_listener)
            m_listener->submitted(i, rejected, m_now);
        ++m_next;
    }
}

void ServerSim::runUntil(double until)
{
    for (;;) {
        if (m_stalled) {
            // Nothing could run at the last step: wait for an arrival or a timeout of the abort
            // queue. An arrival not given yet comes at `until` or later, so the jump is safe only
            // to a time before it (or once no arrival can come).
            double t = hasPending() ? pendingTime() : kInf;
            t = std::min(t, m_scheduler.nextTimeout());
            if (!m_closed && !(t < until))
                return;
            if (!std::isfinite(t))
                return; // the queue head can never be admitted: S-LoRA would wait forever
            m_stalled = false;
            m_now = t > m_now ? t : std::nextafter(m_now, kInf);
        }
        submitDue();
        if (m_scheduler.idle()) {
            if (!hasPending())
                return; // until the next arrival (or the end)
            m_now = std::max(m_now, pendingTime()); // idle: jump to the next arrival
            continue;
        }
        if (!m_closed && m_now >= until)
            return;
        m_scheduler.step(m_now, m_step);
        const StepResult& s = m_step;
        for (const Drop& d : s.dropped) {
            RequestRecord& r = m_records[d.id];
            r.dropped = d.reason;
            r.droppedAt = m_now;
            if (std::isnan(r.admitted))
                r.wait = d.wait;
        }
        if (s.kind == StepKind::Idle) {
            // vllm: a schedule() can preempt and then schedule nothing (the request that needed a
            // block was itself the victim); the preemptions count although no pass runs.
            for (std::uint64_t id : s.preempted)
                ++m_records[id].preemptions;
            m_sum.preemptions += s.preempted.size();
            if (m_listener)
                m_listener->pass(s, m_now, m_now);
            if (m_scheduler.idle() || !s.preempted.empty())
                continue; // vllm: everything was preempted; they are prefilled again next step
            m_stalled = true;
            continue;
        }
        const double duration = m_steps ? 1.0 : stepSeconds(m_config.cost, s);
        const double start = m_now, end = m_now + duration;
        record(start, end);
        if (m_listener)
            m_listener->pass(s, start, end);
        m_now = end;
        m_lastEnd = end;
        if (m_progress && (++m_stepCount & 4095) == 0)
            m_progress->update(
                m_progressTotal ? static_cast<double>(m_next) / static_cast<double>(m_progressTotal) : 1.0);
    }
}

void ServerSim::record(double start, double end)
{
    const StepResult& s = m_step;
    for (const Admission& a : s.admitted) {
        RequestRecord& r = m_records[a.id];
        r.admitted = start;
        r.admissionNumber = a.number;
        r.wait = a.wait;
        r.cachedTokens = a.cachedTokens;
        if (r.adapter != kNoAdapter && !s.loadedAdapters.empty())
            noteAdapterLoad(r, s, m_config.cost, m_steps);
    }
    for (const Admission& a : s.resumed)
        m_records[a.id].wait = a.wait;
    for (std::uint64_t id : s.firstTokens)
        m_records[id].firstToken = end;
    for (std::uint64_t id : s.finished)
        m_records[id].finished = end;
    for (std::uint64_t id : s.preempted)
        ++m_records[id].preemptions;
    SimulationSummary& sum = m_sum;
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
    std::size_t disk = 0;
    for (AdapterTier tier : s.loadedFrom)
        disk += tier == AdapterTier::Disk ? 1 : 0;
    sum.adapterDiskLoads += disk;
    sum.peakKvNeed = std::max(sum.peakKvNeed, s.kvNeed);
    sum.peakKvUsed = std::max(sum.peakKvUsed, s.kvUsed);
    if (!m_config.recordTimeline && !(m_observer && *m_observer))
        return;
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
    for (const Admission& a : s.admitted)
        t.cachedTokens += a.cachedTokens;
    t.prefixQueries = static_cast<std::int64_t>(s.prefixQueries);
    t.prefixHits = static_cast<std::int64_t>(s.prefixHits);
    t.prefixPreemptedQueries = static_cast<std::int64_t>(s.prefixPreemptedQueries);
    t.prefixPreemptedHits = static_cast<std::int64_t>(s.prefixPreemptedHits);
    if (m_observer && *m_observer)
        (*m_observer)(t);
    if (m_config.recordTimeline)
        m_timeline.push_back(t);
}

void ServerSim::finish()
{
    m_closed = true;
    runUntil(kInf);
    // Requests still queued never got in: keep the reason they were waiting for.
    auto note = [&](std::size_t i) {
        RequestRecord& r = m_records[i];
        if (r.rejected == RejectReason::None && r.dropped == DropReason::None && std::isnan(r.admitted))
            r.wait = m_scheduler.waitReason(i);
    };
    if (m_whole) {
        for (std::size_t i = 0; i < m_trace.requests.size(); ++i)
            note(i);
    } else {
        for (std::uint32_t i : m_queue)
            note(i);
    }
}

} // namespace lorascope
