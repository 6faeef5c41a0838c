// SPDX-License-Identifier: Apache-2.0
// The simulated server's engine behaviour over real connections on 127.0.0.1 (in-process server,
// raw sockets or the real replay client): clients that reset leave the engine at once, huge
// durations mean "never" instead of "now", /metrics follows the engine's
// state (docs/replay.md, /metrics), adapter ranks reach the engine.

#include "replay/replay.h"
#include "server/simserver.h"

#include "rawhttp.h"

#include <QtTest>

#include <atomic>
#include <cmath>
#include <limits>
#include <set>
#include <thread>

using namespace lorascope;
using namespace lorascope::test;

namespace {

// The value of the first sample of `name` (with `labels` inside its braces, if given); NaN if absent.
double metric(const std::string& text, const std::string& name, const std::string& labels = {})
{
    std::size_t at = 0;
    while ((at = text.find(name, at)) != std::string::npos) {
        const bool lineStart = at == 0 || text[at - 1] == '\n';
        const char next = at + name.size() < text.size() ? text[at + name.size()] : '\0';
        const auto eol = text.find('\n', at);
        const std::string line = text.substr(at, eol == std::string::npos ? std::string::npos : eol - at);
        at += name.size();
        if (!lineStart || (next != ' ' && next != '{'))
            continue;
        if (!labels.empty() && line.find(labels) == std::string::npos)
            continue;
        return std::atof(line.c_str() + line.rfind(' ') + 1);
    }
    return NAN;
}

template <typename Pred>
bool waitFor(Pred pred, double seconds)
{
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < end) {
        if (pred())
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return pred();
}

// One pass per request at a time, first token after 0.2 s, then 50 ms per token.
SimServerOptions oneAtATime()
{
    SimServerOptions o;
    o.cost.name = "test";
    o.cost.prefillBase = 0.2;
    o.cost.decodeBase = 0.05;
    o.scheduler.limits.runningMaxReqSize = 1;
    return o;
}

std::string completion(const std::string& model, int maxTokens, int promptWords = 4)
{
    std::string prompt;
    for (int i = 0; i < promptWords; ++i)
        prompt += "Hello ";
    // (escaped, not raw strings: moc misreads raw strings that end in a quote)
    return "{\"model\":\"" + model + "\",\"prompt\":\"" + prompt + "\",\"max_tokens\":" + std::to_string(maxTokens)
        + ",\"stream\":true}";
}

// Seconds from sending `request` to the first token event of its stream (NaN if none in 10 s).
double firstTokenAfter(std::uint16_t port, const std::string& request)
{
    RawSocket s(port);
    const auto t0 = std::chrono::steady_clock::now();
    if (!s.sendAll(request))
        return NAN;
    std::string got;
    char buf[4096];
    pollfd p { s.fd, POLLIN, 0 };
    while (::poll(&p, 1, 10000) > 0) {
        const auto n = ::recv(s.fd, buf, sizeof buf, 0);
        if (n <= 0)
            break;
        got.append(buf, std::size_t(n));
        if (got.find("\"text\":\" ") != std::string::npos)
            return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    return NAN;
}

} // namespace

class TestServeSim : public QObject {
    Q_OBJECT
private slots:
    // 20 clients reset their connections before their first token: the engine drops them at
    // once (S-LoRA's abort path), so the next request is served as if they had never come — not
    // after the 20 × 1.15 s they would have taken.
    void clientResetLeavesTheEngine()
    {
        SimServer server(oneAtATime());
        server.start();
        std::vector<std::unique_ptr<RawSocket>> clients;
        for (int i = 0; i < 20; ++i) {
            clients.push_back(std::make_unique<RawSocket>(server.port()));
            QVERIFY(clients.back()->sendAll(
                postRequest("/v1/completions", completion("a" + std::to_string(i % 3), 20), false)));
        }
        QVERIFY(waitFor([&] { return server.stats().requests == 20; }, 5));
        QThread::msleep(50); // the first is in its prefill (0.2 s), the others queue
        for (auto& c : clients)
            c->reset();
        QVERIFY2(waitFor([&] { return server.stats().clientGone == 20; }, 5),
            qPrintable(QString::number(server.stats().clientGone)));
        QVERIFY(waitFor(
            [&] {
                const auto t = server.metricsText();
                return metric(t, "vllm:num_requests_running") == 0 && metric(t, "vllm:num_requests_waiting") == 0;
            },
            5));
        // The gauges are published when a pass starts, the counters when it ends.
        QVERIFY(waitFor(
            [&] {
                return metric(server.metricsText(), "vllm:request_success_total", "finished_reason=\"abort\"") == 20;
            },
            5));
        const auto t = server.metricsText();
        // At most the prefill under way when they left produced a token (computed, never sent).
        QVERIFY(metric(t, "vllm:generation_tokens_total") <= 1);
        // The next request runs as if they had never come: the only prompt the engine prefills after
        // them is its own (what one such request costs on a fresh server), never one of theirs. (A
        // bound on its wall-clock TTFT said the same less reliably: a loaded machine can stretch it.)
        const double promptBefore = metric(t, "vllm:prompt_tokens_total");
        const double ttft = firstTokenAfter(server.port(), postRequest("/v1/completions", completion("a0", 3)));
        QVERIFY(ttft >= 0.2); // never before the modelled prefill
        QVERIFY(
            waitFor([&] { return server.stats().streamsOpen == 0; }, 5)); // (that client left after its first token)
        QVERIFY(waitFor([&] { return metric(server.metricsText(), "vllm:prompt_tokens_total") > promptBefore; }, 10));
        SimServer fresh(oneAtATime());
        fresh.start();
        (void)firstTokenAfter(fresh.port(), postRequest("/v1/completions", completion("a0", 3)));
        QVERIFY(waitFor([&] { return metric(fresh.metricsText(), "vllm:prompt_tokens_total") > 0; }, 10));
        const double onePrompt = metric(fresh.metricsText(), "vllm:prompt_tokens_total");
        QCOMPARE(metric(server.metricsText(), "vllm:prompt_tokens_total") - promptBefore, onePrompt);
    }

