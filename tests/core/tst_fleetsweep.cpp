// SPDX-License-Identifier: Apache-2.0
// Capacity in replicas (core/sweep/fleetsweep.h): the smallest fleet per SLO agrees with a plain
// sweep over every size; no size in range is said plainly; the saving over round-robin.

#include "sweep/fleetsweep.h"
#include "workload/presets.h"

#include <QTest>

using namespace lorascope;

namespace {

FleetSweepPlan plan()
{
    FleetSweepPlan p;
    p.base.spec = specForPreset("S4");
    p.base.spec.adapterCount = 50;
    p.base.spec.rate = 10;
    p.base.spec.duration = 60;
    p.base.config.scheduler.limits.maxTotalTokenNum = 30000;
    p.base.config.cost = loadCostModel("llama-7b-a10g");
    p.fleet = uniformFleet(1, p.base.config.scheduler, "llama-7b-a10g", RouterKind::RoundRobin);
    p.routers = { RouterKind::RoundRobin, RouterKind::GieLoraFilter };
    return p;
}

} // namespace

class TestFleetSweep : public QObject {
    Q_OBJECT
private slots:
    void minMatchesFullSweep()
    {
        // Every size from 1 to 8 swept; the search must name the smallest meeting size of each router.
        FleetSweepPlan p = plan();
        p.values = { 1, 2, 3, 4, 5, 6, 7, 8 };
        const FleetSweepRun run = runFleetSweep(p, {}, nullptr, 2);
        QCOMPARE(run.points.size(), std::size_t(16));
        const RouterSaving saving = routerSaving(run.points, p.routers);
        for (const SloTarget& slo : { SloTarget::sloraDefault() }) {
            const FleetCapacityResult r = findMinReplicas(p, 1, 8, { slo }, {}, nullptr, 2);
            QCOMPARE(r.answers.size(), std::size_t(2));
            for (std::size_t i = 0; i < 2; ++i) {
                QCOMPARE(r.answers[i].router, p.routers[i]);
                QCOMPARE(r.answers[i].minReplicas, saving.minMeeting[i].second);
                QCOMPARE(r.answers[i].gpus, saving.minMeeting[i].second);
                QVERIFY(r.answers[i].attainmentAtMin >= 0.9);
                QVERIFY(r.answers[i].attainmentBelow < 0.9);
            }
            // the search evaluated fewer sizes than the full sweep
            QVERIFY(r.evaluations.size() < 16);
        }
        // the measured answer of this workload: round-robin needs 5, GIE's LoRA affinity 4
        QCOMPARE(saving.minMeeting[0].second, 5);
        QCOMPARE(saving.minMeeting[1].second, 4);
        QCOMPARE(saving.best, RouterKind::GieLoraFilter);
        const auto lines = fleetSweepVerdict(p, run.points);
        QCOMPARE(
            QString::fromStdString(lines.back()), QStringLiteral("gie-lora-filter saves 1 replica over round-robin."));
    }

    void noneMeetsIsSaid()
    {
        FleetSweepPlan p = plan();
        const FleetCapacityResult r = findMinReplicas(p, 1, 2, {}, {}, nullptr, 1);
        for (const FleetCapacity& c : r.answers)
            QCOMPARE(c.outcome, FleetCapacity::Outcome::NoneMeets);
        const auto lines = r.describe(p);
        QVERIFY(QString::fromStdString(lines[1]).startsWith(
            QStringLiteral("  round-robin: no fleet size from 1 to 2 replicas meets it; at 2 replicas (2 GPUs)")));
        QCOMPARE(QString::fromStdString(lines.back()),
            QStringLiteral("  No fleet size in the range meets this SLO with any router."));
    }

    void eachSloItsOwnCost()
    {
        // A tighter SLO never needs fewer replicas than a looser one.
        FleetSweepPlan p = plan();
        p.routers = { RouterKind::LeastOutstanding };
        SloTarget tight = SloTarget::sloraDefault();
        tight.ttft = 1.0;
        const FleetCapacityResult r = findMinReplicas(p, 1, 10, { SloTarget::sloraDefault(), tight }, {}, nullptr, 2);
        QCOMPARE(r.answers.size(), std::size_t(2));
        QVERIFY(r.answers[1].minReplicas >= r.answers[0].minReplicas);
        QVERIFY(r.answers[0].minReplicas > 0);
    }

    void gpusCount()
    {
        FleetSweepPlan p = plan();
        p.fleet.groups[0].gpusPerReplica = 4;
        p.values = { 3 };
        p.routers = {};
        const FleetSweepRun run = runFleetSweep(p);
        QCOMPARE(run.points.front().gpus, 12);
        QCOMPARE(run.points.front().replicas, 3);
    }
};

QTEST_GUILESS_MAIN(TestFleetSweep)
#include "tst_fleetsweep.moc"
