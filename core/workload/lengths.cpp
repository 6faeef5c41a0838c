// SPDX-License-Identifier: Apache-2.0
#include "workload/lengths.h"

#include "util/error.h"

#include <boost/math/special_functions/erf.hpp>

#include <algorithm>
#include <cmath>

namespace lorascope {

namespace {
constexpr double kSqrt2 = 1.4142135623730950488;
double normalCdf(double z)
{
    return 0.5 * std::erfc(-z / kSqrt2);
}
double normalQuantile(double p)
{
    return -kSqrt2 * boost::math::erfc_inv(2.0 * p);
}
} // namespace

LengthSampler::LengthSampler(const LengthSpec& spec)
    : m_spec(spec)
{
    const auto width = static_cast<std::size_t>(spec.hi - spec.lo);
    switch (spec.kind) {
    case LengthKind::PowerLaw: {
        m_table.resize(width);
        double acc = 0;
        for (std::size_t i = 0; i < width; ++i) {
            acc += std::pow(static_cast<double>(spec.lo + static_cast<std::int64_t>(i)), -spec.beta);
            m_table[i] = acc;
        }
        for (auto& v : m_table)
            v /= acc;
        m_table.back() = 1.0;
        break;
    }
    case LengthKind::Empirical: {
        m_table.assign(width, 0.0);
        for (const auto& [len, w] : spec.empirical)
            m_table[static_cast<std::size_t>(len - spec.lo)] += w;
        double acc = 0;
        for (auto& v : m_table) {
            acc += v;
            v = acc;
        }
        for (auto& v : m_table)
            v /= acc;
        m_table.back() = 1.0;
        break;
    }
    case LengthKind::LogNormal:
    case LengthKind::Normal:
        m_cLo = contCdf(static_cast<double>(spec.lo) - 0.5);
        m_cHi = contCdf(static_cast<double>(spec.hi) - 0.5);
        if (!(m_cHi - m_cLo > 1e-12))
            throw InputError(std::string(toString(spec.kind)) + " length distribution has no probability mass in ["
                    + std::to_string(spec.lo) + ", " + std::to_string(spec.hi) + ")",
                {}, 0, "lo");
        break;
    default:
        break;
    }
}

double LengthSampler::contCdf(double y) const
{
    if (m_spec.kind == LengthKind::LogNormal)
        return y <= 0 ? 0.0 : normalCdf((std::log(y) - m_spec.mu) / m_spec.sigma);
    return normalCdf((y - m_spec.mean) / m_spec.stddev);
}

double LengthSampler::contQuantile(double p) const
{
    p = std::clamp(p, 1e-300, 1.0 - 1e-16);
    const double z = normalQuantile(p);
    if (m_spec.kind == LengthKind::LogNormal)
        return std::exp(m_spec.mu + m_spec.sigma * z);
    return m_spec.mean + m_spec.stddev * z;
}

std::uint32_t LengthSampler::sampleOther(Rng& rng) const
{
    const auto& s = m_spec;
    switch (s.kind) {
    case LengthKind::Uniform:
        return static_cast<std::uint32_t>(
            s.lo + static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(s.hi - s.lo))));
    case LengthKind::Constant:
        return static_cast<std::uint32_t>(s.value);
    case LengthKind::PowerLaw:
    case LengthKind::Empirical: {
        const double u = rng.uniform();
        const auto it = std::upper_bound(m_table.begin(), m_table.end(), u);
        const auto idx
            = std::min<std::ptrdiff_t>(it - m_table.begin(), static_cast<std::ptrdiff_t>(m_table.size()) - 1);
        return static_cast<std::uint32_t>(s.lo + idx);
    }
    case LengthKind::LogNormal:
    case LengthKind::Normal: {
        const double p = m_cLo + rng.uniform() * (m_cHi - m_cLo);
        const double y = contQuantile(p);
        const auto x = static_cast<std::int64_t>(std::floor(y + 0.5));
        return static_cast<std::uint32_t>(std::clamp(x, s.lo, s.hi - 1));
    }
    }
    return static_cast<std::uint32_t>(s.lo);
}

double LengthSampler::cdf(std::int64_t x) const
{
    const auto& s = m_spec;
    if (x < s.lo)
        return 0.0;
    if (x >= s.hi - 1)
        return 1.0;
    switch (s.kind) {
    case LengthKind::Uniform:
        return static_cast<double>(x - s.lo + 1) / static_cast<double>(s.hi - s.lo);
    case LengthKind::Constant:
        return x >= s.value ? 1.0 : 0.0;
    case LengthKind::PowerLaw:
    case LengthKind::Empirical:
        return m_table[static_cast<std::size_t>(x - s.lo)];
    case LengthKind::LogNormal:
    case LengthKind::Normal:
        return (contCdf(static_cast<double>(x) + 0.5) - m_cLo) / (m_cHi - m_cLo);
    }
    return 1.0;
}

double LengthSampler::pmf(std::int64_t x) const
{
    return cdf(x) - cdf(x - 1);
}

double LengthSampler::mean() const
{
    const auto& s = m_spec;
    if (s.kind == LengthKind::Uniform)
        return 0.5 * static_cast<double>(s.lo + s.hi - 1);
    if (s.kind == LengthKind::Constant)
        return static_cast<double>(s.value);
    if ((s.kind == LengthKind::LogNormal || s.kind == LengthKind::Normal) && s.hi - s.lo > 1'000'000) {
        // Very wide ranges: midpoint rule over 2^16 quantiles of the truncated law (error << 1 token).
        constexpr int kSteps = 1 << 16;
        double sum = 0;
        for (int k = 0; k < kSteps; ++k) {
            const double p = m_cLo + (k + 0.5) / kSteps * (m_cHi - m_cLo);
            sum += std::clamp(
                std::floor(contQuantile(p) + 0.5), static_cast<double>(s.lo), static_cast<double>(s.hi - 1));
        }
        return sum / kSteps;
    }
    double m = 0, prev = 0;
    for (std::int64_t x = s.lo; x < s.hi; ++x) {
        const double c = cdf(x);
        m += static_cast<double>(x) * (c - prev);
        prev = c;
    }
    return m;
}

} // namespace lorascope
