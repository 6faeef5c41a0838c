// SPDX-License-Identifier: Apache-2.0
// Admission engine, the queue policies on hand-made requests: S-LoRA's abort queue (timeouts,
// newest first), client aborts, and the vLLM-style policy (max_num_seqs, max_loras,
// max_num_batched_tokens with prefill priority, preemption).

#include "admission_helpers.h"

#include <QtTest>

#include <cmath>
#include <map>
#include <set>

using namespace lorascope;
using namespace lorascope::test;

class TestAdmissionPolicies : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void abortQueueTimeout();
    void abortQueueServesNewestFirst();
    void clientAbort();
    void vllmMaxNumSeqs();
    void vllmMaxLorasSkipsWithoutBlocking();
    void vllmBatchedTokensAndPrefillPriority();
    void vllmPreemption();
};

void TestAdmissionPolicies::abortQueueTimeout()
{
    SchedulerConfig c = sloraConfig(1000, 3072);
    c.policy = PolicyKind::SLoraAbort;
    c.maxWaitTokens = 3;
    Scheduler s(c);
    s.submit(sim(0, 0, 10, 100));
    QCOMPARE(s.step(0).kind, StepKind::Prefill);
    // W(900, 50) cannot fit beside R: need = 49·2 + (10 + g) + 901 ≥ 1000
    s.submit(sim(1, 0.5, 900, 50));
    for (int t = 1; t <= 5; ++t) {
        StepResult r = s.step(t);
        QVERIFY2(r.dropped.empty(), qPrintable(QString::number(t)));
        if (t >= 4) // attempts from tick 4 on (after 3 decode steps)
            QCOMPARE(r.blocked.kind, WaitKind::TokenBudget);
    }
    QCOMPARE(s.nextTimeout(), 0.5 + 5.5);
    // at tick 6: 6 − 0.5 + 0.5 ≥ 6 → attainment_func = 0 → aborted
    StepResult r = s.step(6);
    QCOMPARE(r.dropped.size(), std::size_t(1));
    QCOMPARE(r.dropped[0].id, 1u);
    QCOMPARE(r.dropped[0].reason, DropReason::Timeout);
    QCOMPARE(r.dropped[0].wait.kind, WaitKind::TokenBudget);
    QCOMPARE(s.queueLength(), std::size_t(0));
}

void TestAdmissionPolicies::abortQueueServesNewestFirst()
{
    // two 2000-token prompts: only one fits batch_max_tokens 3072
    const Trace t = makeTrace({ { 0, 2000, 10 }, { 0, 2000, 10 } });
    SchedulerConfig c = sloraConfig();
    SimulationResult fifo = runSteps(t, c);
    QCOMPARE(fifo.requests[0].admitted, 0.0);
    QCOMPARE(fifo.requests[1].admitted, 10.0); // after the first finished (10 tokens): new batch
    c.policy = PolicyKind::SLoraAbort;
    SimulationResult lifo = runSteps(t, c);
    // apprx_req_rate = int(0.7·2 + 0.3·1) = 1 ≥ apprx_bs = 1 → "choose from the latest requests"
    QCOMPARE(lifo.requests[1].admitted, 0.0);
    QCOMPARE(lifo.requests[0].wait.kind, WaitKind::BatchMaxTokens);
    QCOMPARE(lifo.requests[0].wait.need, 4000);
    // the next attempt is at tick 10 (new batch); 10 − 0 ≥ 5.5 → dropped, never served
    QCOMPARE(lifo.requests[0].dropped, DropReason::Timeout);
    QVERIFY(std::isnan(lifo.requests[0].admitted));
    QCOMPARE(lifo.summary.dropped, 1u);
}

void TestAdmissionPolicies::clientAbort()
{
    Scheduler s(sloraConfig());
    s.submit(sim(1, 0, 10, 100));
    s.submit(sim(2, 0, 10, 100));
    QCOMPARE(s.step(0).admitted.size(), std::size_t(2));
    QVERIFY(s.abort(1));
    QVERIFY(!s.abort(1));
    QVERIFY(!s.abort(99));
    StepResult d = s.step(1);
    QCOMPARE(d.kind, StepKind::Decode);
    QCOMPARE(d.shape.requests, 2); // S-LoRA filters it after the pass
    QCOMPARE(d.dropped.size(), std::size_t(1));
    QCOMPARE(d.dropped[0].id, 1u);
    QCOMPARE(d.dropped[0].reason, DropReason::Aborted);
    QCOMPARE(d.tokens, std::vector<std::uint64_t>({ 2 }));
    QCOMPARE(s.runningRequests(), std::size_t(1));
    // a waiting request
    s.submit(sim(3, 1.5, 10, 10));
    QVERIFY(s.abort(3));
    StepResult e = s.step(2);
    QCOMPARE(e.dropped.size(), std::size_t(1));
    QCOMPARE(e.dropped[0].id, 3u);
    QCOMPARE(s.queueLength(), std::size_t(0));
    int guard = 0;
    while (!s.idle() && guard++ < 1000) {
        StepResult r = s.step(3 + guard);
        for (const Admission& a : r.admitted)
            QVERIFY(a.id != 3);
    }
    QVERIFY(s.idle());
}

