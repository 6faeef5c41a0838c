// SPDX-License-Identifier: Apache-2.0
// A fleet replica's published metrics, kept from the passes of its ServerSim.

#include "fleet/replica.h"

#include <algorithm>
#include <unordered_map>

namespace lorascope {

namespace {

constexpr std::uint8_t kWaiting = 1, kRunning = 2, kDone = 3;

void setBit(std::vector<std::uint64_t>& bits, std::uint32_t a, bool on)
{
    if (on)
        bits[a / 64] |= std::uint64_t(1) << (a % 64);
    else
        bits[a / 64] &= ~(std::uint64_t(1) << (a % 64));
}

std::int64_t publishedMaxLora(const SchedulerConfig& s)
{
    // vLLM publishes max_lora = --max-loras; S-LoRA has no such limit and serve-sim publishes 0.
    return s.policy == PolicyKind::Vllm ? s.vllm.maxLoras : 0;
}

} // namespace

FleetReplica::FleetReplica(const SimulationConfig& config, const Trace& trace, const std::vector<int>& ranks,
    std::vector<RequestRecord>& records, std::vector<std::uint8_t>& state)
    : m_config(config)
    , m_trace(trace)
    , m_state(state)
{
    m_sim = std::make_unique<ServerSim>(m_config, trace, ranks, records);
    m_sim->setListener(this);
    m_kvCapacity = kvCapacity(config.scheduler);
    m_maxLora = publishedMaxLora(config.scheduler);
    const std::size_t n = trace.adapters.size();
    m_runningBy.assign(n, 0);
    m_waitingBy.assign(n, 0);
    m_resident.assign(n, 0);
    m_lora.activeBits.assign((n + 63) / 64, 0);
    m_lora.waitingBits.assign((n + 63) / 64, 0);
    m_lora.maxLora = m_maxLora;
    m_lastLoraInfo.activeBits.assign((n + 63) / 64, 0);
    m_lastLoraInfo.waitingBits.assign((n + 63) / 64, 0);
    m_lastLoraInfo.maxLora = 0;
    m_loadsBy.assign(n, 0);
}

void FleetReplica::submitted(std::uint32_t index, RejectReason rejected, double now)
{
    if (rejected != RejectReason::None) {
        m_state[index] = kDone;
        m_completions.push_back(now); // the refusal is the response
        return;
    }
    m_state[index] = kWaiting;
    m_open.emplace_back(m_trace.requests[index].adapter, Submit);
}

void FleetReplica::pass(const StepResult& s, double start, double end)
{
    const auto adapterOf = [&](std::uint64_t id) { return m_trace.requests[id].adapter; };
    m_busy += end - start;
    for (const Drop& d : s.dropped) {
        const bool wasRunning = m_state[d.id] == kRunning;
        m_state[d.id] = kDone;
        m_open.emplace_back(adapterOf(d.id), wasRunning ? DropRunning : DropWaiting);
        m_completions.push_back(start);
    }
    for (const Admission& a : s.admitted) {
        m_state[a.id] = kRunning;
        m_open.emplace_back(adapterOf(a.id), Admit);
    }
    for (const Admission& a : s.resumed) {
        m_state[a.id] = kRunning;
        m_open.emplace_back(adapterOf(a.id), Admit);
    }
    for (std::uint64_t id : s.preempted) {
        m_state[id] = kWaiting;
        m_open.emplace_back(adapterOf(id), Preempt);
    }
    for (std::uint64_t id : s.finished) {
        m_state[id] = kDone;
        m_open.emplace_back(adapterOf(id), FinishRunning);
        m_completions.push_back(end);
    }
    for (std::uint32_t a : s.loadedAdapters) {
        m_open.emplace_back(a, Load);
        if (a < m_loadsBy.size())
            ++m_loadsBy[a];
        if (m_recordResidency)
            m_residencyChanges.push_back({ start, a, true });
    }
    for (std::uint32_t a : s.unloadedAdapters) {
        m_open.emplace_back(a, Unload);
        if (m_recordResidency)
            m_residencyChanges.push_back({ end, a, false });
    }
    // The previous pass ended when this one started: everything it did is visible now.
    applyPending();
    m_pending.swap(m_open);
    m_open.clear();
    m_pendingScalars.running = static_cast<std::uint32_t>(m_sim->scheduler().runningRequests());
    m_pendingScalars.waiting = static_cast<std::uint32_t>(m_sim->scheduler().queueLength());
    m_pendingScalars.kvUsed = s.kind == StepKind::Idle ? m_pub.kvUsed : s.kvUsed;
    m_pendingEnd = end;
    m_hasPending = true;
}

void FleetReplica::publishUntil(double t)
{
    if (m_hasPending && m_pendingEnd <= t)
        applyPending();
}

void FleetReplica::applyPending()
{
    if (!m_hasPending)
        return;
    const bool hadLoraInfo = m_lora.activeCount + m_lora.waitingAdapterCount > 0;
    for (const auto& [adapter, e] : m_pending)
        apply(adapter, e);
    m_pub = m_pendingScalars;
    m_hasPending = false;
    if (hadLoraInfo && m_lora.activeCount + m_lora.waitingAdapterCount == 0)
        rememberLoraInfo(); // the lists GIE goes on reading
    m_pending.clear();
}

void FleetReplica::rememberLoraInfo()
{
    // The lists were non-empty before this batch and are empty after it: they held exactly the
    // adapters whose counts this batch brought to zero.
    std::unordered_map<std::uint32_t, std::pair<int, int>> delta;
    for (const auto& [a, e] : m_pending) {
        if (a == kNoAdapter)
            continue;
        auto& d = delta[a];
        switch (e) {
        case Submit:
            ++d.second;
            break;
        case Admit:
            ++d.first, --d.second;
            break;
        case Preempt:
            --d.first, ++d.second;
            break;
        case FinishRunning:
        case DropRunning:
            --d.first;
            break;
        case DropWaiting:
            --d.second;
            break;
        default:
            break;
        }
    }
    ReplicaMetrics& last = m_lastLoraInfo;
    std::fill(last.activeBits.begin(), last.activeBits.end(), 0);
    std::fill(last.waitingBits.begin(), last.waitingBits.end(), 0);
    last.activeCount = last.waitingAdapterCount = 0;
    for (const auto& [a, d] : delta) {
        if (d.first < 0) {
            setBit(last.activeBits, a, true);
            ++last.activeCount;
        }
        if (d.second < 0) {
            setBit(last.waitingBits, a, true);
            ++last.waitingAdapterCount;
        }
    }
    last.maxLora = m_maxLora;
}

void FleetReplica::apply(std::uint32_t a, Event e)
{
    if (a == kNoAdapter || a >= m_runningBy.size())
        return; // base-model requests are not listed
    auto running = [&](int d) {
        const std::int32_t before = m_runningBy[a];
        m_runningBy[a] += d;
        if ((before > 0) != (m_runningBy[a] > 0)) {
            setBit(m_lora.activeBits, a, m_runningBy[a] > 0);
            m_lora.activeCount += m_runningBy[a] > 0 ? 1 : -1;
        }
    };
    auto waiting = [&](int d) {
        const std::int32_t before = m_waitingBy[a];
        m_waitingBy[a] += d;
        if ((before > 0) != (m_waitingBy[a] > 0)) {
            setBit(m_lora.waitingBits, a, m_waitingBy[a] > 0);
            m_lora.waitingAdapterCount += m_waitingBy[a] > 0 ? 1 : -1;
        }
    };
    switch (e) {
    case Submit:
        waiting(+1);
        break;
    case Admit:
        waiting(-1);
        running(+1);
        break;
    case Preempt:
        running(-1);
        waiting(+1);
        break;
    case FinishRunning:
    case DropRunning:
        running(-1);
        break;
    case DropWaiting:
        waiting(-1);
        break;
    case Load:
        m_resident[a] = 1;
        break;
    case Unload:
        m_resident[a] = 0;
        break;
    }
}

void FleetReplica::snapshot(ReplicaMetrics& out) const
{
    out.running = m_pub.running;
    out.waiting = m_pub.waiting;
    out.kvUsage = kvUsage();
    out.maxLora = m_maxLora;
    out.activeBits = m_lora.activeBits;
    out.waitingBits = m_lora.waitingBits;
    out.activeCount = m_lora.activeCount;
    out.waitingAdapterCount = m_lora.waitingAdapterCount;
}

} // namespace lorascope
