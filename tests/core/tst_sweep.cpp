// SPDX-License-Identifier: Apache-2.0
// core/sweep: parameters and value lists, the per-point metrics (hand-made request lists with known
// answers), the parallel sweep (streaming, determinism, cancel), the capacity finder and the
// results files. The S-LoRA paper data has its own test (tst_sweeppaper).

#include "sweep/finder.h"
#include "sweep/sweepio.h"
#include "util/error.h"
#include "workload/presets.h"

#include "testutil.h"

#include <QtTest>

#include <atomic>
#include <mutex>

using namespace lorascope;

namespace {

/// A short, cheap base: S1 adapters on the A10G cost model, 60 s.
SweepPlan smallPlan()
{
    SweepPlan plan;
    plan.spec = specForPreset("S1");
    plan.spec.adapterCount = 20;
    plan.spec.duration = 60;
    plan.config.cost = *findCostModel("llama-7b-a10g");
    plan.config.clock = ClockKind::Model;
    plan.param = SweepParam::Rate;
    return plan;
}

QString message(const std::function<void()>& f)
{
    try {
        f();
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

RequestTiming timing(double arrival, double first, double finish, std::uint32_t out = 11, std::uint32_t adapter = 0)
{
    RequestTiming r;
    r.arrival = arrival;
    r.start = arrival;
    r.firstToken = first;
    r.finish = finish;
    r.outputLen = out;
    r.adapter = adapter;
    r.completed = !std::isnan(finish);
    return r;
}

} // namespace

class TestSweep : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void values_data();
    void values();
    void badValues_data();
    void badValues();
    void notApplicable_data();
    void notApplicable();
    void applyValue();
    void slo();
    void badSlo_data();
    void badSlo();
    void metricsKnownAnswers();
    void steadyIsNotSaturated();
    void growingBacklogIsSaturated();
    void lossesCountRefusalsDoNot();
    void sweepStreamsAndIsDeterministic();
    void sweepCancelKeepsFinished();
    void checkPlanRejects();
    void finderBrackets();
    void finderNoneMeets();
    void finderAllMeet();
    void finderIntegerParameter();
    void verdict();
    void filesRoundTrip();
    void badFiles();
};

void TestSweep::values_data()
{
    QTest::addColumn<QString>("param");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("points");
    QTest::addColumn<QList<double>>("expected");
    QTest::newRow("list") << "rate" << "1, 2,4" << 0 << QList<double> { 1, 2, 4 };
    QTest::newRow("range lands on HI") << "rate" << "0.5:2:0.5" << 0 << QList<double> { 0.5, 1, 1.5, 2 };
    QTest::newRow("range 0.1 steps, no drift") << "cv" << "0.1:0.5:0.1" << 0 << QList<double> { 0.1, 0.2, 0.3, 0.4, 0.5 };
    QTest::newRow("range stops before HI") << "rate" << "1:2.2:0.5" << 0 << QList<double> { 1, 1.5, 2 };
    QTest::newRow("descending") << "rate" << "4:1:-1" << 0 << QList<double> { 4, 3, 2, 1 };
    QTest::newRow("points") << "rate" << "1:3" << 5 << QList<double> { 1, 1.5, 2, 2.5, 3 };
    QTest::newRow("integer points dedupe") << "adapters" << "0:3" << 7 << QList<double> { 0, 1, 2, 3 };
    QTest::newRow("adapters list") << "adapters" << "0,1,100" << 0 << QList<double> { 0, 1, 100 };
    QTest::newRow("server") << "max_total_token_num" << "6000:12000:3000" << 0 << QList<double> { 6000, 9000, 12000 };
    QTest::newRow("single") << "rate" << "3" << 0 << QList<double> { 3 };
}

void TestSweep::values()
{
    QFETCH(QString, param);
    QFETCH(QString, text);
    QFETCH(int, points);
    QFETCH(QList<double>, expected);
    const auto p = sweepParamFromName(param.toStdString());
    QVERIFY(p);
    const auto v = parseSweepValues(*p, text.toStdString(), std::size_t(points));
    QCOMPARE(int(v.size()), int(expected.size()));
    for (int i = 0; i < expected.size(); ++i)
        QVERIFY2(std::abs(v[std::size_t(i)] - expected[i]) < 1e-12, qPrintable(QString::number(v[std::size_t(i)], 'g', 17)));
}

void TestSweep::badValues_data()
{
    QTest::addColumn<QString>("param");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("points");
    QTest::addColumn<QString>("needle");
    QTest::newRow("zero step") << "rate" << "1:10:0" << 0 << "step must not be 0";
    QTest::newRow("step away") << "rate" << "1:10:-1" << 0 << "goes away from HI";
    QTest::newRow("a million points") << "rate" << "0.001:1000:0.001" << 0 << "at most 1000";
    QTest::newRow("too many list values") << "seed" << QString::fromStdString([] {
        std::string s;
        for (int i = 0; i < 1001; ++i)
            s += std::to_string(i) + ",";
        return s + "5000";
    }()) << 0 << "at most 1000";
    QTest::newRow("negative rate") << "rate" << "-1:5:1" << 0 << "rate must be > 0 (got -1)";
    QTest::newRow("zero rate in list") << "rate" << "0,1" << 0 << "rate must be > 0";
    QTest::newRow("half an adapter") << "adapters" << "1.5,2" << 0 << "whole number";
    QTest::newRow("integer step") << "adapters" << "1:3:0.5" << 0 << "whole numbers";
    QTest::newRow("garbage") << "rate" << "1,two" << 0 << "expected a number";
    QTest::newRow("empty") << "rate" << " " << 0 << "no values";
    QTest::newRow("duplicate") << "rate" << "1,2,1" << 0 << "appears twice";
    QTest::newRow("no step") << "rate" << "1:5" << 0 << "needs a step";
    QTest::newRow("step and points") << "rate" << "1:5:1" << 3 << "not both";
    QTest::newRow("too many points") << "rate" << "1:5" << 5000 << "at most 1000";
    QTest::newRow("three colons") << "rate" << "1:2:3:4" << 0 << "LO:HI:STEP";
    QTest::newRow("infinite") << "rate" << "inf" << 0 << "expected a number";
}

void TestSweep::badValues()
{
    QFETCH(QString, param);
    QFETCH(QString, text);
    QFETCH(int, points);
    QFETCH(QString, needle);
    const auto p = sweepParamFromName(param.toStdString());
    QVERIFY(p);
    const QString msg = message([&] { parseSweepValues(*p, text.toStdString(), std::size_t(points)); });
    QVERIFY2(msg.contains(needle), qPrintable(msg));
    QVERIFY2(msg.startsWith(QStringLiteral("--values")), qPrintable(msg)); // names the flag
}

void TestSweep::notApplicable_data()
{
    QTest::addColumn<QString>("param");
    QTest::addColumn<QString>("setup");
    QTest::addColumn<QString>("needle");
    QTest::newRow("cv, poisson") << "cv" << "poisson" << "Poisson arrivals always have cv = 1";
    QTest::newRow("cv, constant") << "cv" << "constant" << "constant arrivals";
    QTest::newRow("alpha, zipf") << "alpha" << "zipf" << "not the power law";
    QTest::newRow("alpha, one adapter") << "alpha" << "n1" << "changes nothing";
    QTest::newRow("zipf_s, slora generator") << "zipf_s" << "slora" << "always uses S-LoRA's power law";
    QTest::newRow("rate, on-off") << "rate" << "onoff" << "on/off rates or the rate schedule";
    QTest::newRow("adapters, weights") << "adapters" << "weights" << "fixes the number of adapters";
    QTest::newRow("batch_max_tokens, vllm") << "batch_max_tokens" << "vllm" << "S-LoRA setting and the policy is vllm";
    QTest::newRow("max_num_seqs, slora") << "max_num_seqs" << "" << "vLLM setting and the policy is slora";
    QTest::newRow("rate applies") << "rate" << "" << "";
    QTest::newRow("cv, slora generator ignores constant") << "cv" << "slora-constant" << "";
}

void TestSweep::notApplicable()
{
    QFETCH(QString, param);
    QFETCH(QString, setup);
    QFETCH(QString, needle);
    WorkloadSpec spec = specForPreset("S2");
    SimulationConfig config;
    if (setup == QLatin1String("poisson"))
        spec.arrival.kind = ArrivalKind::Poisson;
    if (setup == QLatin1String("constant"))
        spec.arrival.kind = ArrivalKind::Constant;
    if (setup == QLatin1String("zipf"))
        spec.popularity.kind = PopularityKind::Zipf;
    if (setup == QLatin1String("n1"))
        spec.adapterCount = 1;
    if (setup == QLatin1String("slora"))
        spec.generator = GeneratorKind::Slora;
    if (setup == QLatin1String("slora-constant")) {
        spec.generator = GeneratorKind::Slora;
        spec.arrival.kind = ArrivalKind::Constant;
    }
    if (setup == QLatin1String("onoff"))
        spec.arrival.kind = ArrivalKind::OnOff;
    if (setup == QLatin1String("weights")) {
        spec.popularity.kind = PopularityKind::Weights;
        spec.popularity.weights.assign(spec.adapterCount, 1.0);
    }
    if (setup == QLatin1String("vllm"))
        config.scheduler.policy = PolicyKind::Vllm;
    const auto why = QString::fromStdString(sweepParamNotApplicable(*sweepParamFromName(param.toStdString()), spec, config));
    if (needle.isEmpty())
        QVERIFY2(why.isEmpty(), qPrintable(why));
    else
        QVERIFY2(why.contains(needle) && why.startsWith(param), qPrintable(why));
}

void TestSweep::applyValue()
{
    WorkloadSpec spec = specForPreset("S4");
    SimulationConfig config;
    applySweepValue(SweepParam::MaxTotalTokenNum, 65000, spec, config);
    QCOMPARE(spec.limits.maxTotalTokenNum, std::int64_t(65000));
    QCOMPARE(config.scheduler.limits.maxTotalTokenNum, std::int64_t(65000)); // the spec's limits are the server's
    applySweepValue(SweepParam::Adapters, 400, spec, config);
    QCOMPARE(spec.adapterCount, 400u);
    applySweepValue(SweepParam::MaxWaitTokens, 20, spec, config);
    QCOMPARE(config.scheduler.maxWaitTokens, 20);
    applySweepValue(SweepParam::OutputMax, 1024, spec, config);
    QCOMPARE(spec.output.hi, std::int64_t(1024));
    QCOMPARE(sweepParamValue(SweepParam::OutputMax, spec, config), 1024.0);
    QCOMPARE(sweepParamValue(SweepParam::BatchMaxTokens, spec, config), double(spec.limits.effectiveBatchMaxTokens()));
    // Every parameter round-trips its value and has a name that reads back.
    for (const SweepParamInfo& p : sweepParams()) {
        QCOMPARE(sweepParamFromName(p.name).value(), p.id);
        const double v = p.integer ? 7 : 0.7;
        if (!checkSweepValue(p.id, v).empty())
            continue;
        WorkloadSpec s = specForPreset("S2");
        SimulationConfig c;
        applySweepValue(p.id, v, s, c);
        QCOMPARE(sweepParamValue(p.id, s, c), v);
    }
    QCOMPARE(sweepParamFromName("num_adapters").value(), SweepParam::Adapters);
    QCOMPARE(sweepParamFromName("max-total-token-num").value(), SweepParam::MaxTotalTokenNum);
    QVERIFY(!sweepParamFromName("bogus"));
}

void TestSweep::slo()
{
    SloTarget s = parseSloTarget("ttft=6s,tpot=100ms,attainment=90%");
    QCOMPARE(*s.ttft, 6.0);
    QCOMPARE(*s.tpot, 0.1);
    QVERIFY(!s.e2e);
    QCOMPARE(s.attainment, 0.9);
    s = parseSloTarget("ttft=500,e2el=30s"); // bare numbers are ms (as replay --slo)
    QCOMPARE(*s.ttft, 0.5);
    QCOMPARE(*s.e2e, 30.0);
    QCOMPARE(s.attainment, 0.9);
    s = parseSloTarget("attainment=0.99"); // no bound given: S-LoRA's 6 s
    QCOMPARE(*s.ttft, 6.0);
    QCOMPARE(s.attainment, 0.99);
    QCOMPARE(QString::fromStdString(SloTarget::sloraDefault().describe()), QStringLiteral("TTFT ≤ 6 s for ≥ 90 % of requests"));
    QCOMPARE(QString::fromStdString(parseSloTarget("tpot=50ms,attainment=0.5").describe()), QStringLiteral("TPOT ≤ 50 ms for ≥ 50 % of requests"));
}

void TestSweep::badSlo_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("needle");
    QTest::newRow("negative") << "ttft=-1s" << "must be > 0";
    QTest::newRow("attainment > 1") << "attainment=1.5" << "attainment must be in (0, 1]";
    QTest::newRow("attainment with a unit") << "attainment=5s" << "share of requests";
    QTest::newRow("unknown") << "p99=3s" << "unknown item \"p99\"";
    QTest::newRow("not a number") << "ttft=fast" << "is not NAME=NUMBER";
    QTest::newRow("no equals") << "ttft" << "expected NAME=VALUE";
    QTest::newRow("percent time") << "ttft=5%" << "is a time";
    QTest::newRow("empty") << "" << "empty";
}

