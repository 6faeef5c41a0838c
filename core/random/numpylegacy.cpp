// SPDX-License-Identifier: Apache-2.0
#include "random/numpylegacy.h"

#include <cmath>

namespace lorascope {

NumpyRandomState::NumpyRandomState(std::uint32_t seed)
{
    m_key[0] = seed;
    for (int i = 1; i < kN; ++i)
        m_key[i] = 1812433253u * (m_key[i - 1] ^ (m_key[i - 1] >> 30)) + static_cast<std::uint32_t>(i);
}

void NumpyRandomState::refill()
{
    constexpr int kM = 397;
    constexpr std::uint32_t kUpper = 0x80000000u, kLower = 0x7fffffffu, kMatrix = 0x9908b0dfu;
    int i = 0;
    for (; i < kN - kM; ++i) {
        const std::uint32_t y = (m_key[i] & kUpper) | (m_key[i + 1] & kLower);
        m_key[i] = m_key[i + kM] ^ (y >> 1) ^ (-(y & 1u) & kMatrix);
    }
    for (; i < kN - 1; ++i) {
        const std::uint32_t y = (m_key[i] & kUpper) | (m_key[i + 1] & kLower);
        m_key[i] = m_key[i + (kM - kN)] ^ (y >> 1) ^ (-(y & 1u) & kMatrix);
    }
    const std::uint32_t y = (m_key[kN - 1] & kUpper) | (m_key[0] & kLower);
    m_key[kN - 1] = m_key[kM - 1] ^ (y >> 1) ^ (-(y & 1u) & kMatrix);
    m_pos = 0;
}

std::uint64_t NumpyRandomState::nextUint64()
{
    const std::uint64_t hi = nextUint32();
    const std::uint64_t lo = nextUint32();
    return (hi << 32) | lo;
}

double NumpyRandomState::randomSample()
{
    const std::int32_t a = static_cast<std::int32_t>(nextUint32() >> 5);
    const std::int32_t b = static_cast<std::int32_t>(nextUint32() >> 6);
    return (a * 67108864.0 + b) / 9007199254740992.0;
}

double NumpyRandomState::standardExponential()
{
    return -std::log(1.0 - randomSample());
}

double NumpyRandomState::power(double a)
{
    const double x = 1.0 - std::exp(-standardExponential());
    // pow(x, 1) is exactly x (IEEE 754), so α = 1 can skip the call without changing a bit.
    return a == 1.0 ? x : std::pow(x, 1.0 / a);
}

std::int64_t NumpyRandomState::randint(std::int64_t low, std::int64_t high)
{
    // NumPy draws in [low, high - 1] with rng = high - 1 - low and mask = smallest 2^k - 1 >= rng.
    const std::uint64_t rng = static_cast<std::uint64_t>(high - 1 - low);
    if (rng == 0)
        return low;
    std::uint64_t mask = rng;
    mask |= mask >> 1;
    mask |= mask >> 2;
    mask |= mask >> 4;
    mask |= mask >> 8;
    mask |= mask >> 16;
    mask |= mask >> 32;
    if (rng <= 0xFFFFFFFFull) {
        if (rng == 0xFFFFFFFFull)
            return low + static_cast<std::int64_t>(nextUint32());
        std::uint32_t val;
        while ((val = (nextUint32() & static_cast<std::uint32_t>(mask))) > rng) { }
        return low + static_cast<std::int64_t>(val);
    }
    if (rng == ~0ull)
        return low + static_cast<std::int64_t>(nextUint64());
    std::uint64_t val;
    while ((val = (nextUint64() & mask)) > rng) { }
    return low + static_cast<std::int64_t>(val);
}

double NumpyRandomState::gauss()
{
    if (m_hasGauss) {
        m_hasGauss = false;
        const double tmp = m_gauss;
        m_gauss = 0.0;
        return tmp;
    }
    double x1, x2, r2;
    do {
        x1 = 2.0 * randomSample() - 1.0;
        x2 = 2.0 * randomSample() - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    const double f = std::sqrt(-2.0 * std::log(r2) / r2);
    m_gauss = f * x1;
    m_hasGauss = true;
    return f * x2;
}

double NumpyRandomState::standardGamma(double shape)
{
    if (shape == 1.0)
        return standardExponential();
    if (shape == 0.0)
        return 0.0;
    if (shape < 1.0) {
        for (;;) {
            const double u = randomSample();
            const double v = standardExponential();
            if (u <= 1.0 - shape) {
                const double x = std::pow(u, 1.0 / shape);
                if (x <= v)
                    return x;
            } else {
                const double y = -std::log((1.0 - u) / shape);
                const double x = std::pow(1.0 - shape + shape * y, 1.0 / shape);
                if (x <= v + y)
                    return x;
            }
        }
    }
    const double b = shape - 1.0 / 3.0;
    const double c = 1.0 / std::sqrt(9.0 * b);
    for (;;) {
        double x, v;
        do {
            x = gauss();
            v = 1.0 + c * x;
        } while (v <= 0.0);
        v = v * v * v;
        const double u = randomSample();
        if (u < 1.0 - 0.0331 * (x * x) * (x * x))
            return b * v;
        if (std::log(u) < 0.5 * x * x + b * (1.0 - v + std::log(v)))
            return b * v;
    }
}

} // namespace lorascope
