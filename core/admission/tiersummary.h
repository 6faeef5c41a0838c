// SPDX-License-Identifier: Apache-2.0
#pragma once
// A simulation's results per tier of requests (Trace::tiers), or per priority when the trace has
// priorities but no tiers: the same summary as the whole run's (admission/summary.h), one per group.

#include "admission/engine.h"

#include <string>
#include <vector>

namespace lorascope {

/// One group's results: its requests' counts, wait / TTFT / E2E percentiles and SLO attainment.
struct TierSummary {
    std::string name; ///< the tier's name ("priority 3" when grouped by priority; "(no tier)")
    bool byPriority = false; ///< grouped by priority (the trace has no tiers)
    std::int32_t priority = 0; ///< byPriority: the group's priority
    SimulationSummary summary;
};

/// The groups in tier order (requests of no tier last), or in priority order (best first, as
/// vLLM's priority policy serves them: lower values first). Empty when the trace has neither.
/// `records` are simulate()'s, one per trace request.
std::vector<TierSummary> summarizeTiers(const Trace& trace, const std::vector<RequestRecord>& records, ClockKind clock);

} // namespace lorascope
