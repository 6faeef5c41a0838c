// SPDX-License-Identifier: Apache-2.0
// vLLM V1's scheduler (core/admission/vllm.cpp) on hand-made requests, each number checked by hand
// from the rules of vllm/v1/core/sched/scheduler.py (docs/admission.md, "vLLM V1"): chunked
// prefill and the token budget, long_prefill_token_threshold, chunked prefill off, max_num_seqs,
// max_loras (set aside and continue; early V1's stop), base-model requests, preemption by
// recompute, refusals and refused configurations, the wait reasons, LoRA residency and its tiers.
// Request for request agreement with an independent transcription of vLLM's code on larger traces
// is tst_admission_vllm_oracle.

#include "admission_helpers.h"

#include "util/error.h"
#include "workload/generator.h"
#include "workload/presets.h"

#include <QtTest>

#include <cmath>
#include <map>

using namespace lorascope;
using namespace lorascope::test;

namespace {

SchedulerConfig vllmConfig()
{
    SchedulerConfig c;
    c.policy = PolicyKind::Vllm;
    return c;
}

} // namespace

class TestAdmissionVllm : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void defaultsAreVllms();
    void refusedConfigurations();
    void refusedRequests();
    void chunkedPrefillFirstTokenAtTheEndOfTheLastChunk();
    void mixedStepSharesTheBudget();
    void longPrefillTokenThreshold();
    void chunkedPrefillOffStopsTheScan();
    void maxNumSeqs();
    void maxLorasSetAsideAndContinue();
    void maxLorasEarlyRuleStops();
    void preemptionByRecompute();
    void priorityPreemptsTheWorst();
    void loraResidencyTiers();
    void mixedPassCost();
    void issueSampleRunsClean();
};

void TestAdmissionVllm::defaultsAreVllms()
{
    // vllm/engine/arg_utils.py (OpenAI server, GPUs other than H100-class), config/lora.py, cache.py.
    const VllmConfig v;
    QCOMPARE(v.effectiveMaxNumBatchedTokens(), 2048);
    QCOMPARE(v.effectiveMaxNumSeqs(), 256);
    QCOMPARE(v.maxLoras, 1);
    QCOMPARE(v.effectiveMaxCpuLoras(), 1);
    QCOMPARE(v.maxLoraRank, 16);
    QCOMPARE(v.blockSize, 16);
    QVERIFY(v.enableChunkedPrefill);
    VllmConfig off = v;
    off.enableChunkedPrefill = false;
    QCOMPARE(off.effectiveMaxNumBatchedTokens(), v.maxModelLen); // without chunked prefill: max_model_len
    VllmConfig small = v;
    small.maxNumBatchedTokens = 100;
    QCOMPARE(small.effectiveMaxNumSeqs(), 100); // min(256, max_num_batched_tokens)
    QCOMPARE(vllmConfigError(v), std::string());
}

void TestAdmissionVllm::refusedConfigurations()
{
    // vLLM's own messages (vllm/config/scheduler.py verify_max_model_len, config/lora.py).
    VllmConfig v;
    v.maxNumBatchedTokens = 64;
    v.maxNumSeqs = 128;
    QCOMPARE(QString::fromStdString(vllmConfigError(v)),
        QStringLiteral("max_num_batched_tokens (64) must be greater than or equal to max_num_seqs (128)."));
    v = VllmConfig {};
    v.enableChunkedPrefill = false;
    v.maxNumBatchedTokens = 2048;
    QVERIFY(QString::fromStdString(vllmConfigError(v))
                .startsWith(QStringLiteral("max_num_batched_tokens (2048) is smaller than max_model_len (4096).")));
    v = VllmConfig {};
    v.maxLoras = 4;
    v.maxCpuLoras = 2;
    QCOMPARE(QString::fromStdString(vllmConfigError(v)), QStringLiteral("max_cpu_loras (2) must be >= max_loras (4)"));
    v = VllmConfig {};
    v.maxLoraRank = 24;
    QVERIFY(QString::fromStdString(vllmConfigError(v))
                .startsWith(QStringLiteral("max_lora_rank: Input should be 1, 8, 16, 32, 64, 128, 256, 320 or 512")));
    v = VllmConfig {};
    v.numGpuBlocks = 200; // 199 × 16 = 3184 tokens < max_model_len 4096: one longest request could never run
    QVERIFY(QString::fromStdString(vllmConfigError(v))
                .startsWith(QStringLiteral("To serve at least one request with the model's max seq len (4096)")));
    // simulate() refuses such a server before running anything.
    SimulationConfig sc;
    sc.scheduler = vllmConfig();
    sc.scheduler.vllm = v;
    QVERIFY_THROWS_EXCEPTION(InputError, simulate(makeTrace({ { 0, 10, 5 } }), sc));
}

