// SPDX-License-Identifier: Apache-2.0
#pragma once
// Seconds (double) to steady-clock durations without overflow: a huge or infinite duration
// (--token-ms 1e300, --speed 1e-300, a cost model of 1e300 s per pass, --stall-seconds 1e300) means "not within the
// life of the process", never "now" after a wrapped conversion.

#include <chrono>
#include <cmath>

namespace lorascope {

using SimClock = std::chrono::steady_clock;

/// Durations are capped at about a hundred years: far beyond any run, far below the int64 nanosecond range of
/// steady_clock (~292 years), so adding one to now() cannot overflow either.
inline constexpr double kMaxTimerSeconds = 100.0 * 365.25 * 86400.0;

/// `seconds` as a clock duration: NaN and negatives → 0, above kMaxTimerSeconds (or infinite) → kMaxTimerSeconds.
inline SimClock::duration saturatingDuration(double seconds)
{
    if (!(seconds > 0))
        return SimClock::duration::zero();
    if (seconds >= kMaxTimerSeconds)
        seconds = kMaxTimerSeconds;
    return std::chrono::duration_cast<SimClock::duration>(std::chrono::duration<double>(seconds));
}

} // namespace lorascope
