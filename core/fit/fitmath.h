// SPDX-License-Identifier: Apache-2.0
#pragma once
// Numerical helpers the fits share (internal to core/fit): one- and two-dimensional maximisation
// and the normal distribution's mass between two points.

#include <functional>
#include <limits>
#include <utility>

namespace lorascope::fitmath {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kSqrt2 = 1.41421356237309504880;

/// Golden-section search for the maximum of a unimodal f on [lo, hi].
double maximize1d(const std::function<double(double)>& f, double lo, double hi, int iterations = 90);
/// Nelder–Mead maximisation in two dimensions (enough for the log-normal's μ and log σ).
std::pair<double, double> maximize2d(const std::function<double(double, double)>& f, double x0, double y0, double step);
/// P(a < Z <= b) for a standard normal, accurate in both tails.
double normalMass(double a, double b);

} // namespace lorascope::fitmath
