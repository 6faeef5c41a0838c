// SPDX-License-Identifier: Apache-2.0
#pragma once
// A benchmark window's figures, as vLLM's serving benchmarks report them (benchmark_serving.py and
// benchmark_serving_by_time.py, calculate_metrics): only requests that finished inside the window
// count; TTFT; TPOT = (latency − TTFT) / (output tokens − 1) per request with more than one output
// token; ITL = the gaps between a request's tokens; throughput = counts / window length.
// docs/costmodel.md ("Metric semantics") explains each figure and where the preview differs.

#include "admission/engine.h"

#include <cstdint>
#include <vector>

namespace lorascope {

struct WindowMetrics {
    double start = 0; ///< window start (trace time, s)
    double length = 0; ///< window length (s): the benchmark's duration
    std::uint64_t requests = 0; ///< requests that arrived inside the window
    std::uint64_t completed = 0; ///< of them, finished by start + length
    std::uint64_t inputTokens = 0, outputTokens = 0; ///< of the completed requests
    double requestThroughput = 0; ///< completed / length
    double inputThroughput = 0; ///< input tokens / length
    double outputThroughput = 0; ///< output tokens / length
    LatencyStats ttft; ///< s, completed requests
    LatencyStats tpot; ///< s, completed requests with more than one output token
    /// Mean gap between consecutive tokens of the completed requests (s): Σ (finish − first token) /
    /// Σ (output tokens − 1). The preview emits one token per pass, so its gaps are the passes; the
    /// mean is exact for those, percentiles would need every token's time and are not given.
    double itlMean = 0;
};

/// The figures of the requests that arrived at or after `start` and finished by `start + length`.
/// `length` must be > 0.
WindowMetrics windowMetrics(const std::vector<RequestRecord>& records, double start, double length);

} // namespace lorascope
