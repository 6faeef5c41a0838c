// SPDX-License-Identifier: Apache-2.0
#pragma once
// SGLang's scheduler, KV-pool and LoRA settings: one struct with SGLang's own names and defaults,
// the values SGLang derives from others (the functions below), SGLang's environment defaults, and
// the configurations SGLang refuses to start with, refused with its reason. Used by the `sglang`
// policy (admission/sglang.cpp); docs/admission.md ("SGLang") cites where each comes from.

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace lorascope {

/// The SGLang version whose rules the `sglang` policy follows (shown wherever the policy is named).
inline constexpr const char* kSglangRulesVersion = "SGLang main, January 2026 (LoRA slots as before PR #15512)";

/// SGLang's environment defaults (python/sglang/srt/environ.py) and schedule_policy.py constants.
inline constexpr double kSglangInitNewTokenRatio = 0.7; ///< SGLANG_INIT_NEW_TOKEN_RATIO
inline constexpr double kSglangMinNewTokenRatioFactor = 0.14; ///< SGLANG_MIN_NEW_TOKEN_RATIO_FACTOR
inline constexpr int kSglangNewTokenRatioDecaySteps = 600; ///< SGLANG_NEW_TOKEN_RATIO_DECAY_STEPS
inline constexpr int kSglangRetractDecodeSteps = 20; ///< SGLANG_RETRACT_DECODE_STEPS
inline constexpr std::int64_t kSglangClipMaxNewTokens = 4096; ///< SGLANG_CLIP_MAX_NEW_TOKENS_ESTIMATION
inline constexpr std::int64_t kSglangIgnoreEosReserveTokens = 1; ///< IGNORE_EOS_RESERVE_TOKENS

/// SGLang's settings as `sglang.launch_server` names them. 0 in a field marked "0 = derived" means
/// SGLang's own default, computed from the other fields by the functions below.
struct SglangConfig {
    /// --max-total-tokens: the KV pool in tokens (SGLang: max_total_num_tokens). SGLang sizes it
    /// from the GPU memory; 16,000 is the vllm policy's default KV capacity (1,000 blocks of 16).
    std::int64_t maxTotalTokens = 16000;
    std::int64_t contextLength = 4096; ///< --context-length: the model's context (prompt + output)
    std::int64_t maxRunningRequests = 0; ///< --max-running-requests; 0 = derived (effectiveMaxRunningRequests)
    /// --chunked-prefill-size: the largest prefill chunk; <= 0 turns chunked prefill off (SGLang: -1).
    /// SGLang's default depends on the GPU memory (2048 below 35 GB, 4096 below 60 GB, 8192 below
    /// 160 GB, else 16384); 4096 is its default when the memory is unknown.
    std::int64_t chunkedPrefillSize = 4096;
    std::int64_t maxPrefillTokens = 16384; ///< --max-prefill-tokens: tokens one prefill batch takes in
    double scheduleConservativeness = 1.0; ///< --schedule-conservativeness: scales the new-token ratio
    bool enableMixedChunk = false; ///< --enable-mixed-chunk: a prefill pass also decodes the running batch
    /// --disable-radix-cache: no prefix cache (SGLang's default: the radix cache is on). It hits only
    /// where requests carry token keys (workload/tokenkey.h).
    bool disableRadixCache = false;
    /// The requests' ignore_eos (LoraScope's replay sends it; SGLang's bench_serving too unless
    /// --disable-ignore-eos). It chooses SGLang's admission check (PrefillAdder.add_one_req_ignore_eos).
    bool ignoreEos = true;
    std::int64_t maxLorasPerBatch = 8; ///< --max-loras-per-batch: GPU LoRA slots, the base model takes one
    std::int64_t maxLoadedLoras = 0; ///< --max-loaded-loras: adapters in host memory; 0 = unset (no limit)
    std::string loraEvictionPolicy = "lru"; ///< --lora-eviction-policy: "lru" or "fifo" (GPU slots)
    std::vector<std::uint32_t> pinnedAdapters; ///< adapters loaded with "pinned": true (adapter indices)
    /// SGLang before PR #14795: a request whose adapter would exceed the slots stops the scan and
    /// marks the batch full, instead of being skipped while the scan continues.
    bool loraScanStops = false;

    bool chunkedPrefill() const { return chunkedPrefillSize > 0; }
    /// max_req_len: a request's input + output (tp_worker.py).
    std::int64_t maxReqLen() const { return std::min(contextLength - 1, maxTotalTokens - 1); }
    /// max_req_input_len: longer prompts are aborted by the scheduler.
    std::int64_t maxReqInputLen() const { return maxReqLen() - 5; }
    /// max_running_requests: the setting, else min(max_total_tokens / 2, the request pool
    /// max(2048, min(4096, max_total_tokens / context_length · 512))) (model_runner.py).
    std::int64_t effectiveMaxRunningRequests() const
    {
        if (maxRunningRequests > 0)
            return maxRunningRequests;
        const auto estimated = static_cast<std::int64_t>(static_cast<double>(maxTotalTokens)
            / static_cast<double>(std::max<std::int64_t>(1, contextLength)) * 512.0);
        return std::min(std::clamp<std::int64_t>(estimated, 2048, 4096), maxTotalTokens / 2);
    }
    /// The new-token ratio's start, floor and decay per decode step (scheduler.py init_schedule_policy).
    double initNewTokenRatio() const { return std::min(kSglangInitNewTokenRatio * scheduleConservativeness, 1.0); }
    double minNewTokenRatio() const { return std::min(initNewTokenRatio() * kSglangMinNewTokenRatioFactor, 1.0); }
    double newTokenRatioDecay() const
    {
        return (initNewTokenRatio() - minNewTokenRatio()) / kSglangNewTokenRatioDecaySteps;
    }

    bool operator==(const SglangConfig&) const = default;
};

/// Why SGLang would refuse to start with `config` (its own message, naming the flags), or empty.
std::string sglangConfigError(const SglangConfig& config);

} // namespace lorascope
