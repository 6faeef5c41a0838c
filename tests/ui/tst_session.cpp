// SPDX-License-Identifier: Apache-2.0
// Sessions (save/load round trip, strict errors), recent files, trace import/export, chart export.
#include "uitestutil.h"

#include "charts/plotview.h"
#include "workload/generator.h"
#include "workload/workloadtab.h"
#include "formats/traceio.h"

#include <QCheckBox>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>

using namespace lorascope;

class TestSession : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void saveLoadRoundTrip()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.lorascope.json"));
        WorkloadSpec spec;
        SimulationConfig adm;
        {
            MainWindow w;
            QVERIFY(test::waitIdle(w.document()));
            auto* doc = w.document();
            spec = doc->spec();
            spec.adapterCount = 123;
            spec.popularity.alpha = 0.42;
            spec.arrival.cv = 2.5;
            spec.input.kind = LengthKind::PowerLaw;
            spec.input.beta = 1.3;
            doc->editSpec(spec, QStringLiteral("edit"));
            adm = doc->admissionConfig();
            adm.scheduler.limits.maxTotalTokenNum = 9000;
            adm.scheduler.policy = PolicyKind::SLoraAbort;
            adm.clock = ClockKind::Model;
            adm.scheduler.maxWaitTokens = 7;
            doc->editAdmission(adm, QStringLiteral("edit"));
            adm = doc->admissionConfig();
            w.workloadTab()->logLogToggle()->setChecked(true);
            QVERIFY(w.isWindowModified());
            QCOMPARE(w.sessions()->save(path), QString());
            QVERIFY(!w.isWindowModified());
            QVERIFY(doc->undoStack()->isClean());
            QVERIFY(w.sessions()->recentFiles().contains(QFileInfo(path).absoluteFilePath()));
            QVERIFY(test::waitIdle(doc));
        }
        // The file is versioned JSON whose "spec" is a plain spec (a valid CLI input).
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(root.value(QStringLiteral("format")).toString(), QStringLiteral("lorascope-session"));
        QCOMPARE(root.value(QStringLiteral("version")).toInt(), 1);
        QVERIFY(root.value(QStringLiteral("spec")).isObject());
        QCOMPARE(loadSpecFile(path.toStdString()), spec);

        MainWindow w2;
        QVERIFY(test::waitIdle(w2.document()));
        QCOMPARE(w2.sessions()->open(path), QString());
        QCOMPARE(w2.document()->spec(), spec);
        QCOMPARE(w2.document()->admissionConfig().scheduler.policy, PolicyKind::SLoraAbort);
        QCOMPARE(w2.document()->admissionConfig().clock, ClockKind::Model);
        QCOMPARE(w2.document()->admissionConfig().scheduler.maxWaitTokens, 7);
        QCOMPARE(w2.document()->admissionConfig().cost, adm.cost);
        QVERIFY(w2.workloadTab()->logLogToggle()->isChecked());
        QCOMPARE(w2.document()->undoStack()->count(), 0);
        QVERIFY(test::waitIdle(w2.document()));
        QTRY_COMPARE_WITH_TIMEOUT(w2.document()->workload()->spec->adapterCount, 123u, 30000);
    }

    void badSessionsNameFileAndField_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("field");
        QTest::newRow("bad policy") << QByteArray(
            R"({"format":"lorascope-session","version":1,"spec":{},"admission":{"policy":"fifo"}})")
                                    << QStringLiteral("admission.policy");
        QTest::newRow("unknown member") << QByteArray(
            R"({"format":"lorascope-session","version":1,"spec":{},"bogus":1})")
                                        << QStringLiteral("bogus");
        QTest::newRow("future version") << QByteArray(R"({"format":"lorascope-session","version":99,"spec":{}})")
                                        << QStringLiteral("version");
        QTest::newRow("bad spec field") << QByteArray(
            R"({"format":"lorascope-session","version":1,"spec":{"rate":"fast"}})")
                                        << QStringLiteral("rate");
        QTest::newRow("not json") << QByteArray("{\n\"format\": ") << QStringLiteral("bad.json:2");
    }
    void badSessionsNameFileAndField()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, field);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
        f.close();
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        const WorkloadSpec before = w.document()->spec();
        const QString err = w.sessions()->open(path);
        QVERIFY2(err.contains(path), qPrintable(err));
        QVERIFY2(err.contains(field), qPrintable(err));
        QCOMPARE(w.document()->spec(), before); // nothing half-loaded
    }

    void exportAndImportTrace()
    {
        QTemporaryDir dir;
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        const auto count = doc->workload()->stats.count;
        const QString path = dir.filePath(QStringLiteral("t.jsonl"));
        QCOMPARE(w.traces()->exportTrace(path), QString());
        QVERIFY(QFile::exists(path));
        QSignalSpy spy(doc, &Document::workloadChanged);
        QCOMPARE(w.traces()->importTrace(path), QString());
        QTRY_VERIFY_WITH_TIMEOUT(spy.count() > 0 && !doc->busy(), 30000);
        QVERIFY(doc->hasImportedTrace());
        QCOMPARE(doc->workload()->stats.count, count);
        QVERIFY(doc->workload()->expectedGaps.empty()); // no model → no theory curve
        for (const auto& series : w.workloadTab()->chart(QStringLiteral("gaps"))->data().series)
            QVERIFY2(!series.name.startsWith(QStringLiteral("model")), qPrintable(series.name));
        QVERIFY(w.traces()
                    ->importTrace(dir.filePath(QStringLiteral("missing.jsonl")))
                    .contains(QStringLiteral("missing.jsonl")));
        // A malformed file: read off the GUI thread, the error names file and line, and the
        // trace already shown stays.
        const QString bad = dir.filePath(QStringLiteral("bad.jsonl"));
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"time_s\": 0, \"input_len\": 5, \"output_len\": 5}\n{\"time_s\": \"soon\", \"input_len\": 5, "
                    "\"output_len\": 5}\n");
        }
        QSignalSpy finished(doc, &Document::importFinished);
        const auto shown = doc->workload();
        QCOMPARE(w.traces()->importTrace(bad), QString());
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1 && !doc->busy(), 30000);
        const QString error = finished.front().front().toString();
        QVERIFY2(error.contains(QStringLiteral("bad.jsonl")) && error.contains(QStringLiteral("bad.jsonl:2:")),
            qPrintable(error));
        QCOMPARE(doc->workload(), shown);
        QVERIFY(doc->importSource() == path);
        // Every writable format exports.
        for (const auto& fmt : traceFormats()) {
            if (!fmt.write)
                continue;
            const QString p = dir.filePath(QStringLiteral("x") + QString::fromStdString(fmt.extensions.front()));
            QCOMPARE(w.traces()->exportTrace(p, QString::fromStdString(fmt.name)), QString());
            QVERIFY(QFileInfo(p).size() > 0);
        }
    }

    void exportCharts()
    {
        QTemporaryDir dir;
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        QTRY_VERIFY(w.document()->admission());
        for (const auto& key : w.charts()->keys()) {
            const QString png = dir.filePath(key + QStringLiteral(".png"));
            const QString svg = dir.filePath(key + QStringLiteral(".svg"));
            QCOMPARE(w.charts()->exportChart(key, png), QString());
            QCOMPARE(w.charts()->exportChart(key, svg), QString());
            QImage img(png);
            QVERIFY2(!img.isNull() && img.width() > 50, qPrintable(key));
            QFile f(svg);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QVERIFY2(f.readAll().contains("<svg"), qPrintable(key));
        }
        QVERIFY(!w.charts()->exportChart(QStringLiteral("gaps"), dir.filePath(QStringLiteral("x.bmp"))).isEmpty());
        QVERIFY(!w.charts()->exportChart(QStringLiteral("nope"), dir.filePath(QStringLiteral("x.png"))).isEmpty());
    }
};

QTEST_MAIN(TestSession)
#include "tst_session.moc"
