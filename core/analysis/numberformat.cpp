// SPDX-License-Identifier: Apache-2.0
#include "analysis/numberformat.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace lorascope {

namespace {

/// The 1-2-5 step at or above `raw` (> 0).
double stepAtLeast(double raw)
{
    const double z = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : { 1.0, 2.0, 5.0, 10.0 }) {
        // A relative tolerance, so 0.2 / (3 − 1) = 0.1 picks 0.1 and not 0.2.
        if (m * z >= raw * (1 - 1e-9))
            return m * z;
    }
    return 10 * z;
}

/// The next 1-2-5 step above `step`.
double nextStep(double step)
{
    const double z = std::pow(10.0, std::floor(std::log10(step) + 1e-9));
    const double m = step / z;
    return m < 1.5 ? 2 * z : m < 3.5 ? 5 * z : 10 * z;
}

int decimalsOf(double step)
{
    return std::max(0, -static_cast<int>(std::floor(std::log10(step) + 1e-9)));
}

std::string superscript(int exponent)
{
    static const char* const digits[] = { "⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹" };
    std::string out = exponent < 0 ? "⁻" : "";
    const std::string plain = std::to_string(std::abs(exponent));
    for (char c : plain)
        out += digits[c - '0'];
    return out;
}

/// value = mantissa × 10^exponent rounded to `sig` significant digits.
void decompose(double value, int sig, double& mantissa, int& exponent)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*e", std::max(0, sig - 1), value);
    char* e = std::strchr(buf, 'e');
    exponent = e ? std::atoi(e + 1) : 0;
    if (e)
        *e = '\0';
    mantissa = std::strtod(buf, nullptr);
}

std::string powerOfTen(double value)
{
    double m = 0;
    int e = 0;
    decompose(value, 2, m, e);
    if (std::abs(m - 1.0) < 1e-9)
        return "10" + superscript(e);
    if (std::abs(m + 1.0) < 1e-9)
        return "−10" + superscript(e);
    return formatFixed(m, std::abs(m - std::round(m)) < 1e-9 ? 0 : 1) + "×10" + superscript(e);
}

} // namespace

NiceTicks niceTicks(double lo, double hi, int maxTicks)
{
    NiceTicks t;
    maxTicks = std::max(2, maxTicks);
    if (!std::isfinite(lo) || !std::isfinite(hi)) {
        lo = 0;
        hi = 1;
    }
    if (hi < lo)
        std::swap(lo, hi);
    if (!(hi > lo)) {
        const double pad = lo == 0 ? 1.0 : std::abs(lo) * 0.1;
        lo -= pad;
        hi += pad;
    }
    double step = stepAtLeast((hi - lo) / (maxTicks - 1));
    for (int guard = 0; guard < 8; ++guard) {
        const double a = std::floor(lo / step + 1e-9), b = std::ceil(hi / step - 1e-9);
        if (b - a + 1 <= maxTicks)
            break;
        step = nextStep(step);
    }
    const double a = std::floor(lo / step + 1e-9), b = std::ceil(hi / step - 1e-9);
    t.step = step;
    t.lo = a * step;
    t.hi = b * step;
    for (double k = a; k <= b + 0.5; k += 1)
        t.values.push_back(k * step == 0 ? 0.0 : k * step);
    t.decimals = decimalsOf(step);
    return t;
}

NiceTicks niceTicksWithin(double lo, double hi, int maxTicks)
{
    NiceTicks t;
    maxTicks = std::max(2, maxTicks);
    if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo))
        return niceTicks(lo, hi, maxTicks);
    t.lo = lo;
    t.hi = hi;
    // Ticks inside a window number about span / step: start from the finest step that can fit.
    double step = stepAtLeast((hi - lo) / maxTicks);
    for (int guard = 0; guard < 8; ++guard) {
        const double a = std::ceil(lo / step - 1e-9), b = std::floor(hi / step + 1e-9);
        if (b - a + 1 <= maxTicks)
            break;
        step = nextStep(step);
    }
    const double a = std::ceil(lo / step - 1e-9), b = std::floor(hi / step + 1e-9);
    for (double k = a; k <= b + 0.5; k += 1)
        t.values.push_back(k * step == 0 ? 0.0 : k * step);
    t.step = step;
    t.decimals = decimalsOf(step);
    return t;
}

std::string formatFixed(double value, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", std::clamp(decimals, 0, 17), value);
    std::string s = buf;
    // "-0", "-0.00": a rounded zero has no sign.
    if (s.front() == '-' && s.find_first_not_of("-0.") == std::string::npos)
        s.erase(0, 1);
    return s;
}

std::string formatSig(double value, int sig)
{
    if (std::isnan(value))
        return "–";
    if (std::isinf(value))
        return value > 0 ? "∞" : "−∞";
    if (value == 0)
        return "0";
    sig = std::clamp(sig, 1, 15);
    double mantissa = 0;
    int exponent = 0;
    decompose(value, sig, mantissa, exponent);
    if (exponent < -4) {
        std::string m = formatFixed(mantissa, sig - 1);
        return m + "×10" + superscript(exponent);
    }
    return formatFixed(value, std::max(0, sig - 1 - exponent));
}

