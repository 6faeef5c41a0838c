// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the admission preview shows (docs/admission.md, What the preview answers), computed in one call off the GUI thread: the
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
    /// LoRA residency: adapters in the CPU cache (vllm: max_cpu_loras; sglang: host memory), the
    /// largest value in the bin; and adapters loaded onto the GPU in the bin (a sum, not held over
    /// empty bins), from the CPU and from disk.
    std::vector<double> cpuAdapters, loadsFromCpu, loadsFromDisk;
    std::int64_t kvCapacity = 0;
};

/// Bins forward passes as they come, so a run of millions of passes needs no per-pass records.
/// Bins have one width w (a power of two in the clock's unit) and start at the first pass's start;
/// a pass goes to the bin its end falls in. When a pass ends beyond the last bin, w doubles and neighbouring bins merge (the maximum of
/// two maxima is the maximum over both), so the result is exact for whatever w it ends with: at
/// most `bins` bins, at least half of them covering the run (its last end lies in the last bin).
/// Bins no pass ended in keep the value of the bin before (values hold until the next pass ends).
class StepTimelineBinner {
public:
    explicit StepTimelineBinner(int bins);
    void add(const StepRecord& step);
    StepTimelineBins finish() const;

private:
    void grow(double offset);

    struct Bin {
        std::uint32_t running = 0, queue = 0, residentAdapters = 0, cpuAdapters = 0;
        std::uint64_t loadsFromCpu = 0, loadsFromDisk = 0;
        bool seen = false;
        std::int64_t kvNeed = 0, kvUsed = 0, adapterSlots = 0;
        void merge(const Bin& o);
    };
    std::size_t m_capacity;
    std::vector<Bin> m_bins;
    double m_t0 = 0, m_width = 0; ///< width 0: no pass has ended after t0 yet
    std::size_t m_used = 0; ///< bins up to the last one a pass ended in
    std::int64_t m_kvCapacity = 0;
    bool m_started = false;
};

/// Bins a per-forward-pass timeline with StepTimelineBinner (at most `bins` bins).
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
