// SPDX-License-Identifier: Apache-2.0
// S-LoRA admission rules (docs/admission.md: The admission rule, The router loop) and the three
// questions of What the preview answers, on crafted traces.
// Expected numbers are worked out by hand in the comments (or come from docs/admission.md), never from the code.

#include "admission_helpers.h"

#include <QtTest>

#include <cmath>

using namespace lorascope;
using namespace lorascope::test;

class TestAdmission : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void checkVector();
    void needBoundary_data();
    void needBoundary();
    void question1LongInputBlocksShortOnes();
    void question2PrefillMixing();
    void question3DecodeMixing();
    void question3LongOutputNewcomerWaits();
    void headOfLineBlocking();
    void adapterMemory_data();
    void adapterMemory();
    void maxWaitTokens_data();
    void maxWaitTokens();
    void runningMaxReqSize();
    void rejections();
    void idleJumpsToNextArrival();
    void stalledHeadNeverAdmitted();
    void outputOfOneFinishesInPrefill();
};

namespace {
// The check vector of docs/admission.md (The admission rule): A(1000,500,a0) B(800,1000,a1) C(500,200,a0) D(900,1500,a2); ranks 64, 8, 16.
Trace checkTrace()
{
    return makeTrace(
        { { 0, 1000, 500, 0 }, { 0, 800, 1000, 1 }, { 0, 500, 200, 0 }, { 0, 900, 1500, 2 } }, { 64, 8, 16 });
}

std::vector<SimRequest> toSim(const Trace& t)
{
    std::vector<SimRequest> out;
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        const Request& r = t.requests[i];
        out.push_back({ i, r.time, r.inputLen, r.outputLen, r.adapter, t.rankOf(r) });
    }
    return out;
}
} // namespace

void TestAdmission::checkVector()
{
    SchedulerConfig c = sloraConfig(6000, 3072);
    Scheduler s(c);
    for (const SimRequest& r : toSim(checkTrace()))
        QCOMPARE(s.submit(r), RejectReason::None);
    StepResult r = s.step(0);
    QCOMPARE(r.kind, StepKind::Prefill);
    QCOMPARE(r.admitted.size(), std::size_t(3));
    QCOMPARE(r.admitted[0].id, 0u);
    QCOMPARE(r.admitted[1].id, 1u);
    QCOMPARE(r.admitted[2].id, 2u);
    QCOMPARE(r.admitted[2].number, 2u);
    // D fits in memory (4200 < 5648) but Σinput 3200 > 3072
    QCOMPARE(r.blocked.kind, WaitKind::BatchMaxTokens);
    QCOMPARE(r.blocked.need, 3200);
    QCOMPARE(r.blocked.limit, 3072);
    QCOMPARE(r.shape.tokens, 2300);
    // after the prefill each has one token: _init_cache_list gives (input + 1, max_new − 2), one less
    // left than the candidate's (input + 1, max_new − 1): B(801,998) A(1001,498) C(501,198) →
    // max(998 + 801, 498·2 + 1802, 198·3 + 2303) = max(1799, 2798, 2897) = 2897, + adapter slots 64·4 + 8·4
    QCOMPARE(r.kvNeed, 2897 + 288);
    QCOMPARE(r.kvUsed, 1001 + 801 + 501 + 288);
    QCOMPARE(r.adapterSlots, 288); // the two resident adapters' weights, part of kvUsed
    QCOMPARE(r.queueLength, 1u);
    QCOMPARE(r.runningRequests, 3u);
    QCOMPARE(r.residentAdapters, 2u);
    QCOMPARE(s.waitReason(3).kind, WaitKind::BatchMaxTokens);
}

void TestAdmission::needBoundary_data()
{
    QTest::addColumn<int>("candidate"); // 1-based position in the check vector
    QTest::addColumn<int>("need"); // docs/admission.md, The admission rule
    QTest::addColumn<int>("adapterSize"); // rank·4 of the distinct adapters up to it
    QTest::newRow("A") << 1 << 1500 << 256;
    QTest::newRow("B") << 2 << 2800 << 288;
    QTest::newRow("C") << 3 << 2900 << 288;
    QTest::newRow("D") << 4 << 4200 << 352;
}

