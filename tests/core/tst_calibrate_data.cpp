// SPDX-License-Identifier: Apache-2.0
// Calibration data: S-LoRA's get_res_stats transcribed (hand-computed cases), the client's view of
// the engine, regenerating published traces from their config, and bad input (result files,
// manifests, replay folders) named precisely.

#include "calibrate/experiment.h"
#include "calibrate/runstats.h"
#include "calibrate/validate.h"
#include "util/error.h"
#include "workload/generator.h"
#include "workload/presets.h"

#include "testutil.h"

#include <QtTest>

#include <cctype>
#include <cmath>
#include <filesystem>

using namespace lorascope;

namespace {

const std::string kData = LORASCOPE_TEST_DATA;

ClientRequest done(double start, double first, double end, std::uint32_t prompt, std::uint32_t out)
{
    ClientRequest c;
    c.start = start;
    c.firstToken = first;
    c.end = end;
    c.promptLen = prompt;
    c.outputLen = out;
    return c;
}

std::string resultLine(const std::string& config, const std::string& result)
{
    return "{\"config\": " + config + ", \"result\": " + result + "}\n";
}

const char* kConfig
    = R"({"num_adapters": 100, "alpha": 1, "req_rate": 2, "cv": 1, "duration": 60, "input_range": [8, 512], "output_range": [8, 512]})";
const char* kResult
    = R"({"total_time": 70.1, "throughput": 1.7, "avg_latency": 12.5, "avg_per_token_latency": 0.03, "avg_per_output_token_latency": 0.09, "avg_first_token_latency": 0.4, "avg_satisfaction": 0.95, "avg_attainment": 0.99, "num_abort": 0})";

SloraFileSettings s1Settings()
{
    SloraFileSettings s;
    s.setting = "S1";
    s.gpu = "a10g";
    s.maxTotalTokenNum = 14500;
    return s;
}

template <typename F>
QString inputErrorOf(F&& f)
{
    try {
        f();
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestCalibrateData : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void runStatsHandComputed();
    void runStatsAllAborted();
    void clientViewAbortAnswerAndDelay();
    void regeneratedTraceIsTheConfigsTrace();
    void regeneratesSpecCheckVector();
    void publishedRowsLoadWithTheirFlags();
    void resultFileErrors();
    void manifestErrors();
    void manifestListsExclusions();
    void replayFolderErrors();
    void replayFolderBecomesExperiment();
    void replayRecordsAreCheckedAsMergeDoes();
    void validationSaysWhatItLeavesOut();
};

void TestCalibrateData::initTestCase()
{
    // A missing file of tests/data/slora-paper fails here naming it (the loaders would throw).
    const std::string manifest = kData + "/slora-paper/manifest.json";
    QVERIFY(test::requireFile(manifest));
    for (const auto& e : readSloraManifest(manifest))
        QVERIFY(test::requireFile(kData + "/slora-paper/" + e.file));
}

void TestCalibrateData::runStatsHandComputed()
{
    // Four requests as S-LoRA's client records them; C was aborted by the server.
    std::vector<ClientRequest> r = { done(0, 0.5, 2.5, 10, 4), done(1, 8, 11, 20, 5), {}, done(3, 3.2, 4, 30, 1) };
    r[2].start = 2;
    r[2].aborted = true;
    r[2].end = 12;
    r[2].promptLen = 40;
    r[2].outputLen = 6;
    const RunStats s = sloraRunStats(r);
    QCOMPARE(s.numAbort, std::int64_t(1));
    QCOMPARE(s.totalTime, 12.0); // benchmark time ends with the last answer, the abort's included
    QVERIFY(std::abs(s.throughput - 3.0 / 12.0) < 1e-12); // aborted requests do not count
    QVERIFY(std::abs(s.avgLatency - (2.5 + 10 + 1) / 3) < 1e-12);
    QVERIFY(std::abs(s.avgPerTokenLatency - (2.5 / 14 + 10.0 / 25 + 1.0 / 31) / 3) < 1e-12);
    QVERIFY(std::abs(s.avgPerOutputTokenLatency - (2.5 / 4 + 10.0 / 5 + 1.0 / 1) / 3) < 1e-12);
    QVERIFY(std::abs(s.avgFirstTokenLatency - (0.5 + 7 + 0.2) / 3) < 1e-12);
    // satisfaction and attainment average over all four: the abort adds 0; 7 s >= 6 s misses.
    QVERIFY(std::abs(s.avgSatisfaction - ((1 - 0.25 / 36) + 0 + (1 - 0.04 / 36) + 0) / 4) < 1e-12);
    QCOMPARE(s.avgAttainment, 0.5);
    QVERIFY(std::abs(s.meanTpot - ((2.5 - 0.5) / 3 + (10.0 - 7) / 4) / 2) < 1e-12); // output 1 has no TPOT
    // The boundary of attainment_func: exactly 6 s misses.
    const RunStats edge = sloraRunStats({ done(0, 6.0, 7, 1, 2), done(0, 5.999, 7, 1, 2) });
    QCOMPARE(edge.avgAttainment, 0.5);
}

void TestCalibrateData::runStatsAllAborted()
{
    std::vector<ClientRequest> r(2);
    r[0].aborted = r[1].aborted = true;
    r[0].end = 10;
    r[1].end = 15;
    const RunStats s = sloraRunStats(r);
    QCOMPARE(s.numAbort, std::int64_t(2));
    QCOMPARE(s.throughput, 0.0);
    QVERIFY(std::isnan(s.avgLatency)); // np.mean([]) is nan
    QVERIFY(std::isnan(s.avgFirstTokenLatency));
    QCOMPARE(s.avgAttainment, 0.0);
    QCOMPARE(s.avgSatisfaction, 0.0);
}

void TestCalibrateData::clientViewAbortAnswerAndDelay()
{
    SimulationResult res;
    RequestRecord a;
    a.arrival = 1;
    a.admitted = 1.5;
    a.firstToken = 2;
    a.finished = 4;
    a.inputLen = 10;
    a.outputLen = 3;
    RequestRecord b; // dropped by the abort queue after 5.7 s: S-LoRA's HTTP server notices at its 10-s wake-up
    b.arrival = 2;
    b.dropped = DropReason::Timeout;
    b.droppedAt = 7.7;
    RequestRecord c = b; // dropped after 12 s: the 15-s wake-up
    c.droppedAt = 14;
    RequestRecord d; // refused on arrival
    d.arrival = 3;
    d.rejected = RejectReason::TotalTooLong;
    res.requests = { a, b, c, d };
    ClientModel m;
    m.responseDelay = 0.01;
    const auto v = clientView(res, m);
    QCOMPARE(v.size(), std::size_t(4));
    QVERIFY(!v[0].aborted);
    QCOMPARE(v[0].start, 1.0);
    QVERIFY(std::abs(v[0].firstToken - 2.01) < 1e-12);
    QVERIFY(std::abs(v[0].end - 4.01) < 1e-12);
    QVERIFY(v[1].aborted);
    QVERIFY(std::abs(v[1].end - (2 + 10 + 0.01)) < 1e-12);
    QVERIFY(std::abs(v[2].end - (2 + 15 + 0.01)) < 1e-12);
    QVERIFY(v[3].aborted);
    QCOMPARE(v[3].end, 3.0);
}

void TestCalibrateData::regeneratedTraceIsTheConfigsTrace()
{
    // Line 1 of S-LoRA's A10G S2 req_rate file: n=200, alpha 1, R 1, cv 1, 300 s, [8, 512).
    SloraFileSettings s = s1Settings();
    s.setting = "S2";
    const CalibrationData d = loadSloraResults(kData + "/slora-paper/slora/synthetic_req_rate_a10g_S2_slora.jsonl", s);
    QCOMPARE(d.experiments.size(), std::size_t(4));
    QCOMPARE(d.groups.size(), std::size_t(1));
    QCOMPARE(d.groups[0].name, std::string("llama-7b-a10g"));
    QCOMPARE(d.groups[0].model.layers, 32);
    const Experiment& e = d.experiments[0];
    QCOMPARE(e.line, std::uint64_t(1));
    QCOMPARE(e.label, std::string("n=200 alpha=1 R=1 cv=1 300s"));
    QCOMPARE(e.scheduler.limits.maxTotalTokenNum, std::int64_t(14500));
    QCOMPARE(e.scheduler.policy, PolicyKind::SLora);
    QVERIFY(e.trace.spec.has_value());
    const WorkloadSpec& spec = *e.trace.spec;
    QCOMPARE(spec.generator, GeneratorKind::Slora);
    QCOMPARE(spec.adapterCount, 200u);
    QCOMPARE(spec.rate, 1.0);
    QCOMPARE(spec.arrival.cv, 1.0);
    QCOMPARE(spec.duration, 300.0);
    QCOMPARE(spec.seed, std::uint64_t(42));
    QCOMPARE(spec.input.lo, std::int64_t(8));
    QCOMPARE(spec.input.hi, std::int64_t(512));
    // S-LoRA's tot_req = int(R * duration), and S2's adapter names and ranks.
    QCOMPARE(e.trace.requests.size(), std::size_t(300));
    QCOMPARE(e.trace.adapters.size(), std::size_t(200));
    QCOMPARE(e.trace.adapters[0].name, std::string("dummy-lora-7b-rank-64-0"));
    QCOMPARE(e.trace.adapters[5].name, std::string("dummy-lora-7b-rank-32-1"));
    QCOMPARE(e.trace.adapters[5].rank, 32);
    // Bit for bit generateSlora's trace, prompts counted as LLaMA tokenises "Hello " * n (+2).
    const Trace ref = generateSlora(spec);
    QCOMPARE(e.promptExtraTokens, 2u);
    for (std::size_t i = 0; i < ref.requests.size(); ++i) {
        QCOMPARE(e.trace.requests[i].time, ref.requests[i].time);
        QCOMPARE(e.trace.requests[i].adapter, ref.requests[i].adapter);
        QCOMPARE(e.trace.requests[i].outputLen, ref.requests[i].outputLen);
        QCOMPARE(e.trace.requests[i].inputLen, ref.requests[i].inputLen + 2);
    }
    // The measured row as published.
    QCOMPARE(e.measured.throughput, 0.9614358249499664);
    QVERIFY(std::isnan(e.measured.meanTpot));
}

void TestCalibrateData::regeneratesSpecCheckVector()
{
    // The slora generator's check vector (tst_numpylegacy checkVectorFromSpec), as an S-LoRA result row.
    test::TempDir dir;
    const std::string file = dir.file("row.jsonl");
    test::writeText(file, resultLine(kConfig, kResult));
    const CalibrationData d = loadSloraResults(file, s1Settings());
    const Trace& t = d.experiments.at(0).trace;
    QCOMPARE(t.requests.size(), std::size_t(120));
    const std::uint32_t adapter[] = { 37, 95, 73, 59, 15 }, in[] = { 510, 355, 480, 238, 197 },
                        out[] = { 158, 422, 485, 305, 106 };
    const double time[] = { 1.529568753475, 1.730367779386, 2.132703290032, 2.557361118115, 4.521731700171 };
    std::uint64_t sumIn = 0, sumOut = 0;
    for (std::size_t i = 0; i < 5; ++i) {
        QCOMPARE(t.requests[i].adapter, adapter[i]);
        QCOMPARE(t.requests[i].inputLen, in[i] + 2);
        QCOMPARE(t.requests[i].outputLen, out[i]);
        QVERIFY(std::abs(t.requests[i].time - time[i]) < 1e-9);
    }
    for (const auto& q : t.requests) {
        sumIn += q.inputLen - 2;
        sumOut += q.outputLen;
    }
    QCOMPARE(sumIn, std::uint64_t(33799));
    QCOMPARE(sumOut, std::uint64_t(30801));
    QVERIFY(std::abs(t.requests.back().time - 56.068650550) < 1e-8);
    QCOMPARE(t.adapters[37].name, std::string("dummy-lora-7b-rank-8-37"));
}

void TestCalibrateData::publishedRowsLoadWithTheirFlags()
{
    // The abort files run under --enable-abort; the A100-80 S1 table with 125000 tokens.
    const auto fit = loadSloraManifest(kData + "/slora-paper/manifest.json", "fit");
    const auto val = loadSloraManifest(kData + "/slora-paper/manifest.json", "validate");
    QCOMPARE(fit.experiments.size(), std::size_t(23));
    QCOMPARE(val.experiments.size(), std::size_t(60));
    int aborts = 0;
    for (const auto& e : val.experiments) {
        const bool abortFile = e.source.find("/abort/") != std::string::npos;
        QCOMPARE(e.scheduler.policy == PolicyKind::SLoraAbort, abortFile);
        aborts += abortFile;
        QCOMPARE(e.role, std::string("validate"));
    }
    QCOMPARE(aborts, 15);
    for (const auto& e : fit.experiments) {
        QCOMPARE(e.role, std::string("fit"));
        if (e.source.find("a100-80_S1_slora_table") != std::string::npos)
            QCOMPARE(e.scheduler.limits.maxTotalTokenNum, std::int64_t(125000));
        if (e.source.find("a100-40") != std::string::npos)
            QCOMPARE(e.scheduler.limits.maxTotalTokenNum, std::int64_t(14000));
    }
    // Calibration and validation never share a file.
    for (const auto& a : fit.experiments)
        for (const auto& b : val.experiments)
            QVERIFY(a.source != b.source);
    // A group restricts to its files; an unknown group is an error naming it.
    QCOMPARE(loadSloraManifest(kData + "/slora-paper/manifest.json", "fit", "llama-7b-a10g").experiments.size(),
        std::size_t(8));
    const QString err
        = inputErrorOf([] { loadSloraManifest(kData + "/slora-paper/manifest.json", "fit", "llama-99b-tpu"); });
    QVERIFY2(err.contains(QLatin1String("llama-99b-tpu")), qPrintable(err));
}

void TestCalibrateData::resultFileErrors()
{
    test::TempDir dir;
    auto load = [&](const std::string& text) {
        test::writeText(dir.file("r.jsonl"), text);
        return inputErrorOf([&] { loadSloraResults(dir.file("r.jsonl"), s1Settings()); });
    };
    // A row without its config cannot be regenerated: file, line and field.
    QString e = load(resultLine(kConfig, kResult) + "{\"result\": " + kResult + "}\n");
    QVERIFY2(e.contains(QLatin1String("r.jsonl:2")) && e.contains(QLatin1String("config"))
            && e.contains(QLatin1String("missing")),
        qPrintable(e));
    e = load(resultLine(
        R"({"num_adapters": 5, "alpha": 1, "req_rate": 2, "cv": 1, "duration": 60, "input_range": [8, 512]})",
        kResult));
    QVERIFY2(e.contains(QLatin1String(":1")) && e.contains(QLatin1String("config.output_range")), qPrintable(e));
    e = load(resultLine(kConfig,
        R"({"total_time": 1, "throughput": 1, "avg_first_token_latency": 1, "avg_per_output_token_latency": 1, "avg_attainment": 1})"));
    QVERIFY2(e.contains(QLatin1String("result.avg_latency")), qPrintable(e));
    e = load(resultLine(kConfig, kResult) + "\n{\"config\": oops}\n");
    QVERIFY2(e.contains(QLatin1String("r.jsonl:3")) && e.contains(QLatin1String("not valid JSON")), qPrintable(e));
    e = load("\n\n");
    QVERIFY2(e.contains(QLatin1String("no result rows")), qPrintable(e));
    e = load(resultLine(
        R"({"num_adapters": -3, "alpha": 1, "req_rate": 2, "cv": 1, "duration": 60, "input_range": [8, 512], "output_range": [8, 512]})",
        kResult));
    QVERIFY2(e.contains(QLatin1String("config.num_adapters")), qPrintable(e));
    // Shares are shares, counts are whole: an attainment of 2.0 is not a measurement.
    std::string bad = kResult;
    bad.replace(bad.find("\"avg_attainment\": 0.99"), 22, "\"avg_attainment\": 2.0");
    e = load(resultLine(kConfig, bad));
    QVERIFY2(e.contains(QLatin1String("r.jsonl:1"))
            && e.contains(QLatin1String("result.avg_attainment: must be a share of requests from 0 to 1 (got 2)")),
        qPrintable(e));
    bad = kResult;
    bad.replace(bad.find("\"num_abort\": 0"), 14, "\"num_abort\": 2.5");
    e = load(resultLine(kConfig, bad));
    QVERIFY2(e.contains(QLatin1String("result.num_abort: must be a whole number")), qPrintable(e));
    // Unknown setting or missing launch flag.
    SloraFileSettings s = s1Settings();
    s.setting = "S9";
    test::writeText(dir.file("ok.jsonl"), resultLine(kConfig, kResult));
    e = inputErrorOf([&] { loadSloraResults(dir.file("ok.jsonl"), s); });
    QVERIFY2(e.contains(QLatin1String("S9")), qPrintable(e));
    s = s1Settings();
    s.maxTotalTokenNum = 0;
    e = inputErrorOf([&] { loadSloraResults(dir.file("ok.jsonl"), s); });
    QVERIFY2(e.contains(QLatin1String("max_total_token_num")), qPrintable(e));
    e = inputErrorOf([&] { loadSloraResults(dir.file("missing.jsonl"), s1Settings()); });
    QVERIFY2(e.contains(QLatin1String("missing.jsonl")), qPrintable(e));
}

void TestCalibrateData::manifestErrors()
{
    test::TempDir dir;
    auto load = [&](const std::string& text) {
        test::writeText(dir.file("m.json"), text);
        return inputErrorOf([&] { readSloraManifest(dir.file("m.json")); });
    };
    QString e = load(R"({"schemaVersion": 1, "source": {}, "files": [{"file": "x.jsonl", "role": "maybe"}]})");
    QVERIFY2(e.contains(QLatin1String("files[0].role")), qPrintable(e));
    e = load(R"({"schemaVersion": 1, "source": {}, "files": [{"file": "x.jsonl", "role": "excluded"}]})");
    QVERIFY2(e.contains(QLatin1String("files[0].reason")), qPrintable(e));
    e = load(
        R"({"schemaVersion": 1, "source": {}, "files": [{"file": "x.jsonl", "role": "fit", "setting": "S1", "gpu": "h100", "max_total_token_num": 5}]})");
    QVERIFY2(e.contains(QLatin1String("h100")) && e.contains(QLatin1String("files[0].gpu")), qPrintable(e));
    e = load(
        R"({"schemaVersion": 1, "source": {}, "files": [{"file": "x.jsonl", "role": "fit", "setting": "S1", "gpu": "a10g"}]})");
    QVERIFY2(e.contains(QLatin1String("max_total_token_num")), qPrintable(e));
    e = load(
        R"({"schemaVersion": 1, "source": {}, "files": [{"file": "x.jsonl", "role": "fit", "setting": "S1", "gpu": "a10g", "max_total_token_num": 5, "typo": 1}]})");
    QVERIFY2(e.contains(QLatin1String("typo")), qPrintable(e));
    e = load(R"({"schemaVersion": 2, "source": {}, "files": []})");
    QVERIFY2(e.contains(QLatin1String("schemaVersion")), qPrintable(e));
}

void TestCalibrateData::manifestListsExclusions()
{
    // The `_unused` file is never fitted or validated, and says why.
    const auto d = loadSloraManifest(kData + "/slora-paper/manifest.json", "all");
    QCOMPARE(d.experiments.size(), std::size_t(83));
    QCOMPARE(d.excluded.size(), std::size_t(1));
    QVERIFY(d.excluded[0].source.find("synthetic_num_adapters_a100-40_S4_slora_unused.jsonl") != std::string::npos);
    QVERIFY(d.excluded[0].reason.find("no documented run line") != std::string::npos);
    for (const auto& e : d.experiments)
        QVERIFY(e.source.find("_unused") == std::string::npos);
    // Rows excluded one by one are reported with their line.
    test::TempDir dir;
    test::writeText(dir.file("r.jsonl"), resultLine(kConfig, kResult) + resultLine(kConfig, kResult));
    test::writeText(dir.file("m.json"),
        R"({"schemaVersion": 1, "source": {}, "files": [{"file": "r.jsonl", "role": "fit", "setting": "S1", "gpu": "a10g",
        "max_total_token_num": 6000, "excluded_rows": [{"line": 2, "reason": "measured twice"}]}]})");
    const auto m = loadSloraManifest(dir.file("m.json"), "fit");
    QCOMPARE(m.experiments.size(), std::size_t(1));
    QCOMPARE(m.excluded.size(), std::size_t(1));
    QCOMPARE(m.excluded[0].line, std::uint64_t(2));
    QCOMPARE(m.excluded[0].reason, std::string("measured twice"));
}

