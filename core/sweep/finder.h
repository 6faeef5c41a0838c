// SPDX-License-Identifier: Apache-2.0
#pragma once
// The SLO capacity finder (docs/sweep.md): the largest value of a parameter (usually the rate) whose
// point still meets the SLO, found by bracketing (grow or shrink by a factor until the SLO flips)
// and then bisection to a stated tolerance; the saturation point (the smallest value with
// achieved/offered below the threshold) the same way; and per adapter which adapters break the
// SLO first. Works on any evaluator: the preview (parallel batches, sweep.h) or a real server
// (one run at a time, replaysweep.h). Assumes the SLO gets harder as the value grows and says so
// when the points it saw disagree.

#include "sweep/sweep.h"
#include "util/usernote.h"

#include <functional>
#include <string>
#include <vector>

namespace lorascope {

/// How to search.
struct FinderOptions {
    double lo = NAN; ///< lowest value to try (NaN: start / 100, clipped to the parameter's range)
    double hi = NAN; ///< highest value to try (NaN: start × 100)
    double start = NAN; ///< first value (NaN: the plan's current value)
    double tolerance = 0.01; ///< stop when the bracket is this narrow
    bool relativeTolerance = true; ///< tolerance as a fraction of the bracket's low end
    double growth = 2.0; ///< bracketing factor: values start·growth^k for k = 1, 2, 3, ...
    bool accelerate = false; ///< k = 1, 2, 4, 8, ...: small first steps that still cover a wrong guess fast
    int batch = 1; ///< values evaluated per round (the preview: one per core)
    int maxEvaluations = 80; ///< give up after this many points (the bracket so far is reported)
    bool findSaturation = true; ///< also search the saturation point
};

/// Why the finder cannot search `param` (empty when it can). Its premise is that the SLO gets
/// harder as the value grows; a seed only redraws the workload (no value is "more" than another),
/// and a larger server limit (KV slots, batch sizes, running requests, adapters per batch) makes
/// the SLO easier, so "the largest value meeting it" would just be the top of the range.
std::string capacityParamProblem(SweepParam param);

/// Evaluates a batch of values (in any order; returns one point per value). Throws Cancelled.
using PointEvaluator = std::function<std::vector<SweepPoint>(const std::vector<double>& values)>;

/// How an adapter fared along the search.
struct AdapterBreak {
    std::string name; ///< empty = base model
    int rank = 0;
    /// Smallest evaluated value where this adapter missed the SLO target, among the points where
    /// it had at least 5 requests (fewer are too noisy to judge); NaN if none.
    double firstFailing = NAN;
    double lastMeeting = NAN; ///< largest evaluated value where it met it (same rule)
    double attainmentAtCapacity = NAN; ///< its SLO attainment at the capacity point
    double attainmentAbove = NAN; ///< at the first value above the capacity that fails overall
    std::uint64_t requestsAbove = 0; ///< its requests there
};

/// One rank's adapters together (S-LoRA's presets mix ranks: S4 is 64/32/16).
struct RankBreak {
    int rank = 0;
    std::size_t adapters = 0;
    double attainmentAtCapacity = NAN;
    double attainmentAbove = NAN;
    std::uint64_t requestsAbove = 0;
};

struct CapacityResult {
    enum class Outcome {
        Found, ///< capacity in [capacity, firstFailing]
        NoneMeets, ///< even the lowest value tried misses the SLO
        AllMeet, ///< even the highest value tried meets it
        Unconverged, ///< stopped at maxEvaluations before the bracket was narrow enough
    };
    enum class Saturation {
        Found, ///< saturated from `saturation` on (not at `lastUnsaturated`)
        Never, ///< not saturated even at the highest value tried
        Always, ///< saturated even at the lowest value tried
        NotSearched,
    };
    /// What bounds the sustainable capacity.
    enum class Limit {
        Slo, ///< the SLO fails first; the server still keeps up there
        Saturation, ///< the server falls behind its arrivals first (the SLO may still hold, for a while)
    };
    SweepParam param = SweepParam::Rate;
    SloTarget slo;
    Outcome outcome = Outcome::Found;
    /// The answer to act on: the largest value tried that meets the SLO *and* keeps up with its
    /// arrivals (is not saturated). Past saturation the backlog grows for as long as the load
    /// lasts, so a value there meets the SLO only because the trace ends first. NaN: none.
    double sustainable = NAN;
    Limit limitedBy = Limit::Slo;
    /// The SLO held at a saturated value (capacity ≥ saturation): a longer trace would miss it.
    bool shortTrace = false;
    /// With shortTrace: the trace length (seconds) at which the backlog at `capacity` would break
    /// the SLO (durationToTell()); NaN when the SLO bounds neither TTFT nor E2E.
    double suggestedDuration = NAN;
    double duration = NAN; ///< trace seconds of the points (the plan's duration, or the parameter's value)
    /// How finely `sustainable` is known: the width of its bracket (SLO or saturation search).
    /// Values are printed to this resolution (formatResolved()), JSON keeps every digit.
    double resolution = NAN;
    double capacity = NAN; ///< largest value that meets the SLO on this trace (below every failing one seen)
    double firstFailing = NAN; ///< smallest value above it that fails
    double lowest = NAN, highest = NAN; ///< extremes tried
    double attainmentAtLowest = NAN, attainmentAtHighest = NAN;
    Saturation saturationOutcome = Saturation::NotSearched;
    double saturation = NAN; ///< smallest saturated value (above every unsaturated one seen)
    double lastUnsaturated = NAN;
    double ratioAtHighest = NAN, ratioAtLowest = NAN;
    std::vector<SweepPoint> evaluations; ///< every point evaluated, sorted by value
    std::vector<AdapterBreak> adapters; ///< the first to break first; adapters that never broke last
    std::vector<RankBreak> ranks; ///< by rank, descending
    /// Notes: "slo_not_monotone" {parameter, a value that met the SLO, the lower value that missed it}.
    std::vector<UserNote> notes;
    double seconds = 0;
    bool cancelled = false;

    /// Plain sentences, the sustainable capacity first (and, when the SLO held past saturation,
    /// that this is a short-trace effect and how long a trace would tell); then the SLO's
    /// bracket, or why no value meets it; the saturation point or that the range never saturates;
    /// which adapters break first. Values to their resolution.
    std::vector<std::string> describe() const;
    /// A value of the parameter as the sentences print it ("R = 4.19 req/s"), to `resolution`.
    std::string valueText(double value) const;
};

/// Runs the search with `evaluate`. The plan supplies the base settings, the parameter and the
/// SLO (its `values` are ignored). Throws InputError for a parameter that does not apply or a bad
/// range; Cancelled only propagates out of the evaluator as `cancelled` in the result.
CapacityResult findCapacity(const SweepPlan& plan, const FinderOptions& options, const PointEvaluator& evaluate);

/// The finder on the preview: batches of one value per thread.
CapacityResult findCapacityPreview(const SweepPlan& plan, FinderOptions options,
    const std::function<void(const SweepPoint&)>& onPoint = {}, const std::atomic<bool>* cancel = nullptr,
    unsigned threads = 0);

/// Confirmation on a real server: start at the previewed capacity, step by a factor 1 + 2 ×
/// tolerance (squared on every further step) until the SLO flips, then bisect to the tolerance;
/// one run at a time; no saturation search (each run costs server time).
FinderOptions confirmationOptions(const FinderOptions& base, double previewed);

} // namespace lorascope
