// SPDX-License-Identifier: Apache-2.0
// The pages of a replay run and of a previewed trace (parts in runreport.cpp).
#include "report/reportmodel.h"
#include "report/runparts.h"

#include "admission/costmodel.h"
#include "analysis/compare.h"
#include "util/version.h"

#include <cmath>

namespace lorascope {

using namespace report;

namespace {

std::string str(const nlohmann::json& j, const char* key, const std::string& fallback = "-")
{
    if (!j.is_object() || !j.contains(key))
        return fallback;
    const auto& v = j[key];
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_number())
        return shortNumber(v.get<double>());
    if (v.is_boolean())
        return v.get<bool>() ? "true" : "false";
    return fallback;
}

// "per-adapter (preset S4): 200 adapters, R = 4 req/s, α = 1 (power), gamma arrivals cv 1, 20 s, seed 42".
std::string specLine(const nlohmann::json& s, ReportLang L)
{
    if (!s.is_object())
        return reportText(L, "about.no_spec");
    const auto& ad = s.value("adapters", nlohmann::json::object());
    const auto& pop = s.value("popularity", nlohmann::json::object());
    const auto& arr = s.value("arrival", nlohmann::json::object());
    const auto& in = s.value("input", nlohmann::json::object());
    const auto& out = s.value("output", nlohmann::json::object());
    return reportText(L, "about.spec_line",
        { str(s, "generator"), s.contains("preset") ? " (" + str(s, "preset") + ")" : std::string(), str(ad, "count"),
            str(s, "rate"), str(pop, "alpha"), str(pop, "kind"), str(arr, "kind"), str(arr, "cv"), str(s, "duration"),
            str(s, "seed"), str(in, "kind") + " [" + str(in, "lo") + ", " + str(in, "hi") + "]",
            str(out, "kind") + " [" + str(out, "lo") + ", " + str(out, "hi") + "]" });
}

// "ttft 500, e2el 20000" from summary.json's slo_ms; "-" without an SLO.
std::string sloText(const nlohmann::json& summary)
{
    if (!summary.contains("slo_ms") || !summary["slo_ms"].is_object() || summary["slo_ms"].empty())
        return "-";
    std::string out;
    for (const auto& [k, v] : summary["slo_ms"].items())
        out += (out.empty() ? "" : ", ") + k + " " + (v.is_number() ? shortNumber(v.get<double>()) : std::string("?"));
    return out;
}

std::string costLine(const CostModel& c, ReportLang L)
{
    std::string s = c.name + ": " + c.description;
    if (!c.provenance.method.empty())
        s += " — " + reportText(L, "about.calibrated", { c.provenance.method });
    if (!c.provenance.validation.on.empty())
        s += " — " + reportText(L, "about.validated", { c.provenance.validation.on });
    return s;
}

void addPreviewFacts(std::vector<std::pair<std::string, std::string>>& rows, const AdmissionAnalysis& p, ReportLang L)
{
    const auto& lim = p.config.scheduler.limits;
    rows.emplace_back(reportText(L, "about.policy"), policyName(p.config.scheduler.policy));
    rows.emplace_back(reportText(L, "about.limits"),
        reportText(L, "about.limits_line",
            { std::to_string(lim.maxTotalTokenNum), std::to_string(lim.effectiveBatchMaxTokens()),
                std::to_string(lim.runningMaxReqSize), std::to_string(lim.maxReqTotalLen),
                std::to_string(lim.maxReqInputLen), std::to_string(p.config.scheduler.maxWaitTokens) }));
    rows.emplace_back(reportText(L, "about.cost_model"), costLine(p.config.cost, L));
}

void addCommon(json& pg, const ReportOptions& o, const std::string& madeWith)
{
    pg["generated"] = reportText(o.lang, "about.generated", { kVersion, madeWith });
}

} // namespace

