// SPDX-License-Identifier: Apache-2.0
#pragma once
// The quantities a benchmark run is judged by, computed exactly as S-LoRA's benchmark client
// (benchmarks/run_exp.py, get_res_stats) computes them, from what a client saw of each request.
// Used for both sides of a calibration: measured (published rows, replay run folders) and
// predicted (the admission engine plus a model of the client).

#include "admission/engine.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace lorascope {

/// The metrics a calibration fits and a validation reports.
enum class Metric : std::uint8_t {
    Throughput, ///< completed requests / benchmark time (req/s)
    AvgLatency, ///< mean end − start over completed requests (s)
    AvgFirstTokenLatency, ///< mean first chunk − start (s)
    AvgPerOutputTokenLatency, ///< mean latency / output_len (s)
    Attainment, ///< share of all requests with first-token latency < 6 s (aborted count 0)
    Tpot, ///< mean (latency − first) / (output − 1): decode speed (replay runs only; S-LoRA rows lack it)
};
inline constexpr std::size_t kMetricCount = 6;
/// "throughput", "avg_latency", "avg_first_token_latency", "avg_per_output_token_latency", "avg_attainment", "tpot".
const char* metricKey(Metric metric);
/// Short column title ("thr", "lat", "ftl", "potl", "att", "tpot").
const char* metricShort(Metric metric);
/// Attainment is compared by absolute difference; every other metric by relative error.
inline bool metricIsAbsolute(Metric m)
{
    return m == Metric::Attainment;
}

using MetricValues = std::array<double, kMetricCount>; ///< NaN = not available
inline MetricValues noMetrics()
{
    MetricValues v;
    v.fill(NAN);
    return v;
}
inline double& at(MetricValues& v, Metric m)
{
    return v[static_cast<std::size_t>(m)];
}
inline double at(const MetricValues& v, Metric m)
{
    return v[static_cast<std::size_t>(m)];
}

/// What a client saw of one request. Times in seconds from the benchmark's time 0 (the trace's 0).
struct ClientRequest {
    double start = 0; ///< when the client started the request (S-LoRA: its scheduled time)
    double firstToken = NAN; ///< first chunk; NaN when aborted by the server
    double end = NAN; ///< response complete (or abort answer received)
    bool aborted = false; ///< S-LoRA answered "finished": -1 (abort queue timeout)
    std::uint32_t promptLen = 0; ///< as the client asked (S-LoRA's prompt_len, not the tokenised length)
    std::uint32_t outputLen = 0; ///< max_new_tokens
};

/// get_res_stats's result dictionary.
struct RunStats {
    double totalTime = NAN; ///< benchmark time: time 0 to the last response
    std::int64_t numAbort = 0;
    double throughput = NAN;
    double avgLatency = NAN;
    double avgPerTokenLatency = NAN; ///< latency / (prompt_len + output_len)
    double avgPerOutputTokenLatency = NAN;
    double avgFirstTokenLatency = NAN;
    double avgSatisfaction = NAN; ///< S-LoRA reward 1 − (t/6)² for t < 6, aborted 0
    double avgAttainment = NAN;
    double meanTpot = NAN; ///< not in S-LoRA's result; (latency − first) / (output − 1) over output > 1
    MetricValues metrics() const;
};

/// S-LoRA's get_res_stats over the requests of one run (all of them, aborted included).
/// Benchmark time = the latest `end` (S-LoRA: from benchmark start to asyncio.gather returning).
RunStats sloraRunStats(const std::vector<ClientRequest>& requests);

/// How a client of S-LoRA sees the engine's records (docs/admission.md, "What the client sees").
struct ClientModel {
    double responseDelay = 0; ///< engine → client, added to the first and the last token
    /// S-LoRA's HTTP server learns of an abort-queue timeout only when its 5-s wait for the request's
    /// next event times out: the abort answer reaches the client at start + 5·k, the first multiple
    /// of 5 s after the drop.
    double abortPollSeconds = 5.0;
};

/// The client's view of simulated records (predictions). A refused request (never seen in
/// S-LoRA's benchmarks) counts as aborted at its arrival; one never admitted as never answering
/// (end = +inf, which makes the run's time infinite).
std::vector<ClientRequest> clientView(const SimulationResult& result, const ClientModel& client);

/// simulate() with the cost-model clock, then the client's view and run_exp's statistics.
RunStats predictRun(
    const Trace& trace, const SchedulerConfig& scheduler, const CostModel& cost, const ClientModel& client = {});

} // namespace lorascope
