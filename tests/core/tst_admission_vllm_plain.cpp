// SPDX-License-Identifier: Apache-2.0
// The `vllm` policy's plain decodes (core/admission/vllmdecodes.h: the tight loop and the group of
// the running list's leading decodes advanced in O(1) a step) against the full path, which every
// running request takes when the configuration reports each token (reportTokens, as the
// step-through sets it): two schedulers get the same requests, aborts and steps, and every
// StepResult (but the reported tokens) and every asked wait reason must be the same. The traces
// are generated (fixed seeds) so that they preempt, chunk prefills, hit the LoRA limits and, with
// token keys, hit the prefix cache; each case checks that it did.

#include "admission_helpers.h"

#include "workload/generator.h"
#include "workload/presets.h"
#include "workload/tokenkey.h"

#include <QtTest>

#include <sstream>

using namespace lorascope;
using namespace lorascope::test;

namespace {

std::string describeShape(const BatchShape& s)
{
    std::ostringstream o;
    o << '{' << s.requests << ' ' << s.tokens << ' ' << s.context << ' ' << s.tokenRank << ' ' << s.adapterRank << ' '
      << s.tokenSquared << ' ' << s.loraRequests << ' ' << s.maxRank << '}';
    return o.str();
}

bool sameAdmissions(const std::vector<Admission>& a, const std::vector<Admission>& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].id != b[i].id || a[i].number != b[i].number || !(a[i].wait == b[i].wait)
            || a[i].cachedTokens != b[i].cachedTokens)
            return false;
    return true;
}

bool sameDrops(const std::vector<Drop>& a, const std::vector<Drop>& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].id != b[i].id || a[i].reason != b[i].reason || !(a[i].wait == b[i].wait))
            return false;
    return true;
}

/// The first field in which two steps differ ("" if none); the reported tokens are not compared.
std::string difference(const StepResult& a, const StepResult& b)
{
    if (a.kind != b.kind)
        return "kind";
    for (const auto& [x, y, name] :
        { std::tuple { &a.shape, &b.shape, "shape" }, std::tuple { &a.prefillShape, &b.prefillShape, "prefillShape" },
            std::tuple { &a.decodeShape, &b.decodeShape, "decodeShape" } })
        if (describeShape(*x) != describeShape(*y))
            return std::string(name) + ' ' + describeShape(*x) + " vs " + describeShape(*y);
    if (!sameAdmissions(a.admitted, b.admitted))
        return "admitted";
    if (!sameAdmissions(a.resumed, b.resumed))
        return "resumed";
    if (a.firstTokens != b.firstTokens)
        return "firstTokens";
    if (a.finished != b.finished)
        return "finished";
    if (!sameDrops(a.dropped, b.dropped))
        return "dropped";
    if (a.preempted != b.preempted)
        return "preempted";
    if (a.kvNeed != b.kvNeed || a.kvUsed != b.kvUsed || a.adapterSlots != b.adapterSlots
        || a.kvCapacity != b.kvCapacity)
        return "kv " + std::to_string(a.kvUsed) + " vs " + std::to_string(b.kvUsed);
    if (a.runningRequests != b.runningRequests || a.queueLength != b.queueLength)
        return "running or queue length";
    if (a.residentAdapters != b.residentAdapters || a.cpuAdapters != b.cpuAdapters)
        return "resident adapters";
    if (a.loadedAdapters != b.loadedAdapters || a.loadedRanks != b.loadedRanks || a.loadedFrom != b.loadedFrom
        || a.unloadedAdapters != b.unloadedAdapters || a.cpuEvicted != b.cpuEvicted)
        return "adapter loads";
    if (!(a.blocked == b.blocked))
        return "blocked " + a.blocked.describe() + " vs " + b.blocked.describe();
    if (a.attempted != b.attempted || a.prefixQueries != b.prefixQueries || a.prefixHits != b.prefixHits)
        return "attempted or prefix counters";
    return {};
}

/// What a run went through (to check that a case exercises what it is meant to).
struct Seen {
    std::string failure; ///< the first difference ("" if none)
    std::uint64_t steps = 0, preempted = 0, chunks = 0, mixed = 0, cachedTokens = 0, loraWaits = 0, finished = 0;
};

/// S1 lengths (8 to 511 tokens), `adapters` adapters of rank 8, `rate` requests a tick.
Trace s1Trace(double n, std::uint32_t adapters, double rate, std::uint32_t seed)
{
    WorkloadSpec spec = specForPreset("S1");
    spec.generator = GeneratorKind::Slora;
    spec.adapterCount = adapters;
    spec.rate = rate;
    spec.duration = n / rate;
    spec.seed = seed;
    return generate(spec);
}

/// Chat sessions with a system prompt per adapter: requests carry token keys (prefix cache hits).
Trace chatTrace(double n)
{
    WorkloadSpec spec = specForPreset("chat");
    spec.preset = "S4";
    spec.adapterCount = 8;
    spec.rate = 0.3;
    spec.seed = 7;
    spec.duration = n / spec.rate / 3;
    return generate(spec);
}

