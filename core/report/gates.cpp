// SPDX-License-Identifier: Apache-2.0
#include "report/gates.h"

#include "report/reportstrings.h"

#include "util/atomicfile.h"
#include "util/error.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace lorascope {

namespace {

std::vector<std::string> splitItems(const std::string& text)
{
    std::vector<std::string> out;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        auto comma = text.find(',', pos);
        if (comma == std::string::npos)
            comma = text.size();
        std::string item = text.substr(pos, comma - pos);
        // Blanks around an item are allowed ("a>1, b<2"), none inside.
        const auto b = item.find_first_not_of(" \t");
        const auto e = item.find_last_not_of(" \t");
        out.push_back(b == std::string::npos ? std::string() : item.substr(b, e - b + 1));
        pos = comma + 1;
    }
    return out;
}

std::optional<double> parseNumber(const std::string& s)
{
    double v = 0;
    const auto res = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || res.ec != std::errc() || res.ptr != s.data() + s.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

const MetricInfo& metricOrThrow(const std::string& name, const std::string& item, const std::string& flag)
{
    const MetricInfo* m = findMetric(name);
    if (!m)
        throw InputError(flag + ": unknown metric \"" + name.substr(0, 60) + "\" in \"" + item.substr(0, 80)
                + "\" (metrics: " + metricKeys() + ")",
            {}, 0, flag);
    return *m;
}

const char* opText(Gate::Op op)
{
    switch (op) {
    case Gate::Op::Greater:
        return ">";
    case Gate::Op::GreaterEqual:
        return ">=";
    case Gate::Op::Less:
        return "<";
    case Gate::Op::LessEqual:
        return "<=";
    }
    return "?";
}

} // namespace

std::string gateNumber(double value, const char* unit)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", value);
    std::string out = buf;
    if (unit && *unit)
        out += std::string(" ") + unit;
    return out;
}

std::vector<Gate> parseGates(const std::string& text, const std::string& flag)
{
    std::vector<Gate> out;
    for (const auto& item : splitItems(text)) {
        if (item.empty())
            throw InputError(flag + ": empty condition in \"" + text.substr(0, 80)
                    + "\" (expected METRIC>NUMBER or METRIC<NUMBER, comma separated)",
                {}, 0, flag);
        const auto at = item.find_first_of("<>");
        if (at == std::string::npos || at == 0)
            throw InputError(
                flag + ": \"" + item.substr(0, 80) + "\" is not METRIC>NUMBER or METRIC<NUMBER (also >= and <=)", {}, 0,
                flag);
        Gate g;
        g.text = item;
        g.metric = item.substr(0, at);
        std::size_t numAt = at + 1;
        const bool orEqual = numAt < item.size() && item[numAt] == '=';
        if (orEqual)
            ++numAt;
        g.op = item[at] == '>' ? (orEqual ? Gate::Op::GreaterEqual : Gate::Op::Greater)
                               : (orEqual ? Gate::Op::LessEqual : Gate::Op::Less);
        metricOrThrow(g.metric, item, flag);
        const auto bound = parseNumber(item.substr(numAt));
        if (!bound)
            throw InputError(flag + ": \"" + item.substr(0, 80) + "\": \"" + item.substr(numAt, 40)
                    + "\" is not a number (the bound is in the metric's unit, e.g. p99_ttft_ms>500)",
                {}, 0, flag);
        g.bound = *bound;
        out.push_back(std::move(g));
    }
    return out;
}

