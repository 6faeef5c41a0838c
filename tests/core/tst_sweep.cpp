// SPDX-License-Identifier: Apache-2.0
// core/sweep: parameters and value lists, the parallel sweep (streaming, determinism, cancel), the
// capacity finder and the results files. The per-point metrics have their own test
// (tst_sweepmetrics), the S-LoRA paper data too (tst_sweeppaper).

#include "analysis/numberformat.h"
#include "sweep/finder.h"
#include "sweep/sweepio.h"
#include "util/error.h"
#include "workload/generator.h"
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
    void sweepStreamsAndIsDeterministic();
    void sweepCancelKeepsFinished();
    void checkPlanRejects();
    void pointKeepsNoTimeline();
    void capacityNeedsAParameterThatMakesItHarder();
    void finderBrackets();
    void finderNoneMeets();
    void finderAllMeet();
    void finderIntegerParameter();
    void finderShortTrace();
    void finderSustainedBySlo();
    void verdict();
    void verdictShortTrace();
    void filesRoundTrip();
    void badFiles();
};

void TestSweep::values_data()
{
    QTest::addColumn<QString>("param");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("points");
    QTest::addColumn<QList<double>>("expected");
    QTest::newRow("list") << "rate"
                          << "1, 2,4" << 0 << QList<double> { 1, 2, 4 };
    QTest::newRow("range lands on HI") << "rate"
                                       << "0.5:2:0.5" << 0 << QList<double> { 0.5, 1, 1.5, 2 };
    QTest::newRow("range 0.1 steps, no drift") << "cv"
                                               << "0.1:0.5:0.1" << 0 << QList<double> { 0.1, 0.2, 0.3, 0.4, 0.5 };
    QTest::newRow("range stops before HI") << "rate"
                                           << "1:2.2:0.5" << 0 << QList<double> { 1, 1.5, 2 };
    QTest::newRow("descending") << "rate"
                                << "4:1:-1" << 0 << QList<double> { 4, 3, 2, 1 };
    QTest::newRow("points") << "rate"
                            << "1:3" << 5 << QList<double> { 1, 1.5, 2, 2.5, 3 };
    QTest::newRow("adapters list") << "adapters"
                                   << "0,1,100" << 0 << QList<double> { 0, 1, 100 };
    QTest::newRow("server") << "max_total_token_num"
                            << "6000:12000:3000" << 0 << QList<double> { 6000, 9000, 12000 };
    QTest::newRow("single") << "rate"
                            << "3" << 0 << QList<double> { 3 };
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
        QVERIFY2(
            std::abs(v[std::size_t(i)] - expected[i]) < 1e-12, qPrintable(QString::number(v[std::size_t(i)], 'g', 17)));
}

void TestSweep::badValues_data()
{
    QTest::addColumn<QString>("param");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("points");
    QTest::addColumn<QString>("needle");
    QTest::newRow("zero step") << "rate"
                               << "1:10:0" << 0 << "step must not be 0";
    QTest::newRow("step away") << "rate"
                               << "1:10:-1" << 0 << "steps of -1 from 1 never reach 10";
    QTest::newRow("a million points") << "rate"
                                      << "0.001:1000:0.001" << 0 << "at most 1000";
    QTest::newRow("too many list values") << "seed" << QString::fromStdString([] {
        std::string s;
        for (int i = 0; i < 1001; ++i)
            s += std::to_string(i) + ",";
        return s + "5000";
    }()) << 0 << "at most 1000";
    QTest::newRow("negative rate") << "rate"
                                   << "-1:5:1" << 0 << "rate must be > 0 (got -1)";
    QTest::newRow("zero rate in list") << "rate"
                                       << "0,1" << 0 << "rate must be > 0";
    QTest::newRow("half an adapter") << "adapters"
                                     << "1.5,2" << 0 << "whole number";
    QTest::newRow("integer step") << "adapters"
                                  << "1:3:0.5" << 0 << "whole numbers";
    QTest::newRow("garbage") << "rate"
                             << "1,two" << 0 << "expected a number";
    QTest::newRow("empty") << "rate"
                           << " " << 0 << "no values";
    QTest::newRow("duplicate") << "rate"
                               << "1,2,1" << 0 << "appears twice";
    QTest::newRow("no step") << "rate"
                             << "1:5" << 0 << "needs a step";
    QTest::newRow("step and points") << "rate"
                                     << "1:5:1" << 3 << "not both";
    QTest::newRow("too many points") << "rate"
                                     << "1:5" << 5000 << "at most 1000";
    QTest::newRow("three colons") << "rate"
                                  << "1:2:3:4" << 0 << "LO:HI:STEP";
    QTest::newRow("infinite") << "rate"
                              << "inf" << 0 << "expected a number";
    // --points promises that many values: never fewer, silently.
    QTest::newRow("LO = HI with points") << "rate"
                                         << "5:5" << 3 << "LO = HI holds one value, not 3";
    QTest::newRow("one point for a range") << "rate"
                                           << "1:5" << 1 << "at least 2 points";
    QTest::newRow("fewer whole numbers than points") << "adapters"
                                                     << "1:3" << 10 << "holds only 3 distinct values of adapters";
}

