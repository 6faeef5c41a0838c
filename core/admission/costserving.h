// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a vLLM cost-model preset carries of its server: the version's defaults
// on that GPU and the KV-cache tokens left after the weights and the LoRA slots' buffers. Applied
// to the vLLM settings a user left unset, so `simulate --policy vllm --cost-model <preset>` previews
// the server as it ran (docs/costmodel.md, "The server as they ran it").

#include "admission/costmodel.h"
#include "admission/vllmconfig.h"

#include <cstdint>
#include <string>

namespace lorascope {

/// The server a vLLM preset was measured on, as far as a preview needs it: its version, the
/// defaults that version derives on this GPU, and the KV-cache tokens the GPU holds after the
/// weights and the LoRA slots' buffers.
struct ServingDefaults {
    std::string server; ///< e.g. "vLLM 0.8.5 (V1 scheduler)"
    std::int64_t maxNumBatchedTokens = 0; ///< that version's default on this GPU (0 = the policy's own)
    std::int64_t maxModelLen = 0; ///< the model's default context (--max-model-len unset); 0 = unknown
    /// KV tokens = kvTokensBase − kvTokensPerSlotRank·max_loras·max_lora_rank − kvTokensPerSlot·max_loras
    /// (gpu_memory_utilization 0.9, KV in the model's 16-bit dtype).
    double kvTokensBase = 0;
    double kvTokensPerSlotRank = 0;
    double kvTokensPerSlot = 0;
    std::int64_t kvBytesPerToken = 0; ///< K and V of one token over all layers (for messages in GiB)
    std::string kvFittedOn; ///< what the KV line was fitted on
};

/// The serving defaults of a preset by its name (llama-3.1-8b-h100-64g, qwen-2.5-7b-h100-64g); nullptr
/// for the others. A cost-model file keeps the name it was saved with, and so its preset's server.
const ServingDefaults* servingDefaults(const std::string& costModelName);

/// KV-cache tokens the GPU holds with these LoRA settings (may be ≤ 0: nothing left).
double servingKvTokens(const ServingDefaults& serving, std::int64_t maxLoras, std::int64_t maxLoraRank);

/// Which vLLM settings the user gave (the others take the preset's server defaults).
struct ServingGiven {
    bool maxNumBatchedTokens = false;
    bool numGpuBlocks = false;
    bool maxModelLen = false;
};

/// Fills the settings of `v` the user left unset from servingDefaults(model.name) (nothing when it
/// has none): max_num_batched_tokens, max_model_len and num_gpu_blocks (from the KV tokens
/// for v's max_loras × max_lora_rank). Returns why that vLLM would refuse to start (its KV cache
/// cannot hold one max_model_len request), naming the memory and the flags; empty when it starts.
std::string applyServingDefaults(const CostModel& model, VllmConfig& v, const ServingGiven& given);

} // namespace lorascope
