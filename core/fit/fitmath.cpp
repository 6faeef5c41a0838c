// SPDX-License-Identifier: Apache-2.0
#include "fit/fitmath.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace lorascope::fitmath {

double maximize1d(const std::function<double(double)>& f, double lo, double hi, int iterations)
{
    const double g = 0.5 * (std::sqrt(5.0) - 1.0);
    double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
    double f1 = f(x1), f2 = f(x2);
    for (int it = 0; it < iterations; ++it) {
        if (f1 < f2) {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + g * (hi - lo);
            f2 = f(x2);
        } else {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - g * (hi - lo);
            f1 = f(x1);
        }
    }
    return 0.5 * (lo + hi);
}

std::pair<double, double> maximize2d(const std::function<double(double, double)>& f, double x0, double y0, double step)
{
    struct P {
        double x, y, v;
    };
    std::vector<P> s = { { x0, y0, 0 }, { x0 + step, y0, 0 }, { x0, y0 + step, 0 } };
    for (auto& p : s)
        p.v = f(p.x, p.y);
    for (int it = 0; it < 400; ++it) {
        std::sort(s.begin(), s.end(), [](const P& a, const P& b) { return a.v > b.v; });
        if (std::abs(s[0].v - s[2].v) < 1e-10 * (1 + std::abs(s[0].v)) && it > 20)
            break;
        const double cx = 0.5 * (s[0].x + s[1].x), cy = 0.5 * (s[0].y + s[1].y);
        P r { 2 * cx - s[2].x, 2 * cy - s[2].y, 0 };
        r.v = f(r.x, r.y);
        if (r.v > s[0].v) {
            P e { 3 * cx - 2 * s[2].x, 3 * cy - 2 * s[2].y, 0 };
            e.v = f(e.x, e.y);
            s[2] = e.v > r.v ? e : r;
        } else if (r.v > s[1].v) {
            s[2] = r;
        } else {
            P c { 0.5 * (cx + s[2].x), 0.5 * (cy + s[2].y), 0 };
            c.v = f(c.x, c.y);
            if (c.v > s[2].v) {
                s[2] = c;
            } else {
                for (int k = 1; k < 3; ++k) {
                    s[k].x = 0.5 * (s[0].x + s[k].x);
                    s[k].y = 0.5 * (s[0].y + s[k].y);
                    s[k].v = f(s[k].x, s[k].y);
                }
            }
        }
    }
    std::sort(s.begin(), s.end(), [](const P& a, const P& b) { return a.v > b.v; });
    return { s[0].x, s[0].y };
}

double normalMass(double a, double b)
{
    if (a > 0)
        return 0.5 * (std::erfc(a / kSqrt2) - std::erfc(b / kSqrt2));
    return 0.5 * (std::erfc(-b / kSqrt2) - std::erfc(-a / kSqrt2));
}

} // namespace lorascope::fitmath
