// SPDX-License-Identifier: Apache-2.0
// The simulated server's plain-C++ parts, without a network: request bodies of every backend
// (defaults, adapters, ranks, refusals), option checks, fault draws, and the /metrics exposition
// (vLLM names, the LoRA info cap with thousands of adapters, Prometheus's own promtool as judge).

#include "server/apirequest.h"
#include "util/jsonread.h"
#include "server/faults.h"
#include "server/servermetrics.h"
#include "server/simserver.h"
#include "server/tokenwords.h"
#include "server/wireformat.h"
#include "util/error.h"

#include "promtoolcheck.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <cmath>
#include <limits>

using namespace lorascope;

namespace {

ApiRequest parseOk(Endpoint e, const std::string& body, const ApiContext& ctx = {})
{
    const auto p = parseApiRequest(e, body, ctx);
    if (!p.request)
        qFatal("refused: %s", p.error.message.c_str());
    return *p.request;
}

} // namespace

class TestServeSimCore : public QObject {
    Q_OBJECT
private slots:
    void endpoints()
    {
        QCOMPARE(endpointOf("/v1/completions?x=1"), Endpoint::Completions);
        QCOMPARE(endpointOf("/v1/chat/completions"), Endpoint::ChatCompletions);
        QCOMPARE(endpointOf("/generate"), Endpoint::SgLangGenerate);
        QCOMPARE(endpointOf("/generate_stream"), Endpoint::GenerateStream);
        QCOMPARE(endpointOf("/metrics"), Endpoint::Metrics);
        QCOMPARE(endpointOf("/v1/completionsX"), Endpoint::None);
        QVERIFY(endpointIsPost(Endpoint::Completions));
        QVERIFY(!endpointIsPost(Endpoint::Metrics));
    }

    // Each server's own default when the count is absent or null.
    void defaults()
    {
        QCOMPARE(
            parseOk(Endpoint::GenerateStream, R"({"model_dir":"m","lora_dir":null,"inputs":"a b c"})").maxNewTokens,
            16u);
        QCOMPARE(
            parseOk(Endpoint::GenerateStream, R"({"inputs":"a","parameters":{"max_new_tokens":null}})").maxNewTokens,
            20u);
        QCOMPARE(parseOk(Endpoint::SgLangGenerate, R"({"text":"a","stream":true})").maxNewTokens, 128u);
        QCOMPARE(parseOk(Endpoint::Completions, R"({"prompt":"a","stream":true})").maxNewTokens, 16u);
        const auto chat = parseOk(Endpoint::ChatCompletions,
            R"({"messages":[{"role":"user","content":"a b"}],"max_tokens":5,"max_completion_tokens":7,"stream":true})");
        QCOMPARE(chat.maxNewTokens, 7u); // max_completion_tokens wins, as OpenAI documents
        QCOMPARE(chat.promptTokens, 2u);
        const auto slora = parseOk(Endpoint::GenerateStream, R"({"model_dir":"m","lora_dir":null,"inputs":"a b c"})");
        QCOMPARE(slora.wire, Backend::SLora);
        QVERIFY(slora.adapter.empty()); // lora_dir null = the base model
        QCOMPARE(slora.promptTokens, 3u);
        QCOMPARE(parseOk(Endpoint::GenerateStream, R"({"inputs":"a"})").wire, Backend::Tgi);
    }

    // The largest accepted count, and one more.
    void maxTokensBoundary()
    {
        const std::string at
            = R"({"prompt":"a","stream":true,"max_tokens":)" + std::to_string(kMaxGenerationTokens) + "}";
        QCOMPARE(parseOk(Endpoint::Completions, at).maxNewTokens, kMaxGenerationTokens);
        const std::string over
            = R"({"prompt":"a","stream":true,"max_tokens":)" + std::to_string(kMaxGenerationTokens + 1) + "}";
        const auto p = parseApiRequest(Endpoint::Completions, over, {});
        QVERIFY(!p.request);
        QCOMPARE(p.error.field, std::string("max_tokens"));
        QVERIFY2(p.error.message.find("1048576") != std::string::npos, p.error.message.c_str());
    }

