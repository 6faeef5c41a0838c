// SPDX-License-Identifier: Apache-2.0
#include "admission/costserving.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace lorascope {

double servingKvTokens(const ServingDefaults& s, std::int64_t maxLoras, std::int64_t maxLoraRank)
{
    const double l = static_cast<double>(maxLoras), r = static_cast<double>(maxLoraRank);
    return s.kvTokensBase - s.kvTokensPerSlotRank * l * r - s.kvTokensPerSlot * l;
}

std::string applyServingDefaults(const CostModel& model, VllmConfig& v, const ServingGiven& given)
{
    const ServingDefaults* found = servingDefaults(model.name);
    if (!found)
        return {};
    const ServingDefaults& s = *found;
    if (!given.maxNumBatchedTokens && s.maxNumBatchedTokens > 0)
        v.maxNumBatchedTokens = s.maxNumBatchedTokens;
    if (!given.maxModelLen && s.maxModelLen > 0)
        v.maxModelLen = s.maxModelLen;
    if (given.numGpuBlocks || !(s.kvTokensBase > 0))
        return {};
    const double tokens = std::floor(servingKvTokens(s, v.maxLoras, v.maxLoraRank));
    auto gib = [&](double t) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.2f GiB", t * static_cast<double>(s.kvBytesPerToken) / 1073741824.0);
        return std::string(buf);
    };
    const std::string where = s.server + " with " + model.model.name + " on " + model.gpu.name + " (preset "
        + model.name + ", gpu_memory_utilization 0.9)";
    if (tokens < static_cast<double>(v.maxModelLen)) {
        const double left = std::max(0.0, tokens);
        return where + " would refuse to start: to serve one request of max_model_len " + std::to_string(v.maxModelLen)
            + " tokens (" + gib(static_cast<double>(v.maxModelLen))
            + " of KV cache) it needs more than the memory left after the weights and the LoRA slots (max_loras "
            + std::to_string(v.maxLoras) + " x max_lora_rank " + std::to_string(v.maxLoraRank)
            + "): " + std::to_string(static_cast<std::int64_t>(left)) + " tokens (" + gib(left)
            + "). Lower --max-loras, --max-lora-rank or --max-model-len, or give --num-gpu-blocks";
    }
    // vLLM rounds the KV memory down to whole blocks; one more is the reserved null block.
    v.numGpuBlocks = static_cast<std::int64_t>(tokens) / v.blockSize + 1;
    return {};
}

} // namespace lorascope