void TestAdmissionVllm::refusedRequests()
{
    SchedulerConfig c = vllmConfig();
    c.vllm.maxModelLen = 100;
    c.vllm.maxLoraRank = 16;
    Scheduler s(c);
    QCOMPARE(s.submit(sim(0, 0, 95, 5)), RejectReason::None); // 95 + 5 = max_model_len
    QCOMPARE(s.submit(sim(1, 0, 95, 6)), RejectReason::MaxModelLen); // vLLM's API server answers 400
    QCOMPARE(s.submit(sim(2, 0, 101, 1)), RejectReason::MaxModelLen); // the prompt alone is too long
    QCOMPARE(s.submit(sim(3, 0, 10, 5, 0, 32)),
        RejectReason::LoraRankTooLarge); // "LoRA rank 32 is greater than max_lora_rank 16"
    QCOMPARE(s.submit(sim(4, 0, 10, 5, 0, 16)), RejectReason::None);
    QCOMPARE(rejectReasonName(RejectReason::MaxModelLen), std::string("max_model_len"));
    QCOMPARE(rejectReasonName(RejectReason::LoraRankTooLarge), std::string("lora_rank_too_large"));
}

void TestAdmissionVllm::chunkedPrefillFirstTokenAtTheEndOfTheLastChunk()
{
    // A 250-token prompt with a budget of 100 tokens a step: chunks of 100, 100, 50 in steps 0, 1,
    // 2; the first token is sampled at the end of step 2 (t = 3); two decodes → finished at 5.
    SchedulerConfig c = vllmConfig();
    c.vllm.maxNumBatchedTokens = 100;
    SimulationResult r = runSteps(makeTrace({ { 0, 250, 3 } }), c);
    QCOMPARE(r.requests[0].admitted, 0.0);
    QCOMPARE(r.requests[0].firstToken, 3.0);
    QCOMPARE(r.requests[0].finished, 5.0);
    QCOMPARE(r.timeline.size(), std::size_t(5));
    QCOMPARE(r.timeline[0].tokens, 100);
    QCOMPARE(r.timeline[2].tokens, 50);
    QCOMPARE(r.timeline[2].kind, StepKind::Prefill);
    QCOMPARE(r.timeline[3].kind, StepKind::Decode);
    // KV blocks: 100 tokens = 7 blocks of 16, then 13, then 16 (250 tokens), 16, 16 (252 tokens).
    QCOMPARE(r.timeline[0].kvUsed, 7 * 16);
    QCOMPARE(r.timeline[1].kvUsed, 13 * 16);
    QCOMPARE(r.timeline[2].kvUsed, 16 * 16);
}

void TestAdmissionVllm::mixedStepSharesTheBudget()
{
    // A(10 in, 5 out) at 0, B(150 in, 3 out) at 1, budget 100. Step 0: A's prompt (first token at
    // 1). Step 1: A decodes (1 token, running first) and B gets the other 99 — one mixed pass.
    // Step 2: A again, B's last 51 tokens: B's first token at 3; B decodes at steps 3, 4 → 5.
    SchedulerConfig c = vllmConfig();
    c.vllm.maxNumBatchedTokens = 100;
    SimulationResult r = runSteps(makeTrace({ { 0, 10, 5 }, { 1, 150, 3 } }), c);
    QCOMPARE(r.requests[0].firstToken, 1.0);
    QCOMPARE(r.requests[0].finished, 5.0); // a decode in every step: mixed passes cost A nothing on the step clock
    QCOMPARE(r.requests[1].admitted, 1.0);
    QCOMPARE(r.requests[1].firstToken, 3.0);
    QCOMPARE(r.requests[1].finished, 5.0);
    QCOMPARE(r.timeline[1].kind, StepKind::Mixed);
    QCOMPARE(r.timeline[1].tokens, 100);
    QCOMPARE(r.timeline[2].kind, StepKind::Mixed);
    QCOMPARE(r.timeline[2].tokens, 52);
    QCOMPARE(r.summary.mixedSteps, 2u);
    // The online engine says which request got its first token in which step.
    Scheduler s(c);
    s.submit(sim(0, 0, 10, 5));
    StepResult a = s.step(0);
    QCOMPARE(a.firstTokens, std::vector<std::uint64_t>({ 0 }));
    s.submit(sim(1, 1, 150, 3));
    StepResult b = s.step(1);
    QCOMPARE(b.kind, StepKind::Mixed);
    QCOMPARE(b.admitted.size(), std::size_t(1));
    QVERIFY(b.firstTokens.empty()); // B's prompt is not complete yet
    QCOMPARE(b.tokens, std::vector<std::uint64_t>({ 0 }));
    QCOMPARE(b.decodeShape.requests, 1);
    QCOMPARE(b.prefillShape.tokens, 99);
    QCOMPARE(b.prefillShape.tokenSquared, 99 * 99);
    StepResult c2 = s.step(2);
    QCOMPARE(c2.firstTokens, std::vector<std::uint64_t>({ 1 }));
    QCOMPARE(c2.prefillShape.tokenSquared, 150 * 150 - 99 * 99); // the chunks add up to the whole prompt's attention
}

