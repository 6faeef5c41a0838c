// SPDX-License-Identifier: Apache-2.0
// Adapter tiers and request priorities (workload/tierspec.h, admission/tiersummary.h): the spec's
// tiers in JSON and validation, the generator marking each request's tier and priority and giving
// a tier its share of the traffic, the native trace format keeping both, and results per tier
// under vLLM's priority policy.

#include "admission_helpers.h"
#include "testutil.h"

#include "admission/tiersummary.h"
#include "formats/traceio.h"
#include "workload/generator.h"
#include "workload/tierspec.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <fstream>

using namespace lorascope;
using namespace lorascope::test;

namespace {

WorkloadSpec tieredSpec()
{
    WorkloadSpec s;
    s.adapterCount = 50;
    s.rate = 20;
    s.duration = 200;
    s.seed = 7;
    s.popularity.alpha = 0.5; // power law: the first adapters the most popular (α = 1 is uniform)
    TierSpec premium;
    premium.name = "premium";
    premium.top = 5;
    premium.share = 0.5;
    premium.priority = 0;
    premium.ttftSlo = 0.3;
    premium.attainment = 0.95;
    TierSpec tail;
    tail.name = "long tail";
    tail.rankFrom = 5;
    tail.rankTo = 50;
    tail.priority = 1;
    tail.ttftSlo = 6;
    s.tiers = { premium, tail };
    return s;
}

bool hasIssue(const std::vector<SpecIssue>& issues, const std::string& path)
{
    for (const SpecIssue& i : issues)
        if (i.field == path)
            return true;
    return false;
}

} // namespace

class TestTiers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void specJsonRoundTrip();
    void validationNamesTheField();
    void generatorMarksTiersAndShares();
    void nativeFormatKeepsPriorityAndTier();
    void resultsPerTierUnderPriority();
};

void TestTiers::specJsonRoundTrip()
{
    const WorkloadSpec s = tieredSpec();
    QVERIFY(validate(s).empty());
    const nlohmann::json j = toJson(s);
    QCOMPARE(j["tiers"].size(), std::size_t(2));
    QCOMPARE(j["tiers"][0]["top"].get<int>(), 5);
    QCOMPARE(j["tiers"][1]["ranks"][1].get<int>(), 50);
    QCOMPARE(j["tiers"][0]["slo"]["ttft_s"].get<double>(), 0.3);
    const WorkloadSpec back = specFromJson(j);
    QVERIFY(back == s);
    // A spec without tiers writes no "tiers" member.
    QVERIFY(!toJson(WorkloadSpec {}).contains("tiers"));
    // Unknown members are errors naming the path.
    nlohmann::json bad = j;
    bad["tiers"][1]["slo"]["ttft"] = 1;
    bool threw = false;
    try {
        (void)specFromJson(bad);
    } catch (const std::exception& e) {
        threw = QString::fromUtf8(e.what()).contains(QStringLiteral("tiers[1].slo"));
    }
    QVERIFY(threw);
}

void TestTiers::validationNamesTheField()
{
    WorkloadSpec s = tieredSpec();
    s.tiers[0].adapters = { "adapter-0" }; // two ways at once
    s.tiers[1].share = 1.5;
    s.tiers[1].attainment = 0;
    s.tiers.push_back(s.tiers[1]);
    s.tiers[2].rankFrom = 9;
    s.tiers[2].rankTo = 3;
    const auto issues = validate(s);
    QVERIFY(hasIssue(issues, "tiers[0]"));
    QVERIFY(hasIssue(issues, "tiers[1].share"));
    QVERIFY(hasIssue(issues, "tiers[1].slo.attainment"));
    QVERIFY(hasIssue(issues, "tiers[2].name")); // the same name as tiers[1]
    QVERIFY(hasIssue(issues, "tiers[2].ranks"));
    WorkloadSpec shares = tieredSpec();
    shares.tiers[1].share = 0.6; // 0.5 + 0.6 > 1
    QVERIFY(hasIssue(validate(shares), "tiers"));
}

