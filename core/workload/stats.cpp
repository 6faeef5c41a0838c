// SPDX-License-Identifier: Apache-2.0
#include "workload/stats.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace lorascope {

std::uint64_t Histogram::total() const
{
    return std::accumulate(counts.begin(), counts.end(), underflow + overflow);
}

double percentile(std::vector<double> values, double pct)
{
    if (values.empty())
        return std::numeric_limits<double>::quiet_NaN();
    const double pos = pct / 100.0 * static_cast<double>(values.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const auto hi = std::min(lo + 1, values.size() - 1);
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(lo), values.end());
    const double a = values[lo];
    if (hi == lo)
        return a;
    const double b = *std::min_element(values.begin() + static_cast<std::ptrdiff_t>(lo) + 1, values.end());
    return a + (pos - static_cast<double>(lo)) * (b - a);
}

namespace {

/// Percentiles of integer lengths via a counting pass (lengths are bounded, this is O(n)).
LengthStats lengthStats(const std::vector<std::uint32_t>& counts, std::uint32_t lo, std::uint32_t hi,
    std::uint64_t total, double sum, int bins)
{
    LengthStats s;
    if (total == 0)
        return s;
    s.min = lo;
    s.max = hi;
    s.mean = sum / static_cast<double>(total);
    auto quantile = [&](double pct) {
        // NumPy-style linear interpolation between order statistics k and k+1.
        const double pos = pct / 100.0 * static_cast<double>(total - 1);
        const auto k = static_cast<std::uint64_t>(std::floor(pos));
        std::uint64_t acc = 0;
        double a = 0, b = 0;
        bool haveA = false;
        for (std::uint32_t v = lo; v <= hi; ++v) {
            acc += counts[v - lo];
            if (!haveA && acc > k) {
                a = v;
                haveA = true;
            }
            if (acc > k + 1 || (acc > k && k + 1 >= total)) {
                b = v;
                break;
            }
        }
        return a + (pos - static_cast<double>(k)) * (b - a);
    };
    s.p50 = quantile(50);
    s.p90 = quantile(90);
    s.p99 = quantile(99);
    // Linear bins of integer width covering [lo, hi].
    const std::uint32_t span = hi - lo + 1;
    const std::uint32_t width
        = std::max<std::uint32_t>(1, (span + static_cast<std::uint32_t>(bins) - 1) / static_cast<std::uint32_t>(bins));
    const std::uint32_t nb = (span + width - 1) / width;
    s.histogram.edges.resize(nb + 1);
    s.histogram.counts.assign(nb, 0);
    for (std::uint32_t b = 0; b <= nb; ++b)
        s.histogram.edges[b] = static_cast<double>(lo) + static_cast<double>(b) * width;
    for (std::uint32_t v = lo; v <= hi; ++v)
        s.histogram.counts[(v - lo) / width] += counts[v - lo];
    return s;
}

/// Length statistics of one field of the requests: a counting pass when the lengths span a range
/// no wider than a few times the number of requests (O(n + span)), otherwise the sorted lengths
/// (O(n log n)): the memory is never more than the requests' own, whatever the lengths' range
/// (a trace of lengths 1 and 10^7 needs no 10^7-entry table).
LengthStats lengthStatsOf(const std::vector<Request>& reqs, std::uint32_t Request::*field, std::uint32_t lo,
    std::uint32_t hi, double sum, int bins)
{
    const std::uint64_t n = reqs.size();
    const std::uint64_t span = std::uint64_t { hi } - lo + 1;
    if (span <= std::max<std::uint64_t>(4 * n, 1u << 16)) {
        std::vector<std::uint32_t> counts(static_cast<std::size_t>(span), 0);
        for (const auto& r : reqs)
            ++counts[r.*field - lo];
        return lengthStats(counts, lo, hi, n, sum, bins);
    }
    std::vector<std::uint32_t> v;
    v.reserve(reqs.size());
    for (const auto& r : reqs)
        v.push_back(r.*field);
    std::sort(v.begin(), v.end());
    LengthStats s;
    s.min = lo;
    s.max = hi;
    s.mean = sum / static_cast<double>(n);
    auto quantile = [&](double pct) {
        // The same interpolation as lengthStats: order statistics k and k+1.
        const double pos = pct / 100.0 * static_cast<double>(n - 1);
        const auto k = static_cast<std::size_t>(std::floor(pos));
        const double a = v[k], b = v[std::min<std::size_t>(k + 1, v.size() - 1)];
        return a + (pos - static_cast<double>(k)) * (b - a);
    };
    s.p50 = quantile(50);
    s.p90 = quantile(90);
    s.p99 = quantile(99);
    const std::uint64_t nbins = static_cast<std::uint64_t>(std::max(1, bins));
    const std::uint64_t width = std::max<std::uint64_t>(1, (span + nbins - 1) / nbins);
    const std::uint64_t nb = (span + width - 1) / width;
    s.histogram.edges.resize(static_cast<std::size_t>(nb) + 1);
    s.histogram.counts.assign(static_cast<std::size_t>(nb), 0);
    for (std::uint64_t b = 0; b <= nb; ++b)
        s.histogram.edges[static_cast<std::size_t>(b)] = static_cast<double>(lo) + static_cast<double>(b * width);
    for (const auto x : v)
        ++s.histogram.counts[static_cast<std::size_t>((x - lo) / width)];
    return s;
}

} // namespace