    // Durations far beyond any run saturate: nothing happens instead of everything at once.
    void hugeDurationsMeanNever_data()
    {
        QTest::addColumn<QString>("what");
        for (const char* w : { "token-ms", "first-token-ms", "speed", "cost-model", "stall", "slow-first-byte" })
            QTest::newRow(w) << QString::fromLatin1(w);
    }

    void hugeDurationsMeanNever()
    {
        QFETCH(QString, what);
        SimServerOptions o;
        o.tokenSeconds = 0.001;
        if (what == QLatin1String("token-ms")) {
            o.tokenSeconds = 1e300;
        } else if (what == QLatin1String("first-token-ms")) {
            o.firstTokenSeconds = 1e300;
        } else if (what == QLatin1String("speed")) {
            o.tokenSeconds.reset();
            o.cost = costModelPresets().front();
            o.speed = 1e-300;
        } else if (what == QLatin1String("cost-model")) {
            o.tokenSeconds.reset();
            o.cost.prefillBase = 1e300;
            o.cost.decodeBase = 1e300;
        } else if (what == QLatin1String("stall")) {
            o.faults.stallRate = 1;
            o.faults.stallSeconds = 1e300;
        } else {
            o.faults.slowFirstByteRate = 1;
            o.faults.slowFirstByteSeconds = 1e300;
        }
        SimServer server(o);
        server.start();
        const auto x = rawExchange(server.port(), postRequest("/v1/completions", completion("a0", 10)), 0, {}, 0.6);
        QVERIFY2(!x.closedByServer, x.response.c_str()); // still waiting, not finished or failed at once
        const auto tokens = [&] {
            std::size_t n = 0;
            for (auto at = x.response.find("\"text\":\" "); at != std::string::npos;
                 at = x.response.find("\"text\":\" ", at + 1))
                ++n;
            return n;
        }();
        if (what == QLatin1String("slow-first-byte")) {
            QVERIFY(x.response.empty());
        } else {
            QCOMPARE(statusOf(x.response), 200);
            // token-ms: token 0 is due at once (first-token delay 0), token 1 never; stall: halfway.
            const std::size_t expected = what == QLatin1String("stall") ? 5 : what == QLatin1String("token-ms") ? 1 : 0;
            QCOMPARE(tokens, expected);
        }
        server.stop(); // pending far-future timers do not hold the server
    }

    // A keep-alive timeout of 1e10 s keeps an idle connection open (it used to close at once).
    void hugeKeepAliveKeepsConnections()
    {
        SimServerOptions o;
        o.tokenSeconds = 0.001;
        o.idleTimeoutSeconds = 1e10;
        SimServer server(o);
        server.start();
        RawSocket s(server.port());
        const std::string health = "GET /health HTTP/1.1\r\nHost: x\r\n\r\n";
        char buf[1024];
        for (int round = 0; round < 2; ++round) {
            QVERIFY(s.sendAll(health));
            pollfd p { s.fd, POLLIN, 0 };
            QVERIFY(::poll(&p, 1, 5000) > 0);
            const auto n = ::recv(s.fd, buf, sizeof buf, 0);
            QVERIFY(n > 0);
            QCOMPARE(statusOf(std::string(buf, std::size_t(n))), 200);
            QThread::msleep(400);
        }
        QCOMPARE(server.stats().connections, std::uint64_t(1));
    }