void TestAdmissionVllm::longPrefillTokenThreshold()
{
    // long_prefill_token_threshold 64: a 200-token prompt in chunks of 64, 64, 64, 8 although the
    // budget (2048) would take it at once: first token at 4.
    SchedulerConfig c = vllmConfig();
    c.vllm.longPrefillTokenThreshold = 64;
    SimulationResult r = runSteps(makeTrace({ { 0, 200, 2 }, { 0, 30, 2 } }), c);
    QCOMPARE(r.requests[0].firstToken, 4.0);
    QCOMPARE(r.requests[0].finished, 5.0);
    QCOMPARE(r.requests[1].firstToken, 1.0); // 30 tokens fit one chunk, in the same step
    QCOMPARE(r.timeline[0].tokens, 64 + 30);
}

void TestAdmissionVllm::chunkedPrefillOffStopsTheScan()
{
    // max_model_len 256 = max_num_batched_tokens. A(200 in, 5 out) and B(100 in, 5 out) at 0.
    // Chunked prefill off: B's 100 tokens do not fit the 56 left → the scan stops (B waits), and B
    // is prefilled whole in step 1 beside A's decode. Chunked prefill on: B's first 56 tokens go
    // into step 0 and its last 44 into step 1: admitted earlier, first token at the same time.
    SchedulerConfig c = vllmConfig();
    c.vllm.maxModelLen = 256;
    c.vllm.maxNumBatchedTokens = 256;
    c.vllm.enableChunkedPrefill = false;
    const Trace t = makeTrace({ { 0, 200, 5 }, { 0, 100, 5 } });
    SimulationResult off = runSteps(t, c);
    QCOMPARE(off.requests[1].admitted, 1.0);
    QCOMPARE(off.requests[1].firstToken, 2.0);
    QCOMPARE(off.requests[1].wait.kind, WaitKind::MaxNumBatchedTokens);
    QCOMPARE(off.requests[1].wait.need, 100);
    QCOMPARE(off.requests[1].wait.limit, 56);
    c.vllm.enableChunkedPrefill = true;
    SimulationResult on = runSteps(t, c);
    QCOMPARE(on.requests[1].admitted, 0.0);
    QCOMPARE(on.requests[1].firstToken, 2.0);
    QCOMPARE(on.requests[1].wait.kind, WaitKind::None);
}

void TestAdmissionVllm::maxNumSeqs()
{
    SchedulerConfig c = vllmConfig();
    c.vllm.maxNumSeqs = 2;
    SimulationResult r = runSteps(makeTrace({ { 0, 10, 5 }, { 0, 10, 5 }, { 0, 10, 5 } }), c);
    QCOMPARE(r.requests[0].admitted, 0.0);
    QCOMPARE(r.requests[1].admitted, 0.0);
    QCOMPARE(r.requests[2].wait.kind, WaitKind::MaxNumSeqs);
    QCOMPARE(r.requests[2].wait.need, 3);
    QCOMPARE(r.requests[2].wait.limit, 2);
    QCOMPARE(r.requests[2].admitted, 5.0); // the first two: prefill + 4 decodes, finished at the end of step 4
    for (const StepRecord& s : r.timeline)
        QVERIFY(s.batchSize <= 2);
}

