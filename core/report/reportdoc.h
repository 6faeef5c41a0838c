// SPDX-License-Identifier: Apache-2.0
#pragma once
// The data of an HTML report: plain JSON that the page's script (resources/report/report.js)
// turns into sections, tables and ECharts charts. Everything shown is decided here, in core:
// chart series already binned or downsampled, headline numbers already formatted, every word from
// core/report/reportstrings. Shape (schema 1):
//   { kind, lang, title, subtitle, strings, banners: [{level, text}],
//     sections: [{id, title, items: [item…]}] }
// items: facts {rows: [[label, value]]}, metrics {rows: [{key, label, value, text, unit, explain}]},
// chart {id, title, explain, x: {name, type}, y: {name, type}, series: [{name, kind, data: [[x, y]…],
// dashed, area}], marks: [{axis, value, label}]}, table {id, title, columns: [{label, unit, digits}],
// rows, sortable, download, note, shown}, list {items}, text {text}. Qt-free.

#include "report/reportstrings.h"
#include "workload/stats.h"

#include <nlohmann/json.hpp>

#include <string>
#include <utility>
#include <vector>

namespace lorascope::report {

using json = nlohmann::json;
using Points = std::vector<std::pair<double, double>>;

/// `v` rounded to 6 significant digits (chart data: shorter text, no visible change); NaN → null.
json short6(double v);
/// A number as the headline shows it: fixed `digits` decimals ("62947.88"); "-" for NaN.
std::string fixed(double v, int digits = 2);

json page(const std::string& kind, ReportLang lang, const std::string& title, const std::string& subtitle);
json& addSection(json& page, const std::string& id, const std::string& title);
void addBanner(json& page, const std::string& level, const std::string& text);

json facts(const std::vector<std::pair<std::string, std::string>>& rows);
json chart(const std::string& id, const std::string& title, const std::string& explain, const std::string& xName,
    const std::string& yName, const std::string& xType = "value", const std::string& yType = "value");
void addSeries(json& chart, const std::string& name, const Points& points, const std::string& kind = "line",
    bool dashed = false, bool area = false);
void addMark(json& chart, const std::string& axis, double value, const std::string& label);
/// A histogram as a step outline over its edges (so marks at values can be drawn on the same axis).
Points histogramPoints(const Histogram& h);
/// At most `maxPoints` points: each bucket of consecutive points keeps its minimum and maximum
/// (the outline of a dense series survives; order kept).
Points envelope(const Points& points, std::size_t maxPoints);

/// A table item. `columns`: (label, unit, digits; digits < 0 = text).
struct Column {
    std::string label, unit;
    int digits = 2;
};
json table(const std::string& id, const std::string& title, const std::vector<Column>& columns, json rows,
    const std::string& download, bool sortable = true);
json list(const std::vector<std::string>& items);
json text(const std::string& text);

} // namespace lorascope::report
