// SPDX-License-Identifier: Apache-2.0
// The metric families of each server serve-sim speaks for, with the real server's names, types,
// help texts, labels and buckets. vLLM V1: vllm/v1/metrics/loggers.py (labels model_name and
// engine; counters registered with the _total prometheus_client adds; read at 005a810 and in its
// late-2025 form with vllm:inter_token_latency_seconds and without vllm:gpu_cache_usage_perc).
// SGLang: python/sglang/srt/metrics/collector.py at 00ae9c1 (scheduler labels model_name,
// engine_type, tp_rank, pp_rank; tokenizer labels model_name). serve-sim's S-LoRA set is the one it
// always had (vLLM's names). prometheus-cpp adds no suffix: names are given as exposed.

#include "api/metricnames.h"
#include "server/metricset.h"

#include <map>
#include <string>

namespace lorascope {

namespace {

using Buckets = prometheus::Histogram::BucketBoundaries;
using Labels = std::map<std::string, std::string>;

const Buckets kVllmTtft = { 0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0,
    20.0, 40.0, 80.0, 160.0, 640.0, 2560.0 };
const Buckets kVllmItl
    = { 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0, 20.0, 40.0, 80.0 };
const Buckets kVllmRequestLatency = { 0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 2.5, 5.0, 10.0, 15.0, 20.0, 30.0, 40.0, 50.0, 60.0,
    120.0, 240.0, 480.0, 960.0, 1920.0, 7680.0 };
const Buckets kVllmIterationTokens = { 1, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384 };
const Buckets kSglangTtft = { 0.1, 0.2, 0.4, 0.6, 0.8, 1, 2, 4, 6, 8, 10, 20, 40, 60, 80, 100, 200, 400 };
const Buckets kSglangE2e
    = { 0.1, 0.2, 0.4, 0.6, 0.8, 1, 2, 4, 6, 8, 10, 20, 40, 60, 80, 100, 200, 400, 600, 1200, 1800, 2400 };
const Buckets kSglangItl = { 0.002, 0.004, 0.006, 0.008, 0.010, 0.015, 0.020, 0.025, 0.030, 0.035, 0.040, 0.060, 0.080,
    0.100, 0.200, 0.400, 0.600, 0.800, 1.000, 2.000, 4.000, 6.000, 8.000 };
const Buckets kSglangQueue = { 0.0, 0.1, 0.2, 0.5, 1, 2, 3, 4, 5, 10, 15, 20, 30, 40, 50, 60, 70, 80, 90, 100, 200, 300,
    400, 500, 600, 700, 800, 900, 1000, 1200, 1400, 1600, 1800, 2000, 2500, 3000 };

// vLLM's build_1_2_5_buckets(max_model_len): 1, 2, 5, 10, 20, 50, ... up to max_value.
Buckets oneTwoFive(std::int64_t maxValue)
{
    Buckets b;
    for (std::int64_t base = 1; base <= maxValue && base > 0; base *= 10)
        for (std::int64_t m : { 1, 2, 5 })
            if (m * base <= maxValue)
                b.push_back(double(m * base));
    if (b.empty())
        b.push_back(1);
    return b;
}

class Builder {
public:
    Builder(prometheus::Registry& r, Labels labels)
        : m_r(r)
        , m_labels(std::move(labels))
    {
    }
    prometheus::Gauge* gauge(const char* name, const char* help, const Labels& extra = {})
    {
        return &prometheus::BuildGauge().Name(name).Help(help).Register(m_r).Add(with(extra));
    }
    prometheus::Counter* counter(const char* name, const char* help)
    {
        return &prometheus::BuildCounter().Name(name).Help(help).Register(m_r).Add(m_labels);
    }
    prometheus::Histogram* histogram(const char* name, const char* help, const Buckets& b)
    {
        return &prometheus::BuildHistogram().Name(name).Help(help).Register(m_r).Add(m_labels, b);
    }
    Labels with(const Labels& extra) const
    {
        Labels l = m_labels;
        l.insert(extra.begin(), extra.end());
        return l;
    }

private:
    prometheus::Registry& m_r;
    Labels m_labels;
};

void finishedReasons(prometheus::Registry& r, const Builder& b, MetricSet& m)
{
    auto& success = prometheus::BuildCounter()
                        .Name(metricname::kVllmRequestSuccess)
                        .Help("Count of successfully processed requests.")
                        .Register(r);
    m.successStop = &success.Add(b.with({ { "finished_reason", "stop" } }));
    m.successLength = &success.Add(b.with({ { "finished_reason", "length" } }));
    m.successAbort = &success.Add(b.with({ { "finished_reason", "abort" } }));
}

void loraInfo(prometheus::Registry& r, MetricSet& m)
{
    m.loraInfo
        = &prometheus::BuildGauge().Name(metricname::kVllmLoraInfo).Help("Running stats on lora requests.").Register(r);
    auto& omitted = prometheus::BuildGauge()
                        .Name("lorascope_lora_requests_info_omitted_adapters")
                        .Help("Adapters left out of the lists of vllm:lora_requests_info (at most 100 names and 8 KiB "
                              "per list).")
                        .Register(r);
    m.omittedRunning = &omitted.Add({ { "list", "running" } });
    m.omittedWaiting = &omitted.Add({ { "list", "waiting" } });
}

// serve-sim's set for the S-LoRA policies, unchanged: vLLM's names, both KV gauges.
void buildSLora(prometheus::Registry& r, const MetricsSetup& s, MetricSet& m)
{
    Builder b(r, { { "model_name", s.modelName }, { "engine", "0" } });
    m.running = b.gauge(metricname::kVllmRunning, "Number of requests in model execution batches.");
    m.waiting = b.gauge(metricname::kVllmWaiting, "Number of requests waiting to be processed.");
    m.gpuCacheUsage = b.gauge(metricname::kVllmGpuCacheUsage,
        "GPU KV-cache usage. 1 means 100 percent usage. DEPRECATED: Use vllm:kv_cache_usage_perc instead.");
    m.kvUsage = b.gauge(metricname::kVllmKvUsage, "KV-cache usage. 1 means 100 percent usage.");
    m.promptTokens = b.counter(metricname::kVllmPromptTokens, "Number of prefill tokens processed.");
    m.generationTokens = b.counter(metricname::kVllmGenerationTokens, "Number of generation tokens processed.");
    m.preemptions = b.counter(metricname::kVllmPreemptions, "Cumulative number of preemption from the engine.");
    finishedReasons(r, b, m);
    m.iteration = b.histogram(
        "vllm:iteration_tokens_total", "Histogram of number of tokens per engine_step.", kVllmIterationTokens);
    m.ttft = b.histogram(metricname::kVllmTtft, "Histogram of time to first token in seconds.", kVllmTtft);
    m.e2e = b.histogram(metricname::kVllmE2e, "Histogram of e2e request latency in seconds.", kVllmRequestLatency);
    m.queue = b.histogram(
        metricname::kVllmQueueTime, "Histogram of time spent in WAITING phase for request.", kVllmRequestLatency);
    loraInfo(r, m);
}

void buildVllm(prometheus::Registry& r, const MetricsSetup& s, MetricSet& m)
{
    Builder b(r, { { "model_name", s.modelName }, { "engine", "0" } });
    m.running = b.gauge(metricname::kVllmRunning, "Number of requests in model execution batches.");
    m.waiting = b.gauge(metricname::kVllmWaiting, "Number of requests waiting to be processed.");
    m.kvUsage = b.gauge(metricname::kVllmKvUsage, "KV-cache usage. 1 means 100 percent usage.");
    // log_metrics_info("cache_config"): a gauge set to 1 whose labels carry the cache configuration (routers read
    // block_size and num_gpu_blocks from it).
    prometheus::BuildGauge()
        .Name("vllm:cache_config_info")
        .Help("Information of the LLMEngine CacheConfig")
        .Register(r)
        .Add({ { "block_size", std::to_string(s.blockSize) }, { "cache_dtype", "auto" },
            { "enable_prefix_caching", s.prefixCaching ? "True" : "False" }, { "engine", "0" },
            { "num_gpu_blocks", std::to_string(s.numGpuBlocks) } })
        .Set(1);
    // In tokens: a request's prompt when the scheduler looks it up, the part found cached (PrefixCacheStats).
    m.prefixQueries
        = b.counter(metricname::kVllmPrefixCacheQueries, "Prefix cache queries, in terms of number of queried tokens.");
    m.prefixHits
        = b.counter(metricname::kVllmPrefixCacheHits, "Prefix cache hits, in terms of number of cached tokens.");
    m.preemptions = b.counter(metricname::kVllmPreemptions, "Cumulative number of preemption from the engine.");
    m.promptTokens = b.counter(metricname::kVllmPromptTokens, "Number of prefill tokens processed.");
    m.generationTokens = b.counter(metricname::kVllmGenerationTokens, "Number of generation tokens processed.");
    finishedReasons(r, b, m);
    const Buckets counts = oneTwoFive(s.maxModelLen);
    m.requestPromptTokens = b.histogram("vllm:request_prompt_tokens", "Number of prefill tokens processed.", counts);
    m.requestGenerationTokens
        = b.histogram("vllm:request_generation_tokens", "Number of generation tokens processed.", counts);
    m.iteration = b.histogram(
        "vllm:iteration_tokens_total", "Histogram of number of tokens per engine_step.", kVllmIterationTokens);
    m.requestMaxGenerationTokens = b.histogram("vllm:request_max_num_generation_tokens",
        "Histogram of maximum number of requested generation tokens.", counts);
    m.requestMaxTokens
        = b.histogram("vllm:request_params_max_tokens", "Histogram of the max_tokens request parameter.", counts);
    m.ttft = b.histogram(metricname::kVllmTtft, "Histogram of time to first token in seconds.", kVllmTtft);
    m.itl = b.histogram("vllm:inter_token_latency_seconds", "Histogram of inter-token latency in seconds.", kVllmItl);
    m.itlBounds = kVllmItl;
    m.tpot = b.histogram("vllm:request_time_per_output_token_seconds",
        "Histogram of time_per_output_token_seconds per request.", kVllmItl);
    m.e2e = b.histogram(metricname::kVllmE2e, "Histogram of e2e request latency in seconds.", kVllmRequestLatency);
    m.queue = b.histogram(
        metricname::kVllmQueueTime, "Histogram of time spent in WAITING phase for request.", kVllmRequestLatency);
    m.inference = b.histogram("vllm:request_inference_time_seconds",
        "Histogram of time spent in RUNNING phase for request.", kVllmRequestLatency);
    m.prefill = b.histogram("vllm:request_prefill_time_seconds",
        "Histogram of time spent in PREFILL phase for request.", kVllmRequestLatency);
    m.decode = b.histogram("vllm:request_decode_time_seconds", "Histogram of time spent in DECODE phase for request.",
        kVllmRequestLatency);
    m.queueAtFinish = true;
    loraInfo(r, m);
}

void buildSglang(prometheus::Registry& r, const MetricsSetup& s, MetricSet& m)
{
    // SchedulerMetricsCollector (scheduler_metrics_mixin.py init_metrics labels) and TokenizerMetricsCollector.
    Builder sched(
        r, { { "model_name", s.modelName }, { "engine_type", "unified" }, { "tp_rank", "0" }, { "pp_rank", "0" } });
    Builder tok(r, { { "model_name", s.modelName } });
    m.running = sched.gauge(metricname::kSglangRunning, "The number of running requests.");
    m.usedTokens = sched.gauge(metricname::kSglangUsedTokens, "The number of used tokens.");
    m.kvUsage = sched.gauge(metricname::kSglangTokenUsage, "The token usage.");
    m.waiting = sched.gauge(metricname::kSglangQueue, "The number of requests in the waiting queue.");
    m.cacheHitRate = sched.gauge(metricname::kSglangCacheHitRate, "The prefix cache hit rate.");
    sched.gauge("sglang:max_total_num_tokens", "Maximum total number of tokens in the KV cache pool.")
        ->Set(double(s.maxTotalTokens));
    m.retractedNow = sched.gauge("sglang:num_retracted_reqs", "The number of retracted requests.");
    m.preemptions = sched.counter(metricname::kSglangRetracted, "Total number of retracted requests.");
    m.retractedInputTokens
        = sched.counter("sglang:num_retracted_input_tokens_total", "Total number of retracted input tokens.");
    m.retractedOutputTokens
        = sched.counter("sglang:num_retracted_output_tokens_total", "Total number of retracted output tokens.");
    m.queue = sched.histogram(metricname::kSglangQueueTime, "Histogram of queueing time in seconds.", kSglangQueue);
    m.loraSlotsUsed = sched.gauge(
        metricname::kSglangLoraSlotsUsed, "Number of LoRA adapter slots currently occupied in GPU memory.");
    m.loraSlotsTotal = sched.gauge(
        metricname::kSglangLoraSlotsTotal, "Total number of LoRA adapter slots available (max_loras_per_batch).");
    m.loraSlotsUtilization = sched.gauge(
        "sglang:lora_pool_utilization", "LoRA pool utilization ratio (used/total). 1.0 means pool is full.");
    m.loraSlotsTotal->Set(double(s.loraSlots));
    m.promptTokens = tok.counter(metricname::kSglangPromptTokens, "Number of prefill tokens processed.");
    m.generationTokens = tok.counter(metricname::kSglangGenerationTokens, "Number of generation tokens processed.");
    m.cachedTokens = tok.counter(metricname::kSglangCachedTokens, "Number of cached prompt tokens.");
    m.requests = tok.counter(metricname::kSglangRequests, "Number of requests processed.");
    m.aborted = tok.counter("sglang:num_aborted_requests_total", "Number of requests aborted.");
    m.ttft = tok.histogram(metricname::kSglangTtft, "Histogram of time to first token in seconds.", kSglangTtft);
    m.itl = tok.histogram(
        "sglang:inter_token_latency_seconds", "Histogram of inter-token latency in seconds.", kSglangItl);
    m.itlBounds = kSglangItl;
    m.e2e = tok.histogram(metricname::kSglangE2e, "Histogram of End-to-end request latency in seconds", kSglangE2e);
    m.promptTokensAtFinish = true;
}

void buildExtras(prometheus::Registry& r, MetricSet& m)
{
    m.loads = &prometheus::BuildCounter()
                   .Name(metricname::kAdapterLoads)
                   .Help("LoRA adapters loaded into the simulated GPU (before the forward pass that needs them).")
                   .Register(r)
                   .Add({});
    m.unloads = &prometheus::BuildCounter()
                     .Name(metricname::kAdapterUnloads)
                     .Help("LoRA adapters unloaded from the simulated GPU (S-LoRA: when no running request uses them; "
                           "vLLM, SGLang: slot evicted).")
                     .Register(r)
                     .Add({});
    m.resident = &prometheus::BuildGauge()
                      .Name(metricname::kAdaptersResident)
                      .Help("LoRA adapters resident on the simulated GPU.")
                      .Register(r)
                      .Add({});
    m.kvUsedTokens = &prometheus::BuildGauge()
                          .Name(metricname::kKvUsedTokens)
                          .Help("KV-cache token slots in use (S-LoRA: adapter weights included, its unified pool; "
                                "vLLM: used blocks x block size).")
                          .Register(r)
                          .Add({});
    m.kvCapacityTokens = &prometheus::BuildGauge()
                              .Name(metricname::kKvCapacityTokens)
                              .Help("KV-cache token slots (S-LoRA: max_total_token_num; vLLM: usable blocks x block "
                                    "size; SGLang: max_total_num_tokens).")
                              .Register(r)
                              .Add({});
    m.rejected = &prometheus::BuildCounter()
                      .Name("lorascope_requests_rejected_total")
                      .Help("Requests answered with an error before streaming, by reason.")
                      .Register(r);
}

} // namespace

std::unique_ptr<MetricSet> buildMetricSet(prometheus::Registry& r, const MetricsSetup& s)
{
    auto m = std::make_unique<MetricSet>();
    switch (s.server) {
    case ServerKind::SLora:
        buildSLora(r, s, *m);
        break;
    case ServerKind::Vllm:
        buildVllm(r, s, *m);
        break;
    case ServerKind::Sglang:
        buildSglang(r, s, *m);
        break;
    }
    buildExtras(r, *m);
    return m;
}

} // namespace lorascope
