#pragma once
// NumPy's legacy `RandomState` (MT19937 seeded with an integer), reimplemented number for number so
// that S-LoRA's `benchmarks/trace.py` traces can be regenerated exactly. The algorithms follow
// NumPy's `legacy-distributions.c` and `distributions.c` (as of NumPy 1.17–2.x, which froze them).

#include <cstdint>
#include <random>

namespace lorascope {

/// The legacy NumPy random state: `np.random.seed(seed)` followed by legacy draws.
class NumpyRandomState {
public:
    explicit NumpyRandomState(std::uint32_t seed);

    std::uint32_t nextUint32() { return static_cast<std::uint32_t>(m_mt()); }
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
    std::mt19937 m_mt; // std::mt19937(seed) is init_genrand(seed), identical to NumPy's mt19937_seed
    bool m_hasGauss = false;
    double m_gauss = 0.0;
};

} // namespace lorascope
