// SPDX-License-Identifier: Apache-2.0
// What stats, fit and simulate print for traces shaped like the real ones: rates from the first
// arrival, said so; no "nan" and no 17-digit figures;
// simulate's clock and per-adapter output; the documented adapter maximum works.

#include "../core/testutil.h"
#include "clitestutil.h"

#include "random/rng.h"
#include "workload/trace.h"

#include <QtTest>

#include <cmath>
#include <QRegularExpression>

using namespace lorascope;

namespace {
using test::cli;
using test::q;
using test::Run;

/// Mooncake conversation trace rows 6001-12031 as far as rates go: 6,031 arrivals, the first at
/// 1,875,000 ms and the last at 3,537,000 ms (window 1,662 s, 3.63 req/s), Poisson in between.
std::string mooncakeSlice()
{
    Rng rng(11, 2);
    std::vector<std::uint64_t> ms { 1'875'000, 3'537'000 };
    while (ms.size() < 6031)
        ms.push_back(1'875'000 + static_cast<std::uint64_t>(rng.uniform() * 1'662'000));
    std::sort(ms.begin(), ms.end());
    std::string text;
    for (std::size_t i = 0; i < ms.size(); ++i)
        text += "{\"timestamp\": " + std::to_string(ms[i]) + ", \"input_length\": " + std::to_string(1000 + i % 7000)
            + ", \"output_length\": " + std::to_string(10 + i % 300) + ", \"hash_ids\": [" + std::to_string(i) + "]}\n";
    return text;
}

/// BurstGPT's first hour: it starts at 19,440,110 s. 1,000 rows, two models.
std::string burstGptHour()
{
    std::string text = "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n";
    for (int i = 0; i < 1000; ++i) {
        const int in = 100 + i % 900, out = 20 + i % 200;
        text += std::to_string(19'440'110 + 3.6 * i).substr(0, 12) + (i % 3 ? ",ChatGPT," : ",GPT-4,")
            + std::to_string(in) + "," + std::to_string(out) + "," + std::to_string(in + out) + ",Conversation log\n";
    }
    return text;
}

bool hasLongFigure(const QString& text)
{
    // A number with 10 or more digits after the point (13.152036744949887) or nan/inf.
    static const QRegularExpression longFigure(QStringLiteral("\\d\\.\\d{10,}|\\bnan\\b|\\binf\\b"));
    return longFigure.match(text).hasMatch();
}

} // namespace

