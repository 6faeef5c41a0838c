// SPDX-License-Identifier: Apache-2.0
// Replay inputs found mishandled from outside, each as its reproduction through the real lorascope-cli against the
// real simulated server on 127.0.0.1: a request asking for 4e9 tokens (hung the run, ignored
// SIGTERM), target URLs that were wrapped or misread (port 99999, [::1]x8000, /v1), checks that
// fail before sending and must leave no results folder, durations of 1e300 s, and running out of
// file descriptors (said once, every request accounted once).

#include "replay/metrics.h"
#include "replay/replay.h"
#include "server/simserver.h"

#include "cannedhttp.h"

#include "../cli/clitestutil.h"
#include "../core/testutil.h"

#include <QProcess>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <set>

#include <signal.h>
#include <sys/resource.h>

using namespace lorascope;
using lorascope::test::q;

namespace {

SimServerOptions fixedPace(double tokenSeconds)
{
    SimServerOptions o;
    o.tokenSeconds = tokenSeconds;
    return o;
}

std::vector<nlohmann::json> jsonLines(const std::string& path)
{
    std::ifstream in(path);
    std::vector<nlohmann::json> out;
    std::string l;
    while (std::getline(in, l))
        if (!l.empty())
            out.push_back(nlohmann::json::parse(l));
    return out;
}

// The trace that found it, with output_len 5e6 instead of its 4e9: lengths above 10^7 tokens are
// now refused when the trace is read (core/workload/bounds.h; tests/cli/tst_cli_bounds.cpp), while
// 5e6 still reaches the server. With `outputLen` another length for request 0. serve-sim refuses
// max_tokens above 1,048,576 (HTTP 400), so the tests of a stream that goes on "forever" use
// 1,000,000 tokens (10,000 s at 10 ms a token).
std::string hangTrace(const test::TempDir& dir, const char* outputLen = "5000000")
{
    const auto path = dir.file("hang.csv");
    test::writeText(path,
        std::string("id,time_s,adapter,rank,input_len,output_len\n0,0,a,8,10,") + outputLen + "\n1,0.1,a,8,10,20\n");
    return path;
}

QStringList replayArgs(const std::string& trace, const std::string& target, const std::string& out,
    const char* backend = "openai-completions")
{
    return { QStringLiteral("replay"), q(trace), QStringLiteral("--backend"), QString::fromLatin1(backend),
        QStringLiteral("--target"), q(target), QStringLiteral("--out"), q(out), QStringLiteral("--quiet"),
        QStringLiteral("--no-metrics") };
}

} // namespace

class TestReplayHardening : public QObject {
    Q_OBJECT
private slots:
    // The reproduction against serve-sim, which refuses 5e6 tokens: the client neither
    // allocates by output_len nor waits; request 0 fails with the server's 400, request 1 completes.
    void hugeOutputLengthRefusedByServer()
    {
        test::TempDir dir;
        SimServer server(fixedPace(0.01));
        server.start();
        const auto target = "http://127.0.0.1:" + std::to_string(server.port());
        const auto run = test::cli(replayArgs(hangTrace(dir), target, dir.file("r")));
        QVERIFY2(run.code == 0, qPrintable(run.err));
        const auto recs = jsonLines(dir.file("r/requests.jsonl"));
        QCOMPARE(recs.size(), std::size_t(2));
        for (const auto& r : recs) {
            if (r["id"] == 0) {
                QCOMPARE(r["outcome"].get<std::string>(), std::string("failed"));
                QCOMPARE(r["status"].get<int>(), 400);
                QVERIFY2(r["error"].get<std::string>().find("max_tokens") != std::string::npos,
                    r["error"].get<std::string>().c_str());
            } else {
                QCOMPARE(r["outcome"].get<std::string>(), std::string("completed"));
            }
        }
    }