void TestAdmissionVllm::maxLorasSetAsideAndContinue()
{
    // max_loras 1; at 0: A(adapter 0), B(adapter 1), C(adapter 0), D(base model). Step 0 takes A;
    // B would be a second adapter: set aside; the scan continues: C (adapter 0) and D (no adapter:
    // base-model requests never wait for a slot) overtake it. B goes in when adapter 0 has left
    // the batch: A and C finish at the end of step 4, B is scheduled at 5.
    SchedulerConfig c = vllmConfig();
    c.vllm.maxLoras = 1;
    const Trace t = makeTrace({ { 0, 10, 5, 0 }, { 0, 10, 5, 1 }, { 0, 10, 5, 0 }, { 0, 10, 5 } }, { 8, 8 });
    SimulationResult r = runSteps(t, c);
    QCOMPARE(r.requests[0].admitted, 0.0);
    QCOMPARE(r.requests[2].admitted, 0.0);
    QCOMPARE(r.requests[3].admitted, 0.0);
    QCOMPARE(r.requests[1].admitted, 5.0);
    const WaitReason& w = r.requests[1].wait;
    QCOMPARE(w.kind, WaitKind::MaxLoras);
    QCOMPARE(w.need, 2);
    QCOMPARE(w.limit, 1);
    QCOMPARE(w.adapters, 1u);
    QCOMPARE(w.adapterIds[0], 0u); // "this step's batch already has max_loras = 1 adapters (a0)"
    QCOMPARE(w.adapterIds[1], kNoAdapter);
    // Adapter 0 is read from disk for step 0; adapter 1 replaces it in the one GPU slot and, with
    // max_cpu_loras = max_loras = 1, in the CPU cache too: two loads, both from disk.
    QCOMPARE(r.summary.adapterLoads, 2u);
    QCOMPARE(r.summary.adapterDiskLoads, 2u);
    QCOMPARE(r.summary.adapterUnloads, 1u);
    QCOMPARE(r.requests[0].adapterLoad, AdapterTier::Disk);
    QCOMPARE(r.requests[2].adapterLoad, AdapterTier::Disk); // the same pass as A
}

void TestAdmissionVllm::maxLorasEarlyRuleStops()
{
    // Early V1 (before vLLM PR #15422): the scan stops at B. C and D wait behind it even though C's
    // adapter is in the batch and D has none; B goes in at 5 (A finished), C and D only when B's
    // adapter has left at 10 (B: admitted 5, first token 6, finished 10).
    SchedulerConfig c = vllmConfig();
    c.vllm.maxLoras = 1;
    c.vllm.loraScanStops = true;
    const Trace t = makeTrace({ { 0, 10, 5, 0 }, { 0, 10, 5, 1 }, { 0, 10, 5, 0 }, { 0, 10, 5 } }, { 8, 8 });
    SimulationResult r = runSteps(t, c);
    QCOMPARE(r.requests[0].admitted, 0.0);
    QCOMPARE(r.requests[1].admitted, 5.0);
    QCOMPARE(r.requests[2].admitted, 10.0);
    QCOMPARE(r.requests[3].admitted, 10.0);
    QCOMPARE(r.requests[3].finished, 15.0);
    QCOMPARE(r.requests[3].wait.kind, WaitKind::BehindRequest); // behind C, the head at step 9
    QCOMPARE(r.requests[2].wait.kind, WaitKind::MaxLoras);
}

