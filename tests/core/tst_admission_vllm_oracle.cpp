// SPDX-License-Identifier: Apache-2.0
// The `vllm` policy against an independent transcription of vLLM V1's scheduler
// (tests/tools/vllm_v1_schedule.py, written from vllm/v1/core/sched/scheduler.py and the KV cache
// manager, structured like them): on the step clock every request's admitted, first-token and
// finished step must be the same, and so must the number of steps, preemptions, mixed steps and
// adapter loads (from the CPU cache and from disk). Prefix caching is on, as vLLM's default: every
// request's blocks are hashed (its own content), so a preempted request finds its own blocks again
// when it is resumed; each request's cached tokens and vLLM's prefix-cache counters (new and
// resumed requests apart) must be the same too.
//
// The transcription runs at test time (python3, standard library only), so each configuration is
// checked on the trace the test builds; the issue's sample is also kept as a golden file
// (tests/data/vllm-v1/, made by the same script, see its README) and checked without Python.

#include "admission_helpers.h"
#include "testutil.h"

#include "util/jsonread.h"

#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>

using namespace lorascope;
using namespace lorascope::test;

namespace {

const std::string kScript = std::string(LORASCOPE_TEST_TOOLS) + "/vllm_v1_schedule.py";
const std::string kGolden = std::string(LORASCOPE_TEST_DATA) + "/vllm-v1";

/// A trace on the step clock: arrivals at whole ticks (exponential gaps), adapters uniform over
/// `adapters` (every `baseEvery`-th request on the base model), lengths uniform. SplitMix64, so the
/// same on every platform.
struct TraceRecipe {
    std::uint64_t seed = 1;
    int requests = 300;
    double rate = 0.1; ///< requests per tick
    int adapters = 8;
    int baseEvery = 0; ///< 0 = none
    int inLo = 16, inHi = 1024, outLo = 8, outHi = 512; ///< [lo, hi)
    /// > 0: requests get a priority, 0 for adapters below `premium` (a premium tier), else a draw
    /// from 1 .. priorities (the base model: the last); 0: none.
    int priorities = 0;
    int premium = 0;
};

Trace makeRecipeTrace(const TraceRecipe& r)
{
    std::uint64_t state = r.seed;
    auto next = [&state] {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    };
    auto uniform = [&] { return double(next() >> 11) * 0x1.0p-53; };
    auto below = [&](int n) { return int(next() % std::uint64_t(n)); };
    std::vector<Req> reqs;
    double t = 0;
    for (int i = 0; i < r.requests; ++i) {
        t += -std::log(1.0 - uniform()) / r.rate;
        Req q;
        q.time = std::round(t);
        q.adapter = r.adapters > 0 ? std::uint32_t(below(r.adapters)) : kNoAdapter;
        if (r.baseEvery > 0 && i % r.baseEvery == 0)
            q.adapter = kNoAdapter;
        q.in = std::uint32_t(r.inLo + below(r.inHi - r.inLo));
        q.out = std::uint32_t(r.outLo + below(r.outHi - r.outLo));
        reqs.push_back(q);
    }
    Trace out = makeTrace(reqs, std::vector<int>(std::size_t(std::max(0, r.adapters)), 16));
    if (r.priorities > 0) {
        for (const Request& q : out.requests)
            out.priorities.push_back(q.adapter == kNoAdapter ? r.priorities
                    : int(q.adapter) < r.premium             ? 0
                                                             : 1 + below(r.priorities));
    }
    return out;
}

void writeOracleCsv(const Trace& t, const std::string& path)
{
    std::ofstream f(path);
    f << "time,adapter,rank,input,output" << (t.hasPriorities() ? ",priority\n" : "\n");
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        const Request& q = t.requests[i];
        f << q.time << ',' << (q.adapter == kNoAdapter ? -1 : int(q.adapter)) << ',' << t.rankOf(q) << ',' << q.inputLen
          << ',' << q.outputLen;
        if (t.hasPriorities())
            f << ',' << t.priorities[i];
        f << '\n';
    }
}

