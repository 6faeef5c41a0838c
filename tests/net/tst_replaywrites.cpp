// SPDX-License-Identifier: Apache-2.0
// A replay's results folder against the real serve-sim and the real lorascope-cli: one writer per
// folder (two replays started together with the same new --out: exactly one writes, the other is
// refused before it writes anything), a full disk (RLIMIT_FSIZE with SIGXFSZ ignored: the first
// failed append is said at once naming requests.jsonl, the file keeps whole lines only, the counts
// are said at the end, the summary is still printed), and a run whose server failed most requests
// (serve-sim --error-rate), which calibrate and validate leave out loudly instead of fitting.

#include "formats/traceio.h"
#include "replay/metrics.h"

#include "../core/testutil.h"

#include <nlohmann/json.hpp>

#include <QProcess>
#include <QtTest>

#include <fstream>

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <unistd.h>

using namespace lorascope;

namespace {

const QString kCli = QStringLiteral(LORASCOPE_CLI_PATH);

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

/// `serve-sim --port 0 ARGS`; returns its port (from its first stdout line), -1 on failure.
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

std::string makeTrace(const test::TempDir& dir, std::size_t n, std::uint32_t outLen)
{
    Trace t;
    t.adapters = { { "a0", 8 }, { "a1", 16 } };
    for (std::size_t i = 0; i < n; ++i)
        t.requests.push_back(Request { double(i) * 0.01, std::uint32_t(i % 2), 5, outLen });
    const auto path = dir.file("trace.jsonl");
    writeTrace(t, path);
    return path;
}

QStringList replayArgs(const std::string& trace, int port, const std::string& out)
{
    return { QStringLiteral("replay"), q(trace), QStringLiteral("--target"),
        QStringLiteral("http://127.0.0.1:%1").arg(port), QStringLiteral("--backend"),
        QStringLiteral("openai-completions"), QStringLiteral("--out"), q(out), QStringLiteral("--quiet"),
        QStringLiteral("--no-metrics") };
}

struct Done {
    int code;
    QString out, err;
};

Done finish(QProcess& p)
{
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished(5000);
        return { -1, {}, QStringLiteral("timed out") };
    }
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, QString::fromUtf8(p.readAllStandardOutput()),
        QString::fromUtf8(p.readAllStandardError()) };
}

/// Every line of requests.jsonl parses as a record (no torn or interleaved line); their number.
std::size_t wholeRecords(const std::string& file)
{
    std::ifstream in(file);
    std::string line;
    std::size_t n = 0;
    while (std::getline(in, line)) {
        const auto j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_discarded())
            return std::size_t(-1);
        recordFromJson(j);
        ++n;
    }
    return n;
}

} // namespace

class TestReplayWrites : public QObject {
    Q_OBJECT
private slots:
    void oneWriterPerFolder()
    {
        test::TempDir dir;
        QProcess server;
        const int port = startServer(server, { QStringLiteral("--token-ms"), QStringLiteral("2") });
        QVERIFY(port > 0);
        const auto trace = makeTrace(dir, 40, 4);
        // Two replays started together with the same new --out: one writes, the other is refused
        // (by the claim, or, if the first was already done, by the folder holding its results).
        QProcess a, b;
        a.start(kCli, replayArgs(trace, port, dir.file("run")));
        b.start(kCli, replayArgs(trace, port, dir.file("run")));
        const Done da = finish(a), db = finish(b);
        QVERIFY2((da.code == 0) != (db.code == 0), qPrintable(da.err + db.err));
        const Done& refused = da.code == 0 ? db : da;
        QCOMPARE(refused.code, 1);
        QVERIFY2(refused.err.contains(QLatin1String("another process is writing its results into this folder"))
                || refused.err.contains(QLatin1String("already holds files")),
            qPrintable(refused.err));
        QCOMPARE(wholeRecords(dir.file("run/requests.jsonl")), std::size_t(40));
        const auto summary = test::readJsonFile(dir.file("run/summary.json"));
        QCOMPARE(summary["completed"].get<int>(), 40);

        // A folder another process holds (as a running replay does): refused before anything is
        // written into it, whatever --force says.
        std::filesystem::create_directories(dir.file("held"));
        const int fd = ::open(dir.file("held").c_str(), O_RDONLY | O_DIRECTORY);
        QVERIFY(fd >= 0 && ::flock(fd, LOCK_EX | LOCK_NB) == 0);
        QProcess c;
        c.start(kCli, replayArgs(trace, port, dir.file("held")) << QStringLiteral("--force"));
        const Done dc = finish(c);
        ::close(fd);
        QCOMPARE(dc.code, 1);
        QVERIFY2(dc.err.contains(QLatin1String("--out"))
                && dc.err.contains(QLatin1String("another process is writing its results into this folder")),
            qPrintable(dc.err));
        QVERIFY(std::filesystem::is_empty(dir.file("held")));
        stopServer(server);
    }

