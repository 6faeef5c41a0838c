// SPDX-License-Identifier: Apache-2.0
// `lorascope-cli report` and `compare` on run folders whose truth is known: the HTML is written,
// usage errors exit 2 naming the flag or metric, --fail-if-worse exits 3 with the failing metric,
// value and bound on stderr and a JUnit file, noise passes.
#include "clitestutil.h"

#include "../core/reporttestutil.h"
#include "../core/testutil.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace lorascope;
using lorascope::test::cli;
using lorascope::test::q;

class TestCliReport : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_tmp;
    QString m_a, m_same, m_worse, m_empty;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_a = m_tmp.filePath(QStringLiteral("a"));
        m_same = m_tmp.filePath(QStringLiteral("same"));
        m_worse = m_tmp.filePath(QStringLiteral("worse"));
        m_empty = m_tmp.filePath(QStringLiteral("empty"));
        test::SyntheticRun s;
        test::writeSyntheticRun(m_a.toStdString(), s);
        test::writeSyntheticRun(m_same.toStdString(), s);
        s.ttftShift = 0.05;
        test::writeSyntheticRun(m_worse.toStdString(), s);
        test::SyntheticRun fail;
        fail.allFail = true;
        fail.requests = 20;
        test::writeSyntheticRun(m_empty.toStdString(), fail);
    }

    void reportWritesOneHtmlFile()
    {
        const QString out = m_tmp.filePath(QStringLiteral("a.html"));
        const auto r = cli({ QStringLiteral("report"), m_a, QStringLiteral("-o"), out });
        QCOMPARE(r.code, 0);
        QVERIFY(r.err.contains(QStringLiteral("wrote")));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray html = f.readAll();
        QVERIFY(html.startsWith("<!DOCTYPE html>"));
        QVERIFY(html.contains("id=\"lorascope-report-data\""));
        QVERIFY(html.contains("lorascope-cli report"));
        // A run without a completed request, in Chinese.
        const QString empty = m_tmp.filePath(QStringLiteral("empty.html"));
        QCOMPARE(cli({ QStringLiteral("report"), m_empty, QStringLiteral("--output"), empty, QStringLiteral("--lang"),
                         QStringLiteral("zh_CN") })
                     .code,
            0);
        QFile e(empty);
        QVERIFY(e.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(e.readAll()).contains(QStringLiteral("没有请求完成")));
    }

    void reportUsageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("named");
        QTest::newRow("no output") << QStringList { QStringLiteral("report"), QStringLiteral("%A") } << 2
                                   << "-o/--output";
        QTest::newRow("bad language") << QStringList { QStringLiteral("report"), QStringLiteral("%A"),
            QStringLiteral("-o"), QStringLiteral("%OUT"), QStringLiteral("--lang"), QStringLiteral("fr") }
                                      << 2 << "--lang";
        QTest::newRow("preview option without --preview") << QStringList { QStringLiteral("report"),
            QStringLiteral("%A"), QStringLiteral("-o"), QStringLiteral("%OUT"), QStringLiteral("--policy"),
            QStringLiteral("vllm") } << 2 << "--policy needs --preview";
        QTest::newRow("missing input") << QStringList { QStringLiteral("report"), QStringLiteral("%NONE"),
            QStringLiteral("-o"), QStringLiteral("%OUT") }
                                       << 1 << "no such file or folder";
        QTest::newRow("preview without the trace") << QStringList { QStringLiteral("report"), QStringLiteral("%A"),
            QStringLiteral("-o"), QStringLiteral("%OUT"), QStringLiteral("--preview") }
                                                   << 1 << "--trace FILE";
        QTest::newRow("compare one input")
            << QStringList { QStringLiteral("compare"), QStringLiteral("%A") } << 2 << "at least two inputs";
        QTest::newRow("unknown gate metric") << QStringList { QStringLiteral("compare"), QStringLiteral("%A"),
            QStringLiteral("%A"), QStringLiteral("--fail-if-worse"), QStringLiteral("p99_ttfx_ms:5%") }
                                             << 2 << "unknown metric \"p99_ttfx_ms\"";
        QTest::newRow("malformed gate") << QStringList { QStringLiteral("compare"), QStringLiteral("%A"),
            QStringLiteral("%A"), QStringLiteral("--fail-if-worse"), QStringLiteral("p99_ttft_ms") }
                                        << 2 << "is not METRIC:TOLERANCE";
        QTest::newRow("too few resamples") << QStringList { QStringLiteral("compare"), QStringLiteral("%A"),
            QStringLiteral("%A"), QStringLiteral("--resamples"), QStringLiteral("10") }
                                           << 2 << "--resamples must be";
    }
    void reportUsageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, named);
        for (auto& a : args)
            a.replace(QStringLiteral("%A"), m_a)
                .replace(QStringLiteral("%OUT"), m_tmp.filePath(QStringLiteral("x.html")))
                .replace(QStringLiteral("%NONE"), m_tmp.filePath(QStringLiteral("nothing")));
        const auto r = cli(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(named), qPrintable(r.err));
    }

    void compareGateFailsOnARealRegression()
    {
        const QString junit = m_tmp.filePath(QStringLiteral("gates.xml"));
        const auto r = cli({ QStringLiteral("compare"), m_a, m_worse, QStringLiteral("--fail-if-worse"),
            QStringLiteral("mean_ttft_ms:5%,p99_tpot_ms:1%"), QStringLiteral("--junit"), junit });
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains(QStringLiteral("gate failed: mean_ttft_ms of worse = ")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("allowed at most")), qPrintable(r.err));
        QVERIFY(!r.err.contains(QStringLiteral("gate failed: p99_tpot_ms")));
        QVERIFY(r.out.contains(QStringLiteral("worse's mean TTFT is")));
        QFile f(junit);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray x = f.readAll();
        QVERIFY(x.contains("tests=\"2\" failures=\"1\""));
    }

    void compareNoisePasses()
    {
        const auto r = cli({ QStringLiteral("compare"), m_a, m_same, QStringLiteral("--fail-if-worse"),
            QStringLiteral("mean_ttft_ms:0%,p99_e2el_ms:0%"), QStringLiteral("--json") });
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["kind"].get<std::string>(), std::string("runs"));
        bool found = false;
        for (const auto& d : j["comparisons"][0]["overall"])
            if (d["metric"] == "p99_ttft_ms") {
                found = true;
                QCOMPARE(d["verdict"].get<std::string>(), std::string("no_significant_difference"));
                QVERIFY(d["ci_low"].get<double>() <= 0 && d["ci_high"].get<double>() >= 0);
            }
        QVERIFY(found);
    }

    void compareWritesHtml()
    {
        const QString out = m_tmp.filePath(QStringLiteral("cmp.html"));
        const auto r = cli({ QStringLiteral("compare"), m_a, m_worse, m_same, QStringLiteral("--html"), out,
            QStringLiteral("--quiet") });
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains(QStringLiteral("worse against a")));
        QVERIFY(r.out.contains(QStringLiteral("same against a")));
        QVERIFY(QFile::exists(out));
    }
};

QTEST_GUILESS_MAIN(TestCliReport)
#include "tst_cli_htmlreport.moc"
