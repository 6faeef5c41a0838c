// SPDX-License-Identifier: Apache-2.0
// serve-sim speaks each server (docs/servesim.md), on 127.0.0.1 against the real server: vLLM's and
// SGLang's LoRA routes and /v1/models, the servers' own errors for an adapter that is not loaded (and
// the replay client reading them), /metrics with each policy's server's names read by the replay's
// scraper during a replay and judged by promtool, and the CLI's adapter flags.

#include "replay/prometheus.h"
#include "replay/replay.h"
#include "replay/servermap.h"
#include "server/simserver.h"

#include "../core/promtoolcheck.h"
#include "rawhttp.h"

#include <nlohmann/json.hpp>

#include <QProcess>
#include <QtTest>

#include <atomic>
#include <cmath>
#include <csignal>
#include <thread>

using namespace lorascope;
using namespace lorascope::test;
using nlohmann::json;

namespace {

// Fast passes: a request of a few tokens takes tens of milliseconds.
CostModel quick()
{
    CostModel c;
    c.name = "test";
    c.prefillBase = 0.01;
    c.decodeBase = 0.005;
    return c;
}

std::string completion(const std::string& model, int maxTokens = 3)
{
    return "{\"model\":\"" + model + "\",\"prompt\":\"Hello Hello Hello\",\"max_tokens\":" + std::to_string(maxTokens)
        + ",\"stream\":true}";
}

RawExchange post(std::uint16_t port, const std::string& path, const std::string& body)
{
    return rawExchange(port, postRequest(path, body), 0, {}, 10);
}

std::string get(std::uint16_t port, const std::string& path)
{
    return rawExchange(port, "GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 0, {}, 10).response;
}

std::vector<std::string> modelIds(std::uint16_t port)
{
    const std::string r = get(port, "/v1/models");
    std::vector<std::string> ids;
    const json list = json::parse(bodyOf(r)); // (named: a range-for over a temporary's member dangles)
    for (const auto& m : list["data"])
        ids.push_back(m["id"].get<std::string>());
    return ids;
}

} // namespace

class TestServeSimApi : public QObject {
    Q_OBJECT
private slots:
    // vLLM: adapters loaded at start, a request for another gets vLLM's 404, the load and unload routes change what
    // is served and listed.
    void vllmAdapters()
    {
        SimServerOptions o;
        o.scheduler.policy = PolicyKind::Vllm;
        o.cost = quick();
        o.baseModel = "llama";
        o.loraModules = { { "a", "/loras/a" } };
        SimServer server(o);
        server.start();
        const auto port = server.port();
        QCOMPARE(modelIds(port), (std::vector<std::string> { "llama", "a" }));
        auto x = post(port, "/v1/completions", completion("b"));
        QCOMPARE(statusOf(x.response), 404);
        QCOMPARE(json::parse(bodyOf(x.response)),
            json::parse(
                R"({"error":{"message":"The model `b` does not exist.","type":"NotFoundError","param":"model","code":404}})"));
        x = post(port, "/v1/load_lora_adapter", R"({"lora_name":"b","lora_path":"/loras/b"})");
        QCOMPARE(statusOf(x.response), 200);
        QCOMPARE(bodyOf(x.response), std::string("Success: LoRA adapter 'b' added successfully."));
        x = post(port, "/v1/completions", completion("b"));
        QCOMPARE(statusOf(x.response), 200);
        QVERIFY(x.response.find("data: [DONE]") != std::string::npos);
        QCOMPARE(modelIds(port), (std::vector<std::string> { "llama", "a", "b" }));
        x = post(port, "/v1/load_lora_adapter", R"({"lora_name":"b","lora_path":"/loras/b"})");
        QCOMPARE(statusOf(x.response), 400);
        QCOMPARE(post(port, "/v1/unload_lora_adapter", R"({"lora_name":"b"})").response.substr(0, 12),
            std::string("HTTP/1.1 200"));
        x = post(port, "/v1/unload_lora_adapter", R"({"lora_name":"b"})");
        QCOMPARE(statusOf(x.response), 404);
        QCOMPARE(json::parse(bodyOf(x.response))["error"]["type"], json("NotFoundError"));
        QCOMPARE(statusOf(post(port, "/v1/completions", completion("b")).response), 404);
        QCOMPARE(statusOf(post(port, "/v1/completions", completion("a")).response), 200);
        QCOMPARE(statusOf(post(port, "/v1/completions", completion("llama")).response), 200);
        // The wrong method gets 405, as for every route.
        QCOMPARE(statusOf(get(port, "/v1/load_lora_adapter")), 405);
        // The metrics say why: one refusal by reason.
        QVERIFY(server.metricsText().find("lorascope_requests_rejected_total{reason=\"unknown_adapter\"} 2")
            != std::string::npos);
    }