    void fullDiskIsSaidAtOnceAndCounted()
    {
        test::TempDir dir;
        QProcess server;
        const int port = startServer(server, { QStringLiteral("--token-ms"), QStringLiteral("1") });
        QVERIFY(port > 0);
        const auto trace = makeTrace(dir, 120, 8);
        // Files of at most 24 KiB (bash's ulimit -f counts KiB): the manifest fits, requests.jsonl
        // fills up after a few dozen records. SIGXFSZ is ignored, so writes fail with EFBIG as
        // they would with ENOSPC on a full disk.
        QStringList args = replayArgs(trace, port, dir.file("run"));
        QProcess p;
        p.start(QStringLiteral("bash"),
            QStringList { QStringLiteral("-c"), QStringLiteral("trap '' XFSZ; ulimit -f 24; exec \"$0\" \"$@\""), kCli }
                + args);
        const Done d = finish(p);
        QCOMPARE(d.code, 1);
        const std::string file = dir.file("run/requests.jsonl");
        // Said at once (the first error line names the file and the record), then counted.
        QVERIFY2(
            d.err.contains(q(file) + QStringLiteral(": write failed: File too large, at record")), qPrintable(d.err));
        QVERIFY2(d.err.contains(QLatin1String("stopping the run")), qPrintable(d.err));
        const std::size_t kept = wholeRecords(file);
        QVERIFY2(kept > 0 && kept < 120, qPrintable(QString::number(kept)));
        QVERIFY2(d.err.contains(QStringLiteral("holds %1 of the 120 request records").arg(kept)), qPrintable(d.err));
        QVERIFY2(d.err.contains(QStringLiteral("%1 could not be written").arg(120 - kept)), qPrintable(d.err));
        // The summary is printed, counting every request.
        QVERIFY2(d.out.contains(QLatin1String("Completed requests:")), qPrintable(d.out));
        stopServer(server);
    }

    void mostlyFailedRunsAreLeftOut()
    {
        test::TempDir dir;
        QProcess server;
        const int port = startServer(server,
            { QStringLiteral("--token-ms"), QStringLiteral("1"), QStringLiteral("--error-rate"),
                QStringLiteral("0.9") });
        QVERIFY(port > 0);
        const auto trace = makeTrace(dir, 60, 4);
        QProcess r;
        r.start(kCli, replayArgs(trace, port, dir.file("run")));
        const Done d = finish(r);
        QCOMPARE(d.code, 0);
        stopServer(server);
        for (const char* command : { "calibrate", "validate" }) {
            QStringList args = { QString::fromUtf8(command), QStringLiteral("--replay"), q(dir.file("run")) };
            if (std::string(command) == "calibrate")
                args << QStringLiteral("--coefficients") << QStringLiteral("-o") << q(dir.file("m.json"));
            else
                args << QStringLiteral("--cost-model") << QStringLiteral("llama-7b-a10g");
            QProcess c;
            c.start(kCli, args);
            const Done dc = finish(c);
            QCOMPARE(dc.code, 1);
            QVERIFY2(dc.err.contains(QLatin1String("requests sent failed (http_status"))
                    && dc.err.contains(QLatin1String("left out")),
                qPrintable(dc.err));
            QVERIFY2(dc.err.contains(QLatin1String("no replay run is left to use")), qPrintable(dc.err));
            QVERIFY(!std::filesystem::exists(dir.file("m.json")));
        }
    }
};

QTEST_GUILESS_MAIN(TestReplayWrites)
#include "tst_replaywrites.moc"
