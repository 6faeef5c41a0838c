// SPDX-License-Identifier: Apache-2.0
// GPU slots and CPU cache of LoRA adapters (see loraresidency.h). The resident lists are short
// (max_loras slots; a CPU cache of tens to hundreds), so an eviction scans its list for the
// smallest key instead of keeping an ordered structure up to date on every use.

#include "admission/loraresidency.h"

#include <algorithm>

namespace lorascope {

LoraResidency::LoraResidency(const LoraResidencyConfig& config)
    : m_config(config)
{
    m_config.gpuSlots = std::max<std::int64_t>(1, m_config.gpuSlots);
    m_config.cpuCapacity = std::max<std::int64_t>(0, m_config.cpuCapacity);
}

void LoraResidency::grow(std::uint32_t adapter)
{
    if (adapter >= m_state.size())
        m_state.resize(std::max<std::size_t>(adapter + 1, m_state.size() * 2));
}

void LoraResidency::setRank(std::uint32_t adapter, int rank)
{
    grow(adapter);
    m_state[adapter].rank = rank;
}

void LoraResidency::setPinned(std::uint32_t adapter, bool pinned)
{
    grow(adapter);
    m_state[adapter].pinned = pinned;
}

void LoraResidency::erase(std::vector<std::uint32_t>& list, std::uint32_t adapter)
{
    const auto it = std::find(list.begin(), list.end(), adapter);
    if (it != list.end()) {
        *it = list.back();
        list.pop_back();
    }
}

std::ptrdiff_t LoraResidency::victim(const std::vector<std::uint32_t>& list, bool gpu) const
{
    std::ptrdiff_t best = -1;
    std::uint64_t bestKey = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const State& s = m_state[list[i]];
        if (s.pinned || s.pass == m_pass)
            continue;
        const std::uint64_t key = gpu ? s.gpuKey : s.cpuKey;
        if (best < 0 || key < bestKey) {
            best = static_cast<std::ptrdiff_t>(i);
            bestKey = key;
        }
    }
    return best;
}

bool LoraResidency::ensureCpu(std::uint32_t adapter, StepResult* out, bool& fromDisk)
{
    State& s = m_state[adapter];
    fromDisk = false;
    if (s.cpu) {
        if (m_config.cpuOrder == EvictionOrder::Lru)
            s.cpuKey = ++m_clock;
        return true;
    }
    if (m_config.cpuCapacity > 0 && static_cast<std::int64_t>(m_cpu.size()) >= m_config.cpuCapacity) {
        // vLLM removes the oldest registered adapter before reading the new one (remove_oldest_adapter);
        // leaving the CPU cache also deactivates it on the GPU.
        const std::ptrdiff_t v = victim(m_cpu, false);
        if (v < 0)
            return false;
        const std::uint32_t gone = m_cpu[static_cast<std::size_t>(v)];
        m_cpu[static_cast<std::size_t>(v)] = m_cpu.back();
        m_cpu.pop_back();
        m_state[gone].cpu = false;
        if (out)
            out->cpuEvicted.push_back(gone);
        if (m_state[gone].gpu) {
            m_state[gone].gpu = false;
            erase(m_gpu, gone);
            if (out)
                out->unloadedAdapters.push_back(gone);
        }
    }
    s.cpu = true;
    s.cpuKey = ++m_clock;
    m_cpu.push_back(adapter);
    fromDisk = true;
    return true;
}

bool LoraResidency::preloadCpu(std::uint32_t adapter, StepResult* out)
{
    grow(adapter);
    bool fromDisk = false;
    return ensureCpu(adapter, out, fromDisk);
}

bool LoraResidency::use(std::uint32_t adapter, StepResult& out)
{
    if (adapter >= m_state.size())
        grow(adapter);
    State& s = m_state[adapter];
    if (s.gpu) {
        touch(adapter);
        return true;
    }
    // A free GPU slot must exist (or be made) before anything moves.
    std::ptrdiff_t gpuVictim = -1;
    if (static_cast<std::int64_t>(m_gpu.size()) >= m_config.gpuSlots) {
        gpuVictim = victim(m_gpu, true);
        if (gpuVictim < 0)
            return false;
    }
    s.pass = m_pass; // protected from the CPU eviction below
    bool fromDisk = false;
    if (!ensureCpu(adapter, &out, fromDisk)) {
        s.pass = 0;
        return false;
    }
    // The CPU eviction may have freed a GPU slot already (the adapter it dropped was on the GPU).
    if (static_cast<std::int64_t>(m_gpu.size()) >= m_config.gpuSlots) {
        gpuVictim = victim(m_gpu, true);
        const std::uint32_t gone = m_gpu[static_cast<std::size_t>(gpuVictim)];
        m_gpu[static_cast<std::size_t>(gpuVictim)] = m_gpu.back();
        m_gpu.pop_back();
        m_state[gone].gpu = false;
        out.unloadedAdapters.push_back(gone);
    }
    s.gpu = true;
    s.gpuKey = ++m_clock;
    m_gpu.push_back(adapter);
    out.loadedAdapters.push_back(adapter);
    out.loadedRanks.push_back(s.rank);
    out.loadedFrom.push_back(fromDisk ? AdapterTier::Disk : AdapterTier::Cpu);
    return true;
}

} // namespace lorascope
