// SPDX-License-Identifier: Apache-2.0
// Fitting adapter popularity (fit.h): power-function α and Zipf s by maximum likelihood, with the
// bias of matching ranks by count corrected by simulation when the file gives no order.

#include "fit/fit.h"

#include "fit/fitmath.h"
#include "random/rng.h"
#include "workload/stats.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

namespace lorascope {

using fitmath::kNaN;
using fitmath::maximize1d;

namespace {

std::vector<double> powerShares(double alpha, std::size_t n)
{
    std::vector<double> p(n);
    double prev = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double cur = std::pow(static_cast<double>(i + 1) / static_cast<double>(n), alpha);
        p[i] = cur - prev;
        prev = cur;
    }
    return p;
}

std::vector<double> zipfShares(double s, std::size_t n)
{
    std::vector<double> p(n);
    double total = 0;
    for (std::size_t i = 0; i < n; ++i)
        total += p[i] = std::pow(static_cast<double>(i + 1), -s);
    for (auto& v : p)
        v /= total;
    return p;
}

double logLikelihood(const std::vector<std::uint64_t>& counts, const std::vector<double>& p)
{
    double ll = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        if (counts[i] == 0)
            continue;
        if (!(p[i] > 0))
            return -std::numeric_limits<double>::infinity();
        ll += static_cast<double>(counts[i]) * std::log(p[i]);
    }
    return ll;
}

/// Per-adapter counts of `total` requests with shares p: Poisson counts (normal approximation for
/// large means), which is what the sorted-count bias depends on.
std::vector<std::uint64_t> simulateCounts(const std::vector<double>& p, double total, Rng& rng)
{
    std::vector<std::uint64_t> c(p.size());
    for (std::size_t i = 0; i < p.size(); ++i) {
        const double m = p[i] * total;
        double k;
        if (m > 40) {
            k = std::round(m + std::sqrt(m) * sampleNormal(rng));
        } else {
            // Inversion by sequential search.
            const double u = rng.uniform();
            double prob = std::exp(-m), cdf = prob;
            k = 0;
            while (u > cdf && k < 10000) {
                k += 1;
                prob *= m / k;
                cdf += prob;
            }
        }
        c[i] = static_cast<std::uint64_t>(std::max(0.0, k));
    }
    return c;
}

std::vector<std::uint64_t> sortedCounts(std::vector<std::uint64_t> c, bool descending)
{
    if (descending)
        std::sort(c.begin(), c.end(), std::greater<>());
    else
        std::sort(c.begin(), c.end());
    return c;
}

/// Finds θ in [lo, hi] with E[estimate(sorted simulated counts | θ)] = target, assuming the
/// expectation increases with θ. Common random numbers keep the search smooth.
double calibrate(double target, double lo, double hi, const std::function<std::vector<double>(double)>& shares,
    const std::function<double(const std::vector<std::uint64_t>&)>& estimate, double total, std::uint64_t seed,
    int reps)
{
    auto expected = [&](double theta) {
        Rng rng(seed, 0x63616c);
        const auto p = shares(theta);
        double acc = 0;
        int used = 0;
        for (int r = 0; r < reps; ++r) {
            const double e = estimate(simulateCounts(p, total, rng));
            if (std::isfinite(e)) { // an all-zero simulation has no estimate
                acc += e;
                ++used;
            }
        }
        return used ? acc / used : std::numeric_limits<double>::quiet_NaN();
    };
    if (!std::isfinite(target))
        return target;
    if (!(expected(lo) < target))
        return lo;
    if (!(expected(hi) > target))
        return hi;
    for (int it = 0; it < 30; ++it) {
        const double mid = std::sqrt(lo * hi);
        if (!(expected(mid) >= target))
            lo = mid;
        else
            hi = mid;
        if (hi / lo < 1.0005)
            break;
    }
    return std::sqrt(lo * hi);
}

double ksShares(const std::vector<std::uint64_t>& counts, const std::vector<double>& p)
{
    const double total = static_cast<double>(std::accumulate(counts.begin(), counts.end(), std::uint64_t { 0 }));
    double a = 0, b = 0, d = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        a += static_cast<double>(counts[i]) / total;
        b += p[i];
        d = std::max(d, std::abs(a - b));
    }
    return d;
}

} // namespace

