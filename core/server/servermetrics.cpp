// SPDX-License-Identifier: Apache-2.0
// Names, types, help texts and buckets follow vLLM v1
// (vllm/v1/metrics/loggers.py): counters are registered with their exposed name (prometheus-cpp adds no _total suffix),
// histograms keep vLLM's bucket lists, every vLLM metric carries model_name and engine labels.

#include "server/servermetrics.h"

#include <prometheus/counter.h>
#include <prometheus/family.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>
#include <prometheus/text_serializer.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

namespace lorascope {

namespace {

const prometheus::Histogram::BucketBoundaries kTtftBuckets = { 0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25,
    0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0, 20.0, 40.0, 80.0, 160.0, 640.0, 2560.0 };
const prometheus::Histogram::BucketBoundaries kRequestLatencyBuckets = { 0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 2.5, 5.0, 10.0,
    15.0, 20.0, 30.0, 40.0, 50.0, 60.0, 120.0, 240.0, 480.0, 960.0, 1920.0, 7680.0 };
const prometheus::Histogram::BucketBoundaries kIterationTokenBuckets
    = { 1, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384 };

// Comma-joined names with at least one request, capped in count and bytes; `omitted` = the rest.
std::string joinCapped(const std::map<std::string, std::int64_t>& counts, std::size_t& omitted)
{
    std::string out;
    std::size_t listed = 0;
    omitted = 0;
    for (const auto& [name, n] : counts) {
        if (n <= 0)
            continue;
        if (listed >= kMaxInfoAdapters || out.size() + name.size() + 1 > kMaxInfoLabelBytes) {
            ++omitted;
            continue;
        }
        if (!out.empty())
            out += ',';
        out += name;
        ++listed;
    }
    return out;
}

double unixNow()
{
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

} // namespace

ServerMetrics::ServerMetrics(const std::string& modelName, std::int64_t maxLora)
    : m_registry(std::make_shared<prometheus::Registry>())
    , m_labels { { "model_name", modelName }, { "engine", "0" } }
    , m_maxLora(std::to_string(maxLora))
{
    auto& r = *m_registry;
    auto gauge = [&](const char* name, const char* help) -> prometheus::Gauge& {
        return prometheus::BuildGauge().Name(name).Help(help).Register(r).Add(m_labels);
    };
    auto counter = [&](const char* name, const char* help) -> prometheus::Counter& {
        return prometheus::BuildCounter().Name(name).Help(help).Register(r).Add(m_labels);
    };
    auto histogram = [&](const char* name, const char* help,
                         const prometheus::Histogram::BucketBoundaries& b) -> prometheus::Histogram& {
        return prometheus::BuildHistogram().Name(name).Help(help).Register(r).Add(m_labels, b);
    };
    m_running = &gauge("vllm:num_requests_running", "Number of requests in model execution batches.");
    m_waiting = &gauge("vllm:num_requests_waiting", "Number of requests waiting to be processed.");
    m_gpuCache = &gauge("vllm:gpu_cache_usage_perc",
        "GPU KV-cache usage. 1 means 100 percent usage. "
        "DEPRECATED: Use vllm:kv_cache_usage_perc instead.");
    m_kvCache = &gauge("vllm:kv_cache_usage_perc", "KV-cache usage. 1 means 100 percent usage.");
    m_promptTokens = &counter("vllm:prompt_tokens_total", "Number of prefill tokens processed.");
    m_generationTokens = &counter("vllm:generation_tokens_total", "Number of generation tokens processed.");
    m_preemptions = &counter("vllm:num_preemptions_total", "Cumulative number of preemption from the engine.");
    auto& success = prometheus::BuildCounter()
                        .Name("vllm:request_success_total")
                        .Help("Count of successfully processed requests.")
                        .Register(r);
    auto withReason = [&](const char* reason) {
        auto l = m_labels;
        l["finished_reason"] = reason;
        return &success.Add(l);
    };
    m_successStop = withReason("stop");
    m_successLength = withReason("length");
    m_successAbort = withReason("abort");
    m_iteration = &histogram(
        "vllm:iteration_tokens_total", "Histogram of number of tokens per engine_step.", kIterationTokenBuckets);
    m_ttft
        = &histogram("vllm:time_to_first_token_seconds", "Histogram of time to first token in seconds.", kTtftBuckets);
    m_e2e = &histogram(
        "vllm:e2e_request_latency_seconds", "Histogram of e2e request latency in seconds.", kRequestLatencyBuckets);
    m_queue = &histogram("vllm:request_queue_time_seconds", "Histogram of time spent in WAITING phase for request.",
        kRequestLatencyBuckets);
    m_loraInfoFamily
        = &prometheus::BuildGauge().Name("vllm:lora_requests_info").Help("Running stats on lora requests.").Register(r);

    m_loads = &prometheus::BuildCounter()
                   .Name("lorascope_lora_adapter_loads_total")
                   .Help("LoRA adapters loaded into the simulated GPU (S-LoRA: "
                         "before the forward pass that needs them).")
                   .Register(r)
                   .Add({});
    m_unloads = &prometheus::BuildCounter()
                     .Name("lorascope_lora_adapter_unloads_total")
                     .Help("LoRA adapters unloaded from the simulated GPU "
                           "(S-LoRA: when no running request uses them).")
                     .Register(r)
                     .Add({});
    m_resident = &prometheus::BuildGauge()
                      .Name("lorascope_lora_adapters_resident")
                      .Help("LoRA adapters resident on the simulated GPU.")
                      .Register(r)
                      .Add({});
    m_kvUsed = &prometheus::BuildGauge()
                    .Name("lorascope_kv_cache_used_tokens")
                    .Help("KV-cache token slots in use, adapter weights included "
                          "(S-LoRA's unified pool).")
                    .Register(r)
                    .Add({});
    m_kvCapacity = &prometheus::BuildGauge()
                        .Name("lorascope_kv_cache_capacity_tokens")
                        .Help("KV-cache token slots (max_total_token_num).")
                        .Register(r)
                        .Add({});
    auto& omitted = prometheus::BuildGauge()
                        .Name("lorascope_lora_requests_info_omitted_adapters")
                        .Help("Adapters left out of the lists of vllm:lora_requests_info (at "
                              "most 100 names and 8 KiB per list).")
                        .Register(r);
    m_omittedRunning = &omitted.Add({ { "list", "running" } });
    m_omittedWaiting = &omitted.Add({ { "list", "waiting" } });
    m_rejected = &prometheus::BuildCounter()
                      .Name("lorascope_requests_rejected_total")
                      .Help("Requests answered with an error before streaming, by reason.")
                      .Register(r);
}

ServerMetrics::~ServerMetrics() = default;

void ServerMetrics::setScheduler(std::uint64_t running, std::uint64_t waiting, std::int64_t kvUsed,
    std::int64_t kvCapacity, std::uint64_t residentAdapters)
{
    m_running->Set(double(running));
    m_waiting->Set(double(waiting));
    const double usage = kvCapacity > 0 ? std::clamp(double(kvUsed) / double(kvCapacity), 0.0, 1.0) : 0.0;
    m_gpuCache->Set(usage);
    m_kvCache->Set(usage);
    m_kvUsed->Set(double(kvUsed));
    m_kvCapacity->Set(double(kvCapacity));
    m_resident->Set(double(residentAdapters));
}

void ServerMetrics::addRunning(std::int64_t delta)
{
    m_running->Increment(double(delta));
}

void ServerMetrics::addPromptTokens(std::uint64_t n)
{
    m_promptTokens->Increment(double(n));
}

void ServerMetrics::addGenerationTokens(std::uint64_t n)
{
    m_generationTokens->Increment(double(n));
}

void ServerMetrics::addPreemptions(std::uint64_t n)
{
    m_preemptions->Increment(double(n));
}

void ServerMetrics::addAdapterLoads(std::uint64_t n)
{
    m_loads->Increment(double(n));
}

void ServerMetrics::addAdapterUnloads(std::uint64_t n)
{
    m_unloads->Increment(double(n));
}

void ServerMetrics::observeIteration(std::uint64_t tokens)
{
    m_iteration->Observe(double(tokens));
}

void ServerMetrics::observeTimeToFirstToken(double seconds)
{
    if (std::isfinite(seconds))
        m_ttft->Observe(std::max(0.0, seconds));
}

void ServerMetrics::observeQueueTime(double seconds)
{
    if (std::isfinite(seconds))
        m_queue->Observe(std::max(0.0, seconds));
}

void ServerMetrics::requestFinished(FinishReason reason, double e2eSeconds)
{
    switch (reason) {
    case FinishReason::Stop:
        m_successStop->Increment();
        break;
    case FinishReason::Length:
        m_successLength->Increment();
        break;
    case FinishReason::Abort:
        m_successAbort->Increment();
        break;
    }
    if (std::isfinite(e2eSeconds))
        m_e2e->Observe(std::max(0.0, e2eSeconds));
}

void ServerMetrics::requestRejected(const std::string& reason)
{
    // A handful of fixed reasons (never client text), so the label set stays small.
    m_rejected->Add({ { "reason", reason } }).Increment();
}

void ServerMetrics::adapterRequests(const std::string& adapter, std::int64_t runningDelta, std::int64_t waitingDelta)
{
    if (adapter.empty())
        return;
    std::lock_guard lock(m_adapterMutex);
    auto apply = [&](std::map<std::string, std::int64_t>& m, std::int64_t d) {
        if (d == 0)
            return;
        auto it = m.try_emplace(adapter, 0).first;
        it->second += d;
        if (it->second <= 0)
            m.erase(it); // only adapters with requests are kept: memory follows the
                // live set
    };
    apply(m_runningAdapters, runningDelta);
    apply(m_waitingAdapters, waitingDelta);
}

void ServerMetrics::refreshLoraInfo()
{
    std::lock_guard lock(m_adapterMutex);
    std::size_t omittedRunning = 0, omittedWaiting = 0;
    std::string running = joinCapped(m_runningAdapters, omittedRunning);
    std::string waiting = joinCapped(m_waitingAdapters, omittedWaiting);
    m_omittedRunning->Set(double(omittedRunning));
    m_omittedWaiting->Set(double(omittedWaiting));
    // One series at a time: vLLM's prometheus_client keeps every label combination it ever set, which grows without
    // bound as adapters come and go; the stale one is removed here.
    if (!m_loraInfo || running != m_infoRunning || waiting != m_infoWaiting) {
        if (m_loraInfo)
            m_loraInfoFamily->Remove(m_loraInfo);
        m_loraInfo = &m_loraInfoFamily->Add(
            { { "max_lora", m_maxLora }, { "running_lora_adapters", running }, { "waiting_lora_adapters", waiting } });
        m_infoRunning = std::move(running);
        m_infoWaiting = std::move(waiting);
    }
    m_loraInfo->Set(unixNow()); // as vLLM: set_to_current_time()
}

std::string ServerMetrics::exposition()
{
    refreshLoraInfo();
    return prometheus::TextSerializer().Serialize(m_registry->Collect());
}

} // namespace lorascope
