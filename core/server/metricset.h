// SPDX-License-Identifier: Apache-2.0
#pragma once
// Internal to core/server: the metric families of one /metrics exposition (which exist depends on
// the server serve-sim speaks for; absent ones are null). Built by metricfamilies.cpp, updated by
// servermetrics.cpp.

#include "server/servermetrics.h"

#include <prometheus/counter.h>
#include <prometheus/family.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>

#include <memory>
#include <vector>

namespace lorascope {

struct MetricSet {
    using Gauge = prometheus::Gauge;
    using Counter = prometheus::Counter;
    using Histogram = prometheus::Histogram;

    // The scheduler's state.
    Gauge *running = nullptr, *waiting = nullptr, *kvUsage = nullptr, *gpuCacheUsage = nullptr;
    Gauge* usedTokens = nullptr; ///< sglang:num_used_tokens
    Gauge* retractedNow = nullptr; ///< sglang:num_retracted_reqs (retracted since the last update)
    Gauge *loraSlotsUsed = nullptr, *loraSlotsTotal = nullptr, *loraSlotsUtilization = nullptr;
    Gauge* cacheHitRate = nullptr; ///< sglang:cache_hit_rate (of the last prefill batch)
    // Counters.
    Counter *promptTokens = nullptr, *generationTokens = nullptr, *preemptions = nullptr;
    Counter *retractedInputTokens = nullptr, *retractedOutputTokens = nullptr;
    Counter *prefixQueries = nullptr, *prefixHits = nullptr, *cachedTokens = nullptr;
    Counter *successStop = nullptr, *successLength = nullptr, *successAbort = nullptr; ///< vLLM's request_success
    Counter *requests = nullptr, *aborted = nullptr; ///< SGLang's num_requests_total, num_aborted_requests_total
    // Histograms.
    Histogram *ttft = nullptr, *itl = nullptr, *tpot = nullptr, *e2e = nullptr, *queue = nullptr;
    Histogram *inference = nullptr, *prefill = nullptr, *decode = nullptr, *iteration = nullptr;
    Histogram *requestPromptTokens = nullptr, *requestGenerationTokens = nullptr, *requestMaxTokens = nullptr,
              *requestMaxGenerationTokens = nullptr;
    std::vector<double> itlBounds; ///< itl's bucket bounds (ObserveMultiple)
    bool queueAtFinish = false; ///< vLLM observes the queue time when a request finishes, the others when scheduled
    bool promptTokensAtFinish = false; ///< SGLang counts prompt tokens when a request finishes
    // vllm:lora_requests_info.
    prometheus::Family<Gauge>* loraInfo = nullptr;
    Gauge *omittedRunning = nullptr, *omittedWaiting = nullptr;
    // LoraScope's own.
    Counter *loads = nullptr, *unloads = nullptr;
    Gauge *resident = nullptr, *kvUsedTokens = nullptr, *kvCapacityTokens = nullptr;
    prometheus::Family<Counter>* rejected = nullptr;
};

/// The families of `setup.server`, registered in `registry`.
std::unique_ptr<MetricSet> buildMetricSet(prometheus::Registry& registry, const MetricsSetup& setup);

} // namespace lorascope
