// SPDX-License-Identifier: Apache-2.0
#include "admission/tiersummary.h"

#include "admission/summary.h"

#include <algorithm>
#include <map>

namespace lorascope {

std::vector<TierSummary> summarizeTiers(const Trace& trace, const std::vector<RequestRecord>& records, ClockKind clock)
{
    std::vector<TierSummary> out;
    const std::size_t n = std::min(records.size(), trace.requests.size());
    const bool tiers = trace.tiers.size() == trace.requests.size() && !trace.tiers.empty();
    if (!tiers && !trace.hasPriorities())
        return out;
    // Group key → its records (the tiers' order; no tier last; priorities ascending).
    std::map<std::int64_t, std::vector<RequestRecord>> groups;
    for (std::size_t i = 0; i < n; ++i) {
        const std::int64_t key = tiers ? std::int64_t(trace.tiers[i]) : std::int64_t(trace.priorityOf(i));
        groups[key].push_back(records[i]);
    }
    for (auto& [key, recs] : groups) {
        TierSummary t;
        t.byPriority = !tiers;
        if (tiers) {
            t.name = key == kNoTier || std::size_t(key) >= trace.tierNames.size() ? std::string("(no tier)")
                                                                                  : trace.tierNames[std::size_t(key)];
        } else {
            t.priority = static_cast<std::int32_t>(key);
            t.name = "priority " + std::to_string(key);
        }
        summarizeRecords(recs, trace.adapters.size(), clock, t.summary, nullptr);
        out.push_back(std::move(t));
    }
    return out;
}

} // namespace lorascope
