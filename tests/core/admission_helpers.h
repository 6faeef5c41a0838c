// SPDX-License-Identifier: Apache-2.0
#pragma once
// Helpers shared by the admission tests: small hand-made traces and step-clock runs.

#include "admission/engine.h"

#include <initializer_list>
#include <string>
#include <vector>

namespace lorascope::test {

/// One hand-made request: arrival, input, output, adapter index (or kNoAdapter).
struct Req {
    double time = 0;
    std::uint32_t in = 0;
    std::uint32_t out = 0;
    std::uint32_t adapter = kNoAdapter;
};

/// One request for the online engine: id, arrival, input, output, adapter index and rank.
inline SimRequest sim(
    std::uint64_t id, double t, std::uint32_t in, std::uint32_t out, std::uint32_t adapter = kNoAdapter, int rank = 0)
{
    return { id, t, in, out, adapter, rank, {} };
}

inline Trace makeTrace(const std::vector<Req>& reqs, const std::vector<int>& ranks = {})
{
    Trace t;
    for (std::size_t i = 0; i < ranks.size(); ++i)
        t.adapters.push_back({ "a" + std::to_string(i), ranks[i] });
    for (const Req& r : reqs)
        t.requests.push_back({ r.time, r.adapter, r.in, r.out });
    t.source = "test";
    return t;
}

inline SchedulerConfig sloraConfig(std::int64_t maxTotal = 6000, std::int64_t batchMax = 0)
{
    SchedulerConfig c;
    c.limits.maxTotalTokenNum = maxTotal;
    c.limits.batchMaxTokens = batchMax;
    return c;
}

inline SimulationResult runSteps(const Trace& trace, const SchedulerConfig& config)
{
    SimulationConfig sc;
    sc.scheduler = config;
    sc.clock = ClockKind::Steps;
    return simulate(trace, sc);
}

} // namespace lorascope::test