void TestAdmissionPolicies::vllmMaxNumSeqs()
{
    SchedulerConfig c = sloraConfig();
    c.policy = PolicyKind::Vllm;
    c.vllm.maxNumSeqs = 2;
    SimulationResult r = runSteps(makeTrace({ { 0, 10, 5 }, { 0, 10, 5 }, { 0, 10, 5 } }), c);
    QCOMPARE(r.requests[0].admitted, 0.0);
    QCOMPARE(r.requests[1].admitted, 0.0);
    QCOMPARE(r.requests[2].wait.kind, WaitKind::MaxNumSeqs);
    QCOMPARE(r.requests[2].wait.need, 3);
    QCOMPARE(r.requests[2].wait.limit, 2);
    QCOMPARE(r.requests[2].admitted, 5.0); // the first two: prefill + 4 decodes
    for (const StepRecord& s : r.timeline)
        QVERIFY(s.batchSize <= 2);
}

void TestAdmissionPolicies::vllmMaxLorasSkipsWithoutBlocking()
{
    SchedulerConfig c = sloraConfig();
    c.policy = PolicyKind::Vllm;
    c.vllm.maxLoras = 1;
    SimulationResult r = runSteps(makeTrace({ { 0, 10, 5, 0 }, { 0, 10, 5, 1 }, { 0, 10, 5, 0 } }, { 8, 8 }), c);
    QCOMPARE(r.requests[0].admitted, 0.0);
    QCOMPARE(r.requests[2].admitted, 0.0); // skipped past the other adapter's request
    QCOMPARE(r.requests[1].wait.kind, WaitKind::MaxLoras);
    QCOMPARE(r.requests[1].wait.need, 2);
    QCOMPARE(r.requests[1].wait.limit, 1);
    QCOMPARE(r.requests[1].admitted, 5.0);
    QCOMPARE(r.summary.adapterLoads, 2u);
    QCOMPARE(r.summary.adapterUnloads, 1u);
}

void TestAdmissionPolicies::vllmBatchedTokensAndPrefillPriority()
{
    SchedulerConfig c = sloraConfig();
    c.policy = PolicyKind::Vllm;
    c.vllm.maxNumBatchedTokens = 100;
    SimulationResult r = runSteps(makeTrace({ { 0, 60, 5 }, { 0, 60, 5 } }), c);
    QCOMPARE(r.requests[1].wait.kind, WaitKind::MaxNumBatchedTokens);
    QCOMPARE(r.requests[1].wait.need, 120);
    QCOMPARE(r.requests[1].wait.limit, 100);
    // vLLM schedules waiting prefills before decoding: the second goes in at the very next step
    QCOMPARE(r.requests[1].admitted, 1.0);
    QCOMPARE(r.requests[0].finished, 6.0); // lost one decode step to that prefill
}

void TestAdmissionPolicies::vllmPreemption()
{
    SchedulerConfig c = sloraConfig(64); // 4 blocks of 16 tokens
    c.policy = PolicyKind::Vllm;
    Scheduler s(c);
    s.submit(sim(0, 0, 16, 30));
    s.submit(sim(1, 0, 16, 30));
    std::map<std::uint64_t, int> tokens;
    std::set<std::uint64_t> preempted, finished;
    for (int t = 0; t < 1000 && !s.idle(); ++t) {
        StepResult r = s.step(t);
        QVERIFY(r.kvNeed <= r.kvCapacity);
        for (std::uint64_t id : r.tokens)
            ++tokens[id];
        for (std::uint64_t id : r.preempted)
            preempted.insert(id);
        for (std::uint64_t id : r.finished)
            QVERIFY(finished.insert(id).second);
    }
    QVERIFY(s.idle());
    QCOMPARE(preempted, std::set<std::uint64_t>({ 1 })); // the later one is the victim
    QCOMPARE(finished.size(), std::size_t(2));
    QCOMPARE(tokens[0], 30);
    QCOMPARE(tokens[1], 30);

    // a request that could never hold its 16 + 60 tokens in 4 blocks is refused, one that fits runs
    Scheduler v(c);
    QCOMPARE(v.submit(sim(5, 0, 16, 60)), RejectReason::NeverFits);
    QCOMPARE(v.submit(sim(6, 0, 16, 48)), RejectReason::None);
    SimulationResult r = runSteps(makeTrace({ { 0, 16, 48 }, { 0, 16, 48 }, { 0, 16, 60 } }), c);
    QCOMPARE(r.requests[0].finished, 48.0 + 0); // the first keeps running: the second is preempted
    QVERIFY(!std::isnan(r.requests[1].finished));
    QCOMPARE(r.requests[2].rejected, RejectReason::NeverFits);
}

QTEST_GUILESS_MAIN(TestAdmissionPolicies)
#include "tst_admission_policies.moc"
