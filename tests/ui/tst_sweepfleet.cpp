// SPDX-License-Identifier: Apache-2.0
// The Sweep tab's fleet sweep in the real main window: a small workload over 1 to 4 replicas with
// two routers draws one series per router with every point (the core's numbers, run directly on
// the same plan), the verdict says each router's smallest fleet (or none) in the words of the CLI's verdict and
// the chart marks it; "Find minimum replicas" gives the core's answer; the fleet settings of the
// Fleet and Sweep tabs survive a session file, and a session without them still loads.
#include "uitestutil.h"

#include "fleet/fleettab.h"
#include "sweep/fleetsweepview.h"
#include "sweep/sweeptab.h"
#include "workload/presets.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QListWidget>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>

using namespace lorascope;

namespace {

/// S1 with 20 adapters for 40 s at 3 req/s on S-LoRA's default server (6000 KV slots): one
/// replica cannot keep up, four can. The preset's generator seed is fixed.
void setSmall(Document* doc)
{
    WorkloadSpec s = specForPreset("S1");
    s.adapterCount = 20;
    s.duration = 40;
    s.rate = 3;
    SimulationConfig c = doc->admissionConfig();
    c.scheduler.limits = ServerLimits {};
    doc->setAdmission(c);
    doc->setSpec(s);
}

bool waitRun(SweepTab* tab, int timeoutMs = 180000)
{
    QSignalSpy spy(tab, &SweepTab::runFinished);
    return spy.wait(timeoutMs) || spy.count() > 0;
}

void chooseFleet(SweepTab* tab, const QStringList& routers, const QString& values)
{
    auto* source = qobject_cast<QComboBox*>(tab->editor(QStringLiteral("source")));
    source->setCurrentIndex(source->findData(int(SweepTab::Source::Fleet)));
    auto* axis = qobject_cast<QComboBox*>(tab->editor(QStringLiteral("fleetAxis")));
    axis->setCurrentIndex(axis->findData(int(FleetAxis::Replicas)));
    auto* list = qobject_cast<QListWidget*>(tab->editor(QStringLiteral("fleetRouters")));
    for (int i = 0; i < list->count(); ++i)
        list->item(i)->setCheckState(routers.contains(list->item(i)->text()) ? Qt::Checked : Qt::Unchecked);
    qobject_cast<QLineEdit*>(tab->editor(QStringLiteral("values")))->setText(values);
}

const PlotSeries* series(const PlotData& d, const QString& name)
{
    for (const auto& s : d.series)
        if (s.name == name)
            return &s;
    return nullptr;
}

} // namespace

