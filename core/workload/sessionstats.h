// SPDX-License-Identifier: Apache-2.0
#pragma once
// Statistics of a trace's sessions and shared prefixes (docs/workload.md, "Sessions and shared
// prefixes"): turns per session, how the context grows with the turn, and the share of prompt
// tokens a perfect prefix cache could reuse, overall and per adapter. Part of TraceStats.

#include "workload/trace.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace lorascope {

struct SessionStats {
    bool sessions = false; ///< the trace has sessions
    bool prefixes = false; ///< the trace has sessions or declared segments (a prefix structure at all)
    std::uint64_t sessionCount = 0; ///< first turns
    double meanTurns = 0; ///< requests in sessions / sessions
    std::uint32_t maxTurns = 0;
    std::vector<std::uint64_t> turnsHistogram; ///< [k]: sessions with k turns (index 0 unused)
    std::vector<double> meanInputByTurn; ///< [k − 1]: mean prompt tokens of the k-th turns (context growth)
    std::vector<std::uint64_t> countByTurn; ///< [k − 1]: requests that are a k-th turn
    double meanThink = std::numeric_limits<double>::quiet_NaN(); ///< seconds, over later turns
    /// Prompt tokens, what a perfect prefix cache could reuse of them (workload/prefix.h, prefixReuse)
    /// and what the trace declares shared (history + segments ≥ reusable), over all requests.
    std::uint64_t promptTokens = 0, reusableTokens = 0, declaredTokens = 0;
    double reusableShare = 0, declaredShare = 0;
    /// The same per adapter, by adapter index; the base model last (index adapters.size()).
    std::vector<std::uint64_t> perAdapterPrompt, perAdapterReusable, perAdapterDeclared;
};

SessionStats computeSessionStats(const Trace& trace);

} // namespace lorascope
