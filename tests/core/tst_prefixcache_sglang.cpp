// SPDX-License-Identifier: Apache-2.0
// The `sglang` policy's radix cache (core/admission/radixcache.h, docs/admission.md "Radix cache"):
// small traces with shared system prompts and sessions on the step clock, every step and every
// cached-token count worked out by hand from SGLang's rules (match_prefix of fill_ids[:-1], insert
// after the prefill and at the finish without the last output token, LRU eviction of unlocked
// leaves, one tree per LoRA id); requests with unique token keys behave exactly as requests without
// keys; with a pool that never evicts, the hits are what workload/prefix.h's prefixReuse() says a
// perfect cache could reuse, less the one token SGLang never caches.

#include "admission_helpers.h"

#include "admission/radixcache.h"
#include "workload/generator.h"
#include "workload/prefix.h"
#include "workload/presets.h"

#include <QtTest>

#include <cmath>

using namespace lorascope;
using namespace lorascope::test;

namespace {

/// One hand-made request with its prefix structure.
struct Turn {
    double time = 0;
    std::uint32_t in = 0, out = 0;
    std::vector<PrefixSegment> segments;
    std::uint64_t parent = kNoParent; ///< index of the previous turn
    std::uint32_t adapter = kNoAdapter;
};

Trace keyedTrace(const std::vector<Turn>& turns, const std::vector<int>& ranks = {})
{
    Trace t;
    for (std::size_t i = 0; i < ranks.size(); ++i)
        t.adapters.push_back({ "a" + std::to_string(i), ranks[i] });
    bool sessions = false;
    for (const Turn& x : turns)
        sessions = sessions || x.parent != kNoParent;
    t.segmentOffsets.push_back(0);
    for (std::size_t i = 0; i < turns.size(); ++i) {
        const Turn& x = turns[i];
        t.requests.push_back({ x.time, x.adapter, x.in, x.out });
        for (const PrefixSegment& s : x.segments)
            t.segments.push_back(s);
        t.segmentOffsets.push_back(t.segments.size());
        if (sessions) {
            SessionTurn st;
            st.session = x.parent == kNoParent ? i : t.sessions[x.parent].session;
            st.turn = x.parent == kNoParent ? 1 : t.sessions[x.parent].turn + 1;
            st.parent = x.parent;
            t.sessions.push_back(st);
        }
    }
    t.source = "test";
    return t;
}

PrefixSegment seg(std::uint64_t id, std::uint32_t tokens)
{
    return { id, tokens, SegmentRole::System };
}

SchedulerConfig sglangConfig(std::int64_t pool = 16000)
{
    SchedulerConfig c;
    c.policy = PolicyKind::Sglang;
    c.sglang.maxTotalTokens = pool;
    return c;
}

/// admitted, first token, finished (steps) and cached tokens of request i.
void expectRequest(
    const SimulationResult& r, std::size_t i, double admitted, double first, double finished, std::uint32_t cached)
{
    const RequestRecord& q = r.requests[i];
    QVERIFY2(q.admitted == admitted && q.firstToken == first && q.finished == finished && q.cachedTokens == cached,
        qPrintable(QStringLiteral("request %1: admitted %2 first %3 finished %4 cached %5")
                       .arg(i)
                       .arg(q.admitted)
                       .arg(q.firstToken)
                       .arg(q.finished)
                       .arg(q.cachedTokens)));
}

} // namespace

class TestPrefixCacheSglang : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sharedSystemPrompt();
    void sessionTurnFindsHistoryButTheLastToken();
    void lruEvictionUnderPoolPressure();
    void noHitsAcrossAdapters();
    void radixCacheOffNeverHits();
    void chunkBudgetCountsExtendTokens();
    void retractionWithSharedPrefixes();
    void uniqueKeysBehaveAsNoKeys_data();
    void uniqueKeysBehaveAsNoKeys();
    void unlimitedPoolHitsWhatPrefixReuseAllows();
    void treeSplitsLocksAndEvicts();
};