void TestCalibrateData::replayFolderErrors()
{
    test::TempDir dir;
    ReplayRunOptions o;
    QString e = inputErrorOf([&] { loadReplayRun(dir.file("nope"), o); });
    QVERIFY2(e.contains(QLatin1String("nope")) && e.contains(QLatin1String("no such directory")), qPrintable(e));
    std::filesystem::create_directories(dir.file("run"));
    e = inputErrorOf([&] { loadReplayRun(dir.file("run"), o); });
    QVERIFY2(e.contains(QLatin1String("requests.jsonl")), qPrintable(e));
    // Only failed and cancelled requests: nothing to calibrate on.
    test::writeText(dir.file("run/requests.jsonl"),
        R"({"index":0,"id":0,"adapter":"a","input_len":5,"output_len":4,"outcome":"failed","status":500,"error_kind":"http_status","error":"x","scheduled_s":0.05,"dispatched_s":0.05,"sent_s":0.05,"first_byte_s":null,"end_s":0.06,"tokens":0,"reported_output_tokens":null,"reported_input_tokens":null,"in_window":true,"token_times_ms":[]})"
        "\n"
        R"({"index":1,"id":1,"adapter":"a","input_len":5,"output_len":4,"outcome":"cancelled","status":0,"scheduled_s":0.1,"dispatched_s":null,"sent_s":null,"first_byte_s":null,"end_s":null,"tokens":0,"reported_output_tokens":null,"reported_input_tokens":null,"in_window":true,"token_times_ms":[]})"
        "\n");
    e = inputErrorOf([&] { loadReplayRun(dir.file("run"), o); });
    QVERIFY2(e.contains(QLatin1String("requests.jsonl")) && e.contains(QLatin1String("no completed request")),
        qPrintable(e));
    test::writeText(dir.file("run/requests.jsonl"), "{\"index\": 0}\n");
    e = inputErrorOf([&] { loadReplayRun(dir.file("run"), o); });
    QVERIFY2(e.contains(QLatin1String("requests.jsonl:1")), qPrintable(e));
}

