#include "fit/fit.h"

#include "random/rng.h"
#include "util/error.h"
#include "workload/generator.h"
#include "workload/lengths.h"
#include "workload/stats.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <numeric>

namespace lorascope {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kSqrt2 = 1.41421356237309504880;

/// Golden-section search for the maximum of a unimodal f on [lo, hi].
double maximize1d(const std::function<double(double)>& f, double lo, double hi, int iterations = 90)
{
    const double g = 0.5 * (std::sqrt(5.0) - 1.0);
    double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
    double f1 = f(x1), f2 = f(x2);
    for (int it = 0; it < iterations; ++it) {
        if (f1 < f2) {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + g * (hi - lo);
            f2 = f(x2);
        } else {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - g * (hi - lo);
            f1 = f(x1);
        }
    }
    return 0.5 * (lo + hi);
}

/// Nelder–Mead maximisation in two dimensions (enough for the log-normal's μ and log σ).
std::pair<double, double> maximize2d(const std::function<double(double, double)>& f, double x0, double y0, double step)
{
    struct P {
        double x, y, v;
    };
    std::vector<P> s = { { x0, y0, 0 }, { x0 + step, y0, 0 }, { x0, y0 + step, 0 } };
    for (auto& p : s)
        p.v = f(p.x, p.y);
    for (int it = 0; it < 400; ++it) {
        std::sort(s.begin(), s.end(), [](const P& a, const P& b) { return a.v > b.v; });
        if (std::abs(s[0].v - s[2].v) < 1e-10 * (1 + std::abs(s[0].v)) && it > 20)
            break;
        const double cx = 0.5 * (s[0].x + s[1].x), cy = 0.5 * (s[0].y + s[1].y);
        P r { 2 * cx - s[2].x, 2 * cy - s[2].y, 0 };
        r.v = f(r.x, r.y);
        if (r.v > s[0].v) {
            P e { 3 * cx - 2 * s[2].x, 3 * cy - 2 * s[2].y, 0 };
            e.v = f(e.x, e.y);
            s[2] = e.v > r.v ? e : r;
        } else if (r.v > s[1].v) {
            s[2] = r;
        } else {
            P c { 0.5 * (cx + s[2].x), 0.5 * (cy + s[2].y), 0 };
            c.v = f(c.x, c.y);
            if (c.v > s[2].v) {
                s[2] = c;
            } else {
                for (int k = 1; k < 3; ++k) {
                    s[k].x = 0.5 * (s[0].x + s[k].x);
                    s[k].y = 0.5 * (s[0].y + s[k].y);
                    s[k].v = f(s[k].x, s[k].y);
                }
            }
        }
    }
    std::sort(s.begin(), s.end(), [](const P& a, const P& b) { return a.v > b.v; });
    return { s[0].x, s[0].y };
}

/// P(a < Z <= b) for a standard normal, accurate in both tails.
double normalMass(double a, double b)
{
    if (a > 0)
        return 0.5 * (std::erfc(a / kSqrt2) - std::erfc(b / kSqrt2));
    return 0.5 * (std::erfc(-b / kSqrt2) - std::erfc(-a / kSqrt2));
}

double cvOf(const std::vector<double>& v, double mean)
{
    if (v.size() < 2 || !(mean > 0))
        return kNaN;
    double ss = 0;
    for (double x : v)
        ss += (x - mean) * (x - mean);
    return std::sqrt(ss / static_cast<double>(v.size() - 1)) / mean;
}

// ---------------------------------------------------------------------------------------------
// Popularity

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
    const std::function<double(const std::vector<std::uint64_t>&)>& estimate, double total, std::uint64_t seed, int reps)
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
        const double llDesc = logLikelihood(desc, powerShares(aDesc, n)), llAsc = logLikelihood(asc, powerShares(aAsc, n));
        // Too few requests per adapter (or too many adapters to simulate quickly): no correction.
        const int reps = n > 2000 || total < 5.0 * static_cast<double>(n) ? 0 : static_cast<int>(std::clamp<std::size_t>(4000 / n, 4, 16));
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
        f.zipfS = reps == 0 ? sDesc : calibrate(std::max(sDesc, 1e-6), 1e-6, 20.0, [n](double s) { return zipfShares(s, n); }, zipfEstimate, total, seed, reps);
        f.zipfLogLik = logLikelihood(desc, zipfShares(f.zipfS, n));
    }
    // Both models have one parameter and both contain the uniform popularity: Zipf replaces the
    // default power function only when its likelihood is clearly higher (ratio > e²).
    f.chosen = f.zipfLogLik > f.alphaLogLik + 2.0 ? PopularityKind::Zipf : PopularityKind::Power;
    const auto& cmp = orderKnown ? counts : (f.chosen == PopularityKind::Power && f.alpha > 1 ? sortedCounts(counts, false) : sortedCounts(counts, true));
    f.ks = ksShares(cmp, f.chosen == PopularityKind::Zipf ? zipfShares(f.zipfS, n) : powerShares(f.alpha, n));
    return f;
}