// R0 and R1 share a 100-token system prompt and are prefilled in the same pass: neither finds it
// (the tree gets a prompt only after its prefill; FCFS does no in-batch sharing). After that pass
// the tree holds R0's prompt and R1's (whose first 100 tokens duplicate R0's and are freed), so R2,
// arriving at step 1, finds the 100 tokens and prefills only its 10 own.
void TestPrefixCacheSglang::sharedSystemPrompt()
{
    const Trace t = keyedTrace(
        { { 0, 120, 5, { seg(7, 100) } }, { 0, 110, 5, { seg(7, 100) } }, { 1, 110, 3, { seg(7, 100) } } });
    const SimulationResult r = runSteps(t, sglangConfig());
    // step 0: R0 and R1 prefilled; step 1: R2 prefilled (R0 and R1 wait: no mixed chunk);
    // steps 2-5 decode: R2 has its 3 tokens at the end of step 3, R0 and R1 their 5 at step 5
    expectRequest(r, 0, 0, 1, 6, 0);
    expectRequest(r, 1, 0, 1, 6, 0);
    expectRequest(r, 2, 1, 2, 4, 100);
    QCOMPARE(r.summary.promptTokens, std::uint64_t(340));
    QCOMPARE(r.summary.cachedTokens, std::uint64_t(100));
    // the counters behind SGLang's cache_hit_rate, pass by pass: step 0 looked up 230 prompt tokens
    // and found none, step 1 looked up R2's 110 and found 100; decode passes look nothing up
    Scheduler s(sglangConfig());
    for (std::size_t i = 0; i < 2; ++i)
        QCOMPARE(s.submit({ i, 0, t.requests[i].inputLen, t.requests[i].outputLen, kNoAdapter, 0, tokenKeyOf(t, i) }),
            RejectReason::None);
    StepResult step = s.step(0);
    QCOMPARE(step.prefixQueries, std::uint64_t(230));
    QCOMPARE(step.prefixHits, std::uint64_t(0));
    QCOMPARE(s.submit({ 2, 1, 110, 3, kNoAdapter, 0, tokenKeyOf(t, 2) }), RejectReason::None);
    step = s.step(1);
    QCOMPARE(step.kind, StepKind::Prefill);
    QCOMPARE(step.prefixQueries, std::uint64_t(110));
    QCOMPARE(step.prefixHits, std::uint64_t(100));
    QCOMPARE(step.admitted.size(), std::size_t(1));
    QCOMPARE(step.admitted.front().cachedTokens, 100u);
    // the pool holds R0's 120 prompt tokens, R1's own 10 and R2's 10 new ones: 140 (not 340)
    QCOMPARE(step.kvUsed, std::int64_t(140));
    step = s.step(2);
    QCOMPARE(step.kind, StepKind::Decode);
    QCOMPARE(step.prefixQueries, std::uint64_t(0));
}

// Turn 1: 50 tokens of its own, 10 answered; cached at its finish: 50 + 10 − 1 = 59 (the last
// answer token has no KV). Turn 2 sends history (60) + 15 new tokens: it finds 59.
void TestPrefixCacheSglang::sessionTurnFindsHistoryButTheLastToken()
{
    const Trace t = keyedTrace({ { 0, 50, 10 }, { 20, 75, 5, {}, 0 } });
    const SimulationResult r = runSteps(t, sglangConfig());
    expectRequest(r, 0, 0, 1, 10, 0);
    expectRequest(r, 1, 20, 21, 25, 59);
}

// A 400-token pool. A (system prompt SA, 150 tokens) and B (SB) finish and stay cached (161 tokens
// each: the prompt and the first answer token); C reuses SA at step 20, which refreshes it. At step
// 30 the tree holds 333 tokens, 67 are free, and D needs 110 new ones: eviction frees the least
// recently used leaves, A's answer token (step 1), then B's answer token and B's 160-token prompt
// (step 11): 162 ≥ 110. SA and A's own 10 tokens (touched by C's match at step 20) stay. So E (SA)
// finds 150 tokens at step 40 and F (SB) none.
void TestPrefixCacheSglang::lruEvictionUnderPoolPressure()
{
    const Trace t = keyedTrace({
        { 0, 160, 2, { seg(1, 150) } }, // A
        { 10, 160, 2, { seg(2, 150) } }, // B
        { 20, 160, 2, { seg(1, 150) } }, // C
        { 30, 110, 2, { seg(3, 100) } }, // D
        { 40, 160, 2, { seg(1, 150) } }, // E
        { 50, 160, 2, { seg(2, 150) } }, // F
    });
    const SimulationResult r = runSteps(t, sglangConfig(400));
    const std::uint32_t cached[] = { 0, 0, 150, 0, 150, 0 };
    for (std::size_t i = 0; i < 6; ++i) {
        const double at = t.requests[i].time;
        expectRequest(r, i, at, at + 1, at + 2, cached[i]);
    }
    // the same trace with a pool that never evicts: F finds SB too
    const SimulationResult big = runSteps(t, sglangConfig(16000));
    QCOMPARE(big.requests[5].cachedTokens, 150u);
    QCOMPARE(big.requests[3].cachedTokens, 0u);
}