    // /metrics follows the engine: during a replay requests run and use the KV cache; afterwards the
    // counters add up to the trace exactly, and the live endpoint passes promtool's parser.
    void metricsFollowTheEngine()
    {
        SimServerOptions o;
        o.cost = costModelPresets().front();
        o.speed = 20;
        SimServer server(o);
        server.start();
        Trace trace;
        for (int a = 0; a < 4; ++a)
            trace.adapters.push_back({ "dummy-lora-7b-rank-" + std::to_string(8 << a) + "-0", 8 << a });
        std::uint64_t input = 0, output = 0;
        for (int i = 0; i < 40; ++i) {
            trace.requests.push_back(
                Request { i * 0.01, std::uint32_t(i % 4), std::uint32_t(20 + i), std::uint32_t(10 + i % 7) });
            input += 20 + std::uint64_t(i);
            output += 10 + std::uint64_t(i % 7);
        }
        std::atomic<bool> done { false };
        double maxRunning = 0, maxKv = 0, maxResident = 0;
        std::set<std::string> runningLists;
        std::thread scraper([&] {
            while (!done) {
                const auto t = server.metricsText();
                maxRunning = std::max(maxRunning, metric(t, "vllm:num_requests_running"));
                maxKv = std::max(maxKv, metric(t, "vllm:kv_cache_usage_perc"));
                maxResident = std::max(maxResident, metric(t, "lorascope_lora_adapters_resident"));
                const auto at = t.find("running_lora_adapters=\"");
                if (at != std::string::npos)
                    runningLists.insert(t.substr(at + 23, t.find('"', at + 23) - at - 23));
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
        });
        ReplayOptions ro;
        ro.target = "http://127.0.0.1:" + std::to_string(server.port());
        ro.backend = Backend::OpenAiCompletions;
        ro.timeScale = 1.0 / 20;
        const auto result = runReplay(trace, ro);
        done = true;
        scraper.join();
        for (const auto& r : result.records)
            QVERIFY2(r.outcome == Outcome::Completed, r.error.c_str());
        QVERIFY(maxRunning >= 1);
        QVERIFY(maxKv > 0 && maxKv <= 1);
        QVERIFY(maxResident >= 1);
        QVERIFY(runningLists.size() > 1); // the list of running adapters changed as the batch did
        const auto t = server.metricsText();
        QCOMPARE(metric(t, "vllm:prompt_tokens_total"), double(input));
        QCOMPARE(metric(t, "vllm:generation_tokens_total"), double(output));
        QCOMPARE(metric(t, "vllm:request_success_total", "finished_reason=\"length\""), 40.0);
        QCOMPARE(metric(t, "vllm:time_to_first_token_seconds_count"), 40.0);
        QCOMPARE(metric(t, "vllm:e2e_request_latency_seconds_count"), 40.0);
        QCOMPARE(metric(t, "vllm:num_requests_running"), 0.0);
        QCOMPARE(metric(t, "vllm:num_requests_waiting"), 0.0);
        QVERIFY(metric(t, "lorascope_lora_adapter_loads_total") >= 4); // each adapter at least once
        QCOMPARE(metric(t, "lorascope_lora_adapter_loads_total"), metric(t, "lorascope_lora_adapter_unloads_total"));
        // The same through HTTP, as a scraper sees it.
        const auto x
            = rawExchange(server.port(), "GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 0, {}, 5);
        QCOMPARE(statusOf(x.response), 200);
        QVERIFY(x.response.find("Content-Type: text/plain; version=0.0.4") != std::string::npos);
        QVERIFY(bodyOf(x.response).find("vllm:prompt_tokens_total{") != std::string::npos);
    }

    // The adapter's rank decides its weights' share of S-LoRA's KV pool: 4·rank slots while it is
    // resident. From the name (rank-64 → 256 slots) or from the explicit table.
    void ranksReachTheEngine_data()
    {
        QTest::addColumn<QString>("adapter");
        QTest::addColumn<bool>("explicitTable");
        QTest::addColumn<int>("rank");
        QTest::newRow("rank-64 in the name") << "dummy-lora-13b-rank-64-0" << false << 64;
        QTest::newRow("rank-8 in the name") << "dummy-lora-13b-rank-8-0" << false << 8;
        QTest::newRow("table overrides the name") << "dummy-lora-13b-rank-8-0" << true << 64;
        QTest::newRow("no rank: default 16") << "plain" << false << 16;
    }

    void ranksReachTheEngine()
    {
        QFETCH(QString, adapter);
        QFETCH(bool, explicitTable);
        QFETCH(int, rank);
        auto o = oneAtATime();
        if (explicitTable)
            o.adapterRanks[adapter.toStdString()] = 64;
        SimServer server(o);
        server.start();
        std::atomic<bool> done { false };
        double maxUsed = 0;
        std::thread scraper([&] {
            while (!done) {
                maxUsed = std::max(maxUsed, metric(server.metricsText(), "lorascope_kv_cache_used_tokens"));
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
        });
        // 10 prompt words, 8 tokens: at most 10 + 8 KV tokens of the request itself.
        const auto x = rawExchange(
            server.port(), postRequest("/v1/completions", completion(adapter.toStdString(), 8, 10)), 0, {}, 10);
        done = true;
        scraper.join();
        QCOMPARE(statusOf(x.response), 200);
        QVERIFY2(maxUsed >= 4 * rank + 10 && maxUsed <= 4 * rank + 18, qPrintable(QString::number(maxUsed)));
    }
};

QTEST_GUILESS_MAIN(TestServeSim)
#include "tst_servesim.moc"
