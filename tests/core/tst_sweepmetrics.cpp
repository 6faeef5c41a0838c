// SPDX-License-Identifier: Apache-2.0
// core/sweep/metrics and saturation: SLO parsing, the per-point metrics on hand-made request lists
// with known answers, GuideLLM's over-saturation test, and which requests count as lost.

#include "sweep/metrics.h"
#include "util/error.h"

#include "testutil.h"

#include <QtTest>

#include <cmath>

using namespace lorascope;

namespace {

RequestTiming timing(double arrival, double first, double finish, std::uint32_t out = 11, std::uint32_t adapter = 0)
{
    RequestTiming r;
    r.arrival = arrival;
    r.start = arrival;
    r.firstToken = first;
    r.finish = finish;
    r.outputLen = out;
    r.adapter = adapter;
    r.completed = !std::isnan(finish);
    return r;
}

} // namespace

class TestSweepMetrics : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void slo();
    void badSlo_data();
    void badSlo();
    void metricsKnownAnswers();
    void steadyIsNotSaturated();
    void growingBacklogIsSaturated();
    void lossesCountRefusalsDoNot();
};

void TestSweepMetrics::slo()
{
    SloTarget s = parseSloTarget("ttft=6s,tpot=100ms,attainment=90%");
    QCOMPARE(*s.ttft, 6.0);
    QCOMPARE(*s.tpot, 0.1);
    QVERIFY(!s.e2e);
    QCOMPARE(s.attainment, 0.9);
    s = parseSloTarget("ttft=500,e2el=30s"); // bare numbers are ms (as replay --slo)
    QCOMPARE(*s.ttft, 0.5);
    QCOMPARE(*s.e2e, 30.0);
    QCOMPARE(s.attainment, 0.9);
    s = parseSloTarget("attainment=0.99"); // no bound given: S-LoRA's 6 s
    QCOMPARE(*s.ttft, 6.0);
    QCOMPARE(s.attainment, 0.99);
    QCOMPARE(QString::fromStdString(SloTarget::sloraDefault().describe()),
        QStringLiteral("TTFT ≤ 6 s for ≥ 90 % of requests"));
    QCOMPARE(QString::fromStdString(parseSloTarget("tpot=50ms,attainment=0.5").describe()),
        QStringLiteral("TPOT ≤ 50 ms for ≥ 50 % of requests"));
}

void TestSweepMetrics::badSlo_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("needle");
    QTest::newRow("negative") << "ttft=-1s"
                              << "must be > 0";
    QTest::newRow("attainment > 1") << "attainment=1.5"
                                    << "attainment must be in (0, 1]";
    QTest::newRow("attainment with a unit") << "attainment=5s"
                                            << "share of requests";
    QTest::newRow("unknown") << "p99=3s"
                             << "unknown item \"p99\"";
    QTest::newRow("not a number") << "ttft=fast"
                                  << "is not NAME=NUMBER";
    QTest::newRow("no equals") << "ttft"
                               << "expected NAME=VALUE";
    QTest::newRow("percent time") << "ttft=5%"
                                  << "is a time";
    QTest::newRow("empty") << ""
                           << "empty";
}

void TestSweepMetrics::badSlo()
{
    QFETCH(QString, text);
    QFETCH(QString, needle);
    const QString msg = test::inputErrorMessage([&] { parseSloTarget(text.toStdString()); });
    QVERIFY2(msg.contains(needle) && msg.startsWith(QStringLiteral("--slo")), qPrintable(msg));
}

void TestSweepMetrics::metricsKnownAnswers()
{
    // 10 requests, one a second; request i has TTFT 0.1·(i+1) s and E2E 1 + i s with 11 tokens.
    MetricsInput in;
    in.window = 10;
    in.adapterNames = { "a", "b" };
    in.adapterRanks = { 8, 64 };
    for (int i = 0; i < 10; ++i)
        in.requests.push_back(timing(i, i + 0.1 * (i + 1), i + 1.0 + i, 11, std::uint32_t(i % 2)));
    SloTarget slo;
    slo.ttft = 0.55; // requests 0..4 meet it
    slo.attainment = 0.5;
    const PointMetrics m = computeMetrics(in, slo, {});
    QCOMPARE(m.requests, 10ull);
    QCOMPARE(m.completed, 10ull);
    QCOMPARE(m.ttft.count, 10ull);
    QVERIFY(std::abs(m.ttft.mean - 0.55) < 1e-12);
    QVERIFY(std::abs(m.ttft.p50 - 0.55) < 1e-12); // NumPy: halfway between 0.5 and 0.6
    QVERIFY(std::abs(m.ttft.p90 - 0.91) < 1e-12);
    QVERIFY(std::abs(m.e2e.mean - 5.5) < 1e-12);
    // TPOT = (E2E − TTFT) / (11 − 1)
    QVERIFY(std::abs(m.tpot.p50 - (5.5 - 0.55) / 10.0) < 1e-12);
    QCOMPARE(m.sloAttainment, 0.5);
    QVERIFY(m.meetsSlo);
    QCOMPARE(m.sloraAttainment, 1.0); // every first token within 6 s
    // S-LoRA's benchmark time: from 0 to the last completion (request 9 at 9 + 10 = 19 s)
    QCOMPARE(m.benchmarkTime, 19.0);
    QCOMPARE(m.throughput, 10.0 / 19.0);
    QCOMPARE(m.goodput, 5.0 / 19.0);
    QCOMPARE(m.tokenThroughput, 110.0 / 19.0);

    const auto per = computeAdapterMetrics(in, slo);
    QCOMPARE(int(per.size()), 2);
    QCOMPARE(per[0].name, std::string("a"));
    QCOMPARE(per[0].rank, 8);
    QCOMPARE(per[0].requests, 5ull);
    QCOMPARE(per[0].sloAttainment, 3.0 / 5.0); // requests 0, 2, 4
    QCOMPARE(per[1].sloAttainment, 2.0 / 5.0); // requests 1, 3

    // Trimming: warm-up leaves the first requests out of everything.
    for (auto& r : in.requests)
        r.inWindow = r.arrival >= 5;
    const PointMetrics t = computeMetrics(in, slo, {});
    QCOMPARE(t.requests, 5ull);
    QCOMPARE(t.sloAttainment, 0.0);
    QCOMPARE(t.benchmarkTime, 19.0 - 5.0);

    // An SLO on TPOT alone; a one-token answer has no TPOT and is not held against it.
    SloTarget tpot;
    tpot.tpot = 0.5;
    tpot.attainment = 1.0;
    MetricsInput one;
    one.window = 2;
    one.adapterNames = { "" };
    one.requests = { timing(0, 0.2, 0.2, 1), timing(1, 1.2, 1.7, 2) };
    QVERIFY(computeMetrics(one, tpot, {}).meetsSlo);
}