void TestCalibrateData::replayFolderBecomesExperiment()
{
    test::TempDir dir;
    std::filesystem::create_directories(dir.file("run"));
    // Two completed requests (one with a rank in its adapter name) and one failed, 10× speed.
    test::writeText(dir.file("run/requests.jsonl"),
        R"({"index":0,"id":0,"adapter":"dummy-lora-7b-rank-8-0","input_len":5,"output_len":3,"outcome":"completed","status":200,"scheduled_s":0.05,"dispatched_s":0.05,"sent_s":0.06,"first_byte_s":0.07,"end_s":0.2,"tokens":3,"reported_output_tokens":3,"reported_input_tokens":7,"in_window":true,"token_times_ms":[40,90,140]})"
        "\n"
        R"({"index":1,"id":1,"adapter":"plain","input_len":6,"output_len":2,"outcome":"completed","status":200,"scheduled_s":0.1,"dispatched_s":0.1,"sent_s":0.1,"first_byte_s":0.11,"end_s":0.3,"tokens":2,"reported_output_tokens":2,"reported_input_tokens":null,"in_window":true,"token_times_ms":[100,200]})"
        "\n"
        R"({"index":2,"id":2,"adapter":"","input_len":6,"output_len":2,"outcome":"failed","status":500,"error_kind":"http_status","error":"x","scheduled_s":0.15,"dispatched_s":0.15,"sent_s":0.15,"first_byte_s":0.16,"end_s":0.16,"tokens":0,"reported_output_tokens":null,"reported_input_tokens":null,"in_window":true,"token_times_ms":[]})"
        "\n");
    ReplayRunOptions o;
    o.speed = 10;
    o.defaultRank = 4;
    o.scheduler.limits.maxTotalTokenNum = 777;
    const CalibrationData d = loadReplayRun(dir.file("run"), o);
    QCOMPARE(d.experiments.size(), std::size_t(1));
    const Experiment& e = d.experiments[0];
    QCOMPARE(e.trace.requests.size(), std::size_t(3));
    QVERIFY(std::abs(e.trace.requests[0].time - 0.6) < 1e-12); // sent × speed
    QCOMPARE(e.trace.requests[0].inputLen, 7u); // the server's own count when reported
    QCOMPARE(e.trace.requests[1].inputLen, 6u);
    QCOMPARE(e.trace.adapters.size(), std::size_t(2));
    QCOMPARE(e.trace.adapters[0].rank, 8);
    QCOMPARE(e.trace.adapters[1].rank, 4);
    QCOMPARE(e.trace.requests[2].adapter, kNoAdapter);
    QCOMPARE(e.scheduler.limits.maxTotalTokenNum, std::int64_t(777));
    const RunStats& m = e.measured;
    QCOMPARE(m.numAbort, std::int64_t(1));
    QVERIFY(std::abs(m.totalTime - 3.0) < 1e-9);
    QVERIFY(std::abs(m.avgLatency - ((2.0 - 0.6) + (3.0 - 1.0)) / 2) < 1e-9);
    QVERIFY(std::abs(m.avgFirstTokenLatency - (0.4 + 1.0) / 2) < 1e-9);
    QVERIFY(std::abs(m.meanTpot - ((1.4 - 0.4) / 2 + (2.0 - 1.0) / 1) / 2) < 1e-9);
}

