// SPDX-License-Identifier: Apache-2.0
#pragma once
// One run from the run folders of a sharded replay (`replay --shard i/N`): every request exactly
// once, times put on one axis (seconds since trace time 0, from each shard's own clock), and the
// metrics recomputed from the raw records (exact percentiles over all requests, never averages
// of the shards' percentiles), with each shard's start lateness and clock offsets reported.

#include "replay/metrics.h"
#include "replay/runfolder.h"
#include "workload/trace.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace lorascope {

struct MergeOptions {
    /// Merge even when requests are missing (a shard died): they are listed, not invented.
    bool allowMissing = false;
    /// SLOs for goodput; unset = the shards' own (they must agree).
    std::optional<Slo> slo;
    /// The trace, when at hand: missing requests are then named by id too (a record names its own
    /// id; a missing one has no record), and every record is checked against the split of its
    /// shard (shardRequests) for both split modes. Without it, an interleaved shard's indices are
    /// checked arithmetically and an adapter split by adapter names (no adapter in two shards).
    const Trace* trace = nullptr;
};

/// Most missing requests a merge lists by index (the count is always complete).
inline constexpr std::size_t kListedMissing = 1000;

struct MergeResult {
    std::vector<ReplayRecord> records; ///< by trace index, times on the common axis
    nlohmann::json summary; ///< summarizeReplay of the records + "merge": shards, missing, warnings
    nlohmann::json manifest; ///< the merged run's manifest (with every shard's manifest)
    std::uint64_t missingCount = 0; ///< requests no shard recorded (only with allowMissing)
    /// The first trace indices of those (at most kListedMissing; summary["missing"] lists them).
    std::vector<std::uint64_t> missingIds;
    std::vector<nlohmann::json> serverMetrics; ///< every shard's scrapes on the common axis, by time
    std::vector<std::string> warnings; ///< also in summary["warnings"]
};

/// Merges the shards. Throws InputError naming the folders and ids when they are not one run
/// (different traces, shard counts, split modes, start instants or time scales), when a request
/// appears twice or in a shard it does not belong to, or when requests are missing (or shards were
/// not given) and !allowMissing. Memory and time grow with the records given, never with the
/// numbers a manifest declares.
MergeResult mergeRuns(const std::vector<RunFolder>& shards, const MergeOptions& options = {});

/// Writes requests.jsonl, summary.json, manifest.json (and server_metrics.jsonl) into `dir`,
/// each atomically. Refuses a folder that holds a run that is not a merge.
void writeMergedRun(const MergeResult& merged, const std::string& dir);

} // namespace lorascope