void TestSweep::badSlo()
{
    QFETCH(QString, text);
    QFETCH(QString, needle);
    const QString msg = message([&] { parseSloTarget(text.toStdString()); });
    QVERIFY2(msg.contains(needle) && msg.startsWith(QStringLiteral("--slo")), qPrintable(msg));
}

void TestSweep::metricsKnownAnswers()
{
    // 10 requests, one a second; request i has TTFT 0.1·(i+1) s and E2E 1 + i s with 11 tokens.
    MetricsInput in;
    in.window = 10;
    in.adapterNames = { "a", "b" };
    in.adapterRanks = { 8, 64 };
    for (int i = 0; i < 10; ++i)
        in.requests.push_back(timing(i, i + 0.1 * (i + 1), i + 1.0 + i, 11, std::uint32_t(i % 2)));
    SloTarget slo;
    slo.ttft = 0.55; // requests 0..4 meet it
    slo.attainment = 0.5;
    const PointMetrics m = computeMetrics(in, slo, {});
    QCOMPARE(m.requests, 10ull);
    QCOMPARE(m.completed, 10ull);
    QCOMPARE(m.ttft.count, 10ull);
    QVERIFY(std::abs(m.ttft.mean - 0.55) < 1e-12);
    QVERIFY(std::abs(m.ttft.p50 - 0.55) < 1e-12); // NumPy: halfway between 0.5 and 0.6
    QVERIFY(std::abs(m.ttft.p90 - 0.91) < 1e-12);
    QVERIFY(std::abs(m.e2e.mean - 5.5) < 1e-12);
    // TPOT = (E2E − TTFT) / (11 − 1)
    QVERIFY(std::abs(m.tpot.p50 - (5.5 - 0.55) / 10.0) < 1e-12);
    QCOMPARE(m.sloAttainment, 0.5);
    QVERIFY(m.meetsSlo);
    QCOMPARE(m.sloraAttainment, 1.0); // every first token within 6 s
    // S-LoRA's benchmark time: from 0 to the last completion (request 9 at 9 + 10 = 19 s)
    QCOMPARE(m.benchmarkTime, 19.0);
    QCOMPARE(m.throughput, 10.0 / 19.0);
    QCOMPARE(m.goodput, 5.0 / 19.0);
    QCOMPARE(m.tokenThroughput, 110.0 / 19.0);

    const auto per = computeAdapterMetrics(in, slo);
    QCOMPARE(int(per.size()), 2);
    QCOMPARE(per[0].name, std::string("a"));
    QCOMPARE(per[0].rank, 8);
    QCOMPARE(per[0].requests, 5ull);
    QCOMPARE(per[0].sloAttainment, 3.0 / 5.0); // requests 0, 2, 4
    QCOMPARE(per[1].sloAttainment, 2.0 / 5.0); // requests 1, 3

    // Trimming: warm-up leaves the first requests out of everything.
    for (auto& r : in.requests)
        r.inWindow = r.arrival >= 5;
    const PointMetrics t = computeMetrics(in, slo, {});
    QCOMPARE(t.requests, 5ull);
    QCOMPARE(t.sloAttainment, 0.0);
    QCOMPARE(t.benchmarkTime, 19.0 - 5.0);

    // An SLO on TPOT alone; a one-token answer has no TPOT and is not held against it.
    SloTarget tpot;
    tpot.tpot = 0.5;
    tpot.attainment = 1.0;
    MetricsInput one;
    one.window = 2;
    one.adapterNames = { "" };
    one.requests = { timing(0, 0.2, 0.2, 1), timing(1, 1.2, 1.7, 2) };
    QVERIFY(computeMetrics(one, tpot, {}).meetsSlo);
}

