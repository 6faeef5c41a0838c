#pragma once
// What the admission preview shows (SPEC §2.5), computed in one call off the GUI thread: the
// engine's simulation, latency distributions and a binned timeline (few points, for charts). Qt-free.

#include "admission/engine.h"
#include "analysis/capacity.h"
#include "workload/stats.h"
#include "workload/trace.h"

#include <memory>
#include <vector>

namespace lorascope {

/// Per time bin: the largest value seen in the bin (an envelope, so short peaks stay visible).
struct StepTimelineBins {
    std::vector<double> edges; ///< bins.size() + 1 edges in the clock's unit
    std::vector<double> running, queue, kvNeed, kvUsed, adapterSlots, residentAdapters;
    std::int64_t kvCapacity = 0;
};

/// Bins a per-forward-pass timeline into at most `bins` bins over [first start, last end].
StepTimelineBins binStepTimeline(const std::vector<StepRecord>& timeline, int bins);

/// A simulation plus what its charts need.
struct AdmissionAnalysis {
    std::shared_ptr<const Trace> trace;
    SimulationConfig config;
    SimulationResult result;
    Histogram wait, ttft, e2e; ///< over requests that have the value
    StepTimelineBins timeline;
    CapacityCheck capacity; ///< does the server keep up (the overload banner)
};

/// Runs simulate() and bins its output. Throws Cancelled when the sink's flag is set.
std::shared_ptr<AdmissionAnalysis> analyzeAdmission(std::shared_ptr<const Trace> trace, const SimulationConfig& config,
    const ProgressSink& progress = {}, int timelineBins = 600, int histogramBins = 50);

} // namespace lorascope
