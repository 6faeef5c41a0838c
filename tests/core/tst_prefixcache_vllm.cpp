// SPDX-License-Identifier: Apache-2.0
// vLLM V1's automatic prefix caching in the `vllm` policy (core/admission/vllmblocks.h, vllm.cpp;
// docs/admission.md, "Prefix caching"), on hand-made requests whose token keys say what they share.
// Every number is worked by hand from vLLM's rules (kv_cache_manager.py get_computed_blocks and
// allocate_slots, block_pool.py, single_type_kv_cache_manager.py): the hit is the longest run of
// cached full blocks, at most num_tokens − 1 tokens; blocks are cached as they fill; a finished
// request's blocks go to the free queue's tail last block first; allocation evicts from the head.

#include "admission_helpers.h"

#include "workload/prefix.h"
#include "workload/tokenkey.h"

#include <QtTest>

#include <random>

using namespace lorascope;
using namespace lorascope::test;

namespace {

/// A key from runs {content, start, tokens}: the prompt's runs, then the answer's.
TokenKeyPtr keyOf(std::initializer_list<TokenRun> runs)
{
    auto k = std::make_shared<TokenKey>();
    k->runs.assign(runs);
    return k;
}

SimRequest keyed(std::uint64_t id, double t, std::uint32_t in, std::uint32_t out, TokenKeyPtr key,
    std::uint32_t adapter = kNoAdapter)
{
    SimRequest r = sim(id, t, in, out, adapter, adapter == kNoAdapter ? 0 : 8);
    r.key = std::move(key);
    return r;
}

SchedulerConfig vllmConfig()
{
    SchedulerConfig c;
    c.policy = PolicyKind::Vllm;
    return c;
}

/// What one request got, on the step clock.
struct Fate {
    double admitted = NAN, firstToken = NAN, finished = NAN;
    std::uint32_t cached = 0;
};

/// Runs requests (sorted by time) on the step clock as ServerSim does: submit what has arrived,
/// one step() per tick, idle → jump to the next arrival. Fills `fates` (by id) and the steps.
std::vector<StepResult> run(
    const SchedulerConfig& config, const std::vector<SimRequest>& reqs, std::vector<Fate>& fates)
{
    Scheduler s(config);
    std::vector<StepResult> steps;
    fates.assign(reqs.size(), {});
    std::size_t next = 0;
    double now = 0;
    for (int guard = 0; guard < 100000; ++guard) {
        while (next < reqs.size() && reqs[next].arrival <= now)
            s.submit(reqs[next++]);
        if (s.idle()) {
            if (next == reqs.size())
                break;
            now = reqs[next].arrival;
            continue;
        }
        StepResult r = s.step(now);
        for (const Admission& a : r.admitted) {
            fates[a.id].admitted = now;
            fates[a.id].cached = a.cachedTokens;
        }
        for (std::uint64_t id : r.firstTokens)
            fates[id].firstToken = now + 1;
        for (std::uint64_t id : r.finished)
            fates[id].finished = now + 1;
        steps.push_back(std::move(r));
        now += 1;
    }
    return steps;
}

} // namespace

class TestPrefixCacheVllm : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sharedSystemPromptSkipsItsPrefill();
    void sessionTurnFindsThePreviousTurnAndItsAnswer();
    void evictionIsLruAndFreesTheLastBlockFirst();
    void lastTokenIsAlwaysComputed();
    void noHitsAcrossAdapters();
    void offMeansNoHits();
    void preemptedRequestFindsItsOwnBlocks();
    void keyedUniquePromptsEqualUnkeyed();
    void unkeyedResumedRequestsFindTheirOwnBlocks();
    void unlimitedKvHitsWhatThePrefixStructureAllows();
};

