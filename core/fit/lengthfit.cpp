// SPDX-License-Identifier: Apache-2.0
// Fitting token-length distributions (fit.h): uniform, power law and log-normal on [min, max + 1)
// by maximum likelihood, as the generator samples them, chosen by BIC, each with its KS distance.

#include "fit/fit.h"

#include "fit/fitmath.h"
#include "util/error.h"
#include "workload/lengths.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

namespace lorascope {

using fitmath::kNaN;
using fitmath::kSqrt2;
using fitmath::maximize1d;
using fitmath::maximize2d;
using fitmath::normalMass;

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
                const double plain
                    = 0.5 * std::erfc(-(lHi - mu) / sigma / kSqrt2) - 0.5 * std::erfc(-(lLo - mu) / sigma / kSqrt2);
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

} // namespace lorascope
