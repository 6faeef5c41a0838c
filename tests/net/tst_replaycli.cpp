// SPDX-License-Identifier: Apache-2.0
// The real lorascope-cli binaries: `serve-sim` on 127.0.0.1 with a port it picks and prints,
// and `replay` against it; Ctrl-C and SIGKILL in the middle of a replay.

#include "formats/traceio.h"
#include "replay/metrics.h"

#include "../core/testutil.h"

#include <QProcess>
#include <QtTest>

#include <fstream>
#include <set>

#include <signal.h>

using namespace lorascope;

namespace {

const QString kCli = QStringLiteral(LORASCOPE_CLI_PATH);

// Starts `serve-sim --port 0 ARGS` and returns its port (read from the first stdout line).
int startServer(QProcess& p, const QStringList& extra)
{
    p.start(kCli, QStringList { QStringLiteral("serve-sim"), QStringLiteral("--port"), QStringLiteral("0") } + extra);
    if (!p.waitForStarted(10000))
        return -1;
    for (int i = 0; i < 100 && !p.canReadLine(); ++i)
        p.waitForReadyRead(100);
    const QString line = QString::fromUtf8(p.readLine()).trimmed();
    if (!line.startsWith(QLatin1String("listening on 127.0.0.1:")))
        return -1;
    return line.section(QLatin1Char(':'), -1).toInt();
}

void stopServer(QProcess& p)
{
    if (p.state() == QProcess::NotRunning)
        return;
    ::kill(pid_t(p.processId()), SIGTERM);
    if (!p.waitForFinished(10000))
        p.kill();
}

std::string writeTestTrace(const test::TempDir& dir, std::size_t n, double gap, std::uint32_t outLen)
{
    Trace t;
    t.adapters = { { "a0", 8 }, { "a1", 16 } };
    for (std::size_t i = 0; i < n; ++i)
        t.requests.push_back(Request { double(i) * gap, std::uint32_t(i % 2), 5, outLen + std::uint32_t(i % 4) });
    const auto path = dir.file("trace.jsonl");
    writeTrace(t, path);
    return path;
}

std::vector<std::string> lines(const std::string& path)
{
    std::ifstream in(path);
    std::vector<std::string> out;
    std::string l;
    while (std::getline(in, l))
        out.push_back(l);
    return out;
}

} // namespace

class TestReplayCli : public QObject {
    Q_OBJECT
private slots:
    void replayAgainstServeSim()
    {
        test::TempDir dir;
        QProcess server;
        const int port = startServer(server, { QStringLiteral("--token-ms"), QStringLiteral("10") });
        QVERIFY(port > 0);
        const auto trace = writeTestTrace(dir, 12, 0.01, 4);
        QProcess replay;
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LORASCOPE_API_KEY"), QStringLiteral("top-secret-token-42"));
        replay.setProcessEnvironment(env);
        replay.start(kCli,
            { QStringLiteral("replay"), QString::fromStdString(trace), QStringLiteral("--target"),
                QStringLiteral("http://127.0.0.1:%1").arg(port), QStringLiteral("--backend"),
                QStringLiteral("openai-chat"), QStringLiteral("--out"), QString::fromStdString(dir.file("run")),
                QStringLiteral("--json"), QStringLiteral("--slo"), QStringLiteral("ttft=10000,e2el=60000") });
        QVERIFY(replay.waitForFinished(60000));
        QVERIFY2(replay.exitCode() == 0, replay.readAllStandardError().constData());
        const auto out = nlohmann::json::parse(replay.readAllStandardOutput().toStdString());
        QCOMPARE(out["completed"].get<int>(), 12);
        const auto summary = test::readJsonFile(dir.file("run/summary.json"));
        for (const char* key :
            { "completed", "failed", "request_throughput", "output_throughput", "total_token_throughput",
                "mean_ttft_ms", "median_ttft_ms", "p99_ttft_ms", "p90_ttft_ms", "mean_tpot_ms", "p99_tpot_ms",
                "mean_itl_ms", "mean_e2el_ms", "request_goodput", "per_adapter", "slora_attainment" })
            QVERIFY2(summary.contains(key), key);
        QCOMPARE(summary["request_goodput"].get<double>(), summary["request_throughput"].get<double>());
        QCOMPARE(summary["per_adapter"]["a0"]["completed"].get<int>(), 6);
        const auto priority = summary["dispatcher_priority"].get<std::string>();
        QVERIFY2(priority == "realtime" || priority == "short_slice" || priority == "normal", priority.c_str());
        QCOMPARE(lines(dir.file("run/requests.jsonl")).size(), std::size_t(12));
        const auto manifest = test::readJsonFile(dir.file("run/manifest.json"));
        QCOMPARE(manifest["backend"].get<std::string>(), std::string("openai-chat"));
        QCOMPARE(manifest["trace"]["sha256"].get<std::string>().size(), std::size_t(64));
        for (const char* f : { "run/manifest.json", "run/summary.json", "run/requests.jsonl" })
            QVERIFY(test::readText(dir.file(f)).find("top-secret") == std::string::npos);
        stopServer(server);
        QCOMPARE(server.exitStatus(), QProcess::NormalExit);
        QCOMPARE(server.exitCode(), 0);
    }