void TestSweep::badValues()
{
    QFETCH(QString, param);
    QFETCH(QString, text);
    QFETCH(int, points);
    QFETCH(QString, needle);
    const auto p = sweepParamFromName(param.toStdString());
    QVERIFY(p);
    const QString msg = test::inputErrorMessage([&] { parseSweepValues(*p, text.toStdString(), std::size_t(points)); });
    QVERIFY2(msg.contains(needle), qPrintable(msg));
    QVERIFY2(msg.startsWith(QStringLiteral("--values")), qPrintable(msg)); // names the flag
}

void TestSweep::notApplicable_data()
{
    QTest::addColumn<QString>("param");
    QTest::addColumn<QString>("setup");
    QTest::addColumn<QString>("needle");
    QTest::newRow("cv, poisson") << "cv"
                                 << "poisson"
                                 << "Poisson arrivals always have cv = 1";
    QTest::newRow("cv, constant") << "cv"
                                  << "constant"
                                  << "constant arrivals";
    QTest::newRow("alpha, zipf") << "alpha"
                                 << "zipf"
                                 << "not the power law";
    QTest::newRow("alpha, one adapter") << "alpha"
                                        << "n1"
                                        << "changes nothing";
    QTest::newRow("zipf_s, slora generator") << "zipf_s"
                                             << "slora"
                                             << "always uses S-LoRA's power law";
    QTest::newRow("rate, on-off") << "rate"
                                  << "onoff"
                                  << "on/off rates or the rate schedule";
    QTest::newRow("adapters, weights") << "adapters"
                                       << "weights"
                                       << "fixes the number of adapters";
    QTest::newRow("batch_max_tokens, vllm") << "batch_max_tokens"
                                            << "vllm"
                                            << "S-LoRA setting and the policy is vllm";
    QTest::newRow("max_num_seqs, slora") << "max_num_seqs"
                                         << ""
                                         << "vLLM setting and the policy is slora";
    QTest::newRow("rate applies") << "rate"
                                  << ""
                                  << "";
    QTest::newRow("cv, slora generator ignores constant") << "cv"
                                                          << "slora-constant"
                                                          << "";
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
    const auto why
        = QString::fromStdString(sweepParamNotApplicable(*sweepParamFromName(param.toStdString()), spec, config));
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
    QCOMPARE(config.scheduler.limits.maxTotalTokenNum,
        std::int64_t(65000)); // a server parameter: the scheduler's configuration
    QVERIFY(spec == specForPreset("S4"));
    applySweepValue(SweepParam::Adapters, 400, spec, config);
    QCOMPARE(spec.adapterCount, 400u);
    applySweepValue(SweepParam::MaxWaitTokens, 20, spec, config);
    QCOMPARE(config.scheduler.maxWaitTokens, 20);
    applySweepValue(SweepParam::OutputMax, 1024, spec, config);
    QCOMPARE(spec.output.hi, std::int64_t(1024));
    QCOMPARE(sweepParamValue(SweepParam::OutputMax, spec, config), 1024.0);
    QCOMPARE(sweepParamValue(SweepParam::BatchMaxTokens, spec, config),
        double(config.scheduler.limits.effectiveBatchMaxTokens()));
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
        QCOMPARE(two.points[i].metrics.requests,
            two.points[i].metrics.completed + two.points[i].metrics.lost + two.points[i].metrics.unfinished);
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
    QVERIFY(test::inputErrorMessage([&] { checkPlan(plan); }).contains(QStringLiteral("no values")));
    plan.values = { 1, 2 };
    plan.spec.arrival.kind = ArrivalKind::Poisson;
    plan.param = SweepParam::Cv;
    QVERIFY(test::inputErrorMessage([&] { checkPlan(plan); }).contains(QStringLiteral("cv does not apply")));
    plan = smallPlan();
    plan.param = SweepParam::Duration;
    plan.values = { 10, 100 };
    plan.warmup = 6;
    plan.cooldown = 6;
    const QString msg = test::inputErrorMessage([&] { checkPlan(plan); });
    QVERIFY2(msg.contains(QStringLiteral("leave nothing")) && msg.contains(QStringLiteral("duration = 10")),
        qPrintable(msg));
    // A value that makes the spec invalid is named with the spec's message.
    plan = smallPlan();
    plan.param = SweepParam::InputMax;
    plan.values = { 4 }; // below the input range's low end 8
    QVERIFY(test::inputErrorMessage([&] { checkPlan(plan); }).contains(QStringLiteral("at input_max = 4")));
    // A point that cannot fit in memory is refused before any point runs, naming its value:
    // 2·10^9 requests at ~300 bytes each.
    plan = smallPlan();
    plan.spec.duration = 2000;
    plan.spec.rate = 1;
    plan.values = { 1, 1e6 };
    const QString big = test::inputErrorMessage([&] { checkPlan(plan); });
    QVERIFY2(
        big.contains(QStringLiteral("the point rate = 1e+06 (about 2000000000 requests) needs about 640 GB of memory")),
        qPrintable(big));
    QCOMPARE(previewPointBytes(plan.spec), 2000 * kPreviewBytesPerRequest); // rate 1, 2000 s
}

