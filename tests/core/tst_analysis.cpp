// SPDX-License-Identifier: Apache-2.0
// core/analysis: theory curves, binning, admission views and the step-through. Expected values
// come from the formulas of docs/ written out here, not from the code under test.
#include "analysis/admissionview.h"
#include "analysis/binning.h"
#include "analysis/stepthrough.h"
#include "analysis/theory.h"
#include "analysis/workloadview.h"
#include "workload/generator.h"
#include "workload/presets.h"

#include <QTest>

#include <cmath>
#include <numeric>

using namespace lorascope;

class TestAnalysis : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void expectedAdapterCountsFollowSpecFormula_data()
    {
        QTest::addColumn<double>("alpha");
        QTest::addColumn<int>("n");
        QTest::newRow("alpha 0.3, n 200") << 0.3 << 200;
        QTest::newRow("alpha 1, n 7") << 1.0 << 7;
        QTest::newRow("alpha 2.5, n 50") << 2.5 << 50;
    }
    void expectedAdapterCountsFollowSpecFormula()
    {
        QFETCH(double, alpha);
        QFETCH(int, n);
        WorkloadSpec s;
        s.adapterCount = std::uint32_t(n);
        s.popularity.alpha = alpha;
        const auto e = expectedAdapterCounts(s, 1000.0);
        QCOMPARE(int(e.size()), n);
        for (int i = 0; i < n; ++i) {
            const double p = std::pow((i + 1.0) / n, alpha) - std::pow(double(i) / n, alpha);
            QVERIFY2(std::abs(e[std::size_t(i)] - 1000.0 * p) < 1e-9, qPrintable(QString::number(i)));
        }
    }

    void popularitySummary()
    {
        WorkloadSpec s;
        s.adapterCount = 200;
        s.popularity.alpha = 0.3;
        const auto sum = summarizePopularity(s);
        // α < 1: adapter 0 is the hottest, p0 = (1/n)^α; top 10 = (10/n)^α.
        QVERIFY(std::abs(sum.hottestShare - std::pow(1.0 / 200, 0.3)) < 1e-12);
        QVERIFY(std::abs(sum.top10Share - std::pow(10.0 / 200, 0.3)) < 1e-12);
        // Fewest adapters with ≥ half: smallest k with (k/n)^α ≥ 0.5 → k = ceil(n · 0.5^(1/α)).
        QCOMPARE(sum.adaptersForHalf, std::uint32_t(std::ceil(200 * std::pow(0.5, 1 / 0.3) - 1e-9)));
    }

    void gapTheoryPoissonMergeIsExponential()
    {
        // Superposed independent Poisson processes are Poisson with the total rate.
        WorkloadSpec s;
        s.adapterCount = 37;
        s.rate = 3.5;
        s.popularity.alpha = 0.4;
        s.arrival.cv = 1.0;
        GapTheory g(s);
        QVERIFY(g.supported());
        for (double t : { 0.01, 0.1, 0.5, 1.0, 2.0 })
            QVERIFY2(std::abs(g.survival(t) - std::exp(-3.5 * t)) < 1e-9, qPrintable(QString::number(t)));
    }

    void gapTheorySingleAdapterIsGamma()
    {
        // One adapter: gaps are Gamma(k = 1/cv², θ = cv²/R). k = 4 (cv = 0.5) has a closed-form
        // survival: e^{−x}(1 + x + x²/2 + x³/6) with x = t/θ.
        WorkloadSpec s;
        s.adapterCount = 1;
        s.rate = 2.0;
        s.arrival.cv = 0.5;
        GapTheory g(s);
        const double theta = 0.25 / 2.0;
        for (double t : { 0.05, 0.3, 0.5, 1.2 }) {
            const double x = t / theta;
            const double expect = std::exp(-x) * (1 + x + x * x / 2 + x * x * x / 6);
            QVERIFY2(std::abs(g.survival(t) - expect) < 1e-9, qPrintable(QString::number(t)));
        }
        // slora generator: i.i.d. Gamma gaps at the total rate regardless of n.
        s.generator = GeneratorKind::Slora;
        s.adapterCount = 100;
        GapTheory gs(s);
        const double x = 0.3 / theta;
        QVERIFY(std::abs(gs.survival(0.3) - std::exp(-x) * (1 + x + x * x / 2 + x * x * x / 6)) < 1e-9);
    }

    void gapTheoryMatchesGeneratedMerge()
    {
        // Per-adapter, bursty (cv = 3), 6 adapters: the merged gap law is not Gamma; compare the
        // model survival with the empirical one of a large generated trace (fixed seed).
        WorkloadSpec s;
        s.adapterCount = 6;
        s.rate = 50;
        s.duration = 2000;
        s.arrival.cv = 3.0;
        s.popularity.alpha = 0.5;
        s.seed = 7;
        const Trace t = generate(s);
        std::vector<double> gaps;
        for (std::size_t i = 1; i < t.requests.size(); ++i)
            gaps.push_back(t.requests[i].time - t.requests[i - 1].time);
        GapTheory g(s);
        const double m = gaps.size();
        for (double q : { 0.001, 0.01, 0.02, 0.05, 0.1 }) {
            const double emp = std::count_if(gaps.begin(), gaps.end(), [&](double x) { return x > q; }) / m;
            // ~100k gaps: binomial std ≤ 0.0016, and gaps are correlated in bursts: allow 0.015.
            QVERIFY2(std::abs(emp - g.survival(q)) < 0.015,
                qPrintable(QStringLiteral("t=%1 emp=%2 model=%3").arg(q).arg(emp).arg(g.survival(q))));
        }
    }

    void lengthTheoryUniformIsFlat()
    {
        WorkloadSpec s; // U[8, 512)
        s.rate = 10;
        s.duration = 100;
        auto a = analyzeSpec(s);
        const auto& h = a->stats.input.histogram;
        double sum = 0;
        for (std::size_t b = 0; b < h.counts.size(); ++b) {
            // integers in bin b: [edge_b, edge_{b+1}) ∩ [8, 511]
            const double lo = std::max(8.0, h.edges[b]);
            const double hi = std::min(512.0, h.edges[b + 1]);
            const double expect = double(a->stats.count) * std::max(0.0, hi - lo) / 504.0;
            QVERIFY2(std::abs(a->expectedInput[b] - expect) < 1e-6, qPrintable(QString::number(b)));
            sum += a->expectedInput[b];
        }
        QVERIFY(std::abs(sum - double(a->stats.count)) < 1e-6);
    }

    void timelineTheoryConstantRate()
    {
        WorkloadSpec s;
        s.rate = 4;
        s.duration = 120;
        auto a = analyzeSpec(s);
        double sum = 0;
        for (std::size_t b = 0; b < a->expectedTimeline.size(); ++b) {
            const double w = a->stats.timeline.edges[b + 1] - a->stats.timeline.edges[b];
            QVERIFY(std::abs(a->expectedTimeline[b] - 4 * w) < 1e-9);
            sum += a->expectedTimeline[b];
        }
        QVERIFY(std::abs(sum - 4 * 120) < 1e-6);
    }

    void analysisBinsSumToRequestCount()
    {
        const auto a = analyzeSpec(specForPreset("S4"));
        const auto n = a->stats.count;
        QVERIFY(n > 400);
        QCOMPARE(a->stats.input.histogram.total(), n);
        QCOMPARE(a->stats.output.histogram.total(), n);
        QCOMPARE(a->stats.gaps.total(), n - 1);
        QCOMPARE(a->stats.timeline.total(), n);
        QCOMPARE(
            std::accumulate(a->stats.perAdapterCount.begin(), a->stats.perAdapterCount.end(), std::uint64_t(0)), n);
        // The raster overview holds every request of its rows.
        std::uint64_t inRows = 0;
        for (auto ad : a->raster.rowAdapters)
            inRows += a->stats.perAdapterCount[ad];
        QCOMPARE(a->raster.total(), inRows);
    }

    void rasterMatchesBruteForce()
    {
        WorkloadSpec s;
        s.adapterCount = 30;
        s.rate = 20;
        s.duration = 60;
        s.popularity.alpha = 0.3;
        const Trace t = generate(s);
        std::vector<std::uint64_t> counts(30, 0);
        for (const auto& r : t.requests)
            ++counts[r.adapter];
        const auto rows = adaptersByCount(counts, 10);
        QCOMPARE(rows.size(), std::size_t(10));
        for (std::size_t i = 1; i < rows.size(); ++i)
            QVERIFY(counts[rows[i - 1]] >= counts[rows[i]]);
        const double t0 = 12.5, t1 = 31.0;
        const int cols = 37;
        const auto bins = binRaster(t, rows, t0, t1, cols);
        for (std::size_t r = 0; r < rows.size(); ++r) {
            for (int c = 0; c < cols; ++c) {
                const double a = t0 + (t1 - t0) * c / cols, b = t0 + (t1 - t0) * (c + 1) / cols;
                std::uint32_t n = 0;
                for (const auto& q : t.requests)
                    n += q.adapter == rows[r] && q.time >= a && q.time < b;
                // Floating-point edges: allow a request exactly on an edge to fall either side.
                QVERIFY2(std::abs(int(bins.counts[r * cols + std::size_t(c)]) - int(n)) <= 1,
                    qPrintable(QStringLiteral("%1,%2").arg(r).arg(c)));
            }
        }
        std::uint64_t total = 0;
        for (const auto& q : t.requests)
            total += q.time >= t0 && q.time < t1 && std::find(rows.begin(), rows.end(), q.adapter) != rows.end();
        QCOMPARE(bins.total(), total);
    }

    void histogramOfValues()
    {
        const std::vector<double> v { 0.0, 1.0, 2.0, 3.0, 4.0, NAN, 10.0 };
        const auto h = histogramOf(v, 5);
        QCOMPARE(h.total(), std::uint64_t(6));
        QCOMPARE(h.edges.front(), 0.0);
        QCOMPARE(h.edges.back(), 10.0);
        QCOMPARE(h.counts[0], std::uint64_t(2)); // 0, 1 in [0, 2)
        QCOMPARE(h.counts[1], std::uint64_t(2)); // 2, 3
        QCOMPARE(h.counts[4], std::uint64_t(1)); // 10 (closed last bin)
        const auto lg = histogramOf({ 0.001, 0.01, 0.1, 1.0 }, 3, true);
        QCOMPARE(lg.total(), std::uint64_t(4));
        QVERIFY(std::abs(lg.edges[1] - 0.01) < 1e-12);
    }

    void stepThroughSpecCheckVector()
    {
        // The check vector of docs/admission.md: max_total 6000, batch_max 3072, ranks a0 = 64, a1 = 8, a2 = 16.
        auto t = std::make_shared<Trace>();
        t->adapters = { { "a0", 64 }, { "a1", 8 }, { "a2", 16 } };
        t->requests = { { 0.0, 0, 1000, 500 }, { 0.0, 1, 800, 1000 }, { 0.0, 0, 500, 200 }, { 0.0, 2, 900, 1500 } };
        SimulationConfig cfg;
        cfg.scheduler.limits.maxTotalTokenNum = 6000;
        cfg.scheduler.limits.batchMaxTokens = 3072;
        StepThrough st(t, cfg);
        QVERIFY(st.next());
        const auto& s = st.snapshot(0);
        QCOMPARE(s.result.kind, StepKind::Prefill);
        QCOMPARE(s.result.admitted.size(), std::size_t(3));
        QCOMPARE(s.candidates.size(), std::size_t(4));
        const std::int64_t needs[] = { 1500, 2800, 2900, 4200 };
        const std::int64_t limits[] = { 5744, 5712, 5712, 5648 };
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(s.candidates[std::size_t(i)].need, needs[i]);
            QCOMPARE(s.candidates[std::size_t(i)].limit, limits[i]);
            QCOMPARE(s.candidates[std::size_t(i)].admitted, i < 3);
        }
        QCOMPARE(s.candidates[3].batchInput, std::int64_t(3200));
        QCOMPARE(s.candidates[3].reason.kind, WaitKind::BatchMaxTokens);
        QCOMPARE(s.running.size(), std::size_t(3));
        QCOMPARE(s.queueLength, std::size_t(1));
        // Run to the end: every request finishes; the step count matches simulate()'s.
        while (st.next()) { }
        const auto sim = simulate(*t, cfg);
        QCOMPARE(st.count(), std::size_t(sim.summary.steps));
        QVERIFY(st.snapshot(st.count() - 1).running.empty());
    }

    void admissionAnalysisHistograms()
    {
        WorkloadSpec s;
        s.adapterCount = 8;
        s.rate = 5;
        s.duration = 60;
        auto t = std::make_shared<const Trace>(generate(s));
        SimulationConfig cfg;
        const auto a = analyzeAdmission(t, cfg);
        std::uint64_t admitted = 0, finished = 0;
        for (const auto& r : a->result.requests) {
            admitted += !std::isnan(r.admitted);
            finished += !std::isnan(r.finished);
        }
        QCOMPARE(a->wait.total(), admitted);
        QCOMPARE(a->e2e.total(), finished);
        QVERIFY(!a->timeline.edges.empty());
        // The binned envelope keeps the peak; the analysis keeps no per-pass records.
        QVERIFY(a->result.timeline.empty());
        QCOMPARE(*std::max_element(a->timeline.kvNeed.begin(), a->timeline.kvNeed.end()),
            double(a->result.summary.peakKvNeed));
        // Binned while simulating = binned from the recorded passes of the same run.
        SimulationConfig recorded = cfg;
        recorded.recordTimeline = true;
        const SimulationResult sim = simulate(*t, recorded);
        const StepTimelineBins bins = binStepTimeline(sim.timeline, 600);
        QCOMPARE(a->timeline.edges, bins.edges);
        QCOMPARE(a->timeline.kvNeed, bins.kvNeed);
        QCOMPARE(a->timeline.queue, bins.queue);
        QCOMPARE(a->timeline.running, bins.running);
    }

    void stepTimelineBins_data()
    {
        QTest::addColumn<int>("passes");
        QTest::addColumn<int>("bins");
        QTest::addColumn<bool>("steps"); // step clock (1 per pass) or irregular durations
        QTest::newRow("fewer passes than bins") << 50 << 600 << true;
        QTest::newRow("step clock, many passes") << 100000 << 600 << true;
        QTest::newRow("irregular, many passes") << 100000 << 600 << false;
        QTest::newRow("irregular, few bins") << 5000 << 7 << false;
    }

    void stepTimelineBins()
    {
        QFETCH(int, passes);
        QFETCH(int, bins);
        QFETCH(bool, steps);
        // Passes with gaps (idle periods) and varying values; checked against a brute-force envelope.
        std::vector<StepRecord> tl;
        std::uint64_t x = 99;
        auto next = [&x] {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            return double(x >> 11) * 0x1.0p-53;
        };
        double t = 3.0;
        for (int i = 0; i < passes; ++i) {
            StepRecord s;
            if (!steps && next() < 0.01)
                t += 50 * next(); // idle gap: nothing ends there
            s.start = t;
            s.end = t + (steps ? 1.0 : 0.001 + 0.05 * next());
            t = s.end;
            s.kind = next() < 0.1 ? StepKind::Prefill : StepKind::Decode;
            s.batchSize = std::uint32_t(next() * 100);
            s.queueLength = std::uint32_t(next() * 1000);
            s.kvNeed = std::int64_t(next() * 6000);
            s.kvUsed = std::int64_t(next() * 6000);
            s.adapterSlots = std::int64_t(next() * 500);
            s.residentAdapters = std::uint32_t(next() * 30);
            s.kvCapacity = 6000;
            tl.push_back(s);
        }
        const StepTimelineBins b = binStepTimeline(tl, bins);
        const std::size_t nb = b.kvNeed.size();
        QVERIFY(nb >= 1 && nb <= std::size_t(bins));
        QCOMPARE(b.edges.size(), nb + 1);
        QCOMPARE(b.edges.front(), tl.front().start);
        QVERIFY(b.edges.back() >= tl.back().end);
        QVERIFY(b.edges[nb - 1] <= tl.back().end); // the last pass ends in the last bin
        if (passes > bins * 4)
            QVERIFY(nb > std::size_t(bins) / 2); // at least half the bins cover the run
        const double w = b.edges[1] - b.edges[0];
        for (std::size_t i = 0; i + 1 < b.edges.size(); ++i)
            QCOMPARE(b.edges[i + 1] - b.edges[i], w);
        QCOMPARE(b.kvCapacity, std::int64_t(6000));
        // Brute force: each bin's value is the largest of the passes that end in it; a bin no pass
        // ends in keeps the value before it.
        std::vector<double> need(nb, -1), queue(nb, -1);
        for (const auto& s : tl) {
            const auto i = std::min(nb - 1, std::size_t((s.end - b.edges[0]) / w));
            need[i] = std::max(need[i], double(s.kvNeed));
            queue[i] = std::max(queue[i], double(s.queueLength));
        }
        for (std::size_t i = 0; i < nb; ++i) {
            if (need[i] < 0) {
                QVERIFY(i > 0); // the first pass ends in the first bin
                need[i] = need[i - 1];
                queue[i] = queue[i - 1];
            }
            QCOMPARE(b.kvNeed[i], need[i]);
            QCOMPARE(b.queue[i], queue[i]);
        }
        // Streaming in pieces gives the same bins.
        StepTimelineBinner binner(bins);
        for (const auto& s : tl)
            binner.add(s);
        QCOMPARE(binner.finish().kvNeed, b.kvNeed);
        QVERIFY(binStepTimeline({}, bins).edges.empty());
    }
};

QTEST_GUILESS_MAIN(TestAnalysis)
#include "tst_analysis.moc"
