// SPDX-License-Identifier: Apache-2.0
#pragma once
// The numbers a sweep records per point (docs/sweep.md, What each point records), computed the same way from an admission preview
// (SimulationResult) and from a replay against a real server (ReplayRecord): throughput, goodput,
// TTFT/TPOT/E2E percentiles, S-LoRA's SLO attainment, attainment of the user's SLO, offered vs
// achieved rate (saturation), GuideLLM's over-saturation test, queue and KV peaks; overall and per
// adapter. Formulas in docs/sweep.md. Plain functions, no threads.

#include "admission/engine.h"
#include "replay/metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lorascope {

/// A user's service-level objective. A request meets it when it finished and every given bound
/// holds (TTFT ≤ ttft, TPOT ≤ tpot, E2E ≤ e2e, seconds); a point meets it when at least
/// `attainment` of all its requests (rejected, dropped and unfinished ones count as misses) do.
struct SloTarget {
    std::optional<double> ttft; ///< seconds
    std::optional<double> tpot; ///< seconds
    std::optional<double> e2e; ///< seconds
    double attainment = 0.9; ///< required share of requests, 0..1
    /// The default: S-LoRA's (first token within 6 s) for 90 % of the requests.
    static SloTarget sloraDefault();
    bool operator==(const SloTarget&) const = default;
    /// "TTFT ≤ 6 s, TPOT ≤ 100 ms for ≥ 90 % of requests".
    std::string describe() const;
};

/// Parses "ttft=6s,tpot=100ms,e2e=30s,attainment=0.9" (any subset; times need a unit s or ms, a
/// bare number is milliseconds as in `replay --slo`; attainment is a fraction or a percentage "90%").
/// Missing bounds: ttft=6s when none is given. Throws InputError naming `field` and the item.
SloTarget parseSloTarget(const std::string& text, const std::string& field = "--slo");

/// Saturation thresholds.
struct SaturationOptions {
    double ratio = 0.98; ///< saturated when achieved / offered rate < ratio
    /// Steady window [start, end] in trace seconds. It starts after the ramp-up (the 90th
    /// percentile of E2E, at least 10 % and at most half of the trace) or at windowStart if later,
    /// and ends at 90 % of the trace or at windowEnd if earlier. < 0: not set.
    double windowStart = -1;
    double windowEnd = -1;
};

/// One request's times in one clock (trace seconds for a preview, trace-scaled seconds for a replay).
struct RequestTiming {
    double arrival = 0; ///< offered (scheduled) time
    double start = NAN; ///< sent (replay) or arrival (preview): TTFT and E2E count from here
    double firstToken = NAN;
    double finish = NAN; ///< NaN when it never completed
    std::uint32_t outputLen = 0;
    std::uint32_t adapter = 0; ///< index into the adapter list of the point
    bool completed = false;
    bool lost = false; ///< rejected, dropped or failed: left without being served
    bool refused = false; ///< rejected on arrival by the per-request limits (at any load)
    bool inWindow = true; ///< false when trimmed as warm-up or cool-down
};

/// Over-saturation as GuideLLM's OSD constraint defines it (scheduler/constraints/saturation.py):
/// both the number of requests in flight (at each send) and the TTFT (at each first token) grow
/// over time with a statistically significant positive slope, in a window of at most 120 s and
/// 75 % of the requests seen, after at least 30 s, with at least half the TTFTs in the window
/// above 2.5 s. Detected at the first moment all of this holds.
struct OverSaturation {
    bool detected = false;
    double at = NAN; ///< trace time of the first detection
};
OverSaturation detectOverSaturation(const std::vector<RequestTiming>& requests);

