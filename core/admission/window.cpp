// SPDX-License-Identifier: Apache-2.0
#include "admission/window.h"

#include <algorithm>
#include <cmath>

namespace lorascope {

namespace {

/// Mean and NumPy-style (linear) p50/p90/p99 of `v` (reordered).
LatencyStats stats(std::vector<double>& v)
{
    LatencyStats s;
    s.count = v.size();
    if (v.empty())
        return s;
    double sum = 0;
    for (double x : v)
        sum += x;
    s.mean = sum / static_cast<double>(v.size());
    std::sort(v.begin(), v.end());
    auto pct = [&](double p) {
        const double pos = p / 100.0 * static_cast<double>(v.size() - 1);
        const auto lo = static_cast<std::size_t>(pos);
        const double hi = lo + 1 < v.size() ? v[lo + 1] : v[lo];
        return v[lo] + (hi - v[lo]) * (pos - static_cast<double>(lo));
    };
    s.p50 = pct(50);
    s.p90 = pct(90);
    s.p99 = pct(99);
    return s;
}

} // namespace

WindowMetrics windowMetrics(const std::vector<RequestRecord>& records, double start, double length)
{
    WindowMetrics w;
    w.start = start;
    w.length = length;
    const double end = start + length;
    std::vector<double> ttft, tpot;
    double decodeTime = 0, gaps = 0;
    for (const RequestRecord& r : records) {
        if (r.arrival < start || r.arrival > end)
            continue;
        ++w.requests;
        if (std::isnan(r.finished) || r.finished > end || std::isnan(r.firstToken))
            continue;
        ++w.completed;
        w.inputTokens += r.inputLen;
        w.outputTokens += r.outputLen;
        ttft.push_back(r.firstToken - r.arrival);
        if (r.outputLen > 1) {
            const double latency = r.finished - r.firstToken;
            tpot.push_back(latency / static_cast<double>(r.outputLen - 1));
            decodeTime += latency;
            gaps += static_cast<double>(r.outputLen - 1);
        }
    }
    if (length > 0) {
        w.requestThroughput = static_cast<double>(w.completed) / length;
        w.inputThroughput = static_cast<double>(w.inputTokens) / length;
        w.outputThroughput = static_cast<double>(w.outputTokens) / length;
    }
    w.ttft = stats(ttft);
    w.tpot = stats(tpot);
    w.itlMean = gaps > 0 ? decodeTime / gaps : NAN;
    return w;
}

} // namespace lorascope