void TestPrefixCacheVllm::sharedSystemPromptSkipsItsPrefill()
{
    // Budget 20 tokens a step, blocks of 16. A = system prompt S (32 tokens) + 10 of its own, 2
    // out, at 0: chunks 20, 20, 2 (steps 0–2), first token at 3, finished at 4. Its full blocks
    // S[0,16) and S[16,32) are cached as they fill. B (S + 10 of its own) at 5 finds both: 32
    // tokens cached, 10 to prefill in step 5 → first token at 6, finished at 7. Without the cache
    // B would need 20, 20, 2 like A: first token at 8.
    SchedulerConfig c = vllmConfig();
    c.vllm.maxNumBatchedTokens = 20;
    c.vllm.maxNumSeqs = 4;
    const std::vector<SimRequest> reqs = {
        keyed(0, 0, 42, 2, keyOf({ { 1, 0, 32 }, { 10, 0, 10 }, { 20, 0, 2 } })),
        keyed(1, 5, 42, 2, keyOf({ { 1, 0, 32 }, { 11, 0, 10 }, { 21, 0, 2 } })),
    };
    std::vector<Fate> f;
    const std::vector<StepResult> steps = run(c, reqs, f);
    QCOMPARE(f[0].firstToken, 3.0);
    QCOMPARE(f[0].finished, 4.0);
    QCOMPARE(f[0].cached, 0u);
    QCOMPARE(f[1].admitted, 5.0);
    QCOMPARE(f[1].cached, 32u);
    QCOMPARE(f[1].firstToken, 6.0);
    QCOMPARE(f[1].finished, 7.0);
    // The step's budget and the cost model see only the new tokens; the context is the whole prompt.
    QCOMPARE(steps[4].shape.tokens, 10);
    QCOMPARE(steps[4].prefillShape.context, 42);
    QCOMPARE(steps[4].prefillShape.tokenSquared, 42 * 42 - 32 * 32);
    // vLLM's prefix-cache counters (tokens): A looked up 42 and found 0; B 42 and 32.
    QCOMPARE(steps[0].prefixQueries, 42u);
    QCOMPARE(steps[0].prefixHits, 0u);
    QCOMPARE(steps[4].prefixQueries, 42u);
    QCOMPARE(steps[4].prefixHits, 32u);
    // B's blocks: the two hit blocks (free, taken back from the free queue) and one new one.
    QCOMPARE(steps[4].kvUsed, 3 * 16);

    // The same through simulate(): a trace whose requests declare the system prompt as a segment.
    Trace t = makeTrace({ { 0, 42, 2 }, { 5, 42, 2 } });
    t.segments = { { 77, 32, SegmentRole::System }, { 77, 32, SegmentRole::System } };
    t.segmentOffsets = { 0, 1, 2 };
    const SimulationResult r = runSteps(t, c);
    QCOMPARE(r.requests[1].cachedTokens, 32u);
    QCOMPARE(r.requests[1].firstToken, 6.0);
    QCOMPARE(r.summary.promptTokens, 84u);
    QCOMPARE(r.summary.cachedTokens, 32u);
    QCOMPARE(r.timeline[4].cachedTokens, 32);
    QCOMPARE(r.timeline[4].prefixQueries, 42);
    QCOMPARE(r.timeline[4].prefixHits, 32);
    // The trace without its segments: no keys, no hits, B prefilled whole.
    t.segments.clear();
    t.segmentOffsets.clear();
    const SimulationResult plain = runSteps(t, c);
    QCOMPARE(plain.requests[1].cachedTokens, 0u);
    QCOMPARE(plain.requests[1].firstToken, 8.0);
}

void TestPrefixCacheVllm::sessionTurnFindsThePreviousTurnAndItsAnswer()
{
    // Turn 1: 40 tokens u1, answer a1 of 10. Prefill at step 0 caches 2 blocks (40 tokens); the
    // decode that computes token 48 (step 8) fills and caches the third (u1[32,40) + a1[0,8)).
    // The last answer token (the 50th) is sampled but never computed: not cached. Finished at 10.
    // Turn 2 at 12: u1 + a1 + 20 of its own (70 tokens): blocks 0–2 hit (48 tokens); block 3
    // (a1[8,10) + u2[0,14)) was never cached. 22 tokens prefilled: first token at 13, done at 14.
    const SchedulerConfig c = vllmConfig();
    const std::vector<SimRequest> reqs = {
        keyed(0, 0, 40, 10, keyOf({ { 1, 0, 40 }, { 2, 0, 10 } })),
        keyed(1, 12, 70, 2, keyOf({ { 1, 0, 40 }, { 2, 0, 10 }, { 3, 0, 20 }, { 4, 0, 2 } })),
    };
    std::vector<Fate> f;
    const std::vector<StepResult> steps = run(c, reqs, f);
    QCOMPARE(f[0].firstToken, 1.0);
    QCOMPARE(f[0].finished, 10.0);
    QCOMPARE(f[1].admitted, 12.0);
    QCOMPARE(f[1].cached, 48u);
    QCOMPARE(f[1].firstToken, 13.0);
    QCOMPARE(f[1].finished, 14.0);
    QCOMPARE(steps.back().shape.tokens, 1);
    QCOMPARE(steps[steps.size() - 2].shape.tokens, 22);
}

