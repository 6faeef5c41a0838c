// SPDX-License-Identifier: Apache-2.0
// Admission engine: cost models, summaries and invariants of whole simulations on generated
// traces. The queue policies (abort queue, client aborts, vLLM-style) are in tst_admission_policies.

#include "admission_helpers.h"
#include "testutil.h"

#include "util/error.h"
#include "workload/generator.h"
#include "workload/presets.h"

#include <QProcess>
#include <QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

using namespace lorascope;
using namespace lorascope::test;

class TestAdmissionSim : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void costModelPresets();
    void costModelFile();
    void costModelFileErrors();
    void modelClockDurations();
    void summaryPercentiles();
    void summaryOfManyRequests();
    void deterministic();
    void invariants_data();
    void invariants();
    void onlineTokensAddUp_data();
    void onlineTokensAddUp();
    void cancel();
    void traceIdsAndBadAdapter();
    void matchesPythonTranscription_data();
    void matchesPythonTranscription();
};

namespace {
Trace generatedTrace(double rate, double duration, std::uint64_t seed)
{
    WorkloadSpec spec = specForPreset("S4");
    spec.adapterCount = 12;
    spec.rate = rate;
    spec.duration = duration;
    spec.seed = seed;
    return generate(spec);
}

bool sameDouble(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || a == b;
}
} // namespace

void TestAdmissionSim::costModelPresets()
{
    for (const char* name : { "llama-7b-a10g", "llama-7b-a100-80g", "llama-13b-a100-80g" }) {
        const CostModel* c = findCostModel(name);
        QVERIFY2(c, name);
        QVERIFY(!c->description.empty());
        QVERIFY(c->decodeBase > 0 && c->prefillPerToken > 0 && c->decodePerContextToken > 0 && c->loadPerRank > 0);
        BatchShape small { 1, 1, 100, 0, 0 }, big { 64, 64, 64 * 300, 0, 0 };
        QVERIFY(c->decodeSeconds(big) > c->decodeSeconds(small));
    }
    // A pass never beats streaming the fp16 weights once (13.5 GB for 7b at 600 GB/s on the A10G);
    // the calibrated host overhead comes on top. A bigger model costs more on the same GPU.
    QVERIFY(findCostModel("llama-7b-a10g")->decodeBase > 13.48e9 / 600e9);
    QVERIFY(findCostModel("llama-13b-a100-80g")->decodeBase > findCostModel("llama-7b-a100-80g")->decodeBase);
    QVERIFY(findCostModel("llama-13b-a100-80g")->prefillPerToken > findCostModel("llama-7b-a100-80g")->prefillPerToken);
    QVERIFY(!findCostModel("nope"));
}

void TestAdmissionSim::costModelFile()
{
    TempDir dir;
    CostModel c = *findCostModel("llama-13b-a100-80g");
    c.name = "mine";
    c.decodeBase = 0.02;
    c.hasParameters = false; // edited coefficients: the engine parameters no longer describe them
    writeText(dir.file("m.json"), costModelToJson(c));
    CostModel back = loadCostModel(dir.file("m.json"));
    QCOMPARE(back.name, std::string("mine"));
    QCOMPARE(back.decodeBase, 0.02);
    QCOMPARE(back.prefillPerToken, c.prefillPerToken);
    // missing fields are 0
    writeText(dir.file("p.json"), R"({"decode_base": 0.01, "prefill_per_token": 0.0001})");
    CostModel p = loadCostModel(dir.file("p.json"));
    QCOMPARE(p.decodeBase, 0.01);
    QCOMPARE(p.loadBase, 0.0);
    QCOMPARE(p.name, std::string("p"));
    QCOMPARE(loadCostModel("llama-7b-a10g"), *findCostModel("llama-7b-a10g"));
}