// SGLang keys the tree by the LoRA id: the same system prompt under another adapter is a miss.
void TestPrefixCacheSglang::noHitsAcrossAdapters()
{
    const Trace t = keyedTrace(
        { { 0, 110, 2, { seg(9, 100) }, kNoParent, 0 }, { 10, 110, 2, { seg(9, 100) }, kNoParent, 1 },
            { 20, 110, 2, { seg(9, 100) }, kNoParent, kNoAdapter }, { 30, 110, 2, { seg(9, 100) }, kNoParent, 1 } },
        { 8, 8 });
    const SimulationResult r = runSteps(t, sglangConfig());
    QCOMPARE(r.requests[0].cachedTokens, 0u);
    QCOMPARE(r.requests[1].cachedTokens, 0u); // adapter 1: adapter 0's tokens are not its own
    QCOMPARE(r.requests[2].cachedTokens, 0u); // the base model has its own tree
    QCOMPARE(r.requests[3].cachedTokens, 100u); // adapter 1 again
}

void TestPrefixCacheSglang::radixCacheOffNeverHits()
{
    const Trace t = keyedTrace({ { 0, 50, 10 }, { 20, 75, 5, {}, 0 } });
    SchedulerConfig c = sglangConfig();
    c.sglang.disableRadixCache = true;
    const SimulationResult r = runSteps(t, c);
    expectRequest(r, 0, 0, 1, 10, 0);
    expectRequest(r, 1, 20, 21, 25, 0);
}

// Chunks of 64 tokens. R0's 120-token prompt takes two passes (64, then 56: first token at 2). R1
// (same 100-token system prompt, 20 of its own) finds 100 cached: its 20 extend tokens fit one chunk,
// so its first token comes after one pass, not two.
void TestPrefixCacheSglang::chunkBudgetCountsExtendTokens()
{
    const Trace t = keyedTrace({ { 0, 120, 2, { seg(5, 100) } }, { 10, 120, 2, { seg(5, 100) } } });
    SchedulerConfig c = sglangConfig();
    c.sglang.chunkedPrefillSize = 64;
    const SimulationResult r = runSteps(t, c);
    expectRequest(r, 0, 0, 2, 3, 0);
    expectRequest(r, 1, 10, 11, 12, 100);
    c.sglang.disableRadixCache = true;
    const SimulationResult off = runSteps(t, c);
    expectRequest(off, 1, 10, 12, 13, 0);
}

// Chat sessions on a pool small enough to retract (add_one_req with a low new-token ratio): every
// request still finishes, the pool is never over-committed, and hits survive retractions.
void TestPrefixCacheSglang::retractionWithSharedPrefixes()
{
    WorkloadSpec spec = specForPreset("chat");
    spec.preset.clear(); // the chat knobs stay; validate() does not know the traffic presets' names
    spec.duration = 300;
    spec.rate = 0.2;
    spec.seed = 3;
    const Trace t = generate(spec);
    SchedulerConfig c = sglangConfig(6000);
    c.sglang.ignoreEos = false;
    c.sglang.scheduleConservativeness = 0.2;
    SimulationConfig sc;
    sc.scheduler = c;
    sc.clock = ClockKind::Steps;
    sc.recordTimeline = true;
    const SimulationResult r = simulate(t, sc);
    std::uint64_t retractions = 0, finished = 0;
    for (const RequestRecord& q : r.requests) {
        retractions += q.preemptions;
        finished += std::isnan(q.finished) ? 0 : 1;
    }
    QVERIFY(retractions > 0);
    QCOMPARE(finished + r.summary.rejected, std::uint64_t(t.requests.size()));
    QVERIFY(r.summary.cachedTokens > 0);
    for (const StepRecord& s : r.timeline)
        QVERIFY2(s.kvUsed >= 0 && s.kvUsed <= s.kvCapacity,
            qPrintable(QStringLiteral("step at %1: kv_used %2").arg(s.start).arg(s.kvUsed)));
}

