// SPDX-License-Identifier: Apache-2.0
// The pages of a sweep file and of a comparison (`compare --html`).
#include "report/reportmodel.h"
#include "report/runparts.h"

#include "analysis/compare.h"
#include "sweep/sweep.h"
#include "util/version.h"

#include <algorithm>
#include <cmath>

namespace lorascope {

using namespace report;

namespace {

Points curve(const std::vector<SweepPoint>& points, double (*get)(const PointMetrics&))
{
    Points p;
    for (const auto& pt : points)
        p.emplace_back(pt.value, get(pt.metrics));
    return p;
}

// Quantile curve (percentile 1..99 → ms) of a per-request time of the completed, in-window records.
Points quantileCurve(const std::vector<ReplayRecord>& records, bool e2e)
{
    std::vector<double> v;
    for (const auto& r : records)
        if (r.inWindow && r.outcome == Outcome::Completed) {
            const double x = e2e ? r.e2el() : r.ttft();
            if (std::isfinite(x))
                v.push_back(x * 1e3);
        }
    Points p;
    if (v.empty())
        return p;
    std::sort(v.begin(), v.end());
    for (int q = 1; q <= 99; ++q) {
        const double pos = q / 100.0 * double(v.size() - 1);
        const auto lo = std::size_t(pos);
        const auto hi = std::min(lo + 1, v.size() - 1);
        p.emplace_back(q, v[lo] + (pos - double(lo)) * (v[hi] - v[lo]));
    }
    return p;
}

json nullable(const std::optional<double>& v)
{
    return v ? json(*v) : json(nullptr);
}

} // namespace

nlohmann::json sweepReportData(const SweepSource& src, const ReportOptions& o)
{
    const ReportLang L = o.lang;
    const SweepFile& f = src.sweep;
    const SweepParamInfo& info = sweepParamInfo(f.param);
    json pg = page("sweep", L, reportText(L, "title.sweep", { src.label }), reportText(L, "subtitle.sweep"));
    pg["generated"] = reportText(L, "about.generated", { kVersion, o.commandLine });
    std::vector<std::pair<std::string, std::string>> about;
    about.emplace_back(reportText(L, "about.sweep_file"), f.path);
    about.emplace_back(reportText(L, "about.parameter"),
        std::string(info.name) + " (" + info.label + (info.unit[0] ? std::string(", ") + info.unit : "")
            + "): " + info.description);
    about.emplace_back(
        reportText(L, "about.source"), f.source == "preview" ? reportText(L, "about.source_preview") : f.source);
    if (!f.suite.empty())
        about.emplace_back(
            reportText(L, "about.suite"), f.suite + (f.modelSetting.empty() ? "" : " (" + f.modelSetting + ")"));
    if (!f.costModel.empty())
        about.emplace_back(reportText(L, "about.cost_model"), f.costModel);
    about.emplace_back(reportText(L, "about.slo"), f.slo.describe());
    about.emplace_back(reportText(L, "about.points"), std::to_string(f.points.size()));
    about.emplace_back(reportText(L, "about.command_line"),
        o.commandLine.empty() ? reportText(L, "about.not_recorded") : o.commandLine);
    addSection(pg, "about", reportText(L, "section.about")).push_back(facts(about));
    if (f.points.empty()) {
        addBanner(pg, "error", reportText(L, "banner.no_points"));
        return pg;
    }
    SweepPlan plan;
    plan.param = f.param;
    plan.slo = f.slo;
    const SweepVerdict verdict = sweepVerdict(plan, f.points);
    std::vector<std::string> lines = verdict.lines;
    if (src.capacity.is_object() && src.capacity.contains("summary") && src.capacity["summary"].is_string())
        lines.insert(lines.begin(), src.capacity["summary"].get<std::string>());
    auto& head = addSection(pg, "headline", reportText(L, "section.verdict"));
    head.push_back(list(lines));
    double capacity = verdict.largestMeeting;
    if (src.capacity.is_object() && src.capacity.contains("capacity") && src.capacity["capacity"].is_number())
        capacity = src.capacity["capacity"].get<double>();

    const std::string x = std::string(info.label) + (info.unit[0] ? std::string(" (") + info.unit + ")" : "");
    auto& charts = addSection(pg, "charts", reportText(L, "section.sweep_charts"));
    auto marks = [&](json& c) {
        addMark(c, "x", capacity, reportText(L, "mark.capacity"));
        addMark(c, "x", verdict.firstSaturated, reportText(L, "mark.saturated"));
    };
    json th = chart("sweep_throughput", reportText(L, "chart.sweep_throughput"),
        reportText(L, "explain.chart.sweep_throughput"), x, reportText(L, "axis.req_per_s"));
    addSeries(th, reportText(L, "series.throughput"),
        curve(f.points, [](const PointMetrics& m) { return m.throughput; }), "line");
    addSeries(
        th, reportText(L, "series.goodput"), curve(f.points, [](const PointMetrics& m) { return m.goodput; }), "line");
    addSeries(th, reportText(L, "series.offered"), curve(f.points, [](const PointMetrics& m) { return m.offeredRate; }),
        "line", true);
    marks(th);
    charts.push_back(std::move(th));
    json tt = chart("sweep_ttft", reportText(L, "chart.sweep_ttft"), reportText(L, "explain.chart.sweep_ttft"), x,
        reportText(L, "axis.seconds"), "value", "log");
    addSeries(tt, "TTFT p50", curve(f.points, [](const PointMetrics& m) { return m.ttft.p50; }));
    addSeries(tt, "TTFT p90", curve(f.points, [](const PointMetrics& m) { return m.ttft.p90; }));
    addSeries(tt, "TTFT p99", curve(f.points, [](const PointMetrics& m) { return m.ttft.p99; }), "line", true);
    if (f.slo.ttft)
        addMark(tt, "y", *f.slo.ttft, reportText(L, "mark.slo_ttft"));
    marks(tt);
    charts.push_back(std::move(tt));
    json ee = chart("sweep_e2e", reportText(L, "chart.sweep_e2e"), reportText(L, "explain.chart.sweep_e2e"), x,
        reportText(L, "axis.seconds"), "value", "log");
    addSeries(ee, "E2E p50", curve(f.points, [](const PointMetrics& m) { return m.e2e.p50; }));
    addSeries(ee, "E2E p90", curve(f.points, [](const PointMetrics& m) { return m.e2e.p90; }));
    if (f.slo.e2e)
        addMark(ee, "y", *f.slo.e2e, reportText(L, "mark.slo_e2e"));
    marks(ee);
    charts.push_back(std::move(ee));
    json at = chart("sweep_attainment", reportText(L, "chart.sweep_attainment"),
        reportText(L, "explain.chart.sweep_attainment"), x, reportText(L, "axis.percent"));
    addSeries(at, reportText(L, "series.slo_attainment"),
        curve(f.points, [](const PointMetrics& m) { return m.sloAttainment * 100; }));
    addSeries(at, reportText(L, "series.slora_attainment"),
        curve(f.points, [](const PointMetrics& m) { return m.sloraAttainment * 100; }), "line", true);
    addMark(at, "y", f.slo.attainment * 100, reportText(L, "mark.required"));
    marks(at);
    charts.push_back(std::move(at));
    json sat = chart("sweep_saturation", reportText(L, "chart.sweep_saturation"),
        reportText(L, "explain.chart.sweep_saturation"), x, reportText(L, "axis.ratio"));
    addSeries(sat, reportText(L, "series.achieved_ratio"),
        curve(f.points, [](const PointMetrics& m) { return m.achievedRatio; }));
    addMark(sat, "y", SaturationOptions {}.ratio, reportText(L, "mark.saturation_ratio"));
    marks(sat);
    charts.push_back(std::move(sat));

    json rows = json::array();
    for (const auto& p : f.points) {
        const auto& m = p.metrics;
        rows.push_back({ short6(p.value), m.requests, m.completed, short6(m.throughput), short6(m.goodput),
            short6(m.ttft.p50), short6(m.ttft.p90), short6(m.ttft.p99), short6(m.e2e.p90), short6(m.sloAttainment),
            m.meetsSlo ? "✓" : "✗", short6(m.achievedRatio), m.saturated ? "✓" : "" });
    }
    json t = table("points", reportText(L, "table.points"),
        { { x, "", 3 }, { reportText(L, "col.requests"), "", 0 }, { reportText(L, "col.completed"), "", 0 },
            { reportText(L, "series.throughput"), "req/s", 3 }, { reportText(L, "series.goodput"), "req/s", 3 },
            { "TTFT p50", "s", 3 }, { "TTFT p90", "s", 3 }, { "TTFT p99", "s", 3 }, { "E2E p90", "s", 3 },
            { reportText(L, "series.slo_attainment"), "", 3 }, { reportText(L, "col.meets_slo"), "", -1 },
            { reportText(L, "series.achieved_ratio"), "", 3 }, { reportText(L, "col.saturated"), "", -1 } },
        std::move(rows), "sweep_points.csv");
    t["explain"] = reportText(L, "explain.table.points");
    addSection(pg, "raw", reportText(L, "section.points")).push_back(std::move(t));
    std::vector<std::string> notes;
    if (src.capacity.is_object() && src.capacity.contains("notes") && src.capacity["notes"].is_array())
        for (const auto& n : src.capacity["notes"])
            if (n.is_string())
                notes.push_back(n.get<std::string>());
    if (notes.empty())
        notes.push_back(reportText(L, "note.none"));
    addSection(pg, "notes", reportText(L, "section.notes")).push_back(list(notes));
    return pg;
}

nlohmann::json compareReportData(const ResultComparison& c, const std::vector<const RunSource*>& runs,
    const std::vector<const SweepSource*>& sweeps, const ReportOptions& o)
{
    const ReportLang L = o.lang;
    std::string names;
    for (const auto& l : c.labels)
        names += (names.empty() ? "" : ", ") + l;
    json pg = page("compare", L, reportText(L, "title.compare", { names }), reportText(L, "subtitle.compare"));
    pg["generated"] = reportText(L, "about.generated", { kVersion, o.commandLine });
    if (c.differentTraces)
        addBanner(pg, "warn", reportText(L, "compare.different_traces"));
    std::vector<std::pair<std::string, std::string>> about;
    const char letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (std::size_t i = 0; i < runs.size(); ++i)
        about.emplace_back(std::string(1, letters[i % 26]) + " = " + runs[i]->label,
            (runs[i]->isPreview ? reportText(L, "compare.kind_preview") : reportText(L, "compare.kind_run")) + ": "
                + runs[i]->path
                + (runs[i]->traceSha256.empty() ? "" : " (trace SHA-256 " + runs[i]->traceSha256.substr(0, 12) + "…)"));
    for (std::size_t i = 0; i < sweeps.size(); ++i)
        about.emplace_back(std::string(1, letters[i % 26]) + " = " + sweeps[i]->label,
            reportText(L, "compare.kind_sweep") + ": " + sweeps[i]->path);
    about.emplace_back(
        reportText(L, "about.method"), reportText(L, "compare.method", { std::to_string(c.options.seed) }));
    about.emplace_back(reportText(L, "about.command_line"),
        o.commandLine.empty() ? reportText(L, "about.not_recorded") : o.commandLine);
    addSection(pg, "about", reportText(L, "section.about")).push_back(facts(about));

    for (const auto& p : c.runs) {
        auto& sec = addSection(pg, "pair_" + p.labelB,
            reportText(L, "compare.pair_heading", { p.labelB, p.labelA, std::to_string(p.resamples) }));
        json rows = json::array();
        std::vector<std::string> verdicts;
        for (const auto& d : p.overall) {
            if (!d.a && !d.b)
                continue;
            const std::string v = verdictText(d, p.labelB, L);
            rows.push_back({ metricLabel(L, d.key), d.info ? d.info->unit : "", nullable(d.a), nullable(d.b),
                nullable(d.diff()), short6(d.interval.diffLow), short6(d.interval.diffHigh), v });
            if (d.info && d.info->headline
                && (d.verdict == MetricDelta::Verdict::Better || d.verdict == MetricDelta::Verdict::Worse))
                verdicts.push_back(metricLabel(L, d.key) + ": " + v);
        }
        if (verdicts.empty())
            verdicts.push_back(reportText(L, "compare.no_significant"));
        sec.push_back(list(verdicts));
        json t = table("delta_" + p.labelB, reportText(L, "table.deltas"),
            { { reportText(L, "col.metric"), "", -1 }, { reportText(L, "col.unit"), "", -1 }, { "A", "", 2 },
                { "B", "", 2 }, { "B − A", "", 2 }, { reportText(L, "col.ci_low"), "", 2 },
                { reportText(L, "col.ci_high"), "", 2 }, { reportText(L, "col.verdict"), "", -1 } },
            std::move(rows), "comparison_" + p.labelB + ".csv");
        t["explain"] = reportText(L, "explain.table.deltas");
        sec.push_back(std::move(t));
        json arows = json::array();
        for (const auto& ad : p.perAdapter)
            for (const auto& d : ad.metrics)
                if (d.a || d.b)
                    arows.push_back({ ad.name, metricLabel(L, d.key), nullable(d.a), nullable(d.b),
                        short6(d.interval.diffLow), short6(d.interval.diffHigh), verdictText(d, p.labelB, L) });
        json at = table("adapter_delta_" + p.labelB, reportText(L, "table.adapter_deltas"),
            { { reportText(L, "col.adapter"), "", -1 }, { reportText(L, "col.metric"), "", -1 }, { "A", "", 2 },
                { "B", "", 2 }, { reportText(L, "col.ci_low"), "", 2 }, { reportText(L, "col.ci_high"), "", 2 },
                { reportText(L, "col.verdict"), "", -1 } },
            std::move(arows), "adapters_" + p.labelB + ".csv");
        at["shown"] = 200;
        sec.push_back(std::move(at));
    }
    if (!runs.empty()) {
        auto& ch = addSection(pg, "overlay", reportText(L, "section.overlay"));
        for (const bool e2e : { false, true }) {
            json q = chart(e2e ? "quantiles_e2e" : "quantiles_ttft",
                reportText(L, e2e ? "chart.quantiles_e2e" : "chart.quantiles_ttft"),
                reportText(L, "explain.chart.quantiles"), reportText(L, "axis.percentile"), reportText(L, "axis.ms"),
                "value", "log");
            for (const auto* r : runs)
                addSeries(q, r->label, quantileCurve(r->view.records, e2e));
            ch.push_back(std::move(q));
        }
    }
    for (const auto& s : c.sweeps) {
        auto& sec = addSection(
            pg, "sweep_" + s.labelB, reportText(L, "compare.sweep_heading", { s.labelB, s.labelA, s.parameter }));
        if (!s.problem.empty()) {
            sec.push_back(text(s.problem));
            continue;
        }
        sec.push_back(text(reportText(L, "compare.capacity", { fixed(s.capacityA, 3), fixed(s.capacityB, 3) })));
    }
    if (!sweeps.empty()) {
        auto& ch = addSection(pg, "overlay_sweeps", reportText(L, "section.overlay"));
        const SweepParamInfo& info = sweepParamInfo(sweeps.front()->sweep.param);
        const std::string x = std::string(info.label) + (info.unit[0] ? std::string(" (") + info.unit + ")" : "");
        json th = chart("sweeps_throughput", reportText(L, "chart.sweep_throughput"),
            reportText(L, "explain.chart.sweep_throughput"), x, reportText(L, "axis.req_per_s"));
        json tt = chart("sweeps_ttft", reportText(L, "chart.sweep_ttft"), reportText(L, "explain.chart.sweep_ttft"), x,
            reportText(L, "axis.seconds"), "value", "log");
        json at = chart("sweeps_attainment", reportText(L, "chart.sweep_attainment"),
            reportText(L, "explain.chart.sweep_attainment"), x, reportText(L, "axis.percent"));
        for (const auto* s : sweeps) {
            addSeries(th, s->label, curve(s->sweep.points, [](const PointMetrics& m) { return m.throughput; }));
            addSeries(tt, s->label + " p90", curve(s->sweep.points, [](const PointMetrics& m) { return m.ttft.p90; }));
            addSeries(
                at, s->label, curve(s->sweep.points, [](const PointMetrics& m) { return m.sloAttainment * 100; }));
        }
        ch.push_back(std::move(th));
        ch.push_back(std::move(tt));
        ch.push_back(std::move(at));
    }
    std::vector<std::string> notes = c.notes;
    for (const auto& p : c.runs)
        if (p.itlThinned)
            notes.push_back(reportText(L, "note.itl_thinned", { std::to_string(RunSample::kMaxItl) }));
    if (notes.empty())
        notes.push_back(reportText(L, "note.none"));
    addSection(pg, "notes", reportText(L, "section.notes")).push_back(list(notes));
    return pg;
}

} // namespace lorascope
