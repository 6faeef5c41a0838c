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
    std::uint64_t below(std::uint64_t n);

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t m_s[4];
};

/// Standard exponential, mean 1.
inline double sampleExponential(Rng& rng) { return -std::log(rng.uniformPositive()); }

/// Standard normal (Marsaglia polar method, no cached spare: draws stay independent of call order).
double sampleNormal(Rng& rng);

/// Gamma(shape k, scale 1): Marsaglia–Tsang; for k < 1 the boost Gamma(k+1)·U^(1/k).
double sampleGamma(Rng& rng, double shape);

} // namespace lorascope
