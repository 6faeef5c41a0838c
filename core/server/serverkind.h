// SPDX-License-Identifier: Apache-2.0
#pragma once
// Which server the simulated server speaks for: its /metrics names, its model and LoRA routes and
// its error shapes follow the policy it runs (docs/servesim.md). The one place that maps a policy
// to a server.

#include "admission/schedulerconfig.h"

namespace lorascope {

enum class ServerKind {
    SLora, ///< slora, slora-abort, and the fixed pace: serve-sim's historical names (vLLM's, plus its own)
    Vllm, ///< vllm: vLLM V1's names and semantics
    Sglang, ///< sglang: SGLang's
};

inline ServerKind serverKindOf(PolicyKind policy)
{
    switch (policy) {
    case PolicyKind::Vllm:
        return ServerKind::Vllm;
    case PolicyKind::Sglang:
        return ServerKind::Sglang;
    default:
        return ServerKind::SLora;
    }
}

} // namespace lorascope