QStringList flagsOf(const VllmConfig& v)
{
    QStringList f;
    auto add = [&f](const char* flag, std::int64_t value) { f << QString::fromLatin1(flag) << QString::number(value); };
    add("--max-num-seqs", v.maxNumSeqs);
    add("--max-num-batched-tokens", v.maxNumBatchedTokens);
    add("--max-model-len", v.maxModelLen);
    add("--long-prefill-token-threshold", v.longPrefillTokenThreshold);
    add("--num-gpu-blocks", v.numGpuBlocks);
    add("--block-size", v.blockSize);
    add("--max-loras", v.maxLoras);
    add("--max-cpu-loras", v.maxCpuLoras);
    add("--max-lora-rank", v.maxLoraRank);
    if (!v.enableChunkedPrefill)
        f << QStringLiteral("--no-chunked-prefill");
    if (v.loraScanStops)
        f << QStringLiteral("--lora-scan") << QStringLiteral("stop");
    if (!v.enablePrefixCaching)
        f << QStringLiteral("--no-enable-prefix-caching");
    if (v.priorityScheduling)
        f << QStringLiteral("--scheduling-policy") << QStringLiteral("priority");
    return f;
}

/// Every request and every count the same as the transcription's output `j`.
void compareWith(const nlohmann::json& j, const Trace& t, const SimulationResult& r)
{
    auto same = [](const nlohmann::json& v, double x) { return v.is_null() ? std::isnan(x) : v.get<double>() == x; };
    int differ = 0;
    QString first;
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        const RequestRecord& q = r.requests[i];
        if (same(j["admitted"][i], q.admitted) && same(j["first_token"][i], q.firstToken)
            && same(j["finished"][i], q.finished))
            continue;
        if (differ++ == 0)
            first = QStringLiteral("request %1: transcription %2 %3 %4, engine %5 %6 %7")
                        .arg(i)
                        .arg(QString::fromStdString(j["admitted"][i].dump()),
                            QString::fromStdString(j["first_token"][i].dump()),
                            QString::fromStdString(j["finished"][i].dump()))
                        .arg(q.admitted)
                        .arg(q.firstToken)
                        .arg(q.finished);
    }
    QVERIFY2(differ == 0,
        qPrintable(QStringLiteral("%1 of %2 requests differ; %3").arg(differ).arg(t.requests.size()).arg(first)));
    QCOMPARE(r.summary.steps, j["steps"].get<std::uint64_t>());
    QCOMPARE(r.summary.preemptions, j["preemptions"].get<std::uint64_t>());
    QCOMPARE(r.summary.mixedSteps, j["kinds"]["mixed"].get<std::uint64_t>());
    QCOMPARE(r.summary.prefillSteps, j["kinds"]["prefill"].get<std::uint64_t>());
    QCOMPARE(r.summary.adapterLoads, j["loads"].get<std::uint64_t>());
    QCOMPARE(r.summary.adapterDiskLoads, j["disk_loads"].get<std::uint64_t>());
    if (!j.contains("cached_tokens"))
        return; // a golden file written before the prefix cache was transcribed
    int cachedDiffer = 0;
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        const nlohmann::json& c = j["cached_tokens"][i];
        const double want = c.is_null() || c.get<std::int64_t>() < 0 ? 0.0 : c.get<double>();
        cachedDiffer += double(r.requests[i].cachedTokens) == want ? 0 : 1;
    }
    QCOMPARE(cachedDiffer, 0);
    if (r.timeline.empty())
        return;
    std::int64_t queries = 0, hits = 0, preemptedQueries = 0, preemptedHits = 0;
    for (const StepRecord& s : r.timeline) {
        queries += s.prefixQueries;
        hits += s.prefixHits;
        preemptedQueries += s.prefixPreemptedQueries;
        preemptedHits += s.prefixPreemptedHits;
    }
    const nlohmann::json& pc = j["prefix_cache"];
    QCOMPARE(queries, pc["queries"].get<std::int64_t>());
    QCOMPARE(hits, pc["hits"].get<std::int64_t>());
    QCOMPARE(preemptedQueries, pc["preempted_queries"].get<std::int64_t>());
    QCOMPARE(preemptedHits, pc["preempted_hits"].get<std::int64_t>());
}