void TestSweep::pointKeepsNoTimeline()
{
    // The queue and running peaks come from each pass as it happens: the same as the full
    // timeline of the same preview gives, without keeping it.
    SweepPlan plan = smallPlan();
    plan.config.scheduler.limits.maxTotalTokenNum = 3000; // a queue builds up
    const SweepPoint p = previewPoint(plan, 0, 6.0);
    WorkloadSpec spec;
    SimulationConfig config;
    pointSettings(plan, 6.0, spec, config);
    config.recordTimeline = true;
    const SimulationResult full = simulate(generate(spec), config);
    double queue = 0, running = 0;
    for (const StepRecord& s : full.timeline) {
        queue = std::max(queue, double(s.queueLength));
        running = std::max(running, double(s.batchSize));
    }
    QVERIFY(queue > 10);
    QCOMPARE(p.metrics.peakQueue, queue);
    QCOMPARE(p.metrics.peakRunning, running);
    QCOMPARE(p.metrics.requests, std::uint64_t(full.requests.size()));
}

void TestSweep::capacityNeedsAParameterThatMakesItHarder()
{
    for (SweepParam bad : { SweepParam::Seed, SweepParam::MaxTotalTokenNum, SweepParam::MaxLoras }) {
        SweepPlan plan = smallPlan();
        plan.param = bad;
        const QString msg = test::inputErrorMessage([&] { findCapacityPreview(plan, FinderOptions {}); });
        QVERIFY2(msg.contains(QStringLiteral("the capacity finder cannot search")), qPrintable(msg));
        QVERIFY(!capacityParamProblem(bad).empty());
    }
    for (SweepParam ok : { SweepParam::Rate, SweepParam::Adapters, SweepParam::Cv, SweepParam::OutputMax })
        QVERIFY(capacityParamProblem(ok).empty());
    // An SLO item given twice is a typo, not "the last one wins".
    const QString twice = test::inputErrorMessage([] { parseSloTarget("ttft=1s,ttft=9s"); });
    QVERIFY2(twice.contains(QStringLiteral("ttft is given twice")), qPrintable(twice));
    QVERIFY(test::inputErrorMessage([] { parseSloTarget("e2e=5s,e2el=9s"); }).contains(QStringLiteral("given twice")));
}