void TestSweep::steadyIsNotSaturated()
{
    // 1 request/s for 300 s, each served in 2 s: a stable backlog of ~2.
    MetricsInput in;
    in.window = 300;
    in.adapterNames = { "" };
    for (int i = 0; i < 300; ++i)
        in.requests.push_back(timing(i, i + 0.1, i + 2.0));
    const PointMetrics m = computeMetrics(in, SloTarget::sloraDefault(), {});
    QVERIFY(std::abs(m.offeredRate - 1.0) < 0.01);
    QVERIFY2(std::abs(m.achievedRatio - 1.0) < 0.005, qPrintable(QString::number(m.achievedRatio)));
    QVERIFY(!m.saturated);
    QVERIFY(!m.overSaturation.detected);
    QCOMPARE(m.windowStart, 30.0);
    QCOMPARE(m.windowEnd, 270.0);
}

void TestSweep::growingBacklogIsSaturated()
{
    // 1 request/s offered, a server that finishes one every 2 s in order: capacity 0.5/s, the
    // queue grows by 0.5 a second and the TTFT with it.
    MetricsInput in;
    in.window = 300;
    in.adapterNames = { "" };
    for (int i = 0; i < 300; ++i) {
        const double done = 2.0 * (i + 1);
        in.requests.push_back(timing(i, done - 0.5, done));
    }
    const PointMetrics m = computeMetrics(in, SloTarget::sloraDefault(), {});
    QVERIFY2(std::abs(m.achievedRatio - 0.5) < 0.02, qPrintable(QString::number(m.achievedRatio)));
    QVERIFY(std::abs(m.achievedRate - 0.5) < 0.02);
    QVERIFY(m.saturated);
    // The steady window starts after the ramp-up: here the 90th percentile of E2E is beyond half
    // the trace, so it is [150 s, 270 s], over which the backlog grows by 0.5/s × 120 s.
    QCOMPARE(m.windowStart, 150.0);
    QVERIFY2(std::abs(m.backlogGrowth - 60) < 3, qPrintable(QString::number(m.backlogGrowth)));
    // GuideLLM's test: in flight and TTFT both climb; it needs 30 s and TTFTs above 2.5 s.
    QVERIFY(m.overSaturation.detected);
    QVERIFY(m.overSaturation.at >= 30.0);
    QVERIFY(!m.meetsSlo);
}

