// SPDX-License-Identifier: Apache-2.0
#pragma once
// The simulated server's /metrics, with the names and meanings of the server it speaks for
// (server/serverkind.h): vLLM V1's (vllm/v1/metrics/loggers.py, stats.py), SGLang's
// (python/sglang/srt/metrics/collector.py), or serve-sim's historical set for the S-LoRA
// policies (vLLM's names); plus LoraScope's own (adapter loads and unloads, KV tokens, the LoRA
// info cap) in every set. Filled from the engine's real state; exposition by prometheus-cpp's core
// library. Every method is thread-safe: the engine thread and the connection threads update, a
// connection thread serialises on a scrape. The tables are in docs/servesim.md (/metrics).

#include "server/serverkind.h"

#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace prometheus {
class Registry;
class Gauge;
template <typename T>
class Family;
} // namespace prometheus

namespace lorascope {

/// At most this many adapter names in each list label of vllm:lora_requests_info (vLLM joins all of them; thousands
/// would make one label value megabytes long). The rest are counted in lorascope_lora_requests_info_omitted_adapters.
constexpr std::size_t kMaxInfoAdapters = 100;
/// And at most this many bytes per list label.
constexpr std::size_t kMaxInfoLabelBytes = 8192;

/// Why a request ended (vLLM's finished_reason label values).
enum class FinishReason { Stop, Length, Abort };

/// What the exposition describes.
struct MetricsSetup {
    ServerKind server = ServerKind::SLora;
    std::string modelName = "base"; ///< model_name label
    std::int64_t maxLora = 0; ///< max_lora label of vllm:lora_requests_info (vllm: max_loras; 0 = no limit, S-LoRA)
    /// vllm:lora_requests_info's lists: true = running and waiting adapters apart (vLLM before PR #26801), false =
    /// both list every adapter with a request in the server (vLLM since).
    bool loraInfoSplit = true;
    std::int64_t maxModelLen = 0; ///< vLLM: the token-count histograms' buckets (1, 2, 5, 10, ... up to it)
    std::int64_t blockSize = 0, numGpuBlocks = 0; ///< vLLM: vllm:cache_config_info's labels
    bool prefixCaching = false; ///< vLLM: vllm:cache_config_info's enable_prefix_caching
    std::int64_t loraSlots = 0; ///< SGLang: sglang:lora_pool_slots_total (max_loras_per_batch)
    std::int64_t maxTotalTokens = 0; ///< SGLang: sglang:max_total_num_tokens
};

/// The engine's state after a forward pass.
struct EngineGauges {
    std::uint64_t running = 0, waiting = 0;
    std::int64_t kvUsed = 0, kvCapacity = 0; ///< tokens (vLLM: blocks × block size, so the ratio is the blocks')
    std::uint64_t residentAdapters = 0; ///< adapters in GPU memory (SGLang: LoRA pool slots used)
};

/// A request that left (seconds on the server's clock; NaN where a phase never happened).
struct RequestEnd {
    FinishReason reason = FinishReason::Length;
    double e2e = NAN; ///< arrival to the last token (finished requests only)
    double queue = NAN; ///< arrival to the first scheduling
    double prefill = NAN; ///< first scheduling to the first token
    double decode = NAN; ///< first to last token
    double inference = NAN; ///< first scheduling to the last token
    std::uint32_t promptTokens = 0, generatedTokens = 0, maxTokens = 0;
    std::uint32_t cachedTokens = 0; ///< of promptTokens, found in the prefix cache (SGLang counts them at the end)
};

struct MetricSet; // the families of one server (metricfamilies.cpp)

class ServerMetrics {
public:
    explicit ServerMetrics(const MetricsSetup& setup);
    ~ServerMetrics();
    ServerMetrics(const ServerMetrics&) = delete;
    ServerMetrics& operator=(const ServerMetrics&) = delete;

    const MetricsSetup& setup() const { return m_setup; }

    /// Engine state after a forward pass (engine mode).
    void setScheduler(const EngineGauges& gauges);
    /// Fixed-pace mode has no queue: streams in flight are the running requests.
    void addRunning(std::int64_t delta);
    /// A request was scheduled for the first time after `queueSeconds` in the queue.
    void requestScheduled(double queueSeconds);
    /// A request got its first token `ttftSeconds` after it arrived (vLLM and S-LoRA count its prompt tokens now).
    void firstToken(double ttftSeconds, std::uint32_t promptTokens);
    void addGenerationTokens(std::uint64_t n);
    /// Gaps between consecutive tokens of a request (vLLM's and SGLang's inter-token latency), `n` of them.
    void observeInterTokenLatencies(const double* seconds, std::size_t n);
    /// Running requests sent back to the queue (vLLM: preempted; SGLang: retracted), with the tokens they had.
    void addPreemptions(std::uint64_t n, std::uint64_t inputTokens = 0, std::uint64_t outputTokens = 0);
    void addAdapterLoads(std::uint64_t n);
    void addAdapterUnloads(std::uint64_t n);
    /// Tokens computed by one forward pass (vllm:iteration_tokens_total).
    void observeIteration(std::uint64_t tokens);
    /// A request left: finished (all its tokens) or aborted.
    void requestFinished(const RequestEnd& end);
    /// A request refused before it streamed (400 validation, 500 over the limits, unknown adapter, injected errors), by
    /// a short reason.
    void requestRejected(const std::string& reason);
    /// The prefix cache's lookups of one forward pass, in tokens: vllm:prefix_cache_queries_total and _hits_total
    /// grow by them, sglang:cache_hit_rate becomes hits / queried (SGLang sets it for each prefill batch it logs).
    void prefixCacheLookups(std::uint64_t queriedTokens, std::uint64_t hitTokens);
    /// Adapter bookkeeping for vllm:lora_requests_info: `adapter` gains or loses running/waiting requests (empty name =
    /// base model, not listed).
    void adapterRequests(const std::string& adapter, std::int64_t runningDelta, std::int64_t waitingDelta);

    /// The Prometheus text exposition (format 0.0.4) of every metric.
    std::string exposition();

private:
    void refreshLoraInfo();

    MetricsSetup m_setup;
    std::shared_ptr<prometheus::Registry> m_registry;
    std::unique_ptr<MetricSet> m_m;

    struct AdapterCount {
        std::int64_t running = 0, waiting = 0;
        std::uint64_t since = 0; ///< when it last got an entry (vLLM's dict insertion order)
    };
    std::mutex m_adapterMutex; ///< guards the map and the info gauge's current labels
    std::map<std::string, AdapterCount> m_adapters;
    std::uint64_t m_adapterClock = 0;
    prometheus::Gauge* m_loraInfo = nullptr;
    std::string m_infoRunning, m_infoWaiting;
};

} // namespace lorascope