namespace {

/// S-LoRA's S4 on llama-13b / A100-80G with 65000 KV slots (the desktop's default server), over
/// `seconds` of trace.
SweepPlan s4Plan(double seconds)
{
    SweepPlan plan;
    plan.spec = specForPreset("S4");
    plan.spec.duration = seconds;
    plan.config.scheduler.limits.maxTotalTokenNum = 65000;
    plan.config.cost = *findCostModel("llama-13b-a100-80g");
    plan.config.clock = ClockKind::Model;
    plan.param = SweepParam::Rate;
    return plan;
}

} // namespace

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
    QVERIFY2(r.firstFailing - r.capacity <= 0.02 * r.capacity + 1e-12,
        qPrintable(QString::number(r.firstFailing - r.capacity)));
    QCOMPARE(streamed.size(), r.evaluations.size());
    // The bracket is what a direct preview says at both ends.
    QVERIFY(previewPoint(plan, 0, r.capacity).metrics.meetsSlo);
    QVERIFY(!previewPoint(plan, 0, r.firstFailing).metrics.meetsSlo);
    // Every evaluated point below the capacity meets the SLO here (monotone in this range): the
    // finder said nothing about a non-monotone range, and no point contradicts it.
    QVERIFY2(r.notes.empty(), r.notes.empty() ? "" : r.notes.front().text.c_str());
    for (const SweepPoint& p : r.evaluations)
        if (p.value <= r.capacity)
            QVERIFY2(p.metrics.meetsSlo, qPrintable(QString::number(p.value)));
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
    QVERIFY2(QString::fromStdString(lines.front()).startsWith(QStringLiteral("sustainable capacity R = ")),
        lines.front().c_str());
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
    QVERIFY2(text.contains(QStringLiteral("no rate tried")) && text.contains(QStringLiteral("points short")),
        qPrintable(text));
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
    plan.config.scheduler.limits.maxTotalTokenNum = 4000;
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
    QVERIFY(test::inputErrorMessage([&] {
        FinderOptions bad = o;
        bad.lo = 64;
        bad.hi = 1;
        findCapacityPreview(plan, bad);
    }).contains(QStringLiteral("empty search range")));
}

void TestSweep::finderShortTrace()
{
    // A 40 s trace: the SLO still holds at rates well past saturation, because each trace ends
    // before the growing backlog pushes TTFT past 6 s. The verdict must not call that a capacity.
    const SweepPlan plan = s4Plan(40);
    const CapacityResult r = findCapacityPreview(plan, FinderOptions {}, {}, nullptr, 2);
    QCOMPARE(r.outcome, CapacityResult::Outcome::Found);
    QCOMPARE(r.saturationOutcome, CapacityResult::Saturation::Found);
    QVERIFY2(r.capacity > r.saturation,
        qPrintable(QStringLiteral("SLO %1, saturation %2").arg(r.capacity).arg(r.saturation)));
    QVERIFY(r.shortTrace);
    QCOMPARE(r.limitedBy, CapacityResult::Limit::Saturation);
    // The sustainable capacity is the largest value that meets the SLO and keeps up.
    QCOMPARE(r.sustainable, r.lastUnsaturated);
    QVERIFY(r.sustainable < r.saturation);
    for (const SweepPoint& p : r.evaluations)
        if (p.value == r.sustainable)
            QVERIFY(p.metrics.meetsSlo && !p.metrics.saturated);
    QCOMPARE(r.duration, 40.0);
    // The suggestion is long enough to tell: on a trace that long the SLO boundary's rate misses it.
    QVERIFY2(r.suggestedDuration >= 80 && std::isfinite(r.suggestedDuration),
        qPrintable(QString::number(r.suggestedDuration)));
    SweepPlan longer = plan;
    longer.spec.duration = r.suggestedDuration;
    QVERIFY2(!previewPoint(longer, 0, r.capacity).metrics.meetsSlo, qPrintable(QString::number(r.capacity)));
    // The first sentence is the sustainable capacity (to the bracket's digits), the second the
    // short-trace effect with the suggested duration.
    const auto lines = r.describe();
    QVERIFY(lines.size() >= 2);
    QVERIFY2(QString::fromStdString(lines[0]).startsWith(QStringLiteral("sustainable capacity R = ")
                 + QString::fromStdString(sweepValueText(SweepParam::Rate, r.sustainable, r.resolution))),
        lines[0].c_str());
    QVERIFY2(lines[0].find("set by saturation") != std::string::npos, lines[0].c_str());
    QVERIFY2(lines[1].rfind("short-trace effect", 0) == 0, lines[1].c_str());
    QVERIFY2(
        lines[1].find("--duration " + formatSigShort(r.suggestedDuration, 3)) != std::string::npos, lines[1].c_str());
    // No value in the sentences has more digits than the search resolves (no "5.4321").
    QVERIFY(r.resolution > 0 && r.resolution <= 0.02 * r.sustainable);
    const std::string text = lines[0] + lines[1];
    const std::string shown = sweepValueText(SweepParam::Rate, r.capacity, r.resolution),
                      full = sweepValueText(SweepParam::Rate, r.capacity);
    QVERIFY2(text.find("R = " + shown + " req/s") != std::string::npos, text.c_str());
    if (full != shown)
        QVERIFY2(text.find(full) == std::string::npos, text.c_str());
}

