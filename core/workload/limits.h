// SPDX-License-Identifier: Apache-2.0
#pragma once
// Server limits as S-LoRA's launch arguments name them (docs/admission.md, Limits and refusals), with S-LoRA's defaults.

#include <algorithm>
#include <cstdint>

namespace lorascope {

/// S-LoRA server limits. The per-request limits also drive the workload statistics.
struct ServerLimits {
    std::int64_t maxTotalTokenNum = 6000; ///< KV-cache token slots (shared with adapter weights)
    std::int64_t batchMaxTokens = 0; ///< max Σ input of a new prefill batch; 0 = S-LoRA's derived default
    std::int64_t runningMaxReqSize = 1000; ///< max requests in the running batch
    std::int64_t maxReqTotalLen = 3072; ///< input + output of one request must not exceed it
    std::int64_t maxReqInputLen = 2048; ///< input of one request must not exceed it

    /// S-LoRA: batch_max_tokens = max(int(max_total_token_num / 6), max_req_total_len) unless given.
    std::int64_t effectiveBatchMaxTokens() const
    {
        return batchMaxTokens > 0 ? batchMaxTokens : std::max<std::int64_t>(maxTotalTokenNum / 6, maxReqTotalLen);
    }

    bool operator==(const ServerLimits&) const = default;
};

} // namespace lorascope
