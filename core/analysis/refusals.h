// SPDX-License-Identifier: Apache-2.0
#pragma once
// Requests a server refused because of one of its settings, in one sentence with the fix: the
// first line of `lorascope-cli simulate` and `fleet`, and the desktop's banner above the admission
// preview (ui/text/coretexts.cpp says it in the user's language from the code and values).

#include "admission/engine.h"
#include "util/usernote.h"
#include "workload/trace.h"

#include <optional>
#include <vector>

namespace lorascope {

struct FleetConfig;
struct FleetResult;

/// Code "refused_rank" when vLLM refused requests because their adapter's rank is above
/// max_lora_rank; args: refused, requests, the refused ranks ("32/64"), max_lora_rank, the largest
/// adapter rank of the trace (the setting that serves them all). Its text:
/// "410 of 611 requests refused: adapter rank 32/64 > max_lora_rank 16; set max_lora_rank to 64,
/// the workload's largest (vLLM must be started with --max-lora-rank 64)". Nothing when no request
/// was refused for its rank.
std::optional<UserNote> rankRefusalNote(
    const std::vector<RequestRecord>& requests, const Trace& trace, std::int64_t maxLoraRank);

/// The same for a fleet: max_lora_rank is the smallest among its vLLM replicas.
std::optional<UserNote> rankRefusalNote(const FleetResult& result, const Trace& trace, const FleetConfig& fleet);

/// The largest adapter rank of `trace` (0 without adapters): the max_lora_rank that serves them all.
int largestAdapterRank(const Trace& trace);

} // namespace lorascope
