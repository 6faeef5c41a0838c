// SPDX-License-Identifier: Apache-2.0
// What the admission preview explains: the capacity verdict behind the overload banner,
// wait reasons with the derivation of their limits, and the step-through's jumps.
#include "analysis/admissionview.h"
#include "analysis/capacity.h"
#include "analysis/stepthrough.h"
#include "analysis/waitexplain.h"
#include "workload/generator.h"
#include "workload/presets.h"

#include <QTest>

#include <cmath>
#include <set>

using namespace lorascope;

namespace {

/// Requests every `gap` clock units, each (input, output) tokens, all on adapter 0 (rank 8).
std::shared_ptr<Trace> regularTrace(int count, double gap, std::uint32_t input, std::uint32_t output)
{
    auto t = std::make_shared<Trace>();
    t->adapters = { { "a0", 8 } };
    for (int i = 0; i < count; ++i)
        t->requests.push_back({ gap * (i + 1), 0, input, output });
    return t;
}

SimulationConfig stepConfig(std::int64_t kvSlots)
{
    SimulationConfig c;
    c.clock = ClockKind::Steps;
    c.scheduler.limits.maxTotalTokenNum = kvSlots;
    return c;
}

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

class TestAdmissionExplain : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void healthyServerIsNotOverloaded()
    {
        // One request every 50 passes, each done in 10: the server idles most of the time.
        const auto t = regularTrace(200, 50.0, 100, 10);
        const auto r = simulate(*t, stepConfig(6000));
        const CapacityCheck c = checkCapacity(r);
        QCOMPARE(c.arrivals, std::uint64_t(200));
        QVERIFY(!c.overloaded);
        QCOMPARE(c.backlog, std::uint64_t(0));
        QVERIFY(std::abs(c.offeredRate - 200.0 / (199 * 50.0)) < 1e-12);
        QVERIFY(std::abs(c.queueGrowth) < 1e-12);
    }

    void overloadedServerGrowsItsQueue()
    {
        // One request per pass, each needing 200 decode passes, but the KV cache holds ~10 at once:
        // the server finishes ~10 requests per 200 passes while 200 arrive.
        const auto t = regularTrace(400, 1.0, 100, 200);
        const auto r = simulate(*t, stepConfig(3000));
        const CapacityCheck c = checkCapacity(r);
        QVERIFY(c.overloaded);
        QVERIFY(c.backlog > 300);
        QVERIFY(c.admittedRate < 0.25 * c.offeredRate);
        QVERIFY(std::abs(c.queueGrowth - (c.offeredRate - c.admittedRate)) < 1e-12);
        QVERIFY(std::abs(c.queueGrowth - double(c.backlog) / (c.lastArrival - c.firstArrival)) < 1e-9);
        QVERIFY(c.meanWaitLast > 10 * c.meanWaitFirst);
        QVERIFY(c.drainTime > 1000);
        // Behind-request waits count for the head's limit: the KV cache.
        QCOMPARE(c.mainLimit, WaitKind::TokenBudget);
        QVERIFY(c.mainLimitCount > 300);
        // The preview computes the same verdict with its results (off the GUI thread).
        const auto a = analyzeAdmission(t, stepConfig(3000));
        QVERIFY(a->capacity.overloaded);
        QCOMPARE(a->capacity.backlog, c.backlog);
        QCOMPARE(a->capacity.offeredRate, c.offeredRate);
    }

    void defaultWorkloadAgainstPaperKvIsHealthyAnd6000IsNot()
    {
        // The desktop app's default start (S4, R = 2) on llama-13b / A100-80G: with S-LoRA's
        // default 6000 slots the queue grows for the whole trace; with the 65000 slots S-LoRA's
        // own A100-80G S4 runs use, it does not.
        const WorkloadSpec spec = specForPreset("S4");
        const auto trace = std::make_shared<const Trace>(generate(spec));
        SimulationConfig cfg;
        cfg.clock = ClockKind::Model;
        cfg.cost = costModelPresets()[0];
        for (const auto& p : costModelPresets())
            if (p.name == "llama-13b-a100-80g")
                cfg.cost = p;
        cfg.scheduler.limits.maxTotalTokenNum = 6000;
        const CapacityCheck tight = checkCapacity(simulate(*trace, cfg));
        QVERIFY(tight.overloaded);
        QVERIFY(tight.offeredRate > 1.9 && tight.offeredRate < 2.2);
        QVERIFY(tight.admittedRate < tight.offeredRate);
        QCOMPARE(tight.mainLimit, WaitKind::TokenBudget);
        cfg.scheduler.limits.maxTotalTokenNum = 65000;
        const CapacityCheck roomy = checkCapacity(simulate(*trace, cfg));
        QVERIFY(!roomy.overloaded);
        QVERIFY(roomy.backlog < 5);
    }