void TestPrefixCacheSglang::uniqueKeysBehaveAsNoKeys_data()
{
    QTest::addColumn<SglangConfig>("config");
    SglangConfig base;
    base.maxTotalTokens = 12000;
    base.chunkedPrefillSize = 512;
    base.maxRunningRequests = 48;
    QTest::newRow("ignore_eos, chunked") << base;
    SglangConfig retract = base;
    retract.ignoreEos = false;
    retract.scheduleConservativeness = 0.3; // a low new-token ratio: retractions
    QTest::newRow("add_one_req, retraction") << retract;
    SglangConfig mixed = base;
    mixed.enableMixedChunk = true;
    mixed.maxLorasPerBatch = 3;
    QTest::newRow("mixed chunk, 3 slots") << mixed;
}

// serve-sim keys every request; a trace whose requests share nothing must then behave exactly as
// the preview without keys: the same pass for every admission, first token and finish.
void TestPrefixCacheSglang::uniqueKeysBehaveAsNoKeys()
{
    QFETCH(SglangConfig, config);
    WorkloadSpec spec = specForPreset("S4");
    spec.adapterCount = 12;
    spec.rate = 2.5;
    spec.duration = 400;
    spec.seed = 11;
    const Trace plain = generate(spec);
    QVERIFY(!traceHasPrefixStructure(plain));
    Trace unique = plain; // one declared segment per request, of its own content
    unique.segmentOffsets.push_back(0);
    for (std::size_t i = 0; i < plain.requests.size(); ++i) {
        unique.segments.push_back({ 1000000 + i, plain.requests[i].inputLen / 2, SegmentRole::Document });
        unique.segmentOffsets.push_back(unique.segments.size());
    }
    QVERIFY(traceHasPrefixStructure(unique));
    SchedulerConfig c = sglangConfig();
    c.sglang = config;
    const SimulationResult a = runSteps(plain, c);
    const SimulationResult b = runSteps(unique, c);
    QCOMPARE(a.requests.size(), b.requests.size());
    std::uint64_t retractions = 0;
    auto same = [](double x, double y) { return (std::isnan(x) && std::isnan(y)) || x == y; };
    for (std::size_t i = 0; i < a.requests.size(); ++i) {
        const RequestRecord &x = a.requests[i], &y = b.requests[i];
        QVERIFY2(same(x.admitted, y.admitted) && same(x.firstToken, y.firstToken) && same(x.finished, y.finished)
                && x.preemptions == y.preemptions && x.rejected == y.rejected,
            qPrintable(QStringLiteral("request %1 differs").arg(i)));
        QCOMPARE(y.cachedTokens, 0u);
        retractions += x.preemptions;
    }
    QCOMPARE(a.summary.steps, b.summary.steps);
    if (!config.ignoreEos)
        QVERIFY(retractions > 0); // the row means to cover retraction
}

