// SPDX-License-Identifier: Apache-2.0
// The SSE parser must give the same events whatever the chunk boundaries; and each backend's
// real-looking stream must be read into the right token count.

#include "replay/backend.h"
#include "replay/sse.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace lorascope;

namespace {

std::vector<SseEvent> parseWhole(std::string_view s, std::size_t max = 1 << 20, bool* ok = nullptr)
{
    SseParser p(max);
    std::vector<SseEvent> out;
    const bool good = p.feed(s, out);
    if (good)
        p.finish(out);
    if (ok)
        *ok = good && !p.failed();
    return out;
}

std::vector<SseEvent> parseSplit(std::string_view s, std::size_t a, std::size_t b)
{
    SseParser p;
    std::vector<SseEvent> out;
    p.feed(s.substr(0, a), out);
    p.feed(s.substr(a, b - a), out);
    p.feed(s.substr(b), out);
    p.finish(out);
    return out;
}

bool same(const std::vector<SseEvent>& x, const std::vector<SseEvent>& y)
{
    if (x.size() != y.size())
        return false;
    for (std::size_t i = 0; i < x.size(); ++i)
        if (x[i].data != y[i].data || x[i].event != y[i].event)
            return false;
    return true;
}

const char* kSlora = "data:{\"token\": {\"id\": 1, \"text\": \" Hello\", \"logprob\": -0.1, \"special\": false}, "
                     "\"generated_text\": null, \"finished\": false, \"details\": null}\n\n"
                     "data:{\"token\": {\"id\": 2, \"text\": \" world\", \"logprob\": -0.2, \"special\": false}, "
                     "\"generated_text\": null, \"finished\": true, \"details\": null}\n\n";

} // namespace

class TestSseParser : public QObject {
    Q_OBJECT
private slots:
    void basicFields()
    {
        const auto ev
            = parseWhole(": keep-alive\n\nevent: update\ndata: first\ndata:second\nid: 7\nretry: 10\n\ndata\n\n");
        QCOMPARE(ev.size(), std::size_t(2));
        QCOMPARE(ev[0].event, std::string("update"));
        QCOMPARE(ev[0].data, std::string("first\nsecond")); // one leading space dropped, lines joined
        QCOMPARE(ev[1].data, std::string("")); // "data" alone = empty data line
        QCOMPARE(ev[1].event, std::string());
    }

    void lineEndings_data()
    {
        QTest::addColumn<QString>("eol");
        QTest::newRow("LF") << "\n";
        QTest::newRow("CRLF") << "\r\n";
        QTest::newRow("CR") << "\r";
    }

    void lineEndings()
    {
        QFETCH(QString, eol);
        const std::string e = eol.toStdString();
        const std::string s = ":c" + e + "data: a" + e + "data: b" + e + e + "data: {\"x\":1}" + e + e;
        const auto ev = parseWhole(s);
        QCOMPARE(ev.size(), std::size_t(2));
        QCOMPARE(ev[0].data, std::string("a\nb"));
        QCOMPARE(ev[1].data, std::string("{\"x\":1}"));
    }

    // Every pair of split points (three chunks) of streams with mixed endings gives the same events.
    void everySplitPoint_data()
    {
        QTest::addColumn<QByteArray>("stream");
        QTest::newRow("slora") << QByteArray(kSlora);
        QTest::newRow("crlf-multiline-comment")
            << QByteArray(": ping\r\n\r\ndata: {\"a\":\r\ndata: 1}\r\n\r\nevent: x\r\ndata: [DONE]\r\n\r\n");
        QTest::newRow("cr-only") << QByteArray("data: one\r\rdata: two\r\r");
        QTest::newRow("openai") << QByteArray("data: {\"choices\":[{\"text\":\"hi\"}]}\n\ndata: [DONE]\n\n");
    }

    void everySplitPoint()
    {
        QFETCH(QByteArray, stream);
        const std::string s = stream.toStdString();
        const auto whole = parseWhole(s);
        QVERIFY(!whole.empty());
        for (std::size_t a = 0; a <= s.size(); ++a)
            for (std::size_t b = a; b <= s.size(); ++b) {
                const auto split = parseSplit(s, a, b);
                if (!same(split, whole))
                    QFAIL(qPrintable(QStringLiteral("split at %1,%2 differs").arg(a).arg(b)));
            }
        // And byte by byte.
        SseParser p;
        std::vector<SseEvent> out;
        for (char c : s)
            p.feed(std::string_view(&c, 1), out);
        p.finish(out);
        QVERIFY(same(out, whole));
    }

