// SPDX-License-Identifier: Apache-2.0
// The configurations SGLang refuses to start with, with SGLang's own reasons (server_args.py,
// tp_worker.py, lora_manager.py at the version named by kSglangRulesVersion).

#include "admission/sglangconfig.h"

#include <algorithm>

namespace lorascope {

std::string sglangConfigError(const SglangConfig& c)
{
    if (c.maxTotalTokens < 1)
        return "max_total_tokens must be >= 1 (got " + std::to_string(c.maxTotalTokens) + ")";
    if (c.contextLength < 1)
        return "context_length must be >= 1 (got " + std::to_string(c.contextLength) + ")";
    // tp_worker.py: max_req_len = min(context_len - 1, max_total_num_tokens - 1), max_req_input_len = max_req_len - 5
    if (c.maxReqLen() <= 0 || c.maxReqInputLen() <= 0)
        return "Memory pool size is too small: max_req_input_len = min(context_length - 1, max_total_tokens - 1) - 5 = "
            + std::to_string(c.maxReqInputLen()) + " (raise --max-total-tokens or --context-length)";
    if (c.maxRunningRequests < 0)
        return "max_running_requests must be >= 1 (got " + std::to_string(c.maxRunningRequests) + ")";
    if (c.effectiveMaxRunningRequests() <= 0)
        return "max_running_request is zero (max_total_tokens / 2 = 0)";
    if (c.maxPrefillTokens < 1)
        return "max_prefill_tokens must be >= 1 (got " + std::to_string(c.maxPrefillTokens) + ")";
    if (!(c.scheduleConservativeness >= 0))
        return "Invalid schedule_conservativeness (must be >= 0)";
    if (c.maxLorasPerBatch < 1)
        return "max_loras_per_batch must be positive (got " + std::to_string(c.maxLorasPerBatch) + ")";
    if (c.maxLoadedLoras < 0)
        return "max_loaded_loras must be >= 1 when set (got " + std::to_string(c.maxLoadedLoras) + ")";
    if (c.maxLoadedLoras > 0 && c.maxLoadedLoras < c.maxLorasPerBatch)
        return "max_loaded_loras should be greater than or equal to max_loras_per_batch. max_loaded_loras="
            + std::to_string(c.maxLoadedLoras) + ", max_loras_per_batch=" + std::to_string(c.maxLorasPerBatch);
    if (c.loraEvictionPolicy != "lru" && c.loraEvictionPolicy != "fifo")
        return "Unknown eviction policy: " + c.loraEvictionPolicy + " (lru or fifo)";
    std::vector<std::uint32_t> pinned = c.pinnedAdapters;
    std::sort(pinned.begin(), pinned.end());
    pinned.erase(std::unique(pinned.begin(), pinned.end()), pinned.end());
    // lora_manager.py validate_new_adapter: one slot stays free for unpinned adapters and the base model
    if (static_cast<std::int64_t>(pinned.size()) > c.maxLorasPerBatch - 1)
        return "It is not allowed to pin all slots in the LoRA memory pool to avoid starvation for unpinned adapters "
               "and base "
               "models: "
            + std::to_string(pinned.size())
            + " pinned adapters, at most max_loras_per_batch - 1 = " + std::to_string(c.maxLorasPerBatch - 1)
            + ". Please increase your `--max-loras-per-batch` or load it as unpinned LoRA adapters.";
    if (c.maxLoadedLoras > 0 && static_cast<std::int64_t>(pinned.size()) > c.maxLoadedLoras)
        return "The number of pinned LoRA adapters (" + std::to_string(pinned.size())
            + ") should not exceed max_loaded_loras (" + std::to_string(c.maxLoadedLoras) + ")";
    return {};
}

} // namespace lorascope
