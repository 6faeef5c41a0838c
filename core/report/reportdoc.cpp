// SPDX-License-Identifier: Apache-2.0
#include "report/reportdoc.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace lorascope::report {

json short6(double v)
{
    if (!std::isfinite(v))
        return nullptr;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return std::strtod(buf, nullptr);
}

std::string fixed(double v, int digits)
{
    if (!std::isfinite(v))
        return "-";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

json page(const std::string& kind, ReportLang lang, const std::string& title, const std::string& subtitle)
{
    json p;
    p["schema"] = 1;
    p["kind"] = kind;
    p["lang"] = reportLangName(lang);
    p["title"] = title;
    p["subtitle"] = subtitle;
    p["strings"] = pageStrings(lang);
    p["banners"] = json::array();
    p["sections"] = json::array();
    return p;
}

json& addSection(json& p, const std::string& id, const std::string& title)
{
    p["sections"].push_back({ { "id", id }, { "title", title }, { "items", json::array() } });
    return p["sections"].back()["items"];
}

void addBanner(json& p, const std::string& level, const std::string& text)
{
    p["banners"].push_back({ { "level", level }, { "text", text } });
}

json facts(const std::vector<std::pair<std::string, std::string>>& rows)
{
    json r = json::array();
    for (const auto& [k, v] : rows)
        r.push_back({ k, v });
    return { { "type", "facts" }, { "rows", std::move(r) } };
}

json chart(const std::string& id, const std::string& title, const std::string& explain, const std::string& xName,
    const std::string& yName, const std::string& xType, const std::string& yType)
{
    return { { "type", "chart" }, { "id", id }, { "title", title }, { "explain", explain },
        { "x", { { "name", xName }, { "type", xType } } }, { "y", { { "name", yName }, { "type", yType } } },
        { "series", json::array() }, { "marks", json::array() } };
}

void addSeries(json& c, const std::string& name, const Points& points, const std::string& kind, bool dashed, bool area)
{
    json data = json::array();
    for (const auto& [x, y] : points)
        data.push_back({ short6(x), short6(y) });
    c["series"].push_back(
        { { "name", name }, { "kind", kind }, { "data", std::move(data) }, { "dashed", dashed }, { "area", area } });
}

void addMark(json& c, const std::string& axis, double value, const std::string& label)
{
    if (std::isfinite(value))
        c["marks"].push_back({ { "axis", axis }, { "value", short6(value) }, { "label", label } });
}

Points histogramPoints(const Histogram& h)
{
    Points p;
    if (h.edges.size() < 2 || h.counts.size() + 1 != h.edges.size())
        return p;
    for (std::size_t i = 0; i < h.counts.size(); ++i)
        p.emplace_back(h.edges[i], double(h.counts[i]));
    p.emplace_back(h.edges.back(), double(h.counts.back()));
    return p;
}

Points envelope(const Points& points, std::size_t maxPoints)
{
    if (points.size() <= maxPoints || maxPoints < 4)
        return points;
    Points out;
    const std::size_t buckets = maxPoints / 2;
    const double per = double(points.size()) / double(buckets);
    for (std::size_t b = 0; b < buckets; ++b) {
        const auto lo = std::size_t(double(b) * per);
        const auto hi = std::min(points.size(), std::size_t(double(b + 1) * per));
        if (lo >= hi)
            continue;
        auto mn = lo, mx = lo;
        for (auto i = lo; i < hi; ++i) {
            if (points[i].second < points[mn].second)
                mn = i;
            if (points[i].second > points[mx].second)
                mx = i;
        }
        out.push_back(points[std::min(mn, mx)]);
        if (mn != mx)
            out.push_back(points[std::max(mn, mx)]);
    }
    return out;
}

json table(const std::string& id, const std::string& title, const std::vector<Column>& columns, json rows,
    const std::string& download, bool sortable)
{
    json cols = json::array();
    for (const auto& c : columns)
        cols.push_back({ { "label", c.label }, { "unit", c.unit }, { "digits", c.digits } });
    return { { "type", "table" }, { "id", id }, { "title", title }, { "columns", std::move(cols) },
        { "rows", std::move(rows) }, { "sortable", sortable }, { "download", download }, { "note", "" },
        { "shown", 500 } };
}

json list(const std::vector<std::string>& items)
{
    return { { "type", "list" }, { "items", items } };
}

json text(const std::string& t)
{
    return { { "type", "text" }, { "text", t } };
}

} // namespace lorascope::report
