// SPDX-License-Identifier: Apache-2.0
// `lorascope-cli replay` options end to end, the real binary against real servers on 127.0.0.1
// (ports chosen at run time): --prompts FILE (a recording server in the test checks what arrived)
// and --warmup/--cooldown trimming (against the simulated server): exactly the requests scheduled
// inside the window count in summary.json, while requests.jsonl holds every request once.

#include "formats/traceio.h"
#include "replay/metrics.h"
#include "server/simserver.h"

#include "../cli/clitestutil.h"
#include "../core/testutil.h"
#include "ssetestserver.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

using namespace lorascope;
using lorascope::test::q;
using lorascope::test::SseTestServer;

namespace {

std::vector<std::string> lines(const std::string& path)
{
    std::ifstream in(path);
    std::vector<std::string> out;
    std::string l;
    while (std::getline(in, l))
        out.push_back(l);
    return out;
}

QStringList replayArgs(
    const std::string& trace, const std::string& target, const std::string& backend, const std::string& out)
{
    return { QStringLiteral("replay"), q(trace), QStringLiteral("--target"), q(target), QStringLiteral("--backend"),
        q(backend), QStringLiteral("--out"), q(out), QStringLiteral("--json"), QStringLiteral("--quiet") };
}

} // namespace

class TestReplayOptions : public QObject {
    Q_OBJECT
private slots:
    void promptsFileReachesServer()
    {
        test::TempDir dir;
        // Plain lines, a JSON line, a blank line (skipped), CRLF, quotes, backslashes and UTF-8.
        test::writeText(dir.file("prompts.txt"),
            "Tell me about LoRA adapters.\n"
            "{\"prompt\": \"JSON prompt with \\\"quotes\\\" and a \\\\ backslash\", \"id\": 7}\n"
            "\n"
            "Windows line ending\r\n"
            "Grüße, ☃ — unicode prompt\n");
        const std::vector<std::string> prompts = { "Tell me about LoRA adapters.",
            "JSON prompt with \"quotes\" and a \\ backslash", "Windows line ending", "Grüße, ☃ — unicode prompt" };
        // 9 requests, each with its own max_new_tokens (1..9) so the server's bodies map back to
        // the trace index; request i must carry prompt i mod 4.
        Trace trace;
        trace.adapters = { { "a0", 8 } };
        for (std::uint32_t i = 0; i < 9; ++i)
            trace.requests.push_back(Request { 0.004 * i, i % 2 ? 0u : kNoAdapter, 50, i + 1 });
        writeTrace(trace, dir.file("trace.jsonl"));

        SseTestServer server(SseTestServer::Options {});
        const std::string target = "http://127.0.0.1:" + std::to_string(server.port());
        auto args = replayArgs(dir.file("trace.jsonl"), target, "slora", dir.file("run"));
        args << QStringLiteral("--prompts") << q(dir.file("prompts.txt"));
        const auto run = test::cli(args);
        QVERIFY2(run.code == 0, qPrintable(run.err));
        QCOMPARE(nlohmann::json::parse(run.out.toStdString())["completed"].get<int>(), 9);

        const auto seen = test::posts(server.requests());
        QCOMPARE(seen.size(), std::size_t(9));
        std::set<std::uint32_t> indices;
        for (const auto& s : seen) {
            const auto body = nlohmann::json::parse(s.body);
            const auto i = body["parameters"]["max_new_tokens"].get<std::uint32_t>() - 1;
            QVERIFY(i < 9);
            QVERIFY(indices.insert(i).second);
            QCOMPARE(body["inputs"].get<std::string>(), prompts[i % prompts.size()]);
            QVERIFY2(body["lora_dir"] == (i % 2 ? nlohmann::json("a0") : nlohmann::json(nullptr)), s.body.c_str());
        }
        QCOMPARE(indices.size(), std::size_t(9));
        const auto manifest = test::readJsonFile(dir.file("run/manifest.json"));
        QCOMPARE(manifest["options"]["prompts"].get<std::string>(), dir.file("prompts.txt"));
    }