void TestSweepMetrics::steadyIsNotSaturated()
{
    // 1 request/s for 300 s, each served in 2 s: a stable backlog of ~2.
    MetricsInput in;
    in.window = 300;
    in.adapterNames = { "" };
    for (int i = 0; i < 300; ++i)
        in.requests.push_back(timing(i, i + 0.1, i + 2.0));
    const PointMetrics m = computeMetrics(in, SloTarget::sloraDefault(), {});
    QVERIFY(std::abs(m.offeredRate - 1.0) < 0.01);
    QVERIFY2(std::abs(m.achievedRatio - 1.0) < 0.005, qPrintable(QString::number(m.achievedRatio)));
    QVERIFY(!m.saturated);
    QVERIFY(!m.overSaturation.detected);
    QCOMPARE(m.windowStart, 30.0);
    QCOMPARE(m.windowEnd, 270.0);
}

void TestSweepMetrics::growingBacklogIsSaturated()
{
    // 1 request/s offered, a server that finishes one every 2 s in order: capacity 0.5/s, the
    // queue grows by 0.5 a second and the TTFT with it.
    MetricsInput in;
    in.window = 300;
    in.adapterNames = { "" };
    for (int i = 0; i < 300; ++i) {
        const double done = 2.0 * (i + 1);
        in.requests.push_back(timing(i, done - 0.5, done));
    }
    const PointMetrics m = computeMetrics(in, SloTarget::sloraDefault(), {});
    QVERIFY2(std::abs(m.achievedRatio - 0.5) < 0.02, qPrintable(QString::number(m.achievedRatio)));
    QVERIFY(std::abs(m.achievedRate - 0.5) < 0.02);
    QVERIFY(m.saturated);
    // The steady window starts after the ramp-up: here the 90th percentile of E2E is beyond half
    // the trace, so it is [150 s, 270 s], over which the backlog grows by 0.5/s × 120 s.
    QCOMPARE(m.windowStart, 150.0);
    QVERIFY2(std::abs(m.backlogGrowth - 60) < 3, qPrintable(QString::number(m.backlogGrowth)));
    // GuideLLM's test: in flight and TTFT both climb; it needs 30 s and TTFTs above 2.5 s.
    QVERIFY(m.overSaturation.detected);
    QVERIFY(m.overSaturation.at >= 30.0);
    QVERIFY(!m.meetsSlo);
}

void TestSweepMetrics::lossesCountRefusalsDoNot()
{
    // Every 10th request dropped (an abort queue): 10 % lost, achieved/offered 0.9.
    MetricsInput in;
    in.window = 200;
    in.adapterNames = { "" };
    for (int i = 0; i < 200; ++i) {
        RequestTiming r = timing(i, i + 0.1, i + 1.0);
        if (i % 10 == 0) {
            r.lost = true;
            r.completed = false;
            r.finish = NAN;
        }
        in.requests.push_back(r);
    }
    PointMetrics m = computeMetrics(in, SloTarget::sloraDefault(), {});
    QVERIFY2(std::abs(m.achievedRatio - 0.9) < 0.02, qPrintable(QString::number(m.achievedRatio)));
    QVERIFY(m.saturated);
    QCOMPARE(m.lost, 20ull);
    QCOMPARE(m.sloraAttainment, 0.9); // lost requests miss
    // The same requests refused by the per-request limits are not offered load: not saturated.
    for (auto& r : in.requests)
        r.refused = r.lost;
    m = computeMetrics(in, SloTarget::sloraDefault(), {});
    QVERIFY(std::abs(m.achievedRatio - 1.0) < 0.005);
    QVERIFY(!m.saturated);
}

QTEST_GUILESS_MAIN(TestSweepMetrics)
#include "tst_sweepmetrics.moc"