// The chat preset's sessions, each request arriving after the previous one finished, on a pool that
// never evicts: every request finds exactly what prefixReuse() says a perfect cache could reuse,
// except that SGLang never caches a request's last output token (its KV is never computed), so a
// later turn finds its history less one token, and a match stops one token short of the prompt.
void TestPrefixCacheSglang::unlimitedPoolHitsWhatPrefixReuseAllows()
{
    WorkloadSpec spec = specForPreset("chat");
    spec.preset.clear(); // the chat knobs stay; validate() does not know the traffic presets' names
    spec.duration = 600;
    spec.seed = 5;
    Trace t = generate(spec);
    QVERIFY(t.hasSessions());
    QVERIFY(t.requests.size() > 50);
    std::uint32_t longest = 0;
    for (const Request& q : t.requests)
        longest = std::max(longest, q.outputLen);
    for (std::size_t i = 0; i < t.requests.size(); ++i)
        t.requests[i].time = static_cast<double>(i) * (longest + 10.0); // one request at a time
    SchedulerConfig c = sglangConfig(1'000'000'000);
    c.sglang.contextLength = 1'000'000;
    const SimulationResult r = runSteps(t, c);
    const PrefixReuse reuse = prefixReuse(t);
    std::uint64_t hits = 0, reusable = 0, turnsAfterFirst = 0;
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        const auto p = t.parentOf(i);
        const bool history
            = p != kNoParent && t.requests[p].adapter == t.requests[i].adapter && t.requests[p].outputLen > 0;
        std::uint64_t expected = history ? historyTokens(t, i) - 1 : reuse.reusable[i];
        expected = std::min<std::uint64_t>(expected, t.requests[i].inputLen - 1);
        QVERIFY2(r.requests[i].cachedTokens == expected,
            qPrintable(QStringLiteral("request %1: cached %2, expected %3 (reusable %4)")
                           .arg(i)
                           .arg(r.requests[i].cachedTokens)
                           .arg(expected)
                           .arg(reuse.reusable[i])));
        hits += r.requests[i].cachedTokens;
        reusable += reuse.reusable[i];
        turnsAfterFirst += history ? 1 : 0;
    }
    QVERIFY(turnsAfterFirst > 10);
    QVERIFY(hits > 0);
    QVERIFY(hits <= reusable);
    QCOMPARE(r.summary.cachedTokens, hits);
}

// The tree alone: a split at the end of a match, locks that protect a path, LRU order, dropOwned.
void TestPrefixCacheSglang::treeSplitsLocksAndEvicts()
{
    using sglang::RadixCache;
    auto key = [](std::uint64_t a, std::uint32_t na, std::uint64_t b, std::uint32_t nb) {
        auto k = std::make_shared<TokenKey>();
        k->runs.push_back({ a, 0, na });
        if (nb > 0)
            k->runs.push_back({ b, 0, nb });
        return TokenKeyPtr(k);
    };
    RadixCache cache;
    const TokenKeyPtr x = key(1, 100, 2, 20), y = key(1, 100, 3, 30), z = key(4, 50, 0, 0);
    QCOMPARE(cache.insert(0, x, 120, 1).tokens, std::uint64_t(0));
    QCOMPARE(cache.size(), std::int64_t(120));
    // y shares 100 tokens: the node splits; only y's 30 are new
    const RadixCache::Found py = cache.insert(0, y, 130, 2);
    QCOMPARE(py.tokens, std::uint64_t(100));
    QCOMPARE(cache.size(), std::int64_t(150));
    QCOMPARE(cache.nodes(), std::size_t(4)); // the root, the shared 100, x's 20, y's 30
    // a match that ends inside a node splits it there
    const RadixCache::Found m = cache.match(0, *x, 60);
    QCOMPARE(m.tokens, std::uint64_t(60));
    QCOMPARE(cache.nodes(), std::size_t(5));
    // another namespace (LoRA id) sees nothing
    QCOMPARE(cache.match(7, *x, 120).tokens, std::uint64_t(0));
    // a lock protects the path to the root: 60 tokens
    QCOMPARE(cache.lock(m.node), std::int64_t(60));
    QCOMPARE(cache.evictable(), std::int64_t(90));
    cache.insert(0, z, 50, 3); // the most recent leaf
    cache.match(0, *y, 130); // y's path is now more recent than x's leaf and z
    // evicting 20 takes x's leaf (least recent), then the tokens asked for are freed
    QCOMPARE(cache.evict(20), std::int64_t(20));
    QCOMPARE(cache.match(0, *x, 120).tokens, std::uint64_t(100));
    QCOMPARE(cache.match(0, *z, 50).tokens, std::uint64_t(50));
    // evicting everything leaves the locked 60
    cache.evict(1000);
    QCOMPARE(cache.size(), std::int64_t(60));
    QCOMPARE(cache.unlock(m.node), std::int64_t(60));
    QCOMPARE(cache.evictable(), std::int64_t(60));
    // dropOwned removes only the owner's unlocked, childless nodes
    const RadixCache::Found pz = cache.insert(0, z, 50, 9);
    QCOMPARE(cache.dropOwned(pz.node, 8), std::int64_t(0));
    QCOMPARE(cache.dropOwned(pz.node, 9), std::int64_t(50));
    QCOMPARE(cache.size(), std::int64_t(60));
}

QTEST_GUILESS_MAIN(TestPrefixCacheSglang)
#include "tst_prefixcache_sglang.moc"