/// Per-point numbers. Rates in requests per second; times in seconds; NaN where undefined.
struct PointMetrics {
    std::uint64_t requests = 0, completed = 0, lost = 0, unfinished = 0;
    double benchmarkTime = NAN; ///< S-LoRA's: from trace time 0 (run start) to the last completion
    double throughput = NAN; ///< completed / benchmarkTime (S-LoRA's and vLLM's request throughput)
    double tokenThroughput = NAN; ///< output tokens of completed requests / benchmarkTime
    double goodput = NAN; ///< requests meeting the SLO / benchmarkTime
    LatencyStats ttft, tpot, e2e, wait; ///< over completed requests (wait: preview only)
    double sloraAttainment = NAN; ///< share of all requests with a first token < 6 s (S-LoRA)
    double sloraReward = NAN; ///< mean of 1 − (TTFT/6 s)² over all requests (S-LoRA's satisfaction)
    double sloAttainment = NAN; ///< share of all requests meeting the user's SLO
    bool meetsSlo = false; ///< sloAttainment ≥ the SLO's attainment
    double offeredRate
        = NAN; ///< arrivals in the steady window / its length (requests refused by the limits not counted)
    /// Completions per second in the steady window: offered − lost per second − the backlog's growth
    /// per second when it is a trend (see docs/sweep.md)
    double achievedRate = NAN;
    double achievedRatio = NAN; ///< achievedRate / offeredRate
    double backlogGrowth = NAN; ///< requests the backlog grew by over the steady window (least squares)
    bool saturated = false; ///< achievedRatio < SaturationOptions::ratio
    OverSaturation overSaturation; ///< GuideLLM's test
    double windowStart = NAN, windowEnd = NAN; ///< the steady window used
    // Preview only (NaN or 0 for a replay):
    double peakQueue = NAN; ///< most requests waiting at once
    double peakRunning = NAN; ///< most requests in the running batch (replay: most in flight)
    std::int64_t peakKvNeed = 0, peakKvUsed = 0, kvCapacity = 0;
    std::uint64_t adapterLoads = 0;
};

/// Per-adapter numbers (rates over the point's benchmark time).
struct AdapterMetrics {
    std::string name; ///< empty for the base model
    int rank = 0;
    std::uint64_t requests = 0, completed = 0;
    double throughput = NAN;
    LatencyStats ttft, tpot, e2e;
    double sloraAttainment = NAN;
    double sloAttainment = NAN;
};

/// Metrics of a request list. `adapters` names the adapter indices of RequestTiming::adapter.
struct MetricsInput {
    std::vector<RequestTiming> requests;
    std::vector<std::string> adapterNames; ///< index → name ("" = base model)
    std::vector<int> adapterRanks;
    double window = 0; ///< seconds of offered load (the trace's window)
};
PointMetrics computeMetrics(const MetricsInput& input, const SloTarget& slo, const SaturationOptions& saturation);
std::vector<AdapterMetrics> computeAdapterMetrics(const MetricsInput& input, const SloTarget& slo);

/// The input from an admission preview (model clock): start = arrival; lost = rejected or dropped.
/// Requests arriving before `warmup` or after window − `cooldown` are marked out of window.
MetricsInput metricsInputFromPreview(
    const Trace& trace, const SimulationResult& result, double warmup = 0, double cooldown = 0);
/// The input from a replay: times divided by `timeScale` (trace seconds); arrival = the trace time,
/// start = sent; lost = failed; cancelled requests are unfinished. Warm-up and cool-down trim by
/// trace time exactly as for a preview.
MetricsInput metricsInputFromReplay(const Trace& trace, const std::vector<ReplayRecord>& records,
    double timeScale = 1.0, double warmup = 0, double cooldown = 0);

/// The most requests waiting and running at once over a preview's forward passes: fed one pass at
/// a time (as simulate()'s StepObserver), so no timeline has to be kept.
struct PreviewPeaks {
    double queue = 0;
    double running = 0;
    void add(const StepRecord& step)
    {
        queue = std::max(queue, static_cast<double>(step.queueLength));
        running = std::max(running, static_cast<double>(step.batchSize));
    }
};

/// Adds the preview-only figures (queue and running peaks, KV peaks, loads, waits).
void addPreviewFigures(PointMetrics& metrics, const SimulationResult& result, const PreviewPeaks& peaks);

} // namespace lorascope
