// SPDX-License-Identifier: Apache-2.0
// The Fleet tab in the real main window: a small fleet's per-replica table, charts and residency
// heat map show the core's simulateFleet() result for the same trace and fleet (run here directly);
// changing the router changes the routing decisions shown (round-robin's turn vs GIE's LoRA
// affinity, each row matching the core's decision and explained in words); fleet B runs on the same
// workload and the A/B page compares them; every column has a unit or a tool tip.
#include "uitestutil.h"

#include "fleet/decisionmodel.h"
#include "fleet/fleettab.h"
#include "fleet/fleettext.h"
#include "fleet/residencyview.h"
#include "text/helptexts.h"
#include "widgets/chartgrid.h"
#include "workload/presets.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>

using namespace lorascope;

namespace {

/// 20 adapters, 40 s at 2 requests/s: small enough to run in a moment, busy enough for 3 replicas
/// to queue and swap adapters.
WorkloadSpec smallSpec()
{
    WorkloadSpec s = specForPreset("S1");
    s.adapterCount = 20;
    s.duration = 40;
    s.rate = 2;
    return s;
}

void setRouter(QComboBox* c, RouterKind r)
{
    c->setCurrentIndex(c->findData(int(r)));
}

/// Runs the tab now and waits for its results (bounded).
bool runAndWait(FleetTab* tab)
{
    QSignalSpy spy(tab, &FleetTab::resultsUpdated);
    tab->recompute();
    if (!spy.wait(60000) && spy.isEmpty())
        return false;
    // A run scheduled by an editor's change may still be on its way: wait until none is left.
    QTest::qWait(300);
    while (tab->isRunning())
        if (!spy.wait(60000))
            return false;
    PlotView::applyPending();
    return true;
}

/// What the core computes for the fleet the tab's editors describe (as the tab runs it).
FleetResult coreResult(MainWindow& w, bool b = false)
{
    FleetOptions o;
    o.clock = w.document()->admissionConfig().clock;
    o.recordSeries = true;
    o.threads = 1;
    return simulateFleet(*w.document()->trace(), w.fleetTab()->fleetConfig(b), o);
}

QString cell(QTableWidget* t, int row, int col)
{
    return t->item(row, col) ? t->item(row, col)->text() : QString();
}

} // namespace

