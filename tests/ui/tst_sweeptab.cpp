// SPDX-License-Identifier: Apache-2.0
// The Sweep tab in the real main window: a sweep of the document's workload builds its table and
// charts from the core's points (checked against the core run directly), bad values are reported
// inline, an S-LoRA suite draws the published points, the finder marks the capacity, a point
// opens in the Workload and Admission tabs (by the table and by a click on a chart), a run can be
// cancelled, the table exports, and two sweeps compare in the A/B tab.
#include "uitestutil.h"

#include "analysis/numberformat.h"
#include "sweep/finder.h"

#include "admission/admissiontab.h"
#include "charts/plotview.h"
#include "compare/comparetab.h"
#include "compare/sweepcompare.h"
#include "sweep/sweepmodel.h"
#include "sweep/sweepplots.h"
#include "sweep/sweeptab.h"
#include "workload/presets.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGraphicsView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTranslator>
#include <QUndoStack>

#include <cmath>

using namespace lorascope;

namespace {

WorkloadSpec smallSpec()
{
    WorkloadSpec s = specForPreset("S1");
    s.adapterCount = 20;
    s.duration = 40;
    s.rate = 1;
    return s;
}

/// The small workload on S-LoRA's default server (6000 KV slots), where it saturates within the tests' ranges.
void setSmall(Document* doc)
{
    SimulationConfig c = doc->admissionConfig();
    c.scheduler.limits = ServerLimits {};
    doc->setAdmission(c);
    doc->setSpec(smallSpec());
}

bool waitRun(SweepTab* tab, int timeoutMs = 120000)
{
    QSignalSpy spy(tab, &SweepTab::runFinished);
    return spy.wait(timeoutMs) || spy.count() > 0;
}

void setValues(SweepTab* tab, const QString& text)
{
    qobject_cast<QLineEdit*>(tab->editor(QStringLiteral("values")))->setText(text);
}

void setParam(SweepTab* tab, SweepParam p)
{
    auto* combo = qobject_cast<QComboBox*>(tab->editor(QStringLiteral("param")));
    combo->setCurrentIndex(combo->findData(int(p)));
}

/// The window's Sweep tab after a finished sweep (or capacity search) of `param` over `values`
/// on the small workload; nullptr when it did not finish.
SweepTab* sweepInWindow(MainWindow& w, SweepParam param, const QString& values, bool findCapacity = false)
{
    auto* doc = w.document();
    setSmall(doc);
    if (!test::waitIdle(doc))
        return nullptr;
    auto* tab = w.sweepTab();
    setParam(tab, param);
    setValues(tab, values);
    if (!(findCapacity ? tab->findCapacity() : tab->runSweep()) || !waitRun(tab))
        return nullptr;
    return tab;
}

const PlotSeries* series(const PlotData& d, const QString& name)
{
    for (const auto& s : d.series)
        if (s.name == name)
            return &s;
    return nullptr;
}

} // namespace

