// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Prometheus metric names both sides read or write: the simulated server exposes them
// (server/metricfamilies.cpp) and the replay's scraper maps them to LoraScope's quantities
// (replay/servermap.cpp). vLLM's from vllm/v1/metrics/loggers.py, SGLang's from
// python/sglang/srt/metrics/collector.py, LoraScope's own without a colon (docs/servesim.md, /metrics).

namespace lorascope::metricname {

// vLLM (counters with the _total prometheus_client adds).
inline constexpr const char* kVllmRunning = "vllm:num_requests_running";
inline constexpr const char* kVllmWaiting = "vllm:num_requests_waiting";
inline constexpr const char* kVllmKvUsage = "vllm:kv_cache_usage_perc";
inline constexpr const char* kVllmGpuCacheUsage = "vllm:gpu_cache_usage_perc"; ///< before vLLM 0.10
inline constexpr const char* kVllmLoraInfo = "vllm:lora_requests_info";
inline constexpr const char* kVllmPreemptions = "vllm:num_preemptions_total";
inline constexpr const char* kVllmPromptTokens = "vllm:prompt_tokens_total";
inline constexpr const char* kVllmGenerationTokens = "vllm:generation_tokens_total";
inline constexpr const char* kVllmRequestSuccess = "vllm:request_success_total";
inline constexpr const char* kVllmTtft = "vllm:time_to_first_token_seconds";
inline constexpr const char* kVllmE2e = "vllm:e2e_request_latency_seconds";
inline constexpr const char* kVllmQueueTime = "vllm:request_queue_time_seconds";
inline constexpr const char* kVllmPrefixCacheQueries = "vllm:prefix_cache_queries_total"; ///< tokens looked up
inline constexpr const char* kVllmPrefixCacheHits = "vllm:prefix_cache_hits_total"; ///< of them, found cached

// SGLang.
inline constexpr const char* kSglangRunning = "sglang:num_running_reqs";
inline constexpr const char* kSglangQueue = "sglang:num_queue_reqs";
inline constexpr const char* kSglangTokenUsage = "sglang:token_usage";
inline constexpr const char* kSglangUsedTokens = "sglang:num_used_tokens";
inline constexpr const char* kSglangPromptTokens = "sglang:prompt_tokens_total";
inline constexpr const char* kSglangGenerationTokens = "sglang:generation_tokens_total";
inline constexpr const char* kSglangRequests = "sglang:num_requests_total";
inline constexpr const char* kSglangRetracted = "sglang:num_retracted_requests_total";
inline constexpr const char* kSglangLoraSlotsUsed = "sglang:lora_pool_slots_used";
inline constexpr const char* kSglangLoraSlotsTotal = "sglang:lora_pool_slots_total";
inline constexpr const char* kSglangTtft = "sglang:time_to_first_token_seconds";
inline constexpr const char* kSglangE2e = "sglang:e2e_request_latency_seconds";
inline constexpr const char* kSglangQueueTime = "sglang:queue_time_seconds";
inline constexpr const char* kSglangCacheHitRate = "sglang:cache_hit_rate"; ///< of the last prefill batch, 0..1
inline constexpr const char* kSglangCachedTokens = "sglang:cached_tokens_total"; ///< counted as requests finish

// LoraScope's own, every serve-sim exposition.
inline constexpr const char* kAdapterLoads = "lorascope_lora_adapter_loads_total";
inline constexpr const char* kAdapterUnloads = "lorascope_lora_adapter_unloads_total";
inline constexpr const char* kAdaptersResident = "lorascope_lora_adapters_resident";
inline constexpr const char* kKvUsedTokens = "lorascope_kv_cache_used_tokens";
inline constexpr const char* kKvCapacityTokens = "lorascope_kv_cache_capacity_tokens";

} // namespace lorascope::metricname
