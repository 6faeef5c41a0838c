// SPDX-License-Identifier: Apache-2.0
#pragma once
// Everything the workload designer shows for one trace, computed in one call off the GUI thread:
// statistics, theory curves over the same bins, and the arrival raster overview. Qt-free.

#include "analysis/binning.h"
#include "analysis/sessiontheory.h"
#include "analysis/theory.h"
#include "util/progress.h"
#include "workload/spec.h"
#include "workload/stats.h"
#include "workload/trace.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lorascope {

/// Statistics, theory and raster of one trace (docs/workload.md, Statistics).
struct WorkloadAnalysis {
    std::shared_ptr<const Trace> trace;
    std::optional<WorkloadSpec> spec; ///< the model behind the trace (none for imports): theory needs it
    TraceStats stats; ///< its over-limit counts are against the server's per-request limits given to analyze*()
    std::vector<double> expectedPerAdapter; ///< index order; empty without a spec
    std::vector<double> expectedGaps; ///< per bin of stats.gaps; empty when no gap law applies
    double expectedGapUnderflow = 0, expectedGapOverflow = 0; ///< of stats.gaps.underflow / overflow
    std::string gapModel; ///< English (GapTheory::describe())
    GapTheory::Description gapModelInfo; ///< the same as data, for translated texts
    std::vector<double> expectedInput, expectedOutput; ///< per bin of stats.input/output.histogram
    std::vector<double> expectedTimeline; ///< per bin of stats.timeline
    RasterBins raster; ///< hottest adapters (rows) × time columns over the whole window
    SessionTheory sessionTheory; ///< turns, context growth, reusable share (with sessions or shared prefixes)
};

struct AnalysisOptions {
    AnalysisOptions() { stats.timelineBins = 0; }
    StatsOptions stats; ///< timelineBins = 0: about 25 arrivals per bin, 20..300 bins
    std::size_t rasterRows = 64;
    int rasterColumns = 1200;
};

/// Generates the spec's trace and analyses it; `limits` are the server's (SchedulerConfig::limits),
/// for the count of requests it would refuse. Throws InputError (invalid spec) or Cancelled.
std::shared_ptr<WorkloadAnalysis> analyzeSpec(const WorkloadSpec& spec, const ServerLimits& limits = {},
    const ProgressSink& progress = {}, const AnalysisOptions& options = {});

/// Analyses a given trace (e.g. an imported one); theory curves only when `spec` is given.
std::shared_ptr<WorkloadAnalysis> analyzeTrace(std::shared_ptr<const Trace> trace, const ServerLimits& limits,
    const std::optional<WorkloadSpec>& spec, const AnalysisOptions& options = {});

} // namespace lorascope
