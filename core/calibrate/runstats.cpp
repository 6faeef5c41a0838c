// SPDX-License-Identifier: Apache-2.0
// S-LoRA's get_res_stats (benchmarks/run_exp.py at commit c1ddf48) transcribed, and the client's
// view of the admission engine's records.

#include "calibrate/runstats.h"

#include <limits>

namespace lorascope {

const char* metricKey(Metric m)
{
    switch (m) {
    case Metric::Throughput:
        return "throughput";
    case Metric::AvgLatency:
        return "avg_latency";
    case Metric::AvgFirstTokenLatency:
        return "avg_first_token_latency";
    case Metric::AvgPerOutputTokenLatency:
        return "avg_per_output_token_latency";
    case Metric::Attainment:
        return "avg_attainment";
    case Metric::Tpot:
        return "tpot";
    }
    return "";
}

const char* metricShort(Metric m)
{
    switch (m) {
    case Metric::Throughput:
        return "thr";
    case Metric::AvgLatency:
        return "lat";
    case Metric::AvgFirstTokenLatency:
        return "ftl";
    case Metric::AvgPerOutputTokenLatency:
        return "potl";
    case Metric::Attainment:
        return "att";
    case Metric::Tpot:
        return "tpot";
    }
    return "";
}

MetricValues RunStats::metrics() const
{
    MetricValues v = noMetrics();
    at(v, Metric::Throughput) = throughput;
    at(v, Metric::AvgLatency) = avgLatency;
    at(v, Metric::AvgFirstTokenLatency) = avgFirstTokenLatency;
    at(v, Metric::AvgPerOutputTokenLatency) = avgPerOutputTokenLatency;
    at(v, Metric::Attainment) = avgAttainment;
    at(v, Metric::Tpot) = meanTpot;
    return v;
}

namespace {

// slora/utils/metric.py
double reward(double t)
{
    return t < 6.0 ? 1.0 - t * t / 36.0 : 0.0;
}
double attainment(double t)
{
    return t < 6.0 ? 1.0 : 0.0;
}

double meanOf(double sum, std::size_t n)
{
    return n == 0 ? NAN : sum / static_cast<double>(n);
} // np.mean([]) is nan

} // namespace

RunStats sloraRunStats(const std::vector<ClientRequest>& requests)
{
    RunStats s;
    double benchmarkTime = 0;
    std::size_t ok = 0, tpotCount = 0;
    double latency = 0, perToken = 0, perOutput = 0, first = 0, satisfaction = 0, attained = 0, tpot = 0;
    for (const ClientRequest& r : requests) {
        benchmarkTime = std::max(benchmarkTime, r.end); // asyncio.gather returns after the last response
        if (r.aborted || std::isnan(r.firstToken)) { // first_token_latency is None
            ++s.numAbort;
            continue;
        }
        ++ok;
        const double lat = r.end - r.start;
        const double ftl = r.firstToken - r.start;
        latency += lat;
        perToken += lat / static_cast<double>(r.promptLen + r.outputLen);
        perOutput += lat / static_cast<double>(r.outputLen);
        first += ftl;
        satisfaction += reward(ftl);
        attained += attainment(ftl);
        if (r.outputLen > 1) {
            tpot += (lat - ftl) / static_cast<double>(r.outputLen - 1);
            ++tpotCount;
        }
    }
    const std::size_t all = ok + static_cast<std::size_t>(s.numAbort);
    s.totalTime = benchmarkTime;
    s.throughput = benchmarkTime > 0 ? static_cast<double>(ok) / benchmarkTime : NAN;
    s.avgLatency = meanOf(latency, ok);
    s.avgPerTokenLatency = meanOf(perToken, ok);
    s.avgPerOutputTokenLatency = meanOf(perOutput, ok);
    s.avgFirstTokenLatency = meanOf(first, ok);
    s.avgSatisfaction = meanOf(satisfaction, all); // aborted requests add 0 (abort_satisfaction)
    s.avgAttainment = meanOf(attained, all);
    s.meanTpot = meanOf(tpot, tpotCount);
    return s;
}

std::vector<ClientRequest> clientView(const SimulationResult& result, const ClientModel& client)
{
    std::vector<ClientRequest> out;
    out.reserve(result.requests.size());
    const double inf = std::numeric_limits<double>::infinity();
    for (const RequestRecord& r : result.requests) {
        ClientRequest c;
        c.start = r.arrival;
        c.promptLen = r.inputLen;
        c.outputLen = r.outputLen;
        if (r.rejected != RejectReason::None) {
            c.aborted = true;
            c.end = r.arrival;
        } else if (r.dropped != DropReason::None) {
            c.aborted = true;
            const double waited = std::isnan(r.droppedAt) ? 0.0 : r.droppedAt - r.arrival;
            const double poll = client.abortPollSeconds > 0 ? client.abortPollSeconds : 0.0;
            c.end = r.arrival + (poll > 0 ? poll * std::max(1.0, std::floor(waited / poll) + 1.0) : waited)
                + client.responseDelay;
        } else if (std::isnan(r.finished)) {
            c.firstToken = std::isnan(r.firstToken) ? inf : r.firstToken + client.responseDelay;
            c.end = inf;
        } else {
            c.firstToken = r.firstToken + client.responseDelay;
            c.end = r.finished + client.responseDelay;
        }
        out.push_back(c);
    }
    return out;
}

RunStats predictRun(
    const Trace& trace, const SchedulerConfig& scheduler, const CostModel& cost, const ClientModel& client)
{
    SimulationConfig config;
    config.scheduler = scheduler;
    config.clock = ClockKind::Model;
    config.cost = cost;
    config.recordTimeline = false;
    const SimulationResult result = simulate(trace, config);
    return sloraRunStats(clientView(result, client));
}

} // namespace lorascope
