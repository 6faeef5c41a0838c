// SPDX-License-Identifier: Apache-2.0
// A replica's published metrics: events of each pass, visible at its end.

#include "fleet/published.h"

#include <algorithm>
#include <unordered_map>

namespace lorascope {

namespace {

void setBit(std::vector<std::uint64_t>& bits, std::uint32_t a, bool on)
{
    if (on)
        bits[a / 64] |= std::uint64_t(1) << (a % 64);
    else
        bits[a / 64] &= ~(std::uint64_t(1) << (a % 64));
}

} // namespace

std::int64_t publishedMaxLora(const SchedulerConfig& s)
{
    // vLLM publishes max_lora = --max-loras; S-LoRA has no such limit and serve-sim publishes 0.
    return s.policy == PolicyKind::Vllm ? s.vllm.maxLoras : 0;
}

PublishedState::PublishedState(std::size_t adapters, std::int64_t kvCapacity, std::int64_t maxLora)
    : m_kvCapacity(kvCapacity)
    , m_maxLora(maxLora)
{
    m_lora.maxLora = m_maxLora;
    m_lastLoraInfo.maxLora = 0;
    ensureAdapters(adapters);
}

void PublishedState::ensureAdapters(std::size_t n)
{
    if (n <= m_runningBy.size())
        return;
    m_runningBy.resize(n, 0);
    m_waitingBy.resize(n, 0);
    m_resident.resize(n, 0);
    const std::size_t words = (n + 63) / 64;
    for (ReplicaMetrics* m : { &m_lora, &m_lastLoraInfo }) {
        m->activeBits.resize(words, 0);
        m->waitingBits.resize(words, 0);
    }
}

void PublishedState::closePass(std::uint32_t running, std::uint32_t waiting, std::int64_t kvUsed, double end)
{
    if (kvUsed >= 0)
        m_lastKv = kvUsed;
    Pass p;
    p.events.swap(m_open);
    if (!m_spare.empty()) { // a list emptied earlier, with its capacity
        m_open.swap(m_spare.back());
        m_spare.pop_back();
    }
    p.scalars = Scalars { running, waiting, m_lastKv };
    p.end = end;
    m_pending.push_back(std::move(p));
}

void PublishedState::publishUntil(double t)
{
    while (!m_pending.empty() && m_pending.front().end <= t) {
        applyPass(m_pending.front());
        m_pending.front().events.clear();
        m_spare.push_back(std::move(m_pending.front().events));
        m_pending.pop_front();
    }
}

void PublishedState::applyPass(const Pass& p)
{
    const bool hadLoraInfo = m_lora.activeCount + m_lora.waitingAdapterCount > 0;
    for (const auto& [adapter, e] : p.events)
        apply(adapter, e);
    m_pub = p.scalars;
    if (hadLoraInfo && m_lora.activeCount + m_lora.waitingAdapterCount == 0)
        rememberLoraInfo(p); // the lists GIE goes on reading
}

void PublishedState::rememberLoraInfo(const Pass& p)
{
    // The lists were non-empty before this pass and are empty after it: they held exactly the
    // adapters whose counts this pass brought to zero.
    std::unordered_map<std::uint32_t, std::pair<int, int>> delta;
    for (const auto& [a, e] : p.events) {
        if (a == kNoAdapter)
            continue;
        auto& d = delta[a];
        switch (e) {
        case ReplicaEvent::Submit:
            ++d.second;
            break;
        case ReplicaEvent::Admit:
            ++d.first, --d.second;
            break;
        case ReplicaEvent::Preempt:
            --d.first, ++d.second;
            break;
        case ReplicaEvent::FinishRunning:
        case ReplicaEvent::DropRunning:
            --d.first;
            break;
        case ReplicaEvent::DropWaiting:
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

void PublishedState::apply(std::uint32_t a, ReplicaEvent e)
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
    case ReplicaEvent::Submit:
        waiting(+1);
        break;
    case ReplicaEvent::Admit:
        waiting(-1);
        running(+1);
        break;
    case ReplicaEvent::Preempt:
        running(-1);
        waiting(+1);
        break;
    case ReplicaEvent::FinishRunning:
    case ReplicaEvent::DropRunning:
        running(-1);
        break;
    case ReplicaEvent::DropWaiting:
        waiting(-1);
        break;
    case ReplicaEvent::Load:
        m_resident[a] = 1;
        break;
    case ReplicaEvent::Unload:
        m_resident[a] = 0;
        break;
    }
}

void PublishedState::snapshot(ReplicaMetrics& out) const
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

void ScrapedView::scrape(const std::vector<const PublishedState*>& replicas, bool loraInfo, bool keepLast)
{
    for (std::size_t r = 0; r < replicas.size(); ++r) {
        const PublishedState& x = *replicas[r];
        ReplicaMetrics& m = m_s[r];
        m.running = x.running();
        m.waiting = x.waiting();
        m.kvUsage = x.kvUsage();
        if (!loraInfo)
            continue;
        const bool empty = x.activeCount() == 0 && x.waitingAdapterCount() == 0;
        if (empty && keepLast)
            continue; // GIE: the series with both lists empty is skipped; the last one stays
        const ReplicaMetrics& lora = x.loraInfo();
        m.activeBits = lora.activeBits;
        m.waitingBits = lora.waitingBits;
        m.activeCount = lora.activeCount;
        m.waitingAdapterCount = lora.waitingAdapterCount;
        m.maxLora = lora.maxLora;
    }
}

} // namespace lorascope