std::vector<WorseGate> parseWorseGates(const std::string& text, const std::string& flag)
{
    std::vector<WorseGate> out;
    for (const auto& item : splitItems(text)) {
        const auto colon = item.find(':');
        if (item.empty() || colon == std::string::npos || colon == 0)
            throw InputError(flag + ": \"" + item.substr(0, 80)
                    + "\" is not METRIC:TOLERANCE (e.g. p99_e2el_ms:5% or p99_e2el_ms:20 in the metric's unit)",
                {}, 0, flag);
        WorseGate g;
        g.text = item;
        g.metric = item.substr(0, colon);
        metricOrThrow(g.metric, item, flag);
        std::string tol = item.substr(colon + 1);
        g.relative = !tol.empty() && tol.back() == '%';
        if (g.relative)
            tol.pop_back();
        const auto v = parseNumber(tol);
        if (!v || *v < 0)
            throw InputError(flag + ": \"" + item.substr(0, 80)
                    + "\": the tolerance must be a number >= 0, optionally with % (got \"" + item.substr(colon + 1, 40)
                    + "\")",
                {}, 0, flag);
        g.tolerance = g.relative ? *v / 100.0 : *v;
        out.push_back(std::move(g));
    }
    return out;
}

std::vector<GateResult> checkGates(const std::vector<Gate>& gates, const nlohmann::json& summary)
{
    std::vector<GateResult> out;
    for (const auto& g : gates) {
        const MetricInfo* m = findMetric(g.metric);
        const char* unit = m ? m->unit : "";
        GateResult r;
        r.name = g.text;
        r.metric = g.metric;
        r.bound = g.bound;
        r.value = metricValue(summary, g.metric);
        if (!r.value) {
            r.failed = true;
            r.message = g.metric + " is not in the run's summary"
                + std::string(g.metric == "request_goodput" ? " (goodput needs --slo)" : " (no request completed?)")
                + ": gate " + g.text + " cannot pass";
        } else {
            const double v = *r.value;
            switch (g.op) {
            case Gate::Op::Greater:
                r.failed = v > g.bound;
                break;
            case Gate::Op::GreaterEqual:
                r.failed = v >= g.bound;
                break;
            case Gate::Op::Less:
                r.failed = v < g.bound;
                break;
            case Gate::Op::LessEqual:
                r.failed = v <= g.bound;
                break;
            }
            r.message = g.metric + " = " + gateNumber(v, unit) + (r.failed ? " " : ", not ") + opText(g.op) + " "
                + gateNumber(g.bound, unit)
                + (r.failed ? " (gate " + g.text + " failed)" : " (gate " + g.text + " passed)");
        }
        out.push_back(std::move(r));
    }
    return out;
}

std::vector<std::string> failedGateLines(const std::vector<GateResult>& results)
{
    std::vector<std::string> out;
    for (const auto& r : results)
        if (r.failed)
            out.push_back(r.message);
    return out;
}

std::string junitXml(const std::string& suite, const std::vector<GateResult>& results, double seconds)
{
    std::size_t failures = 0;
    for (const auto& r : results)
        failures += r.failed ? 1 : 0;
    char time[32];
    std::snprintf(time, sizeof time, "%.3f", seconds);
    std::string x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    x += "<testsuites name=\"lorascope\" tests=\"" + std::to_string(results.size()) + "\" failures=\""
        + std::to_string(failures) + "\" errors=\"0\" time=\"" + time + "\">\n";
    x += "  <testsuite name=\"" + markupEscape(suite) + "\" tests=\"" + std::to_string(results.size())
        + "\" failures=\"" + std::to_string(failures) + "\" errors=\"0\" skipped=\"0\" time=\"" + time + "\">\n";
    for (const auto& r : results) {
        x += "    <testcase classname=\"" + markupEscape(suite) + "\" name=\"" + markupEscape(r.name)
            + "\" time=\"0\">\n";
        if (r.failed)
            x += "      <failure message=\"" + markupEscape(r.message) + "\" type=\"slo-gate\">"
                + markupEscape(r.message) + "</failure>\n";
        else
            x += "      <system-out>" + markupEscape(r.message) + "</system-out>\n";
        x += "    </testcase>\n";
    }
    x += "  </testsuite>\n</testsuites>\n";
    return x;
}

void writeJunit(
    const std::string& path, const std::string& suite, const std::vector<GateResult>& results, double seconds)
{
    const std::string xml = junitXml(suite, results, seconds);
    writeFileAtomically(path, [&](std::ostream& out) { out << xml; });
}

} // namespace lorascope