void TestSweep::lossesCountRefusalsDoNot()
{
    // Every 10th request dropped (an abort queue): 10 % lost, achieved/offered 0.9.
    MetricsInput in;
    in.window = 200;
    in.adapterNames = { "" };
    for (int i = 0; i < 200; ++i) {
        RequestTiming r = timing(i, i + 0.1, i + 1.0);
        if (i % 10 == 0) {
            r.lost = true;
            r.completed = false;
            r.finish = NAN;
        }
        in.requests.push_back(r);
    }
    PointMetrics m = computeMetrics(in, SloTarget::sloraDefault(), {});
    QVERIFY2(std::abs(m.achievedRatio - 0.9) < 0.02, qPrintable(QString::number(m.achievedRatio)));
    QVERIFY(m.saturated);
    QCOMPARE(m.lost, 20ull);
    QCOMPARE(m.sloraAttainment, 0.9); // lost requests miss
    // The same requests refused by the per-request limits are not offered load: not saturated.
    for (auto& r : in.requests)
        r.refused = r.lost;
    m = computeMetrics(in, SloTarget::sloraDefault(), {});
    QVERIFY(std::abs(m.achievedRatio - 1.0) < 0.005);
    QVERIFY(!m.saturated);
}

void TestSweep::sweepStreamsAndIsDeterministic()
{
    SweepPlan plan = smallPlan();
    plan.values = { 0.5, 1, 2, 8 };
    std::mutex mutex;
    std::vector<std::size_t> streamed;
    const SweepRun two = runPreviewSweep(
        plan,
        [&](const SweepPoint& p) {
            std::lock_guard lock(mutex);
            streamed.push_back(p.index);
        },
        nullptr, 2);
    QCOMPARE(int(two.points.size()), 4);
    QCOMPARE(int(streamed.size()), 4);
    QVERIFY(!two.cancelled);
    for (std::size_t i = 0; i < 4; ++i) {
        QCOMPARE(two.points[i].index, i);
        QCOMPARE(two.points[i].value, plan.values[i]);
        QCOMPARE(two.points[i].spec.rate, plan.values[i]);
        QCOMPARE(two.points[i].metrics.requests, two.points[i].metrics.completed + two.points[i].metrics.lost + two.points[i].metrics.unfinished);
        QVERIFY(two.points[i].metrics.requests > 0);
        QVERIFY(!two.points[i].perAdapter.empty());
    }
    // More load, more throughput while the server keeps up.
    QVERIFY(two.points[1].metrics.throughput > two.points[0].metrics.throughput);
    QVERIFY(two.points[2].metrics.throughput > two.points[1].metrics.throughput);
    // The points do not depend on the thread count (each is its own seeded trace).
    const SweepRun one = runPreviewSweep(plan, {}, nullptr, 1);
    for (std::size_t i = 0; i < 4; ++i) {
        QCOMPARE(one.points[i].metrics.throughput, two.points[i].metrics.throughput);
        QCOMPARE(one.points[i].metrics.ttft.p99, two.points[i].metrics.ttft.p99);
        QCOMPARE(one.points[i].metrics.achievedRatio, two.points[i].metrics.achievedRatio);
    }
    // A point equals a single preview of the same settings.
    const SweepPoint single = previewPoint(plan, 2, 2.0);
    QCOMPARE(single.metrics.e2e.mean, two.points[2].metrics.e2e.mean);
}

