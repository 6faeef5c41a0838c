// SPDX-License-Identifier: Apache-2.0
#pragma once
// NumPy's legacy `RandomState` (MT19937 seeded with an integer), reimplemented number for number so
// that S-LoRA's `benchmarks/trace.py` traces can be regenerated exactly. The algorithms follow
// NumPy's `legacy-distributions.c` and `distributions.c` (as of NumPy 1.17–2.x, which froze them).

#include <cstdint>

namespace lorascope {

/// The legacy NumPy random state: `np.random.seed(seed)` followed by legacy draws.
class NumpyRandomState {
public:
    explicit NumpyRandomState(std::uint32_t seed);

    std::uint32_t nextUint32()
    {
        if (m_pos >= kN)
            refill();
        std::uint32_t y = m_key[m_pos++];
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c5680u;
        y ^= (y << 15) & 0xefc60000u;
        return y ^ (y >> 18);
    }
    std::uint64_t nextUint64();
    /// `random_sample()`: 53-bit double in [0, 1) from two 32-bit outputs.
    double randomSample();
    /// `standard_exponential()` (legacy: −log(1 − U)).
    double standardExponential();
    /// `power(a)`: pdf a·x^(a−1) on [0, 1].
    double power(double a);
    /// `randint(low, high)`: integer in [low, high) by masked rejection (NumPy's legacy path).
    std::int64_t randint(std::int64_t low, std::int64_t high);
    /// Legacy polar-method Gaussian with its cached spare value.
    double gauss();
    /// `standard_gamma(shape)` (legacy algorithm).
    double standardGamma(double shape);
    /// `gamma(shape, scale)`.
    double gamma(double shape, double scale) { return scale * standardGamma(shape); }

private:
    // MT19937 on 32-bit words, seeded as NumPy's mt19937_seed (= init_genrand). std::mt19937 gives
    // the same numbers but stores 64-bit words on LP64 and is about twice as slow here.
    static constexpr int kN = 624;
    void refill();
    std::uint32_t m_key[kN];
    int m_pos = kN;
    bool m_hasGauss = false;
    double m_gauss = 0.0;
};

} // namespace lorascope
