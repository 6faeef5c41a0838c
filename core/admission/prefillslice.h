// SPDX-License-Identifier: Apache-2.0
#pragma once
// One request's prefill in one forward pass, as the step-through shows chunked prefill
// (analysis/stepthrough.h). Filled by the vllm and sglang policies (admission/policy.h).

#include <cstdint>

namespace lorascope {

/// Request `id` computed `tokens` prompt tokens in the pass; `remaining` are still to compute after
/// it (0: its prefill completed and its first token came at the end of the pass). A request
/// prefilled again after a preemption (vllm) or retraction (sglang) counts its output so far too.
struct PrefillSlice {
    std::uint64_t id = 0;
    std::int64_t tokens = 0;
    std::int64_t remaining = 0;
    bool operator==(const PrefillSlice&) const = default;
};

} // namespace lorascope