    void prompts()
    {
        QCOMPARE(countPromptTokens("Hello Hello  Hello\n\tHello "), 4u);
        QCOMPARE(countPromptTokens(""), 0u);
        QCOMPARE(parseOk(Endpoint::Completions, R"({"prompt":[1,2,3,4,5],"stream":true})").promptTokens, 5u);
        QCOMPARE(parseOk(Endpoint::Completions, R"({"prompt":["a b"],"stream":true})").promptTokens, 2u);
        QCOMPARE(parseOk(Endpoint::Completions, R"({"prompt":[[1,2]],"stream":true})").promptTokens, 2u);
        QCOMPARE(parseOk(Endpoint::SgLangGenerate, R"({"input_ids":[7,8,9],"stream":true})").promptTokens, 3u);
        const auto parts = parseOk(Endpoint::ChatCompletions,
            R"({"messages":[{"role":"system","content":null},{"role":"user","content":[{"type":"text","text":"a b"},{"type":"image_url","image_url":{}}]}],"stream":true})");
        QCOMPARE(parts.promptTokens, 2u);
        for (const char* bad : { R"({"prompt":["a","b"],"stream":true})", R"({"prompt":[],"stream":true})",
                 R"({"prompt":[1,-2],"stream":true})", R"({"prompt":[1.5],"stream":true})" })
            QVERIFY2(!parseApiRequest(Endpoint::Completions, bad, {}).request, bad);
    }

    // The prefix cache's view of a prompt (server/tokenwords.h): one key per counted token, equal words equal keys,
    // chat contents in order as the completion text; an answer's words are its own and key as the same words do
    // when a later turn sends them back.
    void promptKeys()
    {
        ApiContext keyed;
        keyed.keyPrompts = true;
        QVERIFY(parseOk(Endpoint::Completions, R"({"prompt":"a b","stream":true})").promptKey.empty()); // not asked for
        const auto text = parseOk(Endpoint::Completions, R"({"prompt":"sun  moon\nsun","stream":true})", keyed);
        QVERIFY(text.keyed);
        QCOMPARE(text.promptKey.size(), std::size_t(text.promptTokens));
        QCOMPARE(text.promptKey[0], text.promptKey[2]);
        QVERIFY(text.promptKey[0] != text.promptKey[1]);
        const auto chat = parseOk(Endpoint::ChatCompletions,
            R"({"messages":[{"role":"system","content":"sun moon"},{"role":"user","content":[{"type":"text","text":"sun"}]}],"stream":true})",
            keyed);
        QCOMPARE(chat.promptKey, text.promptKey);
        const auto ids = parseOk(Endpoint::SgLangGenerate, R"({"input_ids":[7,8,7],"stream":true})", keyed);
        QCOMPARE(ids.promptKey.size(), std::size_t(3));
        QCOMPARE(ids.promptKey[0], ids.promptKey[2]);
        // Answers: token k of request r, a word of the list, keyed as that word; two requests' answers differ.
        std::string words;
        for (std::uint32_t k = 0; k < 8; ++k) {
            QCOMPARE(answerToken(5, k), wordToken(answerWord(5, k)));
            words += std::string(" ") + answerWord(5, k);
        }
        std::vector<std::uint64_t> back;
        appendWordTokens(words, back);
        QCOMPARE(back.size(), std::size_t(8));
        for (std::uint32_t k = 0; k < 8; ++k)
            QCOMPARE(back[k], answerToken(5, k));
        std::uint32_t same = 0;
        for (std::uint32_t k = 0; k < 64; ++k)
            same += answerToken(5, k) == answerToken(6, k) ? 1 : 0;
        QVERIFY2(same < 4, "two requests' answers are different words (a chance match is 1 in 1024)");
        const TokenKeyPtr key = requestTokenKey(text.promptKey, 5, 8);
        QCOMPARE(key->tokens(), std::uint64_t(3 + 8));
        // The stream carries those words: the OpenAI text of token k is " " + answerWord(r, k).
        TokenEvents ev(Backend::OpenAiCompletions, 5, "m", 3, true);
        ev.setCachedTokens(2);
        std::string out;
        ev.appendToken(out, false);
        ev.appendToken(out, true);
        QVERIFY(out.find(std::string("\"text\":\" ") + answerWord(5, 0) + "\"") != std::string::npos);
        QVERIFY(out.find(std::string("\"text\":\" ") + answerWord(5, 1) + "\"") != std::string::npos);
        QVERIFY2(out.find("\"prompt_tokens_details\":{\"cached_tokens\":2}") != std::string::npos, out.c_str());
        TokenEvents sg(Backend::SgLang, 5, "m", 3, true);
        sg.setCachedTokens(2);
        out.clear();
        sg.appendToken(out, false);
        sg.appendToken(out, true);
        QVERIFY2(out.find(std::string("\"text\":\" ") + answerWord(5, 0) + " " + answerWord(5, 1) + "\"")
                != std::string::npos,
            out.c_str());
        QVERIFY2(out.find("\"completion_tokens\":2,\"cached_tokens\":2") != std::string::npos, out.c_str());
        TokenEvents plain(Backend::OpenAiCompletions, 5, "m", 3); // S-LoRA's set: no details
        out.clear();
        plain.appendToken(out, true);
        QVERIFY(out.find("prompt_tokens_details") == std::string::npos);
    }

