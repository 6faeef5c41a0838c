// SPDX-License-Identifier: Apache-2.0
#pragma once
// Sampling and theory of token-length distributions (docs/workload.md), all confined to [lo, hi).

#include "random/rng.h"
#include "workload/spec.h"

#include <cstdint>
#include <vector>

namespace lorascope {

/// Samples one LengthSpec. Discrete kinds use an exact CDF table; continuous kinds (log-normal,
/// normal) are rounded to the nearest integer and truncated to [lo, hi) by inverse-CDF sampling.
class LengthSampler {
public:
    explicit LengthSampler(const LengthSpec& spec);

    std::uint32_t sample(Rng& rng) const
    {
        // Uniform (the default) inline: the generator draws two lengths per request.
        if (m_spec.kind == LengthKind::Uniform)
            return static_cast<std::uint32_t>(
                m_spec.lo + static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(m_spec.hi - m_spec.lo))));
        return sampleOther(rng);
    }
    /// P(X = x).
    double pmf(std::int64_t x) const;
    /// P(X <= x).
    double cdf(std::int64_t x) const;
    double mean() const;
    const LengthSpec& spec() const { return m_spec; }

private:
    std::uint32_t sampleOther(Rng& rng) const;
    double contCdf(double y) const; // untruncated continuous CDF (log-normal, normal)
    double contQuantile(double p) const;

    LengthSpec m_spec;
    std::vector<double> m_table; // cumulative probabilities for table kinds, index x - lo
    double m_cLo = 0.0; // continuous CDF at lo - 0.5
    double m_cHi = 1.0; // continuous CDF at hi - 0.5
};

} // namespace lorascope