    // With a stream the server does serve for hours: --timeout ends it after ~3 s, the huge
    // request timed out, the other completed. (Before: hung forever; tokenTimes.reserve(output_len).)
    void hugeOutputLengthTimesOut()
    {
        test::TempDir dir;
        SimServer server(fixedPace(0.01));
        server.start();
        const auto target = "http://127.0.0.1:" + std::to_string(server.port());
        auto args = replayArgs(hangTrace(dir, "1000000"), target, dir.file("r"));
        args << QStringLiteral("--timeout") << QStringLiteral("3");
        const auto run = test::cli(args); // 120 s hang guard
        QVERIFY2(run.code == 0, qPrintable(run.err));
        const auto recs = jsonLines(dir.file("r/requests.jsonl"));
        QCOMPARE(recs.size(), std::size_t(2));
        for (const auto& r : recs) {
            if (r["id"] == 0) {
                QCOMPARE(r["outcome"].get<std::string>(), std::string("failed"));
                QCOMPARE(r["error_kind"].get<std::string>(), std::string("timeout"));
            } else {
                QCOMPARE(r["outcome"].get<std::string>(), std::string("completed"));
                QCOMPARE(r["tokens"].get<int>(), 20);
            }
        }
    }

    // Without --timeout: SIGTERM ends the run; the huge request is recorded as cancelled and
    // the summary is written.
    void signalEndsHugeRequest()
    {
        test::TempDir dir;
        SimServer server(fixedPace(0.01));
        server.start();
        QProcess p;
        p.start(QStringLiteral(LORASCOPE_CLI_PATH),
            replayArgs(hangTrace(dir, "1000000"), "http://127.0.0.1:" + std::to_string(server.port()), dir.file("r")));
        QVERIFY(p.waitForStarted(10000));
        // Wait until request 1 completed (its line is written), then SIGTERM.
        for (int i = 0; i < 300 && jsonLines(dir.file("r/requests.jsonl")).empty(); ++i)
            QTest::qWait(50);
        QCOMPARE(jsonLines(dir.file("r/requests.jsonl")).size(), std::size_t(1));
        ::kill(pid_t(p.processId()), SIGTERM);
        QVERIFY2(p.waitForFinished(20000), "replay ignored SIGTERM");
        QCOMPARE(p.exitCode(), 1); // cancelled
        const auto recs = jsonLines(dir.file("r/requests.jsonl"));
        QCOMPARE(recs.size(), std::size_t(2));
        QCOMPARE(recs[1]["outcome"].get<std::string>(), std::string("cancelled"));
        QVERIFY(std::filesystem::exists(dir.file("r/summary.json")));
    }

