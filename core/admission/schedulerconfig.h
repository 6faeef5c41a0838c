// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one owner of a simulated server's configuration: which policy, and each policy's settings
// in its own small header (S-LoRA: workload/limits.h, vLLM: admission/vllmconfig.h, SGLang:
// admission/sglangconfig.h). Sessions,
// sweep files, simulate, sweep and serve-sim all hold a SchedulerConfig and write it with the one
// serialiser below; nothing else keeps a copy of the limits.

#include "admission/sglangconfig.h"
#include "admission/vllmconfig.h"
#include "workload/limits.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lorascope {

class JsonObjectReader;

/// Admission policies. Each is a transcription of its server's scheduler (docs/admission.md).
enum class PolicyKind : std::uint8_t {
    SLora, ///< S-LoRA ReqQueue (`--scheduler slora`)
    SLoraAbort, ///< S-LoRA AbortReqQueue (`--enable-abort`): LIFO, drops requests waiting ≥ 5.5 s
    Vllm, ///< vLLM V1's Scheduler.schedule(): token budget, chunked prefill, KV blocks, max_loras
    Sglang, ///< SGLang's scheduler: token pool with the new-token ratio, chunked prefill, retraction, LoRA slots
};
std::string policyName(PolicyKind policy);
/// "slora", "slora-abort", "vllm", "sglang"; nullopt otherwise.
std::optional<PolicyKind> policyFromName(const std::string& name);
/// "slora, slora-abort, vllm, sglang" (for messages and help).
std::string policyNames();
/// The server version whose rules the policy follows, e.g. "S-LoRA (c1ddf48)".
std::string policyRules(PolicyKind policy);

/// Everything a Scheduler needs.
struct SchedulerConfig {
    PolicyKind policy = PolicyKind::SLora;
    /// S-LoRA's launch arguments. Their per-request limits also drive the workload statistics
    /// ("requests the server would refuse"); the designer reads them from here.
    ServerLimits limits;
    int maxWaitTokens = 10; ///< decode steps between admission attempts (S-LoRA's max_wait_tokens)
    double abortWaitSeconds = 5.5; ///< slora-abort: attainment_func(wait + 0.5) == 0 ⇔ wait ≥ 5.5
    VllmConfig vllm; ///< the `vllm` policy's settings
    SglangConfig sglang; ///< the `sglang` policy's settings
    bool reportTokens = true; ///< fill StepResult::tokens (the online server needs it; simulate does not)

    bool operator==(const SchedulerConfig&) const = default;
};

/// KV cache capacity of the server in tokens: S-LoRA's max_total_token_num (adapter weights share
/// it), vLLM's usable blocks × block_size.
std::int64_t kvCapacity(const SchedulerConfig& config);

/// The largest token budget or count any server setting may have, and the largest KV block (tokens).
inline constexpr std::int64_t kMaxServerSize = 1'000'000'000;
inline constexpr std::int64_t kMaxBlockSize = 1'000'000;

/// Why the server `config` describes would refuse to start (the selected policy's own checks and
/// messages, then LoraScope's bounds kMaxServerSize and kMaxBlockSize), or empty.
std::string schedulerConfigError(const SchedulerConfig& config);

/// Writes `config` into `into` (an object): "policy", S-LoRA's limits, "max_wait_tokens",
/// "abort_wait_seconds", a "vllm" and an "sglang" object — the one JSON form of a scheduler configuration,
/// used by session files ("admission") and sweep files ("server").
void schedulerConfigToJson(const SchedulerConfig& config, nlohmann::ordered_json& into);
/// Reads the members schedulerConfigToJson writes from `r` into `config` (absent ones keep their
/// value); the caller reads its own members and rejects unknown ones. Older forms still load: a
/// vLLM V0 object (`watermark`, no `num_gpu_blocks`) is converted and says so in `notes`.
void readSchedulerConfig(JsonObjectReader& r, SchedulerConfig& config, std::vector<std::string>* notes = nullptr);

} // namespace lorascope
