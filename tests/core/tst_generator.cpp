// SPDX-License-Identifier: Apache-2.0
// The per-adapter generator, checked against its distributions with fixed seeds. Bounds come
// from the distributions (Boost.Math quantiles), so the tests are deterministic and still strict.

#include "util/error.h"
#include "util/memory.h"
#include "util/progress.h"
#include "workload/generator.h"
#include "workload/lengths.h"
#include "workload/stats.h"

#include <QtTest>

#include <boost/math/distributions/chi_squared.hpp>

#include <atomic>
#include <cmath>
#include <numeric>

using namespace lorascope;

namespace {

WorkloadSpec baseSpec(std::uint32_t n, double rate, double cv, double duration, std::uint64_t seed = 1)
{
    WorkloadSpec s;
    s.adapterCount = n;
    s.rate = rate;
    s.arrival.cv = cv;
    s.duration = duration;
    s.seed = seed;
    return s;
}

/// Pooled cv of within-adapter gaps, each gap divided by its adapter's mean gap 1/λᵢ.
double pooledAdapterCv(const Trace& t, const std::vector<double>& lambda)
{
    std::vector<double> last(t.adapters.size(), -1.0);
    double sum = 0, sq = 0;
    std::uint64_t m = 0;
    for (const auto& r : t.requests) {
        double& l = last[r.adapter];
        if (l >= 0) {
            const double g = (r.time - l) * lambda[r.adapter];
            sum += g;
            sq += g * g;
            ++m;
        }
        l = r.time;
    }
    const double mean = sum / m;
    return std::sqrt((sq - m * mean * mean) / (m - 1)) / mean;
}

/// Largest |F_n(x) − F(x)| over the integer support (Kolmogorov–Smirnov distance).
double ksDistance(const std::vector<std::uint32_t>& values, const LengthSampler& sampler)
{
    const auto& s = sampler.spec();
    std::vector<std::uint64_t> counts(static_cast<std::size_t>(s.hi - s.lo), 0);
    for (auto v : values) {
        if (v < s.lo || v >= s.hi)
            return 1.0; // outside the support: fail loudly
        ++counts[v - static_cast<std::size_t>(s.lo)];
    }
    double d = 0;
    std::uint64_t acc = 0;
    for (std::int64_t x = s.lo; x < s.hi; ++x) {
        acc += counts[static_cast<std::size_t>(x - s.lo)];
        d = std::max(d, std::abs(static_cast<double>(acc) / values.size() - sampler.cdf(x)));
    }
    return d;
}

/// KS critical value at significance p for n samples (asymptotic; conservative for discrete laws).
double ksCritical(std::size_t n, double p = 1e-3)
{
    return std::sqrt(-0.5 * std::log(p / 2) / n);
}

} // namespace

Q_DECLARE_METATYPE(lorascope::WorkloadSpec)