void TestSweep::sweepCancelKeepsFinished()
{
    SweepPlan plan = smallPlan();
    plan.values = parseSweepValues(SweepParam::Rate, "0.5:20:0.5");
    std::atomic<bool> cancel { false };
    std::atomic<int> seen { 0 };
    const SweepRun run = runPreviewSweep(
        plan,
        [&](const SweepPoint&) {
            if (++seen == 2)
                cancel = true;
        },
        &cancel, 2);
    QVERIFY(run.cancelled);
    QVERIFY(run.points.size() >= 2);
    QVERIFY(run.points.size() < plan.values.size());
    QCOMPARE(int(run.points.size()), seen.load()); // every streamed point is kept, none half done
}

void TestSweep::checkPlanRejects()
{
    SweepPlan plan = smallPlan();
    plan.values = {};
    QVERIFY(message([&] { checkPlan(plan); }).contains(QStringLiteral("no values")));
    plan.values = { 1, 2 };
    plan.spec.arrival.kind = ArrivalKind::Poisson;
    plan.param = SweepParam::Cv;
    QVERIFY(message([&] { checkPlan(plan); }).contains(QStringLiteral("cv does not apply")));
    plan = smallPlan();
    plan.param = SweepParam::Duration;
    plan.values = { 10, 100 };
    plan.warmup = 6;
    plan.cooldown = 6;
    const QString msg = message([&] { checkPlan(plan); });
    QVERIFY2(msg.contains(QStringLiteral("leave nothing")) && msg.contains(QStringLiteral("duration = 10")), qPrintable(msg));
    // A value that makes the spec invalid is named with the spec's message.
    plan = smallPlan();
    plan.param = SweepParam::InputMax;
    plan.values = { 4 }; // below the input range's low end 8
    QVERIFY(message([&] { checkPlan(plan); }).contains(QStringLiteral("at input_max = 4")));
}