class TestFleetTab : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void init()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1280, 720);
        m_window->show();
        m_window->document()->setSpec(smallSpec());
        QVERIFY(test::waitIdle(m_window->document()));
        QVERIFY(m_window->showTab(QStringLiteral("fleet")));
        auto* tab = m_window->fleetTab();
        qobject_cast<QSpinBox*>(tab->editor(QStringLiteral("replicas")))->setValue(3);
        setRouter(qobject_cast<QComboBox*>(tab->editor(QStringLiteral("router"))), RouterKind::RoundRobin);
        QVERIFY(runAndWait(tab));
    }
    void cleanup() { m_window.reset(); }

    void replicasMatchTheCore()
    {
        auto* tab = m_window->fleetTab();
        QVERIFY(tab->analysis() && tab->analysis()->a);
        const FleetResult core = coreResult(*m_window);
        QCOMPARE(core.replicas.size(), std::size_t(3));
        QCOMPARE(tab->analysis()->a->replicas.size(), std::size_t(3));
        // The replica table: one row per replica, its routed requests and adapter loads as the core counted them.
        QTableWidget* t = tab->replicaTable();
        QCOMPARE(t->rowCount(), 3);
        const QLocale loc;
        std::uint64_t routedSum = 0;
        for (int r = 0; r < 3; ++r) {
            const ReplicaReport& rep = core.replicas[std::size_t(r)];
            QCOMPARE(cell(t, r, 0), QString::fromStdString(rep.name));
            QCOMPARE(cell(t, r, 1), loc.toString(qulonglong(rep.routed)));
            QCOMPARE(cell(t, r, 5), loc.toString(qulonglong(rep.summary.adapterLoads)));
            QCOMPARE(cell(t, r, 6), loc.toString(qulonglong(rep.summary.adapterUnloads)));
            routedSum += rep.routed;
        }
        QCOMPARE(routedSum, std::uint64_t(m_window->document()->trace()->requests.size()));
        // Round-robin splits the trace evenly (within one request).
        for (const ReplicaReport& rep : core.replicas)
            QVERIFY(std::llabs(std::int64_t(rep.routed) - std::int64_t(routedSum / 3)) <= 1);
        // Every column says its unit or what it counts.
        for (int c = 0; c < t->columnCount(); ++c)
            QVERIFY2(!t->horizontalHeaderItem(c)->toolTip().isEmpty(), qPrintable(t->horizontalHeaderItem(c)->text()));
        const QString unit = core.clock == ClockKind::Steps ? QStringLiteral("(ticks)") : QStringLiteral("(s)");
        QVERIFY2(t->horizontalHeaderItem(2)->text().contains(unit), qPrintable(t->horizontalHeaderItem(2)->text()));
        // The summary: the core's finished count over all requests.
        QVERIFY2(tab->summaryText().contains(loc.toString(qulonglong(core.summary.finished)) + QStringLiteral(" of ")
                     + loc.toString(qulonglong(core.summary.requests))),
            qPrintable(tab->summaryText()));

        // Charts: one line per replica, named as the core names them, the core's series point for point.
        for (const QString& key : { QStringLiteral("running"), QStringLiteral("waiting") }) {
            const PlotData& d = tab->chart(key)->data();
            QVERIFY(!d.note.isEmpty());
            QVERIFY(d.y.title.contains(QStringLiteral("(requests)")));
            QCOMPARE(d.series.size(), 3);
            const auto& rows = key == QStringLiteral("running") ? core.series.running : core.series.waiting;
            for (int r = 0; r < 3; ++r) {
                QCOMPARE(d.series[r].name, QString::fromStdString(core.replicas[std::size_t(r)].name));
                QCOMPARE(d.series[r].points.size(), qsizetype(core.series.bins()));
                for (int b = 0; b < core.series.bins(); ++b)
                    QCOMPARE(d.series[r].points[b].y(), double(rows[std::size_t(r)][std::size_t(b)]));
            }
        }
        // Some replica queued at some time (the workload is busy enough to show a queue).
        double maxWaiting = 0;
        for (const auto& s : tab->chart(QStringLiteral("waiting"))->data().series)
            for (const QPointF& p : s.points)
                maxWaiting = std::max(maxWaiting, p.y());
        QVERIFY(maxWaiting > 0);

        // The residency heat map: the core's busiest adapters, and "all replicas" counts the replicas holding each.
        ResidencyView* rv = tab->residency();
        QCOMPARE(rv->replica(), -1);
        const FleetSeries& s = core.series;
        const std::size_t rows = s.adapters.size();
        QVERIFY(rows > 0);
        for (int row = 0; row < int(rows); ++row)
            for (int b = 0; b < s.bins(); b += 37) {
                double sum = 0;
                for (int r = 0; r < 3; ++r)
                    sum += s.residency[(std::size_t(r) * rows + std::size_t(row)) * std::size_t(s.bins())
                        + std::size_t(b)];
                QCOMPARE(rv->value(row, b), sum);
            }
        rv->setReplica(1);
        QCOMPARE(rv->value(0, 5), double(s.residency[(1 * rows + 0) * std::size_t(s.bins()) + 5]));
        QVERIFY(!rv->cellText(0, 5).isEmpty());
    }

    void changingTheRouterChangesTheDecisions()
    {
        auto* tab = m_window->fleetTab();
        DecisionModel* m = tab->decisions();
        QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const Trace& trace = *m_window->document()->trace();
        QCOMPARE(m->rowCount(), int(trace.requests.size()));
        // Round-robin: request i went to replica i mod 3, "in turn".
        const QStringList names = { m->index(0, DecisionModel::Replica).data().toString(),
            m->index(1, DecisionModel::Replica).data().toString(),
            m->index(2, DecisionModel::Replica).data().toString() };
        QCOMPARE(names.size(), 3);
        QVERIFY(names[0] != names[1] && names[1] != names[2] && names[0] != names[2]);
        for (int i = 0; i < m->rowCount(); ++i) {
            QCOMPARE(m->index(i, DecisionModel::Replica).data().toString(), names[i % 3]);
            QCOMPARE(m->index(i, DecisionModel::Rule).data().toString(), FleetText::rule(RouteRule::RoundRobin));
        }
        const QStringList roundRobin = [&] {
            QStringList l;
            for (int i = 0; i < m->rowCount(); ++i)
                l << m->index(i, DecisionModel::Replica).data().toString();
            return l;
        }();

        // GIE's LoRA-affinity filter tree: other replicas for some requests, by LoRA rules, each as the core decided.
        setRouter(qobject_cast<QComboBox*>(tab->editor(QStringLiteral("router"))), RouterKind::GieLoraFilter);
        QVERIFY(runAndWait(tab));
        QCOMPARE(tab->analysis()->configA.router.kind, RouterKind::GieLoraFilter);
        const FleetResult core = coreResult(*m_window);
        QCOMPARE(m->rowCount(), int(core.decisions.size()));
        int moved = 0, affinity = 0;
        for (int i = 0; i < m->rowCount(); ++i) {
            const RouteDecision& d = core.decisions[std::size_t(i)];
            QCOMPARE(m->index(i, DecisionModel::Replica).data().toString(),
                QString::fromStdString(core.replicas[d.replica].name));
            QCOMPARE(m->index(i, DecisionModel::Rule).data().toString(), FleetText::rule(d.rule));
            QVERIFY(m->index(i, DecisionModel::Rule).data().toString() != FleetText::rule(RouteRule::RoundRobin));
            moved += m->index(i, DecisionModel::Replica).data().toString() != roundRobin[i];
            affinity += d.rule == RouteRule::GieAffinity;
        }
        QVERIFY2(moved > 0, "GIE routed exactly as round-robin");
        QVERIFY(affinity > 0);
        // The hover text is the decision in words: the adapter, the replica, the reason.
        int row = 0;
        while (core.decisions[std::size_t(row)].rule != RouteRule::GieAffinity)
            ++row;
        const QString why = m->index(row, DecisionModel::Adapter).data(Qt::ToolTipRole).toString();
        QVERIFY2(why.contains(m->index(row, DecisionModel::Adapter).data().toString()), qPrintable(why));
        QVERIFY2(why.contains(m->index(row, DecisionModel::Replica).data().toString()), qPrintable(why));
        const QString adapter = m->index(row, DecisionModel::Adapter).data().toString();
        QVERIFY2(
            why.contains(FleetText::tr("active there")) || why.contains(FleetText::tr("%1 waiting there").arg(adapter)),
            qPrintable(why));
        // Selecting the row shows the same sentence under the table.
        tab->decisionTable()->setCurrentIndex(m->index(row, 0));
        QCOMPARE(tab->decisionText(), why);
        // The router's description follows the choice.
        QCOMPARE(tab->findChild<QLabel*>(QStringLiteral("fleetRouterNote"))->text(),
            FleetText::routerDescription(RouterKind::GieLoraFilter));
    }

    void fleetBComparesOnTheSameWorkload()
    {
        auto* tab = m_window->fleetTab();
        QCOMPARE(tab->compareTable()->rowCount(), 0);
        QVERIFY(tab->chart(QStringLiteral("compare"))->data().series.isEmpty());
        qobject_cast<QSpinBox*>(tab->editor(QStringLiteral("replicasB")))->setValue(2);
        setRouter(qobject_cast<QComboBox*>(tab->editor(QStringLiteral("routerB"))), RouterKind::LeastOutstanding);
        qobject_cast<QCheckBox*>(tab->editor(QStringLiteral("compare")))->setChecked(true);
        QVERIFY(runAndWait(tab));
        QVERIFY(tab->analysis()->b);
        const FleetResult coreB = coreResult(*m_window, true);
        QCOMPARE(coreB.replicas.size(), std::size_t(2));
        QTableWidget* t = tab->compareTable();
        QVERIFY(t->rowCount() > 3);
        QCOMPARE(cell(t, 0, 1), FleetText::routerTitle(RouterKind::RoundRobin));
        QCOMPARE(cell(t, 0, 2), FleetText::routerTitle(RouterKind::LeastOutstanding));
        QCOMPARE(cell(t, 1, 1), QStringLiteral("3"));
        QCOMPARE(cell(t, 1, 2), QStringLiteral("2"));
        QCOMPARE(cell(t, 1, 3), QLocale().toString(-1.0, 'f', 0));
        // The compare chart: A and B, B the core's sum of waiting over its replicas.
        const PlotData& d = tab->chart(QStringLiteral("compare"))->data();
        QCOMPARE(d.series.size(), 2);
        QCOMPARE(d.series[1].points.size(), qsizetype(coreB.series.bins()));
        for (int b = 0; b < coreB.series.bins(); ++b) {
            double sum = 0;
            for (const auto& row : coreB.series.waiting)
                sum += row[std::size_t(b)];
            QCOMPARE(d.series[1].points[b].y(), sum);
        }
        QVERIFY(tab->compareText().contains(FleetText::routerTitle(RouterKind::LeastOutstanding)));
    }

    void chartsExportAndHelpExplains()
    {
        // The fleet's charts and heat map are offered by File > Export Chart once a fleet ran, and export.
        MainWindow& w = *m_window;
        const QStringList keys = w.charts()->keys();
        for (const QString& k :
            { QStringLiteral("fleet.running"), QStringLiteral("fleet.waiting"), QStringLiteral("fleet.residency") })
            QVERIFY2(keys.contains(k), qPrintable(k));
        QVERIFY(!keys.contains(QStringLiteral("fleet.compare"))); // no fleet B yet
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("residency.png"));
        QCOMPARE(w.charts()->exportChart(QStringLiteral("fleet.residency"), png, QSize(800, 500)), QString());
        QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 800);
        QCOMPARE(
            w.charts()->exportChart(QStringLiteral("fleet.waiting"), dir.filePath(QStringLiteral("w.svg"))), QString());
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("w.svg"))).size() > 0);
        // F1 on the Fleet tab explains it (not the general user guide).
        QCOMPARE(w.currentTabKey(), QStringLiteral("fleet"));
        QVERIFY(HelpTexts::tab(QStringLiteral("fleet")).contains(QStringLiteral("Fleet")));
        QVERIFY(HelpTexts::tab(QStringLiteral("fleet")) != HelpTexts::userGuide());
    }

    void chartTextsAreWhole_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1024x640") << QSize(1024, 640);
        QTest::newRow("1280x720") << QSize(1280, 720);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }
    void chartTextsAreWhole()
    {
        // With fleet B on, at a laptop's and a desktop's size: titles, axis titles and legends fit,
        // and no chart reaches past the grid's right edge (the grid scrolls down instead).
        QFETCH(QSize, size);
        auto* tab = m_window->fleetTab();
        qobject_cast<QCheckBox*>(tab->editor(QStringLiteral("compare")))->setChecked(true);
        QVERIFY(runAndWait(tab));
        m_window->resize(size);
        QTest::qWait(100);
        QCoreApplication::processEvents();
        PlotView::applyPending();
        ChartGrid* grid = tab->chartGrid();
        QCOMPARE(grid->charts().size(), 4);
        for (QWidget* chart : grid->charts()) {
            QVERIFY2(chart->geometry().right() < grid->viewport()->width() + 1, qPrintable(chart->objectName()));
            if (auto* plot = qobject_cast<PlotView*>(chart)) {
                QVERIFY(!plot->data().series.isEmpty());
                QVERIFY2(plot->clippedTexts().isEmpty(),
                    qPrintable(
                        plot->objectName() + QStringLiteral(": ") + plot->clippedTexts().join(QStringLiteral("; "))));
            }
        }
    }

    /// Not a check: the Fleet tab at the screen's size after a run, for the docs and for looking at:
    /// LORASCOPE_SCREENSHOTS=dir xvfb-run -a -s '-screen 0 1280x720x24' ./tst_fleettab -platform xcb screenshots
    void screenshots()
    {
        test::Screenshots shots;
        if (!shots.begin())
            QSKIP("set LORASCOPE_SCREENSHOTS=dir to save screenshots");
        MainWindow w;
        shots.showFullScreen(w);
        QVERIFY(test::waitIdle(w.document()));
        QVERIFY(w.showTab(QStringLiteral("fleet")));
        auto* tab = w.fleetTab();
        qobject_cast<QCheckBox*>(tab->editor(QStringLiteral("compare")))->setChecked(true);
        QVERIFY(runAndWait(tab));
        tab->decisionTable()->setCurrentIndex(tab->decisions()->index(3, 0));
        QVERIFY(shots.shoot(w, QStringLiteral("fleet")));
    }

private:
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestFleetTab)
#include "tst_fleettab.moc"