void TestPrefixCacheVllm::evictionIsLruAndFreesTheLastBlockFirst()
{
    // max_model_len 64, 6 blocks of 16: 5 usable (ids 1–5 in vLLM; the null block is 0).
    // A (48 tokens x, 1 out) at 0 takes blocks 1, 2, 3, caches x0 x1 x2 and finishes at 1; freed
    // last block first, the free queue is 4 5 | 3 2 1. C (48 tokens of its own) at 2 takes 4, 5
    // and 3 — evicting x2, A's LAST block. D at 4 = x (48) + 8 of its own finds x0 and x1: 32
    // tokens. Had A's blocks been freed first block first, C would have evicted x0 and D found nothing.
    SchedulerConfig c = vllmConfig();
    c.vllm.maxModelLen = 64;
    c.vllm.numGpuBlocks = 6;
    const std::vector<SimRequest> reqs = {
        keyed(0, 0, 48, 1, keyOf({ { 1, 0, 48 }, { 2, 0, 1 } })),
        keyed(1, 2, 48, 1, keyOf({ { 3, 0, 48 }, { 4, 0, 1 } })),
        keyed(2, 4, 56, 2, keyOf({ { 1, 0, 48 }, { 5, 0, 8 }, { 6, 0, 2 } })),
    };
    std::vector<Fate> f;
    const std::vector<StepResult> steps = run(c, reqs, f);
    QCOMPARE(f[0].finished, 1.0);
    QCOMPARE(f[1].cached, 0u);
    QCOMPARE(f[2].cached, 32u);
    QCOMPARE(f[2].admitted, 4.0);
    QCOMPARE(f[2].firstToken, 5.0);
    const StepResult& d = steps[steps.size() - 2]; // D's prefill (its decode follows)
    QCOMPARE(d.shape.tokens, 24);
    // D's 4 blocks: 2 hit blocks taken from the free queue + 2 new = 4 of 5 used.
    QCOMPARE(d.kvUsed, 4 * 16);
}

void TestPrefixCacheVllm::lastTokenIsAlwaysComputed()
{
    // A (32 tokens p) caches both its blocks. B with the same 32 tokens may reuse at most
    // num_tokens − 1 = 31 tokens: one block (16), the second is computed again. C = p + 1 token
    // finds both (32 ≤ 33 − 1).
    const SchedulerConfig c = vllmConfig();
    const std::vector<SimRequest> reqs = {
        keyed(0, 0, 32, 1, keyOf({ { 1, 0, 32 }, { 2, 0, 1 } })),
        keyed(1, 2, 32, 1, keyOf({ { 1, 0, 32 }, { 3, 0, 1 } })),
        keyed(2, 4, 33, 1, keyOf({ { 1, 0, 32 }, { 4, 0, 1 }, { 5, 0, 1 } })),
    };
    std::vector<Fate> f;
    const std::vector<StepResult> steps = run(c, reqs, f);
    QCOMPARE(f[1].cached, 16u);
    QCOMPARE(steps[1].shape.tokens, 16);
    QCOMPARE(f[2].cached, 32u);
    QCOMPARE(steps[2].shape.tokens, 1);
    QCOMPARE(f[2].firstToken, 5.0);
}

void TestPrefixCacheVllm::noHitsAcrossAdapters()
{
    // The block hashes' chain starts from the adapter (vLLM puts the LoRA in every block's extra
    // keys): the same 32 tokens under adapter 1 or the base model find nothing of adapter 0's.
    const SchedulerConfig c = vllmConfig();
    auto k = [](std::uint64_t own) { return keyOf({ { 1, 0, 32 }, { own, 0, 10 }, { own + 1, 0, 1 } }); };
    const std::vector<SimRequest> reqs = {
        keyed(0, 0, 42, 1, k(10), 0),
        keyed(1, 2, 42, 1, k(20), 1),
        keyed(2, 4, 42, 1, k(30)),
        keyed(3, 6, 42, 1, k(40), 0),
        keyed(4, 8, 42, 1, k(50)),
    };
    std::vector<Fate> f;
    run(c, reqs, f);
    QCOMPARE(f[1].cached, 0u);
    QCOMPARE(f[2].cached, 0u);
    QCOMPARE(f[3].cached, 32u); // adapter 0 again
    QCOMPARE(f[4].cached, 32u); // the base model again
}