void TestAdmissionVllm::priorityPreemptsTheWorst()
{
    // docs/admission.md, "Priority scheduling": 4 usable blocks of 16, max_model_len 64. A and B
    // (16 in, 30 out, priority 1) at 0, C (16 in, 10 out, priority 0) at 2.
    //  - FCFS: at 17 A needs a third block, B (newest) is preempted to the front of the queue; C
    //    waits behind it until A finishes (30), and is preempted again when B grows: C 30, 31, 52.
    //  - priority: C heads the queue but waits for a block ("needs 1 KV blocks, 0 free": the waiting
    //    loop never preempts); at 17 the victim is max((1, 0), (1, 0)) = A, the first of equals, and
    //    A is the request itself: nothing is scheduled, schedule() runs again at 17: B grows, C is
    //    admitted ahead of A (priority 0 < 1): C 17, 18, 27; A 40, B 52.
    Trace t = makeTrace({ { 0, 16, 30 }, { 0, 16, 30 }, { 2, 16, 10 } });
    t.priorities = { 1, 1, 0 };
    SchedulerConfig c = vllmConfig();
    c.vllm.numGpuBlocks = 5;
    c.vllm.maxModelLen = 64;
    const SimulationResult f = runSteps(t, c);
    QCOMPARE(f.requests[2].admitted, 30.0);
    QCOMPARE(f.requests[2].firstToken, 31.0);
    QCOMPARE(f.requests[2].finished, 52.0);
    QCOMPARE(f.requests[0].finished, 30.0);
    QCOMPARE(f.requests[1].finished, 43.0);
    c.vllm.priorityScheduling = true;
    const SimulationResult p = runSteps(t, c);
    QCOMPARE(p.requests[2].admitted, 17.0);
    QCOMPARE(p.requests[2].firstToken, 18.0);
    QCOMPARE(p.requests[2].finished, 27.0);
    QCOMPARE(p.requests[0].finished, 40.0);
    QCOMPARE(p.requests[1].finished, 52.0);
    QCOMPARE(p.requests[0].preemptions, 1u); // the first of equals, not the newest
    QCOMPARE(p.requests[1].preemptions, 1u);
    QCOMPARE(p.summary.preemptions, 2u);
    QCOMPARE(p.summary.steps, 52u);

    // C's wait before 17, asked online: blocks, not priority.
    Scheduler s(c);
    SimRequest a = sim(0, 0, 16, 30), b = sim(1, 0, 16, 30), cc = sim(2, 2, 16, 10);
    a.priority = b.priority = 1;
    cc.priority = 0;
    s.submit(a);
    s.submit(b);
    for (int step = 0; step < 2; ++step)
        s.step(step);
    s.submit(cc);
    s.step(2);
    const WaitReason w = s.waitReason(2);
    QCOMPARE(w.kind, WaitKind::KvBlocks);
    QCOMPARE(w.need, 1);
    QCOMPARE(w.limit, 0);

    // A victim already scheduled in the step gives its tokens back: at 17 the first running request
    // (8 + 17 tokens, priority 1) decodes within its blocks, then the second (priority 0) needs a
    // third block; FCFS preempts the second itself (the newest), priority the first.
    Trace u = makeTrace({ { 0, 8, 30 }, { 0, 16, 30 } });
    u.priorities = { 1, 0 };
    const SimulationResult q = runSteps(u, c);
    QCOMPARE(q.requests[0].preemptions, 1u);
    QCOMPARE(q.requests[1].preemptions, 0u);
    QCOMPARE(q.requests[1].finished, 30.0);
    QCOMPARE(q.requests[0].finished, 43.0);
    QCOMPARE(q.timeline[17].preempted, 1);
    QCOMPARE(q.timeline[17].tokens, 1); // only the second request's decode: the first's token went back
    c.vllm.priorityScheduling = false;
    const SimulationResult g = runSteps(u, c);
    QCOMPARE(g.requests[1].preemptions, 1u);
    QCOMPARE(g.requests[0].finished, 30.0);
    QCOMPARE(g.requests[1].finished, 43.0);
}

