// SPDX-License-Identifier: Apache-2.0
#pragma once
// Numbers as people read them on axes, in summaries and in tooltips: "nice" tick values
// (1, 2, 5 × 10^k), one number of significant digits throughout, log-axis labels in one style,
// durations with a unit. Qt-free, so the CLI can print the same text as the desktop app.

#include <string>
#include <vector>

namespace lorascope {

/// Ticks of a linear axis: multiples of a 1-2-5 step covering [lo, hi].
struct NiceTicks {
    double lo = 0, hi = 1; ///< the axis range: the first and last tick (they enclose the data)
    double step = 1;
    std::vector<double> values; ///< lo, lo + step, ..., hi
    int decimals = 0; ///< digits after the point that tell the ticks apart (0 for a step of 1, 2, 5, 10, ...)
};

/// At most `maxTicks` ticks (≥ 2) enclosing [lo, hi]; an empty or inverted range is widened.
NiceTicks niceTicks(double lo, double hi, int maxTicks = 6);

/// `maxTicks` or fewer nice tick values inside [lo, hi] (the range itself is kept): for an axis
/// whose ends are fixed, e.g. a Gantt chart's visible time window.
NiceTicks niceTicksWithin(double lo, double hi, int maxTicks = 5);

/// A tick value with exactly `decimals` digits after the point ("-0" printed as "0").
std::string formatFixed(double value, int decimals);

/// `sig` significant digits, keeping trailing zeros (64 → "64.0", 63.87 → "63.9" with sig 3);
/// integers with more digits than `sig` are rounded to an integer (1234.5 → "1235"). Values
/// below 1e-4 in magnitude use powers of ten ("1.23×10⁻⁵"). NaN → "–", infinities → "∞"/"−∞".
std::string formatSig(double value, int sig = 3);

/// `sig` significant digits without trailing zeros ("6.00" → "6", 0.0493827 → "0.0494",
/// 5.48148 → "5.48"); the same rules as formatSig otherwise.
std::string formatSigShort(double value, int sig = 3);

/// A value known only to within `resolution` (a search bracket's width, a sweep's step): rounded
/// to the decade of the resolution, without trailing zeros (5.4321 within 0.049 → "5.43", 4.19448
/// within 0.04 → "4.19", 6 within 0.5 → "6"), never to fewer than 2 significant digits. A
/// resolution that is not positive or not finite: formatSigShort(value, 3).
std::string formatResolved(double value, double resolution);

/// Decade ticks (10^k) inside [lo, hi] for a log axis (lo > 0); when the range spans less than
/// two decades, 2·10^k and 5·10^k are added so there are at least two ticks.
std::vector<double> logTicks(double lo, double hi);

/// Labels for log-axis ticks in one style: plain decimals when every tick lies in [0.001, 10⁴]
/// ("0.001", "0.01", ..., "1000"), otherwise every label as a power of ten ("10⁻⁵", "10⁻⁴", "5×10⁻⁴").
std::vector<std::string> formatLogTicks(const std::vector<double>& ticks);

/// One number through a printf format with one conversion among any text ("%%" prints a percent
/// sign): snprintf for a finite value; otherwise `missing` in the conversion's place, padded to its
/// field width so a table's columns stay aligned ("%9.3f" of NaN → "        -").
std::string formatPrintf(const char* format, double value, const std::string& missing = "-");

/// A duration in seconds with a unit chosen for it: "850 µs", "12.3 ms", "1.25 s", "63.9 s",
/// "1250 s"; `sig` significant digits as formatSig.
std::string formatSeconds(double seconds, int sig = 3);

} // namespace lorascope