namespace {

/// A replay record line: request i sent at 0.1·i, first token 40 ms later, `tokens` tokens 10 ms apart.
std::string recordLine(int i, const std::string& outcome = "completed", const std::string& tokenTimes = "[40,50,60]")
{
    const double sent = 0.1 * i;
    const bool done = outcome == "completed";
    return "{\"index\":" + std::to_string(i) + ",\"id\":" + std::to_string(i)
        + ",\"adapter\":\"a\",\"input_len\":5,\"output_len\":3,\"outcome\":\"" + outcome + "\",\"status\":"
        + (done ? "200" : "500") + (done ? "" : ",\"error_kind\":\"http_status\",\"error\":\"x\"") + ",\"scheduled_s\":"
        + std::to_string(sent) + ",\"dispatched_s\":" + std::to_string(sent) + ",\"sent_s\":" + std::to_string(sent)
        + ",\"first_byte_s\":null,\"end_s\":" + std::to_string(sent + 0.07) + ",\"tokens\":" + (done ? "3" : "0")
        + ",\"reported_output_tokens\":null,\"reported_input_tokens\":null,\"in_window\":true,\"token_times_ms\":"
        + (done ? tokenTimes : "[]") + "}\n";
}

} // namespace

// calibrate and validate read replay records with merge's reader: inconsistent records are
// refused naming the file, line and field, a request recorded twice is refused, and a run that
// mostly failed is left out (listed with its reason) rather than fitted.
void TestCalibrateData::replayRecordsAreCheckedAsMergeDoes()
{
    test::TempDir dir;
    std::filesystem::create_directories(dir.file("run"));
    ReplayRunOptions o;
    auto errorWith = [&](const std::string& text) {
        test::writeText(dir.file("run/requests.jsonl"), text);
        return inputErrorOf([&] { loadReplayRun(dir.file("run"), o); });
    };
    QString e = errorWith(recordLine(0) + recordLine(1, "completed", "[40,30,20]"));
    QVERIFY2(
        e.contains(QLatin1String("requests.jsonl:2")) && e.contains(QLatin1String("token_times_ms[1]")), qPrintable(e));
    e = errorWith(recordLine(0) + recordLine(1, "completed", "[-1e9,50,60]"));
    QVERIFY2(e.contains(QLatin1String("requests.jsonl:2")) && e.contains(QLatin1String("before the request was sent")),
        qPrintable(e));
    e = errorWith(recordLine(0) + recordLine(1, "exploded"));
    QVERIFY2(e.contains(QLatin1String("outcome: unknown value \"exploded\"")), qPrintable(e));
    e = errorWith(recordLine(0) + recordLine(1) + recordLine(0));
    QVERIFY2(e.contains(QLatin1String("request index 0 is recorded twice (lines 1 and 3)")), qPrintable(e));
    std::string huge = recordLine(0);
    huge.replace(huge.find("\"end_s\":"), 8, "\"end_s\":1e300,\"x\":");
    e = errorWith(huge);
    QVERIFY2(e.contains(QLatin1String("end_s")), qPrintable(e));

    // 8 of 10 sent requests failed: left out, with the reason; the caller says so.
    std::string mostlyFailed;
    for (int i = 0; i < 10; ++i)
        mostlyFailed += recordLine(i, i < 2 ? "completed" : "failed");
    test::writeText(dir.file("run/requests.jsonl"), mostlyFailed);
    const CalibrationData d = loadReplayRun(dir.file("run"), o);
    QVERIFY(d.experiments.empty());
    QCOMPARE(d.excluded.size(), std::size_t(1));
    QVERIFY2(d.excluded[0].reason.find("8 of the 10 requests sent failed (http_status 8)") != std::string::npos,
        d.excluded[0].reason.c_str());
    // Half and half is a run with failures, not a failed run.
    std::string half;
    for (int i = 0; i < 10; ++i)
        half += recordLine(i, i % 2 ? "failed" : "completed");
    test::writeText(dir.file("run/requests.jsonl"), half);
    QCOMPARE(loadReplayRun(dir.file("run"), o).experiments.size(), std::size_t(1));
}