void TestAdmissionVllm::preemptionByRecompute()
{
    // 5 blocks of 16 (4 usable: 64 tokens), max_model_len 64. A and B (16 in, 30 out) at 0.
    //  - step 0: one block each, first tokens at 1; steps 1-16: decodes, a second block each at step 1;
    //  - step 17: A needs a third block (33 tokens), none is free: the newest running request, B,
    //    is preempted (its 2 blocks freed; 17 generated) and no waiting request is scheduled;
    //  - steps 18-29: A decodes; B (33 tokens to compute again = 3 blocks, 1 free) waits: "needs 3
    //    KV blocks, 1 free". A finishes at the end of step 29 (t = 30);
    //  - step 30: B is resumed, its 33 tokens prefilled again in one step, which samples its 18th
    //    token (end of step 30); its 30th comes 12 steps later, at the end of step 42 → finished at 43.
    //    With prefix caching (vLLM's default) its first block is still cached (freed last first at
    //    17, A took the second one): 16 tokens found, 17 computed; without it, all 33.
    SchedulerConfig c = vllmConfig();
    c.vllm.numGpuBlocks = 5;
    c.vllm.maxModelLen = 64;
    SimulationResult r = runSteps(makeTrace({ { 0, 16, 30 }, { 0, 16, 30 } }), c);
    QCOMPARE(r.requests[0].firstToken, 1.0);
    QCOMPARE(r.requests[0].finished, 30.0);
    QCOMPARE(r.requests[1].admitted, 0.0);
    QCOMPARE(r.requests[1].firstToken, 1.0);
    QCOMPARE(r.requests[1].finished, 43.0);
    QCOMPARE(r.requests[0].preemptions, 0u);
    QCOMPARE(r.requests[1].preemptions, 1u);
    QCOMPARE(r.summary.preemptions, 1u);
    QCOMPARE(r.requests[1].wait.kind, WaitKind::KvBlocks); // its last wait, before it was resumed
    QCOMPARE(r.requests[1].wait.need, 3);
    QCOMPARE(r.requests[1].wait.limit, 1);
    QCOMPARE(r.timeline[17].preempted, 1);
    QCOMPARE(r.timeline[30].tokens, 17); // the recompute: prompt and generated tokens after the cached block
    QCOMPARE(r.timeline[30].kind, StepKind::Prefill);
    QCOMPARE(r.timeline[30].prefixPreemptedHits, 16);
    QCOMPARE(r.timeline[30].prefixPreemptedQueries, 33);
    {
        SchedulerConfig off = c;
        off.vllm.enablePrefixCaching = false;
        const SimulationResult o = runSteps(makeTrace({ { 0, 16, 30 }, { 0, 16, 30 } }), off);
        QCOMPARE(o.timeline[30].tokens, 33); // everything again
        QCOMPARE(o.requests[1].finished, 43.0);
        QCOMPARE(o.timeline[30].prefixPreemptedQueries, 0);
    }
    for (const StepRecord& s : r.timeline)
        QVERIFY(s.kvUsed <= s.kvCapacity && s.kvCapacity == 64);

    // Online: the preempted request's wait reason names the step and the tokens to compute again,
    // and its tokens add up (no token twice, none lost).
    Scheduler s(c);
    s.submit(sim(0, 0, 16, 30));
    s.submit(sim(1, 0, 16, 30));
    std::map<std::uint64_t, int> tokens;
    for (int t = 0; t < 17; ++t)
        for (std::uint64_t id : s.step(t).tokens)
            ++tokens[id];
    StepResult p = s.step(17);
    QCOMPARE(p.preempted, std::vector<std::uint64_t>({ 1 }));
    const WaitReason w = s.waitReason(1);
    QCOMPARE(w.kind, WaitKind::Preempted);
    QCOMPARE(w.need, 33);
    QCOMPARE(w.at, 17.0);
    for (std::uint64_t id : p.tokens)
        ++tokens[id];
    for (int t = 18; t < 100 && !s.idle(); ++t) {
        StepResult x = s.step(t);
        for (std::uint64_t id : x.tokens)
            ++tokens[id];
        if (t == 30) {
            QCOMPARE(x.resumed.size(), std::size_t(1));
            QVERIFY(x.firstTokens.empty()); // its first token came long ago
        }
    }
    QVERIFY(s.idle());
    QCOMPARE(tokens[0], 30);
    QCOMPARE(tokens[1], 30);
}

