// SPDX-License-Identifier: Apache-2.0
// Trace statistics on crafted traces whose answers are known by hand.

#include "workload/stats.h"

#include <QtTest>

#include <cmath>

using namespace lorascope;

namespace {
Trace crafted()
{
    Trace t;
    t.adapters = { { "a", 8 }, { "b", 16 }, { "c", 64 } };
    // times 0, 1, 3, 6 → gaps 1, 2, 3: mean 2, sample std 1, cv 0.5.
    t.requests = { { 0.0, 0, 100, 50 }, { 1.0, 1, 2100, 10 }, { 3.0, 0, 2000, 1500 }, { 6.0, 2, 300, 20 } };
    t.duration = 8.0;
    return t;
}
} // namespace

class TestStats : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void craftedTrace()
    {
        const Trace t = crafted();
        const TraceStats st = computeStats(t, ServerLimits {});
        QCOMPARE(st.count, std::uint64_t(4));
        QCOMPARE(st.window, 8.0);
        QCOMPARE(st.achievedRate, 0.5);
        QVERIFY(std::abs(st.gapMean - 2.0) < 1e-12);
        QVERIFY(std::abs(st.gapCv - 0.5) < 1e-12);
        QCOMPARE(st.perAdapterCount, (std::vector<std::uint64_t> { 2, 1, 1 }));
        QCOMPARE(st.adaptersUsed, 3u);
        // Limits (defaults 2048 input, 3072 total): request 1 (2100 in), request 2 (2000+1500 = 3500).
        QCOMPARE(st.overInputLimit, std::uint64_t(1));
        QCOMPARE(st.overTotalLimit, std::uint64_t(1));
        QCOMPARE(st.overAnyLimit, std::uint64_t(2));
        QCOMPARE(st.input.min, 100u);
        QCOMPARE(st.input.max, 2100u);
        QVERIFY(std::abs(st.input.mean - 1125.0) < 1e-12);
        QCOMPARE(st.gaps.total(), std::uint64_t(3));
        QCOMPARE(st.timeline.total(), std::uint64_t(4));
        QCOMPARE(st.input.histogram.total(), std::uint64_t(4));
        // Adapter "a" has one gap only: no cv (NaN).
        QVERIFY(std::isnan(st.perAdapterCv[0]));
    }

    void gapHistogramRangeFromQuantiles()
    {
        // 1000 gaps log-uniform over [0.01, 1] s plus extremes: a zero gap, two of 10⁻¹² s and two
        // of 1000 s. The bins cover the bulk; the extremes land in labelled under/overflow bins.
        Trace t;
        double time = 0;
        auto add = [&](double gap) {
            time += gap;
            t.requests.push_back({ time, kNoAdapter, 10, 10 });
        };
        t.requests.push_back({ 0.0, kNoAdapter, 10, 10 });
        add(0.0);
        add(1e-12);
        for (int i = 0; i < 1000; ++i)
            add(std::pow(10.0, -2.0 + 2.0 * (i + 0.5) / 1000));
        add(1e-12);
        add(1000.0);
        add(1000.0);
        const TraceStats st = computeStats(t, ServerLimits {});
        const auto& g = st.gaps;
        QCOMPARE(g.total(), std::uint64_t(1005));
        QVERIFY2(g.edges.front() > 0.005 && g.edges.front() <= 0.0105, qPrintable(QString::number(g.edges.front())));
        QVERIFY2(g.edges.back() >= 0.95 && g.edges.back() < 2.0, qPrintable(QString::number(g.edges.back())));
        QVERIFY(g.underflow >= 3 && g.underflow <= 8); // the zero gap, the two 10⁻¹² s gaps, the bulk's lowest few
        QVERIFY(g.overflow >= 2 && g.overflow <= 8); // the two 1000 s gaps, the bulk's highest few
        // Log-uniform bulk → roughly equal bins (no bin holding most gaps).
        const auto biggest = *std::max_element(g.counts.begin(), g.counts.end());
        QVERIFY(double(biggest) < 3.0 * 1000 / double(g.counts.size()));
        // No extremes: no under/overflow, the bins span the gaps exactly.
        Trace even;
        for (int i = 0; i < 100; ++i)
            even.requests.push_back({ 0.5 * i + (i % 2) * 0.1, kNoAdapter, 10, 10 });
        const TraceStats es = computeStats(even, ServerLimits {});
        QCOMPARE(es.gaps.underflow, std::uint64_t(0));
        QCOMPARE(es.gaps.overflow, std::uint64_t(0));
        QCOMPARE(es.gaps.total(), std::uint64_t(99));
    }

    void windowStartsAtTheFirstArrivalWithoutADuration()
    {
        // A slice of a real trace (Mooncake rows 6001-12031 start at 1,875 s):
        // 6,031 arrivals from 1,875 s to 3,537 s. Window 1,662 s and 3.63 req/s, not 3,537 s and 1.71.
        Trace t;
        const int n = 6031;
        for (int i = 0; i < n; ++i)
            t.requests.push_back({ 1875.0 + 1662.0 * i / (n - 1), kNoAdapter, 10, 10 });
        const TraceStats st = computeStats(t, ServerLimits {});
        QCOMPARE(st.windowStart, 1875.0);
        QCOMPARE(st.windowEnd, 3537.0);
        QCOMPARE(st.window, 1662.0);
        QVERIFY(std::abs(st.achievedRate - 3.6288) < 1e-4);
        // The timeline still spans the charts' axis from 0.
        QCOMPARE(st.timeline.edges.front(), 0.0);
        QCOMPARE(st.timeline.edges.back(), 3537.0);
        QCOMPARE(st.timeline.total(), std::uint64_t(n));
        // With a duration (generated traces start at 0) the window is [0, duration].
        t.duration = 4000;
        const TraceStats withDuration = computeStats(t, ServerLimits {});
        QCOMPARE(withDuration.windowStart, 0.0);
        QCOMPARE(withDuration.window, 4000.0);
    }

    void percentilesLikeNumpy()
    {
        // np.percentile(range(1, 101), [50, 90, 99]) = 50.5, 90.1, 99.01
        Trace t;
        for (std::uint32_t i = 1; i <= 100; ++i)
            t.requests.push_back({ double(i), kNoAdapter, i, 101 - i });
        const TraceStats st = computeStats(t, ServerLimits {});
        QVERIFY(std::abs(st.input.p50 - 50.5) < 1e-9);
        QVERIFY(std::abs(st.input.p90 - 90.1) < 1e-9);
        QVERIFY(std::abs(st.input.p99 - 99.01) < 1e-9);
        QVERIFY(std::abs(st.output.p50 - 50.5) < 1e-9);
        QVERIFY(std::abs(percentile({ 1, 2, 3, 4 }, 50) - 2.5) < 1e-12);
        QVERIFY(std::abs(percentile({ 5, 1, 3 }, 100) - 5) < 1e-12);
        QVERIFY(std::isnan(percentile({}, 50)));
    }

    void alphaFitOnExactCounts_data()
    {
        QTest::addColumn<double>("alpha");
        QTest::newRow("0.1") << 0.1;
        QTest::newRow("0.5") << 0.5;
        QTest::newRow("1") << 1.0;
        QTest::newRow("2") << 2.0;
    }
    void alphaFitOnExactCounts()
    {
        // Counts proportional to the model's probabilities: the MLE is the true α.
        QFETCH(double, alpha);
        const int n = 100;
        std::vector<std::uint64_t> counts(n);
        for (int i = 0; i < n; ++i)
            counts[i] = static_cast<std::uint64_t>(
                std::llround(1e9 * (std::pow((i + 1.0) / n, alpha) - std::pow(double(i) / n, alpha))));
        const auto [a, se] = fitPowerAlpha(counts);
        QVERIFY2(std::abs(a - alpha) < 1e-3 * alpha, qPrintable(QString::number(a)));
        QVERIFY(se > 0 && se < 1e-3);
    }

    void alphaNotEstimable()
    {
        QVERIFY(std::isnan(fitPowerAlpha({}).first));
        QVERIFY(std::isnan(fitPowerAlpha({ 5 }).first));
        QVERIFY(std::isnan(fitPowerAlpha({ 0, 0 }).first));
    }

    void emptyTrace()
    {
        const TraceStats st = computeStats(Trace {}, ServerLimits {});
        QCOMPARE(st.count, std::uint64_t(0));
        QCOMPARE(st.achievedRate, 0.0);
        QVERIFY(st.gaps.counts.empty());
    }
};

QTEST_GUILESS_MAIN(TestStats)
#include "tst_stats.moc"
