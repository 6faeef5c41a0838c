// SPDX-License-Identifier: Apache-2.0
#include "analysis/refusals.h"

#include "fleet/fleet.h"
#include "fleet/fleetconfig.h"

#include <algorithm>
#include <limits>
#include <set>

namespace lorascope {

int largestAdapterRank(const Trace& trace)
{
    int largest = 0;
    for (const auto& a : trace.adapters)
        largest = std::max(largest, a.rank);
    return largest;
}

std::optional<UserNote> rankRefusalNote(
    const std::vector<RequestRecord>& requests, const Trace& trace, std::int64_t maxLoraRank)
{
    std::uint64_t refused = 0;
    std::set<int> ranks;
    for (const auto& r : requests)
        if (r.rejected == RejectReason::LoraRankTooLarge) {
            ++refused;
            if (r.adapter != kNoAdapter && r.adapter < trace.adapters.size())
                ranks.insert(trace.adapters[r.adapter].rank);
        }
    if (refused == 0)
        return std::nullopt;
    std::string rankText;
    for (int k : ranks)
        rankText += (rankText.empty() ? "" : "/") + std::to_string(k);
    const std::string largest = std::to_string(largestAdapterRank(trace));
    UserNote note;
    note.code = "refused_rank";
    note.args
        = { std::to_string(refused), std::to_string(requests.size()), rankText, std::to_string(maxLoraRank), largest };
    note.text = note.args[0] + " of " + note.args[1] + " requests refused: adapter rank " + rankText
        + " > max_lora_rank " + note.args[3] + "; set max_lora_rank to " + largest
        + ", the workload's largest (vLLM must be started with --max-lora-rank " + largest + ")";
    return note;
}

std::optional<UserNote> rankRefusalNote(const FleetResult& result, const Trace& trace, const FleetConfig& fleet)
{
    std::int64_t smallest = std::numeric_limits<std::int64_t>::max();
    for (const auto& g : fleet.groups)
        if (g.server.policy == PolicyKind::Vllm)
            smallest = std::min(smallest, g.server.vllm.maxLoraRank);
    if (smallest == std::numeric_limits<std::int64_t>::max())
        return std::nullopt;
    return rankRefusalNote(result.requests, trace, smallest);
}

} // namespace lorascope
