// SPDX-License-Identifier: Apache-2.0
#pragma once
// vLLM V1's scheduler, KV-cache and LoRA settings: one struct with vLLM's own names and defaults,
// the defaults vLLM derives from others (effective*()), and the configurations vLLM refuses to
// start with, refused with vLLM's reason. Used by the `vllm` policy (admission/vllm.cpp);
// docs/admission.md ("vLLM V1") cites where each default and check comes from.

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace lorascope {

/// The vLLM version whose rules the `vllm` policy follows (shown wherever the policy is named).
inline constexpr const char* kVllmRulesVersion = "vLLM V1 (main at b4622cf, 2025)";

/// vLLM V1's settings as `vllm serve` names them. 0 in a field marked "0 = derived" means vLLM's
/// own default, computed from the other fields by the effective*() functions.
struct VllmConfig {
    std::int64_t maxNumSeqs = 0; ///< --max-num-seqs; 0 = min(256, max_num_batched_tokens)
    std::int64_t maxNumBatchedTokens = 0; ///< --max-num-batched-tokens; 0 = 2048 (chunked prefill) or max_model_len
    std::int64_t maxModelLen = 4096; ///< --max-model-len: prompt + output of one request (the model's context)
    bool enableChunkedPrefill = true; ///< --no-chunked-prefill turns it off (vLLM: --no-enable-chunked-prefill)
    /// Automatic prefix caching (vLLM V1's default: on); --no-enable-prefix-caching turns it off.
    /// It hits only where requests carry token keys (workload/tokenkey.h).
    bool enablePrefixCaching = true;
    std::int64_t longPrefillTokenThreshold
        = 0; ///< --long-prefill-token-threshold: 0 = none; else the largest prefill chunk
    std::int64_t numGpuBlocks
        = 1001; ///< --num-gpu-blocks (vLLM: --num-gpu-blocks-override); one is the reserved null block
    std::int64_t blockSize = 16; ///< --block-size: tokens per KV block
    std::int64_t maxLoras = 1; ///< --max-loras: distinct adapters among the requests of one step
    std::int64_t maxCpuLoras = 0; ///< --max-cpu-loras: adapters kept in the CPU cache; 0 = max_loras
    std::int64_t maxLoraRank = 16; ///< --max-lora-rank: LoRA kernels run at this rank for every adapter
    /// Early V1's LoRA rule (before vLLM PR #15422): the waiting scan stops at the first request
    /// whose adapter would exceed max_loras, instead of setting it aside and continuing.
    bool loraScanStops = false;
    /// --scheduling-policy priority (vLLM's default: fcfs): the waiting queue ordered by
    /// (priority, arrival_time), and the running request with the largest (priority, arrival_time)
    /// preempted when KV blocks run out (vllm/v1/core/sched/scheduler.py, request_queue.py).
    bool priorityScheduling = false;

    std::int64_t effectiveMaxNumBatchedTokens() const
    {
        if (maxNumBatchedTokens > 0)
            return maxNumBatchedTokens;
        return enableChunkedPrefill ? 2048 : maxModelLen;
    }
    std::int64_t effectiveMaxNumSeqs() const
    {
        return maxNumSeqs > 0 ? maxNumSeqs : std::min<std::int64_t>(256, effectiveMaxNumBatchedTokens());
    }
    std::int64_t effectiveMaxCpuLoras() const { return maxCpuLoras > 0 ? maxCpuLoras : maxLoras; }
    /// KV blocks requests can use: num_gpu_blocks minus the null block.
    std::int64_t usableBlocks() const { return numGpuBlocks - 1; }

    bool operator==(const VllmConfig&) const = default;
};

/// The ranks vLLM accepts for --max-lora-rank (vllm/config/lora.py, MaxLoRARanks).
const std::vector<std::int64_t>& vllmLoraRanks();

/// Why vLLM would refuse to start with `config` (its own message, naming the flags), or empty.
std::string vllmConfigError(const VllmConfig& config);

} // namespace lorascope
