// SPDX-License-Identifier: Apache-2.0
// The simulated server against raw, malformed and hostile input on
// 127.0.0.1: every out-of-range or mistyped field of every backend's API gets 400 with a JSON body
// naming the field; malformed HTTP gets the status HTTP prescribes and the connection closes;
// bodies are bounded and their memory is returned afterwards.

#include "server/simserver.h"

#include "rawhttp.h"

#include <nlohmann/json.hpp>

#include <QProcess>
#include <QtTest>

#include <fstream>
#include <thread>

#include <signal.h>

using namespace lorascope;
using namespace lorascope::test;

namespace {

SimServerOptions fixedPace()
{
    SimServerOptions o;
    o.tokenSeconds = 0.001;
    o.idleTimeoutSeconds = 2;
    return o;
}

const std::string kGoodCompletion
    = R"({"model":"a0","prompt":"Hello Hello","max_tokens":3,"stream":true,"stream_options":{"include_usage":true}})";

std::string repeat(char c, std::size_t n)
{
    return std::string(n, c);
}

// VmRSS of a process in MiB (from /proc), -1 if unknown.
double rssMiB(qint64 pid)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmRSS:", 0) == 0)
            return std::atof(line.c_str() + 6) / 1024.0;
    return -1;
}

} // namespace

