// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the desktop Replay tab charts from a run, live or read back from a run folder (a single
// run, one shard of a sharded run, or a `merge` output), on one time axis: seconds since trace
// time 0 as scheduled (each run's clock minus its origin, as `merge` does), so a live run, its
// folder and the merge of its shards give the same series. Also what is derived from the server's
// scrapes for the per-adapter table (which adapters were resident when, loads seen) and the
// comparison with the admission preview. Plain C++, no Qt; files are read on the caller's thread.

#include "analysis/admissionview.h"
#include "replay/metrics.h"
#include "replay/servermap.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lorascope {

/// `record` with every time moved by `by` seconds (NaN stays NaN).
ReplayRecord shiftRecord(ReplayRecord record, double by);

/// A server_metrics.jsonl line as a sample (its "mapped" quantities), times moved by `by` seconds.
ServerSample serverSampleFromLine(const nlohmann::json& line, double by = 0);

/// A finished or partial run read back for charts.
struct RunView {
    enum class Kind { Single, Shard, Merge };
    std::string dir;
    Kind kind = Kind::Single;
    std::uint32_t shardIndex = 0, shardCount = 1;
    std::vector<ReplayRecord> records; ///< times on the trace axis, in file order
    std::vector<ServerSample> samples; ///< the server's scrapes, on the same axis, by time
    nlohmann::json manifest;
    nlohmann::json summary; ///< summary.json, or recomputed from the records when the run did not finish
    bool finished = false; ///< summary.json exists
    double timeScale = 1.0; ///< schedule time = trace time × timeScale (manifest options)
    std::vector<std::string> notes; ///< what was tolerated (a torn last line, an unfinished run)
};

/// Reads a run folder for charts. Throws InputError naming the file (and line) when it is not a
/// replay run folder or a line is malformed (see readRunFolder).
RunView openRunView(const std::string& dir);

/// One adapter seen in the server's running-adapter lists (vLLM's lora_requests_info), by scrape.
struct AdapterResidency {
    double firstSeen = 0, lastSeen = 0; ///< trace-axis seconds of the first and last scrape listing it
    std::size_t scrapes = 0; ///< scrapes that listed it as running
    std::size_t loads = 0; ///< times it appeared after a scrape that did not list it (the first one counts)
};

/// Residency per adapter name from the samples whose adapter lists are known; empty when none is.
std::map<std::string, AdapterResidency> adapterResidency(const std::vector<ServerSample>& samples);

/// Where the observed server left the preview's band the most.
struct PreviewGap {
    enum class Quantity { Queue, Running };
    Quantity quantity = Quantity::Queue;
    double t = 0; ///< trace-axis seconds of the scrape
    double observed = 0, predicted = 0; ///< requests
    double ratio = 0; ///< observed / max(predicted, 1)
};

/// The preview's bins merged (each value the maximum of the merged bins) until every bin is at
/// least `minWidth` wide (in the preview's clock). A per-pass envelope over very short bins
/// alternates between prefill passes (only the newly admitted batch) and decode passes (the whole
/// running batch); at the scrapes' resolution the envelope is what the server's gauge can show.
StepTimelineBins coarsenBins(const StepTimelineBins& bins, double minWidth);

/// The preview's value of a quantity at trace-axis time `t` (its bins are in trace seconds; the
/// replay's axis is trace time × timeScale): the bin's envelope maximum, NaN outside the preview.
double previewAt(const StepTimelineBins& preview, const std::vector<double>& values, double t, double timeScale);

/// The scrape where the server's waiting (or running) requests exceeded the preview's envelope by
/// the largest factor, counting only gaps of more than `factor`× and `slack` requests (the
/// preview is an envelope, the scrape one instant; small numbers are noise); nullopt when the
/// server stayed within the band or exposes neither quantity.
std::optional<PreviewGap> largestPreviewGap(const std::vector<ServerSample>& samples, const StepTimelineBins& preview,
    double timeScale, double factor = 1.5, double slack = 2.0);

} // namespace lorascope