    void tokenBudgetLimitIsDerived()
    {
        // The check vector of docs/admission.md plus one more request: A, B, C admitted, D stopped by
        // batch_max_tokens; with a small KV budget the scan stops on the token budget instead.
        auto t = std::make_shared<Trace>();
        t->adapters = { { "a0", 64 }, { "a1", 8 }, { "a2", 16 } };
        t->requests = { { 0.0, 0, 1000, 500 }, { 0.0, 1, 800, 1000 }, { 0.0, 0, 500, 200 }, { 0.0, 2, 900, 1500 } };
        SimulationConfig cfg = stepConfig(3000);
        cfg.scheduler.limits.batchMaxTokens = 3072;
        StepThrough st(t, cfg);
        QVERIFY(st.next());
        const auto& s = st.snapshot(0);
        // A gets in (1500 < 3000 − 256); B needs 2800 ≥ 3000 − 256 − 32 = 2712.
        QCOMPARE(s.result.admitted.size(), std::size_t(1));
        const WaitReason w = s.result.blocked;
        QCOMPARE(w.kind, WaitKind::TokenBudget);
        QCOMPARE(w.need, std::int64_t(2800));
        QCOMPARE(w.limit, std::int64_t(3000 - 64 * 4 - 8 * 4));
        QCOMPARE(w.adapters, 2u);
        const WaitBreakdown b = breakdownWait(w, cfg.scheduler.limits);
        QCOMPARE(b.kvSlots, std::int64_t(3000));
        QCOMPARE(b.adapterSlots, std::int64_t(288));
        QCOMPARE(b.kvSlots - b.adapterSlots, w.limit);
        const QString text = q(explainWait(w, cfg.scheduler.limits));
        QVERIFY2(text.contains(QStringLiteral("needs 2800 KV slots")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("only 2712 are free")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral(
                     "3000 slots (max_total_token_num) − 288 held by the weights of 2 resident adapters")),
            qPrintable(text));
        // The candidate rows carry the same numbers, with the ranks behind the adapter slots.
        QCOMPARE(s.candidates.back().limit, w.limit);
        auto ranks = s.candidates.back().adapterRanks;
        std::sort(ranks.begin(), ranks.end());
        QCOMPARE(ranks, (std::vector<int> { 8, 64 }));
        std::int64_t weightSlots = 0;
        for (int r : ranks)
            weightSlots += 4 * r;
        QCOMPARE(weightSlots, b.adapterSlots);
    }

    void batchMaxTokensSaysWhenDerived()
    {
        ServerLimits l;
        l.maxTotalTokenNum = 6000;
        l.batchMaxTokens = 0;
        const WaitReason w { WaitKind::BatchMaxTokens, 3200, l.effectiveBatchMaxTokens(), 0 };
        QVERIFY(breakdownWait(w, l).derivedLimit);
        QVERIFY(q(explainWait(w, l)).contains(QStringLiteral("more than batch_max_tokens = 3072 (0 = default")));
        l.batchMaxTokens = 3072;
        QVERIFY(!breakdownWait(w, l).derivedLimit);
        QVERIFY(!q(explainWait(w, l)).contains(QStringLiteral("default")));
        QCOMPARE(q(waitTitle(WaitKind::TokenBudget)), QStringLiteral("KV cache full"));
        QVERIFY(q(explainWait(WaitReason { WaitKind::BehindRequest, 0, 0, 17 }, l))
                    .contains(QStringLiteral("behind request 17")));
    }