// ---------------------------------------------------------------------------------------------
// Lengths

LengthFit fitLengths(const std::vector<std::pair<std::uint32_t, std::uint64_t>>& hist)
{
    LengthFit fit;
    for (const auto& [x, c] : hist) {
        fit.count += c;
        fit.mean += static_cast<double>(x) * static_cast<double>(c);
    }
    if (fit.count == 0 || hist.front().first < 1)
        return fit;
    fit.mean /= static_cast<double>(fit.count);
    fit.min = hist.front().first;
    fit.max = hist.back().first;
    const std::int64_t lo = fit.min, hi = static_cast<std::int64_t>(fit.max) + 1;
    const double n = static_cast<double>(fit.count);

    auto finish = [&](LengthSpec spec, double ll, int params) {
        LengthCandidate c;
        c.spec = spec;
        c.logLikelihood = ll;
        c.parameters = params;
        c.bic = params * std::log(n) - 2.0 * ll;
        // KS distance against the generator's own CDF of the spec.
        const LengthSampler sampler(spec);
        double acc = 0, d = 0;
        for (const auto& [x, cnt] : hist) {
            const double before = sampler.cdf(static_cast<std::int64_t>(x) - 1);
            d = std::max(d, std::abs(acc / n - before));
            acc += static_cast<double>(cnt);
            d = std::max(d, std::abs(acc / n - sampler.cdf(x)));
        }
        c.ks = d;
        fit.candidates.push_back(c);
    };

    LengthSpec base;
    base.lo = lo;
    base.hi = hi;
    // Uniform on [min, max + 1): the maximum-likelihood range.
    {
        LengthSpec s = base;
        s.kind = LengthKind::Uniform;
        finish(s, -n * std::log(static_cast<double>(hi - lo)), 0);
    }
    if (hi - lo >= 2) {
        double sumLog = 0;
        for (const auto& [x, c] : hist)
            sumLog += static_cast<double>(c) * std::log(static_cast<double>(x));
        // Power law P(x) ∝ x^−β on [lo, hi).
        if (hi - lo <= 2'000'000) {
            std::vector<double> logs(static_cast<std::size_t>(hi - lo));
            for (std::int64_t x = lo; x < hi; ++x)
                logs[static_cast<std::size_t>(x - lo)] = std::log(static_cast<double>(x));
            auto ll = [&](double beta) {
                double z = 0;
                for (double l : logs)
                    z += std::exp(-beta * l);
                return -beta * sumLog - n * std::log(z);
            };
            const double beta = maximize1d(ll, 1e-4, 20.0, 70);
            LengthSpec s = base;
            s.kind = LengthKind::PowerLaw;
            s.beta = beta;
            finish(s, ll(beta), 1);
        }
        // Log-normal, rounded to integers and truncated to [lo, hi), as LengthSampler defines it.
        {
            double m = sumLog / n, v = 0;
            for (const auto& [x, c] : hist) {
                const double d = std::log(static_cast<double>(x)) - m;
                v += static_cast<double>(c) * d * d;
            }
            const double sd = std::max(std::sqrt(v / n), 0.05);
            std::vector<double> upper(hist.size()), lower(hist.size());
            for (std::size_t i = 0; i < hist.size(); ++i) {
                upper[i] = std::log(static_cast<double>(hist[i].first) + 0.5);
                lower[i] = std::log(static_cast<double>(hist[i].first) - 0.5);
            }
            const double lLo = std::log(static_cast<double>(lo) - 0.5), lHi = std::log(static_cast<double>(hi) - 0.5);
            auto ll = [&](double mu, double logSigma) {
                const double sigma = std::exp(logSigma);
                if (!std::isfinite(mu) || !(sigma > 1e-6) || sigma > 1e3)
                    return -std::numeric_limits<double>::infinity();
                const double norm = normalMass((lLo - mu) / sigma, (lHi - mu) / sigma);
                // The generator (LengthSampler) computes the window's mass as Φ(b) − Φ(a): keep
                // to parameters where that is well-conditioned, so the fitted spec samples as fitted.
                const double plain = 0.5 * std::erfc(-(lHi - mu) / sigma / kSqrt2) - 0.5 * std::erfc(-(lLo - mu) / sigma / kSqrt2);
                if (!(norm > 1e-300) || !(plain > 1e-6))
                    return -std::numeric_limits<double>::infinity();
                double total = -n * std::log(norm);
                for (std::size_t i = 0; i < hist.size(); ++i) {
                    const double p = normalMass((lower[i] - mu) / sigma, (upper[i] - mu) / sigma);
                    if (!(p > 0))
                        return -std::numeric_limits<double>::infinity();
                    total += static_cast<double>(hist[i].second) * std::log(p);
                }
                return total;
            };
            const auto [mu, logSigma] = maximize2d(ll, m, std::log(sd), 0.2);
            const double value = ll(mu, logSigma);
            if (std::isfinite(value)) {
                LengthSpec s = base;
                s.kind = LengthKind::LogNormal;
                s.mu = mu;
                s.sigma = std::exp(logSigma);
                try {
                    finish(s, value, 2);
                } catch (const InputError&) {
                    // No mass in the window: not a usable candidate.
                }
            }
        }
    }
    fit.chosen = 0;
    for (std::size_t i = 1; i < fit.candidates.size(); ++i)
        if (fit.candidates[i].bic < fit.candidates[static_cast<std::size_t>(fit.chosen)].bic)
            fit.chosen = static_cast<int>(i);
    return fit;
}

