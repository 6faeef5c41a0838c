// SPDX-License-Identifier: Apache-2.0
#pragma once
// One replica of a fleet: a ServerSim (admission/serversim.h) and what it publishes, the way a
// vLLM server publishes its metrics after every forward pass: running and waiting requests, KV
// usage, the adapters of its running and of its waiting requests (vllm:lora_requests_info) and
// the adapters on its GPU. A router reading a replica at time t sees the state after the last pass
// that ended at or before t; a pass still under way at t is not visible yet.
//
// Threads: a replica is advanced by one thread at a time; the router reads it only while no thread
// advances it (the fleet driver, fleet/fleet.cpp, orders the two).

#include "admission/serversim.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace lorascope {

/// What a router can read of a replica at one moment (scraped metrics).
struct ReplicaMetrics {
    std::uint32_t running = 0; ///< vllm:num_requests_running
    std::uint32_t waiting = 0; ///< vllm:num_requests_waiting
    double kvUsage = 0; ///< vllm:gpu_cache_usage_perc, 0..1
    std::int64_t maxLora = 0; ///< max_lora label (0 = no limit published, or never parsed)
    /// running_lora_adapters and waiting_lora_adapters of vllm:lora_requests_info, as bit sets
    /// over adapter indices (a copy costs a few words, whatever the number of adapters).
    std::vector<std::uint64_t> activeBits, waitingBits;
    std::uint32_t activeCount = 0, waitingAdapterCount = 0;
    bool hasActive(std::uint32_t a) const { return a / 64 < activeBits.size() && (activeBits[a / 64] >> (a % 64) & 1u); }
    bool hasWaiting(std::uint32_t a) const { return a / 64 < waitingBits.size() && (waitingBits[a / 64] >> (a % 64) & 1u); }
};

/// A replica: its server simulation and its published metrics.
class FleetReplica final : public ServerSimListener {
public:
    /// `state` is the fleet's per-request state array (0 not here, 1 waiting, 2 running, 3 done),
    /// shared by all replicas (each writes only its own requests).
    FleetReplica(const SimulationConfig& config, const Trace& trace, const std::vector<int>& ranks, std::vector<RequestRecord>& records,
        std::vector<std::uint8_t>& state);

    ServerSim& sim() { return *m_sim; }
    const ServerSim& sim() const { return *m_sim; }
    const SimulationConfig& config() const { return m_config; }

    /// Makes everything that had ended by `t` visible (call after sim().runUntil(t)).
    void publishUntil(double t);
    /// The published metrics (after publishUntil).
    std::uint32_t running() const { return m_pub.running; }
    std::uint32_t waiting() const { return m_pub.waiting; }
    double kvUsage() const { return m_kvCapacity > 0 ? static_cast<double>(m_pub.kvUsed) / static_cast<double>(m_kvCapacity) : 0.0; }
    std::int64_t maxLora() const { return m_maxLora; }
    bool hasActive(std::uint32_t a) const { return a < m_runningBy.size() && m_runningBy[a] > 0; }
    bool hasWaiting(std::uint32_t a) const { return a < m_waitingBy.size() && m_waitingBy[a] > 0; }
    bool isResident(std::uint32_t a) const { return a < m_resident.size() && m_resident[a] != 0; }
    std::size_t activeCount() const { return m_lora.activeCount; }
    std::size_t waitingAdapterCount() const { return m_lora.waitingAdapterCount; }
    /// The whole published state as one value (a scrape).
    void snapshot(ReplicaMetrics& out) const;
    /// The published LoRA lists with max_lora (the other fields of the value are not filled).
    const ReplicaMetrics& loraInfo() const { return m_lora; }
    /// The last published lists that were not both empty, with max_lora (GIE keeps reading those;
    /// docs/fleet.md); before any, empty lists and max_lora 0 (GIE's value before its first parse).
    const ReplicaMetrics& lastLoraInfo() const { return m_lastLoraInfo; }

    /// Completion times (finished, dropped, refused) of this replica's requests, in time order.
    const std::vector<double>& completions() const { return m_completions; }
    /// Adapter loads onto this replica's GPU and evictions, in time order (when recorded).
    struct ResidencyChange {
        double time;
        std::uint32_t adapter;
        bool loaded;
    };
    void setRecordResidency(bool on) { m_recordResidency = on; }
    const std::vector<ResidencyChange>& residencyChanges() const { return m_residencyChanges; }
    /// Σ durations of its forward passes (clock units).
    double busy() const { return m_busy; }
    /// Loads of each adapter onto this replica.
    const std::vector<std::uint32_t>& loadsByAdapter() const { return m_loadsBy; }

    void submitted(std::uint32_t index, RejectReason rejected, double now) override;
    void pass(const StepResult& step, double start, double end) override;

private:
    enum Event : std::uint8_t { Submit, Admit, Preempt, FinishRunning, DropWaiting, DropRunning, Load, Unload };
    void apply(std::uint32_t adapter, Event e);
    void applyPending();
    void rememberLoraInfo();

    SimulationConfig m_config;
    std::unique_ptr<ServerSim> m_sim;
    const Trace& m_trace;
    std::vector<std::uint8_t>& m_state;
    std::int64_t m_kvCapacity = 0;
    std::int64_t m_maxLora = 0;

    struct Scalars {
        std::uint32_t running = 0, waiting = 0;
        std::int64_t kvUsed = 0;
    };
    Scalars m_pub; ///< published
    // Events of the pass under way (submissions before it, then its own), visible at its end.
    std::vector<std::pair<std::uint32_t, Event>> m_open;
    std::vector<std::pair<std::uint32_t, Event>> m_pending;
    Scalars m_pendingScalars;
    double m_pendingEnd = 0;
    bool m_hasPending = false;

    // Published per-adapter state.
    std::vector<std::int32_t> m_runningBy, m_waitingBy;
    std::vector<std::uint8_t> m_resident;
    ReplicaMetrics m_lora; ///< the published lists (bits, counts, max_lora)
    ReplicaMetrics m_lastLoraInfo;

    std::vector<double> m_completions;
    double m_busy = 0;
    bool m_recordResidency = false;
    std::vector<ResidencyChange> m_residencyChanges;
    std::vector<std::uint32_t> m_loadsBy;
};

} // namespace lorascope
