// SPDX-License-Identifier: Apache-2.0
#pragma once
// Fault injection of the simulated server: which fault (if any) a request gets. The draw is a pure function of the seed
// and the request number (requests are numbered 1, 2, … in the order the server accepts them), so runs with the same
// seed and arrival order inject the same faults whichever network thread serves each request.

#include "server/simserver.h"

#include <cstdint>

namespace lorascope {

enum class Fault { None, Error, Disconnect, Stall, Malformed, SlowFirstByte };

/// The fault of request number `requestNumber` under `options` (at most one per request).
Fault drawFault(const FaultOptions& options, std::uint64_t requestNumber);

/// The token before which disconnect, stall and malformed faults strike: halfway through.
inline std::uint32_t faultPoint(std::uint32_t outputLen)
{
    return outputLen / 2;
}

} // namespace lorascope
