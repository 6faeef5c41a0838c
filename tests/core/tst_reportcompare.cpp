// SPDX-License-Identifier: Apache-2.0
// `compare`'s statistics (core/report/bootstrap, runcompare) on constructed runs whose truth is
// known: identical runs show no significant difference; a copy with every TTFT shifted by 50 ms is
// detected with the right sign and an interval that covers the shift, overall and per adapter;
// the intervals are reproducible from the seed; --fail-if-worse passes noise and fails a real regression.
#include "report/runcompare.h"

#include "reporttestutil.h"

#include <boost/math/distributions/normal.hpp>

#include <QTemporaryDir>
#include <QtTest>

using namespace lorascope;
using lorascope::test::SyntheticRun;

namespace {

const MetricDelta& find(const std::vector<MetricDelta>& v, const std::string& key)
{
    for (const auto& d : v)
        if (d.key == key)
            return d;
    throw std::runtime_error("no metric " + key);
}

RunSource writeAndLoad(const QTemporaryDir& tmp, const QString& name, const SyntheticRun& s)
{
    const std::string dir = tmp.filePath(name).toStdString();
    test::writeSyntheticRun(dir, s);
    return loadRun(dir);
}

} // namespace

class TestReportCompare : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void identicalRunsShowNoSignificantDifference()
    {
        QTemporaryDir tmp;
        const RunSource a = writeAndLoad(tmp, QStringLiteral("a"), {});
        const RunSource b = writeAndLoad(tmp, QStringLiteral("b"), {});
        const auto c = compareRuns({ &a, &b });
        QCOMPARE(c.runs.size(), std::size_t(1));
        QVERIFY(!c.differentTraces);
        for (const auto& d : c.runs[0].overall) {
            QVERIFY2(
                d.verdict != MetricDelta::Verdict::Better && d.verdict != MetricDelta::Verdict::Worse, d.key.c_str());
            if (d.interval.valid()) {
                QVERIFY2(d.interval.diffLow <= 0 && d.interval.diffHigh >= 0, d.key.c_str());
                QCOMPARE(*d.diff(), 0.0);
            }
        }
        // Headline metrics with a bootstrap interval have one here (400 requests).
        QVERIFY(find(c.runs[0].overall, "p99_ttft_ms").interval.valid());
        QVERIFY(find(c.runs[0].overall, "request_throughput").interval.valid());
        QCOMPARE(
            QString::fromStdString(verdictText(find(c.runs[0].overall, "p99_ttft_ms"), "b", ReportLang::En)).left(26),
            QStringLiteral("no significant difference "));
        for (const auto& ad : c.runs[0].perAdapter)
            for (const auto& d : ad.metrics)
                QVERIFY2(d.verdict != MetricDelta::Verdict::Better && d.verdict != MetricDelta::Verdict::Worse,
                    (ad.name + " " + d.key).c_str());
    }

    void shiftedCopyIsDetectedWithTheRightSign()
    {
        QTemporaryDir tmp;
        SyntheticRun shifted;
        shifted.ttftShift = 0.05; // every TTFT (and E2E) 50 ms longer
        const RunSource a = writeAndLoad(tmp, QStringLiteral("a"), {});
        const RunSource b = writeAndLoad(tmp, QStringLiteral("b"), shifted);
        const auto c = compareRuns({ &a, &b });
        const auto& p = c.runs[0];
        for (const char* key : { "mean_ttft_ms", "median_ttft_ms", "p90_ttft_ms", "mean_e2el_ms", "median_e2el_ms" }) {
            const auto& d = find(p.overall, key);
            QVERIFY2(d.verdict == MetricDelta::Verdict::Worse, key); // lower is better: a longer TTFT is worse
            QVERIFY2(std::fabs(*d.diff() - 50.0) < 1e-6, key); // the same requests, each 50 ms later
            QVERIFY2(d.interval.diffLow > 0 && d.interval.diffLow <= 50.0 && d.interval.diffHigh >= 50.0,
                (std::string(key) + " " + std::to_string(d.interval.diffLow) + " "
                    + std::to_string(d.interval.diffHigh))
                    .c_str());
        }
        // Token pacing did not change: TPOT is the same to the digit.
        QVERIFY(find(p.overall, "mean_tpot_ms").verdict == MetricDelta::Verdict::Same);
        const std::string text = verdictText(find(p.overall, "mean_ttft_ms"), "b", ReportLang::En);
        QVERIFY2(QString::fromStdString(text).startsWith(QStringLiteral("b's mean TTFT is "))
                && text.find("higher") != std::string::npos && text.find("worse") != std::string::npos,
            text.c_str());
        // Per adapter (100 requests each) the shift shows too.
        QCOMPARE(p.perAdapter.size(), std::size_t(4));
        for (const auto& ad : p.perAdapter) {
            const auto& d = find(ad.metrics, "mean_ttft_ms");
            QVERIFY2(d.verdict == MetricDelta::Verdict::Worse, ad.name.c_str());
            QVERIFY(d.interval.diffLow <= 50.0 && d.interval.diffHigh >= 50.0);
        }
        // The other direction is better.
        const auto back = compareRuns({ &b, &a });
        QVERIFY(find(back.runs[0].overall, "mean_ttft_ms").verdict == MetricDelta::Verdict::Better);
        QVERIFY(verdictText(find(back.runs[0].overall, "mean_ttft_ms"), "a", ReportLang::En).find("lower")
            != std::string::npos);
    }

    void intervalsAreReproducibleFromTheSeed()
    {
        QTemporaryDir tmp;
        SyntheticRun other;
        other.seed = 8;
        const RunSource a = writeAndLoad(tmp, QStringLiteral("a"), {});
        const RunSource b = writeAndLoad(tmp, QStringLiteral("b"), other);
        const auto c1 = compareRuns({ &a, &b });
        const auto c2 = compareRuns({ &a, &b });
        BootstrapOptions o;
        o.seed = 99;
        const auto c3 = compareRuns({ &a, &b }, o);
        const auto& d1 = find(c1.runs[0].overall, "p99_ttft_ms");
        const auto& d2 = find(c2.runs[0].overall, "p99_ttft_ms");
        const auto& d3 = find(c3.runs[0].overall, "p99_ttft_ms");
        QCOMPARE(d1.interval.diffLow, d2.interval.diffLow);
        QCOMPARE(d1.interval.diffHigh, d2.interval.diffHigh);
        QVERIFY(d1.interval.diffLow != d3.interval.diffLow);
        QCOMPARE(c1.runs[0].resamples, 1000);
    }

    void rateIntervalIsCompoundPoisson()
    {
        QCOMPARE(boost::math::quantile(boost::math::normal(), 0.975), 1.959963984540054);
        RunSample a, b;
        a.duration = b.duration = 100;
        for (std::uint32_t i = 0; i < 400; ++i) {
            a.values[std::size_t(Sample::Completed)].emplace_back(1.0, i);
            b.values[std::size_t(Sample::Completed)].emplace_back(1.0, i);
        }
        // Equal counts: log ratio 0, se = sqrt(1/400 + 1/400).
        const auto d = rateInterval(a, b, Sample::Completed, 4.0, 0.95);
        const double se = std::sqrt(2.0 / 400);
        QVERIFY(std::fabs(d.relLow - (std::exp(-1.959963984540054 * se) - 1)) < 1e-12);
        QVERIFY(std::fabs(d.relHigh - (std::exp(1.959963984540054 * se) - 1)) < 1e-12);
        QVERIFY(std::fabs(d.diffLow - 4.0 * d.relLow) < 1e-12);
    }

    void fewRequestsGetNoInterval()
    {
        QTemporaryDir tmp;
        SyntheticRun s;
        s.requests = 40;
        s.adapters = 8; // 5 requests per adapter
        const RunSource a = writeAndLoad(tmp, QStringLiteral("a"), s);
        s.ttftShift = 0.05;
        const RunSource b = writeAndLoad(tmp, QStringLiteral("b"), s);
        const auto c = compareRuns({ &a, &b });
        for (const auto& ad : c.runs[0].perAdapter)
            QVERIFY(find(ad.metrics, "mean_ttft_ms").verdict == MetricDelta::Verdict::NoInterval);
        QVERIFY(find(c.runs[0].overall, "mean_ttft_ms").interval.valid());
    }

    // A value of 1e308 in a summary is printed in exponent form, not as a 309-digit number.
    void hugeValuesAreShortInTheTable()
    {
        QTemporaryDir tmp;
        const RunSource a = writeAndLoad(tmp, QStringLiteral("a"), {});
        const RunSource b = writeAndLoad(tmp, QStringLiteral("b"), {});
        auto c = compareRuns({ &a, &b });
        QVERIFY(!c.runs[0].overall.empty());
        c.runs[0].overall[0].a = 1e308;
        c.runs[0].overall[0].b = -2.5e300;
        const std::string text = comparisonText(c, ReportLang::En, true);
        QVERIFY2(text.find("1e+308") != std::string::npos, text.c_str());
        QVERIFY2(text.find("-2.5e+300") != std::string::npos, text.c_str());
        QVERIFY2(text.find("000000000000000000000") == std::string::npos, text.c_str());
    }

    void differentTracesAreSaid()
    {
        QTemporaryDir tmp;
        SyntheticRun other;
        other.traceSha = "ff";
        const RunSource a = writeAndLoad(tmp, QStringLiteral("a"), {});
        const RunSource b = writeAndLoad(tmp, QStringLiteral("b"), other);
        const auto c = compareRuns({ &a, &b });
        QVERIFY(c.differentTraces);
        QVERIFY(!c.runs[0].sameTrace);
        QVERIFY(
            comparisonText(c, ReportLang::En).rfind("Warning: the inputs did not all replay the same trace", 0) == 0);
        QVERIFY(comparisonJson(c, ReportLang::En)["different_traces"].get<bool>());
    }

    void worseGatesPassNoiseAndFailRegressions()
    {
        QTemporaryDir tmp;
        SyntheticRun shifted;
        shifted.ttftShift = 0.05;
        const RunSource a = writeAndLoad(tmp, QStringLiteral("a"), {});
        const RunSource same = writeAndLoad(tmp, QStringLiteral("same"), {});
        const RunSource worse = writeAndLoad(tmp, QStringLiteral("worse"), shifted);
        const auto regress = compareRuns({ &a, &worse });
        auto r = checkWorseGates(
            parseWorseGates("mean_ttft_ms:5%,mean_ttft_ms:60%,mean_ttft_ms:20,mean_tpot_ms:0%"), regress);
        QCOMPARE(r.size(), std::size_t(4));
        QVERIFY(r[0].failed); // about 22 % worse, significant
        QVERIFY2(QString::fromStdString(r[0].message).contains(QStringLiteral("mean_ttft_ms of worse")),
            r[0].message.c_str());
        QVERIFY(!r[1].failed); // within 60 %
        QVERIFY(r[2].failed); // 50 ms > 20 ms
        QVERIFY(!r[3].failed); // TPOT unchanged
        const auto noise = compareRuns({ &a, &same });
        for (const auto& g :
            checkWorseGates(parseWorseGates("mean_ttft_ms:0%,p99_e2el_ms:0%,request_throughput:0%"), noise))
            QVERIFY2(!g.failed, g.message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestReportCompare)
#include "tst_reportcompare.moc"
