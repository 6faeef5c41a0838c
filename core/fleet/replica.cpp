// SPDX-License-Identifier: Apache-2.0
// A fleet replica: the passes of its ServerSim, published (fleet/published.h) and counted.

#include "fleet/replica.h"

namespace lorascope {

namespace {

constexpr std::uint8_t kWaiting = 1, kRunning = 2, kDone = 3;

} // namespace

FleetReplica::FleetReplica(const SimulationConfig& config, const Trace& trace, const std::vector<int>& ranks,
    std::vector<RequestRecord>& records, std::vector<std::uint8_t>& state)
    : m_config(config)
    , m_trace(trace)
    , m_state(state)
    , m_pub(trace.adapters.size(), kvCapacity(config.scheduler), publishedMaxLora(config.scheduler))
{
    m_sim = std::make_unique<ServerSim>(m_config, trace, ranks, records);
    m_sim->setListener(this);
    m_loadsBy.assign(trace.adapters.size(), 0);
}

void FleetReplica::submitted(std::uint32_t index, RejectReason rejected, double now)
{
    if (rejected != RejectReason::None) {
        m_state[index] = kDone;
        m_completions.push_back(now); // the refusal is the response
        return;
    }
    m_state[index] = kWaiting;
    m_pub.event(m_trace.requests[index].adapter, ReplicaEvent::Submit);
}

void FleetReplica::pass(const StepResult& s, double start, double end)
{
    const auto adapterOf = [&](std::uint64_t id) { return m_trace.requests[id].adapter; };
    m_busy += end - start;
    for (const Drop& d : s.dropped) {
        const bool wasRunning = m_state[d.id] == kRunning;
        m_state[d.id] = kDone;
        m_pub.event(adapterOf(d.id), wasRunning ? ReplicaEvent::DropRunning : ReplicaEvent::DropWaiting);
        m_completions.push_back(start);
    }
    for (const Admission& a : s.admitted) {
        m_state[a.id] = kRunning;
        m_pub.event(adapterOf(a.id), ReplicaEvent::Admit);
    }
    for (const Admission& a : s.resumed) {
        m_state[a.id] = kRunning;
        m_pub.event(adapterOf(a.id), ReplicaEvent::Admit);
    }
    for (std::uint64_t id : s.preempted) {
        m_state[id] = kWaiting;
        m_pub.event(adapterOf(id), ReplicaEvent::Preempt);
    }
    for (std::uint64_t id : s.finished) {
        m_state[id] = kDone;
        m_pub.event(adapterOf(id), ReplicaEvent::FinishRunning);
        m_completions.push_back(end);
    }
    for (std::uint32_t a : s.loadedAdapters) {
        m_pub.event(a, ReplicaEvent::Load);
        if (a < m_loadsBy.size())
            ++m_loadsBy[a];
        if (m_recordResidency)
            m_residencyChanges.push_back({ start, a, true });
    }
    for (std::uint32_t a : s.unloadedAdapters) {
        m_pub.event(a, ReplicaEvent::Unload);
        if (m_recordResidency)
            m_residencyChanges.push_back({ end, a, false });
    }
    // The previous pass ended when this one started: everything it did is visible now.
    m_pub.publishUntil(start);
    m_pub.closePass(static_cast<std::uint32_t>(m_sim->scheduler().runningRequests()),
        static_cast<std::uint32_t>(m_sim->scheduler().queueLength()), s.kind == StepKind::Idle ? -1 : s.kvUsed, end);
}

} // namespace lorascope