    // Refused with the reason, before any output.
    void badTargetsRefused_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("why");
        QTest::newRow("port 99999") << "http://127.0.0.1:99999"
                                    << "port 99999 is out of range (1-65535)";
        QTest::newRow("[::1]x8000") << "http://[::1]x8000"
                                    << "unexpected 'x' after the IPv6 address";
        QTest::newRow("space") << "http://127.0.0.1:8000/a b"
                               << "a space";
        QTest::newRow("query") << "http://127.0.0.1:8000/?a=1"
                               << "a query";
        QTest::newRow("credentials") << "http://u:p@127.0.0.1:8000"
                                     << "credentials";
        QTest::newRow("scheme") << "127.0.0.1:8000"
                                << "must start with http:// or https://";
    }
    void badTargetsRefused()
    {
        QFETCH(QString, target);
        QFETCH(QString, why);
        test::TempDir dir;
        const auto run = test::cli(replayArgs(hangTrace(dir), target.toStdString(), dir.file("r")));
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.contains(why), qPrintable(run.err));
        QVERIFY(run.err.contains(QLatin1String("--target")));
        QVERIFY(!std::filesystem::exists(dir.file("r")));
    }

    // A target ending in /v1 reaches /v1/completions (not /v1/v1/completions), with a note.
    void v1TargetWorks()
    {
        test::TempDir dir;
        SimServer server(fixedPace(0.002));
        server.start();
        test::writeText(
            dir.file("t.csv"), "id,time_s,adapter,rank,input_len,output_len\n0,0,a,8,10,3\n1,0.01,,0,5,2\n");
        for (const char* tail : { "/v1", "/v1/", "/v1/completions" }) {
            const auto target = "http://127.0.0.1:" + std::to_string(server.port()) + tail;
            const auto run = test::cli(replayArgs(dir.file("t.csv"), target, dir.file("r"))
                << QStringLiteral("--json") << QStringLiteral("--force"));
            QVERIFY2(run.code == 0, qPrintable(run.err));
            QCOMPARE(nlohmann::json::parse(run.out.toStdString())["completed"].get<int>(), 2);
            QVERIFY2(run.err.contains(QLatin1String("requests go to http://127.0.0.1:")), qPrintable(run.err));
            QVERIFY2(run.err.contains(QLatin1String("/v1/completions")), qPrintable(run.err));
        }
    }

    // Everything that can be known before sending is refused before the results
    // folder exists (no manifest with an empty requests.jsonl left behind).
    void preSendChecksLeaveNoFolder_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("why");
        QTest::newRow("unresolvable host") << QStringList {} << "http://nonexistent.invalid:8000"
                                           << "cannot resolve host 'nonexistent.invalid'";
        QTest::newRow("fake PEM") << QStringList { QStringLiteral("--ca-cert"), QStringLiteral("@fake.pem") }
                                  << "https://127.0.0.1:9"
                                  << "cannot load CA certificates";
        QTest::newRow("not PEM") << QStringList { QStringLiteral("--ca-cert"), QStringLiteral("@junk.pem") }
                                 << "https://127.0.0.1:9"
                                 << "no PEM certificate";
        QTest::newRow("CA with http") << QStringList { QStringLiteral("--ca-cert"), QStringLiteral("@fake.pem") }
                                      << "http://127.0.0.1:9"
                                      << "applies to https targets only";
        QTest::newRow("CA device") << QStringList { QStringLiteral("--ca-cert"), QStringLiteral("/dev/zero") }
                                   << "https://127.0.0.1:9"
                                   << "not a regular file";
        QTest::newRow("CA directory") << QStringList { QStringLiteral("--ca-cert"), QStringLiteral("/tmp") }
                                      << "https://127.0.0.1:9"
                                      << "is a directory";
        QTest::newRow("start-at past") << QStringList { QStringLiteral("--start-at"), QStringLiteral("1000") }
                                       << "http://127.0.0.1:9"
                                       << "more than the tolerance of 1 s";
        QTest::newRow("start-at in ms") << QStringList { QStringLiteral("--start-at"), QStringLiteral("1700000000000") }
                                        << "http://127.0.0.1:9"
                                        << "not milliseconds";
        QTest::newRow("metrics url") << QStringList { QStringLiteral("--metrics-url"),
            QStringLiteral("http://127.0.0.1:70000/metrics") }
                                     << "http://127.0.0.1:9"
                                     << "--metrics-url: bad target URL";
    }
    void preSendChecksLeaveNoFolder()
    {
        QFETCH(QStringList, extra);
        QFETCH(QString, target);
        QFETCH(QString, why);
        test::TempDir dir;
        test::writeText(
            dir.file("fake.pem"), "-----BEGIN CERTIFICATE-----\nnot base64 at all!!\n-----END CERTIFICATE-----\n");
        test::writeText(dir.file("junk.pem"), "junk\n");
        for (auto& e : extra)
            if (e.startsWith(QLatin1Char('@')))
                e = q(dir.file(e.mid(1).toStdString()));
        QStringList args = { QStringLiteral("replay"), q(hangTrace(dir)), QStringLiteral("--backend"),
            QStringLiteral("slora"), QStringLiteral("--target"), target, QStringLiteral("--out"), q(dir.file("r")),
            QStringLiteral("--quiet") };
        if (!extra.contains(QLatin1String("--metrics-url")))
            args << QStringLiteral("--no-metrics");
        const auto run = test::cli(args + extra);
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.contains(why), qPrintable(run.err));
        QVERIFY2(!std::filesystem::exists(dir.file("r")), "a results folder was created");
    }

    // A trace time of 1e300 s is refused naming the file and request, not sent at once.
    void hugeTraceTimeRefused()
    {
        test::TempDir dir;
        // 1e300 s: the trace reader refuses it, naming file, line and field.
        test::writeText(
            dir.file("far.csv"), "id,time_s,adapter,rank,input_len,output_len\n0,0,a,8,10,4\n7,1e300,a,8,10,4\n");
        const auto run = test::cli(replayArgs(dir.file("far.csv"), "http://127.0.0.1:9", dir.file("r")));
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.contains(QLatin1String("far.csv:3")) && run.err.contains(QLatin1String("time_s")),
            qPrintable(run.err));
        QVERIFY(!std::filesystem::exists(dir.file("r")));
        // 1e9 s (32 years) is a valid trace time but beyond what a replay waits: refused naming the request.
        test::writeText(
            dir.file("far2.csv"), "id,time_s,adapter,rank,input_len,output_len\n0,0,a,8,10,4\n7,1e9,a,8,10,4\n");
        const auto run2 = test::cli(replayArgs(dir.file("far2.csv"), "http://127.0.0.1:9", dir.file("r")));
        QCOMPARE(run2.code, 1);
        QVERIFY2(run2.err.contains(QLatin1String("far2.csv")) && run2.err.contains(QLatin1String("request id 7"))
                && run2.err.contains(QLatin1String("366 days")),
            qPrintable(run2.err));
        QVERIFY(!std::filesystem::exists(dir.file("r")));
        // --time-scale and --timeout of 1e300 are usage errors (exit 2) naming the flag and its range.
        for (const char* flag : { "--time-scale", "--timeout" }) {
            auto bad = replayArgs(dir.file("far2.csv"), "http://127.0.0.1:9", dir.file("r"));
            bad << QString::fromLatin1(flag) << QStringLiteral("1e300");
            const auto u = test::cli(bad);
            QCOMPARE(u.code, 2);
            QVERIFY2(u.err.contains(QString::fromLatin1(flag) + QStringLiteral(" must be")), qPrintable(u.err));
            QVERIFY(!std::filesystem::exists(dir.file("r")));
        }
        // The longest timeout allowed (10^6 s) does not get in the way: the run completes.
        SimServer server(fixedPace(0.002));
        server.start();
        test::writeText(dir.file("t.csv"), "id,time_s,adapter,rank,input_len,output_len\n0,0,a,8,10,3\n");
        auto args = replayArgs(dir.file("t.csv"), "http://127.0.0.1:" + std::to_string(server.port()), dir.file("r"));
        args << QStringLiteral("--timeout") << QStringLiteral("1e6") << QStringLiteral("--json");
        const auto ok = test::cli(args);
        QVERIFY2(ok.code == 0, qPrintable(ok.err));
        QCOMPARE(nlohmann::json::parse(ok.out.toStdString())["completed"].get<int>(), 1);
    }

    // Out of descriptors: said once with the limit and what to do; every request
    // accounted once; no per-request error flood on stderr.
    // A server that reads a request on a kept-alive connection and closes it without a byte of an
    // answer: the request is sent again on a new connection, and that second attempt is counted,
    // written and summed (it was hidden: 15 requests sent for a 12-request trace, all "completed").
    void resentRequestsAreCounted()
    {
        test::CannedHttpServer server([](const std::string&) {
            test::CannedAnswer a;
            a.contentType = "text/event-stream";
            a.body = "data: {\"choices\":[{\"index\":0,\"text\":\"x\"}]}\n\ndata: [DONE]\n\n";
            return a;
        });
        server.dropFromRequestOnConnection(2); // each connection answers its first request only
        Trace trace;
        trace.adapters = { { "a0", 8 } };
        for (int k = 0; k < 12; ++k)
            trace.requests.push_back(Request { k * 0.05, 0, 4, 1 });
        ReplayOptions o;
        o.target = "http://127.0.0.1:" + std::to_string(server.port());
        o.backend = Backend::OpenAiCompletions;
        o.requestTimeout = 20;
        const ReplayResult result = runReplay(trace, o);
        QCOMPARE(result.records.size(), std::size_t(12));
        std::uint64_t attempts = 0, resent = 0;
        for (const auto& r : result.records) {
            QVERIFY2(r.outcome == Outcome::Completed, r.error.c_str());
            QVERIFY(r.attempts == 1 || r.attempts == 2);
            attempts += r.attempts;
            resent += r.attempts > 1;
            // Written and read back.
            QCOMPARE(recordFromJson(recordToJson(r)).attempts, r.attempts);
        }
        QVERIFY2(resent > 0, "no kept-alive connection was reused: the test did not test");
        // Every request the server read is one attempt of one record: none is unaccounted.
        QCOMPARE(attempts, std::uint64_t(server.requests()));
        QCOMPARE(resent, std::uint64_t(server.dropped()));
        QCOMPARE(summarizeReplay(result.records, {})["resent"].get<std::uint64_t>(), resent);
    }

    // serve-sim with a port per replica checks the descriptor limit before it listens everywhere
    // (it aborted with "Too many open files" past 1,929 ports), and says what is needed.
    void servesimPortsNeedDescriptors()
    {
        const auto freePort = [] {
            SimServer probe(fixedPace(0.01));
            probe.start();
            const auto port = probe.port();
            probe.stop();
            return port;
        };
        const std::uint16_t port = std::min<std::uint16_t>(freePort(), 60000);
        QProcess p;
        p.setChildProcessModifier([] {
            rlimit rl { 64, 64 };
            ::setrlimit(RLIMIT_NOFILE, &rl);
        });
        p.start(QStringLiteral(LORASCOPE_CLI_PATH),
            { QStringLiteral("serve-sim"), QStringLiteral("--replicas"), QStringLiteral("40"),
                QStringLiteral("--ports-per-replica"), QStringLiteral("--port"), QString::number(port),
                QStringLiteral("--duration"), QStringLiteral("0.2") });
        QVERIFY(p.waitForFinished(60000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(err.contains(QLatin1String("--ports-per-replica: 40 replicas need about"))
                && err.contains(QLatin1String("this process may open 64")) && err.contains(QLatin1String("ulimit -n")),
            qPrintable(err));
        QVERIFY(!QString::fromUtf8(p.readAllStandardOutput()).contains(QLatin1String("listening on")));
        // Within the limit: every replica listens.
        const test::Run ok = test::cli({ QStringLiteral("serve-sim"), QStringLiteral("--replicas"), QStringLiteral("3"),
            QStringLiteral("--ports-per-replica"), QStringLiteral("--port"), QString::number(port),
            QStringLiteral("--duration"), QStringLiteral("0.2") });
        QVERIFY2(ok.code == 0, qPrintable(ok.err));
        QCOMPARE(ok.out.count(QLatin1String("listening on")), 3);
    }

    void outOfDescriptorsSaidOnce()
    {
#if defined(__SANITIZE_ADDRESS__)
        // The sanitizer runtime itself needs descriptors: UBSan's vptr check probes memory
        // through a pipe, and with none left it reports every virtual call as invalid (seen
        // here; suppressions do not apply because the type cannot be read either).
        QSKIP("descriptor exhaustion cannot be tested under the sanitizers; the release build tests it");
#endif
        test::TempDir dir;
        SimServer server(fixedPace(0.02)); // 40 tokens × 20 ms: each stream holds its socket ~0.8 s
        server.start();
        std::string csv = "id,time_s,adapter,rank,input_len,output_len\n";
        for (int i = 0; i < 150; ++i)
            csv += std::to_string(i) + ",0,a,8,4,40\n";
        test::writeText(dir.file("burst.csv"), csv);
        QProcess p;
        p.setChildProcessModifier([] {
            rlimit rl { 48, 48 }; // soft = hard: the replay cannot raise it
            ::setrlimit(RLIMIT_NOFILE, &rl);
        });
        p.start(QStringLiteral(LORASCOPE_CLI_PATH),
            replayArgs(dir.file("burst.csv"), "http://127.0.0.1:" + std::to_string(server.port()), dir.file("r"))
                << QStringLiteral("--json"));
        QVERIFY(p.waitForFinished(120000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(err.count(QLatin1String("ran out of file descriptors")), 1);
        QVERIFY2(err.contains(QLatin1String("48 open files")) && err.contains(QLatin1String("ulimit -n"))
                && err.contains(QLatin1String("--max-concurrency")),
            qPrintable(err));
        QVERIFY2(err.count(QLatin1Char('\n')) < 10, qPrintable(err)); // no flood
        const auto recs = jsonLines(dir.file("r/requests.jsonl"));
        QCOMPARE(recs.size(), std::size_t(150));
        std::set<int> ids;
        int fd = 0, completed = 0;
        for (const auto& r : recs) {
            ids.insert(r["id"].get<int>());
            if (r.value("error_kind", std::string()) == "fd_limit")
                ++fd;
            completed += r["outcome"] == "completed";
        }
        QCOMPARE(ids.size(), std::size_t(150));
        QVERIFY2(fd > 0 && completed > 0, (std::to_string(fd) + " " + std::to_string(completed)).c_str());
        QCOMPARE(fd + completed, 150);
        const auto s = nlohmann::json::parse(p.readAllStandardOutput().toStdString());
        QCOMPARE(s["errors"]["fd_limit"].get<int>(), fd);
        QCOMPARE(s["fd_exhausted"].get<int>(), fd);
    }
};

QTEST_GUILESS_MAIN(TestReplayHardening)
#include "tst_replayhardening.moc"
