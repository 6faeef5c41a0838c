// SPDX-License-Identifier: Apache-2.0
#pragma once
// A/B comparison of two parameter sets (README.md, A/B Compare): which parameters differ, both workloads and
// admission previews, and the distributions of both on common bins so they can be overlaid. Qt-free.

#include "admission/engine.h"
#include "analysis/admissionview.h"
#include "analysis/workloadview.h"
#include "util/progress.h"
#include "workload/spec.h"
#include "workload/stats.h"

#include <memory>
#include <string>
#include <vector>

namespace lorascope {

/// One side of a comparison: a workload spec and the admission settings it is previewed with (the
/// server's limits are admission.scheduler.limits).
struct CompareInput {
    WorkloadSpec spec;
    SimulationConfig admission;
};

/// A parameter whose value differs: field path (as validate() names it, e.g. "popularity.alpha",
/// or "policy", "clock", "cost" for the admission settings) and both values as short text.
struct ParameterDiff {
    std::string field;
    std::string a, b;
    bool operator==(const ParameterDiff&) const = default;
};

/// One parameter of both sides, for a side-by-side listing.
struct ParameterRow {
    std::string field;
    std::string a, b;
    bool differs = false;
};

/// Every parameter that differs between a and b, in the order of the parameter panel (workload,
/// server limits, then admission settings). Empty when both describe the same experiment.
std::vector<ParameterDiff> diffParameters(const CompareInput& a, const CompareInput& b);

/// The parameters listed side by side: the main ones always (generator, n, R, T, seed, popularity,
/// arrivals, lengths, server limits, policy, clock, cost model) and every other one that differs.
std::vector<ParameterRow> parameterRows(const CompareInput& a, const CompareInput& b);

/// Shortest text of a number that reads back to the same value at 6 significant digits ("0.3", "1", "1e+06").
std::string shortNumber(double value);

/// The analyses of one side.
struct CompareSide {
    std::shared_ptr<const WorkloadAnalysis> workload;
    std::shared_ptr<const AdmissionAnalysis> admission; ///< null when the trace was too large to preview
};

/// Generates and analyses one side, then runs the admission engine on it (the side's admission
/// settings) unless the trace has more than `admissionLimit` requests.
/// Throws InputError (invalid spec) or Cancelled.
CompareSide analyzeSide(
    const CompareInput& input, const ProgressSink& progress = {}, std::size_t admissionLimit = 1000000);

/// A number shown in the key-figure table, for A and B (NaN where it does not exist).
struct KeyFigure {
    /// "requests", "achievedRate", "gapCv", "fittedAlpha", "overLimits" (workload statistics);
    /// "finished", "waitP50/90/99", "ttftP50/90/99", "e2eP50/90/99", "throughput" (req per clock
    /// unit), "tokenThroughput", "sloAttainment" (% with TTFT < 6 s), "peakKvNeed", "adapterLoads".
    std::string key;
    double a = 0, b = 0;
    double delta() const { return b - a; }
};

/// Everything the A/B view draws. Histograms of A and B share their bin edges.
struct Comparison {
    CompareSide a, b;
    std::vector<ParameterDiff> diffs;
    /// Share of requests by adapter rank (adapters sorted by observed count, hottest first;
    /// index 0 = rank 1), only adapters with at least one request.
    std::vector<double> shareA, shareB;
    Histogram gapsA, gapsB; ///< log-spaced common bins (gaps below the first edge count in bin 0)
    Histogram inputA, inputB, outputA, outputB; ///< common linear bins
    Histogram arrivalsA, arrivalsB; ///< arrivals per common time bin over [0, max window]
    /// Latency quantile curves: value at each percentile of `percentiles` (empty without admission).
    std::vector<double> percentiles;
    std::vector<double> waitA, waitB, ttftA, ttftB, e2eA, e2eB;
    std::vector<KeyFigure> figures;
};

struct CompareOptions {
    int gapBins = 0; ///< 0: about 12 gaps per bin of the smaller trace, 15..60 bins
    int lengthBins = 0; ///< 0: about 20 requests per bin of the smaller trace, 10..50 bins
    int timelineBins = 0; ///< 0: about 25 arrivals per bin of the smaller trace, 20..300 bins
};

/// Builds the comparison of two analysed sides (cheap: a few passes over both traces).
Comparison compareSides(
    CompareSide a, CompareSide b, std::vector<ParameterDiff> diffs = {}, const CompareOptions& options = {});

/// Latency quantiles (NumPy's linear interpolation) of the requests that have the value, as the
/// engine's summary counts them: which = 0 queue wait, 1 TTFT, 2 E2E.
std::vector<double> latencyQuantiles(const SimulationResult& result, int which, const std::vector<double>& percentiles);

} // namespace lorascope
