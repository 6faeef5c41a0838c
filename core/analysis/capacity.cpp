// SPDX-License-Identifier: Apache-2.0
#include "analysis/capacity.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <unordered_map>

namespace lorascope {

namespace {

bool isLimit(WaitKind k)
{
    return k != WaitKind::None && k != WaitKind::AdmissionWindow && k != WaitKind::BehindRequest;
}

} // namespace

CapacityCheck checkCapacity(const SimulationResult& result)
{
    CapacityCheck c;
    const auto& recs = result.requests;
    double first = INFINITY, last = -INFINITY, lastFinish = -INFINITY;
    for (const auto& r : recs) {
        if (r.rejected != RejectReason::None)
            continue;
        ++c.arrivals;
        first = std::min(first, r.arrival);
        last = std::max(last, r.arrival);
        if (!std::isnan(r.finished))
            lastFinish = std::max(lastFinish, r.finished);
    }
    if (c.arrivals == 0)
        return c;
    c.firstArrival = first;
    c.lastArrival = last;
    c.drainTime = std::isfinite(lastFinish) ? std::max(0.0, lastFinish - last) : 0.0;
    const double span = last - first;

    // The queue at the last arrival, the waits early and late, and what held the waiting ones.
    std::uint64_t admittedByLast = 0;
    double waitSum[2] = { 0, 0 };
    std::uint64_t waitN[2] = { 0, 0 };
    // One counter per wait kind (the last one is Retracted, admission/engine.h): 16 counters were
    // too few for SGLang's kinds, and a preview with max_prefill_tokens waits wrote past the array.
    std::array<std::uint64_t, static_cast<std::size_t>(WaitKind::Retracted) + 1> heldBy {};
    std::unordered_map<std::uint64_t, WaitKind> kindOfId; // BehindRequest names a trace id
    for (const auto& r : recs)
        if (isLimit(r.wait.kind))
            kindOfId.emplace(r.id, r.wait.kind);
    for (const auto& r : recs) {
        if (r.rejected != RejectReason::None)
            continue;
        const bool admittedInTime = !std::isnan(r.admitted) && r.admitted <= last;
        admittedByLast += admittedInTime;
        // Requests arriving at the very last moment count as admitted if they got in at once.
        if (!admittedInTime && r.arrival == last && !std::isnan(r.admitted) && r.wait.kind == WaitKind::None)
            ++admittedByLast;
        if (span > 0) {
            const double f = (r.arrival - first) / span;
            const int part = f <= 0.2 ? 0 : f >= 0.8 ? 1 : -1;
            if (part >= 0) {
                const double end = !std::isnan(r.admitted) ? r.admitted
                    : std::isfinite(lastFinish)            ? std::max(lastFinish, r.arrival)
                                                           : r.arrival;
                waitSum[part] += end - r.arrival;
                ++waitN[part];
            }
        }
        WaitKind k = r.wait.kind;
        if (k == WaitKind::BehindRequest) {
            const auto it = kindOfId.find(r.wait.behind);
            k = it != kindOfId.end() ? it->second : WaitKind::None;
        }
        if (isLimit(k))
            ++heldBy[static_cast<std::size_t>(k)];
    }
    c.backlog = c.arrivals - std::min(c.arrivals, admittedByLast);
    c.meanWaitFirst = waitN[0] ? waitSum[0] / double(waitN[0]) : 0.0;
    c.meanWaitLast = waitN[1] ? waitSum[1] / double(waitN[1]) : 0.0;
    for (std::size_t k = 0; k < heldBy.size(); ++k) {
        if (heldBy[k] > c.mainLimitCount) {
            c.mainLimitCount = heldBy[k];
            c.mainLimit = static_cast<WaitKind>(k);
        }
    }
    if (span > 0) {
        c.offeredRate = double(c.arrivals) / span;
        c.admittedRate = double(c.arrivals - c.backlog) / span;
        c.queueGrowth = c.offeredRate - c.admittedRate;
    }
    const double threshold = std::max(5.0, 0.05 * double(c.arrivals));
    c.overloaded = span > 0 && c.arrivals - c.backlog >= 10 && double(c.backlog) >= threshold
        && c.meanWaitLast > c.meanWaitFirst;
    return c;
}

} // namespace lorascope
