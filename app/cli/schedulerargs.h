// SPDX-License-Identifier: Apache-2.0
#pragma once
// The server flags of every command that runs a scheduler (simulate, sweep, serve-sim, calibrate,
// validate): --policy, S-LoRA's launch arguments, vLLM's and SGLang's, each spelt as its server spells it,
// one table for all. Ranges are in cli/options.cpp; other spellings (--max-total-tokens,
// --num-gpu-blocks-override, --no-enable-chunked-prefill) in optionAliases().

#include "cli/args.h"

#include "admission/costmodel.h"
#include "admission/schedulerconfig.h"

#include <string>
#include <vector>

/// The help lines of those flags, for the commands' --help texts (string-literal concatenation).
#define LORASCOPE_SCHEDULER_OPTIONS                                                                                    \
    "Server (one set of flags for simulate, sweep, serve-sim and calibrate; each policy reads its own):\n"             \
    "  --policy NAME                slora (default: S-LoRA's ReqQueue), slora-abort (S-LoRA --enable-abort),\n"        \
    "                               vllm (vLLM V1's scheduler, main at b4622cf) or sglang (SGLang's\n"                 \
    "                               scheduler, main of January 2026)\n"                                                \
    " S-LoRA (slora, slora-abort), S-LoRA's launch arguments and defaults:\n"                                          \
    "  --max-total-token-num N      KV slots incl. adapter weights (default 6000); also --max-total-tokens\n"          \
    "  --batch-max-tokens N         max input tokens of a new batch (default max(max_total/6, max_req_total_len))\n"   \
    "  --running-max-req-size N     max running requests (default 1000)\n"                                             \
    "  --max-req-total-len N        refuse input + output above it (default 3072)\n"                                   \
    "  --max-req-input-len N        refuse input above it (default 2048)\n"                                            \
    "  --max-wait-tokens N          decode steps between admission attempts (default 10)\n"                            \
    " vLLM V1 (vllm), `vllm serve`'s flags and defaults (GPUs other than H100-class):\n"                               \
    "  --max-num-seqs N             max running requests (default min(256, max_num_batched_tokens))\n"                 \
    "  --max-num-batched-tokens N   token budget of one step (default 2048; max_model_len with\n"                      \
    "                               --no-chunked-prefill)\n"                                                           \
    "  --max-model-len N            prompt + output of one request (default 4096); longer requests are\n"              \
    "                               refused, as vLLM's API server does\n"                                              \
    "  --no-chunked-prefill         a prompt is prefilled in one step (vLLM: --no-enable-chunked-prefill)\n"           \
    "  --no-enable-prefix-caching   no automatic prefix caching (default on, as in vLLM; it hits where the\n"          \
    "                               trace declares shared prompt tokens: sessions, system prompts)\n"                  \
    "  --long-prefill-token-threshold N  largest prefill chunk of one request per step (default 0 = none)\n"           \
    "  --num-gpu-blocks N           KV cache blocks, one of them vLLM's null block (default 1001: 16,000\n"            \
    "                               tokens); vLLM: --num-gpu-blocks-override\n"                                        \
    "  --block-size N               tokens per KV block (default 16)\n"                                                \
    "  --max-loras N                distinct adapters among one step's requests (default 1)\n"                         \
    "  --max-cpu-loras N            adapters kept in the CPU LoRA cache (default max_loras)\n"                         \
    "  --max-lora-rank N            LoRA kernels run at this rank; larger adapters are refused (default 16;\n"         \
    "                               1, 8, 16, 32, 64, 128, 256, 320 or 512)\n"                                         \
    "  --lora-scan continue|stop    continue (default, vLLM since PR #15422): a waiting request whose\n"               \
    "                               adapter would exceed max_loras is set aside and later ones are tried;\n"           \
    "                               stop: early V1's rule, the scan stops there (sglang: the same choice,\n"           \
    "                               continue since SGLang PR #14795, stop before it)\n"                                \
    "  --scheduling-policy fcfs|priority  vllm: fcfs (default) or priority: the waiting queue by (priority,\n"         \
    "                               arrival), the worst-priority running request preempted first\n"                    \
    " SGLang (sglang), `sglang.launch_server`'s flags and defaults:\n"                                                 \
    "  --max-total-tokens N         the KV pool in tokens (default 16000; SGLang sizes it from the GPU\n"              \
    "                               memory); with the S-LoRA policies it means --max-total-token-num\n"                \
    "  --context-length N           prompt + output of one request (default 4096); longer ones are refused\n"          \
    "  --max-running-requests N     max running requests (default min(pool/2, max(2048, min(4096,\n"                   \
    "                               pool/context_length*512))))\n"                                                     \
    "  --chunked-prefill-size N     largest prefill chunk (default 4096; -1 or 0 = off)\n"                             \
    "  --max-prefill-tokens N       tokens one prefill batch takes in (default 16384)\n"                               \
    "  --schedule-conservativeness X  scales the new-token ratio, 0.7 at 1 (default 1.0)\n"                            \
    "  --enable-mixed-chunk         a prefill pass also decodes the running requests\n"                                \
    "  --disable-ignore-eos         requests without ignore_eos (SGLang's other admission check)\n"                    \
    "  --disable-radix-cache        no prefix cache (default on, as in SGLang; it hits where the trace\n"              \
    "                               declares shared prompt tokens: sessions, system prompts)\n"                        \
    "  --max-loras-per-batch N      GPU LoRA slots; the base model takes one (default 8)\n"                            \
    "  --max-loaded-loras N         adapters in host memory, the rest read from disk (default: no limit)\n"            \
    "  --lora-eviction-policy lru|fifo  which GPU slot is freed (default lru)\n"                                       \
    "  --pinned-adapters I,J,...    adapters (indices in the trace) that never leave their GPU slot\n"

namespace lorascope::cli {

/// Flags taking a value: --policy, --max-total-token-num, ..., --max-model-len, --lora-scan.
const std::vector<std::string>& schedulerValueFlags();
/// Flags without a value: --no-chunked-prefill.
const std::vector<std::string>& schedulerBoolFlags();
/// `flags` plus the scheduler's (for parseArgs).
std::vector<std::string> withSchedulerValueFlags(std::vector<std::string> flags);
std::vector<std::string> withSchedulerBoolFlags(std::vector<std::string> flags);

/// The flags given, on top of `config`. Throws UsageError for an unknown policy and, with the
/// server's own reason, for a configuration its server refuses to start with.
void applySchedulerArgs(const Args& args, SchedulerConfig& config);
/// The same, with the vLLM settings left unset taken from the
/// server defaults `preset` carries (admission/costserving.h: max_num_batched_tokens,
/// max_model_len, KV blocks from the GPU's memory) before the server's start-up checks, under the
/// vllm policy. Throws UsageError with the refusal when that vLLM could not start.
void applySchedulerArgs(const Args& args, SchedulerConfig& config, const CostModel& preset);

/// --pinned-adapters names adapter indices: each must exist among the `adapters` of `what` ("the
/// trace"). Throws InputError naming the flag.
void checkSchedulerAdapters(const SchedulerConfig& config, std::size_t adapters, const std::string& what);

} // namespace lorascope::cli
