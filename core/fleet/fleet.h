// SPDX-License-Identifier: Apache-2.0
#pragma once
// The fleet preview (docs/fleet.md): a trace routed over replicas, each running its own server's
// scheduler (admission/serversim.h) with its own cost model, all on one clock.
//
// Time: on the cost-model clock every replica's forward pass takes its cost model's seconds; on the
// step clock every pass takes one tick, and replicas run in parallel, so a fleet tick is one
// forward pass of every replica that has work. A request is routed at its arrival; the router sees
// the replicas through metrics scraped every `staleness` (0: as they are at that instant).
// A fleet of one replica gives exactly simulate()'s records.
//
// Threads: simulateFleet() may use worker threads (FleetOptions::threads) to advance replicas
// between router decisions; it returns when all are done. Qt-free.

#include "admission/engine.h"
#include "fleet/fleetconfig.h"
#include "fleet/router.h"
#include "util/progress.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lorascope {

struct FleetOptions {
    ClockKind clock = ClockKind::Model;
    std::vector<int> ranks; ///< adapter ranks overriding the trace's (as SimulationConfig::ranks)
    bool recordDecisions = true; ///< keep one RouteDecision per request
    bool recordSeries = false; ///< per-replica running/waiting over time and adapter residency (the Fleet view)
    int seriesBins = 400; ///< time bins of those series
    int residencyAdapters = 48; ///< adapters (the busiest) in the residency heat map
    int threads = 0; ///< worker threads for the replicas (0: as many as the machine has cores, at most 8)
};

/// One replica's share of the run.
struct ReplicaReport {
    std::string name;
    int group = 0;
    int gpus = 1;
    PolicyKind policy = PolicyKind::SLora;
    std::string costModel;
    std::uint64_t routed = 0; ///< requests the router sent it
    SimulationSummary summary; ///< over its requests: latencies, passes, loads, unloads, KV peaks
    std::uint32_t adaptersRouted = 0; ///< distinct adapters among its requests
    std::uint32_t adaptersLoaded = 0; ///< distinct adapters it ever loaded
    double busySeconds = 0; ///< Σ pass durations (clock units)
};

/// One adapter over the fleet.
struct FleetAdapterReport {
    AdapterSummary summary; ///< latencies of its requests
    std::uint32_t replicasRouted = 0; ///< replicas its requests went to
    std::uint64_t loads = 0; ///< loads onto any replica's GPU
    std::vector<std::uint32_t> placedOn; ///< static placement: its replicas (empty: any)
};

/// Per-replica series and residency for the Fleet view (when FleetOptions::recordSeries).
struct FleetSeries {
    std::vector<double> edges; ///< bins + 1 edges, in the clock's unit
    /// [replica][bin]: the largest running / waiting count at the end of a pass in the bin.
    std::vector<std::vector<float>> running, waiting;
    std::vector<std::uint32_t> adapters; ///< rows of the residency cube: adapter indices, busiest first
    /// residency[(replica * adapters.size() + row) * bins + bin]: share of the bin the adapter was on
    /// the replica's GPU (0..1).
    std::vector<float> residency;
    int bins() const { return edges.empty() ? 0 : static_cast<int>(edges.size()) - 1; }
};

struct FleetResult {
    ClockKind clock = ClockKind::Model;
    std::vector<RequestRecord> requests; ///< in trace order, as simulate()'s
    std::vector<RouteDecision> decisions; ///< per request (when recorded)
    std::vector<std::uint32_t> replicaOf; ///< per request: the replica it went to (kNoReplica: dropped by the router)
    SimulationSummary summary; ///< over all requests; counters summed over replicas
    std::vector<ReplicaReport> replicas;
    std::vector<FleetAdapterReport> perAdapter; ///< adapters with at least one request
    std::uint64_t routerDropped = 0; ///< sheddable requests the router dropped
    int gpus = 0;
    FleetSeries series;
    std::string unit() const { return clock == ClockKind::Steps ? "steps" : "s"; }
    std::vector<std::string> replicaNames() const;
};

/// Runs `trace` through the fleet. Throws InputError for a fleet that cannot run (naming the field),
/// an unknown cost model, a placement naming an adapter the trace lacks; Cancelled when asked.
FleetResult simulateFleet(
    const Trace& trace, const FleetConfig& config, const FleetOptions& options = {}, const ProgressSink& progress = {});

} // namespace lorascope