    // summary.json says at what priority the dispatcher ran; --no-realtime keeps it off real-time priority.
    void noRealtimeIsRecorded()
    {
        test::TempDir dir;
        QProcess server;
        const int port = startServer(server, { QStringLiteral("--token-ms"), QStringLiteral("1") });
        QVERIFY(port > 0);
        const auto trace = writeTestTrace(dir, 4, 0.01, 2);
        QProcess replay;
        replay.start(kCli,
            { QStringLiteral("replay"), QString::fromStdString(trace), QStringLiteral("--target"),
                QStringLiteral("http://127.0.0.1:%1").arg(port), QStringLiteral("--backend"), QStringLiteral("slora"),
                QStringLiteral("--out"), QString::fromStdString(dir.file("run")), QStringLiteral("--quiet"),
                QStringLiteral("--no-metrics"), QStringLiteral("--no-realtime") });
        QVERIFY(replay.waitForFinished(60000));
        QVERIFY2(replay.exitCode() == 0, replay.readAllStandardError().constData());
        const auto summary = test::readJsonFile(dir.file("run/summary.json"));
        const auto priority = summary["dispatcher_priority"].get<std::string>();
        QVERIFY2(priority == "short_slice" || priority == "normal", priority.c_str());
        QCOMPARE(summary["completed"].get<int>(), 4);
        stopServer(server);
    }

    void ctrlCStillWritesSummary()
    {
        test::TempDir dir;
        QProcess server;
        const int port = startServer(server, { QStringLiteral("--token-ms"), QStringLiteral("20") });
        QVERIFY(port > 0);
        const auto trace = writeTestTrace(dir, 40, 0.05, 100); // 2 s of arrivals, 2 s streams
        QProcess replay;
        replay.start(kCli,
            { QStringLiteral("replay"), QString::fromStdString(trace), QStringLiteral("--target"),
                QStringLiteral("http://127.0.0.1:%1").arg(port), QStringLiteral("--backend"), QStringLiteral("slora"),
                QStringLiteral("--out"), QString::fromStdString(dir.file("run")), QStringLiteral("--quiet") });
        QVERIFY(replay.waitForStarted(10000));
        QTest::qWait(700);
        ::kill(pid_t(replay.processId()), SIGINT);
        QVERIFY(replay.waitForFinished(30000));
        QCOMPARE(replay.exitStatus(), QProcess::NormalExit);
        QCOMPARE(replay.exitCode(), 1);
        const auto all = lines(dir.file("run/requests.jsonl"));
        QCOMPARE(all.size(), std::size_t(40));
        std::set<std::uint64_t> seen;
        std::size_t cancelled = 0;
        for (const auto& l : all) {
            const auto r = recordFromJson(nlohmann::json::parse(l));
            QVERIFY(seen.insert(r.index).second);
            cancelled += r.outcome == Outcome::Cancelled;
        }
        QVERIFY(cancelled > 0);
        const auto summary = test::readJsonFile(dir.file("run/summary.json"));
        QCOMPARE(summary["cancelled"].get<std::size_t>(), cancelled);
        QCOMPARE(summary["cancelled_run"].get<bool>(), true);
        stopServer(server);
    }

    void sigkillLeavesParsableLines()
    {
        test::TempDir dir;
        QProcess server;
        const int port = startServer(server, { QStringLiteral("--token-ms"), QStringLiteral("5") });
        QVERIFY(port > 0);
        const auto trace = writeTestTrace(dir, 300, 0.01, 3);
        QProcess replay;
        replay.start(kCli,
            { QStringLiteral("replay"), QString::fromStdString(trace), QStringLiteral("--target"),
                QStringLiteral("http://127.0.0.1:%1").arg(port), QStringLiteral("--backend"), QStringLiteral("tgi"),
                QStringLiteral("--out"), QString::fromStdString(dir.file("run")), QStringLiteral("--quiet") });
        QVERIFY(replay.waitForStarted(10000));
        const auto jsonl = dir.file("run/requests.jsonl");
        for (int i = 0; i < 200 && lines(jsonl).size() < 20; ++i)
            QTest::qWait(25);
        ::kill(pid_t(replay.processId()), SIGKILL);
        QVERIFY(replay.waitForFinished(10000));
        QCOMPARE(replay.exitStatus(), QProcess::CrashExit);
        const auto text = test::readText(jsonl);
        QVERIFY(!text.empty());
        QCOMPARE(text.back(), '\n'); // no torn last line
        const auto all = lines(jsonl);
        QVERIFY(all.size() >= 20);
        QVERIFY(all.size() < 300); // really killed mid-run
        for (const auto& l : all) {
            const auto r = recordFromJson(nlohmann::json::parse(l));
            QVERIFY(r.outcome == Outcome::Completed);
        }
        stopServer(server);
    }