void TestSweep::finderBrackets()
{
    SweepPlan plan = smallPlan();
    plan.spec.rate = 1;
    FinderOptions o;
    o.tolerance = 0.02;
    std::vector<double> streamed;
    std::mutex mutex;
    const CapacityResult r = findCapacityPreview(
        plan, o,
        [&](const SweepPoint& p) {
            std::lock_guard lock(mutex);
            streamed.push_back(p.value);
        },
        nullptr, 2);
    QCOMPARE(r.outcome, CapacityResult::Outcome::Found);
    QVERIFY(r.capacity < r.firstFailing);
    QVERIFY2(r.firstFailing - r.capacity <= 0.02 * r.capacity + 1e-12, qPrintable(QString::number(r.firstFailing - r.capacity)));
    QCOMPARE(streamed.size(), r.evaluations.size());
    // The bracket is what a direct preview says at both ends.
    QVERIFY(previewPoint(plan, 0, r.capacity).metrics.meetsSlo);
    QVERIFY(!previewPoint(plan, 0, r.firstFailing).metrics.meetsSlo);
    // Every evaluated point below the capacity meets the SLO here (monotone in this range).
    for (const SweepPoint& p : r.evaluations)
        if (p.value <= r.capacity)
            QVERIFY(p.metrics.meetsSlo || !r.notes.empty());
    // The saturation point is bracketed the same way and agrees with the points.
    QCOMPARE(r.saturationOutcome, CapacityResult::Saturation::Found);
    QVERIFY(r.lastUnsaturated < r.saturation);
    for (const SweepPoint& p : r.evaluations) {
        if (p.value == r.saturation)
            QVERIFY(p.metrics.saturated);
        if (p.value == r.lastUnsaturated)
            QVERIFY(!p.metrics.saturated);
    }
    // Ranks summarised; sentences name the capacity and the SLO.
    QVERIFY(!r.ranks.empty());
    const auto lines = r.describe();
    QVERIFY(QString::fromStdString(lines.front()).startsWith(QStringLiteral("capacity R = ")));
    QVERIFY(QString::fromStdString(lines.front()).contains(QStringLiteral("TTFT ≤ 6 s")));
}

