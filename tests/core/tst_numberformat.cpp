// SPDX-License-Identifier: Apache-2.0
// core/analysis/numberformat: nice ticks, significant digits, log-axis labels, durations.
#include "analysis/numberformat.h"

#include <QTest>

#include <cmath>

using namespace lorascope;

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

/// v is k·step for an integer k (within rounding).
bool onGrid(double v, double step)
{
    const double k = v / step;
    return std::abs(k - std::round(k)) < 1e-6;
}

bool isOneTwoFive(double step)
{
    const double m = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
    return std::abs(m - 1) < 1e-9 || std::abs(m - 2) < 1e-9 || std::abs(m - 5) < 1e-9;
}

} // namespace

class TestNumberFormat : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void niceTicksEncloseTheRange_data()
    {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<int>("maxTicks");
        // The Gantt axis: 0.1 s … 26.8 s printed as 0.1, 9.0, 17.9, 26.8.
        QTest::newRow("gantt") << 0.127741 << 35.9 << 5;
        QTest::newRow("small") << 0.127741 << 0.217288 << 5;
        QTest::newRow("counts") << 0.0 << 5999.0 << 6;
        QTest::newRow("negative") << -3.2 << 7.7 << 6;
        QTest::newRow("tiny span") << 1000.0 << 1000.004 << 4;
        QTest::newRow("one tick wide") << 0.0 << 1.0 << 2;
    }
    void niceTicksEncloseTheRange()
    {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(int, maxTicks);
        const NiceTicks t = niceTicks(lo, hi, maxTicks);
        QVERIFY(t.lo <= lo + 1e-12);
        QVERIFY(t.hi >= hi - 1e-12);
        QVERIFY(isOneTwoFive(t.step));
        QVERIFY(int(t.values.size()) <= maxTicks);
        QVERIFY(t.values.size() >= 2);
        for (std::size_t i = 0; i < t.values.size(); ++i) {
            QVERIFY(onGrid(t.values[i], t.step));
            if (i > 0)
                QVERIFY(std::abs(t.values[i] - t.values[i - 1] - t.step) < 1e-9 * std::max(1.0, std::abs(t.hi)));
        }
        // The labels, printed with t.decimals, are all different and read back as the tick values.
        QStringList labels;
        for (double v : t.values) {
            const QString s = q(formatFixed(v, t.decimals));
            QVERIFY2(std::abs(s.toDouble() - v) < 1e-9 * std::max(1.0, std::abs(v)), qPrintable(s));
            QVERIFY(!labels.contains(s));
            labels << s;
        }
    }

    void niceTicksExamples()
    {
        const NiceTicks g = niceTicks(0.127741, 35.9, 5);
        QCOMPARE(g.step, 10.0);
        QCOMPARE(g.values, (std::vector<double> { 0, 10, 20, 30, 40 }));
        QCOMPARE(g.decimals, 0);
        const NiceTicks s = niceTicksWithin(0.127741, 0.217288, 5);
        QCOMPARE(s.step, 0.02);
        QCOMPARE(s.decimals, 2);
        QCOMPARE(q(formatFixed(s.values.front(), s.decimals)), QStringLiteral("0.14"));
        QCOMPARE(q(formatFixed(s.values.back(), s.decimals)), QStringLiteral("0.20"));
        // Inside a fixed window: every tick within it.
        const NiceTicks w = niceTicksWithin(21.4712, 58.3, 5);
        for (double v : w.values)
            QVERIFY(v >= 21.4712 && v <= 58.3);
        QCOMPARE(w.values, (std::vector<double> { 30, 40, 50 }));
    }

    void significantDigits_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<int>("sig");
        QTest::addColumn<QString>("text");
        // The summary: "p99 63.87" next to "p99 64" → one style.
        QTest::newRow("63.87") << 63.87 << 3 << QStringLiteral("63.9");
        QTest::newRow("64") << 64.0 << 3 << QStringLiteral("64.0");
        QTest::newRow("rounds up a digit") << 9.9996 << 3 << QStringLiteral("10.0");
        QTest::newRow("small") << 0.012345 << 3 << QStringLiteral("0.0123");
        QTest::newRow("big integer") << 5999.0 << 3 << QStringLiteral("5999");
        QTest::newRow("negative") << -1.5 << 2 << QStringLiteral("-1.5");
        QTest::newRow("zero") << 0.0 << 3 << QStringLiteral("0");
        QTest::newRow("tiny") << 1.234e-7 << 3 << QStringLiteral("1.23×10⁻⁷");
        QTest::newRow("nan") << double(NAN) << 3 << QStringLiteral("–");
        QTest::newRow("inf") << double(INFINITY) << 3 << QStringLiteral("∞");
    }
    void significantDigits()
    {
        QFETCH(double, value);
        QFETCH(int, sig);
        QFETCH(QString, text);
        QCOMPARE(q(formatSig(value, sig)), text);
    }

    void resolvedAndShort_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<double>("resolution");
        QTest::addColumn<QString>("text");
        // The false precision: a bisection's values known to a bracket of ~0.05.
        QTest::newRow("capacity") << 5.4321 << 0.049 << QStringLiteral("5.43");
        QTest::newRow("saturation") << 4.19448 << 0.04 << QStringLiteral("4.19");
        QTest::newRow("a step of 0.5") << 6.0 << 0.5 << QStringLiteral("6");
        QTest::newRow("half") << 2.5 << 0.5 << QStringLiteral("2.5");
        QTest::newRow("coarse keeps 2 digits") << 0.716049 << 5.0 << QStringLiteral("0.72");
        QTest::newRow("no resolution: 3 digits") << 0.666667 << 0.0 << QStringLiteral("0.667");
        QTest::newRow("nan resolution") << 6.22222 << double(NAN) << QStringLiteral("6.22");
    }
    void resolvedAndShort()
    {
        QFETCH(double, value);
        QFETCH(double, resolution);
        QFETCH(QString, text);
        QCOMPARE(q(formatResolved(value, resolution)), text);
    }

    void sigShort()
    {
        QCOMPARE(q(formatSigShort(6.0, 3)), QStringLiteral("6"));
        QCOMPARE(q(formatSigShort(0.0493827, 3)), QStringLiteral("0.0494"));
        QCOMPARE(q(formatSigShort(0.00606, 2)), QStringLiteral("0.0061"));
        QCOMPARE(q(formatSigShort(1.234e-7, 3)), QStringLiteral("1.23×10⁻⁷"));
        QCOMPARE(q(formatSigShort(-0.0001, 1)), QStringLiteral("-0.0001"));
    }

    void logTicksOneStyle()
    {
        // The issue: "1e-05" next to "0.0001" on one axis.
        const auto wide = logTicks(3e-6, 40);
        QCOMPARE(wide.size(), std::size_t(7)); // 1e-5 … 10
        const auto w = formatLogTicks(wide);
        QCOMPARE(q(w.front()), QStringLiteral("10⁻⁵"));
        QCOMPARE(q(w[4]), QStringLiteral("10⁻¹"));
        QCOMPARE(q(w.back()), QStringLiteral("10¹"));
        for (const auto& s : w)
            QVERIFY2(q(s).startsWith(QStringLiteral("10")), s.c_str());
        // Within [0.001, 10⁴]: plain decimals, none with an exponent.
        const auto plain = formatLogTicks(logTicks(0.002, 500));
        QCOMPARE(plain.size(), std::size_t(5));
        QCOMPARE(q(plain.front()), QStringLiteral("0.01"));
        QCOMPARE(q(plain.back()), QStringLiteral("100"));
        for (const auto& s : plain)
            QVERIFY2(!q(s).contains(QLatin1Char('e')) && !q(s).contains(QStringLiteral("×")), s.c_str());
        // Less than two decades: 1-2-5 ticks.
        const auto narrow = logTicks(0.15, 0.9);
        QCOMPARE(narrow, (std::vector<double> { 0.2, 0.5 }));
        QCOMPARE(q(formatLogTicks(narrow).front()), QStringLiteral("0.2"));
        QVERIFY(logTicks(-1, 5).empty());
    }

    void durations()
    {
        QCOMPARE(q(formatSeconds(0.000850)), QStringLiteral("850 µs"));
        QCOMPARE(q(formatSeconds(0.0123)), QStringLiteral("12.3 ms"));
        QCOMPARE(q(formatSeconds(1.25)), QStringLiteral("1.25 s"));
        QCOMPARE(q(formatSeconds(63.87)), QStringLiteral("63.9 s"));
        QCOMPARE(q(formatSeconds(1250)), QStringLiteral("1250 s"));
        QCOMPARE(q(formatSeconds(NAN)), QStringLiteral("–"));
    }

    void printfKeepsColumns_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("missing");
        QTest::addColumn<QString>("expected");
        QTest::newRow("finite") << "%9.3f" << 1.5 << "-"
                                << "    1.500";
        QTest::newRow("text and percent") << "%.1f %% hit" << 12.25 << "-"
                                          << "12.2 % hit";
        QTest::newRow("long text") << "a rather long sentence with %.2f in it, longer than sixty-four bytes in all"
                                   << 2.0 << "-"
                                   << "a rather long sentence with 2.00 in it, longer than sixty-four bytes in all";
        // Non-finite values keep the field's width, so a table's columns stay aligned.
        QTest::newRow("nan right") << "%11.3f" << double(NAN) << "-"
                                   << "          -";
        QTest::newRow("nan left") << "%-6.1f|" << double(NAN) << "-"
                                  << "-     |";
        QTest::newRow("inf in text") << "mean %.2f s (%%)" << double(INFINITY) << "none"
                                     << "mean none s (%)";
        QTest::newRow("utf-8 counted by characters") << "%4.0f" << double(NAN) << "–"
                                                     << "   –";
        QTest::newRow("no width") << "(cv %.3g)" << double(NAN) << "-"
                                  << "(cv -)";
    }
    void printfKeepsColumns()
    {
        QFETCH(QString, format);
        QFETCH(double, value);
        QFETCH(QString, missing);
        QFETCH(QString, expected);
        QCOMPARE(q(formatPrintf(format.toStdString().c_str(), value, missing.toStdString())), expected);
    }
};

QTEST_GUILESS_MAIN(TestNumberFormat)
#include "tst_numberformat.moc"
