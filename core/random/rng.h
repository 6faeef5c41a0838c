// SPDX-License-Identifier: Apache-2.0
#pragma once
// The project's own random engine and samplers. Every draw of the per-adapter generator goes
// through these, so a seed gives the same trace on every platform and standard library
// (std::*_distribution output is implementation-defined and is never used).

#include <cmath>
#include <cstdint>

namespace lorascope {

/// SplitMix64: used to derive independent stream seeds from (seed, stream id).
inline std::uint64_t splitMix64(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/// xoshiro256++ (Blackman & Vigna): small, fast, statistically strong.
class Rng {
public:
    /// Stream `stream` of seed `seed`: different streams are independent for practical purposes.
    explicit Rng(std::uint64_t seed, std::uint64_t stream = 0)
    {
        std::uint64_t sm = seed ^ (0xD1B54A32D192ED03ull * (stream + 1));
        for (auto& s : m_s)
            s = splitMix64(sm);
    }

    std::uint64_t next()
    {
        const std::uint64_t result = rotl(m_s[0] + m_s[3], 23) + m_s[0];
        const std::uint64_t t = m_s[1] << 17;
        m_s[2] ^= m_s[0];
        m_s[3] ^= m_s[1];
        m_s[1] ^= m_s[2];
        m_s[0] ^= m_s[3];
        m_s[2] ^= t;
        m_s[3] = rotl(m_s[3], 45);
        return result;
    }

    /// Uniform double in [0, 1), 53 bits.
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    /// Uniform double in (0, 1): safe to take the log of.
    double uniformPositive() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1.0p-53; }
    /// Uniform integer in [0, n) without modulo bias (Lemire's method).
    std::uint64_t below(std::uint64_t n)
    {
        if (n <= 1)
            return 0;
        __uint128_t m = static_cast<__uint128_t>(next()) * n;
        auto low = static_cast<std::uint64_t>(m);
        if (low < n) {
            const std::uint64_t threshold = (0 - n) % n;
            while (low < threshold) {
                m = static_cast<__uint128_t>(next()) * n;
                low = static_cast<std::uint64_t>(m);
            }
        }
        return static_cast<std::uint64_t>(m >> 64);
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t m_s[4];
};

/// Standard exponential, mean 1.
inline double sampleExponential(Rng& rng)
{
    return -std::log(rng.uniformPositive());
}

/// Standard normal (Marsaglia polar method, no cached spare: draws stay independent of call order).
inline double sampleNormal(Rng& rng)
{
    double x, y, r2;
    do {
        x = 2.0 * rng.uniform() - 1.0;
        y = 2.0 * rng.uniform() - 1.0;
        r2 = x * x + y * y;
    } while (r2 >= 1.0 || r2 == 0.0);
    return x * std::sqrt(-2.0 * std::log(r2) / r2);
}

/// Gamma(shape k, scale 1) for one fixed shape, its constants computed once: the same numbers as
/// sampleGamma(rng, k) draw for draw (the generator draws millions of gaps of a few shapes).
class GammaSampler {
public:
    explicit GammaSampler(double shape);
    double operator()(Rng& rng) const
    {
        if (m_boost) {
            // Gamma(k) = Gamma(k + 1) · U^(1/k)  (Marsaglia & Tsang 2000, §6); done in log space so
            // tiny shapes (cv of 10 → k = 0.01) do not underflow to exactly zero.
            const double g = m_exponential ? sampleExponential(rng) : marsagliaTsang(rng);
            const double logU = std::log(rng.uniformPositive());
            return std::exp(std::log(g) + logU / m_shape);
        }
        return m_exponential ? sampleExponential(rng) : marsagliaTsang(rng);
    }

private:
    double marsagliaTsang(Rng& rng) const
    {
        for (;;) {
            double x, v;
            do {
                x = sampleNormal(rng);
                v = 1.0 + m_c * x;
            } while (v <= 0.0);
            v = v * v * v;
            const double u = rng.uniformPositive();
            const double x2 = x * x;
            if (u < 1.0 - 0.0331 * x2 * x2)
                return m_d * v;
            if (std::log(u) < 0.5 * x2 + m_d * (1.0 - v + std::log(v)))
                return m_d * v;
        }
    }

    double m_shape;
    bool m_boost; ///< k < 1: drawn through Gamma(k + 1)
    bool m_exponential; ///< the shape drawn directly (k, or k + 1 when boosting) is exactly 1
    double m_d = 0, m_c = 0; ///< Marsaglia–Tsang constants of that shape
};

/// Gamma(shape k, scale 1): Marsaglia–Tsang; for k < 1 the boost Gamma(k+1)·U^(1/k).
inline double sampleGamma(Rng& rng, double shape)
{
    return GammaSampler(shape)(rng);
}

} // namespace lorascope