void TestPrefixCacheVllm::offMeansNoHits()
{
    // --no-enable-prefix-caching: the same two requests as in sharedSystemPromptSkipsItsPrefill
    // never hit, and no lookups are counted.
    SchedulerConfig c = vllmConfig();
    c.vllm.maxNumBatchedTokens = 20;
    c.vllm.maxNumSeqs = 4;
    c.vllm.enablePrefixCaching = false;
    const std::vector<SimRequest> reqs = {
        keyed(0, 0, 42, 2, keyOf({ { 1, 0, 32 }, { 10, 0, 10 }, { 20, 0, 2 } })),
        keyed(1, 5, 42, 2, keyOf({ { 1, 0, 32 }, { 11, 0, 10 }, { 21, 0, 2 } })),
    };
    std::vector<Fate> f;
    const std::vector<StepResult> steps = run(c, reqs, f);
    QCOMPARE(f[1].cached, 0u);
    QCOMPARE(f[1].firstToken, 8.0);
    for (const StepResult& s : steps)
        QCOMPARE(s.prefixQueries, 0u);
}

void TestPrefixCacheVllm::preemptedRequestFindsItsOwnBlocks()
{
    // 5 usable blocks of 16 (ids 1-5), max_model_len 64. A = S (16) + a (16), B = S + b (16), 30
    // out each, both at 0. Step 0: A takes blocks 1, 2 (caching S, Sa); B finds S (held by A; at
    // most 31 of its 32 tokens) and takes block 3 (Sb): cached 16. Step 1: both decode into a third
    // block (4, 5): the pool is full; at step 16 those fill and are cached. Step 17: A needs a
    // fourth block → B (newest) is preempted (_preempt_request → free): its blocks go to the free
    // queue last first, 5 then 3, still cached (S stays held by A); A takes 5 from the head,
    // evicting B's third block. Step 18: B (49 tokens: 32 + 17 generated) finds S and its own Sb:
    // 32 cached (vLLM counts this lookup as a preempted request's), 17 to prefill → 2 new blocks
    // plus block 3 out of the free queue = 3, 1 free → it waits "needs 3 KV blocks, 1 free". A
    // finishes at 30; B resumes at step 30 with 32 tokens cached and finishes at 43.
    SchedulerConfig c = vllmConfig();
    c.vllm.maxModelLen = 64;
    c.vllm.numGpuBlocks = 6;
    Scheduler s(c);
    s.submit(keyed(0, 0, 32, 30, keyOf({ { 1, 0, 16 }, { 2, 0, 16 }, { 3, 0, 30 } })));
    s.submit(keyed(1, 0, 32, 30, keyOf({ { 1, 0, 16 }, { 4, 0, 16 }, { 5, 0, 30 } })));
    double preemptedAt = NAN, resumedAt = NAN, finishedB = NAN, finishedA = NAN;
    std::uint32_t firstCached = 99, resumeCached = 99;
    std::uint64_t queries18 = 99, hits18 = 99, preemptedQueries18 = 0, preemptedHits18 = 0;
    WaitReason waiting;
    for (int step = 0; step < 100 && !s.idle(); ++step) {
        const StepResult r = s.step(step);
        for (const Admission& a : r.admitted)
            if (a.id == 1)
                firstCached = a.cachedTokens;
        for (const Admission& a : r.resumed) {
            resumedAt = step;
            resumeCached = a.cachedTokens;
        }
        if (!r.preempted.empty())
            preemptedAt = step;
        for (std::uint64_t id : r.finished)
            (id == 0 ? finishedA : finishedB) = step + 1;
        if (step == 18) {
            waiting = s.waitReason(1);
            queries18 = r.prefixQueries;
            hits18 = r.prefixHits;
            preemptedQueries18 = r.prefixPreemptedQueries;
            preemptedHits18 = r.prefixPreemptedHits;
        }
    }
    QCOMPARE(firstCached, 16u);
    QCOMPARE(preemptedAt, 17.0);
    QCOMPARE(waiting.kind, WaitKind::KvBlocks);
    QCOMPARE(waiting.need, 3);
    QCOMPARE(waiting.limit, 1);
    QCOMPARE(queries18, 0u); // PrefixCacheStats: a preempted request's lookup counts apart
    QCOMPARE(hits18, 0u);
    QCOMPARE(preemptedQueries18, 49u);
    QCOMPARE(preemptedHits18, 32u);
    QCOMPARE(finishedA, 30.0);
    QCOMPARE(resumedAt, 30.0);
    QCOMPARE(resumeCached, 32u); // S and its own Sb; its third block was evicted by A
    QCOMPARE(finishedB, 43.0);
}