// ---------------------------------------------------------------------------------------------

WorkloadSpec rescaleSpec(const WorkloadSpec& in, double rate, std::uint32_t adapters, double duration)
{
    WorkloadSpec s = in;
    if (duration > 0) {
        if (s.arrival.kind == ArrivalKind::Schedule && s.duration > 0) {
            const double k = duration / s.duration;
            for (auto& p : s.arrival.schedule)
                p.time *= k;
        }
        s.duration = duration;
    }
    if (rate > 0) {
        if (s.arrival.kind == ArrivalKind::Schedule && s.rate > 0) {
            const double k = rate / s.rate;
            for (auto& p : s.arrival.schedule)
                p.rate *= k;
        }
        if (s.arrival.kind == ArrivalKind::OnOff && s.rate > 0) {
            const double k = rate / s.rate;
            s.arrival.onOff.onRate *= k;
            s.arrival.onOff.offRate *= k;
        }
        s.rate = rate;
    }
    if (adapters > 0 && adapters != s.adapterCount) {
        if (s.popularity.kind == PopularityKind::Weights && !s.popularity.weights.empty()) {
            // Resample the weight curve over relative rank.
            const auto& w = s.popularity.weights;
            std::vector<double> nw(adapters);
            for (std::uint32_t i = 0; i < adapters; ++i) {
                const double pos = (static_cast<double>(i) + 0.5) / adapters * static_cast<double>(w.size()) - 0.5;
                const auto k = static_cast<std::size_t>(std::clamp(pos, 0.0, static_cast<double>(w.size() - 1)));
                const auto k2 = std::min(k + 1, w.size() - 1);
                const double f = std::clamp(pos - static_cast<double>(k), 0.0, 1.0);
                nw[i] = w[k] * (1 - f) + w[k2] * f;
            }
            s.popularity.weights = std::move(nw);
        }
        s.groups.clear(); // per-adapter groups refer to the old indices
        s.adapterCount = adapters;
    }
    return s;
}