void TestSweep::finderSustainedBySlo()
{
    // A longer trace of the same workload: the SLO fails before the server falls behind, so the
    // SLO boundary is the sustainable capacity.
    const CapacityResult r = findCapacityPreview(s4Plan(200), FinderOptions {}, {}, nullptr, 2);
    QCOMPARE(r.outcome, CapacityResult::Outcome::Found);
    QVERIFY(!r.shortTrace);
    QCOMPARE(r.limitedBy, CapacityResult::Limit::Slo);
    QCOMPARE(r.sustainable, r.capacity);
    QVERIFY(std::isnan(r.suggestedDuration));
    QCOMPARE(r.resolution, r.firstFailing - r.capacity);
    QVERIFY(r.describe().front().rfind("sustainable capacity R = ", 0) == 0);
}

void TestSweep::verdictShortTrace()
{
    // The same on a plain sweep: points past the first saturated one meet the SLO on 40 s.
    SweepPlan plan = s4Plan(40);
    plan.values = { 2, 3, 4, 5 };
    const SweepRun run = runPreviewSweep(plan, {}, nullptr, 2);
    const SweepVerdict v = sweepVerdict(plan, run.points);
    QCOMPARE(v.firstSaturated, 5.0);
    QCOMPARE(v.largestMeeting, 5.0);
    QVERIFY(v.shortTrace);
    QCOMPARE(v.sustainable, 4.0);
    QVERIFY(v.suggestedDuration >= 80);
    QVERIFY2(v.lines[0].rfind("sustainable: R = 4 req/s", 0) == 0, v.lines[0].c_str());
    QVERIFY2(v.lines[1].rfind("short-trace effect: points up to R = 5 req/s", 0) == 0, v.lines[1].c_str());
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
        const QString msg = test::inputErrorMessage([&] { readSweepFile(dir.file(name)); });
        QVERIFY2(msg.contains(needle) && msg.contains(QString::fromStdString(name)), qPrintable(msg));
    };
    expectError("a.jsonl", "{\"kind\":\"point\",\"value\":1}\n", QStringLiteral("before the header"));
    expectError(
        "b.jsonl", "{\"kind\":\"header\",\"format\":\"other\"}\n", QStringLiteral("not a LoraScope sweep file"));
    expectError("c.jsonl", "{\"kind\":\"header\",\"format\":\"lorascope-sweep\",\"parameter\":\"rate\"}\n{oops\n",
        QStringLiteral(":2:"));
    expectError("d.jsonl", "", QStringLiteral("no header line"));
    expectError("e.csv", "a,b\n1,2\n", QStringLiteral("no \"parameter\" column"));
    expectError("f.csv", sweepCsvHeader() + "\n1,2\n", QStringLiteral("cells"));
    expectError("g.jsonl", "{\"kind\":\"header\",\"format\":\"lorascope-sweep\",\"parameter\":\"speed\"}\n",
        QStringLiteral("unknown parameter"));
    QVERIFY(test::inputErrorMessage([&] {
        readSweepFile(dir.file("missing.jsonl"));
    }).contains(QStringLiteral("sweep file: no such file")));
    // A device is refused before a byte is read (as every reader), never read to its end.
    std::filesystem::create_symlink("/dev/zero", dir.file("zero.jsonl"));
    QVERIFY(test::inputErrorMessage([&] {
        readSweepFile(dir.file("zero.jsonl"));
    }).contains(QStringLiteral("sweep file: is not a regular file")));
    QVERIFY(test::inputErrorMessage([&] {
        SweepWriter w(dir.file("x.txt"), smallPlan(), "preview");
    }).contains(QStringLiteral(".jsonl or .csv")));
}

QTEST_GUILESS_MAIN(TestSweep)
#include "tst_sweep.moc"