SimulationResult runWithTimeline(const Trace& t, const SchedulerConfig& config)
{
    SimulationConfig sc;
    sc.scheduler = config;
    sc.clock = ClockKind::Steps;
    sc.recordTimeline = true;
    return simulate(t, sc);
}

SchedulerConfig issueSampleConfig()
{
    SchedulerConfig c;
    c.policy = PolicyKind::Vllm;
    c.vllm.maxNumSeqs = 32;
    c.vllm.maxNumBatchedTokens = 2048;
    c.vllm.maxLoras = 2;
    c.vllm.numGpuBlocks = 1001;
    c.vllm.blockSize = 16;
    return c;
}

TraceRecipe issueSampleRecipe()
{
    TraceRecipe r;
    r.seed = 24;
    r.requests = 300;
    r.rate = 0.08;
    r.adapters = 8;
    return r;
}

} // namespace

Q_DECLARE_METATYPE(TraceRecipe)
Q_DECLARE_METATYPE(SchedulerConfig)

class TestAdmissionVllmOracle : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesTranscription_data();
    void matchesTranscription();
    void issueSampleGolden();
};

void TestAdmissionVllmOracle::matchesTranscription_data()
{
    QTest::addColumn<TraceRecipe>("recipe");
    QTest::addColumn<SchedulerConfig>("config");
    const SchedulerConfig sample = issueSampleConfig();
    QTest::newRow("issue sample: 300 requests, 8 adapters, max_num_seqs 32, 2048 tokens, max_loras 2, 1001 blocks")
        << issueSampleRecipe() << sample;

    TraceRecipe base = issueSampleRecipe();
    base.seed = 2;
    base.rate = 0.1;
    base.baseEvery = 5;
    SchedulerConfig c = sample;
    c.vllm.numGpuBlocks = 401;
    QTest::newRow("preemption: a small KV cache, base-model requests mixed in") << base << c;

    c = SchedulerConfig {};
    c.policy = PolicyKind::Vllm;
    c.vllm.maxNumBatchedTokens = 512;
    c.vllm.longPrefillTokenThreshold = 200;
    c.vllm.maxLoras = 3;
    c.vllm.numGpuBlocks = 301;
    TraceRecipe longer = base;
    longer.seed = 3;
    longer.inHi = 1500;
    QTest::newRow("chunked prefill: 512 tokens a step, long_prefill_token_threshold 200") << longer << c;

    c = SchedulerConfig {};
    c.policy = PolicyKind::Vllm;
    c.vllm.enableChunkedPrefill = false;
    c.vllm.maxLoras = 2;
    c.vllm.maxCpuLoras = 4;
    c.vllm.numGpuBlocks = 301;
    longer.seed = 4;
    QTest::newRow("chunked prefill off, a CPU LoRA cache of 4") << longer << c;

    c = SchedulerConfig {};
    c.policy = PolicyKind::Vllm;
    c.vllm.maxLoras = 2;
    c.vllm.numGpuBlocks = 301;
    c.vllm.loraScanStops = true;
    longer.seed = 5;
    QTest::newRow("early V1 LoRA rule: the scan stops") << longer << c;
    c.vllm.loraScanStops = false;
    QTest::newRow("the same trace with the rule since PR 15422") << longer << c;

    TraceRecipe many;
    many.seed = 6;
    many.requests = 400;
    many.rate = 0.3;
    many.adapters = 16;
    many.baseEvery = 3;
    many.inHi = 600;
    many.outHi = 300;
    c = SchedulerConfig {};
    c.policy = PolicyKind::Vllm;
    c.vllm.maxLoras = 4;
    c.vllm.maxCpuLoras = 6;
    c.vllm.maxNumSeqs = 16;
    c.vllm.maxNumBatchedTokens = 1024;
    c.vllm.maxModelLen = 1024;
    c.vllm.numGpuBlocks = 201;
    QTest::newRow("16 adapters over 4 slots and a CPU cache of 6, max_num_seqs 16") << many << c;

    // Preemption-heavy: a KV cache that holds a few requests, long outputs. Each preemption frees
    // blocks that keep their hashes; the resumed request recomputes only what was evicted since.
    TraceRecipe heavy;
    heavy.seed = 7;
    heavy.requests = 300;
    heavy.rate = 0.2;
    heavy.adapters = 4;
    heavy.baseEvery = 4;
    heavy.inLo = 64;
    heavy.inHi = 700;
    heavy.outLo = 100;
    heavy.outHi = 700;
    c = SchedulerConfig {};
    c.policy = PolicyKind::Vllm;
    c.vllm.maxLoras = 2;
    c.vllm.maxNumSeqs = 32;
    c.vllm.maxNumBatchedTokens = 1024;
    c.vllm.maxModelLen = 1536;
    c.vllm.numGpuBlocks = 121;
    QTest::newRow("preemption-heavy: 300 requests, 120 blocks, prefix caching on") << heavy << c;
    c.vllm.enablePrefixCaching = false;
    QTest::newRow("the same without prefix caching (--no-enable-prefix-caching)") << heavy << c;
    TraceRecipe heavy2 = heavy;
    heavy2.seed = 8;
    heavy2.requests = 200;
    heavy2.rate = 0.5;
    heavy2.adapters = 2;
    heavy2.baseEvery = 0;
    heavy2.inLo = 16;
    heavy2.inHi = 200;
    heavy2.outLo = 200;
    heavy2.outHi = 900;
    c = SchedulerConfig {};
    c.policy = PolicyKind::Vllm;
    c.vllm.maxLoras = 2;
    c.vllm.maxNumBatchedTokens = 512;
    c.vllm.longPrefillTokenThreshold = 128;
    c.vllm.maxModelLen = 1200;
    c.vllm.numGpuBlocks = 161; // 1,280 tokens: one request of max_model_len fits, as vLLM requires
    c.vllm.blockSize = 8;
    QTest::newRow("preemption-heavy: 200 requests, 160 blocks of 8, chunks of 128, prefix caching on") << heavy2 << c;

    // --scheduling-policy priority: the waiting queue by (priority, arrival), the running request
    // with the worst (priority, arrival) preempted — also one already scheduled in the step.
    TraceRecipe tiers = heavy;
    tiers.seed = 9;
    tiers.adapters = 6;
    tiers.premium = 2;
    tiers.priorities = 3;
    c = SchedulerConfig {};
    c.policy = PolicyKind::Vllm;
    c.vllm.maxLoras = 2;
    c.vllm.maxNumSeqs = 32;
    c.vllm.maxNumBatchedTokens = 1024;
    c.vllm.maxModelLen = 1536;
    c.vllm.numGpuBlocks = 121;
    c.vllm.priorityScheduling = true;
    QTest::newRow("priority: 2 premium adapters at 0, the rest 1-3, 120 blocks, caching on") << tiers << c;
    c.vllm.enablePrefixCaching = false;
    QTest::newRow("priority: the same, caching off") << tiers << c;
    TraceRecipe tiers2 = heavy2;
    tiers2.seed = 10;
    tiers2.adapters = 4;
    tiers2.premium = 1;
    tiers2.priorities = 2;
    tiers2.baseEvery = 5;
    c = SchedulerConfig {};
    c.policy = PolicyKind::Vllm;
    c.vllm.maxLoras = 3;
    c.vllm.maxNumBatchedTokens = 512;
    c.vllm.longPrefillTokenThreshold = 128;
    c.vllm.maxModelLen = 1200;
    c.vllm.numGpuBlocks = 161;
    c.vllm.blockSize = 8;
    c.vllm.priorityScheduling = true;
    QTest::newRow("priority: chunks of 128, blocks of 8, base model last") << tiers2 << c;
    c.vllm.loraScanStops = true;
    QTest::newRow("priority: the same with the early LoRA rule") << tiers2 << c;
}

