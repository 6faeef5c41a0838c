// SPDX-License-Identifier: Apache-2.0
// The HTML report (core/report): its numbers are the run folder's to the last digit, the page is
// self-contained (no network, no external fonts or scripts), a run with no completed request still
// gets a report that says so, the Chinese report has every word, a 100,000-request run stays under
// 5 MB, and sweep and preview reports carry their charts.
#include "report/reportmodel.h"

#include "reporttestutil.h"
#include "testutil.h"

#include "admission/costmodel.h"
#include "sweep/sweep.h"
#include "workload/generator.h"
#include "workload/presets.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <filesystem>

using namespace lorascope;
using lorascope::test::SyntheticRun;

namespace {

// The data block of a report page, parsed back.
nlohmann::json embedded(const std::string& html)
{
    const std::string open = "id=\"lorascope-report-data\">";
    const auto b = html.find(open);
    const auto e = html.find("</script>", b);
    if (b == std::string::npos || e == std::string::npos)
        throw std::runtime_error("no data block");
    return nlohmann::json::parse(html.substr(b + open.size(), e - b - open.size()));
}

const nlohmann::json* findItem(const nlohmann::json& page, const std::string& type, const std::string& id = {})
{
    for (const auto& s : page["sections"])
        for (const auto& it : s["items"])
            if (it["type"] == type && (id.empty() || it.value("id", std::string()) == id))
                return &it;
    return nullptr;
}

std::vector<std::string> chartIds(const nlohmann::json& page)
{
    std::vector<std::string> ids;
    for (const auto& s : page["sections"])
        for (const auto& it : s["items"])
            if (it["type"] == "chart")
                ids.push_back(it["id"]);
    return ids;
}

} // namespace

