// SPDX-License-Identifier: Apache-2.0
#pragma once
// Statistics of a trace (docs/workload.md, Statistics): everything the status bar, the charts and `stats` show.
// The UI never computes statistics itself; it presents these.

#include "workload/limits.h"
#include "workload/sessionstats.h"
#include "workload/trace.h"

#include <cstdint>
#include <vector>

namespace lorascope {

/// A histogram with explicit bin edges (edges.size() == counts.size() + 1).
struct Histogram {
    std::vector<double> edges;
    std::vector<std::uint64_t> counts;
    std::uint64_t underflow = 0; ///< values below edges.front() (not in any bin)
    std::uint64_t overflow = 0; ///< values above edges.back()
    /// Every value counted: the bins plus underflow and overflow.
    std::uint64_t total() const;
};

/// Summary of one length column.
struct LengthStats {
    double mean = 0;
    std::uint32_t min = 0, max = 0;
    double p50 = 0, p90 = 0, p99 = 0;
    Histogram histogram; ///< linear bins over [min, max]
};

struct StatsOptions {
    int gapBins = 60; ///< log-spaced bins of inter-arrival gaps
    int lengthBins = 50;
    int timelineBins = 300; ///< arrivals over time
    bool perAdapterCv = true;
};

struct TraceStats {
    std::uint64_t count = 0;
    double windowStart = 0; ///< where the window starts: 0 with a duration, else the first arrival (Trace::windowStart)
    double windowEnd = 0; ///< where it ends: the spec's duration, or the last arrival (Trace::window)
    double window = 0; ///< seconds observed: windowEnd − windowStart
    double achievedRate = 0; ///< count / window
    double gapMean = 0;
    double gapCv = 0; ///< std/mean of gaps between consecutive arrivals (all adapters)
    std::vector<std::uint64_t> perAdapterCount;
    std::vector<double> perAdapterCv; ///< NaN where an adapter has fewer than 3 arrivals
    std::uint32_t adaptersUsed = 0;
    double fittedAlpha = 0; ///< MLE under the power-function popularity (NaN if not estimable)
    double fittedAlphaStdErr = 0; ///< from the observed Fisher information
    LengthStats input, output;
    std::uint64_t overInputLimit = 0; ///< input > max_req_input_len
    std::uint64_t overTotalLimit = 0; ///< input + output > max_req_total_len
    std::uint64_t overAnyLimit = 0; ///< either (what S-LoRA would refuse)
    std::int64_t maxReqInputLen = 0, maxReqTotalLen = 0; ///< the limits those counts were taken against
    Histogram
        gaps; ///< log-spaced over the 0.5–99.5 % quantiles (≤ six decades); the rest (and zero gaps) in underflow/overflow
    Histogram timeline; ///< arrivals per time bin over [0, windowEnd] (the charts' time axis starts at 0)
    SessionStats sessions; ///< sessions and shared prefixes (empty when the trace has neither)
};

TraceStats computeStats(const Trace& trace, const ServerLimits& limits, const StatsOptions& options = {});

/// Maximum-likelihood α of the power-function popularity P(i) = ((i+1)/n)^α − (i/n)^α from
/// per-adapter counts in index order. Returns {alpha, stderr}; NaN when fewer than 2 adapters.
std::pair<double, double> fitPowerAlpha(const std::vector<std::uint64_t>& counts);

/// Percentile (0..100) of a sample by linear interpolation between order statistics (NumPy's default).
double percentile(std::vector<double> values, double pct);

} // namespace lorascope
