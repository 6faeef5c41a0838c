// SPDX-License-Identifier: Apache-2.0
// `replay --fail-if` against the real simulated server on 127.0.0.1: a failing condition exits 3
// with the metric, value and bound on stderr and a JUnit file; a passing one exits 0; a bad
// condition is a usage error before anything is sent; the manifest records the command line
// without the API key.
#include "formats/traceio.h"

#include "../core/testutil.h"

#include <QFile>
#include <QProcess>
#include <QtTest>

#include <filesystem>

#include <signal.h>

using namespace lorascope;

namespace {

const QString kCli = QStringLiteral(LORASCOPE_CLI_PATH);

int startServer(QProcess& p)
{
    p.start(kCli,
        { QStringLiteral("serve-sim"), QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--token-ms"),
            QStringLiteral("5") });
    if (!p.waitForStarted(10000))
        return -1;
    for (int i = 0; i < 100 && !p.canReadLine(); ++i)
        p.waitForReadyRead(100);
    const QString line = QString::fromUtf8(p.readLine()).trimmed();
    return line.startsWith(QLatin1String("listening on 127.0.0.1:")) ? line.section(QLatin1Char(':'), -1).toInt() : -1;
}

struct Result {
    int code;
    QString err;
};

Result run(const QStringList& args)
{
    QProcess p;
    p.start(kCli, args);
    if (!p.waitForFinished(120000)) {
        p.kill();
        return { -1, QStringLiteral("timed out") };
    }
    return { p.exitCode(), QString::fromUtf8(p.readAllStandardError()) };
}

} // namespace

class TestReplayGates : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void gatesOnARealReplay()
    {
        test::TempDir dir;
        Trace t;
        t.adapters = { { "a0", 8 }, { "a1", 16 } };
        for (std::size_t i = 0; i < 12; ++i)
            t.requests.push_back(Request { double(i) * 0.01, std::uint32_t(i % 2), 5, 4 });
        const auto trace = QString::fromStdString(dir.file("trace.jsonl"));
        writeTrace(t, trace.toStdString());
        QProcess server;
        const int port = startServer(server);
        QVERIFY(port > 0);
        const QString target = QStringLiteral("http://127.0.0.1:%1").arg(port);
        const QStringList base
            = { QStringLiteral("replay"), trace, QStringLiteral("--target"), target, QStringLiteral("--backend"),
                  QStringLiteral("openai-completions"), QStringLiteral("--quiet"), QStringLiteral("--no-metrics") };

        // A bad condition: usage error, nothing created.
        const QString never = QString::fromStdString(dir.file("never"));
        auto r = run(base
            + QStringList { QStringLiteral("--out"), never, QStringLiteral("--fail-if"),
                QStringLiteral("p99_ttft_milliseconds>5") });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("unknown metric \"p99_ttft_milliseconds\"")), qPrintable(r.err));
        QVERIFY(!std::filesystem::exists(never.toStdString()));

        // A failing gate: exit 3, the metric, value and bound on stderr, JUnit written.
        const QString junit = QString::fromStdString(dir.file("gates.xml"));
        const QString out = QString::fromStdString(dir.file("run1"));
        r = run(base
            + QStringList { QStringLiteral("--out"), out, QStringLiteral("--fail-if"),
                QStringLiteral("completed<1000,failed>0"), QStringLiteral("--junit"), junit,
                QStringLiteral("--api-key"), QStringLiteral("s3cret") });
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains(QStringLiteral("gate failed: completed = 12, < 1000 (gate completed<1000 failed)"))
                || r.err.contains(QStringLiteral("gate failed: completed = 12 < 1000 (gate completed<1000 failed)")),
            qPrintable(r.err));
        QVERIFY(!r.err.contains(QStringLiteral("gate failed: failed")));
        QFile f(junit);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("tests=\"2\" failures=\"1\""));
        // The command line is in the manifest, the API key is not.
        const auto manifest = test::readJsonFile(out.toStdString() + "/manifest.json");
        const std::string cmd = manifest["command_line"];
        QVERIFY2(cmd.find("--fail-if completed<1000,failed>0") != std::string::npos
                || cmd.find("'completed<1000,failed>0'") != std::string::npos,
            cmd.c_str());
        QVERIFY(cmd.find("s3cret") == std::string::npos);
        QVERIFY(cmd.find("--api-key '(not recorded)'") != std::string::npos);

        // Passing gates: exit 0.
        r = run(base
            + QStringList { QStringLiteral("--out"), QString::fromStdString(dir.file("run2")),
                QStringLiteral("--fail-if"), QStringLiteral("failed>0,p99_ttft_ms>60000") });
        QCOMPARE(r.code, 0);
        QVERIFY(!r.err.contains(QStringLiteral("gate failed")));
        ::kill(pid_t(server.processId()), SIGTERM);
        server.waitForFinished(10000);
    }
};

QTEST_GUILESS_MAIN(TestReplayGates)
#include "tst_replaygates.moc"
