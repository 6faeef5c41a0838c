// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Replay tab's worker: one std::thread per run that starts the built-in server (if asked),
// writes the run folder, runs the core replay engine with the server's metrics scraped, and
// computes the admission preview of the same trace and settings for the overlay. It never touches
// a widget: it fills a ReplayRun under its mutex and the tab drains it on a ~30 ms timer.

#include "admission/engine.h"
#include "analysis/admissionview.h"
#include "replay/replay.h"
#include "workload/trace.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace lorascope {

/// What one run needs, copied from the tab's editors before the thread starts.
struct ReplayJob {
    std::shared_ptr<const Trace> trace;
    std::string tracePath; ///< empty: not a file (current workload or demo)
    std::string traceSource; ///< for the manifest
    ReplayOptions options;
    bool builtin = true;
    double speed = 1.0; ///< built-in server: cost model speed
    std::optional<SimulationConfig> serverConfig; ///< the session's admission settings (Admission tab)
    std::string folder;
    bool preview = true; ///< compute the admission preview for the overlay
};

/// State shared between the GUI thread and the worker (which may outlive the tab briefly).
struct ReplayRun {
    std::mutex mutex;
    std::vector<ReplayRecord> records; ///< finished since the last drain (times on the run clock)
    std::vector<ReplayStatus> statuses;
    std::vector<ServerSample> samples; ///< scrapes since the last drain (run clock)
    std::optional<double> origin; ///< run-clock seconds of trace time 0, once the run started
    std::vector<double> schedule; ///< trace-axis seconds of every request (set once)
    bool scheduleReady = false;
    std::shared_ptr<const AdmissionAnalysis> preview; ///< set once computed
    double previewAxisScale = 1.0; ///< preview clock seconds per trace-axis second (= server speed)
    std::vector<std::string> notes;
    bool finished = false;
    std::string error;
    nlohmann::json summary;
    std::atomic<bool> cancel { false };
    std::thread worker;
};

/// Starts the worker thread for `job` on `run` (run->worker).
void startReplayWorker(const std::shared_ptr<ReplayRun>& run, ReplayJob job);

/// The preview config of a replay: the session's settings (or the built-in server's defaults) on
/// the cost-model clock, as the built-in server runs them.
SimulationConfig replayPreviewConfig(const std::optional<SimulationConfig>& session);

} // namespace lorascope
