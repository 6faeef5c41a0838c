// SPDX-License-Identifier: Apache-2.0
#pragma once
// Fitting a workload model to a trace (docs/formats.md, Fitting a workload to a trace): rate (and rate over time),
// gap cv overall and per adapter, popularity skew (power-function α by maximum likelihood, Zipf as
// the alternative, chosen by likelihood) and length distributions (uniform / power law /
// log-normal, chosen by likelihood, each with a goodness-of-fit figure). The result is a
// WorkloadSpec that synthesises a similar workload, optionally rescaled to another rate,
// adapter count or duration.

#include "util/usernote.h"
#include "workload/spec.h"
#include "workload/trace.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace lorascope {

/// What to fit and how to rescale the fitted workload. Zero means "keep the trace's value".
struct FitOptions {
    bool excludeFailed = true; ///< leave out requests the source marked failed (Trace::failed)
    int rateBins = 60; ///< bins of the rate-over-time series in the report
    /// Follow the trace's rate over time in the fitted spec (arrival kind "schedule", rateBins
    /// points) instead of a constant rate.
    bool rateSchedule = false;
    double targetRate = 0; ///< rescale: total rate R of the fitted spec (requests/s)
    std::uint32_t targetAdapters = 0; ///< rescale: adapter count n
    double targetDuration = 0; ///< rescale: duration in seconds
    std::uint64_t seed = 42; ///< seed written into the fitted spec
};

/// One candidate length distribution with its fit figures.
struct LengthCandidate {
    LengthSpec spec; ///< parameters at the maximum of the likelihood
    double logLikelihood = 0; ///< natural log, summed over requests
    int parameters = 0; ///< free shape parameters (lo and hi are shared by all candidates)
    /// Bayesian information criterion parameters·ln(count) − 2·logLikelihood (lower is better;
    /// used to choose: it only prefers an extra parameter when the data clearly need it).
    double bic = 0;
    double ks = 0; ///< goodness of fit: Kolmogorov–Smirnov distance max |F_trace − F_model|
};

/// The fit of one length column.
struct LengthFit {
    std::vector<LengthCandidate> candidates; ///< uniform, power law, log-normal (those that could be fitted)
    int chosen = -1; ///< index into candidates; -1 when there was nothing to fit
    std::uint64_t count = 0;
    double mean = 0;
    std::uint32_t min = 0, max = 0;
    const LengthCandidate* best() const { return chosen < 0 ? nullptr : &candidates[static_cast<std::size_t>(chosen)]; }
};

/// The fit of adapter popularity from per-adapter request counts.
struct PopularityFit {
    std::uint32_t adapters = 0; ///< n: adapters in the model (the trace's adapter count)
    bool orderKnown = true; ///< false: counts were matched to ranks by size (see fitPopularity)
    double alpha = 0, alphaStdErr = 0, alphaLogLik = 0; ///< power function P(i) = ((i+1)/n)^α − (i/n)^α
    double zipfS = 0, zipfLogLik = 0; ///< Zipf P(i) ∝ (i+1)^−s
    PopularityKind chosen = PopularityKind::Uniform; ///< Power or Zipf (higher likelihood); Uniform if n < 2
    double ks = 0; ///< goodness of fit of the chosen model: max |cumulative share trace − model|
};

/// Sessions and shared prefixes fitted from session ids or prefix segments (fit/sessionfit.cpp).
struct SessionFit {
    bool sessions = false; ///< the trace has sessions
    std::uint64_t sessionCount = 0;
    LengthFit turns; ///< turns per session
    double thinkMean = 0, thinkCv = 0; ///< seconds, over later turns
    DurationSpec think; ///< constant (cv < 0.1), exponential (cv within 0.25 of 1) or log-normal
    ServiceEstimate service; ///< least squares of (send − previous send − think) on the previous output
    bool prefixes = false; ///< the trace has sessions or segments
    std::int64_t systemTokens = 0; ///< median over adapters of the prefix all their first turns share
    std::uint32_t groupCount = 0; ///< distinct shared prefixes after the system prompt
    std::int64_t groupTokens = 0; ///< their mean length
    double groupShare = 0; ///< share of first turns that have one
    /// Each request's own new text (prompt − history − shared prefix), as the input-length fit takes it.
    std::vector<std::pair<std::uint32_t, std::uint64_t>> messageLengths;
};