    // The adapter API stores nothing over serve-sim's bounds (AdapterRegistry): a 1 MB lora_path,
    // a name with a control character, are refused; what is listed stays as it was.
    void adapterApiIsBounded()
    {
        SimServerOptions o;
        o.scheduler.policy = PolicyKind::Vllm;
        o.cost = quick();
        o.baseModel = "llama";
        o.loraModules = { { "a", "/loras/a" } };
        SimServer server(o);
        server.start();
        const auto port = server.port();
        const std::string huge(1 << 20, 'p');
        for (int i = 0; i < 20; ++i) {
            const auto x = post(port, "/v1/load_lora_adapter",
                json { { "lora_name", "n" + std::to_string(i) }, { "lora_path", huge } }.dump());
            QCOMPARE(statusOf(x.response), 400);
            QVERIFY2(bodyOf(x.response).find("lora_path: at most 4096 bytes") != std::string::npos,
                x.response.substr(0, 300).c_str());
        }
        auto x
            = post(port, "/v1/load_lora_adapter", json { { "lora_name", "x\x1b[31m" }, { "lora_path", "/p" } }.dump());
        QCOMPARE(statusOf(x.response), 400);
        QVERIFY(bodyOf(x.response).find("control character") != std::string::npos);
        QCOMPARE(modelIds(port), (std::vector<std::string> { "llama", "a" }));
        x = post(
            port, "/load_lora_adapter", json { { "lora_name", std::string(300, 'n') }, { "lora_path", "/p" } }.dump());
        QCOMPARE(json::parse(bodyOf(x.response))["success"], json(false));
        QCOMPARE(modelIds(port), (std::vector<std::string> { "llama", "a" }));
    }

    // The replay client against vLLM's 404: a failed request with the server's message, the others complete.
    void replayClientReadsTheError()
    {
        SimServerOptions o;
        o.scheduler.policy = PolicyKind::Vllm;
        o.cost = quick();
        o.loraModules = { { "a", "a" } };
        SimServer server(o);
        server.start();
        Trace trace;
        trace.adapters = { { "a", 8 }, { "missing", 8 } };
        for (int i = 0; i < 6; ++i)
            trace.requests.push_back(Request { i * 0.02, std::uint32_t(i % 2), 8, 4 });
        ReplayOptions ro;
        ro.target = "http://127.0.0.1:" + std::to_string(server.port());
        ro.backend = Backend::OpenAiCompletions;
        ro.baseModel = "base";
        const ReplayResult r = runReplay(trace, ro);
        QCOMPARE(r.records.size(), std::size_t(6));
        for (const auto& rec : r.records) {
            if (rec.adapter == "a") {
                QVERIFY2(rec.outcome == Outcome::Completed, rec.error.c_str());
            } else {
                QCOMPARE(rec.outcome, Outcome::Failed);
                QVERIFY2(rec.error.find("does not exist") != std::string::npos, rec.error.c_str());
            }
        }
    }

    // SGLang's routes: its load answer, and its 200 stream with an error event for an adapter that is not loaded.
    void sglangRoutes()
    {
        SimServerOptions o;
        o.scheduler.policy = PolicyKind::Vllm;
        o.cost = quick();
        o.loraModules = { { "a", "/loras/a" } };
        SimServer server(o);
        server.start();
        const auto port = server.port();
        const std::string gen
            = R"({"text":"Hello Hello","sampling_params":{"max_new_tokens":2},"stream":true,"lora_path":"b"})";
        auto x = post(port, "/generate", gen);
        QCOMPARE(statusOf(x.response), 200);
        QVERIFY(x.response.find("Content-Type: text/event-stream") != std::string::npos);
        QVERIFY2(bodyOf(x.response)
                     .find("data: {\"error\":{\"message\":\"The following requested LoRA adapters are not "
                           "loaded: b\\nLoaded adapters: odict_keys(['a']).\"}}\n\ndata: [DONE]\n\n")
                != std::string::npos,
            x.response.c_str());
        x = post(port, "/load_lora_adapter", R"({"lora_name":"b","lora_path":"/loras/b"})");
        QCOMPARE(statusOf(x.response), 200);
        QCOMPARE(json::parse(bodyOf(x.response))["loaded_adapters"], json::parse(R"({"a":"/loras/a","b":"/loras/b"})"));
        x = post(port, "/generate", gen);
        QCOMPARE(statusOf(x.response), 200);
        QVERIFY(x.response.find("\"completion_tokens\":2") != std::string::npos);
        x = post(port, "/unload_lora_adapter", R"({"lora_name":"nope"})");
        QCOMPARE(statusOf(x.response), 400);
        QCOMPARE(json::parse(bodyOf(x.response))["success"], json(false));
    }

    // /metrics during a replay, per policy: the replay's scraper finds the quantities the Replay tab charts
    // (running, waiting, KV usage, resident adapters) under the policy's server's names; promtool accepts the page.
    void metricsPerPolicy_data()
    {
        QTest::addColumn<QString>("policy");
        QTest::addColumn<QString>("system");
        QTest::newRow("slora") << "slora"
                               << "vllm";
        QTest::newRow("slora-abort") << "slora-abort"
                                     << "vllm";
        QTest::newRow("vllm, preemption") << "vllm"
                                          << "vllm";
        QTest::newRow("sglang") << "sglang"
                                << "sglang";
    }

