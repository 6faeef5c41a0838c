// SPDX-License-Identifier: Apache-2.0
#pragma once
// The simulated server's /metrics: vLLM's metric names and meanings (vllm/v1/metrics/loggers.py) filled from the
// engine's real state, plus a few LoraScope-specific ones (adapter loads and unloads, KV tokens, truncation of the LoRA
// info lists). Exposition by prometheus-cpp's core library. Every method is thread-safe: the engine thread and the
// connection threads update, a connection thread serialises on a scrape. The metric table is in docs/replay.md.

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace prometheus {
class Registry;
class Counter;
class Gauge;
class Histogram;
template <typename T> class Family;
} // namespace prometheus

namespace lorascope {

/// At most this many adapter names in each list label of
/// vllm:lora_requests_info (vLLM joins all of them; thousands would make one label value megabytes long). The rest are
/// counted in
/// lorascope_lora_requests_info_omitted_adapters.
constexpr std::size_t kMaxInfoAdapters = 100;
/// And at most this many bytes per list label.
constexpr std::size_t kMaxInfoLabelBytes = 8192;

/// Why a request ended (vLLM's finished_reason label values).
enum class FinishReason { Stop, Length, Abort };

class ServerMetrics {
public:
    /// `modelName` labels every vLLM metric (model_name); `maxLora` is the max_lora label of the LoRA info gauge (0 =
    /// no limit, S-LoRA's policies).
    ServerMetrics(const std::string& modelName, std::int64_t maxLora);
    ~ServerMetrics();
    ServerMetrics(const ServerMetrics&) = delete;
    ServerMetrics& operator=(const ServerMetrics&) = delete;

    /// Engine state after a forward pass (engine mode).
    void setScheduler(std::uint64_t running, std::uint64_t waiting, std::int64_t kvUsed, std::int64_t kvCapacity,
        std::uint64_t residentAdapters);
    /// Fixed-pace mode has no queue: streams in flight are the running requests.
    void addRunning(std::int64_t delta);
    void addPromptTokens(std::uint64_t n);
    void addGenerationTokens(std::uint64_t n);
    void addPreemptions(std::uint64_t n);
    void addAdapterLoads(std::uint64_t n);
    void addAdapterUnloads(std::uint64_t n);
    /// Tokens computed by one forward pass (vllm:iteration_tokens_total).
    void observeIteration(std::uint64_t tokens);
    void observeTimeToFirstToken(double seconds);
    void observeQueueTime(double seconds);
    /// A request left: its reason and, when it got all its tokens, its end-to-end latency.
    void requestFinished(FinishReason reason, double e2eSeconds);
    /// A request refused before it streamed (400 validation, 500 over the S-LoRA limits, injected errors), by a short
    /// reason.
    void requestRejected(const std::string& reason);
    /// Adapter bookkeeping for vllm:lora_requests_info: `adapter` gains or loses running/waiting requests (empty name =
    /// base model, not listed).
    void adapterRequests(const std::string& adapter, std::int64_t runningDelta, std::int64_t waitingDelta);

    /// The Prometheus text exposition (format 0.0.4) of every metric.
    std::string exposition();

private:
    void refreshLoraInfo();

    std::shared_ptr<prometheus::Registry> m_registry;
    std::map<std::string, std::string> m_labels; ///< model_name, engine
    prometheus::Gauge *m_running, *m_waiting, *m_gpuCache, *m_kvCache, *m_kvUsed, *m_kvCapacity, *m_resident;
    prometheus::Counter *m_promptTokens, *m_generationTokens, *m_preemptions, *m_loads, *m_unloads;
    prometheus::Counter *m_successStop, *m_successLength, *m_successAbort;
    prometheus::Histogram *m_ttft, *m_e2e, *m_queue, *m_iteration;
    prometheus::Family<prometheus::Counter>* m_rejected;
    prometheus::Family<prometheus::Gauge>* m_loraInfoFamily;
    prometheus::Gauge* m_loraInfo = nullptr;
    prometheus::Gauge *m_omittedRunning, *m_omittedWaiting;
    std::string m_maxLora;

    std::mutex m_adapterMutex; ///< guards the maps and the info gauge's current labels
    std::map<std::string, std::int64_t> m_runningAdapters, m_waitingAdapters;
    std::string m_infoRunning, m_infoWaiting;
};

} // namespace lorascope