FitResult fitTrace(const Trace& trace, const FitOptions& options)
{
    FitResult result;
    FitReport& rep = result.report;
    const auto& reqs = trace.requests;
    std::vector<std::size_t> used;
    used.reserve(reqs.size());
    for (std::size_t i = 0; i < reqs.size(); ++i) {
        if (options.excludeFailed && trace.isFailed(i)) {
            ++rep.excludedFailed;
            continue;
        }
        used.push_back(i);
    }
    if (used.size() < 2)
        throw InputError("cannot fit a workload to " + std::to_string(used.size()) + " request(s): at least 2 are needed", trace.source);
    rep.requests = used.size();
    rep.window = trace.window();
    if (!(rep.window > 0))
        throw InputError("cannot fit a workload: all requests arrive at the same time (the trace covers 0 seconds)", trace.source);
    rep.rate = static_cast<double>(used.size()) / rep.window;

    // Rate over time.
    const int bins = std::max(1, options.rateBins);
    rep.binSeconds = rep.window / bins;
    rep.rateOverTime.assign(static_cast<std::size_t>(bins), 0.0);
    for (auto i : used) {
        auto b = static_cast<std::size_t>(reqs[i].time / rep.binSeconds);
        rep.rateOverTime[std::min(b, rep.rateOverTime.size() - 1)] += 1.0;
    }
    for (auto& r : rep.rateOverTime)
        r /= rep.binSeconds;
    {
        const double m = std::accumulate(rep.rateOverTime.begin(), rep.rateOverTime.end(), 0.0) / bins;
        double ss = 0;
        for (double r : rep.rateOverTime)
            ss += (r - m) * (r - m);
        rep.rateCv = m > 0 ? std::sqrt(ss / bins) / m : kNaN;
    }

    // Gaps overall and per adapter.
    {
        std::vector<double> gaps;
        gaps.reserve(used.size());
        for (std::size_t k = 1; k < used.size(); ++k)
            gaps.push_back(reqs[used[k]].time - reqs[used[k - 1]].time);
        const double mean = std::accumulate(gaps.begin(), gaps.end(), 0.0) / static_cast<double>(gaps.size());
        rep.cvOverall = cvOf(gaps, mean);
    }
    const std::size_t nAdapters = trace.adapters.size();
    std::vector<std::uint64_t> counts(nAdapters, 0);
    {
        std::vector<double> last(nAdapters, -1.0);
        std::vector<std::vector<double>> gaps(nAdapters);
        for (auto i : used) {
            const auto a = reqs[i].adapter;
            if (a == kNoAdapter || a >= nAdapters)
                continue;
            ++counts[a];
            if (last[a] >= 0)
                gaps[a].push_back(reqs[i].time - last[a]);
            last[a] = reqs[i].time;
        }
        rep.cvByAdapter.assign(nAdapters, kNaN);
        double pooledSs = 0, pooledDf = 0;
        for (std::size_t a = 0; a < nAdapters; ++a) {
            if (counts[a] > 0)
                ++rep.adaptersUsed;
            if (gaps[a].size() < 2)
                continue;
            const double m = std::accumulate(gaps[a].begin(), gaps[a].end(), 0.0) / static_cast<double>(gaps[a].size());
            if (!(m > 0))
                continue;
            rep.cvByAdapter[a] = cvOf(gaps[a], m);
            for (double g : gaps[a])
                pooledSs += (g / m - 1) * (g / m - 1);
            pooledDf += static_cast<double>(gaps[a].size() - 1);
        }
        rep.cvPerAdapter = pooledDf > 0 ? std::sqrt(pooledSs / pooledDf) : kNaN;
    }

    // Popularity.
    const bool orderKnown = trace.adapterOrderKnown;
    if (nAdapters >= 2)
        rep.popularity = fitPopularity(counts, orderKnown, options.seed);
    else
        rep.popularity.adapters = static_cast<std::uint32_t>(nAdapters);

    // Lengths.
    auto lengthHistogram = [&](bool input) {
        std::map<std::uint32_t, std::uint64_t> m;
        for (auto i : used)
            ++m[input ? reqs[i].inputLen : reqs[i].outputLen];
        std::vector<std::pair<std::uint32_t, std::uint64_t>> h(m.begin(), m.end());
        if (!h.empty() && h.front().first == 0) {
            rep.notes.push_back(std::string(input ? "input" : "output") + " lengths of 0 tokens (" + std::to_string(h.front().second)
                + " requests) are left out of the length fit");
            h.erase(h.begin());
        }
        return h;
    };
    rep.input = fitLengths(lengthHistogram(true));
    rep.output = fitLengths(lengthHistogram(false));

    // The spec.
    WorkloadSpec& s = result.spec;
    if (trace.spec) {
        s.naming = trace.spec->naming;
        s.limits = trace.spec->limits;
    } else {
        if (!trace.baseModel.empty())
            s.naming.baseModel = trace.baseModel;
        std::map<int, int> ranks;
        for (const auto& a : trace.adapters)
            if (a.rank > 0)
                ++ranks[a.rank];
        if (!ranks.empty())
            s.naming.defaultRank = std::max_element(ranks.begin(), ranks.end(), [](auto& a, auto& b) { return a.second < b.second; })->first;
    }
    s.preset.clear();
    s.seed = options.seed;
    s.duration = rep.window;
    s.rate = rep.rate;
    s.adapterCount = static_cast<std::uint32_t>(nAdapters);
    if (nAdapters >= 2 && rep.popularity.chosen == PopularityKind::Zipf) {
        s.popularity.kind = PopularityKind::Zipf;
        s.popularity.zipfS = rep.popularity.zipfS;
    } else {
        s.popularity.kind = PopularityKind::Power;
        s.popularity.alpha = nAdapters >= 2 ? rep.popularity.alpha : 1.0;
    }
    const bool perAdapterCvKnown = nAdapters >= 2 && std::isfinite(rep.cvPerAdapter);
    double cv = perAdapterCvKnown ? rep.cvPerAdapter : rep.cvOverall;
    s.arrival.kind = ArrivalKind::Gamma;
    if (auto* in = rep.input.best())
        s.input = in->spec;
    if (auto* out = rep.output.best())
        s.output = out->spec;

    // Where does the burstiness live? Independent per-adapter processes merge towards Poisson
    // (overall cv near 1); one bursty process whose requests pick adapters at random (S-LoRA's
    // generator, or most real traces with adapters assigned afterwards) keeps its cv overall and
    // looks Poisson per adapter.
    s.generator = GeneratorKind::PerAdapter;
    if (perAdapterCvKnown && std::abs(rep.cvOverall - 1) > 0.1 && std::abs(rep.cvPerAdapter - 1) < 0.5 * std::abs(rep.cvOverall - 1)) {
        const bool sloraExpressible = s.input.kind == LengthKind::Uniform && s.output.kind == LengthKind::Uniform
            && s.popularity.kind == PopularityKind::Power && s.seed <= 0xFFFFFFFFull && !options.rateSchedule;
        if (sloraExpressible) {
            s.generator = GeneratorKind::Slora;
            cv = rep.cvOverall;
            rep.notes.push_back("the burstiness is in the total arrival process (gap cv " + formatNumber(rep.cvOverall)
                + " overall, " + formatNumber(rep.cvPerAdapter) + " per adapter): fitted with the slora generator (one Gamma process, adapters drawn per request)");
        } else {
            rep.notes.push_back("the burstiness is in the total arrival process (gap cv " + formatNumber(rep.cvOverall) + " overall, "
                + formatNumber(rep.cvPerAdapter) + " per adapter); the per-adapter model with cv " + formatNumber(cv)
                + " will look less bursty in total");
        }
    }
    s.arrival.cv = std::clamp(std::isfinite(cv) && cv > 0 ? cv : 1.0, 1e-3, 100.0);
    if (options.rateSchedule && s.generator == GeneratorKind::PerAdapter) {
        s.arrival.kind = ArrivalKind::Schedule;
        s.arrival.schedule.clear();
        for (std::size_t b = 0; b < rep.rateOverTime.size(); ++b)
            s.arrival.schedule.push_back({ (static_cast<double>(b) + 0.5) * rep.binSeconds, rep.rateOverTime[b] });
        s.arrival.schedule.front().time = 0;
        if (s.arrival.schedule.size() == 1)
            s.arrival.schedule.push_back({ rep.window, rep.rateOverTime.front() });
    }
    if (!orderKnown && nAdapters >= 2)
        rep.notes.push_back("the file does not give the adapters' popularity order: ranks were matched by request count and the skew corrected for that");
    if (nAdapters == 0)
        rep.notes.push_back("the trace has no adapters (base model only); import with adapter assignment to fit popularity");

    s = rescaleSpec(s, options.targetRate, options.targetAdapters, options.targetDuration);
    validateOrThrow(s, trace.source);
    return result;
}