void TestAdmissionVllm::loraResidencyTiers()
{
    // max_loras 1 GPU slot, max_cpu_loras 2, adapters used one after another: 0, 1, 0, 2, 1.
    // 0: disk; 1: disk (0 stays in the CPU cache); 0: from CPU; 2: disk, the CPU cache evicts its
    // least recently used adapter, 1; 1: disk again.
    SchedulerConfig c = vllmConfig();
    c.vllm.maxLoras = 1;
    c.vllm.maxCpuLoras = 2;
    const Trace t = makeTrace(
        { { 0, 10, 2, 0 }, { 10, 10, 2, 1 }, { 20, 10, 2, 0 }, { 30, 10, 2, 2 }, { 40, 10, 2, 1 } }, { 8, 8, 8 });
    SimulationResult r = runSteps(t, c);
    QCOMPARE(r.requests[0].adapterLoad, AdapterTier::Disk);
    QCOMPARE(r.requests[1].adapterLoad, AdapterTier::Disk);
    QCOMPARE(r.requests[2].adapterLoad, AdapterTier::Cpu);
    QCOMPARE(r.requests[3].adapterLoad, AdapterTier::Disk);
    QCOMPARE(r.requests[4].adapterLoad, AdapterTier::Disk);
    QCOMPARE(r.summary.adapterLoads, 5u);
    QCOMPARE(r.summary.adapterDiskLoads, 4u);
    std::uint32_t cpuEvicted = 0;
    for (const StepRecord& s : r.timeline) {
        cpuEvicted += s.cpuEvicted;
        QVERIFY(s.residentAdapters <= 1 && s.cpuAdapters <= 2);
    }
    QCOMPARE(cpuEvicted, 2u); // 1 (for 2), then 0 (for 1)
    // The cost model charges a disk read on top of the copy to the GPU.
    SimulationConfig sc;
    sc.scheduler = c;
    sc.clock = ClockKind::Model;
    sc.cost = *findCostModel("llama-7b-a10g");
    SimulationResult m = simulate(t, sc);
    QCOMPARE(m.requests[2].adapterLoad, AdapterTier::Cpu);
    const double fromCpu = sc.cost.adapterLoadSeconds(8), fromDisk = fromCpu + sc.cost.adapterDiskReadSeconds(8);
    QVERIFY(std::abs(m.requests[2].adapterLoadSeconds - fromCpu) < 1e-6 * fromCpu); // kept as a float
    QVERIFY(std::abs(m.requests[3].adapterLoadSeconds - fromDisk) < 1e-6 * fromDisk);
    QVERIFY(sc.cost.adapterDiskReadSeconds(8) > 0);
}

void TestAdmissionVllm::mixedPassCost()
{
    // One pass: the base once, the prefill terms of the chunks, the decode terms of the decodes;
    // alone, each part costs what a prefill or a decode pass costs.
    const CostModel& m = *findCostModel("llama-7b-a10g");
    BatchShape p { 1, 99, 99, 99 * 16, 8, 99 * 99, 1, 16 };
    BatchShape d { 3, 3, 900, 3 * 16, 8, 0, 3, 16 };
    QCOMPARE(m.mixedSeconds(p, BatchShape {}), m.prefillSeconds(p));
    QCOMPARE(m.mixedSeconds(BatchShape {}, d), m.decodeSeconds(d));
    const double mixed = m.mixedSeconds(p, d);
    const double both = m.prefillSeconds(p) + m.decodeSeconds(d);
    // The shared per-pass costs are paid once: what two passes would cost minus one base and one lora_base.
    QVERIFY(std::abs(mixed - (both - std::min(m.prefillBase, m.decodeBase) - m.loraBase)) < 1e-12);
    QVERIFY(mixed < both);
    QVERIFY(mixed > m.prefillSeconds(p));
}

void TestAdmissionVllm::issueSampleRunsClean()
{
    // The configuration of the issue's sample (300 requests, 8 adapters, max_num_seqs 32,
    // max_num_batched_tokens 2048, max_loras 2, 1001 blocks of 16) on a generated trace: every
    // request finishes, the limits hold in every step, tokens add up.
    WorkloadSpec spec = specForPreset("S1");
    spec.generator = GeneratorKind::Slora;
    spec.adapterCount = 8;
    spec.rate = 0.1;
    spec.duration = 3000;
    spec.seed = 7;
    spec.input = LengthSpec { LengthKind::Uniform, 16, 1024 };
    const Trace t = generate(spec);
    QCOMPARE(t.requests.size(), std::size_t(300));
    SchedulerConfig c = vllmConfig();
    c.vllm.maxNumSeqs = 32;
    c.vllm.maxNumBatchedTokens = 2048;
    c.vllm.maxLoras = 2;
    c.vllm.numGpuBlocks = 1001;
    SimulationResult r = runSteps(t, c);
    QCOMPARE(r.summary.finished, 300u);
    QVERIFY(r.summary.preemptions > 0);
    QVERIFY(r.summary.mixedSteps > 0);
    for (const StepRecord& s : r.timeline) {
        QVERIFY(s.batchSize <= 32);
        QVERIFY(s.tokens <= 2048);
        QVERIFY(s.kvUsed <= 16000);
        QVERIFY(s.residentAdapters <= 2);
    }
}

QTEST_GUILESS_MAIN(TestAdmissionVllm)
#include "tst_admission_vllm.moc"
