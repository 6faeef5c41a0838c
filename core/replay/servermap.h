// SPDX-License-Identifier: Apache-2.0
#pragma once
// What LoraScope reads from a serving system's Prometheus /metrics during a replay: the metric
// names of vLLM, SGLang, TGI and LoRAX (and serve-sim's LoraScope extras) mapped to a few
// quantities (running and waiting requests, KV-cache usage, adapters, token counters, server-side
// latency histograms), one time-aligned sample per scrape, and the run's server-side summary.
// The table of names is in docs/replay.md. Plain C++, no I/O.

#include "replay/prometheus.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace lorascope {

/// A cumulative histogram as the server exposes it: upper bounds (ascending, last +Inf) and counts.
struct ServerHistogram {
    std::vector<double> le;
    std::vector<double> counts;
    bool empty() const { return le.empty(); }
};

/// At most this many adapter names are kept per list in a sample (the counts keep the rest).
inline constexpr std::size_t kMaxSampleAdapters = 64;

/// One scrape of the server, on the replay's clock. NaN = the server does not expose it.
struct ServerSample {
    static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
    double t = kNone; ///< run-clock seconds when the scrape started (the samples' instant)
    double tEnd = kNone; ///< when its answer had been read
    bool ok = false;
    std::string errorKind; ///< when !ok: connect, timeout, http_status, too_large, not_prometheus, parse, ...
    std::string error;
    std::string system; ///< "vllm", "sglang", "tgi", "lorax" or "" (unrecognised: recorded raw only)
    double running = kNone; ///< requests being computed
    double waiting = kNone; ///< requests queued in the server
    double kvUsage = kNone; ///< KV-cache usage, 0–1
    double kvUsedTokens = kNone;
    double adaptersResident = kNone;
    double maxLora = kNone;
    double promptTokensTotal = kNone, generationTokensTotal = kNone; ///< counters
    double requestsFinishedTotal = kNone, preemptionsTotal = kNone;
    /// Prefix cache, in tokens: vLLM's lookups and hits (vllm:prefix_cache_queries/hits_total), or
    /// SGLang's cached prompt tokens of finished requests (sglang:cached_tokens_total, no lookups).
    double prefixQueriesTotal = kNone, prefixHitsTotal = kNone;
    double adapterLoadsTotal = kNone, adapterUnloadsTotal = kNone;
    std::vector<std::string> runningAdapters, waitingAdapters; ///< capped at kMaxSampleAdapters
    std::size_t runningAdapterCount = 0, waitingAdapterCount = 0; ///< before the cap
    bool adapterListsKnown = false;
    ServerHistogram ttft, e2e, queueTime; ///< server-side latency histograms (seconds), cumulative
};

/// Maps parsed exposition text to a sample (t, tEnd, ok are the caller's). Several series of a
/// quantity (label sets such as model_name or engine) are summed, KV usage averaged; of
/// vllm:lora_requests_info the series with the largest value (its latest update) is used.
ServerSample mapServerMetrics(const PromText& text);

nlohmann::json serverSampleToJson(const ServerSample& sample);
/// Reads serverSampleToJson's output back (unknown or missing fields keep their defaults).
ServerSample serverSampleFromJson(const nlohmann::json& j);

/// The server-side figures of a run from its samples: scrapes (ok, failed by kind), peak and
/// percentiles of running and waiting requests and of KV usage, adapters (most running at once,
/// distinct adapters seen, max_lora, loads/unloads during the run), token and request counters
/// during the run (last − first; the prefix cache's hits over its lookups, or over the prompt
/// tokens when the server counts no lookups), and server-side TTFT/E2E/queue-time percentiles estimated
/// from the histograms' increase over the run (linear within a bucket, as histogram_quantile).
/// Per adapter (at most `maxAdapters`, the busiest): share of scrapes it was running in.
nlohmann::json summarizeServerMetrics(const std::vector<ServerSample>& samples, std::size_t maxAdapters = 1000);

/// The q-quantile (0–1) of a histogram's increase between two cumulative snapshots; NaN when it
/// did not increase or the buckets differ.
double histogramQuantile(double q, const ServerHistogram& before, const ServerHistogram& after);

} // namespace lorascope
