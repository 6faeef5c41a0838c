// SPDX-License-Identifier: Apache-2.0
// `compare`'s text and JSON output (the comparison itself: runcompare.cpp).
#include "report/runcompare.h"

#include <cmath>
#include <cstdio>

namespace lorascope {

namespace {

nlohmann::json num(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

nlohmann::json opt(const std::optional<double>& v)
{
    return v ? num(*v) : nlohmann::json(nullptr);
}

std::string cell(double v, int digits = 2)
{
    if (!std::isfinite(v))
        return "-";
    char buf[64];
    if (std::abs(v) >= 1e12) // a fixed-point 1e308 would be 309 digits: large values in exponent form
        std::snprintf(buf, sizeof buf, "%.4g", v);
    else
        std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

std::string cell(const std::optional<double>& v, int digits = 2)
{
    return v ? cell(*v, digits) : std::string("-");
}

std::string pad(std::string s, std::size_t width)
{
    // Width in characters shown: count UTF-8 lead bytes only.
    std::size_t shown = 0;
    for (unsigned char ch : s)
        shown += (ch & 0xC0) != 0x80 ? 1 : 0;
    if (shown < width)
        s.append(width - shown, ' ');
    return s + " ";
}

const char* verdictName(MetricDelta::Verdict v)
{
    switch (v) {
    case MetricDelta::Verdict::NoData:
        return "no_data";
    case MetricDelta::Verdict::NoInterval:
        return "no_interval";
    case MetricDelta::Verdict::Same:
        return "no_significant_difference";
    case MetricDelta::Verdict::Better:
        return "better";
    case MetricDelta::Verdict::Worse:
        return "worse";
    }
    return "?";
}

nlohmann::json deltaJson(const MetricDelta& d, const std::string& labelB, ReportLang lang)
{
    nlohmann::json j;
    j["metric"] = d.key;
    j["unit"] = d.info ? d.info->unit : "";
    j["better"] = d.info && d.info->better == Better::Higher ? "higher" : "lower";
    j["a"] = opt(d.a);
    j["b"] = opt(d.b);
    j["difference"] = opt(d.diff());
    j["relative"] = opt(d.rel());
    j["ci_low"] = num(d.interval.diffLow);
    j["ci_high"] = num(d.interval.diffHigh);
    j["relative_ci_low"] = num(d.interval.relLow);
    j["relative_ci_high"] = num(d.interval.relHigh);
    j["verdict"] = verdictName(d.verdict);
    j["text"] = verdictText(d, labelB, lang);
    return j;
}

} // namespace

nlohmann::json comparisonJson(const ResultComparison& c, ReportLang lang)
{
    nlohmann::json j;
    j["kind"] = c.kind == ResultComparison::Kind::Runs ? "runs" : "sweeps";
    j["inputs"] = c.labels;
    j["different_traces"] = c.differentTraces;
    j["confidence"] = c.options.confidence;
    j["seed"] = c.options.seed;
    j["notes"] = c.notes;
    auto& pairs = j["comparisons"] = nlohmann::json::array();
    for (const auto& p : c.runs) {
        nlohmann::json pj;
        pj["a"] = p.labelA;
        pj["b"] = p.labelB;
        pj["same_trace"] = p.sameTrace;
        pj["resamples"] = p.resamples;
        pj["itl_thinned"] = p.itlThinned;
        auto& ov = pj["overall"] = nlohmann::json::array();
        for (const auto& d : p.overall)
            ov.push_back(deltaJson(d, p.labelB, lang));
        auto& per = pj["per_adapter"] = nlohmann::json::array();
        for (const auto& ad : p.perAdapter) {
            nlohmann::json aj { { "adapter", ad.name }, { "requests_a", ad.requestsA },
                { "requests_b", ad.requestsB } };
            auto& ms = aj["metrics"] = nlohmann::json::array();
            for (const auto& d : ad.metrics)
                ms.push_back(deltaJson(d, p.labelB, lang));
            per.push_back(std::move(aj));
        }
        pj["adapters_only_in_a"] = p.adaptersOnlyA;
        pj["adapters_only_in_b"] = p.adaptersOnlyB;
        pairs.push_back(std::move(pj));
    }
    for (const auto& s : c.sweeps) {
        nlohmann::json sj { { "a", s.labelA }, { "b", s.labelB }, { "parameter", s.parameter },
            { "problem", s.problem }, { "capacity_a", num(s.capacityA) }, { "capacity_b", num(s.capacityB) },
            { "first_saturated_a", num(s.firstSaturatedA) }, { "first_saturated_b", num(s.firstSaturatedB) } };
        auto& pts = sj["points"] = nlohmann::json::array();
        for (const auto& pt : s.points) {
            nlohmann::json pj { { "value", pt.value } };
            for (const auto& [name, ab] : pt.metrics)
                pj[name] = { { "a", num(ab.first) }, { "b", num(ab.second) } };
            pts.push_back(std::move(pj));
        }
        pairs.push_back(std::move(sj));
    }
    return j;
}

std::string comparisonText(const ResultComparison& c, ReportLang lang, bool allMetrics)
{
    std::string out;
    if (c.differentTraces)
        out += reportText(lang, "compare.different_traces") + "\n\n";
    for (const auto& p : c.runs) {
        out += reportText(lang, "compare.pair_heading", { p.labelB, p.labelA, std::to_string(p.resamples) }) + "\n";
        out += pad(reportText(lang, "col.metric"), 24) + pad(reportText(lang, "col.unit"), 6) + pad("A", 12)
            + pad("B", 12) + pad("B − A", 12) + pad(reportText(lang, "col.interval"), 24)
            + reportText(lang, "col.verdict") + "\n";
        for (const auto& d : p.overall) {
            if (!d.a && !d.b)
                continue;
            if (!allMetrics && !(d.info && d.info->headline))
                continue;
            std::string iv
                = d.interval.valid() ? cell(d.interval.diffLow) + " … " + cell(d.interval.diffHigh) : std::string("-");
            const int digits = d.info && d.info->statistic == Statistic::Count ? 0 : 2; // counts are whole requests
            out += pad(metricLabel(lang, d.key), 24) + pad(d.info ? d.info->unit : "", 6) + pad(cell(d.a, digits), 12)
                + pad(cell(d.b, digits), 12) + pad(cell(d.diff(), digits), 12) + pad(iv, 24)
                + verdictText(d, p.labelB, lang) + "\n";
        }
        std::size_t shown = 0, significant = 0;
        std::string per;
        for (const auto& ad : p.perAdapter)
            for (const auto& d : ad.metrics)
                if (d.verdict == MetricDelta::Verdict::Better || d.verdict == MetricDelta::Verdict::Worse) {
                    ++significant;
                    if (shown++ < 20)
                        per += "  " + ad.name + ": " + verdictText(d, p.labelB, lang) + "\n";
                }
        out += reportText(lang, "compare.per_adapter_heading",
                   { std::to_string(p.perAdapter.size()), std::to_string(significant) })
            + "\n";
        out += per;
        if (significant > shown)
            out += "  " + reportText(lang, "compare.more", { std::to_string(significant - shown) }) + "\n";
        out += "\n";
    }
    for (const auto& s : c.sweeps) {
        out += reportText(lang, "compare.sweep_heading", { s.labelB, s.labelA, s.parameter }) + "\n";
        if (!s.problem.empty()) {
            out += "  " + s.problem + "\n\n";
            continue;
        }
        out += "  " + reportText(lang, "compare.capacity", { cell(s.capacityA), cell(s.capacityB) }) + "\n";
        out += pad("  " + s.parameter, 12);
        for (const auto& [name, ab] : s.points.front().metrics)
            out += pad(name + " A/B", 24);
        out += "\n";
        for (const auto& pt : s.points) {
            out += pad("  " + cell(pt.value), 12);
            for (const auto& [name, ab] : pt.metrics)
                out += pad(cell(ab.first) + " / " + cell(ab.second), 24);
            out += "\n";
        }
        out += "\n";
    }
    for (const auto& n : c.notes)
        out += n + "\n";
    return out;
}

} // namespace lorascope