class TestCliReports : public QObject {
    Q_OBJECT
    test::TempDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        test::writeText(m_dir.file("slice.mooncake.jsonl"), mooncakeSlice());
        test::writeText(m_dir.file("hour.burstgpt.csv"), burstGptHour());
    }

    void statsMeasuresFromTheFirstArrival()
    {
        const Run r = cli({ QStringLiteral("stats"), q(m_dir.file("slice.mooncake.jsonl")) });
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("window          1662.000 s (first to last arrival, from 1875.000 s)")),
            qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("achieved rate   3.6288 req/s")), qPrintable(r.out));
        const Run j = cli({ QStringLiteral("stats"), q(m_dir.file("slice.mooncake.jsonl")), QStringLiteral("--json") });
        const auto json = nlohmann::json::parse(j.out.toStdString());
        QCOMPARE(json["window_start_s"].get<double>(), 1875.0);
        QCOMPARE(json["window_s"].get<double>(), 1662.0);
        const Run b = cli({ QStringLiteral("stats"), q(m_dir.file("hour.burstgpt.csv")) });
        QVERIFY2(b.code == 0, qPrintable(b.err));
        QVERIFY2(b.out.contains(QStringLiteral("from 19440110.000 s")), qPrintable(b.out));
        QVERIFY2(b.out.contains(QStringLiteral("achieved rate   0.2781 req/s")),
            qPrintable(b.out)); // 1000 / 3596.4 s; it said 0.0000
    }

    void fitMeasuresFromTheFirstArrivalAndPrintsNoNan()
    {
        const Run r = cli({ QStringLiteral("fit"), q(m_dir.file("slice.mooncake.jsonl")), QStringLiteral("-o"),
            q(m_dir.file("fit.json")), QStringLiteral("--report") });
        QVERIFY2(r.code == 0, qPrintable(r.err));
        // With -o the report goes to stdout.
        QVERIFY2(r.out.contains(QStringLiteral("window          1662.000 s (from the first arrival, at 1875.000 s)")),
            qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("rate R          3.6288 req/s")), qPrintable(r.out));
        // No adapters: the pooled per-adapter cv does not exist and says so.
        QVERIFY2(r.out.contains(QStringLiteral("per adapter (pooled) none")), qPrintable(r.out));
        QVERIFY2(!hasLongFigure(r.out), qPrintable(r.out));
        // The rate over time is flat (cv near 1/sqrt(100) for 60 bins of about 100 arrivals), not 1.07.
        const Run j = cli({ QStringLiteral("fit"), q(m_dir.file("slice.mooncake.jsonl")), QStringLiteral("--report"),
            QStringLiteral("--json"), QStringLiteral("-o"), q(m_dir.file("fit.json")) });
        const auto rep = nlohmann::json::parse(j.out.toStdString());
        QVERIFY2(rep["rate_over_time"]["cv"].get<double>() < 0.25, j.out.left(400).toUtf8().constData());
        QVERIFY(rep["cv_per_adapter"].is_null());
        const auto spec = test::readJsonFile(m_dir.file("fit.json"));
        QCOMPARE(spec["duration"].get<double>(), 1662.0);
        // BurstGPT's hour, adapters from the Model column: notes keep to four significant digits.
        const Run b = cli({ QStringLiteral("fit"), q(m_dir.file("hour.burstgpt.csv")), QStringLiteral("--report"),
            QStringLiteral("-o"), q(m_dir.file("b.json")) });
        QVERIFY2(b.code == 0, qPrintable(b.err));
        QVERIFY2(!hasLongFigure(b.out), qPrintable(b.out));
        QVERIFY2(b.out.contains(QStringLiteral("measured from its first arrival")), qPrintable(b.out));
    }

    void simulateUsesTheCostModelClockByDefault()
    {
        const Run r = cli({ QStringLiteral("simulate"), q(m_dir.file("hour.burstgpt.csv")),
            QStringLiteral("--requests-out"), q(m_dir.file("req.jsonl")) });
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral(
                     "clock model: llama-7b-a10g (seconds; --clock steps counts forward passes instead)")),
            qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("(first arrival to last finish)")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("SLO attainment")), qPrintable(r.out));
        const Run steps = cli({ QStringLiteral("simulate"), q(m_dir.file("hour.burstgpt.csv")),
            QStringLiteral("--clock"), QStringLiteral("steps"), QStringLiteral("--requests-out"),
            q(m_dir.file("req.jsonl")), QStringLiteral("--json") });
        QVERIFY2(steps.code == 0, qPrintable(steps.err));
        QCOMPARE(nlohmann::json::parse(steps.out.toStdString())["unit"].get<std::string>(), std::string("steps"));
    }

    void simulatePerAdapterOutput()
    {
        // 300 adapters: --json lists the 100 busiest by default, and says how many it left out.
        Trace t;
        for (int a = 0; a < 300; ++a)
            t.adapters.push_back({ "ad-" + std::to_string(a), 8 });
        for (int i = 0; i < 3000; ++i)
            t.requests.push_back({ i * 0.05, static_cast<std::uint32_t>((i * 7) % (i < 1500 ? 300 : 40)), 50, 20 });
        std::string csv = "id,time_s,adapter,rank,input_len,output_len\n";
        for (std::size_t i = 0; i < t.requests.size(); ++i)
            csv += std::to_string(i) + "," + std::to_string(t.requests[i].time) + ",ad-"
                + std::to_string(t.requests[i].adapter) + ",8,50,20\n";
        test::writeText(m_dir.file("many.csv"), csv);
        auto run = [&](const QStringList& extra) {
            QStringList args { QStringLiteral("simulate"), q(m_dir.file("many.csv")), QStringLiteral("--requests-out"),
                q(m_dir.file("req.jsonl")), QStringLiteral("--json") };
            const Run r = cli(args + extra);
            return r.code == 0 ? nlohmann::json::parse(r.out.toStdString()) : nlohmann::json();
        };
        const auto def = run({});
        QCOMPARE(def["per_adapter"].size(), std::size_t(100));
        QCOMPARE(def["per_adapter_total"].get<int>(), 300);
        QCOMPARE(def["per_adapter_left_out"].get<int>(), 200);
        for (std::size_t i = 1; i < def["per_adapter"].size(); ++i) // busiest first
            QVERIFY(def["per_adapter"][i - 1]["requests"].get<int>() >= def["per_adapter"][i]["requests"].get<int>());
        QCOMPARE(
            run({ QStringLiteral("--per-adapter"), QStringLiteral("all") })["per_adapter"].size(), std::size_t(300));
        QCOMPARE(
            run({ QStringLiteral("--per-adapter"), QStringLiteral("none") })["per_adapter"].size(), std::size_t(0));
        QCOMPARE(run({ QStringLiteral("--per-adapter"), QStringLiteral("7") })["per_adapter_left_out"].get<int>(), 293);
    }

    void theDocumentedAdapterMaximumWorks()
    {
        // adapters.count at its maximum (100,000): generated, read back and summarised in seconds.
        const Run g = cli({ QStringLiteral("generate"), QStringLiteral("--preset"), QStringLiteral("S1"),
            QStringLiteral("--adapters"), QStringLiteral("100000"), QStringLiteral("--duration"), QStringLiteral("10"),
            QStringLiteral("-o"), q(m_dir.file("max.jsonl")), QStringLiteral("--quiet") });
        QVERIFY2(g.code == 0, qPrintable(g.err));
        QVERIFY(
            std::filesystem::file_size(m_dir.file("max.jsonl")) < 10'000'000); // the header lists them all: about 5 MB
        const Run s = cli({ QStringLiteral("stats"), q(m_dir.file("max.jsonl")), QStringLiteral("--json") });
        QVERIFY2(s.code == 0, qPrintable(s.err));
        QCOMPARE(nlohmann::json::parse(s.out.toStdString())["adapters"].get<int>(), 100000);
        // One more is refused before any work.
        test::writeText(m_dir.file("over.json"), R"({"adapters": {"count": 100001}})");
        const Run over = cli({ QStringLiteral("generate"), QStringLiteral("--spec"), q(m_dir.file("over.json")),
            QStringLiteral("-o"), q(m_dir.file("o.jsonl")) });
        QCOMPARE(over.code, 1);
        QVERIFY2(
            over.err.contains(QStringLiteral("adapters.count must be <= 100000 (got 100001)")), qPrintable(over.err));
    }
};

QTEST_GUILESS_MAIN(TestCliReports)
#include "tst_cli_reports.moc"