void TestAdmissionSim::costModelFileErrors()
{
    TempDir dir;
    auto expectError = [&](const std::string& text, const std::string& needle) {
        writeText(dir.file("bad.json"), text);
        try {
            loadCostModel(dir.file("bad.json"));
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find(needle) != std::string::npos, e.what());
            QVERIFY2(std::string(e.what()).find("bad.json") != std::string::npos, e.what());
        }
    };
    expectError(R"({"decode_bas": 0.01})", "decode_bas");
    expectError(R"({"decode_base": -1})", "decode_base");
    expectError(R"({"decode_base": "x"})", "decode_base");
    expectError("{\n\"decode_base\": 0.1,\n", "bad.json:");
    expectError("[1]", "object");
    QVERIFY_THROWS_EXCEPTION(InputError, loadCostModel(dir.file("missing.json")));
}

void TestAdmissionSim::modelClockDurations()
{
    SimulationConfig sc;
    sc.scheduler = sloraConfig();
    sc.clock = ClockKind::Model;
    sc.cost = *findCostModel("llama-7b-a100-80g");
    const CostModel& c = sc.cost;
    SimulationResult r = simulate(makeTrace({ { 2, 10, 3, 0 } }, { 16 }), sc);
    // One rank-16 request: its LoRA kernels run (loraBase) sized by rank 16, and its adapter is loaded.
    const double prefill = c.prefillBase + c.prefillPerRequest + c.prefillPerToken * 10 + c.prefillPerTokenSquared * 100
        + c.prefillPerTokenMaxRank * 10 * 16 + c.prefillPerTokenRank * 160 + c.perAdapterRank * 16 + c.loraBase
        + c.loadBase + c.loadPerRank * 16;
    auto decode = [&](int ctx) {
        return c.decodeBase + c.decodePerRequest + c.decodePerContextToken * ctx + c.decodePerRequestMaxRank * 16
            + c.decodePerTokenRank * 16 + c.perAdapterRank * 16 + c.loraBase;
    };
    QCOMPARE(r.requests[0].admitted, 2.0);
    QVERIFY(std::abs(r.requests[0].firstToken - (2 + prefill)) < 1e-12);
    QVERIFY(std::abs(r.requests[0].finished - (2 + prefill + decode(11) + decode(12))) < 1e-12);
    QCOMPARE(r.summary.sloAttainment, 1.0);
    QCOMPARE(r.unit(), std::string("s"));
    SimulationResult steps = runSteps(makeTrace({ { 2, 10, 3, 0 } }, { 16 }), sloraConfig());
    QVERIFY(std::isnan(steps.summary.sloAttainment));
}

void TestAdmissionSim::summaryPercentiles()
{
    std::vector<RequestRecord> recs(5);
    for (int i = 0; i < 5; ++i) {
        recs[i].arrival = 0;
        recs[i].admitted = i;
        recs[i].firstToken = i + 1;
        recs[i].finished = i + 10;
        recs[i].outputLen = 4;
    }
    recs.push_back({});
    recs.back().rejected = RejectReason::TotalTooLong;
    SimulationSummary s = summarize(recs, ClockKind::Model);
    QCOMPARE(s.requests, 6u);
    QCOMPARE(s.rejected, 1u);
    QCOMPARE(s.finished, 5u);
    QCOMPARE(s.wait.mean, 2.0);
    QCOMPARE(s.wait.p50, 2.0);
    QVERIFY(std::abs(s.wait.p90 - 3.6) < 1e-12); // NumPy linear: 0.9·4 = 3.6
    QVERIFY(std::abs(s.wait.p99 - 3.96) < 1e-12);
    QCOMPARE(s.e2e.p50, 12.0);
    QCOMPARE(s.makespan, 14.0);
    QVERIFY(std::abs(s.tokenThroughput - 20.0 / 14.0) < 1e-12);
    QVERIFY(std::abs(s.sloAttainment - 5.0 / 6.0) < 1e-12); // TTFT 1..5 < 6; the rejected one misses
}