namespace {

/// 300 requests, 8 adapters and the base model, a KV cache small enough to preempt.
Trace crowdedTrace()
{
    std::mt19937_64 rng(7);
    std::vector<Req> reqs;
    for (int i = 0; i < 300; ++i) {
        const std::uint32_t in = 20 + static_cast<std::uint32_t>(rng() % 600);
        const std::uint32_t out = 1 + static_cast<std::uint32_t>(rng() % 300);
        const std::uint32_t a = static_cast<std::uint32_t>(rng() % 9);
        reqs.push_back({ i * 0.3, in, out, a == 8 ? kNoAdapter : a });
    }
    return makeTrace(reqs, { 8, 8, 8, 8, 16, 16, 16, 16 });
}

} // namespace

void TestPrefixCacheVllm::keyedUniquePromptsEqualUnkeyed()
{
    // Each request declares a segment of its own (keys, nothing shared): request for request, step
    // for step the same run as without keys — preemptions included (without keys every request is
    // its own content too, so a resumed request finds the same blocks of its own either way).
    SchedulerConfig c = vllmConfig();
    c.vllm.maxModelLen = 1024;
    c.vllm.numGpuBlocks = 200;
    c.vllm.maxNumBatchedTokens = 512;
    c.vllm.maxNumSeqs = 32;
    c.vllm.maxLoras = 2;
    const Trace plain = crowdedTrace();
    Trace unique = plain;
    unique.segmentOffsets.push_back(0);
    for (std::size_t i = 0; i < unique.requests.size(); ++i) {
        unique.segments.push_back({ 100000 + i, unique.requests[i].inputLen / 2 + 1, SegmentRole::User });
        unique.segmentOffsets.push_back(unique.segments.size());
    }
    const SimulationResult a = runSteps(plain, c);
    const SimulationResult b = runSteps(unique, c);
    QVERIFY(a.summary.preemptions > 10);
    QCOMPARE(b.summary.preemptions, a.summary.preemptions);
    QCOMPARE(b.requests.size(), a.requests.size());
    for (std::size_t i = 0; i < a.requests.size(); ++i) {
        QCOMPARE(b.requests[i].admitted, a.requests[i].admitted);
        QCOMPARE(b.requests[i].firstToken, a.requests[i].firstToken);
        QCOMPARE(b.requests[i].finished, a.requests[i].finished);
        QCOMPARE(b.requests[i].preemptions, a.requests[i].preemptions);
        QCOMPARE(b.requests[i].cachedTokens, 0u);
    }
    QCOMPARE(b.timeline.size(), a.timeline.size());
    for (std::size_t s = 0; s < a.timeline.size(); ++s) {
        QCOMPARE(b.timeline[s].tokens, a.timeline[s].tokens);
        QCOMPARE(b.timeline[s].kvUsed, a.timeline[s].kvUsed);
        QCOMPARE(b.timeline[s].blocked, a.timeline[s].blocked);
    }
    QCOMPARE(b.summary.cachedTokens, 0u);
}