void TestSweep::finderNoneMeets()
{
    SweepPlan plan = smallPlan();
    plan.slo.ttft = 0.001; // no prefill is that fast
    FinderOptions o;
    o.lo = 0.1;
    o.hi = 4;
    const CapacityResult r = findCapacityPreview(plan, o, {}, nullptr, 2);
    QCOMPARE(r.outcome, CapacityResult::Outcome::NoneMeets);
    QCOMPARE(r.lowest, 0.1);
    QVERIFY(r.attainmentAtLowest < 0.9);
    const QString text = QString::fromStdString(r.describe().front());
    QVERIFY2(text.contains(QStringLiteral("no rate tried")) && text.contains(QStringLiteral("points short")), qPrintable(text));
}

void TestSweep::finderAllMeet()
{
    SweepPlan plan = smallPlan();
    plan.slo.ttft = 1e6;
    FinderOptions o;
    o.lo = 0.1;
    o.hi = 0.4;
    o.findSaturation = true;
    const CapacityResult r = findCapacityPreview(plan, o, {}, nullptr, 2);
    QCOMPARE(r.outcome, CapacityResult::Outcome::AllMeet);
    QCOMPARE(r.highest, 0.4);
    QCOMPARE(r.saturationOutcome, CapacityResult::Saturation::Never);
    const auto lines = r.describe();
    QVERIFY(QString::fromStdString(lines[0]).contains(QStringLiteral("raise the top")));
    QVERIFY(QString::fromStdString(lines[1]).contains(QStringLiteral("never saturates")));
}

void TestSweep::finderIntegerParameter()
{
    SweepPlan plan = smallPlan();
    plan.spec.rate = 1.5;
    plan.spec.limits.maxTotalTokenNum = 4000;
    plan.param = SweepParam::Adapters;
    plan.spec.adapterCount = 4;
    FinderOptions o;
    o.lo = 1;
    o.hi = 64;
    o.findSaturation = false;
    const CapacityResult r = findCapacityPreview(plan, o, {}, nullptr, 2);
    for (const SweepPoint& p : r.evaluations)
        QCOMPARE(p.value, std::round(p.value)); // whole adapters only
    if (r.outcome == CapacityResult::Outcome::Found)
        QCOMPARE(r.firstFailing - r.capacity, 1.0);
    QVERIFY(message([&] {
        FinderOptions bad = o;
        bad.lo = 64;
        bad.hi = 1;
        findCapacityPreview(plan, bad);
    }).contains(QStringLiteral("empty search range")));
}

void TestSweep::verdict()
{
    SweepPlan plan = smallPlan();
    plan.values = { 0.5, 6 };
    const SweepRun run = runPreviewSweep(plan, {}, nullptr, 2);
    const SweepVerdict v = sweepVerdict(plan, run.points);
    QCOMPARE(v.largestMeeting, 0.5);
    QCOMPARE(v.firstSaturated, 6.0);
    QVERIFY(QString::fromStdString(v.lines[0]).contains(QStringLiteral("R = 0.5 req/s")));
    plan.values = { 0.2, 0.3 };
    const SweepVerdict calm = sweepVerdict(plan, runPreviewSweep(plan, {}, nullptr, 2).points);
    QVERIFY(std::isnan(calm.firstSaturated));
    QVERIFY(QString::fromStdString(calm.lines[1]).startsWith(QStringLiteral("no point saturates")));
}

