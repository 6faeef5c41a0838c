// SPDX-License-Identifier: Apache-2.0
#pragma once
// Does the simulated server keep up with the arrivals? (docs/admission.md, Does the server keep up?) From one admission
// preview: the offered rate, the rate at which the server took requests in while they arrived,
// how fast the queue grew, and what limit held requests back. The desktop app shows it as a
// banner; the numbers follow the selected policy, limits and cost model because they come from
// that preview. Qt-free.

#include "admission/engine.h"

#include <cstdint>

namespace lorascope {

/// The verdict and its numbers. Rates are per clock unit (requests/s on the cost-model clock,
/// requests per forward pass on the step clock).
struct CapacityCheck {
    std::uint64_t arrivals = 0; ///< requests that were not rejected on arrival
    double firstArrival = 0, lastArrival = 0;
    double offeredRate = 0; ///< arrivals / (last − first arrival)
    double admittedRate = 0; ///< requests admitted by the last arrival / the same span
    double queueGrowth = 0; ///< offeredRate − admittedRate: how fast the queue grew on average
    std::uint64_t backlog = 0; ///< requests still waiting when the last request arrived
    double drainTime = 0; ///< last finish − last arrival (how long the server works after the arrivals stop)
    double meanWaitFirst = 0; ///< mean queue wait of the requests arriving in the first fifth of the span
    double meanWaitLast = 0; ///< ... and in the last fifth
    WaitKind mainLimit = WaitKind::
        None; ///< the limit most waiting requests were held by (behind-request waits count for the head's limit)
    std::uint64_t mainLimitCount = 0; ///< requests held by mainLimit
    bool overloaded = false; ///< the queue grew: backlog ≥ max(5, 5 % of arrivals) and waits grew over the trace
};

/// Judges a simulation's request records (times in its clock's unit). Traces with fewer than 10
/// admitted arrivals or no time span are never called overloaded.
CapacityCheck checkCapacity(const SimulationResult& result);

} // namespace lorascope