    // Explicit table, then S-LoRA's naming, then the default; base model means no adapter.
    void adaptersAndRanks()
    {
        ApiContext ctx;
        ctx.baseModel = "llama";
        ctx.ranks.defaultRank = 8;
        ctx.ranks.explicitRanks = { { "tloen/alpaca-lora-7b", 16 }, { "x-rank-64-0", 32 } };
        QVERIFY(parseOk(Endpoint::Completions, R"({"model":"llama","prompt":"a","stream":true})", ctx).adapter.empty());
        const auto named
            = parseOk(Endpoint::Completions, R"({"model":"dummy-lora-13b-rank-64-3","prompt":"a","stream":true})", ctx);
        QCOMPARE(named.adapter, std::string("dummy-lora-13b-rank-64-3"));
        QCOMPARE(named.rank, 64);
        QCOMPARE(parseOk(Endpoint::Completions, R"({"model":"x-rank-64-0","prompt":"a","stream":true})", ctx).rank, 32);
        QCOMPARE(
            parseOk(Endpoint::SgLangGenerate, R"({"text":"a","lora_path":"tloen/alpaca-lora-7b","stream":true})", ctx)
                .rank,
            16);
        QCOMPARE(
            parseOk(Endpoint::GenerateStream, R"({"inputs":"a","parameters":{"adapter_id":"plain"}})", ctx).rank, 8);
        QCOMPARE(rankInName("a-rank-"), -1);
        QCOMPARE(rankInName("rank-x-rank-12"), 12);
        QCOMPARE(rankInName("rank-99999999999"), 0);
        QVERIFY(
            !parseApiRequest(Endpoint::Completions, R"({"model":"a-rank-0","prompt":"a","stream":true})", ctx).request);
        QVERIFY(!parseApiRequest(Endpoint::Completions, R"({"model":"a-rank-70000","prompt":"a","stream":true})", ctx)
                     .request);
        const std::string longName(kMaxAdapterNameBytes + 1, 'a');
        const auto p = parseApiRequest(
            Endpoint::Completions, "{\"model\":\"" + longName + "\",\"prompt\":\"a\",\"stream\":true}", ctx);
        QVERIFY(!p.request);
        QCOMPARE(p.error.field, std::string("model"));
        QVERIFY(p.error.message.size() < 200); // the message never repeats the name
    }

    void errorBodies()
    {
        const auto j = nlohmann::json::parse(errorBody(400, "max_tokens: \"bad\"\n", "max_tokens"));
        QCOMPARE(j["error"].get<std::string>(), std::string("max_tokens: \"bad\"\n"));
        QCOMPARE(j["param"].get<std::string>(), std::string("max_tokens"));
        QCOMPARE(j["code"].get<int>(), 400);
        QVERIFY(nlohmann::json::parse(errorBody(413, "too large"))["param"].is_null());
    }

    void nesting()
    {
        QVERIFY(jsonDepth("{\"a\":[[{\"b\":\"[[[[[[[[[[[[\"}]]]}", 4) <= 4);
        QVERIFY(jsonDepth("{\"a\":[[[[1]]]]}", 4) > 4);
        QVERIFY(jsonDepth("{\"a\":\"\\\"[[[[[[\"}", 1) <= 1);
    }