void TestAdmissionVllmOracle::matchesTranscription()
{
    QFETCH(TraceRecipe, recipe);
    QFETCH(SchedulerConfig, config);
    QVERIFY2(std::filesystem::exists(kScript), kScript.c_str());
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    QVERIFY2(!python.isEmpty(), "python3 is needed to run the transcription (tests/tools/vllm_v1_schedule.py)");

    const Trace t = makeRecipeTrace(recipe);
    TempDir dir;
    writeOracleCsv(t, dir.file("t.csv"));
    QProcess py;
    py.start(python,
        QStringList { QString::fromStdString(kScript), QString::fromStdString(dir.file("t.csv")),
            QString::fromStdString(dir.file("o.json")) }
            + flagsOf(config.vllm));
    QVERIFY(py.waitForFinished(600000));
    QVERIFY2(py.exitStatus() == QProcess::NormalExit && py.exitCode() == 0, py.readAllStandardError().constData());
    const nlohmann::json j = lorascope::readJsonFile(dir.file("o.json"));
    const SimulationResult r = runWithTimeline(t, config);
    compareWith(j, t, r);
    qInfo("%zu requests, %llu steps (%llu mixed), %llu preemptions, %llu adapter loads (%llu from disk): all the same",
        t.requests.size(), (unsigned long long)r.summary.steps, (unsigned long long)r.summary.mixedSteps,
        (unsigned long long)r.summary.preemptions, (unsigned long long)r.summary.adapterLoads,
        (unsigned long long)r.summary.adapterDiskLoads);
}

