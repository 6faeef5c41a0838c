// SPDX-License-Identifier: Apache-2.0
// Cost model v2: the physical derivation term by term, the pass costs of a batch shape, the file
// format (version 2 round trip, version-1 files and session copies), the presets and their
// provenance, and the validity warnings a preview outside the validated region gets.

#include "admission/costmodel.h"
#include "calibrate/validity.h"
#include "util/error.h"

#include "testutil.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace lorascope;

class TestCostModel : public QObject {
    Q_OBJECT
private slots:
    void derivationTermByTerm();
    void passCosts();
    void presetsAreCalibratedAndNamedAsBefore();
    void fileRoundTrip();
    void versionOneFiles();
    void fileErrors();
    void validityWarnings();
};

void TestCostModel::derivationTermByTerm()
{
    const ModelSpec m { "m", 1e9, 10, 1000, 500 };
    const GpuSpec g { "g", 1e12, 1e14, 1e10, 0 };
    EngineParameters p;
    p.layerOverhead = 1e-4;
    p.loraOverheadRatio = 0.5;
    p.requestOverhead = 2e-5;
    p.kvEfficiency = 0.5;
    p.loraEfficiency = 0.25;
    p.prefillEfficiency = 0.4;
    p.prefillLoraEfficiency = 4;
    p.loadLayerOverhead = 3e-4;
    p.hostToDeviceEfficiency = 0.8;
    p.responseDelay = 0.002;
    const CostModel c = deriveCostModel(m, g, p);
    auto near = [](double a, double b) { return std::abs(a - b) <= 1e-12 * std::max(1.0, std::abs(b)); };
    QVERIFY(near(c.decodeBase, 10 * 1e-4 + 2e9 / 1e12)); // L·layer_overhead + weights / bandwidth
    QVERIFY(near(c.prefillBase, c.decodeBase));
    QVERIFY(near(c.loraBase, 10 * 1e-4 * 0.5));
    QVERIFY(near(c.decodePerRequest, 2e-5 + 2e9 / 1e14)); // + one token's GEMM work at peak
    QVERIFY(near(c.prefillPerRequest, 2e-5));
    QVERIFY(near(c.decodePerContextToken, 4.0 * 10 * 500 / (0.5 * 1e12))); // K and V, every layer, fp16
    QVERIFY(near(c.decodePerRequestMaxRank, 16.0 * 10 * 1000 / (0.25 * 1e12))); // A and B of q,k,v,o per rank
    QVERIFY(near(c.prefillPerToken, 2e9 / (0.4 * 1e14)));
    QVERIFY(near(c.prefillPerTokenSquared, 2.0 * 10 * 1000 / (0.4 * 1e14))); // causal QKᵀ and PV
    QVERIFY(near(c.prefillPerTokenMaxRank, 16.0 * 10 * 1000 / (4 * 1e12)));
    QVERIFY(near(c.loadBase, 10 * 3e-4));
    QVERIFY(near(c.loadPerRank, 2 * 16.0 * 10 * 1000 / (0.8 * 1e10))); // S-LoRA copies A+B twice
    QCOMPARE(c.responseDelay, 0.002);
    QCOMPARE(c.decodePerTokenRank, 0.0); // version-1 terms are not derived
    QCOMPARE(c.perAdapterRank, 0.0);
    QVERIFY(c.hasParameters);
    QCOMPARE(c.parameters, p);
    // An unknown GPU figure leaves its physics term out instead of dividing by zero.
    const CostModel z = deriveCostModel(m, GpuSpec {}, p);
    QVERIFY(near(z.decodeBase, 1e-3));
    QCOMPARE(z.decodePerContextToken, 0.0);
}