    void crlfSplitBetweenCrAndLfIsOneLineEnd()
    {
        SseParser p;
        std::vector<SseEvent> out;
        p.feed("data: a\r", out);
        p.feed("\n\r", out);
        p.feed("\n", out);
        QCOMPARE(out.size(), std::size_t(1));
        QCOMPARE(out[0].data, std::string("a"));
    }

    void oversizedEventFails()
    {
        bool ok = true;
        const std::string big = "data: " + std::string(5000, 'x') + "\n\n";
        const auto ev = parseWhole(big, 1000, &ok);
        QVERIFY(!ok);
        QVERIFY(ev.empty());
        // Many small data lines adding up past the bound fail too; the error names the bound.
        SseParser p(100);
        std::vector<SseEvent> out;
        bool good = true;
        for (int i = 0; i < 50 && good; ++i)
            good = p.feed("data: 0123456789\n", out);
        QVERIFY(!good);
        QVERIFY(p.error().find("100") != std::string::npos);
        // A partial line without end that grows too large fails before the end arrives.
        SseParser q(64);
        QVERIFY(!q.feed(std::string(65, 'y'), out));
    }

    void unterminatedTail()
    {
        // A complete data line without the blank line is dispatched at end of stream; a
        // truncated last line is dropped.
        auto ev = parseWhole("data: a\n");
        QCOMPARE(ev.size(), std::size_t(1));
        ev = parseWhole("data: a\n\ndata: {\"trunc");
        QCOMPARE(ev.size(), std::size_t(1));
    }

