// SPDX-License-Identifier: Apache-2.0
#include "replay/timeline.h"

#include <algorithm>
#include <cmath>

namespace lorascope {

ReplayTimeline::ReplayTimeline(double binSeconds)
    : m_bin(binSeconds > 0 ? binSeconds : 1.0)
{
}

TimelineBin& ReplayTimeline::binAt(double t)
{
    const auto i = std::size_t(std::max(0.0, std::floor(t / m_bin)));
    // Bound the vector: a bogus time (days) must not allocate gigabytes.
    const auto index = std::min<std::size_t>(i, 1'000'000);
    while (m_bins.size() <= index) {
        TimelineBin b;
        b.start = double(m_bins.size()) * m_bin;
        m_bins.push_back(std::move(b));
    }
    return m_bins[index];
}

void ReplayTimeline::setSchedule(const std::vector<double>& scheduled)
{
    for (double t : scheduled)
        if (std::isfinite(t))
            ++binAt(t).scheduled;
}

void ReplayTimeline::add(const ReplayRecord& r)
{
    if (std::isfinite(r.sent))
        ++binAt(r.sent).sent;
    if (!std::isfinite(r.end))
        return;
    auto& b = binAt(r.end);
    if (r.outcome == Outcome::Completed) {
        ++b.completed;
        b.outputTokens += r.outputTokens();
        if (std::isfinite(r.ttft()))
            b.ttftMs.push_back(r.ttft() * 1e3);
        if (std::isfinite(r.e2el()))
            b.e2elMs.push_back(r.e2el() * 1e3);
    } else if (r.outcome == Outcome::Failed) {
        ++b.failed;
        ++m_errors[r.errorKind.empty() ? std::string("unknown") : r.errorKind];
    }
}

void ReplayTimeline::addStatus(const ReplayStatus& s)
{
    if (!m_inFlight.empty() && s.elapsed - m_inFlight.back().first < m_bin / 10)
        return;
    m_inFlight.emplace_back(s.elapsed, double(s.inFlight));
}

double ReplayTimeline::binPercentile(const std::vector<double>& values, double pct)
{
    if (values.empty())
        return std::nan("");
    auto v = values;
    std::sort(v.begin(), v.end());
    const double pos = pct / 100.0 * double(v.size() - 1);
    const auto lo = std::size_t(pos);
    const auto hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (pos - double(lo)) * (v[hi] - v[lo]);
}

} // namespace lorascope