/// Runs `trace` through two schedulers in lockstep, plain decodes on (reportTokens off) and off,
/// with client aborts sprinkled in; stops at the first step or wait reason that differs.
Seen lockstep(const Trace& trace, SchedulerConfig config)
{
    config.policy = PolicyKind::Vllm;
    config.reportTokens = false;
    Scheduler fast(config);
    config.reportTokens = true; // every request takes the full path
    Scheduler full(config);
    const bool keys = traceHasPrefixStructure(trace);
    StepResult a, b;
    Seen seen;
    std::size_t next = 0;
    double now = 0;
    while (next < trace.requests.size() || !fast.idle()) {
        while (next < trace.requests.size() && trace.requests[next].time <= now) {
            const Request& q = trace.requests[next];
            SimRequest r = sim(next, q.time, q.inputLen, q.outputLen, q.adapter, trace.rankOf(q));
            if (keys)
                r.key = tokenKeyOf(trace, next);
            const RejectReason ra = fast.submit(r), rb = full.submit(r);
            if (ra != rb)
                return seen.failure = "submit differs", seen;
            ++next;
            if (next % 97 == 0 && fast.abort(next - 5) != full.abort(next - 5))
                return seen.failure = "abort of a waiting request differs", seen;
            if (next % 131 == 0 && fast.abort(next - 60) != full.abort(next - 60))
                return seen.failure = "abort of a running request differs", seen;
        }
        if (fast.idle() != full.idle())
            return seen.failure = "idle differs", seen;
        if (fast.idle()) {
            now = trace.requests[next].time;
            continue;
        }
        fast.step(now, a);
        full.step(now, b);
        const std::string d = difference(a, b);
        if (!d.empty())
            return seen.failure = "step " + std::to_string(seen.steps) + ": " + d, seen;
        ++seen.steps;
        seen.preempted += a.preempted.size();
        seen.finished += a.finished.size();
        seen.mixed += a.kind == StepKind::Mixed;
        for (const Admission& x : a.admitted)
            seen.cachedTokens += x.cachedTokens;
        seen.chunks += a.prefillShape.requests > 0 && a.firstTokens.size() < std::size_t(a.prefillShape.requests);
        seen.loraWaits += a.blocked.kind == WaitKind::MaxLoras;
        if (seen.steps % 53 == 0)
            for (std::size_t i = next > 40 ? next - 40 : 0; i < next; i += 3)
                if (!(fast.waitReason(i) == full.waitReason(i)))
                    return seen.failure = "wait reason differs", seen;
        now += 1;
    }
    return seen;
}

VllmConfig sampleServer()
{
    VllmConfig v;
    v.maxNumSeqs = 32;
    v.maxNumBatchedTokens = 2048;
    v.maxLoras = 2;
    v.numGpuBlocks = 1001;
    return v;
}

} // namespace

class TestVllmPlainDecodes : public QObject {
    Q_OBJECT
private slots:
    /// bench_admission's vLLM server (prefix caching on, no keys: counted blocks and the group).
    void sampleServer_data();
    void sampleServer();
    /// Prefix caching with token keys: blocks with hashes, the tight loop only.
    void prefixCaching();
};

void TestVllmPlainDecodes::sampleServer_data()
{
    QTest::addColumn<int>("blocks");
    QTest::addColumn<int>("blockSize");
    QTest::addColumn<int>("budget");
    QTest::addColumn<int>("threshold");
    QTest::addColumn<int>("maxLoras");
    QTest::addColumn<bool>("scanStops");
    QTest::addColumn<bool>("preempts");
    QTest::newRow("sample server") << 1001 << 16 << 2048 << 0 << 2 << false << true;
    QTest::newRow("tight KV cache: preemptions") << 300 << 16 << 2048 << 0 << 2 << false << true;
    QTest::newRow("chunks of 64, budget 256") << 300 << 16 << 256 << 64 << 2 << false << true;
    QTest::newRow("one LoRA a step, early V1 scan") << 500 << 16 << 2048 << 0 << 1 << true << false;
    QTest::newRow("blocks of 1 token") << 2500 << 1 << 2048 << 0 << 2 << false << true;
    QTest::newRow("blocks of 24 tokens (not a power of two)") << 120 << 24 << 2048 << 0 << 4 << false << true;
}

void TestVllmPlainDecodes::sampleServer()
{
    QFETCH(int, blocks);
    QFETCH(int, blockSize);
    QFETCH(int, budget);
    QFETCH(int, threshold);
    QFETCH(int, maxLoras);
    QFETCH(bool, scanStops);
    QFETCH(bool, preempts);
    SchedulerConfig c;
    c.vllm = ::sampleServer();
    c.vllm.numGpuBlocks = blocks;
    c.vllm.blockSize = blockSize;
    c.vllm.maxNumBatchedTokens = budget;
    c.vllm.longPrefillTokenThreshold = threshold;
    c.vllm.maxLoras = maxLoras;
    c.vllm.loraScanStops = scanStops;
    c.vllm.maxModelLen = std::min<std::int64_t>(4096, (blocks - 1) * blockSize);
    const Seen seen = lockstep(s1Trace(3000, 8, 0.1, 42), c);
    QVERIFY2(seen.failure.empty(), seen.failure.c_str());
    QVERIFY(seen.steps > 20000);
    QVERIFY(seen.finished > 2500);
    if (preempts)
        QVERIFY(seen.preempted > 0);
    QVERIFY(seen.mixed > 0);
    QVERIFY(seen.loraWaits > 0);
    if (threshold > 0)
        QVERIFY(seen.chunks > 0);
}

void TestVllmPlainDecodes::prefixCaching()
{
    SchedulerConfig c;
    c.vllm = ::sampleServer();
    c.vllm.numGpuBlocks = 150;
    c.vllm.maxModelLen = 2048;
    c.vllm.maxNumBatchedTokens = 300;
    c.vllm.longPrefillTokenThreshold = 100;
    const Seen seen = lockstep(chatTrace(3000), c);
    QVERIFY2(seen.failure.empty(), seen.failure.c_str());
    QVERIFY(seen.steps > 5000);
    QVERIFY(seen.preempted > 0);
    QVERIFY(seen.chunks > 0);
    QVERIFY(seen.cachedTokens > 0);
}

QTEST_GUILESS_MAIN(TestVllmPlainDecodes)
#include "tst_admission_vllm_plain.moc"
