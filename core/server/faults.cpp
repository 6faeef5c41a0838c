// SPDX-License-Identifier: Apache-2.0
#include "server/faults.h"

#include <utility>

namespace lorascope {

namespace {

// SplitMix64 (Steele, Lea & Flood 2014): a well-mixed 64-bit value from (seed, n).
std::uint64_t mix(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

} // namespace

Fault drawFault(const FaultOptions& f, std::uint64_t requestNumber)
{
    if (!f.any())
        return Fault::None;
    // Uniform in [0, 1) from the top 53 bits.
    double u = double(mix(mix(f.seed) ^ requestNumber) >> 11) * 0x1.0p-53;
    const std::pair<double, Fault> table[]
        = { { f.errorRate, Fault::Error }, { f.disconnectRate, Fault::Disconnect }, { f.stallRate, Fault::Stall },
              { f.malformedRate, Fault::Malformed }, { f.slowFirstByteRate, Fault::SlowFirstByte } };
    for (const auto& [p, kind] : table) {
        if (u < p)
            return kind;
        u -= p;
    }
    return Fault::None;
}

} // namespace lorascope
