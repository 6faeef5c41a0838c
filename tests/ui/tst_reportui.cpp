// SPDX-License-Identifier: Apache-2.0
// The desktop side of the reports (docs/report.md): File > Export Report writes the report of the
// tab in front (the admission preview, the Replay tab's run folder), and the A/B tab's "Replay
// runs" page compares two run folders with the core of `lorascope-cli compare`.
#include "compare/comparetab.h"
#include "compare/runcompareview.h"
#include "document/document.h"
#include "mainwindow.h"
#include "replay/replaytab.h"
#include "window/reportexporter.h"

#include "uitestutil.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QTabBar>
#include <QTemporaryDir>
#include <QtTest>

using namespace lorascope;

namespace {

const QString kData = QStringLiteral(LORASCOPE_TEST_DATA "/report");

QString reportKind(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray html = f.readAll();
    const QByteArray open = "id=\"lorascope-report-data\">";
    const auto b = html.indexOf(open);
    const auto e = html.indexOf("</script>", b);
    const auto data = nlohmann::json::parse(html.mid(b + open.size(), e - b - open.size()).toStdString());
    return QString::fromStdString(data.value("kind", std::string()));
}

} // namespace

class TestReportUi : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void exportReportOfTheTabInFront()
    {
        QTemporaryDir tmp;
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        QTRY_VERIFY_WITH_TIMEOUT(w.document()->admission() != nullptr, 60000);
        w.showTab(QStringLiteral("admission"));
        const QString preview = tmp.filePath(QStringLiteral("preview.html"));
        QCOMPARE(w.reports()->exportReport(preview), QString());
        QCOMPARE(reportKind(preview), QStringLiteral("preview"));
        // The Replay tab without a run says what to do.
        w.showTab(QStringLiteral("replay"));
        QVERIFY(w.reports()
                    ->exportReport(tmp.filePath(QStringLiteral("none.html")))
                    .contains(QStringLiteral("no run yet")));
        auto* replay = w.findChild<ReplayTab*>();
        QVERIFY(replay);
        QVERIFY(replay->openRunFolder(kData + QStringLiteral("/runA")));
        const QString run = tmp.filePath(QStringLiteral("run.html"));
        QCOMPARE(w.reports()->exportReport(run), QString());
        QCOMPARE(reportKind(run), QStringLiteral("run"));
        QVERIFY(w.findChild<QAction*>(QStringLiteral("exportReportAction")));
    }

    void abTabComparesTwoRuns()
    {
        CompareTab tab(new Document);
        RunCompareView* view = tab.runsView();
        QVERIFY(view);
        tab.showRuns();
        QAbstractItemModelTester tester(view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(view->loadSide(RunCompareView::Side::A, QStringLiteral("/no/such/run"))
                    .contains(QStringLiteral("Cannot open the run folder")));
        QCOMPARE(view->loadSide(RunCompareView::Side::A, kData + QStringLiteral("/runA")), QString());
        QCOMPARE(view->loadSide(RunCompareView::Side::B, kData + QStringLiteral("/runB")), QString());
        QTRY_VERIFY_WITH_TIMEOUT(view->comparison() != nullptr, 60000);
        auto* m = view->model();
        const int row = m->rowOf(QStringLiteral("p99_ttft_ms"));
        QVERIFY(row >= 0);
        QCOMPARE(m->data(m->index(row, RunCompareModel::Metric)).toString(), QStringLiteral("p99 TTFT"));
        // runA and runB are two replays of one trace against one server: noise, not a difference.
        QVERIFY2(m->data(m->index(row, RunCompareModel::Verdict))
                     .toString()
                     .startsWith(QStringLiteral("no significant difference")),
            qPrintable(m->data(m->index(row, RunCompareModel::Verdict)).toString()));
        QVERIFY(view->headerText().contains(QStringLiteral("0 headline metrics significantly better, 0 worse")));
        QTemporaryDir tmp;
        const QString html = tmp.filePath(QStringLiteral("ab.html"));
        QCOMPARE(view->exportHtml(html), QString());
        QCOMPARE(reportKind(html), QStringLiteral("compare"));
    }

    /// Not a check: the A/B tab's runs page for looking at (see tst_layout's screenshots).
    void screenshots()
    {
        test::Screenshots shots;
        if (!shots.begin())
            QSKIP("set LORASCOPE_SCREENSHOTS=dir to save screenshots");
        MainWindow w;
        shots.showFullScreen(w);
        QVERIFY(test::waitIdle(w.document()));
        w.showTab(QStringLiteral("compare"));
        w.compareTab()->showRuns();
        auto* view = w.compareTab()->runsView();
        QCOMPARE(view->loadSide(RunCompareView::Side::A, kData + QStringLiteral("/runA")), QString());
        QCOMPARE(view->loadSide(RunCompareView::Side::B, kData + QStringLiteral("/runB")), QString());
        QTRY_VERIFY_WITH_TIMEOUT(view->comparison() != nullptr, 60000);
        QVERIFY(shots.shoot(w, QStringLiteral("compare-runs")));
    }
};

QTEST_MAIN(TestReportUi)
#include "tst_reportui.moc"
