// SPDX-License-Identifier: Apache-2.0
// The replay tab against its built-in simulated server: the charts' data and the per-adapter
// model fill in, the summary appears, the run folder holds the results; Stop cancels cleanly.
#include "replay/replaytab.h"

#include "admission/engine.h"
#include "charts/plotview.h"
#include "document/document.h"
#include "formats/traceio.h"
#include "replay/metrics.h"
#include "workload/presets.h"

#include "uitestutil.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLineEdit>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
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
        qobject_cast<QComboBox*>(tab.editor(QStringLiteral("backend")))
            ->setCurrentText(QStringLiteral("openai-completions"));
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
        // The throughput says what it divides by (the drain after the last send included) and
        // stands beside the rate the trace offered.
        QVERIFY2(tab.summaryText().contains(QStringLiteral("(first send to last completion, incl. "))
                && tab.summaryText().contains(QStringLiteral("s of drain")),
            qPrintable(tab.summaryText()));
        QVERIFY2(tab.summaryText().contains(QRegularExpression(
                     QStringLiteral("Offered [0-9.]+ req/s \\(30 requests scheduled over [0-9.]+ s\\)"))),
            qPrintable(tab.summaryText()));
        // Which priority the sending thread got, in words (real-time when this process may have it).
        QVERIFY2(tab.summaryText().contains(QRegularExpression(QStringLiteral(
                     "Dispatcher \\(the thread that sends on schedule\\): (real-time|normal) priority"))),
            qPrintable(tab.summaryText()));
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

    // With a document and no trace file, Start replays the current workload, and the built-in
    // server applies the document's limits: exactly the requests the admission engine refuses
    // for those limits fail, every other one completes.
    void replaysTheCurrentWorkload()
    {
        QTemporaryDir dir;
        Document doc;
        WorkloadSpec spec = specForPreset("S4");
        spec.adapterCount = 4;
        spec.rate = 20;
        spec.duration = 2;
        SimulationConfig server = doc.admissionConfig();
        server.scheduler.limits.maxReqTotalLen = 300; // some requests are too long for it
        doc.setAdmission(server);
        doc.setSpec(spec);
        QVERIFY(test::waitIdle(&doc));
        const auto trace = doc.trace();
        QVERIFY(trace && trace->requests.size() > 10);
        const SimulationConfig cfg = doc.admissionConfig();
        const auto sim = simulate(*trace, cfg);
        std::size_t refused = 0;
        for (const auto& r : sim.requests)
            refused += r.rejected != RejectReason::None;
        QVERIFY(refused > 0 && refused < trace->requests.size());

        ReplayTab tab;
        tab.setDocument(&doc);
        tab.setResultsRoot(dir.filePath(QStringLiteral("runs")));
        QVERIFY2(tab.sourceText().contains(QString::number(trace->requests.size())), qPrintable(tab.sourceText()));
        qobject_cast<QDoubleSpinBox*>(tab.editor(QStringLiteral("speed")))->setValue(50);
        QSignalSpy finished(&tab, &ReplayTab::runFinished);
        tab.start();
        QVERIFY(waitFinished(finished));
        std::ifstream in(QString(tab.runFolder() + QStringLiteral("/requests.jsonl")).toStdString());
        std::string line;
        std::size_t lines = 0, failed = 0;
        while (std::getline(in, line)) {
            const auto r = recordFromJson(nlohmann::json::parse(line));
            QVERIFY(r.outcome != Outcome::Cancelled);
            if (r.outcome == Outcome::Failed) {
                ++failed;
                QVERIFY2(r.error.find("refused") != std::string::npos, r.error.c_str());
            }
            ++lines;
        }
        QCOMPARE(lines, trace->requests.size());
        QCOMPARE(failed, refused);
        std::ifstream mf(QString(tab.runFolder() + QStringLiteral("/manifest.json")).toStdString());
        const auto manifest = nlohmann::json::parse(mf);
        QCOMPARE(manifest["trace"]["requests"].get<std::size_t>(), trace->requests.size());
        QCOMPARE(manifest["spec"]["seed"].get<std::uint64_t>(), std::uint64_t(doc.spec().seed));
    }

    // On a wide screen the side panel takes the room its adapter table wants (the charts keep at
    // least 1100 px); at 1280 px it stays at 380 px; once the user drags the splitter, it stays.
    void sidePanelUsesAWideScreen()
    {
        ReplayTab tab;
        auto* split = tab.findChild<QSplitter*>();
        QVERIFY(split);
        tab.resize(1280, 800);
        tab.show();
        QVERIFY(QTest::qWaitForWindowExposed(&tab));
        QTRY_COMPARE(split->sizes().value(0), 380);
        tab.resize(1920, 1000);
        QTest::qWait(50);
        const int wide = split->sizes().value(0);
        const int wanted = tab.adapterTable()->horizontalHeader()->length();
        QVERIFY2(wide > 380 && wide >= std::min(wanted, split->width() - 1100 - split->handleWidth()),
            qPrintable(QString::number(wide)));
        QVERIFY2(split->sizes().value(1) >= 1100, qPrintable(QString::number(split->sizes().value(1))));
        // The user drags the handle 100 px to the left: their width is kept on the next resize.
        QSplitterHandle* handle = split->handle(1);
        const QPoint at = handle->rect().center();
        QMouseEvent press(
            QEvent::MouseButtonPress, at, handle->mapToGlobal(at), Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(handle, &press);
        const QPoint to = at - QPoint(100, 0);
        QMouseEvent move(QEvent::MouseMove, to, handle->mapToGlobal(to), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(handle, &move);
        QMouseEvent release(
            QEvent::MouseButtonRelease, to, handle->mapToGlobal(to), Qt::LeftButton, Qt::NoButton, Qt::NoModifier);
        QCoreApplication::sendEvent(handle, &release);
        const int dragged = split->sizes().value(0);
        QVERIFY2(dragged < wide, qPrintable(QString::number(dragged)));
        tab.resize(1900, 1000);
        QTest::qWait(50);
        QCOMPARE(split->sizes().value(0), dragged);
    }

    // Start never writes into an existing folder: when the time-stamped name is taken (another
    // window, a run in the same millisecond), the run gets name-2 and the earlier run's files stay
    // as they were. A run refused before it writes anything leaves no empty folder behind.
    void runFolderNeverOverwritesAnEarlierRun()
    {
        QTemporaryDir dir;
        const QDir root(dir.filePath(QStringLiteral("runs")));
        QVERIFY(root.mkpath(QStringLiteral(".")));
        // Every name Start could pick in the next 10 s is taken by a folder with a run in it.
        const QDateTime now = QDateTime::currentDateTime();
        const std::string earlier = "{\"id\":\"earlier run\"}\n";
        for (int ms = 0; ms < 10000; ++ms) {
            const QString name = now.addMSecs(ms).toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
            QVERIFY(root.mkdir(name));
            std::ofstream(root.filePath(QString(name + QStringLiteral("/requests.jsonl"))).toStdString()) << earlier;
        }
        ReplayTab tab;
        tab.setTraceFile(writeTrace(dir, 4, 0.01, 2));
        tab.setResultsRoot(root.path());
        qobject_cast<QDoubleSpinBox*>(tab.editor(QStringLiteral("speed")))->setValue(50);
        QSignalSpy finished(&tab, &ReplayTab::runFinished);
        tab.start();
        QVERIFY(waitFinished(finished));
        QVERIFY2(tab.runFolder().endsWith(QLatin1String("-2")), qPrintable(tab.runFolder()));
        const QString taken = tab.runFolder().chopped(2);
        QVERIFY(QFileInfo(taken).isDir());
        QCOMPARE(root.entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(), 10001);
        std::ifstream old(QString(taken + QStringLiteral("/requests.jsonl")).toStdString());
        std::string text((std::istreambuf_iterator<char>(old)), std::istreambuf_iterator<char>());
        QCOMPARE(text, earlier);
        QVERIFY(QFile::exists(tab.runFolder() + QStringLiteral("/summary.json")));
        std::ifstream in(QString(tab.runFolder() + QStringLiteral("/requests.jsonl")).toStdString());
        std::string line;
        int lines = 0;
        while (std::getline(in, line))
            ++lines;
        QCOMPARE(lines, 4);

        // Refused before the first request (no server there to take the target's name): the
        // folder Start created is removed again, and the earlier runs are untouched.
        qobject_cast<QCheckBox*>(tab.editor(QStringLiteral("builtin")))->setChecked(false);
        qobject_cast<QLineEdit*>(tab.editor(QStringLiteral("target")))->setText(QStringLiteral("http://bad host:1"));
        finished.clear();
        tab.start();
        QVERIFY(waitFinished(finished));
        QVERIFY(!QFileInfo::exists(tab.runFolder()));
        QCOMPARE(root.entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(), 10001);
    }
};

QTEST_MAIN(TestReplayTab)
#include "tst_replaytab.moc"