void TestAdmission::needBoundary()
{
    QFETCH(int, candidate);
    QFETCH(int, need);
    QFETCH(int, adapterSize);
    // max_total = need + adapter_size: need < max_total − adapter_size fails (strict comparison)
    {
        Scheduler s(sloraConfig(need + adapterSize, 100000));
        for (const SimRequest& r : toSim(checkTrace()))
            s.submit(r);
        StepResult r = s.step(0);
        QCOMPARE(int(r.admitted.size()), candidate - 1);
        QCOMPARE(r.blocked.kind, WaitKind::TokenBudget);
        QCOMPARE(r.blocked.need, need);
        QCOMPARE(r.blocked.limit, need);
    }
    // one more slot and the candidate gets in
    {
        Scheduler s(sloraConfig(need + adapterSize + 1, 100000));
        for (const SimRequest& r : toSim(checkTrace()))
            s.submit(r);
        StepResult r = s.step(0);
        QVERIFY(int(r.admitted.size()) >= candidate);
    }
}

// (1) A request whose input nearly fills batch_max_tokens makes short requests wait.
void TestAdmission::question1LongInputBlocksShortOnes()
{
    // batch_max_tokens 2048 (= max_req_input_len); L's input 1990 nearly fills it
    const Trace t = makeTrace({ { 0, 100, 50 }, { 0, 1990, 50 }, { 0, 50, 50 }, { 0, 50, 50 }, { 0, 50, 50 } });
    SimulationResult r = runSteps(t, sloraConfig(6000, 2048));
    // tick 0: prefill {A}; L would make Σinput 2090 > 2048 → L and everything behind it wait
    QCOMPARE(r.requests[0].admitted, 0.0);
    QCOMPARE(r.requests[1].admitted, 11.0); // after max_wait_tokens = 10 decode steps
    QCOMPARE(r.requests[2].admitted, 11.0); // S1 joins L: 2040 ≤ 2048
    QCOMPARE(r.requests[2].wait.kind, WaitKind::BehindRequest);
    QCOMPARE(r.requests[2].wait.behind, 1u);
    QCOMPARE(r.requests[1].wait.kind, WaitKind::BatchMaxTokens);
    QCOMPARE(r.requests[1].wait.need, 2090);
    // S2 would make 2090 > 2048: another 10 decode steps (ticks 12..21), admitted at tick 22
    QCOMPARE(r.requests[3].admitted, 22.0);
    QCOMPARE(r.requests[3].wait.kind, WaitKind::BatchMaxTokens);
    QCOMPARE(r.requests[3].wait.need, 2090);
    QCOMPARE(r.requests[3].wait.limit, 2048);
    QCOMPARE(r.requests[4].admitted, 22.0);
    QCOMPARE(r.requests[4].wait.kind, WaitKind::BehindRequest);
    QCOMPARE(r.requests[4].wait.behind, 3u);
    // without L the three short requests go in with A at tick 0
    const Trace noLong = makeTrace({ { 0, 100, 50 }, { 0, 50, 50 }, { 0, 50, 50 }, { 0, 50, 50 } });
    SimulationResult r2 = runSteps(noLong, sloraConfig(6000, 2048));
    for (std::size_t i = 0; i < 4; ++i) {
        QCOMPARE(r2.requests[i].admitted, 0.0);
        QCOMPARE(r2.requests[i].wait.kind, WaitKind::None);
    }
}

// (2) Prefill: a short input batched with a long one gets its first token when the whole prefill ends.
void TestAdmission::question2PrefillMixing()
{
    const CostModel* cost = findCostModel("llama-7b-a10g");
    QVERIFY(cost);
    SimulationConfig sc;
    sc.scheduler = sloraConfig();
    sc.clock = ClockKind::Model;
    sc.cost = *cost;
    SimulationResult alone = simulate(makeTrace({ { 0, 20, 5 } }), sc);
    SimulationResult mixed = simulate(makeTrace({ { 0, 20, 5 }, { 0, 2000, 5 } }), sc);
    const double tAlone = cost->prefillBase + cost->prefillPerRequest * 1 + cost->prefillPerToken * 20
        + cost->prefillPerTokenSquared * 20 * 20;
    const double tMixed = cost->prefillBase + cost->prefillPerRequest * 2 + cost->prefillPerToken * 2020
        + cost->prefillPerTokenSquared * (20 * 20 + 2000 * 2000);
    QVERIFY(std::abs(alone.requests[0].firstToken - tAlone) < 1e-12);
    QVERIFY(std::abs(mixed.requests[0].firstToken - tMixed) < 1e-12);
    QCOMPARE(mixed.requests[0].firstToken, mixed.requests[1].firstToken); // one forward pass
    QVERIFY(mixed.requests[0].firstToken > 5 * alone.requests[0].firstToken);
    // with the step clock both are one tick: the step clock cannot show this effect
    SimulationResult steps = runSteps(makeTrace({ { 0, 20, 5 }, { 0, 2000, 5 } }), sloraConfig());
    QCOMPARE(steps.requests[0].firstToken, 1.0);
    QCOMPARE(steps.requests[1].firstToken, 1.0);
}