    void backendStreams_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QByteArray>("stream");
        QTest::addColumn<int>("tokens");
        QTest::addColumn<int>("reported");
        QTest::addColumn<bool>("done");
        QTest::newRow("slora") << "slora" << QByteArray(kSlora) << 2 << -1 << true;
        QTest::newRow("slora-unfinished")
            << "slora"
            << QByteArray("data:{\"token\": {\"id\": 1, \"text\": \"a\", \"logprob\": 0, \"special\": false}, "
                          "\"generated_text\": null, \"finished\": false, \"details\": null}\n\n")
            << 1 << -1 << false;
        QTest::newRow("tgi")
            << "tgi"
            << QByteArray(
                   "data:{\"index\":1,\"token\":{\"id\":3,\"text\":\"a\",\"logprob\":0,\"special\":false},\"generated_"
                   "text\":null,\"details\":null}\n\n"
                   "data:{\"index\":2,\"token\":{\"id\":4,\"text\":\"b\",\"logprob\":0,\"special\":false},\"generated_"
                   "text\":\"ab\",\"details\":{\"finish_reason\":\"length\",\"generated_tokens\":2,\"seed\":null}}\n\n")
            << 2 << 2 << true;
        QTest::newRow("openai-completions") << "openai-completions"
                                            << QByteArray("data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"text\":\" "
                                                          "a\",\"finish_reason\":null}],\"usage\":null}\n\n"
                                                          "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"text\":\" "
                                                          "b\",\"finish_reason\":\"length\"}],\"usage\":null}\n\n"
                                                          "data: "
                                                          "{\"id\":\"c\",\"choices\":[],\"usage\":{\"prompt_tokens\":5,"
                                                          "\"completion_tokens\":2,\"total_tokens\":7}}\n\n"
                                                          "data: [DONE]\n\n")
                                            << 2 << 2 << true;
        QTest::newRow("openai-chat")
            << "openai-chat"
            << QByteArray("data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}\n\n"
                          "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"x\"}}]}\n\n"
                          "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":1}}\n\n"
                          "data: [DONE]\n\n")
            << 1 << 1 << true;
        QTest::newRow("sglang")
            << "sglang"
            << QByteArray("data: {\"text\":\"a\",\"meta_info\":{\"prompt_tokens\":3,\"completion_tokens\":1}}\n\n"
                          "data: {\"text\":\"abc\",\"meta_info\":{\"prompt_tokens\":3,\"completion_tokens\":3}}\n\n"
                          "data: [DONE]\n\n")
            << 3 << 3 << true;
    }

    void backendStreams()
    {
        QFETCH(QString, backend);
        QFETCH(QByteArray, stream);
        QFETCH(int, tokens);
        QFETCH(int, reported);
        QFETCH(bool, done);
        const auto b = backendFromName(backend.toStdString());
        QVERIFY(b);
        StreamState st;
        std::uint64_t events = 0;
        for (const auto& ev : parseWhole(stream.toStdString()))
            events += interpretEvent(*b, ev, st);
        QVERIFY2(st.error.empty(), st.error.c_str());
        QCOMPARE(int(st.tokens), tokens);
        QCOMPARE(int(events), tokens);
        QCOMPARE(int(st.reportedOutputTokens), reported);
        QCOMPARE(st.done, done);
    }

    void errorsAndMalformed()
    {
        StreamState st;
        interpretEvent(Backend::OpenAiChat, SseEvent { {}, "{\"choices\": [" }, st);
        QVERIFY(st.error.rfind("malformed event", 0) == 0);
        StreamState e;
        interpretEvent(Backend::Tgi,
            SseEvent { {}, "{\"error\":\"Request failed during generation\",\"error_type\":\"generation\"}" }, e);
        QVERIFY(e.error.find("Request failed during generation") != std::string::npos);
        StreamState a;
        interpretEvent(Backend::SLora, SseEvent { {}, "{\"token\": {\"id\": 0}, \"finished\": -1}" }, a);
        QVERIFY(a.error.find("aborted") != std::string::npos);
        StreamState o;
        interpretEvent(Backend::OpenAiCompletions,
            SseEvent { {}, "{\"error\":{\"message\":\"model not found\",\"code\":404}}" }, o);
        QVERIFY(o.error.find("model not found") != std::string::npos);
    }

    void wireRequests()
    {
        GenerationRequest g { "llama", "lora-3", sloraPrompt(3), 7, {} };
        QCOMPARE(g.prompt, std::string("Hello Hello Hello "));
        auto w = buildWireRequest(Backend::SLora, g);
        QCOMPARE(w.path, std::string("/generate_stream"));
        auto j = nlohmann::json::parse(w.body);
        QCOMPARE(j["lora_dir"].get<std::string>(), std::string("lora-3"));
        QCOMPARE(j["model_dir"].get<std::string>(), std::string("llama"));
        QCOMPARE(j["parameters"]["max_new_tokens"].get<int>(), 7);
        QCOMPARE(j["parameters"]["ignore_eos"].get<bool>(), true);
        w = buildWireRequest(Backend::OpenAiChat, g);
        QCOMPARE(w.path, std::string("/v1/chat/completions"));
        j = nlohmann::json::parse(w.body);
        QCOMPARE(j["model"].get<std::string>(), std::string("lora-3"));
        QCOMPARE(j["stream_options"]["include_usage"].get<bool>(), true);
        QCOMPARE(j["messages"][0]["content"].get<std::string>(), g.prompt);
        w = buildWireRequest(Backend::OpenAiCompletions, GenerationRequest { "llama", "", "p", 2, {} });
        j = nlohmann::json::parse(w.body);
        QCOMPARE(j["model"].get<std::string>(), std::string("llama"));
        QCOMPARE(j["max_tokens"].get<int>(), 2);
        w = buildWireRequest(Backend::SgLang, g);
        j = nlohmann::json::parse(w.body);
        QCOMPARE(w.path, std::string("/generate"));
        QCOMPARE(j["lora_path"].get<std::string>(), std::string("lora-3"));
        QCOMPARE(j["sampling_params"]["max_new_tokens"].get<int>(), 7);
        w = buildWireRequest(Backend::Lorax, g);
        j = nlohmann::json::parse(w.body);
        QCOMPARE(j["parameters"]["adapter_id"].get<std::string>(), std::string("lora-3"));
        QVERIFY(!backendFromName("vllm"));
        for (auto b : allBackends())
            QCOMPARE(*backendFromName(backendName(b)), b);
    }
};

QTEST_GUILESS_MAIN(TestSseParser)
#include "tst_sseparser.moc"