nlohmann::json runReportData(const RunSource& run, const ReportOptions& o)
{
    const ReportLang L = o.lang;
    const RunView& v = run.view;
    const auto& m = v.manifest;
    const auto& s = v.summary;
    json pg = page("run", L, reportText(L, "title.run", { run.label }), reportText(L, "subtitle.run"));
    addCommon(pg, o, o.commandLine);

    // What was run.
    std::vector<std::pair<std::string, std::string>> about;
    about.emplace_back(reportText(L, "about.run_folder"), v.dir);
    about.emplace_back(reportText(L, "about.kind"),
        v.kind == RunView::Kind::Merge ? reportText(L, "about.kind_merge", { str(m, "shards", "?") })
            : v.kind == RunView::Kind::Shard
            ? reportText(L, "about.kind_shard", { std::to_string(v.shardIndex + 1), std::to_string(v.shardCount) })
            : reportText(L, "about.kind_single"));
    const auto& tr = m.value("trace", nlohmann::json::object());
    about.emplace_back(reportText(L, "about.trace"),
        reportText(
            L, "about.trace_line", { str(tr, "path"), str(tr, "requests"), str(tr, "adapters"), str(tr, "sha256") }));
    about.emplace_back(reportText(L, "about.workload"), specLine(m.value("spec", nlohmann::json()), L));
    about.emplace_back(reportText(L, "about.server"),
        reportText(L, "about.server_line",
            { str(m, "target"), str(m, "backend"), str(m, "model"),
                s.contains("server") ? str(s["server"], "system", "?") : std::string("-") }));
    const auto& opt = m.value("options", nlohmann::json::object());
    about.emplace_back(reportText(L, "about.options"),
        reportText(L, "about.options_line",
            { str(opt, "time_scale"), str(opt, "max_concurrency"), str(opt, "warmup_s"), str(opt, "cooldown_s"),
                sloText(s), str(opt, "prompts") }));
    if (run.preview)
        addPreviewFacts(about, *run.preview, L);
    else
        about.emplace_back(reportText(L, "about.policy"), reportText(L, "about.policy_unknown"));
    about.emplace_back(reportText(L, "about.started"), str(m, "start_time"));
    about.emplace_back(reportText(L, "about.tool_version"),
        str(m, "tool_version") + " (" + reportText(L, "about.summary_by", { str(s, "tool_version") }) + ")");
    about.emplace_back(reportText(L, "about.command_line"),
        m.contains("command_line") && m["command_line"].is_string() ? m["command_line"].get<std::string>()
                                                                    : reportText(L, "about.not_recorded"));
    addSection(pg, "about", reportText(L, "section.about")).push_back(facts(about));

    const double completed = s.value("completed", 0.0);
    if (!(completed > 0))
        addBanner(pg, "error",
            reportText(L, "banner.no_completed",
                { str(s, "num_requests", "0"), str(s, "failed", "0"), str(s, "cancelled", "0") }));
    if (!v.finished)
        addBanner(pg, "warn", reportText(L, "banner.unfinished"));

    auto& head = addSection(pg, "headline", reportText(L, "section.headline"));
    head.push_back(runparts::headlineItem(s, L));
    head.push_back(text(reportText(L, "explain.headline")));

    json timelineRows = json::array();
    auto& time = addSection(pg, "time", reportText(L, "section.time"));
    runparts::addTimeCharts(time, v.records, o, timelineRows);
    if (completed > 0)
        runparts::addDistributionCharts(
            addSection(pg, "distributions", reportText(L, "section.distributions")), v.records, s, o);
    auto server = json::array();
    runparts::addServerCharts(server, v.samples, run.preview.get(), v.timeScale, o);
    if (!server.empty()) {
        auto& sec = addSection(pg, "server", reportText(L, "section.server"));
        for (auto& c : server)
            sec.push_back(std::move(c));
    } else {
        addSection(pg, "server", reportText(L, "section.server"))
            .push_back(text(reportText(L, "note.no_server_metrics")));
    }
    if (run.preview) {
        auto& pv = addSection(pg, "preview", reportText(L, "section.predicted"));
        // Observed and predicted latency quantiles side by side.
        const RunView pred = previewAsRun(*run.preview, "preview");
        json rows = json::array();
        for (const char* k : { "mean_ttft_ms", "p99_ttft_ms", "mean_e2el_ms", "p99_e2el_ms", "request_throughput" }) {
            const auto ob = metricValue(s, k), pr = metricValue(pred.summary, k);
            rows.push_back({ metricLabel(L, k), ob ? json(*ob) : json(nullptr), pr ? json(*pr) : json(nullptr),
                ob && pr && *pr != 0 ? json(*ob / *pr) : json(nullptr) });
        }
        json t = table("predicted", reportText(L, "table.predicted"),
            { { reportText(L, "col.metric"), "", -1 }, { reportText(L, "col.observed"), "", 2 },
                { reportText(L, "col.predicted"), "", 2 }, { reportText(L, "col.ratio"), "", 3 } },
            std::move(rows), "predicted_vs_observed.csv", false);
        t["explain"] = reportText(L, "explain.table.predicted");
        pv.push_back(std::move(t));
        if (const auto gap = largestPreviewGap(v.samples, run.preview->timeline, v.timeScale))
            pv.push_back(
                text(reportText(L, gap->quantity == PreviewGap::Quantity::Queue ? "note.gap_queue" : "note.gap_running",
                    { fixed(gap->t, 1), fixed(gap->observed, 0), fixed(gap->predicted, 0) })));
        else
            pv.push_back(text(reportText(L, "note.gap_none")));
    }
    auto& ad = addSection(pg, "adapters", reportText(L, "section.adapters"));
    ad.push_back(runparts::adapterTable(s, v.samples, o));
    if (s.contains("errors") && s["errors"].is_object() && !s["errors"].empty()) {
        json rows = json::array();
        for (const auto& [k, n] : s["errors"].items())
            rows.push_back({ k, n });
        ad.push_back(table("errors", reportText(L, "table.errors"),
            { { reportText(L, "col.error"), "", -1 }, { reportText(L, "col.requests"), "", 0 } }, std::move(rows),
            "errors.csv"));
    }
    std::vector<std::string> notes;
    if (s.contains("warnings") && s["warnings"].is_array())
        for (const auto& w : s["warnings"])
            if (w.is_string())
                notes.push_back(w.get<std::string>());
    for (const auto& n : v.notes)
        notes.push_back(n);
    if (s.contains("notes") && s["notes"].is_array())
        for (const auto& n : s["notes"])
            if (n.is_string())
                notes.push_back(n.get<std::string>());
    if (s.value("trimmed", 0) > 0)
        notes.push_back(reportText(L, "note.trimmed", { str(s, "trimmed") }));
    if (notes.empty())
        notes.push_back(reportText(L, "note.none"));
    addSection(pg, "notes", reportText(L, "section.notes")).push_back(list(notes));

    auto& raw = addSection(pg, "raw", reportText(L, "section.raw"));
    raw.push_back(text(reportText(L, "explain.raw")));
    raw.push_back(runparts::requestTable(v.records, o));
    json tl = table("timeline", reportText(L, "table.timeline"),
        { { reportText(L, "col.bin_start"), "s", 2 }, { reportText(L, "series.scheduled"), "", 0 },
            { reportText(L, "series.sent"), "", 0 }, { reportText(L, "series.completed"), "", 0 },
            { reportText(L, "series.failed"), "", 0 }, { reportText(L, "series.output_tokens"), "", 0 },
            { "TTFT p50", "ms", 1 }, { "TTFT p99", "ms", 1 }, { "E2E p50", "ms", 1 }, { "E2E p99", "ms", 1 } },
        std::move(timelineRows), "timeline.csv", false);
    tl["shown"] = 0;
    raw.push_back(std::move(tl));
    json sj = table("summary", reportText(L, "table.summary_json"), { { "summary.json", "", -1 } },
        json::array({ json::array({ s.dump(1) }) }), "summary.json", false);
    sj["shown"] = 0;
    sj["raw"] = true;
    raw.push_back(std::move(sj));
    return pg;
}

