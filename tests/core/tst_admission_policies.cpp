// SPDX-License-Identifier: Apache-2.0
// Admission engine, the queue policies on hand-made requests: S-LoRA's abort queue (timeouts,
// newest first) and client aborts. vLLM V1's scheduler has its own tests (tst_admission_vllm).

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

QTEST_GUILESS_MAIN(TestAdmissionPolicies)
#include "tst_admission_policies.moc"