void TestTiers::generatorMarksTiersAndShares()
{
    const WorkloadSpec s = tieredSpec();
    const Trace t = generate(s);
    QVERIFY(t.requests.size() > 3000);
    QCOMPARE(t.tiers.size(), t.requests.size());
    QCOMPARE(t.priorities.size(), t.requests.size());
    QCOMPARE(t.tierNames, std::vector<std::string>({ "premium", "long tail" }));
    std::size_t premium = 0;
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        const bool top = t.requests[i].adapter < 5;
        QCOMPARE(t.tiers[i], std::uint16_t(top ? 0 : 1));
        QCOMPARE(t.priorities[i], top ? 0 : 1);
        premium += top ? 1 : 0;
    }
    // The premium tier's share is 0.5 (the power law alone gives it √(5/50) = 32 %): binomial,
    // N ≈ 4000, 5 σ ≈ 4 %.
    const double share = double(premium) / double(t.requests.size());
    QVERIFY2(share > 0.46 && share < 0.54, qPrintable(QString::number(share)));
    // Within the tier, the popularity still orders the adapters.
    const std::vector<double> p = popularityShares(s);
    double top = 0;
    for (int i = 0; i < 5; ++i)
        top += p[std::size_t(i)];
    QVERIFY(std::abs(top - 0.5) < 1e-12);
    QVERIFY(p[0] > p[4] && p[5] > p[49]);
}

void TestTiers::nativeFormatKeepsPriorityAndTier()
{
    const Trace t = generate(tieredSpec());
    TempDir dir;
    for (const char* format : { "jsonl", "json" }) {
        const std::string path = dir.file(std::string("t.") + format);
        writeTrace(t, path, format);
        const Trace back = readTrace(path, format);
        QCOMPARE(back.priorities, t.priorities);
        QCOMPARE(back.tiers, t.tiers);
        QCOMPARE(back.tierNames, t.tierNames);
    }
    // A bad priority is refused naming the field.
    const std::string bad = dir.file("bad.jsonl");
    {
        std::ofstream f(bad);
        f << "{\"time_s\":0,\"input_len\":5,\"output_len\":5,\"priority\":1e12}\n";
    }
    bool named = false;
    try {
        (void)readTrace(bad, "jsonl");
    } catch (const std::exception& e) {
        named = QString::fromUtf8(e.what()).contains(QStringLiteral("priority"));
    }
    QVERIFY(named);
}

void TestTiers::resultsPerTierUnderPriority()
{
    // A server too small for the load: under vLLM's priority policy the premium tier (priority 0)
    // waits less than under FCFS, and the long tail more.
    WorkloadSpec s = tieredSpec();
    s.duration = 60;
    s.rate = 4;
    const Trace t = generate(s);
    SchedulerConfig c;
    c.policy = PolicyKind::Vllm;
    c.vllm.maxLoras = 8;
    c.vllm.numGpuBlocks = 301;
    c.vllm.maxNumBatchedTokens = 1024;
    const SimulationResult fcfs = runSteps(t, c);
    c.vllm.priorityScheduling = true;
    const SimulationResult prio = runSteps(t, c);
    const auto a = summarizeTiers(t, fcfs.requests, ClockKind::Steps);
    const auto b = summarizeTiers(t, prio.requests, ClockKind::Steps);
    QCOMPARE(a.size(), std::size_t(2));
    QCOMPARE(b.size(), std::size_t(2));
    QCOMPARE(QString::fromStdString(b[0].name), QStringLiteral("premium"));
    QCOMPARE(b[0].summary.requests + b[1].summary.requests, std::uint64_t(t.requests.size()));
    qInfo("TTFT mean, FCFS: premium %.1f, tail %.1f; priority: premium %.1f, tail %.1f steps", a[0].summary.ttft.mean,
        a[1].summary.ttft.mean, b[0].summary.ttft.mean, b[1].summary.ttft.mean);
    QVERIFY(b[0].summary.ttft.mean < a[0].summary.ttft.mean);
    QVERIFY(b[1].summary.ttft.mean > a[1].summary.ttft.mean);
    // Without tiers but with priorities, the groups are the priorities, best first.
    Trace p = t;
    p.tiers.clear();
    p.tierNames.clear();
    const auto byPriority = summarizeTiers(p, prio.requests, ClockKind::Steps);
    QCOMPARE(byPriority.size(), std::size_t(2));
    QVERIFY(byPriority[0].byPriority);
    QCOMPARE(byPriority[0].priority, 0);
    QCOMPARE(byPriority[0].summary.requests, b[0].summary.requests);
}

QTEST_GUILESS_MAIN(TestTiers)
#include "tst_tiers.moc"