    void stepThroughAgreesWithTheTable()
    {
        // What a wait is, one answer: the requests the step-through shows starting to wait are
        // exactly the requests the engine's table gives a wait reason; each is explained in the
        // pass it starts waiting in (a limit, behind the request the scan stopped at, or no
        // admission check in that pass).
        for (const std::int64_t kv : { std::int64_t(800), std::int64_t(65000) }) {
            auto t = regularTrace(120, 0.7, 100, 40);
            const SimulationConfig config = stepConfig(kv);
            const SimulationResult table = simulate(*t, config);
            std::set<std::uint64_t> waited;
            for (std::size_t i = 0; i < table.requests.size(); ++i)
                if (table.requests[i].wait.kind != WaitKind::None)
                    waited.insert(i);
            QVERIFY2(!waited.empty(), "requests wait at least for the next admission check");
            StepThrough st(t, config);
            std::set<std::uint64_t> started;
            for (std::int64_t p = st.findNext(-1, StepEvent::Wait); p >= 0; p = st.findNext(p, StepEvent::Wait)) {
                const auto& snap = st.snapshot(std::size_t(p));
                QCOMPARE(snap.startedWaitingWhy.size(), snap.startedWaiting.size());
                for (std::size_t k = 0; k < snap.startedWaiting.size(); ++k) {
                    started.insert(snap.startedWaiting[k]);
                    QVERIFY(snap.startedWaitingWhy[k].kind != WaitKind::None);
                    if (snap.result.blocked.kind == WaitKind::None)
                        QCOMPARE(snap.startedWaitingWhy[k].kind, WaitKind::AdmissionWindow);
                }
            }
            QCOMPARE(started, waited);
        }
    }

    void stepThroughJumps()
    {
        // Requests over the per-request limits are refused on arrival; a tight KV budget makes
        // others wait.
        auto t = regularTrace(60, 3.0, 100, 40);
        t->requests[20].inputLen = 5000; // > max_req_input_len 2048: refused
        t->requests[41].inputLen = 3000;
        StepThrough st(t, stepConfig(800));
        const std::int64_t wait = st.findNext(-1, StepEvent::Wait);
        QVERIFY(wait >= 0);
        QVERIFY(!st.snapshot(std::size_t(wait)).startedWaiting.empty());
        for (std::int64_t i = 0; i < wait; ++i)
            QVERIFY(st.snapshot(std::size_t(i)).startedWaiting.empty());
        // The first pass whose admission check stops at a limit: the waiting candidate is listed
        // with its numbers, also on a decode pass.
        std::int64_t limit = wait;
        while (limit >= 0 && st.snapshot(std::size_t(limit)).result.blocked.kind == WaitKind::None)
            limit = st.findNext(limit, StepEvent::Wait);
        QVERIFY(limit >= 0);
        const auto& ws = st.snapshot(std::size_t(limit));
        QVERIFY(!ws.candidates.empty());
        QVERIFY(!ws.candidates.back().admitted);
        QCOMPARE(ws.candidates.back().reason, ws.result.blocked);

        const std::int64_t refused = st.findNext(-1, StepEvent::Rejection);
        QVERIFY(refused >= 0);
        QCOMPARE(st.snapshot(std::size_t(refused)).rejected, (std::vector<std::uint64_t> { 20 }));
        QCOMPARE(
            st.snapshot(std::size_t(refused)).rejectedWhy, (std::vector<RejectReason> { RejectReason::InputTooLong }));
        QCOMPARE(st.findRequest(20), refused);
        const std::int64_t second = st.findNext(refused, StepEvent::Rejection);
        QVERIFY(second > refused);
        QCOMPARE(st.snapshot(std::size_t(second)).rejected, (std::vector<std::uint64_t> { 41 }));

        const std::int64_t adm = st.findNext(-1, StepEvent::Admission);
        QCOMPARE(adm, std::int64_t(0));
        const std::int64_t admNext = st.findNext(adm, StepEvent::Admission);
        QVERIFY(admNext > adm);
        QVERIFY(!st.snapshot(std::size_t(admNext)).result.admitted.empty());

        // A request id: the pass that admitted it.
        const std::int64_t p30 = st.findRequest(30);
        QVERIFY(p30 >= 0);
        const auto& a30 = st.snapshot(std::size_t(p30)).result.admitted;
        QVERIFY(std::any_of(a30.begin(), a30.end(), [](const Admission& a) { return a.id == 30; }));
        QCOMPARE(st.findRequest(1000), std::int64_t(-1));
        // A time: the first pass that ends after it.
        const std::int64_t p = st.findTime(100.5);
        QVERIFY(p >= 0);
        QVERIFY(st.snapshot(std::size_t(p)).end > 100.5);
        QVERIFY(p == 0 || st.snapshot(std::size_t(p - 1)).end <= 100.5);
        QCOMPARE(st.findTime(1e9), std::int64_t(-1));
        QVERIFY(st.finished());
    }
};

QTEST_GUILESS_MAIN(TestAdmissionExplain)
#include "tst_admissionexplain.moc"