// (3) Decode: a short output batched with a long one leaves as soon as it is done.
void TestAdmission::question3DecodeMixing()
{
    SimulationResult mixed = runSteps(makeTrace({ { 0, 10, 5 }, { 0, 10, 100 } }), sloraConfig());
    SimulationResult alone = runSteps(makeTrace({ { 0, 10, 5 } }), sloraConfig());
    // 5 tokens: prefill (tick 0→1) + 4 decode steps → finished at tick 5, with or without the long one
    QCOMPARE(mixed.requests[0].finished, 5.0);
    QCOMPARE(alone.requests[0].finished, 5.0);
    QCOMPARE(mixed.requests[1].finished, 100.0);
    // but with a cost model each of its decode steps is as slow as the whole batch's
    SimulationConfig sc;
    sc.scheduler = sloraConfig();
    sc.clock = ClockKind::Model;
    sc.cost = *findCostModel("llama-7b-a10g");
    SimulationResult mixedM = simulate(makeTrace({ { 0, 10, 5 }, { 0, 10, 100 } }), sc);
    SimulationResult aloneM = simulate(makeTrace({ { 0, 10, 5 } }), sc);
    const double decodeMixed = mixedM.requests[0].finished - mixedM.requests[0].firstToken;
    const double decodeAlone = aloneM.requests[0].finished - aloneM.requests[0].firstToken;
    QVERIFY(decodeMixed > decodeAlone);
    // 4 decode steps alone: contexts 11, 12, 13, 14 tokens
    const CostModel& c = sc.cost;
    double expect = 0;
    for (int ctx = 11; ctx <= 14; ++ctx)
        expect += c.decodeBase + c.decodePerRequest + c.decodePerContextToken * ctx;
    QVERIFY(std::abs(decodeAlone - expect) < 1e-12);
}

// (3b) A long *output* reserves its whole future KV: a newcomer that outlives it waits.
void TestAdmission::question3LongOutputNewcomerWaits()
{
    // max_total 1000. B(10, 900) runs; D(10, 950) arrives at 0.5.
    // With B at g generated tokens: B = (used 10+g, left 899−g), D = (11, 949), sorted D first:
    // need = max(949 + 11, 2·(899−g) + 11 + 10 + g) = max(960, 1819 − g) < 1000 ⇔ g ≥ 820.
    // Attempts start after 10 decode steps and then happen every step; the attempt at tick s−1
    // sees g = s − 1, so D is admitted at tick 820; the attempt before saw need 1000 vs limit 1000.
    SimulationResult r = runSteps(makeTrace({ { 0, 10, 900 }, { 0.5, 10, 950 } }), sloraConfig(1000, 3072));
    QCOMPARE(r.requests[1].admitted, 820.0);
    QCOMPARE(r.requests[1].wait.kind, WaitKind::TokenBudget);
    QCOMPARE(r.requests[1].wait.need, 1000);
    QCOMPARE(r.requests[1].wait.limit, 1000);
    // B lost one decode step to D's prefill: 900 tokens end at tick 901 instead of 900
    QCOMPARE(r.requests[0].finished, 901.0);
}