void TestAdmissionSim::summaryOfManyRequests()
{
    // Large samples are found by selection: the percentiles must be exactly those of std::sort, and
    // the mean the sum in record order, negative, zero and tied values included.
    std::vector<RequestRecord> recs(5000);
    std::uint64_t x = 12345;
    auto next = [&x] {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        return double(x >> 11) * 0x1.0p-53;
    };
    for (auto& r : recs) {
        r.arrival = 100 * next();
        const double w
            = next() < 0.1 ? 0.0 : (next() < 0.5 ? std::floor(50 * next()) : 1e3 * (next() - 0.2)); // some negative
        r.admitted = r.arrival + w;
        r.firstToken = r.admitted + 1e-3 * next();
        r.finished = r.firstToken + 1e6 * next();
        r.outputLen = 10;
    }
    const SimulationSummary s = summarize(recs, ClockKind::Model);
    auto reference = [&](auto value, const LatencyStats& got) {
        std::vector<double> v;
        double sum = 0;
        for (const auto& r : recs) {
            v.push_back(value(r));
            sum += v.back();
        }
        std::sort(v.begin(), v.end());
        auto pct = [&](double p) {
            const double pos = p / 100.0 * double(v.size() - 1);
            const auto lo = std::size_t(pos);
            const auto hi = std::min(lo + 1, v.size() - 1);
            return v[lo] + (v[hi] - v[lo]) * (pos - double(lo));
        };
        QCOMPARE(got.count, std::uint64_t(v.size()));
        QCOMPARE(got.mean, sum / double(v.size()));
        QCOMPARE(got.p50, pct(50));
        QCOMPARE(got.p90, pct(90));
        QCOMPARE(got.p99, pct(99));
    };
    reference([](const RequestRecord& r) { return r.admitted - r.arrival; }, s.wait);
    reference([](const RequestRecord& r) { return r.firstToken - r.arrival; }, s.ttft);
    reference([](const RequestRecord& r) { return r.finished - r.arrival; }, s.e2e);
    QVERIFY(s.wait.p50 == 0.0 || s.wait.p50 != s.wait.p90); // a real spread, not one value
}

void TestAdmissionSim::deterministic()
{
    const Trace t = generatedTrace(3, 40, 11);
    SimulationConfig sc;
    sc.scheduler = sloraConfig(4000);
    SimulationResult a = simulate(t, sc), b = simulate(t, sc);
    QCOMPARE(a.requests.size(), b.requests.size());
    for (std::size_t i = 0; i < a.requests.size(); ++i) {
        QVERIFY(sameDouble(a.requests[i].admitted, b.requests[i].admitted));
        QVERIFY(sameDouble(a.requests[i].finished, b.requests[i].finished));
        QVERIFY(a.requests[i].wait == b.requests[i].wait);
    }
    QCOMPARE(a.timeline.size(), b.timeline.size());
    for (std::size_t i = 0; i < a.timeline.size(); ++i) {
        QCOMPARE(a.timeline[i].start, b.timeline[i].start);
        QCOMPARE(a.timeline[i].kvNeed, b.timeline[i].kvNeed);
    }
}

void TestAdmissionSim::invariants_data()
{
    QTest::addColumn<int>("policy");
    QTest::addColumn<int>("clock");
    QTest::newRow("slora steps") << int(PolicyKind::SLora) << int(ClockKind::Steps);
    QTest::newRow("slora model") << int(PolicyKind::SLora) << int(ClockKind::Model);
    QTest::newRow("slora-abort model") << int(PolicyKind::SLoraAbort) << int(ClockKind::Model);
    QTest::newRow("vllm steps") << int(PolicyKind::Vllm) << int(ClockKind::Steps);
}