nlohmann::json previewReportData(const RunSource& p, const ReportOptions& o)
{
    const ReportLang L = o.lang;
    const RunView& v = p.view;
    const auto& s = v.summary;
    const AdmissionAnalysis& a = *p.preview;
    json pg = page("preview", L, reportText(L, "title.preview", { p.label }), reportText(L, "subtitle.preview"));
    addCommon(pg, o, o.commandLine);
    std::vector<std::pair<std::string, std::string>> about;
    const auto& tr = v.manifest.value("trace", nlohmann::json::object());
    about.emplace_back(reportText(L, "about.trace"),
        reportText(
            L, "about.trace_line", { str(tr, "path"), str(tr, "requests"), str(tr, "adapters"), str(tr, "sha256") }));
    about.emplace_back(reportText(L, "about.workload"), specLine(v.manifest.value("spec", nlohmann::json()), L));
    addPreviewFacts(about, a, L);
    about.emplace_back(reportText(L, "about.tool_version"), kVersion);
    about.emplace_back(reportText(L, "about.command_line"),
        o.commandLine.empty() ? reportText(L, "about.not_recorded") : o.commandLine);
    addSection(pg, "about", reportText(L, "section.about")).push_back(facts(about));
    if (a.capacity.overloaded)
        addBanner(pg, "warn",
            reportText(L, "banner.overloaded",
                { fixed(a.capacity.offeredRate, 2), fixed(a.capacity.admittedRate, 2),
                    std::to_string(a.capacity.backlog) }));
    if (!(s.value("completed", 0.0) > 0))
        addBanner(pg, "error",
            reportText(L, "banner.no_completed",
                { str(s, "num_requests", "0"), str(s, "failed", "0"), str(s, "cancelled", "0") }));
    auto& head = addSection(pg, "headline", reportText(L, "section.headline"));
    head.push_back(runparts::headlineItem(s, L));
    head.push_back(text(reportText(L, "explain.headline_preview")));

    // The admission charts: running and waiting requests, KV need against capacity, resident adapters.
    auto& adm = addSection(pg, "admission", reportText(L, "section.admission"));
    const auto& b = a.timeline;
    Points running, queue, need, used, adapters;
    for (std::size_t i = 0; i + 1 < b.edges.size(); ++i) {
        running.emplace_back(b.edges[i], b.running[i]);
        queue.emplace_back(b.edges[i], b.queue[i]);
        need.emplace_back(b.edges[i], b.kvNeed[i]);
        used.emplace_back(b.edges[i], b.kvUsed[i]);
        adapters.emplace_back(b.edges[i], b.residentAdapters[i]);
    }
    const std::string tAxis = reportText(L, "axis.time_s");
    json c1 = chart("admission_queue", reportText(L, "chart.admission_queue"),
        reportText(L, "explain.chart.admission_queue"), tAxis, reportText(L, "axis.requests"));
    addSeries(c1, reportText(L, "series.running"), running, "step");
    addSeries(c1, reportText(L, "series.waiting"), queue, "step");
    adm.push_back(std::move(c1));
    json c2 = chart("admission_kv", reportText(L, "chart.admission_kv"), reportText(L, "explain.chart.admission_kv"),
        tAxis, reportText(L, "axis.tokens"));
    addSeries(c2, reportText(L, "series.kv_need"), need, "step");
    addSeries(c2, reportText(L, "series.kv_used"), used, "step", false, true);
    addMark(c2, "y", double(b.kvCapacity), reportText(L, "mark.kv_capacity", { std::to_string(b.kvCapacity) }));
    adm.push_back(std::move(c2));
    json c3 = chart("admission_adapters", reportText(L, "chart.admission_adapters"),
        reportText(L, "explain.chart.admission_adapters"), tAxis, reportText(L, "axis.adapters"));
    addSeries(c3, reportText(L, "series.adapters_resident"), adapters, "step");
    adm.push_back(std::move(c3));
    // Waits, TTFT and E2E distributions.
    auto& dist = addSection(pg, "distributions", reportText(L, "section.distributions"));
    struct H {
        const char* id;
        const Histogram* h;
    };
    for (const H& h : { H { "wait_hist", &a.wait }, H { "pttft_hist", &a.ttft }, H { "pe2e_hist", &a.e2e } }) {
        if (h.h->total() == 0)
            continue;
        json c = chart(h.id, reportText(L, std::string("chart.") + h.id),
            reportText(L, std::string("explain.chart.") + h.id), reportText(L, "axis.seconds"),
            reportText(L, "axis.requests"));
        addSeries(c, reportText(L, "series.requests"), histogramPoints(*h.h), "step", false, true);
        dist.push_back(std::move(c));
    }
    json timelineRows = json::array();
    auto& time = addSection(pg, "time", reportText(L, "section.time"));
    runparts::addTimeCharts(time, v.records, o, timelineRows);
    addSection(pg, "adapters", reportText(L, "section.adapters")).push_back(runparts::adapterTable(s, {}, o));
    std::vector<std::string> notes;
    if (a.capacity.mainLimit != WaitKind::None)
        notes.push_back(reportText(
            L, "note.main_limit", { waitKindName(a.capacity.mainLimit), std::to_string(a.capacity.mainLimitCount) }));
    if (notes.empty())
        notes.push_back(reportText(L, "note.none"));
    addSection(pg, "notes", reportText(L, "section.notes")).push_back(list(notes));
    auto& raw = addSection(pg, "raw", reportText(L, "section.raw"));
    raw.push_back(text(reportText(L, "explain.raw")));
    raw.push_back(runparts::requestTable(v.records, o));
    return pg;
}

} // namespace lorascope
