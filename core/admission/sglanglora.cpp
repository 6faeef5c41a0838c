// SPDX-License-Identifier: Apache-2.0
// SGLang's LoRA GPU slots and host-memory registry (see sglanglora.h for the rules and sources).

#include "admission/sglanglora.h"

#include <algorithm>

namespace lorascope {

SglangLoraPool::SglangLoraPool(const SglangConfig& config)
    : m_slots(std::max<std::int64_t>(1, config.maxLorasPerBatch))
    , m_maxLoaded(std::max<std::int64_t>(0, config.maxLoadedLoras))
    , m_fifo(config.loraEvictionPolicy == "fifo")
    , m_evictBaseFirst(config.loraScanStops)
    , m_pinnedAdapters(config.pinnedAdapters)
{
    std::sort(m_pinnedAdapters.begin(), m_pinnedAdapters.end());
    m_pinnedAdapters.erase(std::unique(m_pinnedAdapters.begin(), m_pinnedAdapters.end()), m_pinnedAdapters.end());
    if (m_maxLoaded > 0) {
        // --lora-paths: the first max_loaded_loras adapters are read at start-up, in index order
        m_adapters.resize(static_cast<std::size_t>(m_maxLoaded));
        for (std::size_t a = 0; a < m_adapters.size(); ++a) {
            m_adapters[a].cpu = true;
            m_adapters[a].cpuKey = a;
        }
        m_cpuCount = static_cast<std::uint32_t>(m_maxLoaded);
        m_cpuClock = static_cast<std::uint64_t>(m_maxLoaded);
    }
}

SglangLoraPool::Adapter& SglangLoraPool::state(std::uint32_t adapter)
{
    if (adapter >= m_adapters.size()) {
        const std::size_t old = m_adapters.size();
        m_adapters.resize(adapter + 1);
        if (m_maxLoaded == 0) { // no limit: every adapter is in host memory
            for (std::size_t a = old; a < m_adapters.size(); ++a)
                m_adapters[a].cpu = true;
        }
    }
    return m_adapters[adapter];
}

void SglangLoraPool::setRank(std::uint32_t adapter, int rank)
{
    state(adapter).rank = rank;
}

bool SglangLoraPool::pinned(std::uint64_t uid) const
{
    return uid != kBaseUid && std::binary_search(m_pinnedAdapters.begin(), m_pinnedAdapters.end(), adapterOf(uid));
}

std::uint64_t SglangLoraPool::acquire(std::uint32_t adapter, const std::function<bool(std::uint32_t)>& inFlight)
{
    const std::size_t before = m_adapters.size();
    Adapter& s = state(adapter);
    if (m_maxLoaded == 0 && m_adapters.size() > before)
        m_cpuCount += static_cast<std::uint32_t>(m_adapters.size() - before);
    if (s.cpu) {
        s.cpuKey = ++m_cpuClock;
        return (std::uint64_t(s.generation) << 32) | adapter;
    }
    // not in host memory: read from disk, registered under a new lora_id
    ++s.generation;
    s.cpu = true;
    s.diskPending = true;
    s.cpuKey = ++m_cpuClock;
    ++m_cpuCount;
    const std::uint64_t uid = (std::uint64_t(s.generation) << 32) | adapter;
    while (m_maxLoaded > 0 && m_cpuCount > m_maxLoaded) {
        std::size_t victim = m_adapters.size();
        for (std::size_t a = 0; a < m_adapters.size(); ++a) {
            const Adapter& x = m_adapters[a];
            if (!x.cpu || a == adapter || pinned(a) || inFlight(static_cast<std::uint32_t>(a)))
                continue;
            if (victim == m_adapters.size() || x.cpuKey < m_adapters[victim].cpuKey)
                victim = a;
        }
        if (victim == m_adapters.size())
            break; // SGLang waits for the in-flight requests before unloading; we go over the limit
        m_adapters[victim].cpu = false;
        m_adapters[victim].diskPending = false;
        --m_cpuCount;
        m_cpuEvicted.push_back(static_cast<std::uint32_t>(victim));
    }
    return uid;
}

bool SglangLoraPool::canRun(std::size_t distinct, std::size_t pinnedIn) const
{
    if (static_cast<std::int64_t>(distinct) > m_slots)
        return false;
    if (m_pinnedAdapters.empty())
        return true;
    return static_cast<std::int64_t>(distinct - pinnedIn) <= m_slots - pinnedCount();
}

void SglangLoraPool::prepareBatch(const std::vector<std::uint64_t>& uids, StepResult& out)
{
    // mark_used for every uid of the batch first (LRU: most recent; FIFO: position when first loaded)
    const std::uint64_t base = m_gpuClock;
    m_gpuClock += uids.size();
    for (Slot& slot : m_gpu) {
        if (m_fifo || slot.uid == kBaseUid)
            continue;
        const auto it = std::find(uids.begin(), uids.end(), slot.uid);
        if (it != uids.end())
            slot.key = base + 1 + static_cast<std::uint64_t>(it - uids.begin());
    }
    for (std::size_t i = 0; i < uids.size(); ++i) {
        const std::uint64_t uid = uids[i];
        if (std::any_of(m_gpu.begin(), m_gpu.end(), [&](const Slot& s) { return s.uid == uid; }))
            continue;
        if (static_cast<std::int64_t>(m_gpu.size()) >= m_slots) {
            std::ptrdiff_t victim = -1, baseSlot = -1;
            for (std::size_t k = 0; k < m_gpu.size(); ++k) {
                const Slot& s = m_gpu[k];
                if (std::find(uids.begin(), uids.end(), s.uid) != uids.end() || pinned(s.uid))
                    continue;
                if (s.uid == kBaseUid)
                    baseSlot = static_cast<std::ptrdiff_t>(k);
                else if (victim < 0 || s.key < m_gpu[static_cast<std::size_t>(victim)].key)
                    victim = static_cast<std::ptrdiff_t>(k);
            }
            if (baseSlot >= 0 && (m_evictBaseFirst || victim < 0))
                victim = baseSlot;
            if (victim < 0)
                continue; // cannot happen after canRun(); keep going rather than corrupt the pool
            const std::uint64_t gone = m_gpu[static_cast<std::size_t>(victim)].uid;
            if (gone != kBaseUid)
                out.unloadedAdapters.push_back(adapterOf(gone));
            m_gpu.erase(m_gpu.begin() + victim);
        }
        m_gpu.push_back({ uid, base + 1 + i });
        if (uid == kBaseUid)
            continue; // the base model's slot is zero-filled, nothing is read
        Adapter& s = state(adapterOf(uid));
        const bool disk = s.diskPending && (uid >> 32) == s.generation;
        if (disk)
            s.diskPending = false;
        out.loadedAdapters.push_back(adapterOf(uid));
        out.loadedRanks.push_back(s.rank);
        out.loadedFrom.push_back(disk ? AdapterTier::Disk : AdapterTier::Cpu);
    }
}

void SglangLoraPool::takeCpuEvicted(std::vector<std::uint32_t>& into)
{
    into.insert(into.end(), m_cpuEvicted.begin(), m_cpuEvicted.end());
    m_cpuEvicted.clear();
}

std::uint32_t SglangLoraPool::gpuAdapters() const
{
    return static_cast<std::uint32_t>(
        std::count_if(m_gpu.begin(), m_gpu.end(), [](const Slot& s) { return s.uid != kBaseUid; }));
}

} // namespace lorascope
