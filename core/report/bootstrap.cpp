// SPDX-License-Identifier: Apache-2.0
#include "report/bootstrap.h"

#include "random/rng.h"

#include <boost/math/distributions/normal.hpp>

#include <algorithm>
#include <cmath>

namespace lorascope {

namespace {

std::size_t slot(Sample s)
{
    return static_cast<std::size_t>(s);
}

// Weighted statistics of a sorted sample, each entry counted as often as its request was drawn.
struct Stats {
    double mean = NAN, stddev = NAN, q50 = NAN, q90 = NAN, q99 = NAN, sum = 0;
};

Stats weightedStats(
    const std::vector<std::pair<double, std::uint32_t>>& v, const std::vector<std::uint32_t>& counts, bool quantiles)
{
    Stats st;
    std::uint64_t total = 0;
    double sum = 0;
    for (const auto& [x, r] : v) {
        const auto w = counts[r];
        total += w;
        sum += double(w) * x;
    }
    st.sum = sum;
    if (total == 0)
        return st;
    st.mean = sum / double(total);
    if (!quantiles)
        return st;
    double ss = 0;
    // Ranks (0-based, in the expanded sorted list) each quantile needs: NumPy's linear rule.
    struct Target {
        std::uint64_t rank;
        int which; // 0..5: (q50 lo, q50 hi, q90 lo, q90 hi, q99 lo, q99 hi)
    };
    Target targets[6];
    double frac[3];
    const double qs[3] = { 0.5, 0.9, 0.99 };
    for (int i = 0; i < 3; ++i) {
        const double pos = qs[i] * double(total - 1);
        const auto lo = static_cast<std::uint64_t>(pos);
        frac[i] = pos - double(lo);
        targets[2 * i] = { lo, 2 * i };
        targets[2 * i + 1] = { std::min(lo + 1, total - 1), 2 * i + 1 };
    }
    std::sort(std::begin(targets), std::end(targets), [](const Target& a, const Target& b) { return a.rank < b.rank; });
    double at[6] = {};
    int next = 0;
    std::uint64_t cum = 0;
    for (const auto& [x, r] : v) {
        const auto w = counts[r];
        if (w == 0)
            continue;
        ss += double(w) * (x - st.mean) * (x - st.mean);
        cum += w;
        while (next < 6 && targets[next].rank < cum)
            at[targets[next++].which] = x;
    }
    st.stddev = std::sqrt(ss / double(total));
    st.q50 = at[0] + frac[0] * (at[1] - at[0]);
    st.q90 = at[2] + frac[1] * (at[3] - at[2]);
    st.q99 = at[4] + frac[2] * (at[5] - at[4]);
    return st;
}

double quantileSorted(const std::vector<double>& v, double q)
{
    if (v.empty())
        return NAN;
    const double pos = q * double(v.size() - 1);
    const auto lo = std::size_t(pos);
    const auto hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (pos - double(lo)) * (v[hi] - v[lo]);
}

} // namespace

RunSample runSample(const std::vector<const ReplayRecord*>& records, const nlohmann::json& summary)
{
    RunSample s;
    s.duration = summary.is_object() ? summary.value("duration", 0.0) : 0.0;
    Slo slo;
    if (summary.is_object() && summary.contains("slo_ms") && summary["slo_ms"].is_object()) {
        const auto& j = summary["slo_ms"];
        if (j.contains("ttft") && j["ttft"].is_number())
            slo.ttftMs = j["ttft"].get<double>();
        if (j.contains("tpot") && j["tpot"].is_number())
            slo.tpotMs = j["tpot"].get<double>();
        if (j.contains("e2el") && j["e2el"].is_number())
            slo.e2elMs = j["e2el"].get<double>();
    }
    const double bound = summary.is_object() ? summary.value("slora_ttft_bound_s", 6.0) : 6.0;
    std::size_t itlTotal = 0;
    for (const auto* r : records)
        if (r->inWindow && r->outcome == Outcome::Completed && r->tokenTimes.size() > 1)
            itlTotal += r->tokenTimes.size() - 1;
    const std::size_t itlStep
        = itlTotal > RunSample::kMaxItl ? (itlTotal + RunSample::kMaxItl - 1) / RunSample::kMaxItl : 1;
    s.itlThinned = itlStep > 1;
    std::size_t itlSeen = 0;
    auto put = [&](Sample which, double v, std::uint32_t idx) { s.values[slot(which)].emplace_back(v, idx); };
    for (const auto* r : records) {
        if (!r->inWindow || r->outcome == Outcome::Cancelled)
            continue;
        const auto idx = static_cast<std::uint32_t>(s.requests++);
        const bool completed = r->outcome == Outcome::Completed;
        const double t = r->ttft(), p = r->tpot(), e = r->e2el();
        // The same rules as summarizeReplay (core/replay/metrics.cpp), request by request.
        const bool attained = completed && std::isfinite(t) && t < bound;
        put(Sample::SloraAttained, attained ? 1.0 : 0.0, idx);
        put(Sample::SloraReward, completed && std::isfinite(t) ? sloraReward(t, bound) : 0.0, idx);
        if (!completed)
            continue;
        const double in = r->reportedInputTokens >= 0 ? double(r->reportedInputTokens) : double(r->inputLen);
        const double out = double(r->outputTokens());
        put(Sample::Completed, 1.0, idx);
        put(Sample::OutputTokens, out, idx);
        put(Sample::TotalTokens, in + out, idx);
        if (std::isfinite(t))
            put(Sample::Ttft, t * 1e3, idx);
        if (std::isfinite(p))
            put(Sample::Tpot, p * 1e3, idx);
        if (std::isfinite(e))
            put(Sample::E2el, e * 1e3, idx);
        if (const double et = r->effectiveTtft(); std::isfinite(et))
            put(Sample::EffectiveTtft, et * 1e3, idx);
        if (const double ee = r->effectiveE2el(); std::isfinite(ee))
            put(Sample::EffectiveE2el, ee * 1e3, idx);
        for (std::size_t i = 1; i < r->tokenTimes.size(); ++i)
            if (itlSeen++ % itlStep == 0)
                put(Sample::Itl, (r->tokenTimes[i] - r->tokenTimes[i - 1]) * 1e3, idx);
        if (slo.any()) {
            bool ok = true;
            if (slo.ttftMs && !(std::isfinite(t) && t * 1e3 <= *slo.ttftMs))
                ok = false;
            if (slo.tpotMs && std::isfinite(p) && p * 1e3 > *slo.tpotMs)
                ok = false;
            if (slo.e2elMs && !(std::isfinite(e) && e * 1e3 <= *slo.e2elMs))
                ok = false;
            if (ok)
                put(Sample::Good, 1.0, idx);
        }
    }
    for (auto& v : s.values)
        std::sort(v.begin(), v.end());
    return s;
}

double valuesPerResample(const RunSample& sample)
{
    double n = double(sample.requests);
    for (const auto& v : sample.values)
        n += double(v.size());
    return n;
}

int effectiveResamples(const BootstrapOptions& o, double values)
{
    const double fit = values > 0 ? o.workBudget / values : double(o.resamples);
    return std::max(std::min(200, o.resamples), std::min(o.resamples, int(std::min(fit, 1e9))));
}

std::vector<std::vector<double>> bootstrapReplicates(const RunSample& sample,
    const std::vector<const MetricInfo*>& metrics, int resamples, std::uint64_t seed, std::uint64_t stream)
{
    std::vector<std::vector<double>> out(metrics.size(), std::vector<double>(std::size_t(std::max(resamples, 0)), NAN));
    const std::size_t n = sample.requests;
    if (n == 0 || resamples <= 0)
        return out;
    // Which samples the metrics need, and whether quantiles are needed of each.
    std::array<bool, RunSample::kSamples> need {}, needQ {};
    for (const auto* m : metrics) {
        need[slot(m->sample)] = true;
        if (m->statistic != Statistic::Mean && m->statistic != Statistic::Share)
            needQ[slot(m->sample)] = true;
    }
    Rng rng(seed, stream);
    std::vector<std::uint32_t> counts(n);
    std::array<Stats, RunSample::kSamples> st;
    for (int b = 0; b < resamples; ++b) {
        std::fill(counts.begin(), counts.end(), 0u);
        for (std::size_t i = 0; i < n; ++i)
            ++counts[rng.below(n)];
        for (std::size_t k = 0; k < RunSample::kSamples; ++k)
            if (need[k])
                st[k] = weightedStats(sample.values[k], counts, needQ[k]);
        for (std::size_t m = 0; m < metrics.size(); ++m) {
            const Stats& s = st[slot(metrics[m]->sample)];
            double v = NAN;
            switch (metrics[m]->statistic) {
            case Statistic::Mean:
                v = s.mean;
                break;
            case Statistic::Median:
                v = s.q50;
                break;
            case Statistic::P90:
                v = s.q90;
                break;
            case Statistic::P99:
                v = s.q99;
                break;
            case Statistic::Std:
                v = s.stddev;
                break;
            case Statistic::Share:
                v = s.sum / double(n); // over every non-cancelled request drawn (n of them)
                break;
            default:
                break;
            }
            out[m][std::size_t(b)] = v;
        }
    }
    return out;
}

DeltaInterval percentileInterval(const std::vector<double>& a, const std::vector<double>& b, double confidence)
{
    DeltaInterval d;
    std::vector<double> diff, rel;
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
        if (!std::isfinite(a[i]) || !std::isfinite(b[i]))
            continue;
        diff.push_back(b[i] - a[i]);
        if (a[i] != 0)
            rel.push_back(b[i] / a[i] - 1.0);
    }
    // Too few replicates with both values (e.g. a handful of requests): no interval.
    if (diff.size() < 20)
        return d;
    std::sort(diff.begin(), diff.end());
    std::sort(rel.begin(), rel.end());
    const double tail = (1.0 - confidence) / 2.0;
    d.diffLow = quantileSorted(diff, tail);
    d.diffHigh = quantileSorted(diff, 1.0 - tail);
    if (rel.size() >= 20) {
        d.relLow = quantileSorted(rel, tail);
        d.relHigh = quantileSorted(rel, 1.0 - tail);
    }
    return d;
}

DeltaInterval rateInterval(const RunSample& a, const RunSample& b, Sample sample, double valueA, double confidence)
{
    DeltaInterval d;
    auto sums = [&](const RunSample& s, double& sx, double& sxx) {
        sx = sxx = 0;
        for (const auto& [x, r] : s.values[slot(sample)]) {
            sx += x;
            sxx += x * x;
        }
    };
    double ax, axx, bx, bxx;
    sums(a, ax, axx);
    sums(b, bx, bxx);
    if (!(ax > 0) || !(bx > 0) || !(a.duration > 0) || !(b.duration > 0) || !std::isfinite(valueA))
        return d;
    const double logRatio = std::log((bx / b.duration) / (ax / a.duration));
    const double se = std::sqrt(axx / (ax * ax) + bxx / (bx * bx));
    const double z = boost::math::quantile(boost::math::normal(), 1.0 - (1.0 - confidence) / 2.0);
    d.relLow = std::exp(logRatio - z * se) - 1.0;
    d.relHigh = std::exp(logRatio + z * se) - 1.0;
    d.diffLow = valueA * d.relLow;
    d.diffHigh = valueA * d.relHigh;
    return d;
}

} // namespace lorascope
