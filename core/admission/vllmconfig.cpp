// SPDX-License-Identifier: Apache-2.0
// vLLM V1's configuration checks, with vLLM's own messages (docs/admission.md, "vLLM V1": where
// each check is in vLLM's source).

#include "admission/vllmconfig.h"

namespace lorascope {

const std::vector<std::int64_t>& vllmLoraRanks()
{
    // vllm/config/lora.py: MaxLoRARanks = Literal[1, 8, 16, 32, 64, 128, 256, 320, 512]
    static const std::vector<std::int64_t> ranks = { 1, 8, 16, 32, 64, 128, 256, 320, 512 };
    return ranks;
}

std::string vllmConfigError(const VllmConfig& c)
{
    auto n = [](std::int64_t v) { return std::to_string(v); };
    // Field ranges (pydantic Field(ge=1) / gt=0 in vllm/config/scheduler.py, cache.py, lora.py).
    if (c.maxNumSeqs < 0)
        return "max_num_seqs must be >= 1 (got " + n(c.maxNumSeqs) + ")";
    if (c.maxNumBatchedTokens < 0)
        return "max_num_batched_tokens must be >= 1 (got " + n(c.maxNumBatchedTokens) + ")";
    if (c.maxModelLen < 1)
        return "max_model_len must be >= 1 (got " + n(c.maxModelLen) + ")";
    if (c.longPrefillTokenThreshold < 0)
        return "long_prefill_token_threshold must be >= 0 (got " + n(c.longPrefillTokenThreshold) + ")";
    if (c.blockSize < 1)
        return "block_size must be > 0 (got " + n(c.blockSize) + ")";
    if (c.numGpuBlocks < 2)
        return "num_gpu_blocks must be >= 2: one block is vLLM's reserved null block (got " + n(c.numGpuBlocks) + ")";
    if (c.maxLoras < 1)
        return "max_loras must be >= 1 (got " + n(c.maxLoras) + ")";
    if (c.maxCpuLoras < 0)
        return "max_cpu_loras must be >= 1 (got " + n(c.maxCpuLoras) + ")";
    bool rankOk = false;
    std::string ranks;
    for (std::size_t i = 0; i < vllmLoraRanks().size(); ++i) {
        rankOk = rankOk || vllmLoraRanks()[i] == c.maxLoraRank;
        ranks += (i == 0 ? "" : i + 1 == vllmLoraRanks().size() ? " or " : ", ") + n(vllmLoraRanks()[i]);
    }
    if (!rankOk)
        return "max_lora_rank: Input should be " + ranks + " (got " + n(c.maxLoraRank) + ")";
    // LoRAConfig._validate_lora_config (vllm/config/lora.py).
    if (c.maxCpuLoras > 0 && c.maxCpuLoras < c.maxLoras)
        return "max_cpu_loras (" + n(c.maxCpuLoras) + ") must be >= max_loras (" + n(c.maxLoras) + ")";
    // SchedulerConfig.verify_max_model_len (vllm/config/scheduler.py).
    const std::int64_t batched = c.effectiveMaxNumBatchedTokens();
    if (batched < c.maxModelLen && !c.enableChunkedPrefill)
        return "max_num_batched_tokens (" + n(batched) + ") is smaller than max_model_len (" + n(c.maxModelLen)
            + "). This effectively limits the maximum sequence length to max_num_batched_tokens and makes vLLM reject "
              "longer sequences. Please increase max_num_batched_tokens or decrease max_model_len.";
    if (batched < c.effectiveMaxNumSeqs())
        return "max_num_batched_tokens (" + n(batched) + ") must be greater than or equal to max_num_seqs ("
            + n(c.effectiveMaxNumSeqs()) + ").";
    // kv_cache_utils.check_enough_kv_cache_memory, in blocks: one request of max_model_len tokens
    // must fit the KV cache, else vLLM refuses to start.
    const std::int64_t kvTokens = c.usableBlocks() * c.blockSize;
    if (c.maxModelLen > kvTokens)
        return "To serve at least one request with the model's max seq len (" + n(c.maxModelLen)
            + "), that many tokens of KV cache are needed, which is larger than the KV cache (num_gpu_blocks "
            + n(c.numGpuBlocks) + " minus the null block, of " + n(c.blockSize) + " tokens: " + n(kvTokens)
            + " tokens). Based on the available memory, the estimated maximum model length is " + n(kvTokens)
            + ". Try increasing --num-gpu-blocks or decreasing --max-model-len.";
    return {};
}

} // namespace lorascope
