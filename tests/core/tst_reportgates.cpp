// SPDX-License-Identifier: Apache-2.0
// SLO gates (core/report/gates): the one metric table, --fail-if and --fail-if-worse parsing
// (unknown metric and malformed items named), checking against a summary, JUnit XML.
#include "report/gates.h"
#include "report/metricinfo.h"
#include "util/error.h"

#include <QtTest>

#include <set>

using namespace lorascope;

class TestReportGates : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void tableHasSummaryKeysWithUnitsAndDirection()
    {
        const MetricInfo* p99 = findMetric("p99_ttft_ms");
        QVERIFY(p99);
        QCOMPARE(std::string(p99->unit), std::string("ms"));
        QVERIFY(p99->better == Better::Lower);
        const MetricInfo* good = findMetric("request_goodput");
        QVERIFY(good);
        QCOMPARE(std::string(good->unit), std::string("req/s"));
        QVERIFY(good->better == Better::Higher);
        QVERIFY(!findMetric("p99_ttft"));
        // Every key appears once.
        std::set<std::string> keys;
        for (const auto& m : metricTable())
            QVERIFY2(keys.insert(m.key).second, m.key);
    }

    void parsesConditions()
    {
        const auto g = parseGates("p99_ttft_ms>500, request_goodput<4,mean_tpot_ms>=20.5,completed<=10");
        QCOMPARE(g.size(), std::size_t(4));
        QCOMPARE(g[0].metric, std::string("p99_ttft_ms"));
        QVERIFY(g[0].op == Gate::Op::Greater);
        QCOMPARE(g[0].bound, 500.0);
        QVERIFY(g[1].op == Gate::Op::Less);
        QCOMPARE(g[1].text, std::string("request_goodput<4"));
        QVERIFY(g[2].op == Gate::Op::GreaterEqual);
        QCOMPARE(g[2].bound, 20.5);
        QVERIFY(g[3].op == Gate::Op::LessEqual);
    }

    void badConditionsAreNamed_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("named");
        QTest::newRow("unknown metric") << "p99_ttfx_ms>5"
                                        << "unknown metric \"p99_ttfx_ms\"";
        QTest::newRow("no operator") << "p99_ttft_ms=5"
                                     << "\"p99_ttft_ms=5\" is not METRIC>NUMBER";
        QTest::newRow("no number") << "p99_ttft_ms>fast"
                                   << "\"fast\" is not a number";
        QTest::newRow("empty item") << "p99_ttft_ms>5,,"
                                    << "empty condition";
        QTest::newRow("no metric") << ">5"
                                   << "is not METRIC>NUMBER";
        QTest::newRow("infinite") << "p99_ttft_ms>inf"
                                  << "is not a number";
    }
    void badConditionsAreNamed()
    {
        QFETCH(QString, text);
        QFETCH(QString, named);
        try {
            parseGates(text.toStdString(), "--fail-if");
            QFAIL("accepted");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(named), e.what());
            QVERIFY(QString::fromStdString(e.what()).startsWith(QStringLiteral("--fail-if")));
        }
    }

    void parsesWorseGates()
    {
        const auto g = parseWorseGates("p99_e2el_ms:5%,p99_ttft_ms:20");
        QCOMPARE(g.size(), std::size_t(2));
        QVERIFY(g[0].relative);
        QCOMPARE(g[0].tolerance, 0.05);
        QVERIFY(!g[1].relative);
        QCOMPARE(g[1].tolerance, 20.0);
        QVERIFY_THROWS_EXCEPTION(InputError, parseWorseGates("p99_e2el_ms"));
        QVERIFY_THROWS_EXCEPTION(InputError, parseWorseGates("p99_e2el_ms:-5%"));
        QVERIFY_THROWS_EXCEPTION(InputError, parseWorseGates("nonsense:5%"));
    }

    void checksAgainstSummary()
    {
        const nlohmann::json summary = { { "p99_ttft_ms", 612.5 }, { "completed", 100 }, { "mean_tpot_ms", 20.5 } };
        const auto r
            = checkGates(parseGates("p99_ttft_ms>500,completed<50,mean_tpot_ms>=20.5,request_goodput<4"), summary);
        QCOMPARE(r.size(), std::size_t(4));
        QVERIFY(r[0].failed);
        QCOMPARE(*r[0].value, 612.5);
        QCOMPARE(r[0].bound, 500.0);
        QVERIFY2(QString::fromStdString(r[0].message).contains(QStringLiteral("p99_ttft_ms = 612.5 ms > 500 ms")),
            r[0].message.c_str());
        QVERIFY(!r[1].failed);
        QVERIFY(r[2].failed); // >= holds at equality
        QVERIFY(r[3].failed); // not in the summary: cannot pass
        QVERIFY(!r[3].value);
        QVERIFY(QString::fromStdString(r[3].message).contains(QStringLiteral("goodput needs --slo")));
        QCOMPARE(failedGateLines(r).size(), std::size_t(3));
    }

    void junitCountsAndEscapes()
    {
        const auto r = checkGates(
            parseGates("p99_ttft_ms>500,completed<50"), { { "p99_ttft_ms", 612.5 }, { "completed", 100 } });
        const std::string x = junitXml("lorascope \"gates\" <replay>", r, 1.5);
        QVERIFY(x.rfind("<?xml version=\"1.0\"", 0) == 0);
        QVERIFY(x.find("tests=\"2\" failures=\"1\"") != std::string::npos);
        QVERIFY(x.find("name=\"p99_ttft_ms&gt;500\"") != std::string::npos);
        QVERIFY(x.find("&quot;gates&quot; &lt;replay&gt;") != std::string::npos);
        QVERIFY(x.find("<failure message=\"p99_ttft_ms = 612.5 ms &gt; 500 ms") != std::string::npos);
        QCOMPARE(std::count(x.begin(), x.end(), '<'), std::count(x.begin(), x.end(), '>'));
    }
};

QTEST_GUILESS_MAIN(TestReportGates)
#include "tst_reportgates.moc"
