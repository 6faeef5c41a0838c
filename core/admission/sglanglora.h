// SPDX-License-Identifier: Apache-2.0
#pragma once
// SGLang's LoRA residency, as the `sglang` policy needs it (docs/admission.md, "SGLang: LoRA"):
//  - GPU: max_loras_per_batch buffer slots (lora/mem_pool.py LoRAMemoryPool). The base model is a
//    slot occupant too (uid None, zero weights), so a batch of base-model and adapter requests uses
//    one slot more than it has adapters. A pass loads its adapters that are not in a slot; a full
//    pool evicts by --lora-eviction-policy (lru: least recently used by a pass; fifo: first loaded)
//    among the slots the pass does not use and that hold no pinned adapter, the base model last
//    (since PR #14795; before it, first).
//  - Host memory: at most max_loaded_loras adapters (tokenizer_manager.py, lora_registry.py, PR
//    #11526): a request for an adapter that is not loaded reads it from disk again (with a new
//    lora_id, so a stale copy in a GPU slot is not reused) and evicts the least recently requested
//    unpinned adapter. Adapters 0 .. max_loaded_loras - 1 are loaded at start-up (--lora-paths).
// This differs from vLLM's residency (admission/loraresidency.h: an adapter leaving the CPU cache
// leaves its GPU slot, no base-model slot, recency by pass), hence its own small class.

#include "admission/engine.h"
#include "admission/sglangconfig.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace lorascope {

class SglangLoraPool {
public:
    /// A request's LoRA uid: adapter index and load generation (SGLang's lora_id), or kBaseUid.
    static constexpr std::uint64_t kBaseUid = ~std::uint64_t(0);
    static std::uint32_t adapterOf(std::uint64_t uid) { return static_cast<std::uint32_t>(uid & 0xffffffffu); }

    explicit SglangLoraPool(const SglangConfig& config);

    void setRank(std::uint32_t adapter, int rank);
    /// A request for `adapter` arrives: touches the host-memory LRU or reads the adapter from disk
    /// (evicting the least recently requested unpinned adapter without requests in flight when
    /// max_loaded_loras would be exceeded). Returns the uid the request carries.
    std::uint64_t acquire(std::uint32_t adapter, const std::function<bool(std::uint32_t)>& inFlight);
    bool pinned(std::uint64_t uid) const;
    /// lora_manager.py validate_lora_batch for a batch of `distinct` uids of which `pinnedIn` are pinned.
    bool canRun(std::size_t distinct, std::size_t pinnedIn) const;
    std::int64_t slots() const { return m_slots; }
    std::int64_t pinnedCount() const { return static_cast<std::int64_t>(m_pinnedAdapters.size()); }
    /// mem_pool.py prepare_lora_batch: the batch's distinct uids in order of first appearance
    /// (SGLang iterates a Python set: string-hash order, which differs from run to run). Loads,
    /// their tiers and evictions go into `out`.
    void prepareBatch(const std::vector<std::uint64_t>& uids, StepResult& out);
    /// Adapters evicted from host memory since the last call (reported with the next pass).
    void takeCpuEvicted(std::vector<std::uint32_t>& into);
    std::uint32_t gpuAdapters() const; ///< slots holding an adapter (not the base model)
    std::uint32_t cpuAdapters() const { return m_cpuCount; }

private:
    struct Adapter {
        int rank = 0;
        std::uint32_t generation = 0;
        bool cpu = false; ///< in host memory
        bool diskPending = false; ///< the next GPU load of this generation reads the disk first
        std::uint64_t cpuKey = 0; ///< host-memory LRU: smaller = requested longer ago
    };
    struct Slot {
        std::uint64_t uid = kBaseUid;
        std::uint64_t key = 0; ///< eviction order: smaller goes first
    };
    Adapter& state(std::uint32_t adapter);

    std::int64_t m_slots = 8;
    std::int64_t m_maxLoaded = 0; ///< 0 = no limit
    bool m_fifo = false;
    bool m_evictBaseFirst = false;
    std::vector<std::uint32_t> m_pinnedAdapters; ///< sorted, unique
    std::vector<Adapter> m_adapters;
    std::vector<Slot> m_gpu; ///< resident uids
    std::vector<std::uint32_t> m_cpuEvicted;
    std::uint32_t m_cpuCount = 0;
    std::uint64_t m_gpuClock = 0, m_cpuClock = 0;
};

} // namespace lorascope