class TestSweepTab : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void emptyStateLabelsEveryChart()
    {
        // Before any sweep: six titled charts with their axes, each saying what will appear.
        MainWindow w;
        w.resize(1280, 690);
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        w.tabs()->setCurrentWidget(w.sweepTab());
        PlotView::applyPending();
        QCoreApplication::processEvents();
        for (const QString& key : w.sweepTab()->chartKeys()) {
            PlotView* chart = w.sweepTab()->chart(key);
            QVERIFY2(!chart->data().title.isEmpty(), qPrintable(key));
            QVERIFY2(!chart->data().x.title.isEmpty() && !chart->data().y.title.isEmpty(), qPrintable(key));
            QVERIFY2(chart->emptyHintShown().contains(QStringLiteral("Run sweep")), qPrintable(key));
        }
        QCOMPARE(w.sweepTab()->chart(QStringLiteral("throughput"))->data().x.title, QStringLiteral("R (req/s)"));
        // Once points exist the words give way to the curves.
        auto* tab = sweepInWindow(w, SweepParam::Rate, QStringLiteral("1,2"));
        QVERIFY(tab);
        PlotView::applyPending();
        QVERIFY(tab->chart(QStringLiteral("throughput"))->emptyHintShown().isEmpty());
    }

    void sweepMatchesCore()
    {
        MainWindow w;
        auto* doc = w.document();
        setSmall(doc);
        QVERIFY(test::waitIdle(doc));
        auto* tab = w.sweepTab();
        QAbstractItemModelTester tester(tab->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        setParam(tab, SweepParam::Rate);
        setValues(tab, QStringLiteral("2, 0.5,1"));
        QVERIFY2(tab->problemText().isEmpty(), qPrintable(tab->problemText()));
        QVERIFY(tab->editor(QStringLiteral("run"))->isEnabled());
        QVERIFY(tab->runSweep());
        QVERIFY(tab->isRunning());
        QVERIFY(waitRun(tab));
        const auto& points = tab->model()->points();
        QCOMPARE(int(points.size()), 3);
        QCOMPARE(points[0].value, 0.5); // sorted by value whatever the finishing order
        QCOMPARE(points[2].value, 2.0);
        // The same numbers as the core run directly on the document's settings.
        const auto plan = tab->plan();
        QVERIFY(plan);
        for (const SweepPoint& p : points) {
            const SweepPoint core = previewPoint(*plan, 0, p.value);
            QCOMPARE(p.metrics.throughput, core.metrics.throughput);
            QCOMPARE(p.metrics.ttft.p99, core.metrics.ttft.p99);
            QCOMPARE(p.spec.rate, p.value);
        }
        // The table shows them, with units in the headers.
        QCOMPARE(tab->model()->rowCount(), 3);
        QCOMPARE(
            tab->model()->headerData(SweepTableModel::Value, Qt::Horizontal).toString(), QStringLiteral("R (req/s)"));
        QCOMPARE(tab->model()
                     ->data(tab->model()->index(1, SweepTableModel::Throughput), SweepTableModel::SortRole)
                     .toDouble(),
            points[1].metrics.throughput);
        QVERIFY(!tab->model()
                     ->headerData(SweepTableModel::AchievedRatio, Qt::Horizontal, Qt::ToolTipRole)
                     .toString()
                     .isEmpty());
        // The charts: throughput against R, with every point.
        const PlotData t = tab->chart(QStringLiteral("throughput"))->data();
        QCOMPARE(t.x.title, QStringLiteral("R (req/s)"));
        const PlotSeries* tput = series(t, QStringLiteral("preview"));
        QVERIFY(tput);
        QCOMPARE(tput->points.size(), 3);
        QCOMPARE(tput->points[1], QPointF(1.0, points[1].metrics.throughput));
        const PlotSeries* p99 = series(tab->chart(QStringLiteral("ttft"))->data(), QStringLiteral("p99"));
        QVERIFY(p99 && p99->points.size() == 3);
        QCOMPARE(p99->points[2].y(), points[2].metrics.ttft.p99);
        QVERIFY(!tab->chart(QStringLiteral("adapters"))->data().series.isEmpty());
        // A verdict in plain words and the cost model with where it comes from.
        QVERIFY2(tab->verdictText().startsWith(QStringLiteral("Sustainable: <b>")), qPrintable(tab->verdictText()));
        QVERIFY(tab->modelText().contains(QString::fromStdString(doc->admissionConfig().cost.name)));
    }

    // TTFT and E2E plots come from one function: each draws its own SLO bound (and only its own).
    void latencyPlotsDrawTheirSlo()
    {
        SweepView v;
        for (double x : { 1.0, 2.0, 4.0 }) {
            SweepPoint p;
            p.value = x;
            p.metrics.ttft.p99 = x / 2;
            p.metrics.e2e.p99 = x * 3;
            v.points.push_back(p);
        }
        v.slo.ttft = 6;
        const PlotData ttft = sweepTtftPlot(v), e2e = sweepE2ePlot(v);
        QCOMPARE(series(ttft, QStringLiteral("p99"))->points[2], QPointF(4, 2));
        QCOMPARE(series(e2e, QStringLiteral("p99"))->points[2], QPointF(4, 12));
        const PlotSeries* slo = series(ttft, QStringLiteral("SLO"));
        QVERIFY(slo);
        QCOMPARE(slo->points, QList<QPointF>({ QPointF(1, 6), QPointF(4, 6) }));
        QVERIFY(!series(e2e, QStringLiteral("SLO"))); // no E2E bound set
        v.slo.e2e = 30;
        slo = series(sweepE2ePlot(v), QStringLiteral("SLO"));
        QVERIFY(slo);
        QCOMPARE(slo->points, QList<QPointF>({ QPointF(1, 30), QPointF(4, 30) }));
        QCOMPARE(sweepE2ePlot(v).y.title, QStringLiteral("E2E (s)"));
        QVERIFY(!series(ttft, QStringLiteral("paper")) && !series(ttft, QStringLiteral("mean"))); // no paper figure
    }

    void badValuesInline()
    {
        MainWindow w;
        auto* doc = w.document();
        setSmall(doc);
        QVERIFY(test::waitIdle(doc));
        auto* tab = w.sweepTab();
        setParam(tab, SweepParam::Rate);
        setValues(tab, QStringLiteral("1:10:0"));
        QVERIFY(tab->problemText().contains(QStringLiteral("step must not be 0")));
        QVERIFY(!tab->editor(QStringLiteral("run"))->isEnabled());
        QVERIFY(!tab->runSweep());
        setValues(tab, QStringLiteral("0.001:100:0.001"));
        QVERIFY(tab->problemText().contains(QStringLiteral("at most 1000")));
        // A parameter that does not apply to the document's workload.
        WorkloadSpec poisson = smallSpec();
        poisson.arrival.kind = ArrivalKind::Poisson;
        doc->setSpec(poisson);
        setParam(tab, SweepParam::Cv);
        QVERIFY2(tab->problemText().contains(QStringLiteral("cv does not apply")), qPrintable(tab->problemText()));
        QVERIFY(!tab->editor(QStringLiteral("find"))->isEnabled());
    }

    void suiteOverlay()
    {
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* tab = w.sweepTab();
        auto* source = qobject_cast<QComboBox*>(tab->editor(QStringLiteral("source")));
        source->setCurrentIndex(source->findData(int(SweepTab::Source::Suite)));
        auto* suite = qobject_cast<QComboBox*>(tab->editor(QStringLiteral("suite")));
        suite->setCurrentIndex(suite->findData(QStringLiteral("a10g-req-rate")));
        auto* setting = qobject_cast<QComboBox*>(tab->editor(QStringLiteral("setting")));
        setting->setCurrentIndex(setting->findData(QStringLiteral("S1")));
        QCOMPARE(
            qobject_cast<QLineEdit*>(tab->editor(QStringLiteral("values")))->text(), QStringLiteral("1,1.5,2,2.5"));
        QVERIFY(tab->runSweep());
        QVERIFY(waitRun(tab));
        const PlotData t = tab->chart(QStringLiteral("throughput"))->data();
        QCOMPARE(t.title, QStringLiteral("Throughput — S-LoRA paper: A10G (24 GB), S1"));
        const PlotSeries* paper = series(t, QStringLiteral("paper"));
        QVERIFY(paper);
        const auto figures = paperFiguresFor("a10g-req-rate", "S1", PolicyKind::SLora);
        QCOMPARE(paper->points.size(), qsizetype(figures[0]->rows.size()));
        QCOMPARE(paper->points[2], QPointF(2.0, figures[0]->rows[2].throughput));
        QVERIFY(series(tab->chart(QStringLiteral("ttft"))->data(), QStringLiteral("paper")));
        // The cost model named, and how far the preview is from the paper on these points.
        QVERIFY2(tab->modelText().contains(QStringLiteral("llama-7b-a10g"))
                && tab->modelText().contains(QStringLiteral("MAPE")),
            qPrintable(tab->modelText()));
        QVERIFY(tab->modelText().contains(QStringLiteral("over 4 published point")));
    }

    void finderMarksCapacity()
    {
        MainWindow w;
        auto* tab = sweepInWindow(w, SweepParam::Rate, QStringLiteral("0.2:4:0.2"), true);
        QVERIFY(tab);
        QVERIFY2(tab->verdictText().startsWith(QStringLiteral("Sustainable capacity <b>R = ")),
            qPrintable(tab->verdictText()));
        const PlotSeries* cap
            = series(tab->chart(QStringLiteral("throughput"))->data(), QStringLiteral("sustainable capacity"));
        QVERIFY(cap && cap->points.size() == 1);
        const int row = tab->model()->rowOf(cap->points[0].x());
        QVERIFY(row >= 0);
        QVERIFY(tab->model()->points()[std::size_t(row)].metrics.meetsSlo);
        QVERIFY(!tab->model()->points()[std::size_t(row)].metrics.saturated);
        for (const SweepPoint& p : tab->model()->points())
            QVERIFY(p.value >= 0.2 && p.value <= 4.0); // searched within the values' range
    }

    void finderShortTrace()
    {
        // The desktop's default server (S4, llama-13b on A100-80G, 65000 KV slots) on a 40 s trace:
        // the tab says what the CLI says (core/sweep/finder.h): the sustainable capacity first, then
        // that the SLO holding past saturation is a short-trace effect, with a trace length that
        // would tell; values to the search's digits.
        MainWindow w;
        auto* doc = w.document();
        WorkloadSpec spec = doc->spec();
        spec.duration = 40;
        doc->setSpec(spec);
        QVERIFY(test::waitIdle(doc));
        auto* tab = w.sweepTab();
        setParam(tab, SweepParam::Rate);
        setValues(tab, QStringLiteral("0.5:20:0.5"));
        QVERIFY(tab->findCapacity());
        QVERIFY(waitRun(tab));
        const QString verdict = tab->verdictText();
        const QStringList lines = verdict.split(QStringLiteral("<br>"));
        QVERIFY2(lines.size() >= 3, qPrintable(verdict));
        QVERIFY2(lines[0].startsWith(QStringLiteral("Sustainable capacity <b>R = "))
                && lines[0].contains(QStringLiteral("set by saturation")),
            qPrintable(verdict));
        QVERIFY2(lines[1].startsWith(QStringLiteral("<b>Short-trace effect</b>"))
                && lines[1].contains(QStringLiteral("40 s trace"))
                && lines[1].contains(QStringLiteral("at least 100 s")),
            qPrintable(verdict));
        // The same numbers as the CLI's sentences (the core's describe() on the same search), to
        // the same digits.
        FinderOptions o;
        o.lo = 0.5;
        o.hi = 20;
        const CapacityResult core = findCapacityPreview(*tab->plan(), o);
        QVERIFY(core.shortTrace);
        QVERIFY2(lines[0].contains(
                     QStringLiteral("<b>%1</b>").arg(QString::fromStdString(core.valueText(core.sustainable)))),
            qPrintable(lines[0]));
        QVERIFY2(
            lines[1].contains(QStringLiteral("up to %1").arg(QString::fromStdString(core.valueText(core.capacity)))),
            qPrintable(lines[1]));
        QVERIFY(QString::fromStdString(core.describe()[1]).contains(QStringLiteral("at least 100 s")));
        const PlotSeries* cap
            = series(tab->chart(QStringLiteral("throughput"))->data(), QStringLiteral("sustainable capacity"));
        QVERIFY(cap && cap->points.size() == 1);
        QCOMPARE(cap->points[0].x(), core.sustainable);
        // The table's values to the finder's tolerance (1 %): "5.43", not "5.4321".
        for (int row = 0; row < tab->model()->rowCount(); ++row) {
            const double v = tab->model()->points()[std::size_t(row)].value;
            QCOMPARE(tab->model()->data(tab->model()->index(row, SweepTableModel::Value)).toString(),
                QString::fromStdString(formatResolved(v, 0.01 * v)));
        }
    }

    void openPoint()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        w.tabs()->setCurrentWidget(w.sweepTab());
        auto* tab = sweepInWindow(w, SweepParam::Adapters, QStringLiteral("5,10,40"));
        QVERIFY(tab);
        auto* doc = w.document();
        // From the table: the document takes the point's settings as one undo step.
        QVERIFY(tab->openPoint(10));
        QCOMPARE(doc->spec().adapterCount, 10u);
        QCOMPARE(w.tabs()->currentWidget(), static_cast<QWidget*>(w.admissionTab()));
        doc->undoStack()->undo();
        QCOMPARE(doc->spec().adapterCount, 20u);
        QVERIFY(!tab->openPoint(7)); // not a point of the sweep
        // From a click on a chart's point.
        w.tabs()->setCurrentWidget(tab);
        auto* chart = tab->chart(QStringLiteral("throughput"));
        PlotView::applyPending();
        QTest::qWait(50);
        const PlotSeries* tput = series(chart->data(), QStringLiteral("preview"));
        QVERIFY(tput);
        const auto pos = chart->viewportPosition(tput->points[2]);
        QVERIFY(pos);
        auto* viewport = chart->findChild<QGraphicsView*>()->viewport();
        QTest::mouseClick(viewport, Qt::LeftButton, {}, *pos);
        QCOMPARE(doc->spec().adapterCount, 40u);
        // Far from every point: nothing opens.
        doc->undoStack()->undo();
        QVERIFY(!chart->pointNear(QPoint(2, 2)));
    }

    void cancelKeepsPoints()
    {
        MainWindow w;
        auto* doc = w.document();
        WorkloadSpec big = specForPreset("S4");
        big.duration = 600;
        doc->setSpec(big);
        QVERIFY(test::waitIdle(doc));
        auto* tab = w.sweepTab();
        setParam(tab, SweepParam::Rate);
        setValues(tab, QStringLiteral("1:100:1"));
        QVERIFY(tab->runSweep());
        QTRY_VERIFY_WITH_TIMEOUT(tab->model()->rowCount() >= 1, 60000);
        tab->cancel();
        QVERIFY(waitRun(tab));
        QVERIFY(tab->model()->rowCount() < 100);
        QVERIFY2(tab->verdictText().contains(QStringLiteral("Cancelled")), qPrintable(tab->verdictText()));
        QVERIFY(tab->editor(QStringLiteral("run"))->isEnabled());
    }

    void exportAndCompare()
    {
        MainWindow w;
        auto* tab = sweepInWindow(w, SweepParam::Rate, QStringLiteral("0.5,1"));
        QVERIFY(tab);
        auto* doc = w.document();
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("a.jsonl"));
        w.resize(1400, 900);
        w.show();
        w.tabs()->setCurrentWidget(tab);
        QCOMPARE(tab->exportTable(file), QString());
        QCOMPARE(int(readSweepFile(file.toStdString()).points.size()), 2);
        QVERIFY(!tab->exportTable(dir.filePath(QStringLiteral("a.txt"))).isEmpty());
        // Over an earlier file: replaced whole (no temporary left); a read-only one is refused
        // and stays as it was, even for root (the export never truncates before it can write).
        QCOMPARE(tab->exportTable(file), QString());
        QCOMPARE(int(readSweepFile(file.toStdString()).points.size()), 2);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);
        const QString locked = dir.filePath(QStringLiteral("locked.csv"));
        {
            QFile f(locked);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("EARLIER\n");
        }
        QVERIFY(QFile::setPermissions(locked, QFile::ReadOwner));
        const QString refused = tab->exportTable(locked);
        QVERIFY2(refused.contains(QLatin1String("read-only")) && refused.contains(QLatin1String("locked.csv")),
            qPrintable(refused));
        QFile back(locked);
        QVERIFY(back.open(QIODevice::ReadOnly));
        QCOMPARE(back.readAll(), QByteArray("EARLIER\n"));
        QCOMPARE(
            w.charts()->exportChart(QStringLiteral("sweep"), dir.filePath(QStringLiteral("sweep.png"))), QString());
        QVERIFY(QImage(dir.filePath(QStringLiteral("sweep.png"))).width() > 100);

        // Pin as A, run a second sweep: it is the live B.
        qobject_cast<QPushButton*>(tab->editor(QStringLiteral("pin")))->click();
        auto* view = w.compareTab()->sweepView();
        QCOMPARE(w.tabs()->currentWidget(), static_cast<QWidget*>(w.compareTab()));
        QVERIFY(view->sideA());
        QCOMPARE(int(view->sideA()->points.size()), 2);
        SimulationConfig tighter = doc->admissionConfig();
        tighter.scheduler.limits.maxTotalTokenNum = 3000;
        doc->setAdmission(tighter);
        QVERIFY(test::waitIdle(doc));
        setValues(tab, QStringLiteral("0.5,1,1.5"));
        QVERIFY(tab->runSweep());
        QVERIFY(waitRun(tab));
        QVERIFY(view->bIsLive());
        QCOMPARE(int(view->sideB()->points.size()), 3);
        const PlotData cmp = view->chart(QStringLiteral("throughput"))->data();
        QCOMPARE(cmp.series.size(), 4); // A and B lines, each with its markers
        QCOMPARE(cmp.series[0].points.size(), 2);
        QCOMPARE(cmp.series[2].points.size(), 3);
        QVERIFY(view->keyNumbersText().contains(QStringLiteral("largest value meeting its SLO")));
        // A file as B; a different parameter cannot be overlaid.
        QCOMPARE(view->loadSide(SweepCompareView::Side::B, file), QString());
        QVERIFY(!view->bIsLive());
        QCOMPARE(int(view->sideB()->points.size()), 2);
        setParam(tab, SweepParam::Adapters);
        setValues(tab, QStringLiteral("5,10"));
        QVERIFY(tab->runSweep());
        QVERIFY(waitRun(tab));
        view->useLiveB();
        QVERIFY2(view->problemText().contains(QStringLiteral("A varies rate and B varies adapters")),
            qPrintable(view->problemText()));
        QVERIFY(view->chart(QStringLiteral("throughput"))->data().series[0].points.isEmpty());
        QVERIFY(!view->loadSide(SweepCompareView::Side::A, dir.filePath(QStringLiteral("missing.jsonl"))).isEmpty());
    }

    /// Not a check: pictures of the Sweep tab for the docs and the report. Run under a display:
    /// LORASCOPE_SWEEP_SCREENSHOT=out xvfb-run -a -s '-screen 0 1920x1080x24' ./tst_sweeptab -platform xcb screenshot
    /// (LORASCOPE_SWEEP_LANG=zh_CN for the Chinese UI; LORASCOPE_SWEEP_SIZE=1280x720 for another size).
    void screenshot()
    {
        const QString out = qEnvironmentVariable("LORASCOPE_SWEEP_SCREENSHOT");
        if (out.isEmpty())
            QSKIP("set LORASCOPE_SWEEP_SCREENSHOT=path-prefix to save screenshots");
        QTranslator translator;
        if (qEnvironmentVariable("LORASCOPE_SWEEP_LANG") == QLatin1String("zh_CN")) {
            QVERIFY(translator.load(QStringLiteral(":/i18n/lorascope_zh_CN.qm")));
            QCoreApplication::installTranslator(&translator);
        }
        const QStringList size
            = qEnvironmentVariable("LORASCOPE_SWEEP_SIZE", QStringLiteral("1920x1080")).split(QLatin1Char('x'));
        MainWindow w;
        w.setGeometry(0, 0, size[0].toInt(), size[1].toInt());
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        auto* tab = w.sweepTab();
        w.tabs()->setCurrentWidget(tab);
        auto* source = qobject_cast<QComboBox*>(tab->editor(QStringLiteral("source")));
        source->setCurrentIndex(source->findData(int(SweepTab::Source::Suite)));
        auto* suite = qobject_cast<QComboBox*>(tab->editor(QStringLiteral("suite")));
        suite->setCurrentIndex(
            suite->findData(qEnvironmentVariable("LORASCOPE_SWEEP_SUITE", QStringLiteral("a100-80-S4-req-rate"))));
        setValues(tab, qEnvironmentVariable("LORASCOPE_SWEEP_VALUES", QStringLiteral("0.5:10:0.5")));
        if (qEnvironmentVariableIsSet("LORASCOPE_SWEEP_FINDER"))
            QVERIFY(tab->findCapacity());
        else
            QVERIFY(tab->runSweep());
        QVERIFY(waitRun(tab));
        PlotView::applyPending();
        QTest::qWait(800);
        QVERIFY(w.grab().save(out + QStringLiteral(".png")));
        if (!qEnvironmentVariableIsSet("LORASCOPE_SWEEP_COMPARE"))
            return;
        // The same rates on the document's S4 workload with its default KV size, against the suite as A.
        qobject_cast<QPushButton*>(tab->editor(QStringLiteral("pin")))->click();
        w.tabs()->setCurrentWidget(tab);
        source->setCurrentIndex(source->findData(int(SweepTab::Source::Current)));
        setParam(tab, SweepParam::Rate);
        setValues(tab, qEnvironmentVariable("LORASCOPE_SWEEP_VALUES", QStringLiteral("0.5:10:0.5")));
        QVERIFY(tab->runSweep());
        QVERIFY(waitRun(tab));
        w.tabs()->setCurrentWidget(w.compareTab());
        PlotView::applyPending();
        QTest::qWait(800);
        QVERIFY(w.grab().save(out + QStringLiteral(".compare.png")));
    }
};

QTEST_MAIN(TestSweepTab)
#include "tst_sweeptab.moc"
