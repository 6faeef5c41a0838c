// SPDX-License-Identifier: Apache-2.0
// File > Fit Workload from Trace: the dialog shows the core's fit next to the trace, and using
// it puts the fitted spec into the designer as one undo step.

#include "uitestutil.h"

#include "../core/testutil.h"

#include "fitting/fitdialog.h"
#include "formats/traceio.h"
#include "workload/generator.h"

#include <QTableWidget>
#include <QUndoStack>
#include <QtTest>

using namespace lorascope;

class TestFitDialog : public QObject {
    Q_OBJECT

    static WorkloadSpec known()
    {
        WorkloadSpec s;
        s.adapterCount = 60;
        s.rate = 40;
        s.duration = 500; // 20k requests
        s.popularity.alpha = 0.4;
        s.arrival.cv = 2.0;
        s.seed = 11;
        return s;
    }

private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void dialogShowsTraceAndModel()
    {
        auto trace = std::make_shared<const Trace>(generate(known()));
        FitDialog dlg(trace, QStringLiteral("generated"));
        const TraceStats st = computeStats(*trace, ServerLimits {});
        // The trace column shows the trace's own statistics.
        const int reqRow = dlg.rowOf(QStringLiteral("Requests"));
        QVERIFY(reqRow >= 0);
        QCOMPARE(dlg.table()->item(reqRow, 1)->text(), QString::number(st.count));
        // The fitted model recovers the generating parameters.
        const WorkloadSpec& f = dlg.fittedSpec();
        QVERIFY(f.popularity.kind == PopularityKind::Power);
        QVERIFY2(std::abs(f.popularity.alpha - 0.4) < 0.05, qPrintable(QString::number(f.popularity.alpha)));
        QVERIFY2(std::abs(f.arrival.cv - 2.0) < 0.1, qPrintable(QString::number(f.arrival.cv)));
        QVERIFY(std::abs(f.rate - 40) < 1.0);
        const int cvRow = dlg.rowOf(QStringLiteral("Gap cv per adapter (model parameter)"));
        QVERIFY(cvRow >= 0);
        QCOMPARE(dlg.table()->item(cvRow, 2)->text(), QString::number(f.arrival.cv, 'f', 3));
        // The model column comes from a trace generated from the fitted spec: about as many requests.
        const double modelCount = dlg.table()->item(reqRow, 2)->text().toDouble();
        QVERIFY(std::abs(modelCount - double(st.count)) < 0.1 * st.count);
        QVERIFY(dlg.rowOf(QStringLiteral("Input distribution")) >= 0);
        // For looking at it: LORASCOPE_SHOTS=DIR saves a picture of the dialog.
        if (const QString shots = qEnvironmentVariable("LORASCOPE_SHOTS"); !shots.isEmpty()) {
            dlg.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dlg));
            QVERIFY(dlg.grab().save(shots + QStringLiteral("/fitdialog.png")));
        }
    }

    void fitFromFileAppliesSpecWithUndo()
    {
        test::TempDir dir;
        const std::string path = dir.file("trace.csv"); // CSV: adapter order unknown to the fit
        writeTrace(generate(known()), path);
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        const WorkloadSpec before = w.document()->spec();
        QCOMPARE(w.traces()->fitFromTrace(QString::fromStdString(path)), QString());
        QVERIFY(test::waitIdle(w.document()));
        const WorkloadSpec& after = w.document()->spec();
        QVERIFY(!(after == before));
        QCOMPARE(after.adapterCount, 60u);
        QVERIFY(std::abs(after.rate - 40) < 1.0);
        QVERIFY(std::abs(after.arrival.cv - 2.0) < 0.1);
        w.document()->undoStack()->undo();
        QVERIFY(w.document()->spec() == before);
        // A broken file gives a message naming it, and changes nothing.
        const std::string bad = dir.file("bad.csv");
        test::writeText(bad, "id,time_s,adapter,rank,input_len,output_len\n0,x,a,8,1,1\n");
        const QString err = w.traces()->fitFromTrace(QString::fromStdString(bad));
        QVERIFY2(err.contains(QStringLiteral("bad.csv:2")), qPrintable(err));
        QVERIFY(w.document()->spec() == before);
    }
};

QTEST_MAIN(TestFitDialog)
#include "tst_fitdialog.moc"