class TestGenerator : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void deterministicAndSorted()
    {
        const WorkloadSpec s = baseSpec(30, 10, 2, 200, 7);
        const Trace a = generatePerAdapter(s);
        const Trace b = generatePerAdapter(s);
        QVERIFY(a.requests == b.requests);
        QVERIFY(!a.requests.empty());
        for (std::size_t i = 1; i < a.requests.size(); ++i)
            QVERIFY(a.requests[i - 1].time <= a.requests[i].time);
        QVERIFY(a.requests.front().time >= 0);
        QVERIFY(a.requests.back().time <= s.duration);
        WorkloadSpec other = s;
        other.seed = 8;
        QVERIFY(generatePerAdapter(other).requests != a.requests);
    }

    void countCvAndPopularity_data()
    {
        QTest::addColumn<double>("cv");
        QTest::newRow("cv 0.1") << 0.1;
        QTest::newRow("cv 1") << 1.0;
        QTest::newRow("cv 4") << 4.0;
    }
    void countCvAndPopularity()
    {
        // n = 50, R = 100, 2000 s (the issue's case); α = 0.6 so adapters have different rates.
        QFETCH(double, cv);
        WorkloadSpec s = baseSpec(50, 100, cv, 2000, 2024);
        s.popularity.alpha = 0.6;
        const Trace t = generatePerAdapter(s);
        const auto p = popularityShares(s);
        std::vector<double> lambda(p.size());
        for (std::size_t i = 0; i < p.size(); ++i)
            lambda[i] = s.rate * p[i];

        // Count: a stationary renewal process has Var N(T) ≈ λT·cv² (+ O(1)); 4 sigma band.
        const double expected = s.rate * s.duration;
        const double sigma = std::sqrt(expected * cv * cv + 0.25 * s.adapterCount);
        const double n = static_cast<double>(t.requests.size());
        QVERIFY2(std::abs(n - expected) <= 4 * sigma,
            qPrintable(QStringLiteral("count %1, expected %2 ± %3").arg(n).arg(expected).arg(4 * sigma)));

        // Empirical cv of each adapter's gaps (pooled over adapters, normalised by 1/λᵢ): within 5 %.
        const double empCv = pooledAdapterCv(t, lambda);
        QVERIFY2(std::abs(empCv - cv) <= 0.05 * cv, qPrintable(QStringLiteral("cv %1 vs %2").arg(empCv).arg(cv)));

        // Per-adapter counts vs λᵢT: Σ (cᵢ − λᵢT)² / (λᵢT·cv²) is ≈ χ²(n) for independent processes.
        const TraceStats st = computeStats(t, ServerLimits {});
        double chi = 0;
        for (std::size_t i = 0; i < lambda.size(); ++i) {
            const double e = lambda[i] * s.duration;
            const double d = static_cast<double>(st.perAdapterCount[i]) - e;
            chi += d * d / (e * cv * cv + 0.25);
        }
        const boost::math::chi_squared dist(static_cast<double>(lambda.size()));
        const double crit = boost::math::quantile(dist, 0.999);
        QVERIFY2(chi < crit, qPrintable(QStringLiteral("chi-square %1 >= %2").arg(chi).arg(crit)));
        // And it is not suspiciously perfect either (would mean the counts are not random).
        QVERIFY2(
            chi > boost::math::quantile(dist, 0.001), qPrintable(QStringLiteral("chi-square %1 too small").arg(chi)));
    }

    void stationaryStart()
    {
        // A stationary renewal process has E N(T) = λT exactly, even right at the start. With
        // cv = 4 an ordinary renewal process (first arrival = a full gap) would give ≈ 2 + (cv²−1)/2 = 9.5.
        const int reps = 20000;
        double sum = 0, sq = 0;
        for (int r = 0; r < reps; ++r) {
            WorkloadSpec s = baseSpec(1, 1.0, 4.0, 2.0, 1000 + static_cast<std::uint64_t>(r));
            const double c = static_cast<double>(generatePerAdapter(s).requests.size());
            sum += c;
            sq += c * c;
        }
        const double mean = sum / reps;
        const double se = std::sqrt((sq / reps - mean * mean) / reps);
        QVERIFY2(std::abs(mean - 2.0) < 4 * se,
            qPrintable(QStringLiteral("mean count %1 ± %2, expected 2").arg(mean).arg(se)));
    }

    void alphaRecovered_data()
    {
        QTest::addColumn<double>("alpha");
        QTest::newRow("0.1") << 0.1;
        QTest::newRow("0.3") << 0.3;
        QTest::newRow("0.6") << 0.6;
        QTest::newRow("1") << 1.0;
    }
    void alphaRecovered()
    {
        QFETCH(double, alpha);
        WorkloadSpec s = baseSpec(200, 100, 1.0, 1000, 77); // 100k requests
        s.popularity.alpha = alpha;
        const Trace t = generatePerAdapter(s);
        const TraceStats st = computeStats(t, ServerLimits {});
        QVERIFY2(std::abs(st.fittedAlpha - alpha) <= 0.05,
            qPrintable(QStringLiteral("fitted %1 vs %2").arg(st.fittedAlpha).arg(alpha)));
    }

    void lengthsPassKs_data()
    {
        QTest::addColumn<int>("kind");
        QTest::newRow("uniform") << int(LengthKind::Uniform);
        QTest::newRow("power law") << int(LengthKind::PowerLaw);
        QTest::newRow("log-normal") << int(LengthKind::LogNormal);
        QTest::newRow("normal") << int(LengthKind::Normal);
        QTest::newRow("empirical") << int(LengthKind::Empirical);
    }
    void lengthsPassKs()
    {
        QFETCH(int, kind);
        WorkloadSpec s = baseSpec(20, 50, 1.0, 400, 5);
        s.input.kind = static_cast<LengthKind>(kind);
        s.input.lo = 4;
        s.input.hi = 2000;
        s.input.mu = 5.5;
        s.input.sigma = 0.9;
        s.input.mean = 300;
        s.input.stddev = 200; // clipped at lo: exercises truncation
        s.input.beta = 1.2;
        s.input.empirical = { { 10, 1 }, { 100, 3 }, { 1000, 0.5 }, { 1999, 0.25 } };
        const Trace t = generatePerAdapter(s);
        std::vector<std::uint32_t> in;
        for (const auto& r : t.requests)
            in.push_back(r.inputLen);
        const LengthSampler sampler(s.input);
        const double d = ksDistance(in, sampler);
        QVERIFY2(d < ksCritical(in.size()),
            qPrintable(QStringLiteral("KS distance %1 >= %2").arg(d).arg(ksCritical(in.size()))));
        // The output column keeps its own (default uniform [8, 512)) distribution.
        std::vector<std::uint32_t> out;
        for (const auto& r : t.requests)
            out.push_back(r.outputLen);
        QVERIFY(ksDistance(out, LengthSampler(s.output)) < ksCritical(out.size()));
    }

    void lengthTheory()
    {
        LengthSpec l;
        l.kind = LengthKind::PowerLaw;
        l.lo = 1;
        l.hi = 4;
        l.beta = 1.0;
        const LengthSampler ps(l);
        // P(x) ∝ 1/x on {1, 2, 3}: 6/11, 3/11, 2/11.
        QVERIFY(std::abs(ps.pmf(1) - 6.0 / 11) < 1e-12);
        QVERIFY(std::abs(ps.pmf(3) - 2.0 / 11) < 1e-12);
        QCOMPARE(ps.pmf(4), 0.0);
        l.kind = LengthKind::Uniform;
        l.lo = 8;
        l.hi = 512;
        const LengthSampler us(l);
        QVERIFY(std::abs(us.pmf(8) - 1.0 / 504) < 1e-15);
        QVERIFY(std::abs(us.mean() - 259.5) < 1e-12);
        l.kind = LengthKind::Normal;
        l.mean = 100;
        l.stddev = 10;
        l.lo = 1;
        l.hi = 1000;
        // Rounded normal: P(X <= 100) = Φ((100.5 − 100)/10) = Φ(0.05) = 0.519939 (truncation at 1 is negligible).
        QVERIFY(std::abs(LengthSampler(l).cdf(100) - 0.519939) < 1e-5);
        QVERIFY(std::abs(LengthSampler(l).mean() - 100) < 1e-6);
    }

    void groupsOverride()
    {
        WorkloadSpec s = baseSpec(20, 40, 1.0, 200, 3);
        AdapterGroup g;
        g.first = 5;
        g.count = 5;
        g.output = LengthSpec {};
        g.output->kind = LengthKind::Constant;
        g.output->value = 100;
        g.cv = 0.05;
        s.groups.push_back(g);
        const Trace t = generatePerAdapter(s);
        int inGroup = 0, constOutside = 0;
        std::vector<std::vector<double>> times(20);
        for (const auto& r : t.requests) {
            times[r.adapter].push_back(r.time);
            if (r.adapter >= 5 && r.adapter < 10) {
                ++inGroup;
                QCOMPARE(r.outputLen, 100u);
            } else if (r.outputLen == 100) {
                ++constOutside;
            }
        }
        QVERIFY(inGroup > 500);
        QVERIFY(constOutside < 20); // uniform [8, 512) hits 100 with p = 1/504
        // Group adapters are nearly periodic (cv 0.05), others Poisson.
        auto cvOf = [](const std::vector<double>& ts) {
            std::vector<double> gaps;
            for (std::size_t i = 1; i < ts.size(); ++i)
                gaps.push_back(ts[i] - ts[i - 1]);
            const double m = std::accumulate(gaps.begin(), gaps.end(), 0.0) / gaps.size();
            double v = 0;
            for (double x : gaps)
                v += (x - m) * (x - m);
            return std::sqrt(v / (gaps.size() - 1)) / m;
        };
        QVERIFY(cvOf(times[6]) < 0.1);
        QVERIFY(cvOf(times[15]) > 0.7);
    }

    void batchStyleModes()
    {
        WorkloadSpec s = baseSpec(10, 20, 1.0, 50, 4);
        s.popularity.kind = PopularityKind::Identical;
        for (const auto& r : generatePerAdapter(s).requests)
            QCOMPARE(r.adapter, 0u);
        s.popularity.kind = PopularityKind::Distinct;
        const Trace d = generatePerAdapter(s);
        for (std::size_t i = 0; i < d.requests.size(); ++i)
            QCOMPARE(d.requests[i].adapter, static_cast<std::uint32_t>(i % 10));
        s.adapterCount = 1000;
        s.popularity.kind = PopularityKind::UniformGroups;
        const auto g = uniformGroupCount(s); // ⌈√(R·T)⌉ = ⌈√1000⌉ = 32
        QCOMPARE(g, 32u);
        const Trace u = generatePerAdapter(s);
        for (const auto& r : u.requests)
            QVERIFY(r.adapter < g);
        s.adapterCount = 0;
        s.popularity.kind = PopularityKind::Power;
        const Trace base = generatePerAdapter(s);
        QVERIFY(!base.requests.empty());
        for (const auto& r : base.requests)
            QCOMPARE(r.adapter, kNoAdapter);
    }

    void constantArrivals()
    {
        WorkloadSpec s = baseSpec(4, 8, 1.0, 100, 9);
        s.arrival.kind = ArrivalKind::Constant;
        s.popularity.kind = PopularityKind::Uniform;
        const Trace t = generatePerAdapter(s);
        std::vector<double> last(4, -1);
        for (const auto& r : t.requests) {
            if (last[r.adapter] >= 0)
                QVERIFY(std::abs(r.time - last[r.adapter] - 0.5) < 1e-9); // λᵢ = 2/s
            last[r.adapter] = r.time;
        }
        QVERIFY(t.requests.size() >= 796 && t.requests.size() <= 800);
    }

    void onOffAndSchedule()
    {
        // Rate schedule: a ramp 0 → 20 req/s over 1000 s has Λ(t) = t²/100; the first half holds 1/4.
        WorkloadSpec s = baseSpec(10, 1, 1.0, 1000, 11);
        s.arrival.kind = ArrivalKind::Schedule;
        s.arrival.schedule = { { 0, 0 }, { 1000, 20 } };
        RateProfile prof(s, s.seed);
        QVERIFY(std::abs(prof.total() - 10000) < 1e-6);
        QVERIFY(std::abs(prof.toTime(2500) - 500) < 1e-9);
        QVERIFY(std::abs(prof.rateAt(250) - 5) < 1e-12);
        const Trace t = generatePerAdapter(s);
        const double n = t.requests.size();
        QVERIFY(std::abs(n - 10000) < 4 * 100);
        const auto firstHalf
            = std::count_if(t.requests.begin(), t.requests.end(), [](const Request& r) { return r.time < 500; });
        const double frac = firstHalf / n;
        QVERIFY2(std::abs(frac - 0.25) < 4 * std::sqrt(0.25 * 0.75 / n), qPrintable(QString::number(frac)));

        // On/off: arrivals concentrate in "on" periods; the count matches Λ(T) of the drawn profile.
        WorkloadSpec o = baseSpec(10, 1, 1.0, 3000, 12);
        o.arrival.kind = ArrivalKind::OnOff;
        o.arrival.onOff = { 20, 0, 10, 30 };
        RateProfile op(o, o.seed);
        const Trace ot = generatePerAdapter(o);
        QVERIFY(std::abs(ot.requests.size() - op.total()) < 4 * std::sqrt(op.total()));
        for (const auto& r : ot.requests)
            QVERIFY2(
                op.rateAt(r.time) > 0 || std::abs(op.rateAt(r.time - 1e-9)) > 0, "an arrival fell in an off period");
        // Stationary share of "on" time is 10/40; expected total 20·3000/4 = 15000 (loose: few periods).
        QVERIFY(op.total() > 15000 * 0.6 && op.total() < 15000 * 1.4);
    }

    void sameTraceOnEveryThreadCount_data()
    {
        QTest::addColumn<WorkloadSpec>("spec");
        QTest::newRow("1000 adapters, cv 2") << baseSpec(1000, 1000, 2.0, 150, 3);
        WorkloadSpec ties = baseSpec(40, 2000, 1.0, 60, 4); // constant gaps, equal shares: equal times
        ties.arrival.kind = ArrivalKind::Constant;
        ties.popularity.kind = PopularityKind::Uniform;
        QTest::newRow("ties on equal arrival times") << ties;
        WorkloadSpec sched = baseSpec(300, 1000, 3.0, 150, 5);
        sched.arrival.kind = ArrivalKind::Schedule;
        sched.arrival.schedule = { { 0, 200 }, { 40, 2000 }, { 90, 0 }, { 100, 0 }, { 120, 1500 } };
        sched.popularity.alpha = 0.2;
        QTest::newRow("rate schedule with a pause, skewed") << sched;
    }

    void sameTraceOnEveryThreadCount()
    {
        // The adapters' processes are merged on several threads for large traces: the trace must
        // not depend on how many.
        QFETCH(WorkloadSpec, spec);
        const Trace one = generatePerAdapter(spec, {}, 1);
        QVERIFY(one.requests.size() > 50000);
        for (unsigned threads : { 2u, 3u, 7u, 0u }) {
            const Trace t = generatePerAdapter(spec, {}, threads);
            QCOMPARE(t.requests.size(), one.requests.size());
            QVERIFY2(t.requests == one.requests, qPrintable(QStringLiteral("%1 threads").arg(threads)));
        }
        // Cancelled while running on several threads: the helpers stop and Cancelled comes out.
        std::atomic<bool> cancel { true };
        ProgressSink sink;
        sink.cancel = &cancel;
        QVERIFY_THROWS_EXCEPTION(Cancelled, generatePerAdapter(spec, sink, 3));
    }

    void cancellation()
    {
        std::atomic<bool> cancel { true };
        ProgressSink sink;
        sink.cancel = &cancel;
        const WorkloadSpec s = baseSpec(100, 1000, 1.0, 1000, 1); // 1M requests: reports progress
        QVERIFY_THROWS_EXCEPTION(Cancelled, generatePerAdapter(s, sink));
        cancel = false;
        double last = -1;
        int calls = 0;
        sink.report = [&](double f) {
            QVERIFY(f >= last);
            last = f;
            ++calls;
        };
        WorkloadSpec small = baseSpec(10, 1000, 1.0, 200, 1);
        generatePerAdapter(small, sink);
        QVERIFY(calls > 2);
        QCOMPARE(last, 1.0);
    }

    // Time and memory must not follow a tiny spec: on/off periods of 1e-6 s (3·10^8 periods, once
    // 19 GB and 54 s) or 1e-300 s are refused naming the fields, by validate() and, for a spec that
    // was never validated, by the rate profile itself; a schedule of many points builds in
    // O(P log P) (it was O(P²)); a trace that cannot fit in memory is refused before allocating.
    void tinySpecsStayBounded_data()
    {
        QTest::addColumn<double>("meanOn");
        QTest::addColumn<double>("meanOff");
        QTest::addColumn<QString>("field");
        QTest::newRow("1e-6 both") << 1e-6 << 1e-6 << "arrival.onOff.meanOn";
        QTest::newRow("1e-300 both") << 1e-300 << 1e-300 << "arrival.onOff.meanOn";
        QTest::newRow("off tiny, on small") << 1e-4 << 1e-9 << "arrival.onOff.meanOff";
    }
    void tinySpecsStayBounded()
    {
        QFETCH(double, meanOn);
        QFETCH(double, meanOff);
        QFETCH(QString, field);
        WorkloadSpec o = baseSpec(10, 1, 1.0, 300, 12);
        o.arrival.kind = ArrivalKind::OnOff;
        o.arrival.onOff = { 2, 2, meanOn, meanOff };
        const auto issues = validate(o);
        QVERIFY(!issues.empty());
        QCOMPARE(QString::fromStdString(issues.front().field), field);
        QVERIFY2(issues.front().message.find("on/off periods") != std::string::npos, issues.front().message.c_str());
        try {
            generate(o);
            QFAIL("generated a spec of 1e8 periods");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.field()), field);
        }
        // Not validated (a caller building the profile directly): the profile stops by itself.
        QVERIFY_THROWS_EXCEPTION(InputError, RateProfile(o, o.seed));
    }

    void longSchedulesAndHugeTraces()
    {
        // 200,000 schedule points (a sawtooth): O(P²) would be 4·10^10 steps; the profile's
        // intensity is the trapezoid sum.
        WorkloadSpec s = baseSpec(10, 1, 1.0, 200000, 3);
        s.arrival.kind = ArrivalKind::Schedule;
        double area = 0;
        for (int i = 0; i < 200000; ++i) {
            s.arrival.schedule.push_back({ double(i), double(i % 2) });
            if (i > 0)
                area += 0.5;
        }
        area += (200000 - 199999) * s.arrival.schedule.back().rate; // constant after the last point
        QVERIFY(validate(s).empty());
        const RateProfile prof(s, s.seed);
        QVERIFY2(std::abs(prof.total() - area) < 1e-6, qPrintable(QString::number(prof.total(), 'g', 17)));
        s.arrival.schedule.resize(kMaxSchedulePoints + 1, { 1e9, 1 });
        const auto issues = validate(s);
        QVERIFY(!issues.empty() && issues.front().field == "arrival.schedule");
        QCOMPARE(issues.size(), std::size_t(1)); // not one message per point of a huge list

        // Length tables add up over the groups: a thousand groups with their own power law over
        // 10^7 lengths would need 80 GB; refused naming the groups.
        WorkloadSpec groups = baseSpec(1000, 1, 1.0, 10, 3);
        for (std::uint32_t i = 0; i < 1000; ++i) {
            AdapterGroup g;
            g.first = i;
            g.count = 1;
            g.input = LengthSpec { LengthKind::PowerLaw, 1, 10'000'001, 1.5, 5, 0.8, 256, 96, 128, {} };
            groups.groups.push_back(g);
        }
        const auto tables = validate(groups);
        QVERIFY(!tables.empty());
        QCOMPARE(QString::fromStdString(tables.front().field), QStringLiteral("groups"));
        QVERIFY2(tables.front().message.find("length tables") != std::string::npos, tables.front().message.c_str());

        // A trace's memory is estimated before it is made: 2·10^9 requests are about 48 GB.
        WorkloadSpec huge = baseSpec(10, 1e6, 1.0, 2000, 1);
        QVERIFY(validate(huge).empty());
        QVERIFY(traceMemoryBytes(huge) > 4.8e10 && traceMemoryBytes(huge) < 5.2e10);
        const QString e = QString::fromStdString([&] {
            try {
                checkMemoryFits(1e18, "a trace of about 4e16 requests", "lower the rate or the duration", "rate");
            } catch (const InputError& err) {
                return std::string(err.what());
            }
            return std::string();
        }());
        QVERIFY2(e.contains(QLatin1String("needs about 1.0 EB of memory"))
                && e.contains(QLatin1String("is available: lower the rate")),
            qPrintable(e));
        QVERIFY(availableMemoryBytes().value_or(0) > 0);
    }

    void invalidSpecThrows()
    {
        WorkloadSpec s;
        s.arrival.cv = -1;
        QVERIFY_THROWS_EXCEPTION(InputError, generate(s));
    }
};

QTEST_GUILESS_MAIN(TestGenerator)
#include "tst_generator.moc"