void TestAdmissionVllmOracle::issueSampleGolden()
{
    // The trace is rebuilt and must be the one the golden file was made from.
    const Trace t = makeRecipeTrace(issueSampleRecipe());
    if (qEnvironmentVariableIsSet("LORASCOPE_WRITE_GOLDEN")) {
        // Regeneration (tests/data/vllm-v1/README.md): the trace here, the expected steps by the transcription.
        std::filesystem::create_directories(kGolden);
        writeOracleCsv(t, kGolden + "/issue_sample_trace.csv");
        QProcess py;
        py.start(QStandardPaths::findExecutable(QStringLiteral("python3")),
            QStringList { QString::fromStdString(kScript), QString::fromStdString(kGolden + "/issue_sample_trace.csv"),
                QString::fromStdString(kGolden + "/issue_sample_expected.json") }
                + flagsOf(issueSampleConfig().vllm));
        QVERIFY(py.waitForFinished(600000) && py.exitCode() == 0);
    }
    TempDir dir;
    writeOracleCsv(t, dir.file("t.csv"));
    std::ifstream a(dir.file("t.csv")), b(kGolden + "/issue_sample_trace.csv");
    QVERIFY2(b.good(), (kGolden + "/issue_sample_trace.csv is missing").c_str());
    const std::string mine((std::istreambuf_iterator<char>(a)), {}), golden((std::istreambuf_iterator<char>(b)), {});
    QVERIFY(mine == golden);
    const nlohmann::json j = lorascope::readJsonFile(kGolden + "/issue_sample_expected.json");
    const SimulationResult r = runSteps(t, issueSampleConfig());
    compareWith(j, t, r);
    QVERIFY(r.summary.preemptions > 0);
    QCOMPARE(r.summary.finished, 300u);
}

QTEST_GUILESS_MAIN(TestAdmissionVllmOracle)
#include "tst_admission_vllm_oracle.moc"
