// SPDX-License-Identifier: Apache-2.0
#pragma once
// The replay schedule apart from any networking: which requests a shard sends, their absolute
// times on the run clock, the warm-up/cool-down window, and the limits every duration is held to.

#include "replay/metrics.h"
#include "workload/trace.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lorascope {

/// How the requests of a trace are split over the processes of a sharded run.
enum class ShardBy {
    Interleave, ///< request k (trace order) goes to shard k mod N: every shard sees every adapter
    Adapter, ///< all requests of an adapter go to one shard (adapters balanced by request count)
};

/// "interleave" / "adapter"; nullopt if unknown.
std::optional<ShardBy> shardByFromName(const std::string& name);
const char* shardByName(ShardBy by);

/// This process's share of a sharded run: shard `index` (0-based) of `count`.
struct ShardSpec {
    std::uint32_t index = 0;
    std::uint32_t count = 1;
    ShardBy by = ShardBy::Interleave;
    bool whole() const { return count == 1; }
};

/// Parses "i/N" (0 ≤ i < N ≤ 100000). Throws InputError naming `field`.
ShardSpec parseShardSpec(const std::string& text, const std::string& field = "--shard");

/// The trace indices shard `spec` sends, ascending. Deterministic: every process of a run
/// computes the same split from the same trace. The turns of a session stay on one shard (with
/// Interleave, the first turns and the requests outside sessions are interleaved). With ShardBy::Adapter, adapter groups (the base
/// model counts as one) are taken largest first (ties: first appearance) and each goes to the
/// shard with the fewest requests so far (ties: lowest index).
std::vector<std::size_t> shardRequests(const Trace& trace, const ShardSpec& spec);

/// Longest span any replay duration may have: a year. Larger schedule times are refused
/// (they would overflow the clock, or mean a unit mistake); larger timeouts mean "no timeout".
inline constexpr double kMaxReplaySeconds = 366.0 * 86400.0;

/// Checks that every scheduled time (trace time × `timeScale`) is finite, ≥ 0 and within
/// kMaxReplaySeconds, and that `timeScale` is finite and > 0. Throws InputError naming the
/// first request (id) and the limit.
void checkSchedule(const Trace& trace, double timeScale);

/// Records for trace `indices` with their schedule: scheduled = designed = origin + time × timeScale
/// (run clock seconds; the engine replaces a later turn's `scheduled` by its actual dependency), their
/// session, turn and parent, and inWindow from the whole trace's schedule (so that every shard of a run
/// trims the same requests): warmup ≤ scheduled − origin ≤ last − cooldown, `last` being the
/// whole trace's last scheduled time − origin.
std::vector<ReplayRecord> scheduledRecords(const Trace& trace, const std::vector<std::size_t>& indices,
    double timeScale, double origin, double warmupSeconds, double cooldownSeconds);

/// A duration option (timeout) as used: ≤ 0 or over kMaxReplaySeconds = none (0). Throws
/// InputError naming `field` for NaN or negative values.
double checkedTimeout(double seconds, const std::string& field);

} // namespace lorascope