class TestServeSimHttp : public QObject {
    Q_OBJECT
private slots:
    // 400 with a JSON error body whose "param" names the field, for each backend's fields.
    void badFieldsAre400_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("param");
        const char* c = "/v1/completions";
        auto completion = [](const std::string& extra) {
            return QString::fromStdString(R"({"model":"a0","prompt":"Hello","stream":true)" + extra + "}");
        };
        QTest::newRow("max_tokens -1") << c << completion(R"(,"max_tokens":-1)") << "max_tokens";
        QTest::newRow("max_tokens 0") << c << completion(R"(,"max_tokens":0)") << "max_tokens";
        QTest::newRow("max_tokens 2^32") << c << completion(R"(,"max_tokens":4294967296)") << "max_tokens";
        QTest::newRow("max_tokens 2^32+3") << c << completion(R"(,"max_tokens":4294967299)") << "max_tokens";
        QTest::newRow("max_tokens 1e12") << c << completion(R"(,"max_tokens":1000000000000)") << "max_tokens";
        QTest::newRow("max_tokens 2^64") << c << completion(R"(,"max_tokens":18446744073709551616)") << "max_tokens";
        QTest::newRow("max_tokens 2.5") << c << completion(R"(,"max_tokens":2.5)") << "max_tokens";
        QTest::newRow("max_tokens string") << c << completion(",\"max_tokens\":\"16\"") << "max_tokens";
        QTest::newRow("stream yes") << c << R"({"model":"a0","prompt":"Hello","stream":"yes"})"
                                    << "stream";
        QTest::newRow("stream null") << c << R"({"model":"a0","prompt":"Hello","stream":null})"
                                     << "stream";
        QTest::newRow("stream false") << c << R"({"model":"a0","prompt":"Hello","stream":false})"
                                      << "stream";
        QTest::newRow("prompt 5") << c << R"({"model":"a0","prompt":5,"stream":true})"
                                  << "prompt";
        QTest::newRow("prompt missing") << c << R"({"model":"a0","stream":true})"
                                        << "prompt";
        QTest::newRow("model [1]") << c << R"({"model":[1],"prompt":"Hello","stream":true})"
                                   << "model";
        QTest::newRow("n 2") << c << completion(R"(,"n":2)") << "n";
        QTest::newRow("stream_options 1") << c << completion(R"(,"stream_options":1)") << "stream_options";
        const char* chat = "/v1/chat/completions";
        QTest::newRow("messages [1,2,{content:5}]")
            << chat << R"({"model":"a0","messages":[1,2,{"content":5}],"stream":true})"
            << "messages[0]";
        QTest::newRow("messages content 5")
            << chat << R"({"model":"a0","messages":[{"role":"user","content":5}],"stream":true})"
            << "messages[0].content";
        QTest::newRow("messages missing role")
            << chat << R"({"model":"a0","messages":[{"content":"Hello"}],"stream":true})"
            << "messages[0].role";
        QTest::newRow("chat max_completion_tokens -5")
            << chat
            << R"({"model":"a0","messages":[{"role":"user","content":"Hi"}],"max_completion_tokens":-5,"stream":true})"
            << "max_completion_tokens";
        const char* gen = "/generate";
        QTest::newRow("sglang stream 1") << gen
                                         << R"({"text":"Hello","sampling_params":{"max_new_tokens":4},"stream":1})"
                                         << "stream";
        QTest::newRow("sglang max_new_tokens 0")
            << gen << R"({"text":"Hello","sampling_params":{"max_new_tokens":0},"stream":true})"
            << "sampling_params.max_new_tokens";
        QTest::newRow("sglang text 5") << gen << R"({"text":5,"stream":true})"
                                       << "text";
        QTest::newRow("sglang lora_path {}") << gen << R"({"text":"Hello","lora_path":{},"stream":true})"
                                             << "lora_path";
        QTest::newRow("sglang sampling_params []") << gen << R"({"text":"Hello","sampling_params":[],"stream":true})"
                                                   << "sampling_params";
        const char* gs = "/generate_stream";
        QTest::newRow("slora max_new_tokens -1")
            << gs << R"({"model_dir":"m","lora_dir":"a0","inputs":"Hello","parameters":{"max_new_tokens":-1}})"
            << "parameters.max_new_tokens";
        QTest::newRow("slora lora_dir 5") << gs << R"({"model_dir":"m","lora_dir":5,"inputs":"Hello"})"
                                          << "lora_dir";
        QTest::newRow("slora inputs missing") << gs << R"({"model_dir":"m","lora_dir":"a0"})"
                                              << "inputs";
        QTest::newRow("slora ignore_eos 1")
            << gs << R"({"model_dir":"m","inputs":"Hello","parameters":{"ignore_eos":1}})"
            << "parameters.ignore_eos";
        QTest::newRow("tgi max_new_tokens 2^32")
            << gs << R"({"inputs":"Hello","parameters":{"max_new_tokens":4294967296,"adapter_id":"a0"}})"
            << "parameters.max_new_tokens";
        QTest::newRow("tgi adapter_id [1]") << gs << R"({"inputs":"Hello","parameters":{"adapter_id":[1]}})"
                                            << "parameters.adapter_id";
        QTest::newRow("tgi parameters string") << gs << R"({"inputs":"Hello","parameters":"x"})"
                                               << "parameters";
        QTest::newRow("tgi inputs 5") << gs << R"({"inputs":5})"
                                      << "inputs";
        QTest::newRow("adapter name rank out of range")
            << c << R"({"model":"x-rank-99999999999","prompt":"Hi","stream":true})"
            << "model";
        QTest::newRow("adapter name control char") << c << R"({"model":"a\u0001b","prompt":"Hi","stream":true})"
                                                   << "model";
        // Whole-body problems: no field to name.
        QTest::newRow("not JSON") << c << "{\"model\":"
                                  << "";
        QTest::newRow("JSON array") << c << "[1,2]"
                                    << "";
        QTest::newRow("nested 50000 deep")
            << c << QString::fromStdString("{\"prompt\":" + repeat('[', 50000) + repeat(']', 50000) + "}") << "";
    }

    void badFieldsAre400()
    {
        QFETCH(QString, path);
        QFETCH(QString, body);
        QFETCH(QString, param);
        for (const bool engine : { false, true }) {
            auto o = fixedPace();
            if (engine) {
                o.tokenSeconds.reset();
                o.cost = costModelPresets().front();
                o.speed = 50;
            }
            SimServer server(o);
            server.start();
            const auto x = rawExchange(server.port(), postRequest(path.toStdString(), body.toStdString()), 0, {}, 5);
            QCOMPARE(statusOf(x.response), 400);
            const auto j = nlohmann::json::parse(bodyOf(x.response), nullptr, false);
            QVERIFY2(j.is_object() && j["error"].is_string(), x.response.c_str());
            QCOMPARE(j["code"].get<int>(), 400);
            if (param.isEmpty())
                QVERIFY(j["param"].is_null());
            else
                QCOMPARE(QString::fromStdString(j["param"].get<std::string>()), param);
            // The message names the field and never quotes megabytes of the request.
            QVERIFY(j["error"].get<std::string>().size() < 300);
            QCOMPARE(server.stats().requests, std::uint64_t(0)); // never reached the engine
            QVERIFY(server.stats().badRequests >= 1);
        }
    }

    // The same request, well formed, streams (so the refusals above are about the field).
    void goodRequestStreams()
    {
        SimServer server(fixedPace());
        server.start();
        const auto x = rawExchange(server.port(), postRequest("/v1/completions", kGoodCompletion), 0, {}, 5);
        QCOMPARE(statusOf(x.response), 200);
        QVERIFY(x.response.find("data: [DONE]") != std::string::npos);
        QVERIFY(x.response.find("\"completion_tokens\":3") != std::string::npos);
        QVERIFY(x.closedByServer); // Connection: close was asked
    }

    // Malformed HTTP: the status HTTP prescribes, a JSON body, then the connection closes.
    void malformedHttp_data()
    {
        QTest::addColumn<QByteArray>("request");
        QTest::addColumn<int>("status");
        const std::string post = "POST /v1/completions HTTP/1.1\r\nHost: x\r\n";
        auto row = [](const char* name, const std::string& r, int status) {
            QTest::newRow(name) << QByteArray::fromStdString(r) << status;
        };
        row("Content-Length abc", post + "Content-Length: abc\r\n\r\n", 400);
        row("Content-Length -5", post + "Content-Length: -5\r\n\r\n", 400);
        row("Content-Length overflow", post + "Content-Length: 99999999999999999999999999\r\n\r\n", 400);
        row("Content-Length conflicting", post + "Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello", 400);
        row("Content-Length list conflicting", post + "Content-Length: 5, 6\r\n\r\nhello", 400);
        row("chunked junk", post + "Transfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n", 400);
        row("chunked bad extension", post + "Transfer-Encoding: chunked\r\n\r\n5;\x01\r\nhello\r\n0\r\n\r\n", 400);
        row("TE and CL", post + "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n5\r\nhello\r\n0\r\n\r\n", 400);
        row("CL and TE", post + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", 400);
        row("TE gzip", post + "Transfer-Encoding: gzip\r\n\r\n", 501);
        row("TE chunked not last", post + "Transfer-Encoding: chunked, gzip\r\n\r\n", 400);
        row("HTTP/9.9", "GET /health HTTP/9.9\r\nHost: x\r\n\r\n", 505);
        row("HTTP/2.0", "GET /health HTTP/2.0\r\nHost: x\r\n\r\n", 505);
        row("HTTP/1.1 without Host", "GET /health HTTP/1.1\r\n\r\n", 400);
        row("two Host headers", "GET /health HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400);
        row("garbage",
            std::string("\x16\x03\x01\x02", 4) + std::string(1, '\0')
                + "\x01\xfc\x03\x03"
                  "garbage\r\n\r\n",
            400);
        row("bad method chars", "G(T /health HTTP/1.1\r\nHost: x\r\n\r\n", 400);
        row("no version", "GET /health\r\nHost: x\r\n\r\n", 400);
        row("bad header name", "GET /health HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n", 400);
        row("target not a path", "GET health HTTP/1.1\r\nHost: x\r\n\r\n", 400);
        row("1 MB URL", "GET /" + repeat('a', 1 << 20) + " HTTP/1.1\r\nHost: x\r\n\r\n", 414);
        row("9 KB URL", "GET /" + repeat('a', 9000) + " HTTP/1.1\r\nHost: x\r\n\r\n", 414);
        row("10 MB header", "GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + repeat('a', 10 << 20) + "\r\n\r\n", 431);
        std::string lines = "GET /health HTTP/1.1\r\nHost: x\r\n";
        for (int i = 0; i < 100000; ++i)
            lines += "X-" + std::to_string(i) + ": y\r\n";
        row("100k header lines", lines + "\r\n", 431);
        row("Expect unknown", post + "Expect: something\r\nContent-Length: 2\r\n\r\n{}", 417);
        row("body too large (CL)", post + "Content-Length: " + std::to_string(100u << 20) + "\r\n\r\n", 413);
        row("GET on a POST endpoint", "GET /v1/completions HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 405);
        row("POST on /health", "POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            405);
        row("unknown path", "GET /nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404);
    }

    void malformedHttp()
    {
        QFETCH(QByteArray, request);
        QFETCH(int, status);
        SimServer server(fixedPace());
        server.start();
        const auto x = rawExchange(server.port(), request.toStdString(), 0, {}, 10);
        QVERIFY2(statusOf(x.response) == status, x.response.substr(0, 300).c_str());
        const auto j = nlohmann::json::parse(bodyOf(x.response), nullptr, false);
        QVERIFY2(j.is_object() && j["code"] == status, x.response.substr(0, 300).c_str());
        QVERIFY2(x.closedByServer, "the server must close the connection after a refusal");
        QVERIFY(x.response.find("Connection: close") != std::string::npos);
        // The server is still healthy for the next client.
        const auto h
            = rawExchange(server.port(), "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 0, {}, 5);
        QCOMPARE(statusOf(h.response), 200);
    }

    // A 100 MB body is refused with 413 while it is still being sent; a chunked body over the limit
    // too; the answer reaches the client although it had not finished sending.
    void hugeBodies()
    {
        SimServer server(fixedPace());
        server.start();
        const std::uint64_t big = 100u << 20;
        auto filler = [](std::uint64_t, std::size_t n) { return std::string(n, 'x'); };
        const std::string head
            = "POST /v1/completions HTTP/1.1\r\nHost: x\r\nContent-Length: " + std::to_string(big) + "\r\n\r\n";
        const auto x = rawExchange(server.port(), head, big, filler, 15);
        QCOMPARE(statusOf(x.response), 413);
        QVERIFY(x.closedByServer);
        // Chunked: the limit (8 MiB) is hit while reading; 1 MiB chunks.
        auto chunks = [](std::uint64_t, std::size_t n) {
            std::string c;
            char h[32];
            std::snprintf(h, sizeof h, "%zx\r\n", n);
            c += h;
            c += std::string(n, 'x');
            c += "\r\n";
            return c;
        };
        const auto y = rawExchange(server.port(),
            "POST /v1/completions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", 64u << 20, chunks, 15);
        QCOMPARE(statusOf(y.response), 413);
        QVERIFY(y.closedByServer);
    }

    // Expect: 100-continue gets 100 Continue before the body, then the answer.
    void expectContinue()
    {
        SimServer server(fixedPace());
        server.start();
        const std::string head = "POST /v1/completions HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nConnection: "
                                 "close\r\nContent-Length: "
            + std::to_string(kGoodCompletion.size()) + "\r\n\r\n";
        RawSocket s(server.port());
        QVERIFY(s.sendAll(head));
        char buf[256];
        const auto n = ::recv(s.fd, buf, sizeof buf, 0);
        QVERIFY(n > 0);
        QVERIFY(std::string(buf, std::size_t(n)).rfind("HTTP/1.1 100 Continue\r\n\r\n", 0) == 0);
        QVERIFY(s.sendAll(kGoodCompletion));
        std::string rest;
        for (ssize_t k; (k = ::recv(s.fd, buf, sizeof buf, 0)) > 0;)
            rest.append(buf, std::size_t(k));
        QCOMPARE(statusOf(rest), 200);
        QVERIFY(rest.find("data: [DONE]") != std::string::npos);
    }

    // Between requests of a kept-alive connection the keep-alive timeout runs: a request that stops halfway gets 408,
    // silence closes the connection without a word. A new connection waits longer for its first request (a client on
    // a busy machine may connect well before it writes), as uvicorn does.
    void slowRequestTimesOut()
    {
        auto o = fixedPace();
        o.idleTimeoutSeconds = 0.3;
        SimServer server(o);
        server.start();
        const std::string health = "GET /health HTTP/1.1\r\nHost: x\r\n\r\n";
        const auto halfway = rawExchange(server.port(), health + "GET /health HTTP/1.1\r\nHost: x\r\n", 0, {}, 5);
        QCOMPARE(statusOf(halfway.response), 200);
        QVERIFY(halfway.response.find("408 Request Timeout") != std::string::npos);
        QVERIFY(halfway.closedByServer);
        const auto silence = rawExchange(server.port(), health, 0, {}, 5);
        QCOMPARE(statusOf(silence.response), 200);
        QVERIFY(silence.closedByServer);
        QVERIFY(silence.response.find("408") == std::string::npos);
        const auto fresh = rawExchange(server.port(), "", 0, {}, 1.0);
        QVERIFY2(!fresh.closedByServer, "a new connection is not held to the keep-alive timeout");
    }

    // HTTP/1.0: no chunked coding; the stream ends when the server closes.
    void http10Stream()
    {
        SimServer server(fixedPace());
        server.start();
        const std::string r = "POST /v1/completions HTTP/1.0\r\nContent-Length: "
            + std::to_string(kGoodCompletion.size()) + "\r\n\r\n" + kGoodCompletion;
        const auto x = rawExchange(server.port(), r, 0, {}, 5);
        QCOMPARE(statusOf(x.response), 200);
        QVERIFY(x.response.find("Transfer-Encoding") == std::string::npos);
        QVERIFY(bodyOf(x.response).rfind("data: {", 0) == 0); // no chunk-size line
        QVERIFY(x.response.find("data: [DONE]") != std::string::npos);
        QVERIFY(x.closedByServer);
    }

    // 20 concurrent 15 MB bodies are refused (413) without being held; 20 concurrent bodies just under the 8 MiB
    // limit are served; afterwards the server process holds about what it held before. (The issue saw ~237 MB kept;
    // the server before this change kept 55 MiB after 20 x 15 MB and 47 MiB after 20 x 7 MB here.) Real process,
    // resident memory from /proc.
    void bodyMemoryIsReturned()
    {
#if defined(__SANITIZE_ADDRESS__)
        QSKIP("AddressSanitizer keeps freed memory in quarantine: resident memory says nothing about the server here");
#endif
        QProcess p;
        p.start(QStringLiteral(LORASCOPE_CLI_PATH),
            { QStringLiteral("serve-sim"), QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--token-ms"),
                QStringLiteral("1") });
        QVERIFY(p.waitForStarted(10000));
        for (int i = 0; i < 100 && !p.canReadLine(); ++i)
            p.waitForReadyRead(100);
        const QString line = QString::fromUtf8(p.readLine()).trimmed();
        const auto port = std::uint16_t(line.section(QLatin1Char(':'), -1).toInt());
        QVERIFY2(port > 0, qPrintable(line));
        // Warm up: one normal request so the steady state includes the code paths.
        QCOMPARE(statusOf(rawExchange(port, postRequest("/v1/completions", kGoodCompletion), 0, {}, 5).response), 200);
        const double before = rssMiB(p.processId());
        QVERIFY(before > 0);
        double peak = before;
        for (const std::uint64_t size : { std::uint64_t(15) << 20, std::uint64_t(7) << 20 }) {
            const bool fits = size < (8u << 20);
            // {"model":"a0","stream":true,"max_tokens":1,"prompt":"Hello Hello …"}
            std::string json
                = "{\"model\":\"a0\",\"stream\":true,\"max_tokens\":1,\"prompt\":\""; // (no raw string: moc misreads it)
            while (json.size() + 6 + 2 <= size)
                json += "Hello ";
            json.append(size - json.size() - 2, ' ');
            json += "\"}";
            auto body = [&json](std::uint64_t off, std::size_t n) { return json.substr(std::size_t(off), n); };
            const std::string head = "POST /v1/completions HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: "
                + std::to_string(size) + "\r\n\r\n";
            std::vector<std::thread> clients;
            std::vector<int> status(20, 0);
            for (int c = 0; c < 20; ++c)
                clients.emplace_back(
                    [&, c] { status[std::size_t(c)] = statusOf(rawExchange(port, head, size, body, 60).response); });
            // Sample the peak while they run.
            for (int i = 0; i < 40; ++i) {
                peak = std::max(peak, rssMiB(p.processId()));
                QThread::msleep(25);
            }
            for (auto& t : clients)
                t.join();
            for (int s : status)
                QCOMPARE(s, fits ? 200 : 413);
        }
        QThread::msleep(300);
        const double after = rssMiB(p.processId());
        qInfo("serve-sim resident memory: %.1f MiB before, peak seen %.1f MiB, %.1f MiB after", before, peak, after);
        QVERIFY2(after < before + 30,
            qPrintable(QStringLiteral("%1 MiB held after the bodies (before %2)").arg(after).arg(before)));
        ::kill(pid_t(p.processId()), SIGTERM);
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 0);
    }
};

QTEST_GUILESS_MAIN(TestServeSimHttp)
#include "tst_servesimhttp.moc"