    // Options that cannot describe a working server are refused, naming the option.
    void badOptions_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("field");
        const char* names[] = { "--max-total-token-num", "--running-max-req-size", "--max-req-input-len",
            "--max-req-total-len", "--adapter-rank", "--adapter-rank", "--adapter-rank", "--speed", "--speed",
            "--token-ms", "--keep-alive-s", "--stall-seconds", "--error-rate", "--error-status", "--ranks",
            "--cost-model", "--slow-first-byte-ms", "--max-num-seqs", "--batch-max-tokens" };
        for (int i = 0; i < int(std::size(names)); ++i)
            QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(i).arg(QLatin1String(names[i]))))
                << i << QString::fromLatin1(names[i]);
    }

    void badOptions()
    {
        QFETCH(int, which);
        QFETCH(QString, field);
        SimServerOptions o;
        auto& l = o.scheduler.limits;
        switch (which) {
        case 0:
            l.maxTotalTokenNum = 0;
            break;
        case 1:
            l.runningMaxReqSize = 0;
            break;
        case 2:
            l.maxReqInputLen = -1;
            break;
        case 3:
            l.maxReqTotalLen = -5;
            break;
        case 4:
            o.adapterRank = 0;
            break;
        case 5:
            o.adapterRank = 1000000;
            break;
        case 6:
            o.adapterRank = 2000;
            break; // 8000 slots of weights > 6000 KV slots: never runs
        case 7:
            o.speed = 0;
            break;
        case 8:
            o.speed = std::numeric_limits<double>::quiet_NaN();
            break;
        case 9:
            o.tokenSeconds = -0.001;
            break;
        case 10:
            o.idleTimeoutSeconds = std::numeric_limits<double>::quiet_NaN();
            break;
        case 11:
            o.faults.stallSeconds = -1;
            break;
        case 12:
            o.faults.errorRate = 1.5;
            break;
        case 13:
            o.faults.errorStatus = 200;
            break;
        case 14:
            o.adapterRanks["a"] = -3;
            break;
        case 15:
            o.cost.decodeBase = std::numeric_limits<double>::infinity();
            break;
        case 16:
            o.faults.slowFirstByteSeconds = -2;
            break;
        case 17:
            o.scheduler.policy = PolicyKind::Vllm;
            o.scheduler.vllm.maxNumSeqs = -1;
            break;
        case 18:
            l.batchMaxTokens = -1;
            break;
        }
        try {
            SimServer server(o);
            QFAIL("accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.field()), field);
            QVERIFY2(std::string(e.what()).find(field.toStdString()) != std::string::npos, e.what());
        }
    }

    // Huge durations are accepted (they mean "never"), NaN and negatives are not.
    void hugeDurationsAccepted()
    {
        SimServerOptions o;
        o.tokenSeconds = 1e300;
        o.firstTokenSeconds = std::numeric_limits<double>::infinity();
        o.idleTimeoutSeconds = 1e10;
        o.faults.stallSeconds = 1e300;
        o.faults.slowFirstByteSeconds = 1e300;
        validateSimServerOptions(o);
        SimServerOptions e;
        e.speed = 1e-300;
        e.cost.decodeBase = 1e300;
        validateSimServerOptions(e);
    }

    // Fault draws: a pure function of (seed, request number), with the configured shares.
    void faultDraws()
    {
        FaultOptions f;
        f.errorRate = 0.2;
        f.disconnectRate = 0.1;
        f.seed = 42;
        int errors = 0, disconnects = 0;
        const int n = 20000;
        for (int i = 1; i <= n; ++i) {
            const Fault a = drawFault(f, std::uint64_t(i));
            QCOMPARE(drawFault(f, std::uint64_t(i)), a);
            errors += a == Fault::Error;
            disconnects += a == Fault::Disconnect;
        }
        // Binomial(20000, 0.2): sd 57; (0.1): sd 42. Six standard deviations.
        QVERIFY2(std::abs(errors - 4000) < 340, qPrintable(QString::number(errors)));
        QVERIFY2(std::abs(disconnects - 2000) < 260, qPrintable(QString::number(disconnects)));
        FaultOptions other = f;
        other.seed = 43;
        int differ = 0;
        for (int i = 1; i <= 1000; ++i)
            differ += drawFault(other, std::uint64_t(i)) != drawFault(f, std::uint64_t(i));
        QVERIFY(differ > 100);
        QCOMPARE(drawFault(FaultOptions {}, 1), Fault::None);
    }

    // vLLM's names, types and buckets; promtool finds nothing to complain about.
    void metricsExposition()
    {
        MetricsSetup setup;
        setup.modelName = "huggyllama/llama-7b";
        ServerMetrics m(setup);
        EngineGauges g;
        g.running = 3;
        g.waiting = 5;
        g.kvUsed = 1500;
        g.kvCapacity = 6000;
        g.residentAdapters = 2;
        m.setScheduler(g);
        m.firstToken(0.07, 60);
        m.firstToken(3.0, 40);
        m.addGenerationTokens(40);
        RequestEnd done;
        done.e2e = 1.2;
        m.requestFinished(done);
        RequestEnd aborted;
        aborted.reason = FinishReason::Abort;
        m.requestFinished(aborted);
        m.adapterRequests("a\"b\\c", 1, 0); // escaped in the label value
        m.adapterRequests("z", 0, 2);
        m.addAdapterLoads(4);
        m.requestRejected("bad_request");
        const std::string t = m.exposition();
        for (const char* needle :
            { "# TYPE vllm:num_requests_running gauge", "# TYPE vllm:num_requests_waiting gauge",
                "# TYPE vllm:gpu_cache_usage_perc gauge", "# TYPE vllm:kv_cache_usage_perc gauge",
                "# TYPE vllm:prompt_tokens_total counter", "# TYPE vllm:generation_tokens_total counter",
                "# TYPE vllm:request_success_total counter", "# TYPE vllm:time_to_first_token_seconds histogram",
                "# TYPE vllm:e2e_request_latency_seconds histogram", "# TYPE vllm:lora_requests_info gauge",
                "# TYPE lorascope_lora_adapter_loads_total counter",
                "# TYPE lorascope_lora_adapter_unloads_total counter",
                "vllm:num_requests_running{engine=\"0\",model_name=\"huggyllama/llama-7b\"} 3",
                "vllm:num_requests_waiting{engine=\"0\",model_name=\"huggyllama/llama-7b\"} 5",
                "vllm:kv_cache_usage_perc{engine=\"0\",model_name=\"huggyllama/llama-7b\"} 0.25",
                "vllm:prompt_tokens_total{engine=\"0\",model_name=\"huggyllama/llama-7b\"} 100",
                "finished_reason=\"length\"", "finished_reason=\"abort\"", "finished_reason=\"stop\"",
                // vLLM's TTFT buckets: 0.08 holds the first observation, 2.5 not yet the second.
                "vllm:time_to_first_token_seconds_bucket{engine=\"0\",model_name=\"huggyllama/llama-7b\",le=\"0.08\"} "
                "1",
                "vllm:time_to_first_token_seconds_bucket{engine=\"0\",model_name=\"huggyllama/llama-7b\",le=\"2.5\"} 1",
                "vllm:time_to_first_token_seconds_bucket{engine=\"0\",model_name=\"huggyllama/llama-7b\",le=\"2560\"} "
                "2",
                "vllm:e2e_request_latency_seconds_count{engine=\"0\",model_name=\"huggyllama/llama-7b\"} 1",
                "running_lora_adapters=\"a\\\"b\\\\c\"", "waiting_lora_adapters=\"z\"", "max_lora=\"0\"",
                "lorascope_lora_adapter_loads_total 4" })
            QVERIFY2(t.find(needle) != std::string::npos, needle);
        const QString problems = promtoolProblems(t);
        QVERIFY2(problems.isEmpty(), qPrintable(problems));
    }

    // Thousands of adapters: the info gauge lists at most 100 per label, says how many it left out,
    // and keeps one series (not one per combination ever seen, as prometheus_client would).
    void loraInfoCardinality()
    {
        MetricsSetup setup;
        setup.maxLora = 4;
        ServerMetrics m(setup);
        for (int i = 0; i < 5000; ++i)
            m.adapterRequests("adapter-" + std::to_string(i), 0, 1);
        for (int round = 0; round < 50; ++round) {
            m.adapterRequests("adapter-" + std::to_string(round), 1, -1);
            (void)m.exposition();
        }
        const std::string t = m.exposition();
        QVERIFY2(t.size() < 64 * 1024, qPrintable(QString::number(t.size())));
        std::size_t series = 0;
        for (std::size_t at = t.find("\nvllm:lora_requests_info{"); at != std::string::npos;
             at = t.find("\nvllm:lora_requests_info{", at + 1))
            ++series;
        QCOMPARE(series, std::size_t(1));
        QVERIFY(t.find("lorascope_lora_requests_info_omitted_adapters{list=\"waiting\"} 4850") != std::string::npos);
        QVERIFY(t.find("lorascope_lora_requests_info_omitted_adapters{list=\"running\"} 0") != std::string::npos);
        QVERIFY(t.find("max_lora=\"4\"") != std::string::npos);
        // Adapters that leave are forgotten: memory follows the live set.
        for (int i = 0; i < 5000; ++i)
            m.adapterRequests("adapter-" + std::to_string(i), i < 50 ? -1 : 0, i < 50 ? 0 : -1);
        const std::string empty = m.exposition();
        QVERIFY(empty.find("running_lora_adapters=\"\"") != std::string::npos);
        QVERIFY(empty.find("waiting_lora_adapters=\"\"") != std::string::npos);
        const QString problems = promtoolProblems(t);
        QVERIFY2(problems.isEmpty(), qPrintable(problems));
    }
};

QTEST_GUILESS_MAIN(TestServeSimCore)
#include "tst_servesimcore.moc"
