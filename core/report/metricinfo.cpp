// SPDX-License-Identifier: Apache-2.0
#include "report/metricinfo.h"

#include <deque>

namespace lorascope {

namespace {

// The latency metrics: every statistic summary.json has for each per-request time.
void addLatency(std::vector<MetricInfo>& t, const std::string& name, Sample sample, bool headline)
{
    struct S {
        const char* prefix;
        Statistic stat;
        bool headline;
    };
    static const S stats[] = { { "mean_", Statistic::Mean, true }, { "median_", Statistic::Median, true },
        { "p90_", Statistic::P90, true }, { "p99_", Statistic::P99, true }, { "std_", Statistic::Std, false },
        { "max_", Statistic::Max, false } };
    // The keys must outlive the table: a deque never moves its strings.
    static std::deque<std::string> keys;
    for (const auto& s : stats) {
        keys.push_back(s.prefix + name);
        t.push_back({ keys.back().c_str(), "ms", Better::Lower, s.stat, sample, headline && s.headline });
    }
}

std::vector<MetricInfo> makeTable()
{
    std::vector<MetricInfo> t = {
        { "completed", "", Better::Higher, Statistic::Count, Sample::None, true },
        { "failed", "", Better::Lower, Statistic::Count, Sample::None, true },
        { "cancelled", "", Better::Lower, Statistic::Count, Sample::None, false },
        { "duration", "s", Better::Lower, Statistic::Count, Sample::None, false },
        { "request_throughput", "req/s", Better::Higher, Statistic::Rate, Sample::Completed, true },
        { "request_goodput", "req/s", Better::Higher, Statistic::Rate, Sample::Good, true },
        { "output_throughput", "tok/s", Better::Higher, Statistic::Rate, Sample::OutputTokens, true },
        { "total_token_throughput", "tok/s", Better::Higher, Statistic::Rate, Sample::TotalTokens, false },
    };
    addLatency(t, "ttft_ms", Sample::Ttft, true);
    addLatency(t, "tpot_ms", Sample::Tpot, true);
    addLatency(t, "itl_ms", Sample::Itl, false);
    addLatency(t, "e2el_ms", Sample::E2el, true);
    addLatency(t, "effective_ttft_ms", Sample::EffectiveTtft, false);
    addLatency(t, "effective_e2el_ms", Sample::EffectiveE2el, false);
    t.push_back({ "slora_attainment", "", Better::Higher, Statistic::Share, Sample::SloraAttained, true });
    t.push_back({ "slora_reward", "", Better::Higher, Statistic::Share, Sample::SloraReward, false });
    return t;
}

} // namespace

const std::vector<MetricInfo>& metricTable()
{
    static const std::vector<MetricInfo> table = makeTable();
    return table;
}

const MetricInfo* findMetric(const std::string& key)
{
    for (const auto& m : metricTable())
        if (key == m.key)
            return &m;
    return nullptr;
}

std::string metricKeys()
{
    std::string out;
    for (const auto& m : metricTable())
        out += (out.empty() ? "" : ", ") + std::string(m.key);
    return out;
}

std::optional<double> metricValue(const nlohmann::json& summary, const std::string& key)
{
    if (!summary.is_object())
        return std::nullopt;
    const auto it = summary.find(key);
    if (it == summary.end() || !it->is_number())
        return std::nullopt;
    return it->get<double>();
}

} // namespace lorascope
