#include "random/rng.h"

namespace lorascope {

std::uint64_t Rng::below(std::uint64_t n)
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

double sampleNormal(Rng& rng)
{
    double x, y, r2;
    do {
        x = 2.0 * rng.uniform() - 1.0;
        y = 2.0 * rng.uniform() - 1.0;
        r2 = x * x + y * y;
    } while (r2 >= 1.0 || r2 == 0.0);
    return x * std::sqrt(-2.0 * std::log(r2) / r2);
}

double sampleGamma(Rng& rng, double shape)
{
    if (shape == 1.0)
        return sampleExponential(rng);
    if (shape < 1.0) {
        // Gamma(k) = Gamma(k + 1) · U^(1/k)  (Marsaglia & Tsang 2000, §6); done in log space so tiny
        // shapes (cv of 10 → k = 0.01) do not underflow to exactly zero.
        const double g = sampleGamma(rng, shape + 1.0);
        const double logU = std::log(rng.uniformPositive());
        return std::exp(std::log(g) + logU / shape);
    }
    const double d = shape - 1.0 / 3.0;
    const double c = 1.0 / std::sqrt(9.0 * d);
    for (;;) {
        double x, v;
        do {
            x = sampleNormal(rng);
            v = 1.0 + c * x;
        } while (v <= 0.0);
        v = v * v * v;
        const double u = rng.uniformPositive();
        const double x2 = x * x;
        if (u < 1.0 - 0.0331 * x2 * x2)
            return d * v;
        if (std::log(u) < 0.5 * x2 + d * (1.0 - v + std::log(v)))
            return d * v;
    }
}

} // namespace lorascope
