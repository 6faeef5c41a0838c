// SPDX-License-Identifier: Apache-2.0
#pragma once
// Wait reasons in plain words (docs/admission.md, Why a request waited): what a limit is, how its value comes about
// ("6000 KV slots − 1280 held by 5 resident adapters"), with units. The engine's WaitReason keeps
// the numbers; this adds the derivation from the server limits. The UI translates by WaitKind (a
// stable id, waitKindName()) and fills in these numbers; the English texts here serve the CLI. Qt-free.

#include "admission/engine.h"
#include "workload/limits.h"

#include <string>

namespace lorascope {

/// A wait reason with the derivation of its limit.
struct WaitBreakdown {
    WaitReason reason;
    /// TokenBudget: limit = kvSlots − adapterSlots (adapter weights, rank·4 slots each, held by
    /// reason.adapters adapters when known).
    std::int64_t kvSlots = 0;
    std::int64_t adapterSlots = 0;
    /// BatchMaxTokens: the setting was 0, so the limit is S-LoRA's default
    /// max(max_total_token_num / 6, max_req_total_len).
    bool derivedLimit = false;
};

/// Adds the limit's derivation to `reason` (S-LoRA limits; vLLM reasons carry their own numbers).
WaitBreakdown breakdownWait(const WaitReason& reason, const ServerLimits& limits);

/// A short plain title for a kind of wait: "KV cache full", "prefill batch full", ...
std::string waitTitle(WaitKind kind);

/// One plain-English sentence with units, e.g. "needs 5038 KV slots, but only 4720 are free for
/// requests: 6000 slots − 1280 held by the weights of 5 resident adapters (rank × 4 slots each)".
std::string explainWait(const WaitReason& reason, const ServerLimits& limits);

} // namespace lorascope