void TestAdmissionSim::invariants()
{
    QFETCH(int, policy);
    QFETCH(int, clock);
    // steps: 0.1 requests per tick; model: 8 requests/s, more than 24 running requests can serve
    const Trace t
        = generatedTrace(clock == int(ClockKind::Steps) ? 0.1 : 8, clock == int(ClockKind::Steps) ? 1500 : 60, 5);
    QVERIFY(t.requests.size() > 100);
    SimulationConfig sc;
    sc.scheduler = sloraConfig(5000);
    sc.scheduler.limits.runningMaxReqSize = 24;
    sc.scheduler.policy = PolicyKind(policy);
    sc.scheduler.vllm.maxLoras = 4;
    sc.scheduler.vllm.maxNumSeqs = 24;
    sc.scheduler.vllm.maxLoraRank = 64; // the trace's ranks (vLLM refuses larger adapters)
    sc.scheduler.vllm.numGpuBlocks = 5000 / 16 + 1; // about the 5000 KV tokens S-LoRA gets here
    sc.clock = ClockKind(clock);
    sc.cost = *findCostModel("llama-13b-a100-80g");
    SimulationResult r = simulate(t, sc);
    const bool slora = policy != int(PolicyKind::Vllm);

    // every request ends in exactly one state
    std::uint64_t finished = 0, rejected = 0, dropped = 0, never = 0;
    std::set<std::uint64_t> numbers;
    for (const RequestRecord& q : r.requests) {
        const int states = (q.rejected != RejectReason::None) + (q.dropped != DropReason::None)
            + !std::isnan(q.finished)
            + (q.rejected == RejectReason::None && q.dropped == DropReason::None && std::isnan(q.admitted));
        QCOMPARE(states, 1);
        rejected += q.rejected != RejectReason::None;
        dropped += q.dropped != DropReason::None;
        finished += !std::isnan(q.finished);
        never += q.rejected == RejectReason::None && q.dropped == DropReason::None && std::isnan(q.admitted);
        if (!std::isnan(q.admitted)) {
            QVERIFY(q.admitted >= q.arrival);
            QVERIFY(q.firstToken > q.admitted);
            QVERIFY(numbers.insert(q.admissionNumber).second);
        }
        if (!std::isnan(q.finished)) {
            QVERIFY(q.finished >= q.firstToken);
            if (sc.clock == ClockKind::Steps && slora) {
                // finished = first token + (output − 1) decode steps + the prefill steps of others in between
                std::uint64_t prefills = 0;
                auto it = std::lower_bound(r.timeline.begin(), r.timeline.end(), q.firstToken,
                    [](const StepRecord& s, double v) { return s.start < v; });
                for (; it != r.timeline.end() && it->start < q.finished; ++it)
                    prefills += it->kind == StepKind::Prefill;
                QCOMPARE(q.finished - q.firstToken, double(std::max<std::uint32_t>(1, q.outputLen) - 1 + prefills));
            }
        }
    }
    QCOMPARE(r.summary.finished, finished);
    QCOMPARE(r.summary.rejected, rejected);
    QCOMPARE(r.summary.dropped, dropped);
    QCOMPARE(r.summary.neverAdmitted, never);
    QCOMPARE(never, 0u);
    QVERIFY(finished > 50);
    if (policy == int(PolicyKind::SLoraAbort))
        QVERIFY(dropped > 0); // 8 req/s against 24 running slots: the queue passes 5.5 s
    // admission numbers are 0..k−1 and follow admission time
    if (!numbers.empty())
        QCOMPARE(*numbers.rbegin(), numbers.size() - 1);
    // timeline: ordered, within limits
    std::uint64_t prefills = 0;
    for (std::size_t i = 0; i < r.timeline.size(); ++i) {
        const StepRecord& s = r.timeline[i];
        QVERIFY(s.end >= s.start);
        if (i > 0)
            QVERIFY(s.start >= r.timeline[i - 1].end);
        QVERIFY(s.kvUsed <= s.kvCapacity);
        QVERIFY(s.adapterSlots >= 0 && s.adapterSlots <= s.kvUsed);
        if (!slora)
            QCOMPARE(s.adapterSlots, std::int64_t(0));
        else if (s.residentAdapters > 0)
            QVERIFY(s.adapterSlots > 0);
        if (slora) {
            QVERIFY2(s.kvNeed < s.kvCapacity, qPrintable(QString::number(i)));
            if (s.kind == StepKind::Prefill)
                QVERIFY(s.tokens <= sc.scheduler.limits.effectiveBatchMaxTokens());
        } else {
            QVERIFY(s.kvNeed <= s.kvCapacity);
        }
        QVERIFY(s.batchSize <= 24);
        prefills += s.kind == StepKind::Prefill;
    }
    QCOMPARE(r.summary.prefillSteps, prefills);
    QCOMPARE(r.summary.steps, r.timeline.size());
    QVERIFY(r.summary.peakKvNeed < r.summary.kvCapacity || !slora);
    // per adapter sums to the whole
    std::uint64_t perAdapter = 0;
    for (const AdapterSummary& a : r.perAdapter)
        perAdapter += a.summary.requests;
    QCOMPARE(perAdapter, std::uint64_t(r.requests.size()));
}