std::pair<double, double> fitPowerAlpha(const std::vector<std::uint64_t>& counts)
{
    const std::size_t n = counts.size();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::uint64_t total = 0;
    for (auto c : counts)
        total += c;
    if (n < 2 || total == 0)
        return { nan, nan };
    // log((i+1)/n) for i = 0..n-1; P(i) = exp(α·a[i]) − exp(α·a[i−1]) with exp(α·a[−1]) = 0.
    std::vector<double> a(n);
    for (std::size_t i = 0; i < n; ++i)
        a[i] = std::log(static_cast<double>(i + 1) / static_cast<double>(n));
    auto logLik = [&](double alpha) {
        double ll = 0, prev = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const double cur = std::exp(alpha * a[i]);
            if (counts[i] > 0) {
                const double p = cur - prev;
                if (!(p > 0))
                    return -std::numeric_limits<double>::infinity();
                ll += static_cast<double>(counts[i]) * std::log(p);
            }
            prev = cur;
        }
        return ll;
    };
    // Golden-section search on log α: the log-likelihood is unimodal in α.
    double lo = std::log(1e-4), hi = std::log(1e3);
    const double g = 0.5 * (std::sqrt(5.0) - 1.0);
    double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
    double f1 = logLik(std::exp(x1)), f2 = logLik(std::exp(x2));
    for (int it = 0; it < 80; ++it) {
        if (f1 < f2) {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + g * (hi - lo);
            f2 = logLik(std::exp(x2));
        } else {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - g * (hi - lo);
            f1 = logLik(std::exp(x1));
        }
    }
    const double alpha = std::exp(0.5 * (lo + hi));
    // Standard error from the numerical second derivative of the log-likelihood.
    const double h = alpha * 1e-3;
    const double d2 = (logLik(alpha + h) - 2 * logLik(alpha) + logLik(alpha - h)) / (h * h);
    const double se = d2 < 0 ? 1.0 / std::sqrt(-d2) : nan;
    return { alpha, se };
}

