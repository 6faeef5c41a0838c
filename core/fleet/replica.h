// SPDX-License-Identifier: Apache-2.0
#pragma once
// One replica of a fleet: a ServerSim (admission/serversim.h) and what it publishes
// (fleet/published.h): a router reading a replica at time t sees the state after the last pass
// that ended at or before t; a pass still under way at t is not visible yet.
//
// Threads: a replica is advanced by one thread at a time; the router reads it only while no thread
// advances it (the fleet driver, fleet/fleet.cpp, orders the two).

#include "admission/serversim.h"
#include "fleet/published.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace lorascope {

/// A replica: its server simulation and its published metrics.
class FleetReplica final : public ServerSimListener {
public:
    /// `state` is the fleet's per-request state array (0 not here, 1 waiting, 2 running, 3 done),
    /// shared by all replicas (each writes only its own requests).
    FleetReplica(const SimulationConfig& config, const Trace& trace, const std::vector<int>& ranks,
        std::vector<RequestRecord>& records, std::vector<std::uint8_t>& state);

    ServerSim& sim() { return *m_sim; }
    const ServerSim& sim() const { return *m_sim; }
    const SimulationConfig& config() const { return m_config; }

    /// Makes everything that had ended by `t` visible (call after sim().runUntil(t)).
    void publishUntil(double t) { m_pub.publishUntil(t); }
    /// The published metrics (after publishUntil).
    const PublishedState& published() const { return m_pub; }
    std::uint32_t running() const { return m_pub.running(); }
    std::uint32_t waiting() const { return m_pub.waiting(); }
    double kvUsage() const { return m_pub.kvUsage(); }
    bool isResident(std::uint32_t a) const { return m_pub.isResident(a); }

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
    SimulationConfig m_config;
    std::unique_ptr<ServerSim> m_sim;
    const Trace& m_trace;
    std::vector<std::uint8_t>& m_state;
    PublishedState m_pub;

    std::vector<double> m_completions;
    double m_busy = 0;
    bool m_recordResidency = false;
    std::vector<ResidencyChange> m_residencyChanges;
    std::vector<std::uint32_t> m_loadsBy;
};

} // namespace lorascope