void TestAdmissionSim::onlineTokensAddUp_data()
{
    QTest::addColumn<int>("policy");
    QTest::newRow("slora") << int(PolicyKind::SLora);
    QTest::newRow("vllm") << int(PolicyKind::Vllm);
}

void TestAdmissionSim::onlineTokensAddUp()
{
    QFETCH(int, policy);
    // drive the Scheduler as a real-time server would: submit arrivals, step, stream tokens
    const Trace t = generatedTrace(0.2, 600, 3);
    SchedulerConfig c = sloraConfig(3000);
    c.policy = PolicyKind(policy);
    c.vllm.maxLoras = 2;
    c.vllm.maxLoraRank = 64;
    c.vllm.numGpuBlocks = 3000 / 16 + 1;
    Scheduler s(c);
    std::map<std::uint64_t, int> tokens;
    std::set<std::uint64_t> finished, admitted;
    std::size_t next = 0;
    double now = 0;
    int guard = 0;
    while ((next < t.requests.size() || !s.idle()) && guard++ < 2000000) {
        while (next < t.requests.size() && t.requests[next].time <= now) {
            const Request& q = t.requests[next];
            s.submit(sim(next, q.time, q.inputLen, q.outputLen, q.adapter, t.rankOf(q)));
            ++next;
        }
        StepResult r = s.step(now);
        if (r.kind == StepKind::Idle) {
            if (next < t.requests.size())
                now = t.requests[next].time;
            continue;
        }
        for (const Admission& a : r.admitted) {
            QVERIFY(admitted.insert(a.id).second);
            QCOMPARE(tokens[a.id], 0);
        }
        for (std::uint64_t id : r.tokens)
            ++tokens[id];
        for (std::uint64_t id : r.finished)
            QVERIFY(finished.insert(id).second);
        now += 1;
    }
    QVERIFY(s.idle());
    QCOMPARE(finished.size(), t.requests.size()); // nothing rejected with these lengths
    for (std::uint64_t id : finished)
        QCOMPARE(tokens[id], int(std::max<std::uint32_t>(1, t.requests[id].outputLen)));
}

void TestAdmissionSim::cancel()
{
    std::atomic<bool> stop { true };
    ProgressSink sink;
    sink.cancel = &stop;
    QVERIFY_THROWS_EXCEPTION(Cancelled, simulate(makeTrace({ { 0, 10, 10 } }), SimulationConfig {}, sink));
}

void TestAdmissionSim::traceIdsAndBadAdapter()
{
    Trace t = makeTrace({ { 0, 10, 3 }, { 1, 10, 3 } });
    t.ids = { 1000000007ull, 42 };
    SimulationResult r = runSteps(t, sloraConfig());
    QCOMPARE(r.requests[0].id, 1000000007ull);
    QCOMPARE(r.requests[1].id, 42u);
    Trace bad = makeTrace({ { 0, 10, 3, 5 } }, { 8 });
    QVERIFY_THROWS_EXCEPTION(InputError, runSteps(bad, sloraConfig()));
}

void TestAdmissionSim::matchesPythonTranscription_data()
{
    QTest::addColumn<int>("maxTotal");
    QTest::addColumn<int>("batchMax");
    QTest::addColumn<int>("runningMax");
    QTest::addColumn<int>("maxWait");
    QTest::addColumn<double>("rate");
    QTest::newRow("tight memory, small batches") << 3000 << 1024 << 8 << 10 << 0.3;
    QTest::newRow("a100 memory") << 65000 << 0 << 1000 << 10 << 1.0;
    QTest::newRow("max_wait_tokens 2") << 6000 << 0 << 1000 << 2 << 0.3;
}

