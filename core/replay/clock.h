// SPDX-License-Identifier: Apache-2.0
#pragma once
// Clocks of a replay: the run clock (steady, seconds since the run started) tied to the wall
// clock, the agreed start instant of a sharded run (--start-at), and what can be observed of
// this machine's clock error: the kernel's NTP discipline (adjtimex) and the offset to the
// server's clock bounded from the HTTP Date headers of its responses.

#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace lorascope {

/// The kernel's clock discipline state (adjtimex, read-only), as NTP/chrony maintain it.
struct KernelClockSync {
    bool known = false; ///< adjtimex answered
    bool synchronized = false; ///< false when the kernel says the clock is unsynchronised (TIME_ERROR)
    double offsetMs = std::numeric_limits<double>::quiet_NaN(); ///< remaining offset being corrected
    double maxErrorMs = std::numeric_limits<double>::quiet_NaN(); ///< maximum error bound
    double estErrorMs = std::numeric_limits<double>::quiet_NaN(); ///< estimated error
};
KernelClockSync kernelClockSync();

/// Wall clock now: seconds since the Unix epoch (UTC), sub-microsecond resolution.
double wallClockNow();

/// An HTTP date (RFC 9110 IMF-fixdate "Sun, 06 Nov 1994 08:49:37 GMT"; also the obsolete RFC 850
/// and asctime forms) as seconds since the epoch; nullopt when it is none of them.
std::optional<double> parseHttpDate(std::string_view text);

/// Offset of the server's clock from ours (server − local, seconds), bounded from Date headers:
/// a response stamped D (whole seconds) between our local times `sent` and `received` means the
/// offset lies in (D − received, D + 1 − sent). Intersecting many responses narrows it to about
/// a round trip (the way htpdate does), whatever each header's one-second resolution.
struct ServerClockOffset {
    std::uint64_t samples = 0;
    double low = -std::numeric_limits<double>::infinity();
    double high = std::numeric_limits<double>::infinity();
    bool inconsistent = false; ///< the bounds crossed: the server's clock stepped during the run

    void add(double dateEpoch, double sentEpoch, double receivedEpoch);
    /// Midpoint of the bounds; NaN without samples or when inconsistent.
    double estimate() const;
};

/// How a run's clock relates to the wall clock and to the other shards of a run.
struct RunClock {
    double startWall = 0; ///< wall clock (epoch seconds) at run-clock time 0
    double origin = 0; ///< run-clock seconds of trace time 0: scheduled = origin + time × scale
    std::optional<double> startAt; ///< the agreed wall instant of trace time 0 (--start-at)
    double startTolerance = 0; ///< how late the start could be and still run
    double startLate = 0; ///< seconds this process began after startAt (0 when it was on time)
    KernelClockSync kernel; ///< the kernel's view when the run started
    ServerClockOffset server; ///< offset to the target's clock from its Date headers
};

nlohmann::json runClockToJson(const RunClock& clock);
/// Reads runClockToJson's output back (missing fields keep their defaults). Every number is
/// range-checked as the flag behind it would be (a wall instant between 1970 and year 5000, the
/// schedule origin within ±366 days of the run's start, the start tolerance 0..3600 s): throws
/// InputError naming the field ("clock.schedule_origin_s: 1e+300 ...") otherwise.
RunClock runClockFromJson(const nlohmann::json& j);

/// Latest allowed --start-at: a week from now (a larger value is most likely in milliseconds).
inline constexpr double kMaxStartAheadSeconds = 7 * 86400.0;

} // namespace lorascope