std::pair<double, double> fitZipfS(const std::vector<std::uint64_t>& counts)
{
    const std::size_t n = counts.size();
    const std::uint64_t total = std::accumulate(counts.begin(), counts.end(), std::uint64_t { 0 });
    if (n < 2 || total == 0)
        return { kNaN, kNaN };
    std::vector<double> logRank(n);
    double sumLog = 0;
    for (std::size_t i = 0; i < n; ++i) {
        logRank[i] = std::log(static_cast<double>(i + 1));
        sumLog += static_cast<double>(counts[i]) * logRank[i];
    }
    auto ll = [&](double s) {
        double z = 0;
        for (std::size_t i = 0; i < n; ++i)
            z += std::exp(-s * logRank[i]);
        return -s * sumLog - static_cast<double>(total) * std::log(z);
    };
    const double s = maximize1d(ll, 0.0, 20.0);
    return { s, ll(s) };
}

PopularityFit fitPopularity(const std::vector<std::uint64_t>& counts, bool orderKnown, std::uint64_t seed)
{
    PopularityFit f;
    f.adapters = static_cast<std::uint32_t>(counts.size());
    f.orderKnown = orderKnown;
    const std::size_t n = counts.size();
    const double total = static_cast<double>(std::accumulate(counts.begin(), counts.end(), std::uint64_t { 0 }));
    if (n < 2 || total == 0) {
        f.alpha = 1;
        f.chosen = PopularityKind::Uniform;
        return f;
    }
    if (orderKnown) {
        std::tie(f.alpha, f.alphaStdErr) = fitPowerAlpha(counts);
        f.alphaLogLik = logLikelihood(counts, powerShares(f.alpha, n));
        std::tie(f.zipfS, f.zipfLogLik) = fitZipfS(counts);
    } else {
        // Without the ranks, matching the largest count to the most popular rank is the profile
        // maximum likelihood over all orders; it exaggerates skew (sorted noise looks skewed), so
        // the estimate is mapped back through simulation to the parameter whose sorted-count
        // estimate has the same expectation.
        const auto desc = sortedCounts(counts, true);
        const auto asc = sortedCounts(counts, false);
        auto alphaDesc = [](const std::vector<std::uint64_t>& c) { return fitPowerAlpha(sortedCounts(c, true)).first; };
        auto alphaAsc = [](const std::vector<std::uint64_t>& c) { return fitPowerAlpha(sortedCounts(c, false)).first; };
        const double aDesc = fitPowerAlpha(desc).first, aAsc = fitPowerAlpha(asc).first;
        const double llDesc = logLikelihood(desc, powerShares(aDesc, n)),
                     llAsc = logLikelihood(asc, powerShares(aAsc, n));
        // Too few requests per adapter (or too many adapters to simulate quickly): no correction.
        const int reps = n > 2000 || total < 5.0 * static_cast<double>(n)
            ? 0
            : static_cast<int>(std::clamp<std::size_t>(4000 / n, 4, 16));
        auto shares = [n](double a) { return powerShares(a, n); };
        const bool increasing = llAsc > llDesc; // α > 1: popularity grows with the index
        const auto& ordered = increasing ? asc : desc;
        if (reps == 0) {
            f.alpha = increasing ? aAsc : aDesc;
        } else if (increasing) {
            f.alpha = calibrate(aAsc, 1.0, 1000.0, shares, alphaAsc, total, seed, reps);
        } else {
            f.alpha = calibrate(aDesc, 1e-3, 1.0, shares, alphaDesc, total, seed, reps);
        }
        f.alphaLogLik = logLikelihood(ordered, powerShares(f.alpha, n));
        // Standard error: the index-order formula on the sorted counts (an approximation).
        f.alphaStdErr = fitPowerAlpha(ordered).second;
        const double sDesc = fitZipfS(desc).first;
        auto zipfEstimate = [](const std::vector<std::uint64_t>& c) { return fitZipfS(sortedCounts(c, true)).first; };
        f.zipfS = reps == 0 ? sDesc
                            : calibrate(
                                std::max(sDesc, 1e-6), 1e-6, 20.0, [n](double s) { return zipfShares(s, n); },
                                zipfEstimate, total, seed, reps);
        f.zipfLogLik = logLikelihood(desc, zipfShares(f.zipfS, n));
    }
    // Both models have one parameter and both contain the uniform popularity: Zipf replaces the
    // default power function only when its likelihood is clearly higher (ratio > e²).
    f.chosen = f.zipfLogLik > f.alphaLogLik + 2.0 ? PopularityKind::Zipf : PopularityKind::Power;
    const auto& cmp = orderKnown
        ? counts
        : (f.chosen == PopularityKind::Power && f.alpha > 1 ? sortedCounts(counts, false) : sortedCounts(counts, true));
    f.ks = ksShares(cmp, f.chosen == PopularityKind::Zipf ? zipfShares(f.zipfS, n) : powerShares(f.alpha, n));
    return f;
}

} // namespace lorascope