TraceStats computeStats(const Trace& trace, const ServerLimits& limits, const StatsOptions& options)
{
    TraceStats st;
    st.maxReqInputLen = limits.maxReqInputLen;
    st.maxReqTotalLen = limits.maxReqTotalLen;
    const auto& reqs = trace.requests;
    const std::size_t n = reqs.size();
    const std::size_t nAdapters = trace.adapters.size();
    st.count = n;
    st.windowStart = trace.windowStart();
    st.windowEnd = trace.window();
    st.window = trace.windowLength();
    st.achievedRate = st.window > 0 ? static_cast<double>(n) / st.window : 0.0;
    st.perAdapterCount.assign(nAdapters, 0);

    // One pass: gaps (overall and per adapter, Welford), lengths, limits.
    std::vector<double> lastTime(options.perAdapterCv ? nAdapters : 0, -1.0);
    std::vector<double> gapSum(lastTime.size(), 0.0), gapSq(lastTime.size(), 0.0);
    std::vector<std::uint32_t> gapN(lastTime.size(), 0);
    std::uint32_t inLo = std::numeric_limits<std::uint32_t>::max(), inHi = 0, outLo = inLo, outHi = 0;
    double inSum = 0, outSum = 0;
    double gMean = 0, gM2 = 0;
    double gMin = std::numeric_limits<double>::infinity(), gMax = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const Request& r = reqs[i];
        if (i > 0) {
            const double g = r.time - reqs[i - 1].time;
            const double d = g - gMean;
            gMean += d / static_cast<double>(i);
            gM2 += d * (g - gMean);
            if (g > 0)
                gMin = std::min(gMin, g);
            gMax = std::max(gMax, g);
        }
        if (r.adapter != kNoAdapter && r.adapter < nAdapters) {
            ++st.perAdapterCount[r.adapter];
            if (options.perAdapterCv) {
                double& last = lastTime[r.adapter];
                if (last >= 0) {
                    const double g = r.time - last;
                    gapSum[r.adapter] += g;
                    gapSq[r.adapter] += g * g;
                    ++gapN[r.adapter];
                }
                last = r.time;
            }
        }
        inLo = std::min(inLo, r.inputLen);
        inHi = std::max(inHi, r.inputLen);
        outLo = std::min(outLo, r.outputLen);
        outHi = std::max(outHi, r.outputLen);
        inSum += r.inputLen;
        outSum += r.outputLen;
        const bool overIn = r.inputLen > limits.maxReqInputLen;
        const bool overTot = static_cast<std::int64_t>(r.inputLen) + r.outputLen > limits.maxReqTotalLen;
        st.overInputLimit += overIn;
        st.overTotalLimit += overTot;
        st.overAnyLimit += overIn || overTot;
    }
    if (n > 1) {
        st.gapMean = gMean;
        const double var = gM2 / static_cast<double>(n - 2 > 0 ? n - 2 : 1);
        st.gapCv = gMean > 0 ? std::sqrt(var) / gMean : 0.0;
    }
    if (options.perAdapterCv) {
        st.perAdapterCv.assign(nAdapters, std::numeric_limits<double>::quiet_NaN());
        for (std::size_t a = 0; a < nAdapters; ++a) {
            const auto m = gapN[a];
            if (m >= 2) {
                const double mean = gapSum[a] / m;
                const double var = std::max(0.0, (gapSq[a] - m * mean * mean) / (m - 1));
                st.perAdapterCv[a] = mean > 0 ? std::sqrt(var) / mean : 0.0;
            }
        }
    }
    for (auto c : st.perAdapterCount)
        st.adaptersUsed += c > 0;
    std::tie(st.fittedAlpha, st.fittedAlphaStdErr) = fitPowerAlpha(st.perAdapterCount);

    if (n > 0) {
        st.input = lengthStatsOf(reqs, &Request::inputLen, inLo, inHi, inSum, options.lengthBins);
        st.output = lengthStatsOf(reqs, &Request::outputLen, outLo, outHi, outSum, options.lengthBins);
    }

    // Gap histogram: log-spaced bins over the bulk of the gaps, from the 0.5 % to the 99.5 %
    // quantile (at most six decades wide); gaps outside (zero gaps of simultaneous arrivals too)
    // are counted in the underflow and overflow bins, so a few extreme gaps at high cv neither
    // stretch the axis nor pile up in the first bin.
    if (n > 1 && gMax > 0) {
        const int nb = std::max(1, options.gapBins);
        // Quantiles from a fine log histogram (40 bins per decade): two passes, no sort.
        const double fineLo = std::log10(std::min(gMin, gMax)), fineHi = std::log10(gMax);
        const int perDecade = 40;
        const int fineBins = std::clamp(static_cast<int>(std::ceil((fineHi - fineLo) * perDecade)), 1, 40000);
        const double fineScale = fineHi > fineLo ? fineBins / (fineHi - fineLo) : 0.0;
        std::vector<std::uint64_t> fine(static_cast<std::size_t>(fineBins), 0);
        std::uint64_t zeros = 0;
        for (std::size_t i = 1; i < n; ++i) {
            const double g = reqs[i].time - reqs[i - 1].time;
            if (!(g > 0)) {
                ++zeros;
                continue;
            }
            const int b = std::clamp(static_cast<int>((std::log10(g) - fineLo) * fineScale), 0, fineBins - 1);
            ++fine[static_cast<std::size_t>(b)];
        }
        const double total = static_cast<double>(n - 1);
        auto fineEdge = [&](int b) { return fineLo + (fineHi - fineLo) * b / fineBins; };
        auto quantileEdge = [&](double q, bool upper) {
            // The fine-bin edge below (or above) which a share q of all gaps lies; zero gaps count lowest.
            double cum = static_cast<double>(zeros);
            for (int b = 0; b < fineBins; ++b) {
                cum += static_cast<double>(fine[static_cast<std::size_t>(b)]);
                if (cum >= q * total)
                    return fineEdge(upper ? b + 1 : b);
            }
            return fineHi;
        };
        double hi = std::min(quantileEdge(0.995, true), fineHi);
        double lo = std::max(quantileEdge(0.005, false), fineLo);
        if (hi - lo > 6.0)
            lo = hi - 6.0;
        if (hi - lo < 0.5) {
            // Nearly constant gaps: half a decade around them.
            const double mid = 0.5 * (hi + lo);
            lo = mid - 0.25;
            hi = mid + 0.25;
        }
        // The extreme gaps get their own bins only when they lie clearly outside.
        if (fineLo >= lo - 1e-9)
            lo = fineLo - 1e-9;
        if (fineHi <= hi + 1e-9)
            hi = fineHi + 1e-9;
        st.gaps.edges.resize(static_cast<std::size_t>(nb) + 1);
        st.gaps.counts.assign(static_cast<std::size_t>(nb), 0);
        for (int b = 0; b <= nb; ++b)
            st.gaps.edges[static_cast<std::size_t>(b)] = std::pow(10.0, lo + (hi - lo) * b / nb);
        const double scale = nb / (hi - lo);
        st.gaps.underflow = zeros;
        for (std::size_t i = 1; i < n; ++i) {
            const double g = reqs[i].time - reqs[i - 1].time;
            if (!(g > 0))
                continue;
            const double x = std::log10(g);
            if (x < lo) {
                ++st.gaps.underflow;
            } else if (x > hi) {
                ++st.gaps.overflow;
            } else {
                const int b = std::clamp(static_cast<int>((x - lo) * scale), 0, nb - 1);
                ++st.gaps.counts[static_cast<std::size_t>(b)];
            }
        }
    }
    // Timeline: arrivals per bin over [0, windowEnd], the time axis of the charts.
    if (st.windowEnd > 0) {
        const int nb = std::max(1, options.timelineBins);
        st.timeline.edges.resize(static_cast<std::size_t>(nb) + 1);
        st.timeline.counts.assign(static_cast<std::size_t>(nb), 0);
        for (int b = 0; b <= nb; ++b)
            st.timeline.edges[static_cast<std::size_t>(b)] = st.windowEnd * b / nb;
        for (const auto& r : reqs) {
            int b = static_cast<int>(r.time / st.windowEnd * nb);
            b = std::clamp(b, 0, nb - 1);
            ++st.timeline.counts[static_cast<std::size_t>(b)];
        }
    }
    st.sessions = computeSessionStats(trace); // workload/sessionstats.cpp
    return st;
}

} // namespace lorascope