void TestCostModel::passCosts()
{
    CostModel c;
    c.prefillBase = 1;
    c.prefillPerRequest = 2;
    c.prefillPerToken = 3;
    c.prefillPerTokenSquared = 5;
    c.prefillPerTokenMaxRank = 7;
    c.prefillPerTokenRank = 11;
    c.decodeBase = 13;
    c.decodePerRequest = 17;
    c.decodePerContextToken = 19;
    c.decodePerRequestMaxRank = 23;
    c.decodePerTokenRank = 29;
    c.loraBase = 31;
    c.loadBase = 37;
    c.loadPerRank = 41;
    BatchShape b;
    b.requests = 2;
    b.tokens = 10;
    b.context = 100;
    b.tokenRank = 40;
    b.tokenSquared = 60;
    b.maxRank = 8;
    b.loraRequests = 0;
    QCOMPARE(c.prefillSeconds(b), 1 + 2 * 2 + 3 * 10 + 5 * 60 + 7 * 10 * 8 + 11 * 40.0);
    QCOMPARE(c.decodeSeconds(b), 13 + 17 * 2 + 19 * 100 + 23 * 2 * 8 + 29 * 40.0);
    b.loraRequests = 1; // the LoRA kernels run: their launch overhead is paid once per pass
    QCOMPARE(c.prefillSeconds(b), 1 + 2 * 2 + 3 * 10 + 5 * 60 + 7 * 10 * 8 + 11 * 40.0 + 31);
    QCOMPARE(c.decodeSeconds(b), 13 + 17 * 2 + 19 * 100 + 23 * 2 * 8 + 29 * 40.0 + 31);
    QCOMPARE(c.adapterLoadSeconds(16), 37 + 41 * 16.0);
}

void TestCostModel::presetsAreCalibratedAndNamedAsBefore()
{
    // Sessions and scripts name the old presets: they still resolve.
    for (const char* name : { "llama-7b-a10g", "llama-7b-a100-80g", "llama-13b-a100-80g", "llama-13b-a100-40g" }) {
        const CostModel* c = findCostModel(name);
        QVERIFY2(c, name);
        QCOMPARE(loadCostModel(name), *c);
        QVERIFY(c->hasParameters);
        QVERIFY(c->provenance.fit.measured()); // calibrated, with its in-sample error
        QVERIFY(!c->provenance.calibratedOn.empty());
        QVERIFY(c->validity.maxInputLen > 0);
        QVERIFY(
            c->decodeBase > c->model.weightBytes() / c->gpu.memoryBandwidth); // never faster than streaming the weights
        const std::string line = provenanceSummary(*c);
        QVERIFY2(line.find("calibrated on") == 0, line.c_str());
    }
    QCOMPARE(costModelPresets().front().name, std::string("llama-7b-a10g")); // the default
    // The A100-40GB preset has no out-of-sample rows; the others were validated.
    QVERIFY(!findCostModel("llama-13b-a100-40g")->provenance.validation.measured());
    QVERIFY(provenanceSummary(*findCostModel("llama-13b-a100-40g")).find("not validated out of sample")
        != std::string::npos);
    QVERIFY(findCostModel("llama-7b-a10g")->provenance.validation.rows == 30);
    QVERIFY(provenanceSummary(*findCostModel("llama-7b-a10g")).find("latency ±") != std::string::npos);
    QVERIFY(!findCostModel("gpt-9"));
}

void TestCostModel::fileRoundTrip()
{
    test::TempDir dir;
    CostModel c = *findCostModel("llama-13b-a100-80g");
    c.name = "mine";
    c.provenance.calibratedOn = { "a", "b" };
    c.validity.policies = { "slora", "slora-abort" };
    saveCostModel(c, dir.file("m.json"));
    const CostModel back = loadCostModel(dir.file("m.json"));
    QCOMPARE(back, c);
    const auto j = test::readJsonFile(dir.file("m.json"));
    QCOMPARE(j.at("schemaVersion").get<int>(), 2);
    QVERIFY(j.at("coefficients").contains("decode_per_request_max_rank"));
    QVERIFY(j.at("provenance").contains("validation_error"));
    // The keys keep the documented order (coefficients before the description blocks).
    const std::string text = test::readText(dir.file("m.json"));
    QVERIFY(text.find("\"coefficients\"") < text.find("\"gpu\""));
    QVERIFY(text.find("\"schemaVersion\"") < text.find("\"name\""));
}