class TestSweepFleet : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void sweepDrawsOneSeriesPerRouter()
    {
        MainWindow w;
        setSmall(w.document());
        QVERIFY(test::waitIdle(w.document()));
        auto* tab = w.sweepTab();
        chooseFleet(tab, { QStringLiteral("round-robin"), QStringLiteral("gie-lora-filter") }, QStringLiteral("1:4"));
        QVERIFY(tab->showsFleet());
        QVERIFY2(tab->problemText().isEmpty(), qPrintable(tab->problemText()));
        const auto plan = tab->fleetPlan();
        QVERIFY(plan);
        QCOMPARE(plan->values, (std::vector<double> { 1, 2, 3, 4 }));
        QVERIFY(tab->runSweep());
        QVERIFY(tab->isRunning());
        QVERIFY(waitRun(tab));
        QCOMPARE(int(tab->fleetModel()->points().size()), 8);
        QCOMPARE(tab->table()->model(), static_cast<QAbstractItemModel*>(tab->fleetModel()));

        // The core run directly on the same plan gives the same numbers.
        const FleetSweepRun core = runFleetSweep(*plan, {}, nullptr, 1);
        QCOMPARE(int(core.points.size()), 8);
        const PlotData d = tab->chart(QStringLiteral("attainment"))->data();
        QCOMPARE(d.x.title, QStringLiteral("fleet size (replicas)"));
        QCOMPARE(d.y.title, QStringLiteral("requests within the SLO (%)"));
        int routerSeries = 0;
        for (const RouterKind r : { RouterKind::RoundRobin, RouterKind::GieLoraFilter }) {
            const PlotSeries* s = series(d, QString::fromStdString(routerName(r)));
            QVERIFY(s);
            ++routerSeries;
            QCOMPARE(s->points.size(), 4);
            for (const FleetSweepPoint& p : core.points)
                if (p.router == r)
                    QCOMPARE(s->points[p.replicas - 1], QPointF(p.replicas, 100.0 * p.point.metrics.sloAttainment));
        }
        QCOMPARE(routerSeries, 2);
        // One replica cannot keep up at 3 req/s; four can.
        QVERIFY(!series(d, QStringLiteral("round-robin"))->points.front().y()
            || series(d, QStringLiteral("round-robin"))->points.front().y() < 90);
        QVERIFY(series(d, QStringLiteral("round-robin"))->points.back().y() >= 90);

        // The verdict: each router's smallest swept fleet (or none), the CLI's verdict in the user's language.
        const RouterSaving saving = routerSaving(core.points, plan->routers);
        const QString verdict = tab->verdictText();
        for (const auto& [router, min] : saving.minMeeting) {
            const QString name = QString::fromStdString(routerName(router));
            QVERIFY2(verdict.contains(min > 0 ? name + QStringLiteral(": the smallest swept fleet meeting")
                                              : name + QStringLiteral(": no swept fleet size meets")),
                qPrintable(verdict));
            if (min > 0)
                QVERIFY2(verdict.contains(QStringLiteral("has <b>%1 replica").arg(min)), qPrintable(verdict));
        }
        // The saving over round-robin, as the CLI's verdict has it.
        bool cliSaves = false;
        for (const std::string& line : fleetSweepVerdict(*plan, core.points))
            cliSaves = cliSaves || line.find(" saves ") != std::string::npos;
        QCOMPARE(verdict.contains(QStringLiteral(" saves ")), cliSaves);
        if (cliSaves)
            QVERIFY2(verdict.contains(QStringLiteral("<b>%1 saves %2 replica")
                                          .arg(QString::fromStdString(routerName(saving.best)))
                                          .arg(saving.roundRobinReplicas - saving.bestReplicas)),
                qPrintable(verdict));
        // The chart marks each router's minimum with a label naming the router and its replicas.
        QVERIFY(saving.bestReplicas > 0);
        bool labelled = false;
        for (const PlotLabel& l : d.labels)
            labelled = labelled
                || (l.at.x() == saving.bestReplicas
                    && l.text.contains(QString::fromStdString(routerName(saving.best))));
        QVERIFY(labelled);
        // Every fleet chart has one series per router and units on both axes.
        for (const QString& key : tab->chartKeys()) {
            const PlotData c = tab->chart(key)->data();
            QVERIFY2(series(c, QStringLiteral("round-robin")) && series(c, QStringLiteral("gie-lora-filter")),
                qPrintable(key));
            QVERIFY2(c.x.title.contains(QLatin1Char('(')) && c.y.title.contains(QLatin1Char('(')), qPrintable(key));
        }
        // Back to a single-server sweep the charts show that again; Fleet brings the fleet back.
        auto* source = qobject_cast<QComboBox*>(tab->editor(QStringLiteral("source")));
        source->setCurrentIndex(source->findData(int(SweepTab::Source::Current)));
        QVERIFY(!tab->showsFleet());
        QVERIFY(!series(tab->chart(QStringLiteral("attainment"))->data(), QStringLiteral("round-robin")));
        source->setCurrentIndex(source->findData(int(SweepTab::Source::Fleet)));
        QVERIFY(series(tab->chart(QStringLiteral("attainment"))->data(), QStringLiteral("round-robin")));
        QCOMPARE(tab->verdictText(), verdict);

        // Fleets too small for the SLO: each router says none, and nothing is marked.
        qobject_cast<QLineEdit*>(tab->editor(QStringLiteral("values")))->setText(QStringLiteral("1:2"));
        QVERIFY(tab->runSweep());
        QVERIFY(waitRun(tab));
        const QString none = tab->verdictText();
        QVERIFY2(none.contains(QStringLiteral("round-robin: no swept fleet size meets")), qPrintable(none));
        QVERIFY2(none.contains(QStringLiteral("gie-lora-filter: no swept fleet size meets")), qPrintable(none));
        QVERIFY2(none.contains(QStringLiteral("No swept fleet size meets the SLO with any router")), qPrintable(none));
        const PlotData small = tab->chart(QStringLiteral("attainment"))->data();
        QVERIFY(small.labels.isEmpty());
        QCOMPARE(series(small, QStringLiteral("round-robin"))->points.size(), 2);
    }

    void findMinimumReplicas()
    {
        MainWindow w;
        setSmall(w.document());
        QVERIFY(test::waitIdle(w.document()));
        auto* tab = w.sweepTab();
        chooseFleet(tab, { QStringLiteral("round-robin"), QStringLiteral("hrw") }, QStringLiteral("1:4"));
        QVERIFY(tab->editor(QStringLiteral("find"))->isEnabled());
        QVERIFY(tab->findCapacity());
        QVERIFY(waitRun(tab));
        QVERIFY(tab->fleetCapacity());
        const auto plan = tab->fleetPlan();
        QVERIFY(plan);
        const FleetCapacityResult core = findMinReplicas(*plan, 1, 4, { plan->base.slo }, {}, nullptr, 1);
        QCOMPARE(int(tab->fleetCapacity()->answers.size()), 2);
        for (std::size_t i = 0; i < core.answers.size(); ++i) {
            QCOMPARE(tab->fleetCapacity()->answers[i].minReplicas, core.answers[i].minReplicas);
            QCOMPARE(tab->fleetCapacity()->answers[i].outcome, core.answers[i].outcome);
        }
        const QString verdict = tab->verdictText();
        // Each router's answer, with its replicas and GPUs (or the range none of them met).
        for (const FleetCapacity& c : core.answers) {
            const QString name = QString::fromStdString(routerName(c.router));
            if (c.outcome == FleetCapacity::Outcome::Found)
                QVERIFY2(verdict.contains(QStringLiteral("%1: <b>%2 replica").arg(name).arg(c.minReplicas))
                        && verdict.contains(QStringLiteral("(%1 GPU").arg(c.gpus)),
                    qPrintable(verdict));
            else
                QVERIFY2(verdict.contains(
                             QStringLiteral("%1: no fleet size from %2 to %3 replica").arg(name).arg(c.lo).arg(c.hi)),
                    qPrintable(verdict));
        }
        // A staleness or router sweep has no fleet size to search.
        auto* axis = qobject_cast<QComboBox*>(tab->editor(QStringLiteral("fleetAxis")));
        axis->setCurrentIndex(axis->findData(int(FleetAxis::Staleness)));
        QVERIFY(!tab->editor(QStringLiteral("find"))->isEnabled());
        QCOMPARE(
            qobject_cast<QLineEdit*>(tab->editor(QStringLiteral("values")))->text(), QStringLiteral("0,50,200,1000"));
        // Bad values are named inline.
        qobject_cast<QLineEdit*>(tab->editor(QStringLiteral("values")))->setText(QStringLiteral("-5"));
        QVERIFY2(tab->problemText().contains(QStringLiteral("staleness")), qPrintable(tab->problemText()));
        QVERIFY(!tab->runSweep());
    }

    void sessionKeepsFleetSettings()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("fleet.lorascope.json"));
        {
            MainWindow w;
            QVERIFY(test::waitIdle(w.document()));
            FleetTab* fleet = w.fleetTab();
            qobject_cast<QSpinBox*>(fleet->editor(QStringLiteral("replicas")))->setValue(7);
            qobject_cast<QSpinBox*>(fleet->editor(QStringLiteral("gpus")))->setValue(2);
            auto* router = qobject_cast<QComboBox*>(fleet->editor(QStringLiteral("router")));
            router->setCurrentIndex(router->findData(int(RouterKind::Hrw)));
            qobject_cast<QDoubleSpinBox*>(fleet->editor(QStringLiteral("staleness")))->setValue(200);
            auto* placement = qobject_cast<QComboBox*>(fleet->editor(QStringLiteral("placement")));
            placement->setCurrentIndex(placement->findData(int(PlacementConfig::Kind::Static)));
            qobject_cast<QSpinBox*>(fleet->editor(QStringLiteral("copies")))->setValue(3);
            qobject_cast<QCheckBox*>(fleet->editor(QStringLiteral("compare")))->setChecked(true);
            auto* routerB = qobject_cast<QComboBox*>(fleet->editor(QStringLiteral("routerB")));
            routerB->setCurrentIndex(routerB->findData(int(RouterKind::LeastKv)));
            qobject_cast<QSpinBox*>(fleet->editor(QStringLiteral("replicasB")))->setValue(5);
            auto* tab = w.sweepTab();
            chooseFleet(tab, { QStringLiteral("random"), QStringLiteral("aibrix-lora") }, QStringLiteral("2,4,8"));
            qobject_cast<QSpinBox*>(tab->editor(QStringLiteral("fleetGpus")))->setValue(4);
            qobject_cast<QDoubleSpinBox*>(tab->editor(QStringLiteral("fleetStaleness")))->setValue(500);
            QCOMPARE(w.sessions()->save(path), QString());
            QVERIFY(test::waitIdle(w.document()));
        }
        MainWindow w2;
        QVERIFY(test::waitIdle(w2.document()));
        QCOMPARE(w2.sessions()->open(path), QString());
        const FleetConfig a = w2.fleetTab()->fleetConfig();
        QCOMPARE(a.replicaCount(), 7);
        QCOMPARE(a.groups[0].gpusPerReplica, 2);
        QCOMPARE(a.router.kind, RouterKind::Hrw);
        QCOMPARE(a.stalenessMs, 200.0);
        QCOMPARE(a.placement.kind, PlacementConfig::Kind::Static);
        QCOMPARE(a.placement.replicasPerAdapter, 3);
        QVERIFY(qobject_cast<QCheckBox*>(w2.fleetTab()->editor(QStringLiteral("compare")))->isChecked());
        const FleetConfig b = w2.fleetTab()->fleetConfig(true);
        QCOMPARE(b.router.kind, RouterKind::LeastKv);
        QCOMPARE(b.replicaCount(), 5);
        auto* tab = w2.sweepTab();
        QVERIFY(tab->showsFleet());
        const auto plan = tab->fleetPlan();
        QVERIFY2(plan, qPrintable(tab->problemText()));
        QCOMPARE(plan->axis, FleetAxis::Replicas);
        QCOMPARE(plan->routers, (std::vector<RouterKind> { RouterKind::Random, RouterKind::AibrixLora }));
        QCOMPARE(plan->values, (std::vector<double> { 2, 4, 8 }));
        QCOMPARE(plan->fleet.groups[0].gpusPerReplica, 4);
        QCOMPARE(plan->fleet.stalenessMs, 500.0);
        QVERIFY(test::waitIdle(w2.document()));

        // A session written before these settings existed (no "fleet", no "sweepFleet") still
        // loads, and the tabs keep their own settings.
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
        f.close();
        QJsonObject view = root.value(QStringLiteral("view")).toObject();
        QVERIFY(view.contains(QStringLiteral("fleet")) && view.contains(QStringLiteral("sweepFleet")));
        view.remove(QStringLiteral("fleet"));
        view.remove(QStringLiteral("sweepFleet"));
        root.insert(QStringLiteral("view"), view);
        const QString old = dir.filePath(QStringLiteral("old.lorascope.json"));
        QFile o(old);
        QVERIFY(o.open(QIODevice::WriteOnly));
        o.write(QJsonDocument(root).toJson());
        o.close();
        MainWindow w3;
        QVERIFY(test::waitIdle(w3.document()));
        QCOMPARE(w3.sessions()->open(old), QString());
        QCOMPARE(w3.fleetTab()->fleetConfig().replicaCount(), 4); // the tab's default
        QCOMPARE(w3.fleetTab()->fleetConfig().router.kind, RouterKind::GieLoraFilter);
        QVERIFY(!w3.sweepTab()->showsFleet());
        QVERIFY(test::waitIdle(w3.document()));
    }

    /// LORASCOPE_SCREENSHOTS=dir xvfb-run -a -s '-screen 0 1280x720x24' ./tst_sweepfleet -platform xcb screenshots
    void screenshots()
    {
        test::Screenshots shots;
        if (!shots.begin())
            QSKIP("set LORASCOPE_SCREENSHOTS=dir to save screenshots");
        MainWindow w;
        shots.showFullScreen(w);
        setSmall(w.document());
        QVERIFY(test::waitIdle(w.document()));
        QVERIFY(w.showTab(QStringLiteral("sweep")));
        auto* tab = w.sweepTab();
        chooseFleet(tab, { QStringLiteral("round-robin"), QStringLiteral("gie-lora-filter"), QStringLiteral("hrw") },
            QStringLiteral("1:6"));
        QVERIFY(tab->findCapacity());
        QVERIFY(waitRun(tab));
        QVERIFY(shots.shoot(w, QStringLiteral("sweep-fleet")));
    }
};

QTEST_MAIN(TestSweepFleet)
#include "tst_sweepfleet.moc"
