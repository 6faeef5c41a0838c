// SPDX-License-Identifier: Apache-2.0
#pragma once
// A replay run folder read back (what ResultsFolder wrote): manifest, per-request records and,
// when the run finished, its summary. For `merge` and for opening a finished or partial run.

#include "replay/clock.h"
#include "replay/metrics.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace lorascope {

struct RunFolder {
    std::string dir;
    nlohmann::json manifest;
    std::optional<nlohmann::json> summary; ///< absent: the process did not finish (killed, crashed)
    std::vector<ReplayRecord> records; ///< every whole line of requests.jsonl, in file order
    std::optional<RunClock> clock; ///< from the manifest; absent when the run never started
    std::vector<std::string> notes; ///< what was tolerated, e.g. a torn last line
    std::vector<nlohmann::json> serverMetrics; ///< server_metrics.jsonl lines, if any

    std::uint32_t shardIndex() const;
    std::uint32_t shardCount() const;
    /// Requests this folder should hold (its shard's share), if the manifest says.
    std::optional<std::uint64_t> expectedRequests() const;
};

/// Reads a run folder. Throws InputError naming the file (and line) for a missing manifest or
/// requests.jsonl, or a malformed line other than a torn last line (a process killed while
/// writing it), which is left out with a note.
RunFolder readRunFolder(const std::string& dir);

} // namespace lorascope