void TestCostModel::versionOneFiles()
{
    test::TempDir dir;
    test::writeText(dir.file("v1.json"),
        R"({"name": "old", "decode_base": 0.03, "prefill_per_token": 2e-4, "decode_per_token_rank": 1e-8})");
    const CostModel c = loadCostModel(dir.file("v1.json"));
    QCOMPARE(c.name, std::string("old"));
    QCOMPARE(c.decodeBase, 0.03);
    QCOMPARE(c.prefillPerToken, 2e-4);
    QCOMPARE(c.decodePerTokenRank, 1e-8);
    QCOMPARE(c.prefillBase, 0.0); // missing = 0, as version 1 documented
    QVERIFY(!c.hasParameters);
    QVERIFY(provenanceSummary(c).find("not calibrated") == 0);
    // A version-1 copy of a preset (old session files) reads as the preset it named.
    const nlohmann::json session
        = { { "name", "llama-7b-a10g" }, { "decode_base", 0.0281 }, { "prefill_base", 0.0281 } };
    QCOMPARE(costModelFromJsonObject(session, "admission.cost_model", "s.json", true), *findCostModel("llama-7b-a10g"));
    // ... but keeps its own numbers when it is not a preset, or when asked to.
    QCOMPARE(costModelFromJsonObject(session, "admission.cost_model", "s.json", false).decodeBase, 0.0281);
    // Version-2 keys are not version-1 keys.
    const nlohmann::json bad = { { "name", "x" }, { "lora_base", 1 } };
    QVERIFY_THROWS_EXCEPTION(InputError, costModelFromJsonObject(bad, "", "f.json"));
}

void TestCostModel::fileErrors()
{
    test::TempDir dir;
    auto errorOf = [&](const std::string& text) -> std::string {
        test::writeText(dir.file("bad.json"), text);
        try {
            loadCostModel(dir.file("bad.json"));
        } catch (const InputError& e) {
            return e.what();
        }
        return {};
    };
    std::string e = errorOf(R"({"schemaVersion": 2, "name": "x"})");
    QVERIFY2(e.find("coefficients") != std::string::npos && e.find("bad.json") != std::string::npos, e.c_str());
    e = errorOf(R"({"schemaVersion": 2, "name": "x", "coefficients": {"decode_base": -1}})");
    QVERIFY2(e.find("coefficients.decode_base") != std::string::npos, e.c_str());
    e = errorOf(R"({"schemaVersion": 2, "name": "x", "coefficients": {"decode_bsae": 1}})");
    QVERIFY2(e.find("decode_bsae") != std::string::npos, e.c_str());
    e = errorOf(R"({"schemaVersion": 3, "coefficients": {}})");
    QVERIFY2(e.find("version 3") != std::string::npos, e.c_str());
    e = errorOf(R"({"schemaVersion": 2, "coefficients": {}, "parameters": {"kv_efficiency": 0}})");
    QVERIFY2(e.find("parameters.kv_efficiency") != std::string::npos, e.c_str());
    e = errorOf(
        R"({"schemaVersion": 2, "coefficients": {}, "provenance": {"validation_error": {"rows": 3, "avg_latency_mape_pct": "low"}}})");
    QVERIFY2(e.find("provenance.validation_error.avg_latency_mape_pct") != std::string::npos, e.c_str());
    e = errorOf("{\n\"schemaVersion\": 2,\n oops }");
    QVERIFY2(e.find("bad.json:3") != std::string::npos, e.c_str());
    e = errorOf("[1, 2]");
    QVERIFY2(e.find("one JSON object") != std::string::npos, e.c_str());
    QVERIFY_THROWS_EXCEPTION(InputError, loadCostModel(dir.file("missing.json")));

    // A version-2 model without its schemaVersion: the missing field is named, not "coefficients:
    // unknown field" of a version-1 reading.
    e = errorOf(R"({"name": "x", "coefficients": {"decode_base": 0.01}})");
    QVERIFY2(e.find("schemaVersion: missing") != std::string::npos && e.find("is version 2") != std::string::npos,
        e.c_str());

    // One owner for the timing: coefficients that contradict the parameters (with the file's model
    // and GPU) are refused naming both fields; the preset as written loads back unchanged.
    const CostModel preset = *findCostModel("llama-7b-a10g");
    QVERIFY(preset.hasParameters);
    nlohmann::json j = nlohmann::json::parse(costModelToJson(preset));
    test::writeText(dir.file("same.json"), j.dump(2));
    QVERIFY(loadCostModel(dir.file("same.json")).sameTiming(preset));
    j["coefficients"]["decode_base"] = 0.5;
    e = errorOf(j.dump());
    QVERIFY2(e.find("coefficients.decode_base is 0.5, but parameters give") != std::string::npos, e.c_str());
    j = nlohmann::json::parse(costModelToJson(preset));
    j["parameters"]["kv_efficiency"] = 0.123;
    e = errorOf(j.dump());
    QVERIFY2(e.find("coefficients.decode_per_context_token is") != std::string::npos
            && e.find("but parameters give") != std::string::npos,
        e.c_str());
    j = nlohmann::json::parse(costModelToJson(preset));
    j.erase("model");
    e = errorOf(j.dump());
    QVERIFY2(e.find("parameters: engine parameters need the \"model\" and \"gpu\"") != std::string::npos, e.c_str());
    j.erase("parameters"); // the coefficients alone: fine
    test::writeText(dir.file("alone.json"), j.dump());
    QVERIFY(loadCostModel(dir.file("alone.json")).sameTiming(preset));
}