void TestAdmission::headOfLineBlocking()
{
    // R(10, 500) runs from tick 0; Big(900, 50) and Small(10, 10) arrive at 0.5.
    // First attempt at tick 11 (R has 11 tokens: used 21, left 488): Big (901, 49):
    // need = max(488 + 21, 49·2 + 21 + 901) = 1020 ≥ 1000 → blocked; Small, which alone would fit, waits behind.
    SchedulerConfig c = sloraConfig(1000, 3072);
    Scheduler s(c);
    s.submit({ 0, 0.0, 10, 500, kNoAdapter, 0 });
    QCOMPARE(s.step(0).kind, StepKind::Prefill);
    s.submit({ 1, 0.5, 900, 50, kNoAdapter, 0 });
    s.submit({ 2, 0.5, 10, 10, kNoAdapter, 0 });
    for (int i = 0; i < 10; ++i) {
        StepResult d = s.step(1 + i);
        QCOMPARE(d.kind, StepKind::Decode);
        QVERIFY(!d.attempted);
    }
    QCOMPARE(s.waitReason(2).kind, WaitKind::AdmissionWindow);
    StepResult a = s.step(11);
    QVERIFY(a.attempted);
    QCOMPARE(a.kind, StepKind::Decode);
    QCOMPARE(a.blocked.kind, WaitKind::TokenBudget);
    QCOMPARE(a.blocked.need, 1020);
    QCOMPARE(a.blocked.limit, 1000);
    QCOMPARE(s.waitReason(2).kind, WaitKind::BehindRequest);
    QCOMPARE(s.waitReason(2).behind, 1u);

    // Whole run: Big's need is 1009 + g while R's left ≥ 49, then 1909 − g ≥ 1410: never < 1000,
    // so both go in when R finishes at tick 500.
    SimulationResult r = runSteps(makeTrace({ { 0, 10, 500 }, { 0.5, 900, 50 }, { 0.5, 10, 10 } }), c);
    QCOMPARE(r.requests[0].finished, 500.0);
    QCOMPARE(r.requests[1].admitted, 500.0);
    QCOMPARE(r.requests[2].admitted, 500.0);
    QCOMPARE(r.requests[1].wait.kind, WaitKind::TokenBudget);
    // the last attempt (tick 499) saw g = 499: R = (used 509, left 0) now sorts after Big (901, 49):
    // need = max(49 + 901, 0·2 + 901 + 509) = 1410
    QCOMPARE(r.requests[1].wait.need, 1410);
    QCOMPARE(r.requests[2].wait.kind, WaitKind::BehindRequest);
    QCOMPARE(r.requests[2].wait.behind, 1u);
    QCOMPARE(r.timeline[11].blocked, WaitKind::TokenBudget);
}

void TestAdmission::adapterMemory_data()
{
    QTest::addColumn<bool>("sameAdapter");
    QTest::addColumn<double>("secondAdmitted");
    QTest::addColumn<int>("loads");
    // two requests (100, 100): together need = 99·2 + 101 + 101 = 400
    // same rank-128 adapter: limit 1000 − 512 = 488 > 400 → both at tick 0
    QTest::newRow("same adapter") << true << 0.0 << 1;
    // two rank-128 adapters: limit 1000 − 1024 < 0 → the second waits until the first has finished
    // (100 tokens: ticks 0..100) and is unloaded; then it is a new batch at tick 100
    QTest::newRow("two adapters") << false << 100.0 << 2;
}

void TestAdmission::adapterMemory()
{
    QFETCH(bool, sameAdapter);
    QFETCH(double, secondAdmitted);
    QFETCH(int, loads);
    const Trace t = makeTrace({ { 0, 100, 100, 0 }, { 0, 100, 100, sameAdapter ? 0u : 1u } }, { 128, 128 });
    SimulationResult r = runSteps(t, sloraConfig(1000, 3072));
    QCOMPARE(r.requests[0].admitted, 0.0);
    QCOMPARE(r.requests[1].admitted, secondAdmitted);
    QCOMPARE(int(r.summary.adapterLoads), loads);
    QCOMPARE(int(r.summary.adapterUnloads), loads);
    if (!sameAdapter) {
        // the last failed attempt (tick 99) had the first at g = 99 tokens: running (199, 0),
        // candidate (101, 99) first: need = max(99 + 101, 0·2 + 101 + 199) = 300
        QCOMPARE(r.requests[1].wait.kind, WaitKind::TokenBudget);
        QCOMPARE(r.requests[1].wait.need, 300);
        QCOMPARE(r.requests[1].wait.limit, 1000 - 1024);
    }
    for (const StepRecord& s : r.timeline)
        QVERIFY(s.residentAdapters <= 2);
}

void TestAdmission::maxWaitTokens_data()
{
    QTest::addColumn<int>("maxWait");
    QTest::newRow("0") << 0;
    QTest::newRow("1") << 1;
    QTest::newRow("3") << 3;
    QTest::newRow("10 (S-LoRA)") << 10;
}

void TestAdmission::maxWaitTokens()
{
    QFETCH(int, maxWait);
    SchedulerConfig c = sloraConfig();
    c.maxWaitTokens = maxWait;
    // R(10, 100) prefills at tick 0; N(10, 5) arrives at 0.5. After the prefill has_wait_tokens = 0;
    // maxWait decode steps (ticks 1..maxWait) follow, and the step at tick 1 + maxWait admits N.
    SimulationResult r = runSteps(makeTrace({ { 0, 10, 100 }, { 0.5, 10, 5 } }), c);
    QCOMPARE(r.requests[1].admitted, 1.0 + maxWait);
    QCOMPARE(r.requests[1].firstToken, 2.0 + maxWait);
    // it waited only for the next admission attempt (none with max_wait_tokens 0: the next step)
    QCOMPARE(r.requests[1].wait.kind, maxWait == 0 ? WaitKind::None : WaitKind::AdmissionWindow);
    // R does not decode during N's prefill: its 100 tokens end at tick 101
    QCOMPARE(r.requests[0].finished, 101.0);
}

