// SPDX-License-Identifier: Apache-2.0
#include "cli/schedulerargs.h"

namespace lorascope::cli {



const std::vector<std::string>& schedulerValueFlags()
{
    static const std::vector<std::string> flags = { "--policy", "--max-total-token-num", "--batch-max-tokens", "--running-max-req-size",
        "--max-req-total-len", "--max-req-input-len", "--max-wait-tokens", "--max-num-seqs", "--max-num-batched-tokens", "--max-model-len",
        "--long-prefill-token-threshold", "--num-gpu-blocks", "--block-size", "--max-loras", "--max-cpu-loras", "--max-lora-rank",
        "--lora-scan" };
    return flags;
}

const std::vector<std::string>& schedulerBoolFlags()
{
    static const std::vector<std::string> flags = { "--no-chunked-prefill" };
    return flags;
}

std::vector<std::string> withSchedulerValueFlags(std::vector<std::string> flags)
{
    flags.insert(flags.end(), schedulerValueFlags().begin(), schedulerValueFlags().end());
    return flags;
}

std::vector<std::string> withSchedulerBoolFlags(std::vector<std::string> flags)
{
    flags.insert(flags.end(), schedulerBoolFlags().begin(), schedulerBoolFlags().end());
    return flags;
}

void applySchedulerArgs(const Args& a, SchedulerConfig& c)
{
    if (const auto text = a.value("--policy")) {
        const auto policy = policyFromName(*text);
        if (!policy)
            throw UsageError("--policy must be one of " + policyNames() + " (got \"" + text->substr(0, 40) + "\")");
        c.policy = *policy;
    }
    // Ranges are checked by parseArgs (cli/options.cpp).
    ServerLimits& l = c.limits;
    l.maxTotalTokenNum = a.integer("--max-total-token-num", l.maxTotalTokenNum);
    l.batchMaxTokens = a.integer("--batch-max-tokens", l.batchMaxTokens);
    l.runningMaxReqSize = a.integer("--running-max-req-size", l.runningMaxReqSize);
    l.maxReqTotalLen = a.integer("--max-req-total-len", l.maxReqTotalLen);
    l.maxReqInputLen = a.integer("--max-req-input-len", l.maxReqInputLen);
    c.maxWaitTokens = static_cast<int>(a.integer("--max-wait-tokens", c.maxWaitTokens));
    VllmConfig& v = c.vllm;
    v.maxNumSeqs = a.integer("--max-num-seqs", v.maxNumSeqs);
    v.maxNumBatchedTokens = a.integer("--max-num-batched-tokens", v.maxNumBatchedTokens);
    v.maxModelLen = a.integer("--max-model-len", v.maxModelLen);
    v.longPrefillTokenThreshold = a.integer("--long-prefill-token-threshold", v.longPrefillTokenThreshold);
    v.numGpuBlocks = a.integer("--num-gpu-blocks", v.numGpuBlocks);
    v.blockSize = a.integer("--block-size", v.blockSize);
    v.maxLoras = a.integer("--max-loras", v.maxLoras);
    v.maxCpuLoras = a.integer("--max-cpu-loras", v.maxCpuLoras);
    v.maxLoraRank = a.integer("--max-lora-rank", v.maxLoraRank);
    if (a.has("--no-chunked-prefill"))
        v.enableChunkedPrefill = false;
    if (const auto scan = a.value("--lora-scan")) {
        if (*scan != "continue" && *scan != "stop")
            throw UsageError("--lora-scan must be continue or stop (got \"" + scan->substr(0, 40) + "\")");
        v.loraScanStops = *scan == "stop";
    }
    if (const std::string error = schedulerConfigError(c); !error.empty())
        throw UsageError(policyRules(c.policy) + " would refuse to start: " + error);
}

} // namespace lorascope::cli