namespace {

std::string trimZeros(std::string s)
{
    if (s.find('.') == std::string::npos || s.find("×") != std::string::npos)
        return s;
    while (!s.empty() && s.back() == '0')
        s.pop_back();
    if (!s.empty() && s.back() == '.')
        s.pop_back();
    return s == "-0" ? "0" : s;
}

} // namespace

std::string formatSigShort(double value, int sig)
{
    const std::string s = formatSig(value, sig);
    const auto times = s.find("×");
    if (times == std::string::npos)
        return trimZeros(s);
    return trimZeros(s.substr(0, times)) + s.substr(times);
}

std::string formatResolved(double value, double resolution)
{
    if (!std::isfinite(value) || !std::isfinite(resolution) || !(resolution > 0))
        return formatSigShort(value, 3);
    int decimals = std::max(0, -static_cast<int>(std::floor(std::log10(resolution) + 1e-9)));
    // At least two significant digits (a value far below its resolution still reads as a number).
    if (value != 0)
        decimals = std::max(decimals, 1 - static_cast<int>(std::floor(std::log10(std::abs(value)) + 1e-9)));
    return trimZeros(formatFixed(value, std::min(decimals, 12)));
}

std::string formatPrintf(const char* format, double value, const std::string& missing)
{
    if (std::isfinite(value)) {
        const int n = std::snprintf(nullptr, 0, format, value);
        if (n < 0)
            return missing;
        std::string out(static_cast<std::size_t>(n) + 1, '\0');
        std::snprintf(out.data(), out.size(), format, value);
        out.pop_back();
        return out;
    }
    std::string out;
    for (const char* p = format; *p; ++p) {
        if (*p != '%') {
            out += *p;
            continue;
        }
        if (p[1] == '%') {
            out += '%';
            ++p;
            continue;
        }
        // %[flags][width][.precision][length]conversion
        ++p;
        bool left = false;
        for (; *p && std::strchr("-+ #0", *p); ++p)
            left = left || *p == '-';
        std::size_t width = 0;
        for (; *p >= '0' && *p <= '9'; ++p)
            width = std::min<std::size_t>(width * 10 + std::size_t(*p - '0'), 256);
        while (*p && !std::strchr("fFeEgGaAdiuxX", *p))
            ++p;
        // Width counts bytes in printf; "–" and other UTF-8 text is padded by its code points.
        std::size_t shown = 0;
        for (unsigned char c : missing)
            shown += (c & 0xC0) != 0x80 ? 1 : 0;
        const std::string pad(width > shown ? width - shown : 0, ' ');
        out += left ? missing + pad : pad + missing;
        if (!*p)
            break;
    }
    return out;
}

std::vector<double> logTicks(double lo, double hi)
{
    std::vector<double> out;
    if (!(lo > 0) || !(hi > lo) || !std::isfinite(hi))
        return out;
    const int k0 = static_cast<int>(std::ceil(std::log10(lo) - 1e-9));
    const int k1 = static_cast<int>(std::floor(std::log10(hi) + 1e-9));
    for (int k = k0; k <= k1; ++k)
        out.push_back(std::pow(10.0, k));
    if (k1 - k0 + 1 >= 2)
        return out;
    // Less than two decades: 1, 2, 5 × 10^k.
    out.clear();
    for (int k = k0 - 1; k <= k1; ++k) {
        for (double m : { 1.0, 2.0, 5.0 }) {
            const double v = m * std::pow(10.0, k);
            if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9))
                out.push_back(v);
        }
    }
    if (out.size() < 2) {
        out = niceTicksWithin(lo, hi, 4).values;
        out.erase(std::remove_if(out.begin(), out.end(), [](double v) { return !(v > 0); }), out.end());
    }
    return out;
}

std::vector<std::string> formatLogTicks(const std::vector<double>& ticks)
{
    std::vector<std::string> out;
    out.reserve(ticks.size());
    const bool plain = std::all_of(
        ticks.begin(), ticks.end(), [](double v) { return v >= 1e-3 * (1 - 1e-9) && v <= 1e4 * (1 + 1e-9); });
    for (double v : ticks) {
        if (!plain) {
            out.push_back(powerOfTen(v));
            continue;
        }
        // Each tick with the decimals it needs (0.001, 0.01, 0.5, 1, 20): one style, no exponents.
        double mantissa = 0;
        int exponent = 0;
        decompose(v, 3, mantissa, exponent);
        out.push_back(
            formatFixed(v, std::max(0, -exponent + (std::abs(mantissa - std::round(mantissa)) > 1e-9 ? 1 : 0))));
    }
    return out;
}

std::string formatSeconds(double seconds, int sig)
{
    if (std::isnan(seconds))
        return "–";
    const double a = std::abs(seconds);
    if (a == 0)
        return "0 s";
    if (a < 1e-3)
        return formatSig(seconds * 1e6, sig) + " µs";
    if (a < 1)
        return formatSig(seconds * 1e3, sig) + " ms";
    return formatSig(seconds, sig) + " s";
}

} // namespace lorascope
