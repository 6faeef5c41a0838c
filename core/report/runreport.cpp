// SPDX-License-Identifier: Apache-2.0
// The report of one replay run (and of a preview, which has a run's shape): what was run, the
// headline numbers exactly as summary.json has them, the charts, the per-adapter table, the
// server's metrics, predicted vs observed, warnings, and the raw numbers for download.
#include "report/reportmodel.h"
#include "report/runparts.h"

#include "analysis/binning.h"
#include "replay/runview.h"
#include "replay/timeline.h"
#include "util/version.h"

#include <algorithm>
#include <cmath>

namespace lorascope {

using namespace report;

namespace {

// Nice bin width: 1, 2 or 5 × 10^k seconds giving at most `bins` bins over `span`.
double binWidth(double span, int bins)
{
    if (!(span > 0))
        return 1.0;
    const double raw = span / std::max(1, bins);
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : { 1.0, 2.0, 5.0, 10.0 })
        if (m * p >= raw)
            return m * p;
    return 10 * p;
}

} // namespace

namespace runparts {

json headlineItem(const nlohmann::json& summary, ReportLang lang)
{
    json rows = json::array();
    for (const auto& m : metricTable()) {
        if (!m.headline)
            continue;
        const auto v = metricValue(summary, m.key);
        if (!v && std::string(m.key) == "request_goodput")
            continue; // only with --slo
        const int digits = m.statistic == Statistic::Count ? 0 : m.statistic == Statistic::Share ? 4 : 2;
        rows.push_back({ { "key", m.key }, { "label", metricLabel(lang, m.key) },
            { "value", v ? json(*v) : json(nullptr) }, { "text", v ? fixed(*v, digits) : std::string("-") },
            { "unit", m.unit }, { "explain", metricExplain(lang, m.key) } });
    }
    if (summary.contains("lateness_ms") && summary["lateness_ms"].is_object()) {
        const auto v = metricValue(summary["lateness_ms"], "p99");
        rows.push_back({ { "key", "lateness_ms.p99" }, { "label", reportText(lang, "metric.lateness_p99") },
            { "value", v ? json(*v) : json(nullptr) }, { "text", v ? fixed(*v, 2) : std::string("-") },
            { "unit", "ms" }, { "explain", reportText(lang, "explain.lateness") } });
    }
    return { { "type", "metrics" }, { "rows", std::move(rows) } };
}

void addTimeCharts(json& items, const std::vector<ReplayRecord>& records, const ReportOptions& o, json& timelineRows)
{
    const ReportLang L = o.lang;
    double last = 0;
    for (const auto& r : records)
        for (double t : { r.sent, r.end, r.scheduled })
            if (std::isfinite(t))
                last = std::max(last, t);
    // Few requests get few, wide bins (about 4 requests a bin), so rates are not spikes of 1/w.
    const int bins = std::clamp(int(records.size() / 4), 10, std::max(10, o.timeBins));
    const double w = binWidth(last, bins);
    ReplayTimeline tl(w);
    std::vector<double> schedule;
    for (const auto& r : records)
        if (std::isfinite(r.scheduled))
            schedule.push_back(r.scheduled);
    tl.setSchedule(schedule);
    for (const auto& r : records)
        tl.add(r);
    Points scheduled, sent, completed, failed, tokens, ttft50, ttft99, e2e50, e2e99;
    for (const auto& b : tl.bins()) {
        const double x = b.start + w / 2;
        scheduled.emplace_back(x, double(b.scheduled) / w);
        sent.emplace_back(x, double(b.sent) / w);
        completed.emplace_back(x, double(b.completed) / w);
        failed.emplace_back(x, double(b.failed) / w);
        tokens.emplace_back(x, double(b.outputTokens) / w);
        const double t50 = ReplayTimeline::binPercentile(b.ttftMs, 50),
                     t99 = ReplayTimeline::binPercentile(b.ttftMs, 99);
        const double e50 = ReplayTimeline::binPercentile(b.e2elMs, 50),
                     e99 = ReplayTimeline::binPercentile(b.e2elMs, 99);
        ttft50.emplace_back(x, t50);
        ttft99.emplace_back(x, t99);
        e2e50.emplace_back(x, e50);
        e2e99.emplace_back(x, e99);
        timelineRows.push_back({ short6(b.start), b.scheduled, b.sent, b.completed, b.failed, b.outputTokens,
            short6(t50), short6(t99), short6(e50), short6(e99) });
    }
    const std::string tAxis = reportText(L, "axis.time_s");
    json rate = chart("rate", reportText(L, "chart.rate"),
        reportText(L, "explain.chart.rate", { fixed(w, w < 1 ? 2 : 0) }), tAxis, reportText(L, "axis.req_per_s"));
    addSeries(rate, reportText(L, "series.scheduled"), scheduled, "line", true);
    addSeries(rate, reportText(L, "series.sent"), sent);
    addSeries(rate, reportText(L, "series.completed"), completed);
    addSeries(rate, reportText(L, "series.failed"), failed);
    items.push_back(std::move(rate));
    json tok = chart("tokens", reportText(L, "chart.tokens"), reportText(L, "explain.chart.tokens"), tAxis,
        reportText(L, "axis.tok_per_s"));
    addSeries(tok, reportText(L, "series.output_tokens"), tokens, "line", false, true);
    items.push_back(std::move(tok));
    json lat = chart("latency_time", reportText(L, "chart.latency_time"), reportText(L, "explain.chart.latency_time"),
        tAxis, reportText(L, "axis.ms"), "value", "log");
    addSeries(lat, "TTFT p50", ttft50);
    addSeries(lat, "TTFT p99", ttft99, "line", true);
    addSeries(lat, "E2E p50", e2e50);
    addSeries(lat, "E2E p99", e2e99, "line", true);
    // Without a completed request there is no latency to draw (the banner says why).
    if (std::any_of(ttft50.begin(), ttft50.end(), [](const auto& p) { return std::isfinite(p.second); }))
        items.push_back(std::move(lat));
    // Requests in flight at the client, from each request's send and end.
    std::vector<std::pair<double, int>> ev;
    for (const auto& r : records)
        if (std::isfinite(r.sent) && std::isfinite(r.end)) {
            ev.emplace_back(r.sent, 1);
            ev.emplace_back(r.end, -1);
        }
    std::sort(ev.begin(), ev.end());
    Points inflight;
    int n = 0;
    for (std::size_t i = 0; i < ev.size(); ++i) {
        n += ev[i].second;
        if (i + 1 == ev.size() || ev[i + 1].first != ev[i].first)
            inflight.emplace_back(ev[i].first, double(n));
    }
    json fl = chart("inflight", reportText(L, "chart.inflight"), reportText(L, "explain.chart.inflight"), tAxis,
        reportText(L, "axis.requests"));
    addSeries(fl, reportText(L, "series.inflight"), envelope(inflight, 2000), "step");
    items.push_back(std::move(fl));
}

void addDistributionCharts(
    json& items, const std::vector<ReplayRecord>& records, const nlohmann::json& summary, const ReportOptions& o)
{
    const ReportLang L = o.lang;
    std::vector<double> ttft, tpot, e2el;
    for (const auto& r : records) {
        if (!r.inWindow || r.outcome != Outcome::Completed)
            continue;
        if (std::isfinite(r.ttft()))
            ttft.push_back(r.ttft() * 1e3);
        if (std::isfinite(r.tpot()))
            tpot.push_back(r.tpot() * 1e3);
        if (std::isfinite(r.e2el()))
            e2el.push_back(r.e2el() * 1e3);
    }
    struct D {
        const char* id;
        const char* name;
        std::vector<double>* values;
    };
    for (const D& d : { D { "ttft_hist", "ttft_ms", &ttft }, D { "tpot_hist", "tpot_ms", &tpot },
             D { "e2el_hist", "e2el_ms", &e2el } }) {
        if (d.values->empty())
            continue;
        json c = chart(d.id, reportText(L, std::string("chart.") + d.id),
            reportText(L, std::string("explain.chart.") + d.id), reportText(L, std::string("axis.") + d.name),
            reportText(L, "axis.requests"));
        // About 2√n bins (at most histogramBins): a few requests are not spread over empty bins.
        const int bins = std::clamp(int(2 * std::sqrt(double(d.values->size()))), 10, std::max(10, o.histogramBins));
        addSeries(
            c, reportText(L, "series.requests"), histogramPoints(histogramOf(*d.values, bins)), "step", false, true);
        for (const char* s : { "median_", "p90_", "p99_" }) {
            const std::string key = s + std::string(d.name);
            if (const auto v = metricValue(summary, key))
                addMark(c, "x", *v, metricLabel(L, key) + " " + fixed(*v, 2));
        }
        items.push_back(std::move(c));
    }
}

void addServerCharts(json& items, const std::vector<ServerSample>& samples, const AdmissionAnalysis* preview,
    double timeScale, const ReportOptions& o)
{
    const ReportLang L = o.lang;
    Points running, waiting, kv, adapters;
    for (const auto& s : samples) {
        // The axis is time since trace time 0, as the client charts': scrapes before it (the
        // scraper starts with the run, a server started by the run is scraped while it loads) are left out.
        if (!s.ok || !std::isfinite(s.t) || s.t < 0)
            continue;
        if (std::isfinite(s.running))
            running.emplace_back(s.t, s.running);
        if (std::isfinite(s.waiting))
            waiting.emplace_back(s.t, s.waiting);
        if (std::isfinite(s.kvUsage))
            kv.emplace_back(s.t, s.kvUsage * 100.0);
        if (std::isfinite(s.adaptersResident))
            adapters.emplace_back(s.t, s.adaptersResident);
    }
    const std::string tAxis = reportText(L, "axis.time_s");
    if (!running.empty() || !waiting.empty()) {
        json c = chart("server_queue", reportText(L, "chart.server_queue"), reportText(L, "explain.chart.server_queue"),
            tAxis, reportText(L, "axis.requests"));
        addSeries(c, reportText(L, "series.server_running"), envelope(running, o.maxServerPoints));
        addSeries(c, reportText(L, "series.server_waiting"), envelope(waiting, o.maxServerPoints));
        if (preview) {
            // The preview's envelope at the scrapes' resolution, on the run's axis (trace time × time scale).
            double interval = 0.5;
            if (samples.size() > 1)
                interval = std::max(0.05, (samples.back().t - samples.front().t) / double(samples.size() - 1));
            const auto bins = coarsenBins(preview->timeline, interval / timeScale);
            Points pr, pq;
            for (std::size_t i = 0; i + 1 < bins.edges.size(); ++i) {
                pr.emplace_back(bins.edges[i] * timeScale, bins.running[i]);
                pq.emplace_back(bins.edges[i] * timeScale, bins.queue[i]);
            }
            addSeries(c, reportText(L, "series.predicted_running"), envelope(pr, o.maxServerPoints), "step", true);
            addSeries(c, reportText(L, "series.predicted_waiting"), envelope(pq, o.maxServerPoints), "step", true);
        }
        items.push_back(std::move(c));
    }
    if (!kv.empty()) {
        json c = chart("server_kv", reportText(L, "chart.server_kv"), reportText(L, "explain.chart.server_kv"), tAxis,
            reportText(L, "axis.percent"));
        addSeries(c, reportText(L, "series.kv_usage"), envelope(kv, o.maxServerPoints), "line", false, true);
        items.push_back(std::move(c));
    }
    if (!adapters.empty()) {
        json c = chart("server_adapters", reportText(L, "chart.server_adapters"),
            reportText(L, "explain.chart.server_adapters"), tAxis, reportText(L, "axis.adapters"));
        addSeries(c, reportText(L, "series.adapters_resident"), envelope(adapters, o.maxServerPoints), "step");
        items.push_back(std::move(c));
    }
}

json adapterTable(const nlohmann::json& summary, const std::vector<ServerSample>& samples, const ReportOptions& o)
{
    const ReportLang L = o.lang;
    const auto residency = adapterResidency(samples);
    std::vector<std::pair<double, std::string>> order;
    const auto per = summary.value("per_adapter", nlohmann::json::object());
    for (const auto& [name, a] : per.items())
        order.emplace_back(a.value("completed", 0.0) + a.value("failed", 0.0), name);
    std::stable_sort(order.begin(), order.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
    const std::size_t total = order.size();
    if (order.size() > o.maxAdapterRows)
        order.resize(o.maxAdapterRows);
    json rows = json::array();
    auto v = [](const nlohmann::json& a, const char* k) {
        return a.contains(k) && a[k].is_number() ? a[k] : json(nullptr);
    };
    for (const auto& [n, name] : order) {
        const auto& a = per[name];
        json row = { name, v(a, "completed"), v(a, "failed"), v(a, "request_throughput"), v(a, "mean_ttft_ms"),
            v(a, "p99_ttft_ms"), v(a, "mean_tpot_ms"), v(a, "mean_e2el_ms"), v(a, "p99_e2el_ms"),
            v(a, "slora_attainment") };
        const auto it = residency.find(name);
        row.push_back(it != residency.end() ? json(it->second.loads) : json(nullptr));
        rows.push_back(std::move(row));
    }
    json t = table("per_adapter", reportText(L, "table.per_adapter"),
        { { reportText(L, "col.adapter"), "", -1 }, { reportText(L, "col.completed"), "", 0 },
            { reportText(L, "col.failed"), "", 0 }, { metricLabel(L, "request_throughput"), "req/s", 3 },
            { metricLabel(L, "mean_ttft_ms"), "ms", 1 }, { metricLabel(L, "p99_ttft_ms"), "ms", 1 },
            { metricLabel(L, "mean_tpot_ms"), "ms", 2 }, { metricLabel(L, "mean_e2el_ms"), "ms", 1 },
            { metricLabel(L, "p99_e2el_ms"), "ms", 1 }, { metricLabel(L, "slora_attainment"), "", 3 },
            { reportText(L, "col.loads"), "", 0 } },
        std::move(rows), "per_adapter.csv");
    t["explain"] = reportText(L, "explain.table.per_adapter");
    if (total > order.size())
        t["note"] = reportText(L, "note.adapters_capped", { std::to_string(order.size()), std::to_string(total) });
    return t;
}

json requestTable(const std::vector<ReplayRecord>& records, const ReportOptions& o)
{
    const ReportLang L = o.lang;
    const std::size_t n = records.size();
    const std::size_t step
        = n > o.maxRequestRows && o.maxRequestRows > 0 ? (n + o.maxRequestRows - 1) / o.maxRequestRows : 1;
    json rows = json::array();
    for (std::size_t i = 0; o.maxRequestRows > 0 && i < n; i += step) {
        const auto& r = records[i];
        rows.push_back({ r.index, r.id, r.adapter, outcomeName(r.outcome), r.inputLen, r.outputTokens(), short6(r.sent),
            short6(r.ttft() * 1e3), short6(r.tpot() * 1e3), short6(r.e2el() * 1e3), r.errorKind });
    }
    json t = table("requests", reportText(L, "table.requests"),
        { { reportText(L, "col.index"), "", 0 }, { reportText(L, "col.id"), "", 0 },
            { reportText(L, "col.adapter"), "", -1 }, { reportText(L, "col.outcome"), "", -1 },
            { reportText(L, "col.input"), "tokens", 0 }, { reportText(L, "col.output"), "tokens", 0 },
            { reportText(L, "col.sent"), "s", 3 }, { "TTFT", "ms", 2 }, { "TPOT", "ms", 2 }, { "E2E", "ms", 2 },
            { reportText(L, "col.error"), "", -1 } },
        std::move(rows), "requests.csv");
    t["shown"] = 100;
    if (step > 1)
        t["note"] = reportText(
            L, "note.requests_capped", { std::to_string(t["rows"].size()), std::to_string(n), std::to_string(step) });
    return t;
}

} // namespace runparts

} // namespace lorascope
