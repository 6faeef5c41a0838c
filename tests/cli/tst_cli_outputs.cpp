// SPDX-License-Identifier: Apache-2.0
// Output files and folders are never clobbered by surprise (issue 12, hardening), through the real
// binary: `replay --out` refuses a folder that already holds files unless --force; `sweep -o`
// writes FILE.partial and renames it at the end, so an earlier FILE survives a sweep without
// points; sweep and calibrate refuse an output that is one of their inputs, and an output they
// could not write, before any work.

#include "../core/testutil.h"
#include "clitestutil.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace lorascope;

namespace {
using test::cli;
using test::q;

const char* const kCsv = "id,time_s,adapter,rank,input_len,output_len\n0,0,a,8,10,20\n1,0.5,b,8,30,40\n";

std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

QStringList replayArgs(const test::TempDir& dir, const std::string& out)
{
    // Port 1 on loopback refuses: the run fails to connect, after every check on --out.
    return { QStringLiteral("replay"), q(dir.file("t.csv")), QStringLiteral("--target"), QStringLiteral("http://127.0.0.1:1"),
        QStringLiteral("--backend"), QStringLiteral("slora"), QStringLiteral("--out"), q(out), QStringLiteral("--no-metrics"),
        QStringLiteral("--quiet") };
}

QStringList sweepArgs(const std::string& out)
{
    return { QStringLiteral("sweep"), QStringLiteral("--preset"), QStringLiteral("S1"), QStringLiteral("--adapters"), QStringLiteral("20"),
        QStringLiteral("--duration"), QStringLiteral("5"), QStringLiteral("--param"), QStringLiteral("rate"), QStringLiteral("--values"),
        QStringLiteral("1,2"), QStringLiteral("--quiet"), QStringLiteral("-o"), q(out) };
}
} // namespace

class TestCliOutputs : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void replayRefusesAFolderWithFiles()
    {
        test::TempDir dir;
        test::writeText(dir.file("t.csv"), kCsv);
        std::filesystem::create_directories(dir.file("run"));
        test::writeText(dir.file("run/requests.jsonl"), "OLD\n");
        auto r = cli(replayArgs(dir, dir.file("run")));
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("--out")) && r.err.contains(QLatin1String("already holds files (requests.jsonl)"))
                && r.err.contains(QLatin1String("--force")),
            qPrintable(r.err));
        QCOMPARE(readText(dir.file("run/requests.jsonl")), std::string("OLD\n"));
        QVERIFY(!std::filesystem::exists(dir.file("run/manifest.json")));

        // --force: past the check (the unreachable target then fails the run, exit 1), the old lines replaced.
        r = cli(replayArgs(dir, dir.file("run")) << QStringLiteral("--force"));
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("could not reach")), qPrintable(r.err));
        QVERIFY(readText(dir.file("run/requests.jsonl")).find("OLD") == std::string::npos);
        QVERIFY(std::filesystem::exists(dir.file("run/manifest.json")));

        // An empty folder is a new folder.
        std::filesystem::create_directories(dir.file("empty"));
        r = cli(replayArgs(dir, dir.file("empty")));
        QVERIFY2(r.code == 1 && r.err.contains(QLatin1String("could not reach")), qPrintable(r.err));
        QVERIFY(std::filesystem::exists(dir.file("empty/requests.jsonl")));

        // A file is not a folder, with or without --force.
        test::writeText(dir.file("file"), "KEEP\n");
        r = cli(replayArgs(dir, dir.file("file")) << QStringLiteral("--force"));
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("not a folder")), qPrintable(r.err));
        QCOMPARE(readText(dir.file("file")), std::string("KEEP\n"));
    }

    void sweepReplacesItsFileOnlyWithPoints()
    {
        test::TempDir dir;
        const std::string out = dir.file("s.jsonl");
        test::writeText(out, "OLD\n");
        // No point (the server cannot be reached): the earlier file stays, no .partial is left.
        auto r = cli(sweepArgs(out) << QStringLiteral("--target") << QStringLiteral("http://127.0.0.1:1") << QStringLiteral("--backend")
                                    << QStringLiteral("slora"));
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("could not reach")), qPrintable(r.err));
        QCOMPARE(readText(out), std::string("OLD\n"));
        QVERIFY(!std::filesystem::exists(out + ".partial"));
        // A sweep with points replaces it, whole.
        r = cli(sweepArgs(out));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const std::string text = readText(out);
        QCOMPARE(std::count(text.begin(), text.end(), '\n'), 3L); // header + 2 points
        QVERIFY(text.find("OLD") == std::string::npos);
        QVERIFY(!std::filesystem::exists(out + ".partial"));
    }

    void sweepRefusesBadOutputsFirst()
    {
        test::TempDir dir;
        // -o is the --spec it reads.
        const std::string spec = dir.file("spec.jsonl");
        test::writeText(spec, R"({"adapters": {"count": 4}, "duration": 5})");
        auto r = cli({ QStringLiteral("sweep"), QStringLiteral("--spec"), q(spec), QStringLiteral("--param"), QStringLiteral("rate"),
            QStringLiteral("--values"), QStringLiteral("1"), QStringLiteral("-o"), q(spec) });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("-o")) && r.err.contains(QLatin1String("--spec")), qPrintable(r.err));
        QCOMPARE(readText(spec), std::string(R"({"adapters": {"count": 4}, "duration": 5})"));
        // -o is a folder.
        std::filesystem::create_directories(dir.file("d.jsonl"));
        r = cli(sweepArgs(dir.file("d.jsonl")));
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("d.jsonl")) && r.err.contains(QLatin1String("directory")), qPrintable(r.err));
        QVERIFY(!std::filesystem::exists(dir.file("d.jsonl.partial")));
    }

    void calibrateRefusesBadOutputsFirst()
    {
        test::TempDir dir;
        std::filesystem::create_directories(dir.file("run"));
        test::writeText(dir.file("run/requests.jsonl"), "{}\n");
        // -o is the --start model it reads: refused before the sources are even read.
        test::writeText(dir.file("m.json"), "MODEL\n");
        auto r = cli({ QStringLiteral("calibrate"), QStringLiteral("--replay"), q(dir.file("run")), QStringLiteral("--start"),
            q(dir.file("m.json")), QStringLiteral("-o"), q(dir.file("m.json")) });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("-o")) && r.err.contains(QLatin1String("--start")), qPrintable(r.err));
        QCOMPARE(readText(dir.file("m.json")), std::string("MODEL\n"));
        // -o is a folder.
        r = cli({ QStringLiteral("calibrate"), QStringLiteral("--replay"), q(dir.file("run")), QStringLiteral("-o"), q(dir.file("run")) });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("directory")) && !r.err.contains(QLatin1String("requests.jsonl")), qPrintable(r.err));
        // --output-dir is a file.
        r = cli({ QStringLiteral("calibrate"), QStringLiteral("--replay"), q(dir.file("run")), QStringLiteral("--output-dir"),
            q(dir.file("m.json")) });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("--output-dir")) && r.err.contains(QLatin1String("not a folder")), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliOutputs)
#include "tst_cli_outputs.moc"
