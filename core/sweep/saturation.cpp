// SPDX-License-Identifier: Apache-2.0
// GuideLLM's over-saturation test (its OverSaturationConstraint), apart from the per-point
// metrics that use it: sliding windows of in-flight counts and TTFTs, and a slope significance test.
#include "sweep/metrics.h"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>

namespace lorascope {

namespace {

// Online least squares for GuideLLM's slope test: sums of a sliding window of (x, y) points.
class SlopeWindow {
public:
    void add(double x, double y)
    {
        m_points.emplace_back(x, y);
        m_sx += x;
        m_sy += y;
        m_sxx += x * x;
        m_sxy += x * y;
        m_syy += y * y;
    }
    void popFront()
    {
        const auto [x, y] = m_points.front();
        m_points.pop_front();
        m_sx -= x;
        m_sy -= y;
        m_sxx -= x * x;
        m_sxy -= x * y;
        m_syy -= y * y;
    }
    std::size_t size() const { return m_points.size(); }
    double frontX() const { return m_points.front().first; }
    double frontY() const { return m_points.front().second; }

    /// Positive slope whose margin of error (t-quantile · standard error, relative to the slope)
    /// is below `moeThreshold`, with `effectiveN` samples (GuideLLM: min(seconds, points), since
    /// requests of the same second are correlated).
    bool significantlyPositive(double effectiveN, double moeThreshold = 2.0, double confidence = 0.95) const
    {
        if (effectiveN < 3 || m_points.empty())
            return false;
        const double n = static_cast<double>(m_points.size());
        constexpr double eps = 1e-12;
        const double sxx = std::max(m_sxx - m_sx * m_sx / n, eps);
        const double sxy = m_sxy - m_sx * m_sy / n;
        const double syy = m_syy - m_sy * m_sy / n;
        const double slope = sxy / sxx;
        const double rss = std::max(syy - sxy * sxy / sxx, 0.0);
        const double dof = effectiveN - 2;
        if (!(dof > 0))
            return false;
        const double se = std::sqrt(rss / dof / sxx);
        const boost::math::students_t dist(dof);
        const double t = boost::math::quantile(dist, 1.0 - (1.0 - confidence) / 2.0);
        const double moe = t * se / std::max(slope, eps);
        return slope > 0 && moe < moeThreshold;
    }

private:
    std::deque<std::pair<double, double>> m_points;
    double m_sx = 0, m_sy = 0, m_sxx = 0, m_sxy = 0, m_syy = 0;
};

} // namespace

OverSaturation detectOverSaturation(const std::vector<RequestTiming>& requests)
{
    // GuideLLM's defaults (OverSaturationConstraint): min 30 s, window 120 s and 75 % of the
    // requests seen, TTFT violation above 2.5 s, at least 5 points, MOE threshold 2, 95 %.
    constexpr double kMinDuration = 30.0, kMaxWindow = 120.0, kWindowRatio = 0.75, kMinTtft = 2.5;
    constexpr double kMinWindowSize = 5;
    struct Event {
        double t;
        int kind; // 0 = finish leaves flight, 1 = start, 2 = first token
        double ttft;
    };
    std::vector<Event> events;
    events.reserve(requests.size() * 3);
    double origin = std::numeric_limits<double>::infinity();
    for (const RequestTiming& r : requests) {
        if (!std::isfinite(r.start))
            continue;
        origin = std::min(origin, r.start);
        events.push_back({ r.start, 1, 0 });
        if (std::isfinite(r.firstToken))
            events.push_back({ r.firstToken, 2, r.firstToken - r.start });
        if (std::isfinite(r.finish))
            events.push_back({ r.finish, 0, 0 });
    }
    OverSaturation out;
    if (events.empty())
        return out;
    std::sort(events.begin(), events.end(),
        [](const Event& a, const Event& b) { return a.t < b.t || (a.t == b.t && a.kind < b.kind); });
    SlopeWindow started, ttfts;
    std::deque<bool> violations; // parallel to ttfts: ttft above the threshold
    std::size_t violationCount = 0;
    std::uint64_t startedEver = 0, finishedEver = 0;
    std::int64_t inFlight = 0;
    for (const Event& e : events) {
        const double t = e.t - origin;
        if (e.kind == 0) {
            --inFlight;
            continue;
        }
        if (e.kind == 1) {
            ++inFlight;
            ++startedEver;
            started.add(t, static_cast<double>(inFlight));
        } else {
            ++finishedEver;
            ttfts.add(t, e.ttft);
            const bool v = e.ttft > kMinTtft;
            violations.push_back(v);
            violationCount += v;
        }
        // Prune: at most 75 % of the points seen, and none older than 120 s.
        auto pruneTtft = [&] {
            ttfts.popFront();
            violationCount -= violations.front();
            violations.pop_front();
        };
        while (ttfts.size() > static_cast<std::size_t>(static_cast<double>(finishedEver) * kWindowRatio))
            pruneTtft();
        while (ttfts.size() > 0 && t - ttfts.frontX() > kMaxWindow)
            pruneTtft();
        while (started.size() > static_cast<std::size_t>(static_cast<double>(startedEver) * kWindowRatio))
            started.popFront();
        while (started.size() > 0 && t - started.frontX() > kMaxWindow)
            started.popFront();

        const double concurrentN = std::min(t, static_cast<double>(started.size()));
        const double ttftN = std::min(t, static_cast<double>(ttfts.size()));
        if (t < kMinDuration || ttfts.size() > 2 * violationCount || t < kMinTtft || concurrentN < kMinWindowSize)
            continue;
        const bool concurrentUp = started.significantlyPositive(concurrentN);
        const bool alert = ttftN < kMinWindowSize ? concurrentUp : (concurrentUp && ttfts.significantlyPositive(ttftN));
        if (alert) {
            out.detected = true;
            out.at = e.t;
            return out;
        }
    }
    return out;
}

} // namespace lorascope