// ---------------------------------------------------------------------------------------------

namespace {

nlohmann::json num(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

nlohmann::json lengthFitJson(const LengthFit& f)
{
    nlohmann::json j;
    j["count"] = f.count;
    j["mean"] = num(f.mean);
    j["min"] = f.min;
    j["max"] = f.max;
    nlohmann::json cands = nlohmann::json::array();
    for (const auto& c : f.candidates) {
        cands.push_back({ { "kind", toString(c.spec.kind) }, { "spec", toJson(c.spec) }, { "log_likelihood", num(c.logLikelihood) },
            { "parameters", c.parameters }, { "bic", num(c.bic) }, { "ks", num(c.ks) } });
    }
    j["candidates"] = cands;
    j["chosen"] = f.best() ? nlohmann::json(toString(f.best()->spec.kind)) : nlohmann::json(nullptr);
    return j;
}

} // namespace

nlohmann::json toJson(const FitReport& r)
{
    nlohmann::json j;
    j["requests"] = r.requests;
    j["excluded_failed"] = r.excludedFailed;
    j["window_s"] = num(r.window);
    j["rate"] = num(r.rate);
    j["rate_over_time"] = { { "bin_s", num(r.binSeconds) }, { "rates", r.rateOverTime }, { "cv", num(r.rateCv) } };
    j["cv_overall"] = num(r.cvOverall);
    j["cv_per_adapter"] = num(r.cvPerAdapter);
    nlohmann::json cvs = nlohmann::json::array();
    for (double c : r.cvByAdapter)
        cvs.push_back(num(c));
    j["cv_by_adapter"] = cvs;
    j["adapters_used"] = r.adaptersUsed;
    const auto& p = r.popularity;
    j["popularity"] = { { "adapters", p.adapters }, { "order_known", p.orderKnown }, { "alpha", num(p.alpha) }, { "alpha_stderr", num(p.alphaStdErr) },
        { "alpha_log_likelihood", num(p.alphaLogLik) }, { "zipf_s", num(p.zipfS) }, { "zipf_log_likelihood", num(p.zipfLogLik) },
        { "chosen", toString(p.chosen) }, { "ks", num(p.ks) } };
    j["input"] = lengthFitJson(r.input);
    j["output"] = lengthFitJson(r.output);
    j["notes"] = r.notes;
    return j;
}

} // namespace lorascope
