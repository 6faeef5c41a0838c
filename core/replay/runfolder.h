// SPDX-License-Identifier: Apache-2.0
#pragma once
// A replay run folder read back (what ResultsFolder wrote): manifest, per-request records and,
// when the run finished, its summary. For `merge`, `calibrate`/`validate` and for opening a
// finished or partial run. Everything read is checked here, once, for all of them: each record
// (recordFromJson), each index once, every number of the manifest as the flag behind it.

#include "replay/clock.h"
#include "replay/metrics.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace lorascope {

/// Most requests a run may hold: as many as a trace may have (a spec's rate × duration ≤ 2e9).
inline constexpr std::uint64_t kMaxRunRequests = 2'000'000'000;
/// Most shards of a run (`--shard I/N`: N ≤ 100000).
inline constexpr std::uint32_t kMaxShards = 100'000;
/// Largest requests.jsonl read (a million requests of 2,000 tokens each take about 16 GiB).
inline constexpr std::uint64_t kMaxRequestsFileBytes = std::uint64_t { 64 } << 30;
/// Largest server_metrics.jsonl read.
inline constexpr std::uint64_t kMaxServerMetricsFileBytes = std::uint64_t { 16 } << 30;

/// The shard a folder holds, from its manifest (checked: 0 ≤ index < count ≤ kMaxShards).
struct RunShard {
    std::uint32_t index = 0;
    std::uint32_t count = 1;
    std::string by = "interleave"; ///< "interleave" or "adapter"
    std::optional<std::uint64_t> requests; ///< requests the shard was to send, if the manifest says
};

struct RunFolder {
    std::string dir;
    nlohmann::json manifest;
    std::optional<nlohmann::json> summary; ///< absent: the process did not finish (killed, crashed)
    std::vector<ReplayRecord> records; ///< every whole line of requests.jsonl, in file order
    std::optional<RunClock> clock; ///< from the manifest; absent when the run never started
    std::vector<std::string> notes; ///< what was tolerated, e.g. a torn last line
    std::vector<nlohmann::json> serverMetrics; ///< server_metrics.jsonl lines, if any
    RunShard shard; ///< from the manifest
    std::optional<std::uint64_t> traceRequests; ///< the trace's request count (manifest trace.requests)

    std::uint32_t shardIndex() const { return shard.index; }
    std::uint32_t shardCount() const { return shard.count; }
    /// Requests this folder should hold (its shard's share), if the manifest says.
    std::optional<std::uint64_t> expectedRequests() const;
};

/// Reads a run folder. Throws InputError naming the file (and line, and field) for a missing
/// manifest or requests.jsonl, a manifest number out of range, a malformed or inconsistent record
/// (recordFromJson), a request index recorded twice, beyond the trace or not in the folder's shard
/// (interleave split: index mod N = I), or a malformed line other than a torn last line (a process
/// killed while writing it), which is left out with a note. Files go through openInputFile: a
/// device or a pipe in place of one is refused, never read.
RunFolder readRunFolder(const std::string& dir);

/// Reads a requests.jsonl (of a run folder) with the same checks: every record, every index once,
/// indices below `traceRequests` when known; a torn last line is left out with a note in `notes`.
std::vector<ReplayRecord> readRequestsFile(const std::string& file, std::vector<std::string>& notes,
    std::optional<std::uint64_t> traceRequests = std::nullopt);

} // namespace lorascope