void TestPrefixCacheVllm::unkeyedResumedRequestsFindTheirOwnBlocks()
{
    // A trace that declares nothing shared: with prefix caching on (vLLM's default) every request's
    // full blocks are still hashed as its own content. Without preemptions that changes nothing
    // (nothing can hit); with them a resumed request finds what was not evicted of its own blocks,
    // so it recomputes less than with --no-enable-prefix-caching.
    const Trace t = crowdedTrace();
    SchedulerConfig c = vllmConfig();
    c.vllm.maxModelLen = 1024;
    c.vllm.maxNumBatchedTokens = 512;
    c.vllm.longPrefillTokenThreshold = 64; // a resumed request's prefill takes several steps
    c.vllm.maxNumSeqs = 32;
    c.vllm.maxLoras = 2;
    c.vllm.numGpuBlocks = 4001; // never preempts
    SchedulerConfig off = c;
    off.vllm.enablePrefixCaching = false;
    SimulationResult a = runSteps(t, c), b = runSteps(t, off);
    QCOMPARE(a.summary.preemptions, 0u);
    for (std::size_t i = 0; i < a.requests.size(); ++i) {
        QCOMPARE(a.requests[i].admitted, b.requests[i].admitted);
        QCOMPARE(a.requests[i].finished, b.requests[i].finished);
    }
    QCOMPARE(a.timeline.size(), b.timeline.size());

    c.vllm.numGpuBlocks = off.vllm.numGpuBlocks = 150;
    a = runSteps(t, c);
    b = runSteps(t, off);
    QVERIFY(a.summary.preemptions > 10);
    std::int64_t resumedHits = 0, newHits = 0;
    for (const StepRecord& s : a.timeline) {
        resumedHits += s.prefixPreemptedHits;
        newHits += s.prefixHits;
    }
    QCOMPARE(newHits, std::int64_t(0)); // nothing is shared between requests
    QVERIFY(resumedHits > 0);
    QCOMPARE(a.summary.cachedTokens, 0u); // a request's cached tokens are those of its first schedule
    QVERIFY(a.timeline.size() != b.timeline.size() || a.summary.preemptions != b.summary.preemptions);
}

void TestPrefixCacheVllm::unlimitedKvHitsWhatThePrefixStructureAllows()
{
    // Two adapters, two sessions each (a system prompt of 100 tokens per adapter on every first
    // turn, later turns = history + 15 tokens), requests far enough apart to run alone. With a KV
    // cache that never evicts, each request's hit is workload/prefix.h's reusable tokens rounded
    // down to whole blocks (at most input − 1): the block-granular reuse. (A parent whose prompt +
    // answer is a multiple of 16 would give one block less: its last token is never computed.)
    Trace t;
    t.adapters = { { "a0", 8 }, { "a1", 8 } };
    t.source = "test";
    t.segmentOffsets.push_back(0);
    std::vector<std::uint64_t> last(4, kNoParent);
    for (std::size_t i = 0; i < 24; ++i) {
        const std::uint32_t session = static_cast<std::uint32_t>(i % 4), adapter = session % 2;
        Request q;
        q.time = 40.0 * static_cast<double>(i);
        q.adapter = adapter;
        SessionTurn turn;
        turn.session = session;
        if (last[session] == kNoParent) {
            turn.turn = 1;
            q.inputLen = 100 + 20 + static_cast<std::uint32_t>(i);
            t.segments.push_back({ 500 + adapter, 100, SegmentRole::System });
        } else {
            const Request& p = t.requests[last[session]];
            turn.turn = t.sessions[last[session]].turn + 1;
            turn.parent = last[session];
            QVERIFY((p.inputLen + p.outputLen) % 16 != 0);
            q.inputLen = p.inputLen + p.outputLen + 15;
        }
        q.outputLen = 3 + static_cast<std::uint32_t>(i % 5);
        if ((q.inputLen + q.outputLen) % 16 == 0)
            ++q.outputLen; // keep off the one-block-less corner (above)
        t.segmentOffsets.push_back(t.segments.size());
        last[session] = i;
        t.requests.push_back(q);
        t.sessions.push_back(turn);
    }
    checkPrefixStructure(t, "test");
    SchedulerConfig c = vllmConfig();
    c.vllm.numGpuBlocks = 1000000;
    c.vllm.maxLoras = 2;
    const SimulationResult r = runSteps(t, c);
    const PrefixReuse reuse = prefixReuse(t);
    std::uint64_t expected = 0, prompt = 0;
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        const std::uint64_t blockReuse
            = std::min<std::uint64_t>(reuse.reusable[i], t.requests[i].inputLen - 1) / 16 * 16;
        QCOMPARE(std::uint64_t(r.requests[i].cachedTokens), blockReuse);
        expected += blockReuse;
        prompt += t.requests[i].inputLen;
    }
    QVERIFY(expected > prompt / 2);
    QCOMPARE(r.summary.cachedTokens, expected);
    QCOMPARE(r.summary.promptTokens, prompt);
    QCOMPARE(r.summary.cacheHitShare(), double(expected) / double(prompt));
}

QTEST_GUILESS_MAIN(TestPrefixCacheVllm)
#include "tst_prefixcache_vllm.moc"
