// SPDX-License-Identifier: Apache-2.0
// Fitting a workload to a trace (docs/formats.md): recover known parameters from generated traces
// (fixed seeds, 100k requests): α within ±0.05, cv within 5 %, length kinds and parameters;
// Zipf chosen when it is the truth; unknown adapter order; rescaling; the report.

#include "fit/fit.h"
#include "random/rng.h"
#include "formats/traceio.h"
#include "util/error.h"
#include "workload/generator.h"

#include "testutil.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <cmath>

using namespace lorascope;

namespace {

WorkloadSpec spec100k(GeneratorKind gen, std::uint32_t n, double alpha, double cv, std::uint64_t seed)
{
    WorkloadSpec s;
    s.generator = gen;
    s.adapterCount = n;
    s.popularity.alpha = alpha;
    s.rate = 100;
    s.duration = 1000; // 100k requests
    s.arrival.cv = cv;
    s.seed = seed;
    return s;
}

QString describe(const FitResult& r)
{
    return QString::fromStdString(toJson(r.spec).dump() + "\n" + toJson(r.report).dump().substr(0, 600));
}

} // namespace

class TestFit : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void recoversPerAdapterModel_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<double>("alpha");
        QTest::addColumn<double>("cv");
        QTest::addColumn<int>("seed");
        QTest::newRow("n50 a0.5 cv2") << 50 << 0.5 << 2.0 << 1;
        QTest::newRow("n20 a0.1 cv0.5") << 20 << 0.1 << 0.5 << 2;
        QTest::newRow("n200 a1 cv1") << 200 << 1.0 << 1.0 << 3;
    }
    void recoversPerAdapterModel()
    {
        QFETCH(int, n);
        QFETCH(double, alpha);
        QFETCH(double, cv);
        QFETCH(int, seed);
        const Trace t = generate(spec100k(
            GeneratorKind::PerAdapter, static_cast<std::uint32_t>(n), alpha, cv, static_cast<std::uint64_t>(seed)));
        QVERIFY(t.requests.size() > 95000);
        const FitResult r = fitTrace(t);
        QVERIFY2(validate(r.spec).empty(), qPrintable(describe(r)));
        QVERIFY(r.spec.generator == GeneratorKind::PerAdapter);
        QVERIFY(r.spec.popularity.kind == PopularityKind::Power);
        QVERIFY2(std::abs(r.spec.popularity.alpha - alpha) <= 0.05, qPrintable(describe(r)));
        QVERIFY2(std::abs(r.spec.arrival.cv - cv) <= 0.05 * cv, qPrintable(describe(r)));
        QVERIFY2(std::abs(r.spec.rate - 100) <= 3, qPrintable(describe(r)));
        QCOMPARE(r.spec.duration, 1000.0);
        QCOMPARE(r.spec.adapterCount, static_cast<std::uint32_t>(n));
        // Uniform [8, 512) lengths: recognised, with the exact range.
        QVERIFY(r.spec.input.kind == LengthKind::Uniform);
        QCOMPARE(r.spec.input.lo, std::int64_t { 8 });
        QCOMPARE(r.spec.input.hi, std::int64_t { 512 });
        QVERIFY(r.spec.output.kind == LengthKind::Uniform);
        QVERIFY(r.report.input.best()->ks < 0.01);
    }

    void recoversSloraModel()
    {
        // S-LoRA's generator: one Gamma process, adapters drawn per request. The burstiness is
        // in the total process, so the fit must say so and keep cv overall.
        const Trace t = generate(spec100k(GeneratorKind::Slora, 100, 0.3, 2.0, 5));
        const FitResult r = fitTrace(t);
        QVERIFY(r.spec.generator == GeneratorKind::Slora);
        QVERIFY2(std::abs(r.spec.popularity.alpha - 0.3) <= 0.05, qPrintable(describe(r)));
        QVERIFY2(std::abs(r.spec.arrival.cv - 2.0) <= 0.1, qPrintable(describe(r)));
        QVERIFY(std::abs(r.report.cvPerAdapter - 1.0) < 0.2);
        QVERIFY(validate(r.spec).empty());
    }

    void recoversAlphaWithoutAdapterOrder_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<double>("alpha");
        QTest::newRow("n50 a0.5") << 50 << 0.5;
        QTest::newRow("n100 a1") << 100 << 1.0;
        QTest::newRow("n30 a0.2") << 30 << 0.2;
    }
    void recoversAlphaWithoutAdapterOrder()
    {
        // Through CSV the adapters come back in order of first appearance: the popularity order
        // is lost, and the fit must still find α.
        QFETCH(int, n);
        QFETCH(double, alpha);
        const Trace g = generate(spec100k(GeneratorKind::PerAdapter, static_cast<std::uint32_t>(n), alpha, 1.5, 17));
        test::TempDir dir;
        writeTrace(g, dir.file("t.csv"));
        const Trace t = readTrace(dir.file("t.csv"));
        QVERIFY(!t.adapterOrderKnown);
        const FitResult r = fitTrace(t);
        QVERIFY(!r.report.popularity.orderKnown);
        QVERIFY2(std::abs(r.spec.popularity.alpha - alpha) <= 0.05, qPrintable(describe(r)));
        QVERIFY2(std::abs(r.spec.arrival.cv - 1.5) <= 0.075, qPrintable(describe(r)));
    }

    void choosesZipfWhenItIsTheTruth()
    {
        WorkloadSpec s = spec100k(GeneratorKind::PerAdapter, 60, 1.0, 1.0, 23);
        s.popularity.kind = PopularityKind::Zipf;
        s.popularity.zipfS = 1.2;
        const FitResult r = fitTrace(generate(s));
        QVERIFY(r.spec.popularity.kind == PopularityKind::Zipf);
        QVERIFY2(std::abs(r.spec.popularity.zipfS - 1.2) <= 0.05, qPrintable(describe(r)));
        QVERIFY(r.report.popularity.zipfLogLik > r.report.popularity.alphaLogLik);
    }

    void lengthKinds_data()
    {
        QTest::addColumn<int>("kind");
        QTest::newRow("lognormal") << static_cast<int>(LengthKind::LogNormal);
        QTest::newRow("powerlaw") << static_cast<int>(LengthKind::PowerLaw);
    }
    void lengthKinds()
    {
        QFETCH(int, kind);
        WorkloadSpec s = spec100k(GeneratorKind::PerAdapter, 4, 1.0, 1.0, 31);
        s.duration = 500; // 50k requests
        s.input.kind = static_cast<LengthKind>(kind);
        s.input.lo = 4;
        s.input.hi = 4096;
        s.input.mu = 5.0;
        s.input.sigma = 0.8;
        s.input.beta = 1.5;
        const FitResult r = fitTrace(generate(s));
        const LengthCandidate* best = r.report.input.best();
        QVERIFY(best);
        QCOMPARE(r.report.input.candidates.size(), std::size_t { 3 });
        QVERIFY(best->spec.kind == s.input.kind);
        QVERIFY(r.spec.input.kind == s.input.kind);
        if (s.input.kind == LengthKind::LogNormal) {
            QVERIFY2(std::abs(best->spec.mu - 5.0) < 0.03, qPrintable(describe(r)));
            QVERIFY2(std::abs(best->spec.sigma - 0.8) < 0.03, qPrintable(describe(r)));
        } else {
            QVERIFY2(std::abs(best->spec.beta - 1.5) < 0.05, qPrintable(describe(r)));
        }
        QVERIFY(best->ks < 0.02);
        for (const auto& c : r.report.input.candidates)
            QVERIFY(c.bic >= best->bic);
    }

    void rescale()
    {
        const FitResult base = fitTrace(generate(spec100k(GeneratorKind::PerAdapter, 50, 0.5, 2.0, 1)));
        FitOptions o;
        o.targetRate = 10;
        o.targetAdapters = 500;
        o.targetDuration = 120;
        const FitResult r = fitTrace(generate(spec100k(GeneratorKind::PerAdapter, 50, 0.5, 2.0, 1)), o);
        QCOMPARE(r.spec.rate, 10.0);
        QCOMPARE(r.spec.adapterCount, 500u);
        QCOMPARE(r.spec.duration, 120.0);
        QCOMPARE(r.spec.popularity.alpha, base.spec.popularity.alpha);
        QCOMPARE(r.spec.arrival.cv, base.spec.arrival.cv);
        QCOMPARE(r.spec.input, base.spec.input);
        const Trace t = generate(r.spec);
        QVERIFY(t.requests.size() > 900 && t.requests.size() < 1500);
        QCOMPARE(t.adapters.size(), std::size_t { 500 });
    }

    void rateScheduleFollowsTheTrace()
    {
        WorkloadSpec s = spec100k(GeneratorKind::PerAdapter, 10, 1.0, 1.0, 41);
        s.duration = 200;
        s.arrival.kind = ArrivalKind::Schedule;
        s.arrival.schedule = { { 0, 20 }, { 100, 200 }, { 200, 20 } };
        const Trace t = generate(s);
        FitOptions o;
        o.rateSchedule = true;
        o.rateBins = 20;
        const FitResult r = fitTrace(t, o);
        QVERIFY(r.spec.arrival.kind == ArrivalKind::Schedule);
        QCOMPARE(r.report.rateOverTime.size(), std::size_t { 20 });
        // The middle bins are near 200 req/s (well above the 20 at the ends).
        QVERIFY(r.report.rateOverTime[10] > 150 && r.report.rateOverTime[0] < 50);
        QVERIFY(r.report.rateCv > 0.3);
        QVERIFY(validate(r.spec).empty());
    }

    void rateOfATraceStartingLate()
    {
        // BurstGPT starts at 19,440,110 s: rate and rate-over-time measured from 0 were 0.0000 req/s
        // and a cv of 1.07 (59 empty bins of 60). Poisson arrivals at 1 req/s over 3,600 s instead.
        Trace t;
        Rng rng(7, 1);
        double time = 19'440'110.0;
        for (int i = 0; i < 3600; ++i) {
            t.requests.push_back({ time, kNoAdapter, 100, 50 });
            time += -std::log(1.0 - rng.uniform());
        }
        const FitResult r = fitTrace(t);
        QCOMPARE(r.report.windowStart, 19'440'110.0);
        QVERIFY(std::abs(r.report.window - (t.requests.back().time - 19'440'110.0)) < 1e-6);
        QVERIFY2(std::abs(r.report.rate - 1.0) < 0.05, qPrintable(QString::number(r.report.rate)));
        // 60 bins of about 60 arrivals: Poisson noise gives a cv near 1/sqrt(60) = 0.13.
        QVERIFY2(r.report.rateCv < 0.25, qPrintable(QString::number(r.report.rateCv)));
        QCOMPARE(r.spec.duration, r.report.window);
        QVERIFY(std::abs(r.spec.rate - r.report.rate) < 1e-9);
        bool said = false;
        for (const auto& n : r.report.notes) {
            if (n.code != "fit_window_offset")
                continue;
            said = n.text.find("measured from its first arrival") != std::string::npos;
            QCOMPARE(n.args.size(), std::size_t(2)); // start and window, for the desktop's translation
            QVERIFY2(n.text.find(n.args[0] + " s") != std::string::npos, n.text.c_str());
        }
        QVERIFY(said);
        // Notes quote figures with four significant digits, not seventeen.
        for (const auto& n : r.report.notes)
            QVERIFY2(n.text.find("000000") == std::string::npos && n.text.find("99999") == std::string::npos,
                n.text.c_str());
    }

    void failedRequestsAreLeftOut()
    {
        Trace t = generate(spec100k(GeneratorKind::PerAdapter, 5, 1.0, 1.0, 2));
        t.requests.resize(2000);
        t.failed.assign(2000, 0);
        for (std::size_t i = 0; i < 2000; i += 4) {
            t.failed[i] = 1;
            t.requests[i].outputLen = 0;
        }
        const FitResult r = fitTrace(t);
        QCOMPARE(r.report.requests, std::uint64_t { 1500 });
        QCOMPARE(r.report.excludedFailed, std::uint64_t { 500 });
        QVERIFY(r.spec.output.lo >= 8); // zero-token failed rows did not enter the length fit
    }

    void fewRequestsWithoutOrderUseThePlainSortedEstimate()
    {
        // Counts {1, 2} in unknown order: too few to correct by simulation; the sorted maximum
        // likelihood is P(top) = 2/3 = (1/2)^α, α = ln(2/3) / ln(1/2).
        const PopularityFit f = fitPopularity({ 1, 2 }, false);
        QVERIFY(f.chosen == PopularityKind::Power);
        QVERIFY2(std::abs(f.alpha - std::log(2.0 / 3.0) / std::log(0.5)) < 1e-3, qPrintable(QString::number(f.alpha)));
        QVERIFY(std::isfinite(f.alphaLogLik));
    }

    void tooSmallTraceIsAnError()
    {
        Trace t;
        t.requests = { { 1.0, kNoAdapter, 5, 5 } };
        QVERIFY_THROWS_EXCEPTION(InputError, fitTrace(t));
        t.requests = { { 0.0, kNoAdapter, 5, 5 }, { 0.0, kNoAdapter, 5, 5 } };
        QVERIFY_THROWS_EXCEPTION(InputError, fitTrace(t)); // zero window
    }

    void reportJson()
    {
        const FitResult r = fitTrace(generate(spec100k(GeneratorKind::PerAdapter, 8, 0.7, 1.0, 8)));
        const auto j = toJson(r.report);
        for (const char* key : { "requests", "rate", "rate_over_time", "cv_overall", "cv_per_adapter", "cv_by_adapter",
                 "popularity", "input", "output", "notes" })
            QVERIFY2(j.contains(key), key);
        QCOMPARE(j["popularity"]["chosen"].get<std::string>(), std::string("power"));
        QCOMPARE(j["input"]["candidates"].size(), std::size_t { 3 });
        QCOMPARE(j["cv_by_adapter"].size(), std::size_t { 8 });
    }
};

QTEST_GUILESS_MAIN(TestFit)
#include "tst_fit.moc"