void TestAdmission::runningMaxReqSize()
{
    SchedulerConfig c = sloraConfig();
    c.limits.runningMaxReqSize = 2;
    // three requests at tick 0: the third makes 3 > 2
    SimulationResult r = runSteps(makeTrace({ { 0, 10, 20 }, { 0, 10, 20 }, { 0, 10, 20 } }), c);
    QCOMPARE(r.requests[0].admitted, 0.0);
    QCOMPARE(r.requests[1].admitted, 0.0);
    QCOMPARE(r.requests[2].wait.kind, WaitKind::RunningMaxReqSize);
    QCOMPARE(r.requests[2].wait.need, 3);
    QCOMPARE(r.requests[2].wait.limit, 2);
    // both finish at tick 20 (prefill + 19 decodes), the running batch is then empty: new batch at 20
    QCOMPARE(r.requests[2].admitted, 20.0);
    for (const StepRecord& s : r.timeline)
        QVERIFY(s.batchSize <= 2);
}

void TestAdmission::rejections()
{
    // max_req_input_len 2048, max_req_total_len 3072
    const Trace t = makeTrace({ { 0, 2049, 10 }, { 0, 2000, 1073 }, { 0, 2048, 1024 }, { 1, 10, 10 } });
    SimulationResult r = runSteps(t, sloraConfig());
    QCOMPARE(r.requests[0].rejected, RejectReason::InputTooLong);
    QCOMPARE(r.requests[1].rejected, RejectReason::TotalTooLong);
    QCOMPARE(r.requests[2].rejected, RejectReason::None);
    QVERIFY(std::isnan(r.requests[0].admitted));
    QVERIFY(std::isnan(r.requests[1].finished));
    QCOMPARE(r.requests[2].admitted, 0.0); // rejected ones do not block the queue
    QCOMPARE(r.summary.rejected, 2u);
    QCOMPARE(r.summary.finished, 2u);
    QCOMPARE(rejectReasonName(RejectReason::InputTooLong), std::string("input_too_long"));
}

void TestAdmission::idleJumpsToNextArrival()
{
    SimulationResult r = runSteps(makeTrace({ { 100.25, 10, 3 }, { 500, 10, 1 } }), sloraConfig());
    QCOMPARE(r.requests[0].admitted, 100.25);
    QCOMPARE(r.requests[0].firstToken, 101.25);
    QCOMPARE(r.requests[0].finished, 103.25);
    QCOMPARE(r.requests[1].admitted, 500.0);
    QCOMPARE(r.requests[1].finished, 501.0);
    QCOMPARE(r.summary.steps, 4u);
    QCOMPARE(r.timeline.size(), std::size_t(4));
}

void TestAdmission::stalledHeadNeverAdmitted()
{
    // X alone needs 400 + 200 = 600 ≥ 500: S-LoRA would wait for it forever, and Y behind it.
    SimulationResult r = runSteps(makeTrace({ { 0, 400, 200 }, { 1, 10, 10 } }), sloraConfig(500, 3072));
    QVERIFY(std::isnan(r.requests[0].admitted));
    QVERIFY(std::isnan(r.requests[1].admitted));
    QCOMPARE(r.requests[0].wait.kind, WaitKind::TokenBudget);
    QCOMPARE(r.requests[0].wait.need, 600);
    QCOMPARE(r.requests[0].wait.limit, 500);
    QCOMPARE(r.requests[1].wait.kind, WaitKind::BehindRequest);
    QCOMPARE(r.requests[1].wait.behind, 0u);
    QCOMPARE(r.summary.neverAdmitted, 2u);
    QCOMPARE(r.summary.steps, 0u);
}

void TestAdmission::outputOfOneFinishesInPrefill()
{
    Scheduler s(sloraConfig());
    s.submit({ 7, 0, 10, 1, kNoAdapter, 0 });
    s.submit({ 8, 0, 10, 0, kNoAdapter, 0 }); // max_new_tokens 0 behaves like 1
    StepResult r = s.step(0);
    QCOMPARE(r.kind, StepKind::Prefill);
    QCOMPARE(r.finished.size(), std::size_t(2));
    QCOMPARE(r.tokens.size(), std::size_t(2));
    QVERIFY(s.idle());
    QCOMPARE(r.runningRequests, 0u);
}

QTEST_GUILESS_MAIN(TestAdmission)
#include "tst_admission.moc"