// bench/slora_router.py is S-LoRA's ReqQueue + RouterManager._step in Python + NumPy (an independent
// transcription); every request's admitted / first token / finished tick must agree.
void TestAdmissionSim::matchesPythonTranscription()
{
    QFETCH(int, maxTotal);
    QFETCH(int, batchMax);
    QFETCH(int, runningMax);
    QFETCH(int, maxWait);
    QFETCH(double, rate);
    const std::string script = std::string(LORASCOPE_TEST_DATA) + "/../../bench/slora_router.py";
    QVERIFY(std::filesystem::exists(script));
    QProcess probe;
    probe.start(QStringLiteral("/usr/bin/python3"), { QStringLiteral("-c"), QStringLiteral("import numpy") });
    if (!probe.waitForFinished(60000) || probe.exitStatus() != QProcess::NormalExit || probe.exitCode() != 0)
        QSKIP("/usr/bin/python3 with NumPy is not available");

    Trace t = generatedTrace(rate, 300.0 / rate * (rate < 0.5 ? 1.5 : 1.0), 17);
    for (std::size_t i = 0; i < t.requests.size(); i += 7)
        t.requests[i].adapter = kNoAdapter; // base-model requests too (None in S-LoRA's adapter sets)
    TempDir dir;
    {
        std::ofstream f(dir.file("t.csv"));
        f.precision(17);
        f << "time,adapter,rank,input,output\n";
        for (const Request& r : t.requests)
            f << r.time << ',' << (r.adapter == kNoAdapter ? -1 : int(r.adapter)) << ',' << t.rankOf(r) << ','
              << r.inputLen << ',' << r.outputLen << '\n';
    }
    QProcess py;
    py.start(QStringLiteral("/usr/bin/python3"),
        { QString::fromStdString(script), QString::fromStdString(dir.file("t.csv")),
            QString::fromStdString(dir.file("o.json")), QStringLiteral("--max-total-tokens"), QString::number(maxTotal),
            QStringLiteral("--batch-max-tokens"), QString::number(batchMax), QStringLiteral("--running-max-req-size"),
            QString::number(runningMax), QStringLiteral("--max-wait-tokens"), QString::number(maxWait) });
    QVERIFY(py.waitForFinished(300000));
    QVERIFY2(py.exitCode() == 0, py.readAllStandardError().constData());
    const nlohmann::json j = readJsonFile(dir.file("o.json"));

    SchedulerConfig c = sloraConfig(maxTotal, batchMax);
    c.limits.runningMaxReqSize = runningMax;
    c.maxWaitTokens = maxWait;
    SimulationResult r = runSteps(t, c);
    auto same = [](const nlohmann::json& v, double x) { return v.is_null() ? std::isnan(x) : v.get<double>() == x; };
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        const RequestRecord& q = r.requests[i];
        QVERIFY2(same(j["admitted"][i], q.admitted) && same(j["first_token"][i], q.firstToken)
                && same(j["finished"][i], q.finished),
            qPrintable(QStringLiteral("request %1: python %2 %3 %4, engine %5 %6 %7")
                           .arg(i)
                           .arg(QString::fromStdString(j["admitted"][i].dump()),
                               QString::fromStdString(j["first_token"][i].dump()),
                               QString::fromStdString(j["finished"][i].dump()))
                           .arg(q.admitted)
                           .arg(q.firstToken)
                           .arg(q.finished)));
    }
    QCOMPARE(r.summary.steps, j["steps"].get<std::uint64_t>());
    QCOMPARE(r.summary.adapterLoads, j["loads"].get<std::uint64_t>());
    QCOMPARE(r.summary.adapterUnloads, j["unloads"].get<std::uint64_t>());
    QVERIFY(t.requests.size() > 250);
}

QTEST_GUILESS_MAIN(TestAdmissionSim)
#include "tst_admission_sim.moc"
