// SPDX-License-Identifier: Apache-2.0
#pragma once
// Confidence intervals for the difference of a headline metric between two runs: a seeded
// bootstrap over requests for means, percentiles, standard deviations and shares (each run
// resampled on its own, with replacement, as many requests as it has), and a compound-Poisson
// normal interval on the ratio of two rates (throughput, goodput; Boost.Math gives the normal
// quantile). Formulas in docs/report.md. Plain functions; no threads.

#include "replay/metrics.h"
#include "report/metricinfo.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lorascope {

/// The per-request numbers of one run (or of one adapter of a run) that its metrics come from:
/// in-window requests that were not cancelled, as summarizeReplay counts them.
struct RunSample {
    static constexpr std::size_t kSamples = 13; ///< one slot per Sample value
    std::size_t requests = 0; ///< non-cancelled in-window requests (the resampled population)
    double duration = 0; ///< seconds (summary.json's "duration")
    /// Per Sample: (value, request) sorted by value. Rate samples hold each request's contribution
    /// (1 per completed request, its tokens, 1 per good request); Share samples each request's
    /// value (attained 0/1, reward). ITL holds token gaps (thinned to at most kMaxItl, see docs).
    std::array<std::vector<std::pair<double, std::uint32_t>>, kSamples> values;
    bool itlThinned = false;
    static constexpr std::size_t kMaxItl = 400000;
};

/// Builds the sample from records (times as in requests.jsonl). `summary` gives the duration, the
/// goodput SLO (slo_ms) and S-LoRA's bound (slora_ttft_bound_s) exactly as the run used them.
RunSample runSample(const std::vector<const ReplayRecord*>& records, const nlohmann::json& summary);

/// Fewer values than this in either sample: no bootstrap interval.
inline constexpr std::size_t kMinBootstrapValues = 10;

/// Bootstrap settings: seeded, so the same inputs give the same intervals.
struct BootstrapOptions {
    std::uint64_t seed = 20240601;
    int resamples = 1000; ///< at most; fewer for very large runs (see effectiveResamples)
    double confidence = 0.95;
    /// Work budget: resamples are reduced so that resamples × (values per resample) stays below it.
    double workBudget = 4e8;
};

/// Replicates of every bootstrap metric of one sample: for each metric of `metrics`, `resamples`
/// values (NaN where a resample has no value). Stream `stream` of the seed.
std::vector<std::vector<double>> bootstrapReplicates(const RunSample& sample,
    const std::vector<const MetricInfo*>& metrics, int resamples, std::uint64_t seed, std::uint64_t stream);

/// An interval for B − A and for B / A − 1.
struct DeltaInterval {
    double diffLow = NAN, diffHigh = NAN;
    double relLow = NAN, relHigh = NAN;
    bool valid() const { return std::isfinite(diffLow) && std::isfinite(diffHigh); }
};

/// Percentile interval of B − A (and B/A − 1) from two sets of replicates.
DeltaInterval percentileInterval(const std::vector<double>& a, const std::vector<double>& b, double confidence);

/// Compound-Poisson interval of a rate ratio: each run's rate is Σx/duration over its requests'
/// contributions x, var(log rate) ≈ Σx²/(Σx)²; the interval of log(B/A) is normal.
DeltaInterval rateInterval(const RunSample& a, const RunSample& b, Sample sample, double valueA, double confidence);

/// How many resamples fit the budget for samples of these sizes (at least 200, at most requested).
int effectiveResamples(const BootstrapOptions& options, double valuesPerResample);
/// Values one resample of `sample` visits (requests plus every sample's entries).
double valuesPerResample(const RunSample& sample);

} // namespace lorascope