void TestCostModel::validityWarnings()
{
    Trace t;
    t.baseModel = "huggyllama/llama-7b";
    t.adapters = { { "a-rank-8", 8 } };
    for (int i = 0; i < 10; ++i)
        t.requests.push_back({ double(i), 0, 100, 100 });
    SimulationConfig cfg;
    cfg.clock = ClockKind::Model;
    cfg.cost = *findCostModel("llama-7b-a10g");
    cfg.scheduler.limits.maxTotalTokenNum = 14500;
    auto codes = [&](const SimulationSummary* s = nullptr) {
        std::vector<std::string> out;
        for (const auto& w : lorascope::validityWarnings(t, cfg, s))
            out.push_back(w.code);
        return out;
    };
    auto has
        = [](const std::vector<std::string>& v, const char* c) { return std::find(v.begin(), v.end(), c) != v.end(); };
    QVERIFY(codes().empty()); // inside what it was validated on
    cfg.scheduler.policy = PolicyKind::Vllm;
    QVERIFY(has(codes(), "policy"));
    {
        const auto w = lorascope::validityWarnings(t, cfg).front();
        QCOMPARE(w.args, (std::vector<std::string> { policyName(PolicyKind::Vllm), "slora", "slora-abort" }));
    }
    cfg.scheduler.policy = PolicyKind::SLora;
    t.requests[3].inputLen = 2000;
    t.adapters[0].rank = 128;
    auto c = codes();
    QVERIFY(has(c, "input_len"));
    QVERIFY(has(c, "rank"));
    // Each warning carries the values its sentence names (the desktop says them in Chinese).
    for (const auto& w : lorascope::validityWarnings(t, cfg)) {
        if (w.code == "input_len") {
            QCOMPARE(w.args, (std::vector<std::string> { "2000", std::to_string(cfg.cost.validity.maxInputLen) }));
            QVERIFY(w.text.find("Prompts up to 2000 tokens") != std::string::npos);
        }
        if (w.code == "rank")
            QCOMPARE(w.args, (std::vector<std::string> { "128", std::to_string(cfg.cost.validity.maxRank) }));
    }
    t.requests[3].inputLen = 100;
    t.adapters[0].rank = 8;
    cfg.scheduler.limits.maxTotalTokenNum = 200000;
    QVERIFY(has(codes(), "kv_capacity"));
    QCOMPARE(
        lorascope::validityWarnings(t, cfg).front().args, (std::vector<std::string> { "200000", "14500", "14500" }));
    cfg.scheduler.limits.maxTotalTokenNum = 14500;
    // Far beyond saturation: 1 req/s offered, 0.2 req/s served.
    SimulationSummary s;
    s.requestThroughput = 0.2;
    QVERIFY(has(codes(&s), "overload"));
    s.requestThroughput = 1.0;
    QVERIFY(!has(codes(&s), "overload"));
    t.baseModel = "huggyllama/llama-13b";
    QVERIFY(has(codes(), "model"));
    t.baseModel = "huggyllama/llama-7b";
    // A model without calibration says so; the step clock makes no claim.
    cfg.cost = CostModel {};
    QVERIFY(has(codes(), "uncalibrated"));
    cfg.clock = ClockKind::Steps;
    QVERIFY(codes().empty());
}

QTEST_GUILESS_MAIN(TestCostModel)
#include "tst_costmodel.moc"
