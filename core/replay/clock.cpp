// SPDX-License-Identifier: Apache-2.0
#include "replay/clock.h"

#include "replay/schedule.h"
#include "util/error.h"

#include <sys/timex.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

namespace lorascope {

KernelClockSync kernelClockSync()
{
    KernelClockSync k;
    timex tx {};
    tx.modes = 0; // read only
    const int state = ::adjtimex(&tx);
    if (state < 0)
        return k;
    k.known = true;
    k.synchronized = state != TIME_ERROR && !(tx.status & STA_UNSYNC);
    const double unit = (tx.status & STA_NANO) ? 1e-6 : 1e-3; // offset in ns or µs → ms
    k.offsetMs = double(tx.offset) * unit;
    k.maxErrorMs = double(tx.maxerror) * 1e-3; // µs
    k.estErrorMs = double(tx.esterror) * 1e-3;
    return k;
}

double wallClockNow()
{
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

namespace {

int monthOf(std::string_view m)
{
    static const char* names[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
    for (int i = 0; i < 12; ++i)
        if (m == names[i])
            return i + 1;
    return 0;
}

// Days from 1970-01-01 to y-m-d (proleptic Gregorian; Howard Hinnant's algorithm).
long long daysFromCivil(long long y, unsigned m, unsigned d)
{
    y -= m <= 2;
    const long long era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = unsigned(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + (long long)doe - 719468;
}

bool number(std::string_view s, int& out)
{
    if (s.empty() || s.size() > 4)
        return false;
    int v = 0;
    for (char c : s) {
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + (c - '0');
    }
    out = v;
    return true;
}

std::optional<double> build(int year, int month, int day, std::string_view hms)
{
    int h, mi, s;
    if (hms.size() != 8 || hms[2] != ':' || hms[5] != ':' || !number(hms.substr(0, 2), h)
        || !number(hms.substr(3, 2), mi) || !number(hms.substr(6, 2), s))
        return std::nullopt;
    if (month < 1 || day < 1 || day > 31 || h > 23 || mi > 59 || s > 60 || year < 1970 || year > 9999)
        return std::nullopt;
    return double(daysFromCivil(year, unsigned(month), unsigned(day)) * 86400 + h * 3600 + mi * 60 + s);
}

} // namespace

std::optional<double> parseHttpDate(std::string_view t)
{
    int day, year;
    // IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT"
    if (t.size() == 29 && t[3] == ',' && t[4] == ' ' && t[7] == ' ' && t[11] == ' ' && t[16] == ' ' && t[25] == ' '
        && t.substr(26) == "GMT" && number(t.substr(5, 2), day) && number(t.substr(12, 4), year))
        return build(year, monthOf(t.substr(8, 3)), day, t.substr(17, 8));
    // RFC 850: "Sunday, 06-Nov-94 08:49:37 GMT"
    const auto comma = t.find(", ");
    if (comma != std::string_view::npos && t.size() == comma + 24 && t[comma + 4] == '-' && t[comma + 8] == '-'
        && t.substr(comma + 21) == "GMT" && number(t.substr(comma + 2, 2), day)
        && number(t.substr(comma + 9, 2), year)) {
        year += year < 70 ? 2000 : 1900;
        return build(year, monthOf(t.substr(comma + 5, 3)), day, t.substr(comma + 12, 8));
    }
    // asctime: "Sun Nov  6 08:49:37 1994"
    if (t.size() == 24 && t[3] == ' ' && t[7] == ' ' && t[10] == ' ' && t[19] == ' ') {
        const auto d = t.substr(8, 2);
        if (number(d[0] == ' ' ? d.substr(1) : d, day) && number(t.substr(20, 4), year))
            return build(year, monthOf(t.substr(4, 3)), day, t.substr(11, 8));
    }
    return std::nullopt;
}

void ServerClockOffset::add(double date, double sent, double received)
{
    if (!std::isfinite(date) || !std::isfinite(sent) || !std::isfinite(received) || received < sent)
        return;
    ++samples;
    low = std::max(low, date - received);
    high = std::min(high, date + 1.0 - sent);
    if (low > high)
        inconsistent = true;
}

double ServerClockOffset::estimate() const
{
    if (!samples || inconsistent)
        return std::numeric_limits<double>::quiet_NaN();
    return (low + high) / 2;
}

namespace {
nlohmann::json num(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}
double numOr(const nlohmann::json& j, const char* key, double fallback)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<double>() : fallback;
}
} // namespace

nlohmann::json runClockToJson(const RunClock& c)
{
    nlohmann::json j;
    j["start_wall_epoch_s"] = c.startWall;
    j["schedule_origin_s"] = c.origin;
    j["start_at_epoch_s"] = c.startAt ? nlohmann::json(*c.startAt) : nlohmann::json(nullptr);
    if (c.startAt)
        j["start_tolerance_s"] = c.startTolerance;
    j["start_late_ms"] = c.startLate * 1e3;
    j["kernel_clock"] = { { "known", c.kernel.known }, { "synchronized", c.kernel.synchronized },
        { "offset_ms", num(c.kernel.offsetMs) }, { "max_error_ms", num(c.kernel.maxErrorMs) },
        { "est_error_ms", num(c.kernel.estErrorMs) } };
    j["server_clock_offset"] = { { "samples", c.server.samples }, { "low_ms", num(c.server.low * 1e3) },
        { "high_ms", num(c.server.high * 1e3) }, { "estimate_ms", num(c.server.estimate() * 1e3) },
        { "inconsistent", c.server.inconsistent } };
    return j;
}

RunClock runClockFromJson(const nlohmann::json& j)
{
    RunClock c;
    if (!j.is_object())
        return c;
    // A number in [lo, hi], or the fallback when absent or null.
    const auto checked
        = [](const nlohmann::json& o, const char* key, double lo, double hi, double fallback, const std::string& path) {
              const auto it = o.find(key);
              if (it == o.end() || it->is_null())
                  return fallback;
              const std::string field = path + key;
              if (!it->is_number())
                  throw InputError(field + ": expected a number, got " + it->type_name(), {}, 0, field);
              const double v = it->get<double>();
              if (!(v >= lo && v <= hi))
                  throw InputError(field + ": " + formatNumber(v) + " is out of range (" + formatNumber(lo) + " to "
                          + formatNumber(hi) + ")",
                      {}, 0, field);
              return v;
          };
    constexpr double kLatestEpoch = 95617584000.0; // year 5000
    c.startWall = checked(j, "start_wall_epoch_s", 0, kLatestEpoch, 0, "clock.");
    // Trace time 0 lies at most --start-tolerance (an hour) before the run's start, at most a
    // --start-at week or a start delay of 366 days after it.
    c.origin = checked(j, "schedule_origin_s", -3600, kMaxReplaySeconds, 0, "clock.");
    if (j.contains("start_at_epoch_s") && !j["start_at_epoch_s"].is_null())
        c.startAt = checked(j, "start_at_epoch_s", 0, kLatestEpoch, 0, "clock.");
    c.startTolerance = checked(j, "start_tolerance_s", 0, 3600, 0, "clock.");
    c.startLate = checked(j, "start_late_ms", 0, 3600e3, 0, "clock.") / 1e3;
    if (j.contains("kernel_clock") && j["kernel_clock"].is_object()) {
        const auto& k = j["kernel_clock"];
        c.kernel.known = k.value("known", false);
        c.kernel.synchronized = k.value("synchronized", false);
        c.kernel.offsetMs = numOr(k, "offset_ms", c.kernel.offsetMs);
        c.kernel.maxErrorMs = numOr(k, "max_error_ms", c.kernel.maxErrorMs);
        c.kernel.estErrorMs = numOr(k, "est_error_ms", c.kernel.estErrorMs);
    }
    if (j.contains("server_clock_offset") && j["server_clock_offset"].is_object()) {
        const auto& s = j["server_clock_offset"];
        c.server.samples = s.value("samples", std::uint64_t(0));
        c.server.low = numOr(s, "low_ms", -std::numeric_limits<double>::infinity() / 1) / 1e3;
        c.server.high = numOr(s, "high_ms", std::numeric_limits<double>::infinity()) / 1e3;
        c.server.inconsistent = s.value("inconsistent", false);
    }
    return c;
}

} // namespace lorascope
