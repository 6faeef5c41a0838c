// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where each LoRA adapter's weights are: a fixed number of GPU slots and a CPU cache, each with
// its own eviction order (LRU or FIFO), and pinned adapters that are never evicted. A policy
// calls beginPass() before each forward pass and use() for every adapter of the pass's batch:
// an adapter not on the GPU is copied there from the CPU cache, or first read from disk when the
// CPU cache does not hold it; the loads and evictions go into the StepResult with their tier.
//
// vLLM (vllm/lora/worker_manager.py LRUCacheWorkerLoRAManager.add_adapter, model_manager.py
// LRUCacheLoRAModelManager): max_loras GPU slots and max_cpu_loras registered (CPU) adapters, both
// LRU; an adapter leaving the CPU cache leaves its GPU slot too. SGLang: max_loras_per_batch GPU
// slots, max_loaded_loras in host memory, eviction "lru" or "fifo", pinned adapters.
// Adapters used by the current pass are never evicted for another adapter of the same pass.

#include "admission/engine.h"

#include <cstdint>
#include <vector>

namespace lorascope {

enum class EvictionOrder : std::uint8_t {
    Lru, ///< least recently used first (every use touches)
    Fifo, ///< first loaded first (uses do not reorder)
};

struct LoraResidencyConfig {
    std::int64_t gpuSlots = 1; ///< adapters on the GPU at once (≥ 1)
    std::int64_t cpuCapacity = 0; ///< adapters kept in host memory; 0 = unlimited (every adapter stays once read)
    EvictionOrder gpuOrder = EvictionOrder::Lru;
    EvictionOrder cpuOrder = EvictionOrder::Lru;
};

class LoraResidency {
public:
    explicit LoraResidency(const LoraResidencyConfig& config = {});

    /// Rank of `adapter` (for the load cost); grows the tables as needed.
    void setRank(std::uint32_t adapter, int rank);
    /// A pinned adapter is never evicted (from the GPU or the CPU) once loaded.
    void setPinned(std::uint32_t adapter, bool pinned);

    /// Starts a forward pass: adapters used in it are protected from eviction until the next one.
    void beginPass() { ++m_pass; }
    /// Makes `adapter` resident on the GPU for this pass: touches it, or loads it (from the CPU
    /// cache or the disk), evicting by the configured order. Returns false (nothing changed) if
    /// no slot can be freed: every GPU slot holds a pinned adapter or one this pass already uses.
    bool use(std::uint32_t adapter, StepResult& out);
    /// use() of an adapter already on the GPU (onGpu(adapter)): touched for this pass.
    void touch(std::uint32_t adapter)
    {
        State& s = m_state[adapter];
        s.pass = m_pass;
        if (m_config.gpuOrder == EvictionOrder::Lru)
            s.gpuKey = ++m_clock;
        if (m_config.cpuOrder == EvictionOrder::Lru)
            s.cpuKey = m_clock;
    }
    /// Reads `adapter` into the CPU cache without putting it on the GPU (SGLang's load at
    /// start-up). False when the cache is full of pinned adapters.
    bool preloadCpu(std::uint32_t adapter, StepResult* out = nullptr);

    bool onGpu(std::uint32_t adapter) const { return adapter < m_state.size() && m_state[adapter].gpu; }
    bool inCpu(std::uint32_t adapter) const { return adapter < m_state.size() && m_state[adapter].cpu; }
    std::size_t gpuCount() const { return m_gpu.size(); }
    std::size_t cpuCount() const { return m_cpu.size(); }
    /// Adapters on the GPU, in no particular order.
    const std::vector<std::uint32_t>& gpuAdapters() const { return m_gpu; }
    const LoraResidencyConfig& config() const { return m_config; }

private:
    struct State {
        int rank = 0;
        bool gpu = false, cpu = false, pinned = false;
        std::uint64_t gpuKey = 0, cpuKey = 0; ///< eviction order: smaller goes first
        std::uint64_t pass = 0; ///< last pass that used it
    };
    void grow(std::uint32_t adapter);
    /// Index in `list` of the adapter to evict (smallest key, not pinned, not used this pass), or -1.
    std::ptrdiff_t victim(const std::vector<std::uint32_t>& list, bool gpu) const;
    static void erase(std::vector<std::uint32_t>& list, std::uint32_t adapter);
    bool ensureCpu(std::uint32_t adapter, StepResult* out, bool& fromDisk);

    LoraResidencyConfig m_config;
    std::vector<State> m_state;
    std::vector<std::uint32_t> m_gpu, m_cpu;
    std::uint64_t m_clock = 0, m_pass = 0;
};

} // namespace lorascope
