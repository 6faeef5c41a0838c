// The replay tab against its built-in simulated server: the charts' data and the per-adapter
// model fill in, the summary appears, the run folder holds the results; Stop cancels cleanly.
#include "replay/replaytab.h"

#include "charts/plotview.h"
#include "formats/traceio.h"
#include "replay/metrics.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace lorascope;

namespace {

QString writeTrace(const QTemporaryDir& dir, std::size_t n, double gap, std::uint32_t out)
{
    Trace t;
    t.adapters = { { "a0", 8 }, { "a1", 16 } };
    for (std::size_t i = 0; i < n; ++i)
        t.requests.push_back(Request { double(i) * gap, std::uint32_t(i % 2), 8, out });
    const QString path = dir.filePath(QStringLiteral("trace.jsonl"));
    lorascope::writeTrace(t, path.toStdString());
    return path;
}

bool waitFinished(QSignalSpy& spy, int ms = 60000)
{
    QElapsedTimer t;
    t.start();
    while (spy.isEmpty() && t.elapsed() < ms)
        QTest::qWait(20);
    return !spy.isEmpty();
}

} // namespace

class TestReplayTab : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void replayAgainstBuiltinServer()
    {
        QTemporaryDir dir;
        ReplayTab tab;
        QAbstractItemModelTester tester(tab.adapterModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        tab.setTraceFile(writeTrace(dir, 30, 0.02, 6));
        tab.setResultsRoot(dir.filePath(QStringLiteral("runs")));
        QVERIFY(qobject_cast<QCheckBox*>(tab.editor(QStringLiteral("builtin")))->isChecked()); // the default
        qobject_cast<QDoubleSpinBox*>(tab.editor(QStringLiteral("speed")))->setValue(20);
        qobject_cast<QComboBox*>(tab.editor(QStringLiteral("backend")))->setCurrentText(QStringLiteral("openai-completions"));
        tab.show();
        QSignalSpy finished(&tab, &ReplayTab::runFinished);
        tab.start();
        QVERIFY(tab.isRunning());
        QVERIFY(waitFinished(finished));
        QVERIFY(!tab.isRunning());
        // Charts received data: 30 requests scheduled, all completed.
        double scheduled = 0, completed = 0;
        const auto& rate = tab.chart(QStringLiteral("rate"))->data();
        QCOMPARE(rate.series.size(), 3);
        for (const auto& p : rate.series[0].points)
            scheduled += p.y();
        for (const auto& p : rate.series[2].points)
            completed += p.y();
        QCOMPARE(scheduled, 30.0); // 1 s bins: req/s × 1 s = count
        QCOMPARE(completed, 30.0);
        QVERIFY(!tab.chart(QStringLiteral("latency"))->data().series[0].points.isEmpty());
        QVERIFY(!tab.chart(QStringLiteral("tokens"))->data().series[0].points.isEmpty());
        QVERIFY(!tab.chart(QStringLiteral("inflight"))->data().series[0].points.isEmpty());
        // Per-adapter table: a0 and a1 with 15 completed each.
        QCOMPARE(tab.adapterModel()->rowCount(), 2);
        int total = 0;
        for (int r = 0; r < 2; ++r)
            total += tab.adapterModel()->item(r, 1)->data(Qt::DisplayRole).toInt();
        QCOMPARE(total, 30);
        QVERIFY2(tab.summaryText().contains(QStringLiteral("Completed 30")), qPrintable(tab.summaryText()));
        QVERIFY(QFile::exists(tab.runFolder() + QStringLiteral("/summary.json")));
        QVERIFY(QFile::exists(tab.runFolder() + QStringLiteral("/manifest.json")));
        std::ifstream in(QString(tab.runFolder() + QStringLiteral("/requests.jsonl")).toStdString());
        std::string line;
        int lines = 0;
        while (std::getline(in, line)) {
            const auto r = recordFromJson(nlohmann::json::parse(line));
            QVERIFY(r.outcome == Outcome::Completed);
            ++lines;
        }
        QCOMPARE(lines, 30);
        // For a look at it (not an assertion): LORASCOPE_REPLAY_SCREENSHOT=/tmp/replay.png
        if (qEnvironmentVariableIsSet("LORASCOPE_REPLAY_SCREENSHOT")) {
            tab.resize(1400, 900);
            QTest::qWait(100);
            tab.grab().save(qEnvironmentVariable("LORASCOPE_REPLAY_SCREENSHOT"));
        }
    }

    void stopCancels()
    {
        QTemporaryDir dir;
        ReplayTab tab;
        tab.setTraceFile(writeTrace(dir, 200, 0.05, 50)); // 10 s of arrivals
        tab.setResultsRoot(dir.filePath(QStringLiteral("runs")));
        QSignalSpy finished(&tab, &ReplayTab::runFinished);
        tab.start();
        QTest::qWait(300);
        tab.stop();
        QVERIFY(waitFinished(finished, 30000));
        QVERIFY(tab.summaryText().contains(QStringLiteral("cancelled")));
        std::ifstream in(QString(tab.runFolder() + QStringLiteral("/requests.jsonl")).toStdString());
        std::string line;
        int lines = 0;
        while (std::getline(in, line))
            ++lines;
        QCOMPARE(lines, 200); // every request exactly once, most of them cancelled
    }
};

QTEST_MAIN(TestReplayTab)
#include "tst_replaytab.moc"