    void badPromptsFileIsNamed_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("content"); // "<missing>" = no such file
        QTest::addColumn<QString>("message");
        QTest::newRow("missing") << "missing.txt"
                                 << "<missing>"
                                 << "prompts file: no such file";
        QTest::newRow("empty") << "empty.txt"
                               << ""
                               << "no prompts";
        QTest::newRow("blank-lines") << "blank.txt"
                                     << "\n\r\n\n"
                                     << "no prompts";
        QTest::newRow("json-without-prompt") << "bad.jsonl"
                                             << "fine\n{\"text\": \"x\"}\n"
                                             << "bad.jsonl:2:";
    }

    void badPromptsFileIsNamed()
    {
        QFETCH(QString, name);
        QFETCH(QString, content);
        QFETCH(QString, message);
        test::TempDir dir;
        Trace trace;
        trace.requests.push_back(Request { 0, kNoAdapter, 4, 2 });
        writeTrace(trace, dir.file("trace.jsonl"));
        const auto file = dir.file(name.toStdString());
        if (content != QLatin1String("<missing>"))
            test::writeText(file, content.toStdString());
        SseTestServer server(SseTestServer::Options {});
        auto args = replayArgs(
            dir.file("trace.jsonl"), "http://127.0.0.1:" + std::to_string(server.port()), "slora", dir.file("run"));
        args << QStringLiteral("--prompts") << q(file);
        const auto run = test::cli(args);
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.contains(q(file)), qPrintable(run.err));
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
        QVERIFY(!std::filesystem::exists(dir.file("run"))); // refused before anything was written or sent
        QCOMPARE(server.connections(), std::uint64_t(0));
    }

    void warmupCooldownTrimming()
    {
        // 20 requests, trace times 0.1·i; at --time-scale 0.5 they are scheduled 0.05·i s after
        // the start delay. --warmup 0.12 trims i ≤ 2 (0.10 < 0.12 ≤ 0.15); --cooldown 0.17 trims
        // scheduled > 0.95 − 0.17 = 0.78, i.e. i ≥ 16 (0.75 ≤ 0.78 < 0.80). (Read in trace seconds
        // the window would be different: i ≥ 2 and i ≤ 17.) In the window: i = 3..15.
        // The trimmed requests use adapter "edge" and nothing else does, and every request asks
        // for its own number of tokens, so each summary figure shows which requests it counted.
        const std::size_t n = 20, lo = 3, hi = 15;
        auto inWindow = [&](std::size_t i) { return i >= lo && i <= hi; };
        test::TempDir dir;
        Trace trace;
        trace.adapters = { { "a0", 8 }, { "a1", 16 }, { "edge", 8 } };
        std::uint64_t windowTokens = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t adapter = inWindow(i) ? std::uint32_t(i % 2) : 2u;
            const std::uint32_t out = 2 + std::uint32_t(i);
            trace.requests.push_back(Request { 0.1 * double(i), adapter, 5, out });
            if (inWindow(i))
                windowTokens += out;
        }
        writeTrace(trace, dir.file("trace.jsonl"));

        SimServerOptions so;
        so.tokenSeconds = 0.002;
        SimServer server(so);
        server.start();
        auto args = replayArgs(
            dir.file("trace.jsonl"), "http://127.0.0.1:" + std::to_string(server.port()), "tgi", dir.file("run"));
        args << QStringLiteral("--time-scale") << QStringLiteral("0.5") << QStringLiteral("--warmup")
             << QStringLiteral("0.12") << QStringLiteral("--cooldown") << QStringLiteral("0.17");
        const auto run = test::cli(args);
        QVERIFY2(run.code == 0, qPrintable(run.err));
        QCOMPARE(server.stats().requests, std::uint64_t(n)); // trimming changes the metrics, not what is sent

        // requests.jsonl: every request exactly once, all completed; in_window exactly for 3..15.
        const auto all = lines(dir.file("run/requests.jsonl"));
        QCOMPARE(all.size(), n);
        std::set<std::uint64_t> seen;
        std::size_t windowCompleted = 0;
        double firstSent = 1e9, lastEnd = -1;
        for (const auto& l : all) {
            const auto r = recordFromJson(nlohmann::json::parse(l));
            QVERIFY(r.index < n);
            QVERIFY(seen.insert(r.index).second);
            QVERIFY2(r.outcome == Outcome::Completed, (r.errorKind + ": " + r.error).c_str());
            QVERIFY2(r.inWindow == inWindow(r.index), std::to_string(r.index).c_str());
            QCOMPARE(r.tokens, std::uint64_t(2 + r.index));
            if (r.inWindow) {
                ++windowCompleted;
                firstSent = std::min(firstSent, r.sent);
                lastEnd = std::max(lastEnd, r.end);
            }
        }
        QCOMPARE(windowCompleted, hi - lo + 1);

        const auto summary = test::readJsonFile(dir.file("run/summary.json"));
        QVERIFY(nlohmann::json::parse(run.out.toStdString()) == summary); // --json prints what was written
        QCOMPARE(summary["completed"].get<std::size_t>(), windowCompleted);
        QCOMPARE(summary["num_requests"].get<std::size_t>(), windowCompleted);
        QCOMPARE(summary["trimmed"].get<std::size_t>(), n - windowCompleted);
        QCOMPARE(summary["failed"].get<int>(), 0);
        QCOMPARE(summary["cancelled"].get<int>(), 0);
        QCOMPARE(summary["total_output_tokens"].get<std::uint64_t>(), windowTokens);
        QCOMPARE(summary["total_input_tokens"].get<std::uint64_t>(), std::uint64_t(5 * windowCompleted));
        // Duration spans the window's requests only: first send to last end among them.
        QVERIFY2(std::abs(summary["duration"].get<double>() - (lastEnd - firstSent)) < 1e-6,
            summary["duration"].dump().c_str());
        QVERIFY(std::abs(summary["request_throughput"].get<double>() - double(windowCompleted) / (lastEnd - firstSent))
            < 1e-6);
        // Per adapter: the trimmed adapter does not appear; a0/a1 split the window.
        const auto& per = summary["per_adapter"];
        QVERIFY2(!per.contains("edge"), per.dump().c_str());
        QCOMPARE(per.size(), std::size_t(2));
        QCOMPARE(
            per["a0"]["completed"].get<std::size_t>() + per["a1"]["completed"].get<std::size_t>(), windowCompleted);
        QCOMPARE(per["a1"]["completed"].get<std::size_t>(), std::size_t(7)); // odd i in 3..15
        server.stop();
    }

    void windowThatHoldsNothing()
    {
        // Warm-up past the last request: everything trimmed, the run still succeeds and says so.
        test::TempDir dir;
        Trace trace;
        for (std::size_t i = 0; i < 4; ++i)
            trace.requests.push_back(Request { 0.01 * double(i), kNoAdapter, 3, 2 });
        writeTrace(trace, dir.file("trace.jsonl"));
        SimServerOptions so;
        so.tokenSeconds = 0.002;
        SimServer server(so);
        server.start();
        auto args = replayArgs(dir.file("trace.jsonl"), "http://127.0.0.1:" + std::to_string(server.port()),
            "openai-chat", dir.file("run"));
        args << QStringLiteral("--warmup") << QStringLiteral("5");
        const auto run = test::cli(args);
        QVERIFY2(run.code == 0, qPrintable(run.err));
        QCOMPARE(lines(dir.file("run/requests.jsonl")).size(), std::size_t(4));
        const auto summary = test::readJsonFile(dir.file("run/summary.json"));
        QCOMPARE(summary["completed"].get<int>(), 0);
        QCOMPARE(summary["trimmed"].get<int>(), 4);
        QCOMPARE(summary["num_requests"].get<int>(), 0);
        server.stop();
    }
};

QTEST_GUILESS_MAIN(TestReplayOptions)
#include "tst_replayoptions.moc"
