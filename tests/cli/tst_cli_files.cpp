// SPDX-License-Identifier: Apache-2.0
// Files given to the real binary: deeply nested JSON in every
// JSON input, inputs that are not files, outputs that are inputs or read-only, special outputs,
// and temporary files removed when a signal ends a write.

#include "../core/testutil.h"
#include "clitestutil.h"

#include <QtTest>

#include <filesystem>
#include <thread>

#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

using namespace lorascope;

namespace {
using test::cli;
using test::q;
using test::Run;

const char* const kCsv
    = "id,time_s,adapter,rank,input_len,output_len\n0,0,a,8,10,20\n1,0.5,b,8,30,40\n2,1.5,a,8,50,60\n";

std::string nested(int depth)
{
    return std::string(static_cast<std::size_t>(depth), '[') + std::string(static_cast<std::size_t>(depth), ']');
}

std::vector<std::string> filesIn(const std::filesystem::path& dir)
{
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

class TestCliFiles : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void deeplyNestedJsonEverywhere_data()
    {
        QTest::addColumn<QString>("file"); // the file holding the nested JSON
        QTest::addColumn<QString>("content");
        QTest::addColumn<QStringList>("args"); // F = that file, T = a good CSV trace, O = an output
        const QString deep = QString::fromStdString("{\"rate\":" + nested(50000) + "}");
        const QString deepLine = QString::fromStdString("{\"time_s\":" + nested(50000) + "}\n");
        QTest::newRow("generate --spec") << "d.json" << deep
                                         << QStringList { QStringLiteral("generate"), QStringLiteral("--spec"),
                                                QStringLiteral("F"), QStringLiteral("-o"), QStringLiteral("O") };
        QTest::newRow("stats jsonl") << "d.jsonl" << deepLine
                                     << QStringList { QStringLiteral("stats"), QStringLiteral("F") };
        QTest::newRow("convert jsonl") << "d.jsonl" << deepLine
                                       << QStringList { QStringLiteral("convert"), QStringLiteral("F"),
                                              QStringLiteral("O") };
        QTest::newRow("fit jsonl") << "d.jsonl" << deepLine
                                   << QStringList { QStringLiteral("fit"), QStringLiteral("F") };
        QTest::newRow("simulate jsonl") << "d.jsonl" << deepLine
                                        << QStringList { QStringLiteral("simulate"), QStringLiteral("F"),
                                               QStringLiteral("--requests-out"), QStringLiteral("O") };
        QTest::newRow("mooncake line") << "d.mooncake.jsonl"
                                       << QString::fromStdString("{\"timestamp\":" + nested(50000) + "}\n")
                                       << QStringList { QStringLiteral("stats"), QStringLiteral("F") };
        QTest::newRow("guidellm line") << "d.guidellm.jsonl"
                                       << QString::fromStdString(
                                              "{\"timestamp\":1,\"input_length\":" + nested(50000) + "}\n")
                                       << QStringList { QStringLiteral("stats"), QStringLiteral("F") };
        QTest::newRow("json document") << "d.json" << QString::fromStdString("{\"requests\":" + nested(50000) + "}")
                                       << QStringList { QStringLiteral("stats"), QStringLiteral("F"),
                                              QStringLiteral("--format"), QStringLiteral("json") };
        QTest::newRow("slora document") << "d.slora.json"
                                        << QString::fromStdString("{\"requests\":[" + nested(50000) + "]}")
                                        << QStringList { QStringLiteral("stats"), QStringLiteral("F") };
        QTest::newRow("simulate --ranks")
            << "r.json" << QString::fromStdString(nested(50000))
            << QStringList { QStringLiteral("simulate"), QStringLiteral("T"), QStringLiteral("--ranks"),
                   QStringLiteral("F"), QStringLiteral("--requests-out"), QStringLiteral("O") };
        QTest::newRow("simulate --cost-model")
            << "c.json" << deep
            << QStringList { QStringLiteral("simulate"), QStringLiteral("T"), QStringLiteral("--cost-model"),
                   QStringLiteral("F"), QStringLiteral("--requests-out"), QStringLiteral("O") };
        QTest::newRow("10,000 levels") << "d.json" << QString::fromStdString("{\"rate\":" + nested(10000) + "}")
                                       << QStringList { QStringLiteral("generate"), QStringLiteral("--spec"),
                                              QStringLiteral("F"), QStringLiteral("-o"), QStringLiteral("O") };
        QTest::newRow("99 levels, wrong type") << "d.json" << QString::fromStdString("{\"rate\":" + nested(99) + "}")
                                               << QStringList { QStringLiteral("generate"), QStringLiteral("--spec"),
                                                      QStringLiteral("F"), QStringLiteral("-o"), QStringLiteral("O") };
    }
    void deeplyNestedJsonEverywhere()
    {
        QFETCH(QString, file);
        QFETCH(QString, content);
        QFETCH(QStringList, args);
        test::TempDir dir;
        test::writeText(dir.file(file.toStdString()), content.toStdString());
        test::writeText(dir.file("t.csv"), kCsv);
        for (auto& a : args)
            a = a == QLatin1String("F")   ? q(dir.file(file.toStdString()))
                : a == QLatin1String("T") ? q(dir.file("t.csv"))
                : a == QLatin1String("O") ? q(dir.file("out.jsonl"))
                                          : a;
        const Run r = cli(args);
        QCOMPARE(r.code, 1); // not a crash (-2), not a hang (-1)
        QVERIFY2(r.err.contains(file), qPrintable(r.err));
        QVERIFY2(r.err.size() < 400, qPrintable(r.err)); // a short message, whatever the value
        QVERIFY(!QFileInfo::exists(q(dir.file("out.jsonl"))));
    }

    void inputsThatAreNotFiles_data()
    {
        QTest::addColumn<QStringList>("args"); // D = a directory, T = a good trace, O = an output
        QTest::addColumn<QString>("message");
        QTest::newRow("spec /dev/zero") << QStringList { QStringLiteral("generate"), QStringLiteral("--spec"),
            QStringLiteral("/dev/zero"), QStringLiteral("-o"), QStringLiteral("O") }
                                        << "/dev/zero: spec file: is not a regular file (it is a character device)";
        QTest::newRow("spec directory") << QStringList { QStringLiteral("generate"), QStringLiteral("--spec"),
            QStringLiteral("D"), QStringLiteral("-o"), QStringLiteral("O") }
                                        << "spec file: is a directory";
        QTest::newRow("ranks /dev/zero") << QStringList { QStringLiteral("simulate"), QStringLiteral("T"),
            QStringLiteral("--ranks"), QStringLiteral("/dev/zero"), QStringLiteral("--requests-out"),
            QStringLiteral("O") } << "/dev/zero: ranks file: is not a regular file";
        QTest::newRow("cost model directory") << QStringList { QStringLiteral("simulate"), QStringLiteral("T"),
            QStringLiteral("--cost-model"), QStringLiteral("D"), QStringLiteral("--requests-out"), QStringLiteral("O") }
                                              << "cost model file: is a directory";
        QTest::newRow("trace /dev/zero") << QStringList { QStringLiteral("stats"), QStringLiteral("/dev/zero") }
                                         << "/dev/zero: trace file: is not a regular file";
        QTest::newRow("trace directory") << QStringList { QStringLiteral("stats"), QStringLiteral("D") }
                                         << "trace file: is a directory";
        QTest::newRow("convert directory") << QStringList { QStringLiteral("convert"), QStringLiteral("D"),
            QStringLiteral("O") } << "trace file: is a directory";
        QTest::newRow("fit /dev/zero") << QStringList { QStringLiteral("fit"), QStringLiteral("/dev/zero"),
            QStringLiteral("--format"), QStringLiteral("csv") }
                                       << "/dev/zero: trace file: is not a regular file";
        QTest::newRow("prompts /dev/zero") << QStringList { QStringLiteral("replay"), QStringLiteral("T"),
            QStringLiteral("--target"), QStringLiteral("http://127.0.0.1:1"), QStringLiteral("--backend"),
            QStringLiteral("slora"), QStringLiteral("--out"), QStringLiteral("O"), QStringLiteral("--prompts"),
            QStringLiteral("/dev/zero") } << "/dev/zero: prompts file: is not a regular file";
        QTest::newRow("S-LoRA results /dev/zero") << QStringList { QStringLiteral("validate"),
            QStringLiteral("--slora-results"), QStringLiteral("/dev/zero"), QStringLiteral("--setting"),
            QStringLiteral("S1"), QStringLiteral("--gpu"), QStringLiteral("a10g"), QStringLiteral("--num-token"),
            QStringLiteral("14500") } << "/dev/zero: S-LoRA result file: is not a regular file";
        QTest::newRow("sweep cost model /dev/zero") << QStringList { QStringLiteral("sweep"),
            QStringLiteral("--preset"), QStringLiteral("S1"), QStringLiteral("--param"), QStringLiteral("rate"),
            QStringLiteral("--values"), QStringLiteral("1"), QStringLiteral("--cost-model"),
            QStringLiteral("/dev/zero") } << "/dev/zero: cost model file: is not a regular file";
        QTest::newRow("missing trace") << QStringList { QStringLiteral("stats"), QStringLiteral("D/nope.csv") }
                                       << "nope.csv: trace file: no such file";
    }
    void inputsThatAreNotFiles()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        test::TempDir dir;
        std::filesystem::create_directories(dir.path / "sub");
        test::writeText(dir.file("t.csv"), kCsv);
        for (auto& a : args) {
            if (a == QLatin1String("D"))
                a = q(dir.file("sub"));
            else if (a == QLatin1String("D/nope.csv"))
                a = q(dir.file("sub/nope.csv"));
            else if (a == QLatin1String("T"))
                a = q(dir.file("t.csv"));
            else if (a == QLatin1String("O"))
                a = q(dir.file("out.jsonl"));
        }
        const Run r = cli(args);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(q(dir.file("out.jsonl"))));
    }

    void pipesStreamWhenTheFormatIsKnown()
    {
        test::TempDir dir;
        const std::string fifo = dir.file("trace.fifo");
        QVERIFY(::mkfifo(fifo.c_str(), 0600) == 0);
        // Without a format the content would have to be read twice: refused, naming the flag.
        const Run r = cli({ QStringLiteral("stats"), q(fifo) });
        QCOMPARE(r.code, 1);
        QVERIFY2(
            r.err.contains(QStringLiteral("is a pipe")) && r.err.contains(QStringLiteral("--from")), qPrintable(r.err));
        // With --from csv it streams (a writer feeds the pipe).
        std::thread writer([&] { test::writeText(fifo, kCsv); });
        const Run ok = cli({ QStringLiteral("stats"), q(fifo), QStringLiteral("--from"), QStringLiteral("csv") });
        writer.join();
        QVERIFY2(ok.code == 0, qPrintable(ok.err));
        QVERIFY(ok.out.contains(QStringLiteral("requests        3")));
    }

    void outputMustNotBeAnInput_data()
    {
        QTest::addColumn<QStringList>(
            "args"); // S = spec file, T = trace (both exist), X/Y = the same new file spelt twice
        QTest::addColumn<QString>("message");
        QTest::newRow("generate -o spec") << QStringList { QStringLiteral("generate"), QStringLiteral("--spec"),
            QStringLiteral("S"), QStringLiteral("-o"), QStringLiteral("S") }
                                          << "this is the input --spec";
        QTest::newRow("fit -o trace") << QStringList { QStringLiteral("fit"), QStringLiteral("T"), QStringLiteral("-o"),
            QStringLiteral("T") } << "this is the input TRACE";
        QTest::newRow("fit --report-file trace") << QStringList { QStringLiteral("fit"), QStringLiteral("T"),
            QStringLiteral("--report-file"), QStringLiteral("T") }
                                                 << "--report-file";
        QTest::newRow("simulate --requests-out trace") << QStringList { QStringLiteral("simulate"), QStringLiteral("T"),
            QStringLiteral("--requests-out"), QStringLiteral("T") }
                                                       << "--requests-out";
        QTest::newRow("simulate two outputs") << QStringList { QStringLiteral("simulate"), QStringLiteral("T"),
            QStringLiteral("--requests-out"), QStringLiteral("X"), QStringLiteral("--timeline-out"),
            QStringLiteral("Y") } << "--timeline-out and --requests-out name the same file";
        QTest::newRow("convert in = out (hard link)") << QStringList { QStringLiteral("convert"), QStringLiteral("T"),
            QStringLiteral("H") } << "this is the input IN";
        // R = an input run folder (its summary.json RS), L = a symbolic link to the trace, O = a new folder.
        const QStringList replay { QStringLiteral("replay"), QStringLiteral("T"), QStringLiteral("--target"),
            QStringLiteral("http://127.0.0.1:9"), QStringLiteral("--backend"), QStringLiteral("slora"),
            QStringLiteral("--fail-if"), QStringLiteral("failed>0") };
        QTest::newRow("replay --junit trace") << (QStringList(replay)
            << QStringLiteral("--out") << QStringLiteral("O") << QStringLiteral("--junit") << QStringLiteral("T"))
                                              << "this is the input TRACE";
        QTest::newRow("replay --junit link to trace") << (QStringList(replay)
            << QStringLiteral("--out") << QStringLiteral("O") << QStringLiteral("--junit") << QStringLiteral("L"))
                                                      << "this is the input TRACE";
        QTest::newRow("replay --junit inside --out") << (QStringList(replay)
            << QStringLiteral("--out") << QStringLiteral("R") << QStringLiteral("--junit") << QStringLiteral("RS"))
                                                     << "lies inside the output folder --out";
        QTest::newRow("replay --out holding the trace")
            << (QStringList(replay) << QStringLiteral("--out") << QStringLiteral("D"))
            << "lies inside this output folder";
        QTest::newRow("compare --html inside an input run") << QStringList { QStringLiteral("compare"),
            QStringLiteral("R"), QStringLiteral("R"), QStringLiteral("--html"), QStringLiteral("RS") }
                                                            << "lies inside the input folder INPUT";
        QTest::newRow("report -o the run's summary.json")
            << QStringList { QStringLiteral("report"), QStringLiteral("R"), QStringLiteral("-o"), QStringLiteral("RS") }
            << "lies inside the input folder INPUT";
        QTest::newRow("merge -o inside a shard")
            << QStringList { QStringLiteral("merge"), QStringLiteral("R"), QStringLiteral("-o"), QStringLiteral("RM") }
            << "lies inside the input folder shard folder";
        QTest::newRow("calibrate --vllm-runs -o the runs table") << QStringList { QStringLiteral("calibrate"),
            QStringLiteral("--vllm-runs"), QStringLiteral("T"), QStringLiteral("-o"), QStringLiteral("T") }
                                                                 << "this is the input --vllm-runs";
        QTest::newRow("sweep -o the spec through a link") << QStringList { QStringLiteral("sweep"),
            QStringLiteral("--spec"), QStringLiteral("S"), QStringLiteral("--param"), QStringLiteral("rate"),
            QStringLiteral("--values"), QStringLiteral("1"), QStringLiteral("--format"), QStringLiteral("jsonl"),
            QStringLiteral("-o"), QStringLiteral("LS") } << "this is the input --spec";
    }
    void outputMustNotBeAnInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        test::TempDir dir;
        const std::string trace = dir.file("t.csv");
        test::writeText(trace, kCsv);
        std::filesystem::create_hard_link(trace, dir.file("hard.csv"));
        const std::string spec = dir.file("s.json");
        QCOMPARE(cli({ QStringLiteral("generate"), QStringLiteral("--preset"), QStringLiteral("S1"),
                         QStringLiteral("--print-spec") })
                     .code,
            0);
        test::writeText(spec,
            cli({ QStringLiteral("generate"), QStringLiteral("--preset"), QStringLiteral("S1"),
                    QStringLiteral("--print-spec") })
                .out.toStdString());
        const std::string specBefore = test::readText(spec);
        std::filesystem::create_directories(dir.file("run"));
        const std::string runSummary = dir.file("run/summary.json");
        test::writeText(runSummary, "{\"requests\": 3}\n");
        std::filesystem::create_symlink(trace, dir.file("link.csv"));
        std::filesystem::create_symlink(spec, dir.file("link.json"));
        for (auto& a : args) {
            if (a == QLatin1String("S"))
                a = q(spec);
            else if (a == QLatin1String("T"))
                a = q(trace);
            else if (a == QLatin1String("H"))
                a = q(dir.file("hard.csv"));
            else if (a == QLatin1String("X"))
                a = q(dir.file("x.jsonl"));
            else if (a == QLatin1String("Y"))
                a = q((dir.path / "." / "x.jsonl").string());
            else if (a == QLatin1String("R"))
                a = q(dir.file("run"));
            else if (a == QLatin1String("RS"))
                a = q(runSummary);
            else if (a == QLatin1String("RM"))
                a = q(dir.file("run/merged"));
            else if (a == QLatin1String("L"))
                a = q(dir.file("link.csv"));
            else if (a == QLatin1String("LS"))
                a = q(dir.file("link.json"));
            else if (a == QLatin1String("O"))
                a = q(dir.file("out"));
            else if (a == QLatin1String("D"))
                a = q(dir.path.string());
        }
        const Run r = cli(args);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QCOMPARE(test::readText(trace), std::string(kCsv)); // inputs untouched
        QCOMPARE(test::readText(spec), specBefore);
        QCOMPARE(test::readText(runSummary), std::string("{\"requests\": 3}\n"));
        QVERIFY(!QFileInfo::exists(q(dir.file("x.jsonl"))));
        QVERIFY(!QFileInfo::exists(q(dir.file("out"))));
        QVERIFY(!QFileInfo::exists(q(dir.file("run/merged"))));
    }

    void readOnlyOutputIsRespected()
    {
        test::TempDir dir;
        test::writeText(dir.file("t.csv"), kCsv);
        const std::string ro = dir.file("ro.csv");
        test::writeText(ro, "precious\n");
        QVERIFY(::chmod(ro.c_str(), 0444) == 0);
        // Even as root (CI), which could rename over it: refused explicitly, as cp refuses it for a user.
        for (const QStringList& args : { QStringList { QStringLiteral("generate"), QStringLiteral("--preset"),
                                             QStringLiteral("S1"), QStringLiteral("-o"), q(ro) },
                 QStringList { QStringLiteral("convert"), q(dir.file("t.csv")), q(ro) } }) {
            const Run r = cli(args);
            QCOMPARE(r.code, 1);
            QVERIFY2(r.err.contains(QStringLiteral("read-only")) && r.err.contains(q(ro)), qPrintable(r.err));
            QCOMPARE(test::readText(ro), std::string("precious\n"));
            QCOMPARE(filesIn(dir.path), (std::vector<std::string> { "ro.csv", "t.csv" })); // no temporary file left
        }
        // A writable file is replaced and keeps its permissions (as cp keeps the destination's mode).
        const std::string mine = dir.file("mine.csv");
        test::writeText(mine, "old\n");
        QVERIFY(::chmod(mine.c_str(), 0600) == 0);
        QCOMPARE(cli({ QStringLiteral("convert"), q(dir.file("t.csv")), q(mine) }).code, 0);
        struct stat st { };
        QVERIFY(::stat(mine.c_str(), &st) == 0);
        QCOMPARE(st.st_mode & 07777, 0600u);
        QVERIFY(test::readText(mine).rfind("id,time_s", 0) == 0);
        // As an unprivileged user, in a directory that user may write: the same refusal.
        if (::geteuid() == 0 && QFileInfo::exists(QStringLiteral("/usr/bin/setpriv"))) {
            QVERIFY(::chmod(dir.path.c_str(), 0777) == 0);
            QVERIFY(::chown(ro.c_str(), 65534, 65534) == 0);
            QProcess p;
            p.start(QStringLiteral("/usr/bin/setpriv"),
                { QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"), QStringLiteral("--clear-groups"),
                    QStringLiteral(LORASCOPE_CLI_PATH), QStringLiteral("convert"), q(dir.file("t.csv")), q(ro) });
            QVERIFY(p.waitForFinished(60000));
            const QString err = QString::fromUtf8(p.readAllStandardError());
            if (err.contains(QStringLiteral("Permission denied")) && !err.contains(QStringLiteral("read-only")))
                QSKIP("the binary is not reachable by an unprivileged user here");
            QCOMPARE(p.exitCode(), 1);
            QVERIFY2(err.contains(QStringLiteral("read-only")), qPrintable(err));
            QCOMPARE(test::readText(ro), std::string("precious\n"));
        }
    }

    void specialOutputsAreWrittenNotReplaced()
    {
        test::TempDir dir;
        test::writeText(dir.file("t.csv"), kCsv);
        // A FIFO as the output: written through, still a FIFO afterwards.
        const std::string fifo = dir.file("out.fifo");
        QVERIFY(::mkfifo(fifo.c_str(), 0600) == 0);
        std::string received;
        std::thread reader([&] { received = test::readText(fifo); });
        const Run r = cli({ QStringLiteral("convert"), q(dir.file("t.csv")), q(fifo), QStringLiteral("--to"),
            QStringLiteral("csv") });
        reader.join();
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(received, std::string(kCsv));
        struct stat st { };
        QVERIFY(::stat(fifo.c_str(), &st) == 0 && S_ISFIFO(st.st_mode));
        // /dev/stdout (a link to the pipe QProcess reads): written through, never replaced.
        const Run out = cli({ QStringLiteral("convert"), q(dir.file("t.csv")), QStringLiteral("/dev/stdout"),
            QStringLiteral("--to"), QStringLiteral("csv"), QStringLiteral("--quiet") });
        QVERIFY2(out.code == 0, qPrintable(out.err));
        QCOMPARE(out.out.toStdString(), std::string(kCsv));
        QVERIFY(std::filesystem::is_symlink("/dev/stdout"));
        // A directory as the output: refused by name.
        std::filesystem::create_directories(dir.path / "d.csv");
        const Run d = cli({ QStringLiteral("convert"), q(dir.file("t.csv")), q(dir.file("d.csv")) });
        QCOMPARE(d.code, 1);
        QVERIFY2(d.err.contains(QStringLiteral("is a directory")), qPrintable(d.err));
        // A symbolic link: written through to its target, the link stays.
        test::writeText(dir.file("target.csv"), "old\n");
        std::filesystem::create_symlink(dir.file("target.csv"), dir.file("link.csv"));
        QCOMPARE(cli({ QStringLiteral("convert"), q(dir.file("t.csv")), q(dir.file("link.csv")) }).code, 0);
        QVERIFY(std::filesystem::is_symlink(dir.file("link.csv")));
        QCOMPARE(test::readText(dir.file("target.csv")), std::string(kCsv));
    }

    void signalDuringAWriteRemovesTheTemporaryFile_data()
    {
        QTest::addColumn<int>("signal");
        QTest::newRow("SIGTERM") << int(SIGTERM);
        QTest::newRow("SIGINT") << int(SIGINT);
    }
    void signalDuringAWriteRemovesTheTemporaryFile()
    {
        QFETCH(int, signal);
        test::TempDir dir;
        // Five million requests: about a second of writing, long enough to catch it mid-write.
        QProcess p;
        p.start(QStringLiteral(LORASCOPE_CLI_PATH),
            { QStringLiteral("generate"), QStringLiteral("--preset"), QStringLiteral("S1"),
                QStringLiteral("--generator"), QStringLiteral("slora"), QStringLiteral("--rate"),
                QStringLiteral("5000"), QStringLiteral("--duration"), QStringLiteral("1000"), QStringLiteral("-o"),
                q(dir.file("o.jsonl")), QStringLiteral("--quiet") });
        QVERIFY(p.waitForStarted());
        bool seen = false;
        for (int i = 0; i < 6000 && !seen && p.state() == QProcess::Running; ++i) {
            for (const auto& f : filesIn(dir.path))
                seen = seen || f.rfind("o.jsonl.tmp-", 0) == 0;
            if (!seen)
                QThread::msleep(5);
        }
        QVERIFY2(seen, "the temporary file never appeared");
        ::kill(static_cast<pid_t>(p.processId()), signal);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitStatus(), QProcess::CrashExit); // ended by the signal, as a program should
        QCOMPARE(filesIn(dir.path), std::vector<std::string> {}); // neither a temporary nor a half output
    }
};

QTEST_GUILESS_MAIN(TestCliFiles)
#include "tst_cli_files.moc"