    void metricsPerPolicy()
    {
        QFETCH(QString, policy);
        QFETCH(QString, system);
        SimServerOptions o;
        o.scheduler.policy = *policyFromName(policy.toStdString());
        o.scheduler.limits.maxTotalTokenNum = 1200;
        o.scheduler.vllm.numGpuBlocks = 20; // 304 tokens: running requests are preempted
        o.scheduler.vllm.maxModelLen = 300;
        o.scheduler.vllm.maxLoras = 2;
        o.scheduler.sglang.maxTotalTokens = 1200;
        o.cost = costModelPresets().front();
        o.speed = 10;
        SimServer server(o);
        server.start();
        Trace trace;
        for (int a = 0; a < 4; ++a)
            trace.adapters.push_back({ "ad-" + std::to_string(a), 8 });
        for (int i = 0; i < 40; ++i)
            trace.requests.push_back(Request { i * 0.02, std::uint32_t(i % 4), std::uint32_t(60 + i), 40 });
        std::atomic<bool> done { false };
        double maxRunning = 0, maxWaiting = 0, maxKv = 0, resident = NAN;
        std::string lastSystem;
        std::thread scraper([&] {
            while (!done) {
                const ServerSample s = mapServerMetrics(parsePrometheusText(bodyOf(get(server.port(), "/metrics"))));
                lastSystem = s.system;
                maxRunning = std::max(maxRunning, s.running);
                maxWaiting = std::max(maxWaiting, s.waiting);
                maxKv = std::max(maxKv, s.kvUsage);
                if (!std::isnan(s.adaptersResident))
                    resident = s.adaptersResident;
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
        });
        ReplayOptions ro;
        ro.target = "http://127.0.0.1:" + std::to_string(server.port());
        ro.backend = Backend::OpenAiCompletions;
        ro.timeScale = 1.0 / o.speed;
        const ReplayResult r = runReplay(trace, ro);
        done = true;
        scraper.join();
        std::size_t completed = 0;
        for (const auto& rec : r.records)
            completed += rec.outcome == Outcome::Completed;
        QVERIFY2(completed > 0, "requests completed");
        QCOMPARE(QString::fromStdString(lastSystem), system);
        QVERIFY(maxRunning >= 1);
        QVERIFY(maxWaiting >= 1);
        QVERIFY(maxKv > 0 && maxKv <= 1);
        QVERIFY(!std::isnan(resident));
        const std::string page = bodyOf(get(server.port(), "/metrics"));
        const ServerSample last = mapServerMetrics(parsePrometheusText(page));
        QCOMPARE(last.requestsFinishedTotal, double(trace.requests.size()));
        if (policy == QLatin1String("vllm")) {
            QVERIFY2(last.preemptionsTotal > 0, "the small KV cache preempts");
            QCOMPARE(last.maxLora, 2.0);
            QVERIFY(page.find("vllm:cache_config_info{block_size=\"16\"") != std::string::npos);
        }
        const QString problems = promtoolProblems(page);
        QVERIFY2(problems.isEmpty(), qPrintable(problems));
    }

    // The CLI: --lora-modules (and SGLang's spelling --lora-paths) loads adapters at start; a bad --lora-info-lists
    // is a usage error.
    void cliFlags()
    {
        QProcess p;
        p.start(QStringLiteral(LORASCOPE_CLI_PATH),
            { QStringLiteral("serve-sim"), QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--policy"),
                QStringLiteral("vllm"), QStringLiteral("--lora-paths"), QStringLiteral("x=/loras/x,y"),
                QStringLiteral("--base-model"), QStringLiteral("llama") });
        QVERIFY(p.waitForStarted(10000));
        for (int i = 0; i < 100 && !p.canReadLine(); ++i)
            p.waitForReadyRead(100);
        const QString line = QString::fromUtf8(p.readLine()).trimmed();
        const auto port = std::uint16_t(line.section(QLatin1Char(':'), -1).toInt());
        QVERIFY2(port > 0, qPrintable(line));
        QCOMPARE(modelIds(port), (std::vector<std::string> { "llama", "x", "y" }));
        QCOMPARE(statusOf(post(port, "/v1/completions", completion("z")).response), 404);
        ::kill(pid_t(p.processId()), SIGTERM);
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 0);
        QProcess bad;
        bad.start(QStringLiteral(LORASCOPE_CLI_PATH),
            { QStringLiteral("serve-sim"), QStringLiteral("--lora-info-lists"), QStringLiteral("both") });
        QVERIFY(bad.waitForFinished(10000));
        QCOMPARE(bad.exitCode(), 2);
        QVERIFY(bad.readAllStandardError().contains("--lora-info-lists must be same or split"));
    }
};

QTEST_GUILESS_MAIN(TestServeSimApi)
#include "tst_servesimapi.moc"