class TestReport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void numbersAreTheRunFoldersToTheLastDigit()
    {
        QTemporaryDir tmp;
        const std::string dir = tmp.filePath(QStringLiteral("run")).toStdString();
        test::writeSyntheticRun(dir, {});
        const nlohmann::json onDisk = test::readJsonFile(dir + "/summary.json");
        const RunSource run = loadRun(dir);
        const auto page = embedded(reportHtml(runReportData(run, {})));
        const auto* head = findItem(page, "metrics");
        QVERIFY(head);
        int checked = 0;
        for (const auto& row : (*head)["rows"]) {
            const std::string key = row["key"];
            if (key.find('.') != std::string::npos)
                continue; // lateness_ms.p99: nested
            QVERIFY2(onDisk.contains(key), key.c_str());
            // Bit for bit the same double (nlohmann writes the shortest text that reads back exactly).
            QCOMPARE(row["value"].get<double>(), onDisk[key].get<double>());
            const MetricInfo* m = findMetric(key);
            const int digits = m->statistic == Statistic::Count ? 0 : m->statistic == Statistic::Share ? 4 : 2;
            char buf[64];
            std::snprintf(buf, sizeof buf, "%.*f", digits, onDisk[key].get<double>());
            QCOMPARE(row["text"].get<std::string>(), std::string(buf)); // as `replay` prints it
            ++checked;
        }
        QVERIFY(checked >= 15);
        // The per-adapter table too.
        const auto* per = findItem(page, "table", "per_adapter");
        QVERIFY(per);
        QCOMPARE((*per)["rows"].size(), onDisk["per_adapter"].size());
        for (const auto& row : (*per)["rows"]) {
            const auto& a = onDisk["per_adapter"][row[0].get<std::string>()];
            QCOMPARE(row[4].get<double>(), a["mean_ttft_ms"].get<double>());
            QCOMPARE(row[5].get<double>(), a["p99_ttft_ms"].get<double>());
        }
        // Charts a user looks at first.
        const auto ids = chartIds(page);
        for (const char* id : { "rate", "latency_time", "ttft_hist", "tpot_hist", "e2el_hist", "inflight" })
            QVERIFY2(std::find(ids.begin(), ids.end(), id) != ids.end(), id);
    }

    void pageIsSelfContained()
    {
        QTemporaryDir tmp;
        const std::string dir = tmp.filePath(QStringLiteral("run")).toStdString();
        test::writeSyntheticRun(dir, {});
        const std::string html = reportHtml(runReportData(loadRun(dir), {}));
        QVERIFY(html.rfind("<!DOCTYPE html>", 0) == 0);
        QVERIFY(html.find("Content-Security-Policy\" content=\"default-src 'none'") != std::string::npos);
        for (const char* external : { "<script src", "<link", "@import", "@font-face", "<iframe", "<img src=\"http" })
            QVERIFY2(html.find(external) == std::string::npos, external);
        QVERIFY(
            html.find("Licensed to the Apache Software Foundation") != std::string::npos); // ECharts, with its notice
        // The data block cannot be closed early by a string in the data.
        const auto b = html.find("id=\"lorascope-report-data\">");
        const auto e = html.find("</script>", b);
        QVERIFY(html.substr(b, e - b).find('<') == std::string::npos);
    }

    void runWithoutCompletedRequestsSaysSo()
    {
        QTemporaryDir tmp;
        const std::string dir = tmp.filePath(QStringLiteral("run")).toStdString();
        SyntheticRun s;
        s.allFail = true;
        s.requests = 30;
        test::writeSyntheticRun(dir, s);
        const auto page = embedded(reportHtml(runReportData(loadRun(dir), {})));
        QCOMPARE(page["banners"].size(), std::size_t(1));
        QCOMPARE(page["banners"][0]["level"].get<std::string>(), std::string("error"));
        QVERIFY(page["banners"][0]["text"].get<std::string>().rfind(
                    "No request completed: 30 requests in the window, 30 failed", 0)
            == 0);
        QVERIFY(findItem(page, "table", "errors"));
        const auto ids = chartIds(page);
        QVERIFY(std::find(ids.begin(), ids.end(), "ttft_hist") == ids.end());
    }

    void chineseReportHasEveryWord()
    {
        for (const auto& key : reportTextKeys()) {
            const std::string en = reportText(ReportLang::En, key), zh = reportText(ReportLang::ZhCN, key);
            QVERIFY2(!en.empty() && !zh.empty(), key.c_str());
            // The same placeholders in both languages.
            const std::regex ph("\\{[0-9]+\\}");
            std::set<std::string> pe, pz;
            for (std::sregex_iterator i(en.begin(), en.end(), ph), end; i != end; ++i)
                pe.insert(i->str());
            for (std::sregex_iterator i(zh.begin(), zh.end(), ph), end; i != end; ++i)
                pz.insert(i->str());
            QVERIFY2(pe == pz, key.c_str());
        }
        QTemporaryDir tmp;
        const std::string dir = tmp.filePath(QStringLiteral("run")).toStdString();
        test::writeSyntheticRun(dir, {});
        ReportOptions o;
        o.lang = ReportLang::ZhCN;
        const auto page = embedded(reportHtml(runReportData(loadRun(dir), o)));
        // A key missing from the table shows as "[[key]]".
        const std::regex missing("\\[\\[[a-z_]+\\.[a-z_.0-9]+\\]\\]");
        const std::string text = page.dump();
        QVERIFY2(!std::regex_search(text, missing), text.c_str());
        QCOMPARE(page["lang"].get<std::string>(), std::string("zh_CN"));
        QVERIFY(page["title"].get<std::string>().find("回放报告") != std::string::npos);
        QCOMPARE(metricLabel(ReportLang::ZhCN, "p99_ttft_ms"), std::string("TTFT p99"));
        // Every English report word is there too (no key shown instead of a word).
        const auto en = embedded(reportHtml(runReportData(loadRun(dir), {}))).dump();
        QVERIFY(!std::regex_search(en, missing));
        QVERIFY(std::regex_search(reportText(ReportLang::En, "no.such.key"), missing));
    }

    void hundredThousandRequestsStayUnderFiveMegabytes()
    {
        QTemporaryDir tmp;
        SyntheticRun s;
        s.requests = 100000;
        s.adapters = 200;
        s.gap = 0.003; // 5 minutes of sends
        const std::string dir = tmp.filePath(QStringLiteral("run")).toStdString();
        test::writeSyntheticRun(dir, s);
        const std::string html = reportHtml(runReportData(loadRun(dir), {}));
        qInfo("100k-request report: %zu bytes", html.size());
        QVERIFY(html.size() <= 5u * 1000 * 1000);
        const auto page = embedded(html);
        const auto* req = findItem(page, "table", "requests");
        QVERIFY(req);
        QCOMPARE((*req)["rows"].size(), std::size_t(20000)); // capped, evenly spaced, with a note
        QVERIFY((*req)["note"].get<std::string>().find("20000 of 100000 requests") != std::string::npos);
    }

    void sweepReportHasItsCurvesAndMarks()
    {
        SweepPlan plan;
        plan.spec = specForPreset("S1");
        plan.spec.adapterCount = 20;
        plan.spec.duration = 60;
        plan.config.cost = *findCostModel("llama-7b-a10g");
        plan.config.clock = ClockKind::Model;
        plan.param = SweepParam::Rate;
        plan.values = { 0.5, 1, 2, 8 };
        const auto run = runPreviewSweep(plan, {}, nullptr, 1);
        QTemporaryDir tmp;
        const std::string path = tmp.filePath(QStringLiteral("rates.jsonl")).toStdString();
        writeSweepFile(path, plan, "preview", run.points);
        QVERIFY(detectSource(path) == SourceKind::Sweep);
        const auto page = embedded(reportHtml(sweepReportData(loadSweep(path), {})));
        const auto ids = chartIds(page);
        for (const char* id : { "sweep_throughput", "sweep_ttft", "sweep_e2e", "sweep_attainment", "sweep_saturation" })
            QVERIFY2(std::find(ids.begin(), ids.end(), id) != ids.end(), id);
        const auto* tt = findItem(page, "chart", "sweep_ttft");
        QCOMPARE((*tt)["series"][0]["data"].size(), std::size_t(4));
        QVERIFY(!(*tt)["marks"].empty()); // the SLO line
        QCOMPARE(findItem(page, "table", "points")->at("rows").size(), std::size_t(4));
    }

    void serverChartsStartAtTraceTimeZero()
    {
        // runA's scrapes moved 3 s earlier: those before trace time 0 are left out of the server
        // charts, whose axis is time since trace start like every other chart of the page.
        QTemporaryDir tmp;
        const std::string src = LORASCOPE_TEST_DATA "/report/runA",
                          dir = tmp.filePath(QStringLiteral("run")).toStdString();
        std::filesystem::create_directories(dir);
        for (const char* f : { "manifest.json", "requests.jsonl", "summary.json" })
            std::filesystem::copy_file(src + "/" + f, dir + "/" + f);
        std::string text;
        QVERIFY(test::readInto(src + "/server_metrics.jsonl", text));
        std::istringstream lines(text);
        std::ofstream out(dir + "/server_metrics.jsonl");
        std::size_t before = 0, after = 0;
        for (std::string line; std::getline(lines, line);) {
            auto j = nlohmann::json::parse(line);
            j["t_s"] = j["t_s"].get<double>() - 3;
            j["t_end_s"] = j["t_end_s"].get<double>() - 3;
            (j["t_s"].get<double>() < 0 ? before : after) += 1;
            out << j.dump() << "\n";
        }
        out.close();
        QVERIFY(before > 0 && after > 0);
        const auto page = embedded(reportHtml(runReportData(loadRun(dir), {})));
        const auto* queue = findItem(page, "chart", "server_queue");
        QVERIFY(queue);
        std::size_t points = 0;
        for (const auto& series : (*queue)["series"])
            for (const auto& xy : series["data"]) {
                QVERIFY2(xy[0].get<double>() >= 0, xy.dump().c_str());
                ++points;
            }
        QVERIFY(points > 0);
    }

    void previewReportHasAdmissionCharts()
    {
        WorkloadSpec spec = specForPreset("S4");
        spec.duration = 30;
        spec.rate = 2;
        auto trace = std::make_shared<const Trace>(generate(spec));
        QTemporaryDir tmp;
        const std::string path = tmp.filePath(QStringLiteral("t.jsonl")).toStdString();
        {
            std::ofstream(path) << "placeholder";
        } // previewTrace hashes the file it names
        SimulationConfig config;
        config.cost = *findCostModel("llama-13b-a100-80g");
        const RunSource p = previewTrace(trace, path, config);
        QCOMPARE(p.view.records.size(), trace->requests.size());
        const auto page = embedded(reportHtml(previewReportData(p, {})));
        const auto ids = chartIds(page);
        for (const char* id : { "admission_queue", "admission_kv", "admission_adapters", "pttft_hist", "rate" })
            QVERIFY2(std::find(ids.begin(), ids.end(), id) != ids.end(), id);
        QVERIFY(findItem(page, "chart", "admission_kv")->at("marks").size() == 1); // the KV capacity
    }
};

QTEST_GUILESS_MAIN(TestReport)
#include "tst_report.moc"