void TestSweep::filesRoundTrip()
{
    test::TempDir dir;
    SweepPlan plan = smallPlan();
    plan.values = { 0.5, 2 };
    const SweepRun run = runPreviewSweep(plan, {}, nullptr, 2);
    for (const char* name : { "s.jsonl", "s.csv" }) {
        const std::string path = dir.file(name);
        {
            SweepWriter w(path, plan, "preview");
            for (const SweepPoint& p : run.points)
                w.append(p);
            QCOMPARE(w.written(), 2u);
        }
        const SweepFile f = readSweepFile(path);
        QCOMPARE(f.param, SweepParam::Rate);
        QCOMPARE(int(f.points.size()), 2);
        QCOMPARE(f.costModel, std::string("llama-7b-a10g"));
        for (int i = 0; i < 2; ++i) {
            const PointMetrics& a = run.points[std::size_t(i)].metrics;
            const PointMetrics& b = f.points[std::size_t(i)].metrics;
            QCOMPARE(f.points[std::size_t(i)].value, plan.values[std::size_t(i)]);
            QVERIFY(std::abs(a.throughput - b.throughput) <= 1e-8 * a.throughput);
            QVERIFY(std::abs(a.ttft.p90 - b.ttft.p90) <= 1e-8 * a.ttft.p90);
            QVERIFY(std::abs(a.e2e.p99 - b.e2e.p99) <= 1e-8 * a.e2e.p99);
            QCOMPARE(a.meetsSlo, b.meetsSlo);
            QCOMPARE(a.saturated, b.saturated);
        }
        if (std::string(name) == "s.jsonl") {
            QVERIFY(f.spec.has_value());
            QCOMPARE(f.spec->adapterCount, 20u);
            QCOMPARE(f.points[0].perAdapter.size(), run.points[0].perAdapter.size());
            QCOMPARE(f.points[0].spec.rate, 0.5);
            QCOMPARE(*f.slo.ttft, 6.0);
        }
    }
    // The finder's line is read over.
    {
        SweepWriter w(dir.file("c.jsonl"), plan, "preview");
        w.append(run.points[0]);
        CapacityResult r;
        w.appendCapacity(r);
    }
    QCOMPARE(int(readSweepFile(dir.file("c.jsonl")).points.size()), 1);
}

void TestSweep::badFiles()
{
    test::TempDir dir;
    auto expectError = [&](const std::string& name, const std::string& text, const QString& needle) {
        test::writeText(dir.file(name), text);
        const QString msg = message([&] { readSweepFile(dir.file(name)); });
        QVERIFY2(msg.contains(needle) && msg.contains(QString::fromStdString(name)), qPrintable(msg));
    };
    expectError("a.jsonl", "{\"kind\":\"point\",\"value\":1}\n", QStringLiteral("before the header"));
    expectError("b.jsonl", "{\"kind\":\"header\",\"format\":\"other\"}\n", QStringLiteral("not a LoraScope sweep file"));
    expectError("c.jsonl", "{\"kind\":\"header\",\"format\":\"lorascope-sweep\",\"parameter\":\"rate\"}\n{oops\n", QStringLiteral(":2:"));
    expectError("d.jsonl", "", QStringLiteral("no header line"));
    expectError("e.csv", "a,b\n1,2\n", QStringLiteral("no \"parameter\" column"));
    expectError("f.csv", sweepCsvHeader() + "\n1,2\n", QStringLiteral("cells"));
    expectError("g.jsonl", "{\"kind\":\"header\",\"format\":\"lorascope-sweep\",\"parameter\":\"speed\"}\n", QStringLiteral("unknown parameter"));
    QVERIFY(message([&] { readSweepFile(dir.file("missing.jsonl")); }).contains(QStringLiteral("cannot open")));
    QVERIFY(message([&] { SweepWriter w(dir.file("x.txt"), smallPlan(), "preview"); }).contains(QStringLiteral(".jsonl or .csv")));
}

QTEST_GUILESS_MAIN(TestSweep)
#include "tst_sweep.moc"
