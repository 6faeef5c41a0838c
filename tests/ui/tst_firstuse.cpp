// SPDX-License-Identifier: Apache-2.0
// What a first-time user meets: undo texts with the field's label, "custom (from S4)"
// after edits, derived settings that say what 0 means, help for every tab, chart export by title
// at a chosen size and scale, trace files that get their format's extension, a bad trace file
// reported in a non-blocking way with file and line, the state kept across a language restart.
#include "uitestutil.h"

#include "admission/admissiontab.h"
#include "charts/plotview.h"
#include "compare/keyfiguremodel.h"
#include "analysis/admissionview.h"
#include "text/terms.h"
#include "document/tracefiles.h"
#include "workload/parameterpanel.h"
#include "workload/workloadtab.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QImage>
#include <QLabel>
#include <QStatusBar>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextDocumentFragment>
#include <QUndoStack>

using namespace lorascope;

class TestFirstUse : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void statusMessageTakesTheSummarysPlace()
    {
        // A passing message ("Saved …", "Pinned …") replaces the trace summary while it shows,
        // rather than being drawn over it.
        MainWindow w;
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        auto* summary = w.findChild<QLabel*>(QStringLiteral("summary"));
        QVERIFY(summary && summary->isVisible());
        w.status()->showMessage(QStringLiteral("a passing message"), 5000);
        QCoreApplication::processEvents();
        QVERIFY(!summary->isVisible());
        // Also after the status bar re-lays itself out (here: a permanent widget appears).
        auto* extra = new QLabel(QStringLiteral("tall\nwidget"), &w);
        w.statusBar()->addPermanentWidget(extra);
        QCoreApplication::processEvents();
        QVERIFY(!summary->isVisible());
        w.statusBar()->removeWidget(extra);
        w.statusBar()->clearMessage();
        QCoreApplication::processEvents();
        QVERIFY(summary->isVisible());
    }

    void undoTextsAndCustomPreset()
    {
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* panel = w.workloadTab()->panel();
        QCOMPARE(panel->presetText(), QStringLiteral("S4"));
        auto* alpha = qobject_cast<QDoubleSpinBox*>(panel->editor(QStringLiteral("popularity.alpha")));
        alpha->setValue(0.3);
        // Edit > Undo names the field as the panel labels it, not its internal path.
        QCOMPARE(w.document()->undoStack()->undoText(), QStringLiteral("Change Skew α"));
        QCOMPARE(panel->presetText(), QStringLiteral("custom (from S4)"));
        qobject_cast<QSpinBox*>(panel->editor(QStringLiteral("input.hi")))->setValue(400);
        QCOMPARE(w.document()->undoStack()->undoText(), QStringLiteral("Change input length: Max (hi, exclusive)"));
        // Choosing S4 again brings its own parameters back (one undo step), keeping the server.
        const auto kv = w.document()->admissionConfig().scheduler.limits.maxTotalTokenNum;
        auto* preset = qobject_cast<QComboBox*>(panel->editor(QStringLiteral("preset")));
        preset->setCurrentIndex(preset->findText(QStringLiteral("S4")));
        QCOMPARE(w.document()->spec().popularity.alpha, 1.0);
        QCOMPARE(w.document()->spec().input.hi, std::int64_t(512));
        QCOMPARE(w.document()->admissionConfig().scheduler.limits.maxTotalTokenNum, kv);
        QCOMPARE(panel->presetText(), QStringLiteral("S4"));
        QCOMPARE(preset->findText(QStringLiteral("custom (from S4)")), -1);
        // Undo goes back to the custom parameters and says so again.
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->spec().popularity.alpha, 0.3);
        QCOMPARE(panel->presetText(), QStringLiteral("custom (from S4)"));
    }

    void derivedSettingsSayWhatZeroMeans()
    {
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* batch = qobject_cast<QSpinBox*>(w.admissionTab()->editor(QStringLiteral("limits.batchMaxTokens")));
        QCOMPARE(batch->value(), 0);
        // max(65000 / 6, 3072) = 10833: what S-LoRA uses when batch_max_tokens is 0.
        QCOMPARE(batch->text(), QStringLiteral("0 = default (10833)"));
        qobject_cast<QSpinBox*>(w.admissionTab()->editor(QStringLiteral("limits.maxTotalTokenNum")))->setValue(6000);
        QCOMPARE(batch->text(), QStringLiteral("0 = default (3072)"));
        QCOMPARE(w.document()->undoStack()->undoText(), QStringLiteral("Change KV cache slots"));
    }

    void oneNameForSloAttainment()
    {
        // The same label and unit on Admission and Compare (and Replay: ui/replay uses Terms too).
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        QTRY_VERIFY_WITH_TIMEOUT(w.document()->admission() != nullptr, 30000);
        const QString label = Terms::sloAttainment();
        QCOMPARE(label, QStringLiteral("SLO attainment (TTFT < 6 s)"));
        const double attainment = w.document()->admission()->result.summary.sloAttainment;
        const QString summary = QTextDocumentFragment::fromHtml(w.admissionTab()->summaryText()).toPlainText();
        QVERIFY2(summary.contains(label + QLatin1Char(' ') + Terms::percent(attainment)), qPrintable(summary));
        QCOMPARE(Terms::percent(0.12), QStringLiteral("12.0 %")); // one decimal always
        QCOMPARE(KeyFigureModel::labelOf(QStringLiteral("sloAttainment"), QStringLiteral("s")), label);
    }

    void helpForEveryTab()
    {
        MainWindow w;
        auto* help = w.findChild<QAction*>(QStringLiteral("tabHelpAction"));
        QVERIFY(help);
        QCOMPARE(help->shortcut(), QKeySequence(QKeySequence::HelpContents));
        // Every tab has its own text, headed by the tab's title (a tab without one would get the user
        // guide). The list is checked against the tabs first: a new tab must be added here.
        const QStringList expected = { QStringLiteral("Workload"), QStringLiteral("Admission preview"),
            QStringLiteral("Replay"), QStringLiteral("A/B Compare"), QStringLiteral("Sweep"), QStringLiteral("Fleet") };
        QCOMPARE(w.tabKeys().size(), expected.size());
        QCOMPARE(w.tabs()->count(), expected.size());
        for (int i = 0; i < w.tabKeys().size(); ++i) {
            QVERIFY(w.showTab(w.tabKeys()[i]));
            QCOMPARE(w.tabs()->tabText(i).remove(QLatin1Char('&')), expected[i]);
            help->trigger();
            QVERIFY2(w.help()->text().startsWith(QStringLiteral("What am I looking at? — ") + expected[i]),
                qPrintable(w.tabKeys()[i] + QStringLiteral(": ") + w.help()->text().left(80)));
        }
        w.findChild<QAction*>(QStringLiteral("shortcutsAction"))->trigger();
        const QString keys = w.help()->text();
        // Menu shortcuts and the step-through's keys, each with what it does.
        QVERIFY(keys.contains(QStringLiteral("Side Panels")));
        QVERIFY(keys.contains(QStringLiteral("Next pass where a request waits")));
        QVERIFY(keys.contains(QStringLiteral("Undo")) && !keys.contains(QStringLiteral("Undo Change")));
        w.findChild<QAction*>(QStringLiteral("userGuideAction"))->trigger();
        QVERIFY(w.help()->text().contains(QStringLiteral("LoraScope in five minutes")));
    }

    void chartExportByTitleAtSizeAndScale()
    {
        QTemporaryDir dir;
        MainWindow w;
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        QTRY_VERIFY_WITH_TIMEOUT(w.document()->admission() != nullptr, 30000);
        // Export Chart lists titles, not internal ids.
        QCOMPARE(w.charts()->title(QStringLiteral("popularity")), QStringLiteral("Workload — Adapter popularity"));
        QCOMPARE(w.charts()->title(QStringLiteral("admission.kv")),
            QStringLiteral("Admission preview — KV cache: need vs capacity"));
        QCOMPARE(
            w.charts()->title(QStringLiteral("admission.gantt")), QStringLiteral("Admission preview — Request Gantt"));
        // A PNG at a chosen size and scale: 800×500 at 2× is 1600×1000 pixels.
        const QString png = dir.filePath(QStringLiteral("pop.png"));
        QCOMPARE(w.charts()->exportChart(QStringLiteral("popularity"), png, QSize(800, 500), 2.0), QString());
        QImage img(png);
        QCOMPARE(img.size(), QSize(1600, 1000));
        // The on-screen chart keeps its size and data.
        auto* chart = w.workloadTab()->chart(QStringLiteral("popularity"));
        QVERIFY(chart->width() < 800 || chart->height() != 500);
        const QString gantt = dir.filePath(QStringLiteral("gantt.png"));
        QCOMPARE(w.charts()->exportChart(QStringLiteral("admission.gantt"), gantt, QSize(900, 400), 1.0), QString());
        QCOMPARE(QImage(gantt).size(), QSize(900, 400));
        const QString svg = dir.filePath(QStringLiteral("kv.svg"));
        QCOMPARE(w.charts()->exportChart(QStringLiteral("admission.kv"), svg, QSize(640, 400)), QString());
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.contains("<svg"));
        QVERIFY(text.contains("viewBox=\"0 0 640 400\""));
    }

    void traceFileNamesGetTheirExtension_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("chosen");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("format");
        QTest::newRow("no extension gets the chosen one") << "trace1"
                                                          << "csv"
                                                          << "trace1.csv"
                                                          << "csv";
        QTest::newRow("compound extension") << "run"
                                            << "slora"
                                            << "run.slora.json"
                                            << "slora";
        QTest::newRow("chosen extension kept") << "t.jsonl"
                                               << "jsonl"
                                               << "t.jsonl"
                                               << "jsonl";
        QTest::newRow("another format's extension wins") << "t.csv"
                                                         << "jsonl"
                                                         << "t.csv"
                                                         << "csv";
        QTest::newRow("shared plain extension keeps the choice") << "t.jsonl"
                                                                 << "mooncake"
                                                                 << "t.jsonl"
                                                                 << "mooncake";
        QTest::newRow("unknown extension") << "run.v2"
                                           << "jsonl"
                                           << "run.v2.jsonl"
                                           << "jsonl";
    }
    void traceFileNamesGetTheirExtension()
    {
        QFETCH(QString, typed);
        QFETCH(QString, chosen);
        QFETCH(QString, path);
        QFETCH(QString, format);
        const TraceTarget t = exportTarget(typed, chosen);
        QCOMPARE(t.path, path);
        QCOMPARE(t.format, format);
    }

    void exportedTraceReadsBackAndBadFileIsReported()
    {
        QTemporaryDir dir;
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        const auto count = doc->workload()->stats.count;
        // "trace1" with CSV chosen: written as trace1.csv, which Import reads by its extension.
        const TraceTarget t = exportTarget(dir.filePath(QStringLiteral("trace1")), QStringLiteral("csv"));
        QCOMPARE(w.traces()->exportTrace(t.path, t.format), QString());
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("trace1.csv"))));
        QVERIFY(hasKnownTraceExtension(t.path));
        QSignalSpy done(doc, &Document::importFinished);
        QCOMPARE(w.traces()->importTrace(t.path), QString());
        QVERIFY(done.wait(30000));
        QCOMPARE(done.takeFirst().at(0).toString(), QString());
        QCOMPARE(doc->workload()->stats.count, count);
        // A bad .jsonl: the message names the file and the line; the app keeps running.
        const QString bad = dir.filePath(QStringLiteral("bad.jsonl"));
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"time_s\": 0, \"input_len\": 5, \"output_len\": 5}\nHello\n");
        }
        QCOMPARE(w.traces()->importTrace(bad), QString());
        QVERIFY(done.wait(30000));
        const QString err = done.takeFirst().at(0).toString();
        QVERIFY2(err.contains(QStringLiteral("bad.jsonl")) && err.contains(QStringLiteral("2")), qPrintable(err));
        QCOMPARE(doc->workload()->stats.count, count); // the trace shown stays
    }

    void stateSurvivesALanguageRestart()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("restart.lorascope.json"));
        double alpha = 0;
        {
            MainWindow w;
            QVERIFY(test::waitIdle(w.document()));
            qobject_cast<QDoubleSpinBox*>(w.workloadTab()->panel()->editor(QStringLiteral("popularity.alpha")))
                ->setValue(0.42);
            alpha = w.document()->spec().popularity.alpha;
            w.showTab(QStringLiteral("admission"));
            QCOMPARE(w.sessions()->saveForRestart(path), QString());
        }
        MainWindow w;
        QCOMPARE(w.sessions()->restoreAfterRestart(path), QString());
        QCOMPARE(w.document()->spec().popularity.alpha, alpha);
        QCOMPARE(w.currentTabKey(), QStringLiteral("admission"));
        QVERIFY(w.isWindowModified()); // unsaved before the restart → still unsaved
        QVERIFY(!QFile::exists(path));
    }
};

QTEST_MAIN(TestFirstUse)
#include "tst_firstuse.moc"
