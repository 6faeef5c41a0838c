// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one table of a run's headline metrics: the summary.json keys (vLLM `bench serve` names where
// the meaning is the same; formulas in docs/replay.md) that the report shows, `compare` tests and
// the CI gates (`--fail-if`, `--fail-if-worse`) accept, each with its unit, which direction is
// better and how a confidence interval is computed for it (core/report/bootstrap.h). Qt-free.

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace lorascope {

/// Which way is better.
enum class Better { Lower, Higher };

/// What a metric is computed from, for its confidence interval.
enum class Statistic {
    Mean, ///< mean of a per-request sample (bootstrap over requests)
    Median,
    P90,
    P99,
    Max, ///< shown and gateable; no confidence interval (a bootstrap of the maximum is not meaningful)
    Std, ///< population standard deviation of a per-request sample (bootstrap)
    Rate, ///< a count (or token sum) per second of the run (compound-Poisson interval on the ratio)
    Share, ///< a share of requests (bootstrap over requests)
    Count, ///< a number of requests (no interval: shown and gateable)
};

/// The per-request quantity a sample statistic is taken over.
enum class Sample {
    None,
    Ttft,
    Tpot,
    Itl,
    E2el,
    EffectiveTtft,
    EffectiveE2el,
    Completed,
    OutputTokens,
    TotalTokens,
    Good,
    SloraAttained,
    SloraReward
};

/// One headline metric.
struct MetricInfo {
    const char* key; ///< the summary.json key, e.g. "p99_ttft_ms"
    const char* unit; ///< "ms", "req/s", "tok/s", "s", "" (a share from 0 to 1, a count)
    Better better;
    Statistic statistic;
    Sample sample;
    bool headline; ///< listed in the report's headline table and compared by default
};

/// Every metric, in the order the report and `compare` list them.
const std::vector<MetricInfo>& metricTable();
/// The entry for a summary.json key; nullptr when it is not in the table.
const MetricInfo* findMetric(const std::string& key);
/// The keys, comma separated (for usage messages).
std::string metricKeys();
/// The metric's value in a summary (summary.json or one of its per_adapter entries); nullopt when
/// absent or null.
std::optional<double> metricValue(const nlohmann::json& summary, const std::string& key);

} // namespace lorascope
