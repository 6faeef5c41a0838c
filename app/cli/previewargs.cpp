// SPDX-License-Identifier: Apache-2.0
#include "cli/previewargs.h"

namespace lorascope::cli {

std::vector<std::string> previewValueFlags()
{
    return { "--policy", "--cost-model", "--max-total-token-num", "--batch-max-tokens", "--running-max-req-size", "--max-req-total-len",
        "--max-req-input-len", "--max-wait-tokens", "--max-num-seqs", "--max-num-batched-tokens", "--max-loras" };
}

SimulationConfig previewConfigFromArgs(const Args& a, ServerLimits limits)
{
    SimulationConfig config;
    const std::string policyText = a.value("--policy").value_or("slora");
    const auto policy = policyFromName(policyText);
    if (!policy)
        throw UsageError("--policy must be slora, slora-abort or vllm (got \"" + policyText + "\")");
    config.scheduler.policy = *policy;
    config.clock = ClockKind::Model;
    config.scheduler.maxWaitTokens = static_cast<int>(a.integer("--max-wait-tokens", 10));
    config.scheduler.vllm.maxNumSeqs = a.integer("--max-num-seqs", config.scheduler.vllm.maxNumSeqs);
    config.scheduler.vllm.maxNumBatchedTokens = a.integer("--max-num-batched-tokens", 0);
    config.scheduler.vllm.maxLoras = a.integer("--max-loras", config.scheduler.vllm.maxLoras);
    config.cost = loadCostModel(a.value("--cost-model").value_or("llama-7b-a10g"));
    limits.maxTotalTokenNum = a.integer("--max-total-token-num", limits.maxTotalTokenNum);
    limits.batchMaxTokens = a.integer("--batch-max-tokens", limits.batchMaxTokens);
    limits.runningMaxReqSize = a.integer("--running-max-req-size", limits.runningMaxReqSize);
    limits.maxReqTotalLen = a.integer("--max-req-total-len", limits.maxReqTotalLen);
    limits.maxReqInputLen = a.integer("--max-req-input-len", limits.maxReqInputLen);
    config.scheduler.limits = limits;
    return config;
}

} // namespace lorascope::cli