// Runs the model predicts never to finish are counted and said, never silently left out of the
// MAPE; huge errors are printed with an exponent; such a model is unusable as a fit.
void TestCalibrateData::validationSaysWhatItLeavesOut()
{
    CalibrationData data;
    data.groupIndex("g", {}, {});
    for (int i = 0; i < 3; ++i) {
        Experiment e;
        e.source = "runs.jsonl";
        e.line = std::uint64_t(i + 1);
        e.measured.throughput = 1.0;
        e.measured.avgLatency = 11.5;
        e.measured.totalTime = 100;
        data.experiments.push_back(e);
    }
    std::vector<RunStats> pred(3);
    pred[0].throughput = 1.0;
    pred[0].avgLatency = 11.6;
    pred[1].throughput = 1.0;
    pred[1].avgLatency = INFINITY; // never finishes
    pred[2].throughput = 1.0;
    pred[2].avgLatency = 1e300;
    const ValidationReport rep = compare(data, pred);
    const MetricError& lat = rep.overall[static_cast<std::size_t>(Metric::AvgLatency)];
    QCOMPARE(lat.count, 2);
    QCOMPARE(lat.unfinished, 1);
    const std::string text = renderValidationText(rep, 3);
    QVERIFY2(text.find("lat: 1 of 3 runs are predicted never to finish") != std::string::npos, text.c_str());
    QVERIFY2(text.find("lat 11.5->? (never finishes)") != std::string::npos, text.c_str());
    QVERIFY2(text.find("lat 11.5->1e+300") != std::string::npos, text.c_str()); // the prediction, with an exponent
    QVERIFY2(
        text.find("8.70e+300%") != std::string::npos || text.find("+8.70e+300%") != std::string::npos, text.c_str());
    for (std::size_t i = 0, run = 0; i < text.size(); ++i) { // no 300-digit number
        run = std::isdigit(static_cast<unsigned char>(text[i])) ? run + 1 : 0;
        QVERIFY2(run < 20, text.c_str());
    }
    const std::string unusable = unusableFitReason(rep);
    QVERIFY2(
        unusable.find("avg_latency: 1 of 3 runs predicted never to finish") != std::string::npos, unusable.c_str());
    pred[1].avgLatency = 11.4;
    pred[2].avgLatency = 11.5 * 4.8; // +380 %
    QVERIFY2(unusableFitReason(compare(data, pred)).find("avg_latency: error") != std::string::npos,
        unusableFitReason(compare(data, pred)).c_str());
    pred[2].avgLatency = 11.7;
    QVERIFY(unusableFitReason(compare(data, pred)).empty());
}

QTEST_GUILESS_MAIN(TestCalibrateData)
#include "tst_calibrate_data.moc"