/// Everything fitTrace measured, for the report and for "trace vs fitted model" views.
struct FitReport {
    std::uint64_t requests = 0; ///< requests used
    std::uint64_t excludedFailed = 0; ///< failed requests left out
    double windowStart = 0; ///< where the window starts: 0 with a duration, else the first arrival (Trace::windowStart)
    double window = 0; ///< seconds observed from windowStart
    double rate = 0; ///< R = requests / window
    double binSeconds = 0; ///< width of one rate-over-time bin
    std::vector<double> rateOverTime; ///< requests/s in consecutive bins of binSeconds from windowStart
    double rateCv = 0; ///< std/mean of rateOverTime: how far from a constant rate the trace is
    double cvOverall = 0; ///< cv of the gaps between consecutive arrivals (all adapters)
    double cvPerAdapter = 0; ///< pooled cv of per-adapter gaps (each scaled by its adapter's mean gap)
    std::vector<double> cvByAdapter; ///< per adapter; NaN where fewer than 3 arrivals
    std::uint32_t adaptersUsed = 0;
    PopularityFit popularity;
    LengthFit input, output; ///< with sessions or shared prefixes, input is each request's own new text
    SessionFit sessions;
    /// Remarks (choices made, caveats): English text plus a code and its values for the desktop
    /// (ui/text/coretexts.cpp). Codes and args: "fit_window_offset" [start s, window s];
    /// "fit_zero_lengths" ["input"|"output", requests]; "fit_burst_total_slora" [cv overall,
    /// cv per adapter]; "fit_burst_total" [cv overall, cv per adapter, fitted cv];
    /// "fit_order_unknown" []; "fit_no_adapters" [].
    std::vector<UserNote> notes;
};

/// A fitted workload and how it was fitted.
struct FitResult {
    WorkloadSpec spec; ///< valid (validate() is empty); per-adapter generator
    FitReport report;
};

/// Fits a workload model to `trace` (see the header comment). Throws InputError when the trace
/// has fewer than 2 usable requests.
FitResult fitTrace(const Trace& trace, const FitOptions& options = {});

/// Returns `spec` synthesised at another scale (0 = keep): total rate, adapter count, duration.
/// Popularity shape (α, Zipf s), cv and lengths are kept; weights popularity is resampled.
WorkloadSpec rescaleSpec(const WorkloadSpec& spec, double rate, std::uint32_t adapters, double duration);

/// Fits uniform, power-law and log-normal distributions to a length sample given as sorted
/// (length, count) pairs, all on [min, max + 1), and chooses the lowest BIC.
LengthFit fitLengths(const std::vector<std::pair<std::uint32_t, std::uint64_t>>& histogram);

/// Fits power-function α and Zipf s to per-adapter counts. With `orderKnown` the counts are in
/// popularity (index) order; otherwise the ranks are unknown, the counts are sorted and the
/// estimates corrected for the bias that sorting noisy counts adds (parametric simulation).
PopularityFit fitPopularity(const std::vector<std::uint64_t>& counts, bool orderKnown, std::uint64_t seed = 1);

/// Maximum-likelihood Zipf exponent s for counts in rank order: {s, log-likelihood}.
std::pair<double, double> fitZipfS(const std::vector<std::uint64_t>& counts);

/// The report as JSON (keys in snake_case), for `fit --report` and tools.
nlohmann::json toJson(const FitReport& report);

} // namespace lorascope