    void unreachableTargetExitsNonZero()
    {
        test::TempDir dir;
        QProcess server;
        const int port = startServer(server, {});
        QVERIFY(port > 0);
        stopServer(server); // the port is now closed
        const auto trace = writeTestTrace(dir, 3, 0.0, 2);
        QProcess replay;
        replay.start(kCli,
            { QStringLiteral("replay"), QString::fromStdString(trace), QStringLiteral("--target"),
                QStringLiteral("http://127.0.0.1:%1").arg(port), QStringLiteral("--backend"), QStringLiteral("sglang"),
                QStringLiteral("--out"), QString::fromStdString(dir.file("run")), QStringLiteral("--quiet") });
        QVERIFY(replay.waitForFinished(30000));
        QCOMPARE(replay.exitCode(), 1);
        QVERIFY(replay.readAllStandardError().contains("could not reach"));
        QCOMPARE(lines(dir.file("run/requests.jsonl")).size(), std::size_t(3));
    }

    void deadTargetStopsAfterConsecutiveConnectFailures()
    {
        // 40 requests 0.5 s apart to a closed port: the replay stops after the first 8 fail to
        // connect, says what failed and how to check, and records the rest as cancelled (not sent).
        test::TempDir dir;
        QProcess server;
        const int port = startServer(server, {});
        QVERIFY(port > 0);
        stopServer(server);
        const auto trace = writeTestTrace(dir, 40, 0.5, 2);
        QProcess replay;
        replay.start(kCli,
            { QStringLiteral("replay"), QString::fromStdString(trace), QStringLiteral("--target"),
                QStringLiteral("http://127.0.0.1:%1").arg(port), QStringLiteral("--backend"), QStringLiteral("sglang"),
                QStringLiteral("--out"), QString::fromStdString(dir.file("run")), QStringLiteral("--quiet") });
        QVERIFY(replay.waitForFinished(60000));
        QCOMPARE(replay.exitCode(), 1);
        const QByteArray err = replay.readAllStandardError();
        QVERIFY2(err.contains("the first 8 requests could not connect to"), err.constData());
        QVERIFY2(err.contains("check that the server runs"), err.constData());
        const auto records = lines(dir.file("run/requests.jsonl"));
        QCOMPARE(records.size(), std::size_t(40));
        std::size_t failed = 0, cancelled = 0;
        for (const auto& line : records) {
            const auto j = nlohmann::json::parse(line);
            failed += j.value("outcome", std::string()) == "failed";
            cancelled += j.value("outcome", std::string()) == "cancelled";
        }
        QVERIFY2(failed >= 8 && cancelled > 0 && failed + cancelled == 40,
            qPrintable(QStringLiteral("%1 failed, %2 cancelled").arg(failed).arg(cancelled)));
    }

    void usageErrors()
    {
        QProcess p;
        p.start(kCli,
            { QStringLiteral("replay"), QStringLiteral("x.jsonl"), QStringLiteral("--backend"),
                QStringLiteral("slora") });
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains("--target"));
        test::TempDir dir;
        const auto trace = writeTestTrace(dir, 1, 0.0, 1);
        p.start(kCli,
            { QStringLiteral("replay"), QString::fromStdString(trace), QStringLiteral("--target"),
                QStringLiteral("http://127.0.0.1:1"), QStringLiteral("--backend"), QStringLiteral("nope"),
                QStringLiteral("--out"), QString::fromStdString(dir.file("run")) });
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(p.readAllStandardError().contains("--backend"));
        p.start(kCli, { QStringLiteral("serve-sim"), QStringLiteral("--error-rate"), QStringLiteral("1.5") });
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 2); // out of its range: a usage error (cli/options.cpp)
        QVERIFY(p.readAllStandardError().contains("--error-rate"));
        // A trace without requests (a header line only) is refused, naming the file, before any
        // results folder is made.
        const std::string empty = dir.file("empty.jsonl");
        {
            std::ofstream out(empty);
            out << "{\"schemaVersion\":1}\n";
        }
        p.start(kCli,
            { QStringLiteral("replay"), QString::fromStdString(empty), QStringLiteral("--target"),
                QStringLiteral("http://127.0.0.1:1"), QStringLiteral("--backend"), QStringLiteral("slora"),
                QStringLiteral("--out"), QString::fromStdString(dir.file("run-empty")) });
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 1);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.contains("empty.jsonl") && err.contains("no requests"), err.constData());
        QVERIFY(!QFileInfo::exists(QString::fromStdString(dir.file("run-empty"))));
    }
};

QTEST_GUILESS_MAIN(TestReplayCli)
#include "tst_replaycli.moc"
