// SPDX-License-Identifier: Apache-2.0
// The shapes both sides speak (core/api) and serve-sim's model and LoRA routes without a network
// (server/adapters.h): vLLM's and SGLang's load/unload answers and errors word for word, the
// answer to a request for an adapter that is not loaded, the registry's LRU limit.

#include "api/errors.h"
#include "api/models.h"
#include "server/adapters.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace lorascope;
using nlohmann::json;

namespace {

AdapterRoutesContext context(ServerKind server, const RankTable& ranks, int maxLoraRank = 0)
{
    AdapterRoutesContext c;
    c.server = server;
    c.baseModel = "llama";
    c.maxModelLen = 4096;
    c.maxLoraRank = maxLoraRank;
    c.ranks = &ranks;
    return c;
}

ApiRequest requestFor(const std::string& adapter, Backend wire)
{
    ApiRequest r;
    r.wire = wire;
    r.model = adapter;
    r.adapter = adapter;
    return r;
}

} // namespace

class TestServeSimRoutes : public QObject {
    Q_OBJECT
private slots:
    void errorShapes()
    {
        const json v = json::parse(vllmErrorBody(404, "NotFoundError", "The model `x` does not exist.", "model"));
        QCOMPARE(v, json::parse(R"({"error":{"message":"The model `x` does not exist.","type":"NotFoundError",
            "param":"model","code":404}})"));
        QVERIFY(json::parse(vllmErrorBody(400, "BadRequestError", "m"))["error"]["param"].is_null());
        QCOMPARE(json::parse(sglangErrorBody("a\nb")), json::parse(R"({"error":{"message":"a\nb"}})"));
        // json.dumps spacing, as SGLang's OpenAI routes write it.
        QCOMPARE(sglangOpenAiErrorBody(400, "BadRequestError", "m"),
            std::string(
                R"({"error": {"object": "error", "message": "m", "type": "BadRequestError", "param": null, "code": 400}})"));
        QCOMPARE(json::parse(errorBody(404, "gone", "lora_dir"))["error_type"], json("not_found"));
        QCOMPARE(pythonOdictKeys({ "a", "b'c" }), std::string(R"(odict_keys(['a', 'b\'c']))"));
        QCOMPARE(pythonOdictKeys({}), std::string("odict_keys([])"));
    }

    void modelList()
    {
        const json j = json::parse(modelListBody(
            { { "llama", "/models/llama", {} }, { "a", "/loras/a", "llama" } }, "vllm", 4096, 1700000000));
        QCOMPARE(j["object"], json("list"));
        QCOMPARE(j["data"].size(), std::size_t(2));
        QCOMPARE(j["data"][0]["id"], json("llama"));
        QCOMPARE(j["data"][0]["max_model_len"], json(4096));
        QVERIFY(j["data"][0]["parent"].is_null());
        QCOMPARE(j["data"][1]["parent"], json("llama"));
        QCOMPARE(j["data"][1]["root"], json("/loras/a"));
        QVERIFY(j["data"][1]["max_model_len"].is_null());
        QCOMPARE(j["data"][1]["owned_by"], json("vllm"));
        QCOMPARE(j["data"][1]["permission"][0]["object"], json("model_permission"));
    }

    void parseUpdate()
    {
        const auto ok = parseLoraUpdate(R"({"lora_name":"a","lora_path":"/p","load_inplace":true,"extra":1})");
        QVERIFY(ok.error.empty());
        QCOMPARE(ok.name, std::string("a"));
        QVERIFY(ok.loadInplace);
        QCOMPARE(parseLoraUpdate(R"({"lora_name":7})").field, std::string("lora_name"));
        QVERIFY(!parseLoraUpdate("[1]").error.empty());
        QVERIFY(!parseLoraUpdate("").error.empty());
        QVERIFY(!parseLoraUpdate(std::string(100, '[')).error.empty());
    }

    // vLLM's /v1/load_lora_adapter and /v1/unload_lora_adapter, as OpenAIServingModels answers.
    void vllmRoutes()
    {
        RankTable ranks;
        AdapterRegistry reg(false);
        reg.load("a", "/loras/a", false);
        const auto c = context(ServerKind::Vllm, ranks, 16);
        auto a = loraUpdateAnswer(Endpoint::VllmLoadLora, R"({"lora_name":"b"})", reg, c);
        QCOMPARE(a.status, 400);
        QCOMPARE(json::parse(a.body)["error"]["type"], json("InvalidUserInput"));
        QCOMPARE(json::parse(a.body)["error"]["message"], json("Both 'lora_name' and 'lora_path' must be provided."));
        a = loraUpdateAnswer(Endpoint::VllmLoadLora, R"({"lora_name":"b","lora_path":"/loras/b"})", reg, c);
        QCOMPARE(a.status, 200);
        QCOMPARE(a.body, std::string("Success: LoRA adapter 'b' added successfully."));
        a = loraUpdateAnswer(Endpoint::VllmLoadLora, R"({"lora_name":"b","lora_path":"/loras/b"})", reg, c);
        QCOMPARE(a.status, 400);
        QVERIFY(json::parse(a.body)["error"]["message"].get<std::string>().find("has already been loaded")
            != std::string::npos);
        a = loraUpdateAnswer(
            Endpoint::VllmLoadLora, R"({"lora_name":"b","lora_path":"/v2","load_inplace":true})", reg, c);
        QCOMPARE(a.status, 200);
        a = loraUpdateAnswer(Endpoint::VllmLoadLora, R"({"lora_name":"big-rank-64-0","lora_path":"/x"})", reg, c);
        QCOMPARE(a.status, 500);
        QCOMPARE(json::parse(a.body)["error"]["message"], json("LoRA rank 64 is greater than max_lora_rank 16."));
        a = loraUpdateAnswer(Endpoint::VllmUnloadLora, R"({"lora_name":"zz"})", reg, c);
        QCOMPARE(a.status, 404);
        QCOMPARE(json::parse(a.body), json::parse(R"({"error":{"message":"The lora adapter 'zz' cannot be found.",
            "type":"NotFoundError","param":null,"code":404}})"));
        a = loraUpdateAnswer(Endpoint::VllmUnloadLora, R"({})", reg, c);
        QCOMPARE(a.status, 400);
        a = loraUpdateAnswer(Endpoint::VllmUnloadLora, R"({"lora_name":"b"})", reg, c);
        QCOMPARE(a.body, std::string("Success: LoRA adapter 'b' removed successfully."));
        QVERIFY(!reg.use("b"));
        QVERIFY(reg.use("a"));
        const json models = json::parse(modelsAnswer(reg, c).body);
        QCOMPARE(models["data"].size(), std::size_t(2));
        QCOMPARE(models["data"][1]["root"], json("/loras/a"));
    }

    // SGLang's /load_lora_adapter and /unload_lora_adapter (LoRAUpdateOutput).
    void sglangRoutes()
    {
        RankTable ranks;
        AdapterRegistry reg(false);
        reg.load("a", "/loras/a", false);
        const auto c = context(ServerKind::Sglang, ranks);
        auto a = loraUpdateAnswer(Endpoint::SglangLoadLora, R"({"lora_name":"b","lora_path":"/loras/b"})", reg, c);
        QCOMPARE(a.status, 200);
        QCOMPARE(json::parse(a.body), json::parse(R"({"success":true,"error_message":null,
            "loaded_adapters":{"a":"/loras/a","b":"/loras/b"}})"));
        a = loraUpdateAnswer(Endpoint::SglangLoadLora, R"({"lora_name":"b","lora_path":"/loras/b"})", reg, c);
        QCOMPARE(a.status, 400);
        QCOMPARE(
            json::parse(a.body)["error_message"], json("Failed to load LoRA adapter b because it is already loaded"));
        a = loraUpdateAnswer(Endpoint::SglangUnloadLora, R"({"lora_name":"zz"})", reg, c);
        QCOMPARE(a.status, 400);
        QCOMPARE(json::parse(a.body)["error_message"],
            json("LoRA with name zz does not exist. Loaded LoRAs: odict_keys(['a', 'b'])"));
        QCOMPARE(json::parse(modelsAnswer(reg, c).body)["data"][0]["owned_by"], json("sglang"));
    }

    // A request for an adapter the server has not loaded gets that server's own error.
    void unknownAdapter()
    {
        RankTable ranks;
        AdapterRegistry reg(false);
        reg.load("a", "/loras/a", false);
        const auto vllm = context(ServerKind::Vllm, ranks);
        auto x = unknownAdapterAnswer(requestFor("x", Backend::OpenAiCompletions), Endpoint::Completions, reg, vllm);
        QCOMPARE(x.status, 404);
        QCOMPARE(json::parse(x.body)["error"]["message"], json("The model `x` does not exist."));
        QCOMPARE(json::parse(x.body)["error"]["param"], json("model"));
        // SGLang: a 200 stream with its error event, then [DONE].
        const auto sglang = context(ServerKind::Sglang, ranks);
        x = unknownAdapterAnswer(requestFor("x", Backend::SgLang), Endpoint::SgLangGenerate, reg, sglang);
        QCOMPARE(x.status, 200);
        QCOMPARE(x.contentType, std::string("text/event-stream"));
        QCOMPARE(x.body,
            std::string(
                "data: {\"error\":{\"message\":\"The following requested LoRA adapters are not loaded: x\\nLoaded "
                "adapters: odict_keys(['a']).\"}}\n\ndata: [DONE]\n\n"));
        x = unknownAdapterAnswer(requestFor("x", Backend::OpenAiChat), Endpoint::ChatCompletions, reg, sglang);
        QCOMPARE(x.status, 200);
        QVERIFY(x.body.rfind("data: {\"error\": {\"object\": \"error\"", 0) == 0);
        x = unknownAdapterAnswer(requestFor("x", Backend::SLora), Endpoint::GenerateStream, reg, vllm);
        QCOMPARE(x.status, 404);
        QCOMPARE(json::parse(x.body)["param"], json("lora_dir"));
    }

    void registry()
    {
        AdapterRegistry open(true);
        QVERIFY(open.use("anything"));
        QCOMPARE(open.loaded().size(), std::size_t(1));
        // SGLang's --max-loaded-loras: the least recently used unpinned adapter goes.
        AdapterRegistry lru(false, 2);
        lru.load("p", "p", true);
        lru.load("a", "a", false);
        std::vector<std::string> evicted;
        QVERIFY(lru.use("p"));
        lru.load("b", "b", false, &evicted);
        QCOMPARE(evicted, std::vector<std::string> { "a" });
        QCOMPARE(lru.byRecency(), (std::vector<std::string> { "p", "b" }));
    }

    // serve-sim's own bounds: a full registry refuses loads through the routes, an open one forgets
    // the least recently used name; over-long or control-character names and paths are never stored.
    void registryBounds()
    {
        RankTable ranks;
        const auto c = context(ServerKind::Vllm, ranks, 16);
        AdapterRegistry reg(false);
        for (std::size_t i = 0; i < AdapterRegistry::kMaxAdapters; ++i)
            QCOMPARE(reg.load("a" + std::to_string(i), "/p", false), AdapterRegistry::Load::Loaded);
        QCOMPARE(reg.load("one-more", "/p", false), AdapterRegistry::Load::Full);
        auto a = loraUpdateAnswer(Endpoint::VllmLoadLora, R"({"lora_name":"x","lora_path":"/x"})", reg, c);
        QCOMPARE(a.status, 400);
        QVERIFY2(json::parse(a.body)["error"]["message"].get<std::string>().find("at most 16384 adapters")
                != std::string::npos,
            a.body.c_str());
        QCOMPARE(reg.size(), AdapterRegistry::kMaxAdapters);
        a = loraUpdateAnswer(Endpoint::SglangLoadLora, R"({"lora_name":"x","lora_path":"/x"})", reg, c);
        QCOMPARE(json::parse(a.body)["success"], json(false));
        QCOMPARE(reg.size(), AdapterRegistry::kMaxAdapters);

        AdapterRegistry open(true);
        for (std::size_t i = 0; i <= AdapterRegistry::kMaxAdapters; ++i)
            QVERIFY(open.use("n" + std::to_string(i)));
        QCOMPARE(open.size(), AdapterRegistry::kMaxAdapters);
        QVERIFY(open.has("n" + std::to_string(AdapterRegistry::kMaxAdapters)));
        QVERIFY(!open.has("n0")); // the least recently used went
        QVERIFY(!open.use(std::string(AdapterRegistry::kMaxNameBytes + 1, 'x')));
        QVERIFY(!open.use("bad\x1b[2Jname"));
        QCOMPARE(open.size(), AdapterRegistry::kMaxAdapters);

        AdapterRegistry small(false);
        const std::string longName = std::string(AdapterRegistry::kMaxNameBytes + 1, 'n');
        const std::string longPath = std::string(AdapterRegistry::kMaxPathBytes + 1, 'p');
        a = loraUpdateAnswer(
            Endpoint::VllmLoadLora, json { { "lora_name", longName }, { "lora_path", "/x" } }.dump(), small, c);
        QCOMPARE(a.status, 400);
        QVERIFY2(a.body.find("lora_name: at most 256 bytes (got 257)") != std::string::npos, a.body.c_str());
        a = loraUpdateAnswer(
            Endpoint::SglangLoadLora, json { { "lora_name", "ok" }, { "lora_path", longPath } }.dump(), small, c);
        QVERIFY2(a.body.find("lora_path: at most 4096 bytes") != std::string::npos, a.body.c_str());
        a = loraUpdateAnswer(
            Endpoint::VllmLoadLora, json { { "lora_name", "two\nlines" }, { "lora_path", "/x" } }.dump(), small, c);
        QVERIFY2(a.body.find("lora_name: must not contain a control character") != std::string::npos, a.body.c_str());
        QCOMPARE(small.size(), std::size_t(0));
    }

    // SGLang's own limits: --max-loaded-loras refuses a load past it, pinned adapters leave a slot.
    void sglangLoadLimits()
    {
        RankTable ranks;
        auto c = context(ServerKind::Sglang, ranks, 0);
        c.maxLoadedLoras = 2;
        c.maxLorasPerBatch = 2; // one slot may be pinned, the other stays for unpinned adapters and the base model
        AdapterRegistry reg(false);
        auto load = [&](const std::string& name, bool pinned) {
            return json::parse(loraUpdateAnswer(Endpoint::SglangLoadLora,
                json { { "lora_name", name }, { "lora_path", "/" + name }, { "pinned", pinned } }.dump(), reg, c)
                                   .body);
        };
        QCOMPARE(load("a", true)["success"], json(true));
        auto b = load("b", true); // a second pinned adapter would take every slot
        QCOMPARE(b["success"], json(false));
        QVERIFY(b["error_message"].get<std::string>().find("It is not allowed to pin all slots") != std::string::npos);
        QCOMPARE(load("b", false)["success"], json(true));
        auto d = load("d", false);
        QCOMPARE(d["success"], json(false));
        QCOMPARE(d["error_message"],
            json("Cannot load LoRA adapter d at path /d. Maximum number of loaded LoRA adapters "
                 "is 2. Please unload some LoRA adapters before loading new ones."));
    }
};

QTEST_GUILESS_MAIN(TestServeSimRoutes)
#include "tst_servesimroutes.moc"
