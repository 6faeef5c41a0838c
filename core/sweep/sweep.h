// SPDX-License-Identifier: Apache-2.0
#pragma once
// A sweep (docs/sweep.md): one parameter of the workload or the server over a list of values; at each
// point the workload is generated, previewed with the admission engine on the cost-model clock,
// and its metrics (sweep/metrics.h) recorded. Points run in parallel on worker threads owned by
// runPreviewSweep(); each finished point goes to the caller's callback at once (serialized, on a
// worker thread), so results stream out and a cancel keeps what finished.

#include "sweep/metrics.h"
#include "sweep/parameter.h"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace lorascope {

/// What to sweep and how to judge each point.
struct SweepPlan {
    WorkloadSpec spec; ///< the base workload (its limits are the server's)
    SimulationConfig config; ///< the base admission settings (the clock is always the cost model's)
    SweepParam param = SweepParam::Rate;
    std::vector<double> values;
    SloTarget slo = SloTarget::sloraDefault();
    SaturationOptions saturation;
    double warmup = 0; ///< seconds at the start of each point left out of the metrics
    double cooldown = 0; ///< seconds at the end of each point left out of the metrics
    std::string suite; ///< the S-LoRA suite it came from, if any (informational)
    std::string modelSetting; ///< the suite's model setting (S1, S2, S4)
};

/// One finished point.
struct SweepPoint {
    std::size_t index = 0; ///< position in SweepPlan::values (or evaluation order for the finder)
    double value = 0;
    WorkloadSpec spec; ///< the point's workload (and server limits)
    SimulationConfig config; ///< the point's admission settings
    PointMetrics metrics;
    std::vector<AdapterMetrics> perAdapter;
    double seconds = 0; ///< wall time to generate and preview (or replay) it
    bool replayed = false; ///< measured against a server rather than previewed
};

/// Bytes a previewed point holds at its peak per request of its trace: measured with
/// /usr/bin/time on 1 and 2 million requests (docs/sweep.md, "Memory"), with a margin.
inline constexpr double kPreviewBytesPerRequest = 320;
/// Bytes the preview of a point with this workload holds at most (expected requests × the above).
double previewPointBytes(const WorkloadSpec& spec);

/// The settings of one point (base settings with the parameter set; the clock forced to the model).
void pointSettings(const SweepPlan& plan, double value, WorkloadSpec& spec, SimulationConfig& config);

/// Checks a plan before any work: the parameter applies to the base settings, there is at least
/// one value, every value is valid, every point's spec validates and every point fits in the
/// memory available (previewPointBytes). Throws InputError with a message naming the parameter,
/// the value and the problem.
void checkPlan(const SweepPlan& plan);

/// Generates and previews one point. Throws Cancelled when `cancel` becomes true.
SweepPoint previewPoint(
    const SweepPlan& plan, std::size_t index, double value, const std::atomic<bool>* cancel = nullptr);

/// Result of a whole sweep.
struct SweepRun {
    std::vector<SweepPoint> points; ///< the finished ones, sorted by index
    bool cancelled = false; ///< stopped early: `points` has what finished
    double seconds = 0; ///< wall time
};

/// Threads to use for `points` points: `requested`, or the machine's cores when 0, never more
/// than the points.
unsigned sweepThreads(unsigned requested, std::size_t points);

/// Runs every point of the plan on `threads` worker threads (0 = one per core; fewer when the
/// largest points would not fit in the memory available side by side). `onPoint` gets
/// each point as it finishes, one call at a time, on a worker thread. When `cancel` becomes true
/// the running points stop and no new one starts. An error in a point (or thrown by `onPoint`)
/// stops the sweep and is rethrown after the threads have joined. Calls checkPlan first.
SweepRun runPreviewSweep(const SweepPlan& plan, const std::function<void(const SweepPoint&)>& onPoint = {},
    const std::atomic<bool>* cancel = nullptr, unsigned threads = 0);

/// Evaluates arbitrary values of the plan's parameter in parallel (the capacity finder's batches);
/// `firstIndex` numbers the points. Same threading and cancel rules as runPreviewSweep.
std::vector<SweepPoint> previewValues(const SweepPlan& plan, const std::vector<double>& values, std::size_t firstIndex,
    const std::function<void(const SweepPoint&)>& onPoint, const std::atomic<bool>* cancel, unsigned threads,
    bool* cancelled);

/// The trace length (seconds) at which a saturated point's growing backlog would break the SLO,
/// from the point's own rates (docs/sweep.md, "Sustainable capacity"): the backlog grows by
/// offered − achieved requests per second, so a request arriving t seconds into the load waits
/// about t·(offered − achieved)/achieved; past t* = bound·achieved/(offered − achieved) every
/// request misses a TTFT bound (an E2E bound when there is none), and the SLO (met by a share
/// `attainment`) fails once more than 1 − attainment of the trace lies past t*, at t*/attainment.
/// Ramp-up, bursts and the queue's head start make this a lower bound: the suggestion is twice
/// that and at least twice the trace's `duration`, rounded up to 1, 2 or 5 × 10^k seconds. NaN
/// when the point keeps up (achieved ≥ offered) or the SLO bounds neither TTFT nor E2E.
double durationToTell(const PointMetrics& metrics, const SloTarget& slo, double duration);

/// What a finished sweep says in plain words: the sustainable value (the largest meeting the SLO
/// below the first saturated point) first, the largest value meeting the SLO at all, the first
/// saturated point, or that no point saturated / none met the SLO.
struct SweepVerdict {
    double largestMeeting = NAN; ///< largest value whose point meets the SLO (NaN: none)
    double firstSaturated = NAN; ///< smallest value whose point is saturated (NaN: none)
    double firstOverSaturated = NAN; ///< smallest value GuideLLM's test calls over-saturated
    /// Largest value whose point meets the SLO and is not saturated, below the first saturated
    /// one (NaN: none): what the server sustains.
    double sustainable = NAN;
    /// A point at or past saturation met the SLO: only because its trace ended before the
    /// backlog grew (largestMeeting ≥ firstSaturated).
    bool shortTrace = false;
    double suggestedDuration = NAN; ///< with shortTrace: durationToTell() at largestMeeting
    std::vector<std::string> lines; ///< sentences for the terminal and the status line
};
SweepVerdict sweepVerdict(const SweepPlan& plan, const std::vector<SweepPoint>& points);

/// The trace seconds a sweep point covers (its spec's duration; with a duration sweep, the value).
double pointDuration(const SweepPoint& point);

} // namespace lorascope
