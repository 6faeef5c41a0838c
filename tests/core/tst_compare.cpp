// SPDX-License-Identifier: Apache-2.0
// core/analysis/compare: which parameters differ, histograms of A and B on common bins that count
// every request, latency quantiles and key figures equal to the engine's own summary.
#include "analysis/compare.h"
#include "workload/presets.h"

#include <QTest>

#include <cmath>
#include <numeric>

using namespace lorascope;

namespace {

CompareInput inputFor(const WorkloadSpec& spec)
{
    CompareInput in { spec, {} };
    in.admission.scheduler.limits.maxTotalTokenNum = 3000; // tight enough that requests wait
    in.admission.clock = ClockKind::Steps;
    return in;
}

WorkloadSpec small()
{
    WorkloadSpec s = specForPreset("S4");
    s.adapterCount = 12;
    s.rate = 5;
    s.duration = 40;
    return s;
}

std::uint64_t sum(const Histogram& h)
{
    return std::accumulate(h.counts.begin(), h.counts.end(), std::uint64_t(0));
}

} // namespace

class TestCompare : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void diffListsExactlyTheChangedFields()
    {
        const CompareInput a = inputFor(small());
        QVERIFY(diffParameters(a, a).empty());
        CompareInput b = a;
        b.spec.popularity.alpha = 0.3;
        b.spec.arrival.cv = 4;
        const auto d = diffParameters(a, b);
        QCOMPARE(d.size(), std::size_t(2));
        QCOMPARE(d[0], (ParameterDiff { "popularity.alpha", "1", "0.3" }));
        QCOMPARE(d[1], (ParameterDiff { "arrival.cv", "1", "4" }));
        // Limits and admission settings count too; the cost model only on the model clock.
        b = a;
        b.admission.scheduler.limits.maxTotalTokenNum = 9000;
        b.admission.cost.decodeBase = 1.0;
        const auto dl = diffParameters(a, b);
        QCOMPARE(dl.size(), std::size_t(1));
        QCOMPARE(dl[0].field, std::string("limits.maxTotalTokenNum"));
        b.admission.clock = ClockKind::Model;
        const auto dc = diffParameters(a, b);
        QCOMPARE(dc.size(), std::size_t(3));
        QCOMPARE(dc[1].field, std::string("clock"));
        QCOMPARE(dc[2].field, std::string("cost"));
        // The side-by-side rows include agreeing main parameters and mark the differing ones.
        const auto rows = parameterRows(a, b);
        const auto alpha = std::find_if(
            rows.begin(), rows.end(), [](const ParameterRow& r) { return r.field == "popularity.alpha"; });
        QVERIFY(alpha != rows.end() && !alpha->differs && alpha->a == "1");
        QCOMPARE(std::count_if(rows.begin(), rows.end(), [](const ParameterRow& r) { return r.differs; }),
            std::ptrdiff_t(3));
    }

    /// SGLang's settings count where either side runs SGLang, under their own field names.
    void diffListsSglangSettings()
    {
        const CompareInput a = inputFor(small());
        CompareInput b = a;
        b.admission.scheduler.sglang.maxLorasPerBatch = 2;
        QVERIFY(diffParameters(a, b).empty()); // both S-LoRA: SGLang's settings cannot change the result
        b.admission.scheduler.policy = PolicyKind::Sglang;
        b.admission.scheduler.sglang.disableRadixCache = true;
        const auto d = diffParameters(a, b);
        QCOMPARE(d.size(), std::size_t(3));
        QCOMPARE(d[0], (ParameterDiff { "policy", "slora", "sglang" }));
        QCOMPARE(d[1], (ParameterDiff { "sglang.disableRadixCache", "off", "on" }));
        QCOMPARE(d[2], (ParameterDiff { "sglang.maxLorasPerBatch", "8", "2" }));
    }

    void shortNumbers()
    {
        QCOMPARE(shortNumber(0.3), std::string("0.3"));
        QCOMPARE(shortNumber(1.0), std::string("1"));
        QCOMPARE(shortNumber(300.0), std::string("300"));
        QCOMPARE(shortNumber(1e6), std::string("1e+06"));
    }

    void comparisonMatchesTheCore()
    {
        const CompareInput a = inputFor(small());
        CompareInput b = a;
        b.spec.popularity.alpha = 0.3;
        b.spec.arrival.cv = 3;
        b.spec.input.hi = 1024;
        const CompareSide sa = analyzeSide(a);
        const CompareSide sb = analyzeSide(b);
        QVERIFY(sa.admission && sb.admission);
        const Comparison c = compareSides(sa, sb, diffParameters(a, b));
        const auto na = sa.workload->trace->requests.size(), nb = sb.workload->trace->requests.size();
        QVERIFY(na > 100 && nb > 100);
        // Common bins, every request (gap) counted once.
        for (const auto& [ha, hb, less] :
            { std::tuple { &c.inputA, &c.inputB, 0 }, std::tuple { &c.outputA, &c.outputB, 0 },
                std::tuple { &c.gapsA, &c.gapsB, 1 }, std::tuple { &c.arrivalsA, &c.arrivalsB, 0 } }) {
            QCOMPARE(ha->edges, hb->edges);
            QCOMPARE(ha->edges.size(), ha->counts.size() + 1);
            QCOMPARE(sum(*ha), std::uint64_t(na - std::size_t(less)));
            QCOMPARE(sum(*hb), std::uint64_t(nb - std::size_t(less)));
        }
        // B's input goes to 1023, A's to 511: A has nothing in the upper bins, B does.
        std::uint32_t maxInB = 0;
        for (const auto& r : sb.workload->trace->requests)
            maxInB = std::max(maxInB, r.inputLen);
        QVERIFY(maxInB > 900);
        QVERIFY(c.inputA.edges.back() > maxInB);
        QCOMPARE(c.inputA.counts.back(), std::uint64_t(0));
        QVERIFY(c.inputB.counts.back() > 0);
        // Popularity shares: hottest first, adding up to 1.
        QVERIFY(std::is_sorted(c.shareB.rbegin(), c.shareB.rend()));
        QVERIFY(std::abs(std::accumulate(c.shareB.begin(), c.shareB.end(), 0.0) - 1.0) < 1e-12);
        QVERIFY(c.shareB.front() > c.shareA.front()); // α = 0.3 concentrates on few adapters
        // Quantile curves agree with the engine's percentiles.
        const auto at = [&](double p) {
            return std::size_t(std::find(c.percentiles.begin(), c.percentiles.end(), p) - c.percentiles.begin());
        };
        const auto& ma = sa.admission->result.summary;
        QCOMPARE(c.waitA[at(50)], ma.wait.p50);
        QCOMPARE(c.ttftA[at(90)], ma.ttft.p90);
        QCOMPARE(c.e2eA[at(99)], ma.e2e.p99);
        QVERIFY(std::is_sorted(c.e2eB.begin(), c.e2eB.end()));
        // Key figures: the stats and the summary, unchanged.
        auto figure = [&](const std::string& key) {
            const auto it
                = std::find_if(c.figures.begin(), c.figures.end(), [&](const KeyFigure& f) { return f.key == key; });
            return it == c.figures.end() ? KeyFigure { key, NAN, NAN } : *it;
        };
        QCOMPARE(figure("requests").a, double(na));
        QCOMPARE(figure("requests").b, double(nb));
        QCOMPARE(figure("gapCv").b, sb.workload->stats.gapCv);
        QCOMPARE(figure("waitP99").b, sb.admission->result.summary.wait.p99);
        QCOMPARE(figure("throughput").delta(), sb.admission->result.summary.requestThroughput - ma.requestThroughput);
        // Too large for a preview: no admission, latency figures NaN, the rest still there.
        const CompareSide big = analyzeSide(b, {}, 10);
        QVERIFY(!big.admission);
        const Comparison cb = compareSides(sa, big);
        QVERIFY(std::isnan(cb.figures.back().b));
        QVERIFY(cb.e2eB.empty() && !cb.e2eA.empty());
        QCOMPARE(sum(cb.inputB), std::uint64_t(nb));
    }
};

QTEST_GUILESS_MAIN(TestCompare)
#include "tst_compare.moc"
