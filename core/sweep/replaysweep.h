// SPDX-License-Identifier: Apache-2.0
#pragma once
// The same sweep against a real server (docs/sweep.md): each point's trace is replayed through the
// replay engine (replay/replay.h), one point after another on the calling thread, with warm-up and
// cool-down trimmed from its metrics; the sweep stops after the first saturated point unless told
// otherwise (a GPU hour is expensive); and the capacity finder confirms a previewed capacity with
// as few real runs as possible.

#include "replay/replay.h"
#include "sweep/finder.h"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace lorascope {

struct ReplaySweepOptions {
    /// Target, backend, prompts, timeouts... `timeScale` compresses the trace: use it with a server
    /// that runs as much faster (serve-sim --speed 1/scale); metrics are divided back by it, so
    /// they are in trace seconds and comparable to the preview. Keep 1 for a real GPU server.
    ReplayOptions replay;
    bool earlyStop = true; ///< stop after the first point that is saturated (either test)
    std::string runsDir; ///< when set, each point's requests.jsonl and summary.json go to runsDir/point-NNN
};

/// Throws InputError when the plan cannot run against a running server (a server parameter).
void checkReplayPlan(const SweepPlan& plan);

/// Replays one point (generate, replay, metrics). Writes the run folder when options.runsDir is
/// set. Throws InputError when the target is unreachable (no request got an HTTP response) and
/// Cancelled when `cancel` became true.
SweepPoint replayPoint(const SweepPlan& plan, std::size_t index, double value, const ReplaySweepOptions& options,
    const std::atomic<bool>* cancel = nullptr, const ReplayObserver& observer = {});

struct ReplaySweepRun {
    std::vector<SweepPoint> points; ///< in run order
    bool cancelled = false;
    bool stoppedEarly = false; ///< saturation seen; the remaining values were skipped
    std::vector<double> skipped; ///< values not run because of the early stop
    std::string stopReason;
};

/// Why a sweep against a server stops after `point`, from the fields its sweep file stores
/// (`saturated`, `guidellm_over_saturated`, `achieved_ratio`): empty when neither test fired. The
/// one source of the printed "stopped early" line, so it never names a test the file says did not fire.
std::string earlyStopReason(const SweepPlan& plan, const SweepPoint& point);

/// Runs the plan's points in order (server parameters cannot be swept on a running server:
/// InputError). `onPoint` gets each point when it finished.
ReplaySweepRun runReplaySweep(const SweepPlan& plan, const ReplaySweepOptions& options,
    const std::function<void(const SweepPoint&)>& onPoint = {}, const std::atomic<bool>* cancel = nullptr,
    const ReplayObserver& observer = {});

/// The finder against the server, seeded by the preview's capacity (confirmationOptions()).
CapacityResult confirmCapacity(const SweepPlan& plan, const FinderOptions& options, double previewedCapacity,
    const ReplaySweepOptions& replay, const std::function<void(const SweepPoint&)>& onPoint = {},
    const std::atomic<bool>* cancel = nullptr);

} // namespace lorascope
