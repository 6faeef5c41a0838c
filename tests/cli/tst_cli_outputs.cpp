// SPDX-License-Identifier: Apache-2.0
// Output files and folders are never clobbered by surprise (hardening), through the real
// binary: `replay --out` refuses a folder that already holds files unless --force; `sweep -o`
// writes FILE.partial and renames it at the end, so an earlier FILE survives a sweep without
// points; sweep and calibrate refuse an output that is one of their inputs, and an output they
// could not write, before any work; sweep --runs-dir, calibrate --output-dir and merge -o refuse
// a folder with other files in it unless --force, and sweep keeps a killed sweep's FILE.partial.

#include "../core/testutil.h"
#include "clitestutil.h"

#include <QtTest>

#include <filesystem>
#include <functional>
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
    return { QStringLiteral("replay"), q(dir.file("t.csv")), QStringLiteral("--target"),
        QStringLiteral("http://127.0.0.1:1"), QStringLiteral("--backend"), QStringLiteral("slora"),
        QStringLiteral("--out"), q(out), QStringLiteral("--no-metrics"), QStringLiteral("--quiet") };
}

QStringList sweepArgs(const std::string& out)
{
    return { QStringLiteral("sweep"), QStringLiteral("--preset"), QStringLiteral("S1"), QStringLiteral("--adapters"),
        QStringLiteral("20"), QStringLiteral("--duration"), QStringLiteral("5"), QStringLiteral("--param"),
        QStringLiteral("rate"), QStringLiteral("--values"), QStringLiteral("1,2"), QStringLiteral("--quiet"),
        QStringLiteral("-o"), q(out) };
}
/// sweepArgs against a target that refuses connections (port 1 on loopback).
QStringList sweepReplayArgs(const std::string& out)
{
    return sweepArgs(out) << QStringLiteral("--target") << QStringLiteral("http://127.0.0.1:1")
                          << QStringLiteral("--backend") << QStringLiteral("slora");
}

/// A file named where a folder is wanted is refused (exit 1, "not a folder"), even with --force,
/// and left as it was. `args(folder)` is the command naming `folder` as its folder.
void refusesAFileForAFolder(const test::TempDir& dir, const std::function<QStringList(const std::string&)>& args)
{
    test::writeText(dir.file("file"), "KEEP\n");
    const auto r = cli(args(dir.file("file")) << QStringLiteral("--force"));
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QLatin1String("not a folder")), qPrintable(r.err));
    QCOMPARE(readText(dir.file("file")), std::string("KEEP\n"));
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
        QVERIFY2(r.err.contains(QLatin1String("--out"))
                && r.err.contains(QLatin1String("already holds files (requests.jsonl)"))
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
        refusesAFileForAFolder(dir, [&](const std::string& folder) { return replayArgs(dir, folder); });
    }

    void sweepReplacesItsFileOnlyWithPoints()
    {
        test::TempDir dir;
        const std::string out = dir.file("s.jsonl");
        test::writeText(out, "OLD\n");
        // No point (the server cannot be reached): the earlier file stays, no .partial is left.
        auto r = cli(sweepReplayArgs(out));
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
        auto r = cli({ QStringLiteral("sweep"), QStringLiteral("--spec"), q(spec), QStringLiteral("--param"),
            QStringLiteral("rate"), QStringLiteral("--values"), QStringLiteral("1"), QStringLiteral("-o"), q(spec) });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("-o")) && r.err.contains(QLatin1String("--spec")), qPrintable(r.err));
        QCOMPARE(readText(spec), std::string(R"({"adapters": {"count": 4}, "duration": 5})"));
        // -o is a folder.
        std::filesystem::create_directories(dir.file("d.jsonl"));
        r = cli(sweepArgs(dir.file("d.jsonl")));
        QCOMPARE(r.code, 1);
        QVERIFY2(
            r.err.contains(QLatin1String("d.jsonl")) && r.err.contains(QLatin1String("directory")), qPrintable(r.err));
        QVERIFY(!std::filesystem::exists(dir.file("d.jsonl.partial")));
    }

    void calibrateRefusesBadOutputsFirst()
    {
        test::TempDir dir;
        std::filesystem::create_directories(dir.file("run"));
        test::writeText(dir.file("run/requests.jsonl"), "{}\n");
        // -o is the --start model it reads: refused before the sources are even read.
        test::writeText(dir.file("m.json"), "MODEL\n");
        auto r = cli({ QStringLiteral("calibrate"), QStringLiteral("--replay"), q(dir.file("run")),
            QStringLiteral("--start"), q(dir.file("m.json")), QStringLiteral("-o"), q(dir.file("m.json")) });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("-o")) && r.err.contains(QLatin1String("--start")), qPrintable(r.err));
        QCOMPARE(readText(dir.file("m.json")), std::string("MODEL\n"));
        // -o is the input run folder itself: refused as the input.
        r = cli({ QStringLiteral("calibrate"), QStringLiteral("--replay"), q(dir.file("run")), QStringLiteral("-o"),
            q(dir.file("run")) });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("this is the input --replay"))
                && !r.err.contains(QLatin1String("requests.jsonl")),
            qPrintable(r.err));
        // -o is another folder.
        std::filesystem::create_directories(dir.file("elsewhere"));
        r = cli({ QStringLiteral("calibrate"), QStringLiteral("--replay"), q(dir.file("run")), QStringLiteral("-o"),
            q(dir.file("elsewhere")) });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("directory")) && !r.err.contains(QLatin1String("requests.jsonl")),
            qPrintable(r.err));
        // --output-dir is a file.
        r = cli({ QStringLiteral("calibrate"), QStringLiteral("--replay"), q(dir.file("run")),
            QStringLiteral("--output-dir"), q(dir.file("m.json")) });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("--output-dir")) && r.err.contains(QLatin1String("not a folder")),
            qPrintable(r.err));
    }

    // sweep --runs-dir: an earlier sweep's point folders are neither overwritten nor mixed with
    // this sweep's unless --force; said before the first point.
    void sweepRunsDirRefusesAnEarlierSweep()
    {
        test::TempDir dir;
        std::filesystem::create_directories(dir.file("runs/point-000"));
        test::writeText(dir.file("runs/point-000/requests.jsonl"), "OLD\n");
        const QStringList args = sweepReplayArgs(dir.file("s.jsonl"))
            << QStringLiteral("--runs-dir") << q(dir.file("runs"));
        auto r = cli(args);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("--runs-dir"))
                && r.err.contains(QLatin1String("already holds files (point-000)"))
                && r.err.contains(QLatin1String("--force")),
            qPrintable(r.err));
        QCOMPARE(readText(dir.file("runs/point-000/requests.jsonl")), std::string("OLD\n"));
        QVERIFY(!std::filesystem::exists(dir.file("s.jsonl.partial")));
        // --force: past the check (the unreachable target then stops the sweep).
        r = cli(QStringList(args) << QStringLiteral("--force"));
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("could not reach")) && !r.err.contains(QLatin1String("already holds")),
            qPrintable(r.err));
        // A file is never a runs folder.
        refusesAFileForAFolder(dir, [&](const std::string& folder) {
            return sweepReplayArgs(dir.file("s.jsonl")) << QStringLiteral("--runs-dir") << q(folder);
        });
    }

    // sweep -o: FILE.partial of a sweep that was killed holds its points; a new sweep does not
    // truncate it unless --force.
    void sweepKeepsAKilledSweepsPartialFile()
    {
        test::TempDir dir;
        const std::string out = dir.file("s.jsonl");
        test::writeText(out + ".partial", "POINTS OF A KILLED SWEEP\n");
        auto r = cli(sweepArgs(out));
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(q(out + ".partial")) && r.err.contains(QLatin1String("--force")), qPrintable(r.err));
        QCOMPARE(readText(out + ".partial"), std::string("POINTS OF A KILLED SWEEP\n"));
        QVERIFY(!std::filesystem::exists(out));
        r = cli(sweepArgs(out) << QStringLiteral("--force"));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const std::string text = readText(out);
        QCOMPARE(std::count(text.begin(), text.end(), '\n'), 3L); // header + 2 points
        QVERIFY(!std::filesystem::exists(out + ".partial"));
    }

    // calibrate --output-dir: models already in the folder are not replaced or mixed unasked.
    void calibrateOutputDirRefusesAFolderWithFiles()
    {
        test::TempDir dir;
        std::filesystem::create_directories(dir.file("run"));
        test::writeText(dir.file("run/requests.jsonl"), "{}\n");
        std::filesystem::create_directories(dir.file("models"));
        test::writeText(dir.file("models/llama-7b-a10g.json"), "EARLIER MODEL\n");
        const QStringList args = { QStringLiteral("calibrate"), QStringLiteral("--replay"), q(dir.file("run")),
            QStringLiteral("--output-dir"), q(dir.file("models")) };
        auto r = cli(args);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("--output-dir"))
                && r.err.contains(QLatin1String("already holds files (llama-7b-a10g.json)"))
                && r.err.contains(QLatin1String("--force")),
            qPrintable(r.err));
        QCOMPARE(readText(dir.file("models/llama-7b-a10g.json")), std::string("EARLIER MODEL\n"));
        // --force: past the check (the run folder is not a usable source: an error about it).
        r = cli(QStringList(args) << QStringLiteral("--force"));
        QCOMPARE(r.code, 1);
        QVERIFY2(!r.err.contains(QLatin1String("already holds")), qPrintable(r.err));
        QCOMPARE(readText(dir.file("models/llama-7b-a10g.json")), std::string("EARLIER MODEL\n"));
        // --force with -o: a usage error (-o replaces one file atomically anyway).
        r = cli({ QStringLiteral("calibrate"), QStringLiteral("--replay"), q(dir.file("run")), QStringLiteral("-o"),
            q(dir.file("m.json")), QStringLiteral("--force") });
        QCOMPARE(r.code, 2);
    }

    // merge -o: a previous merge is remade; a folder holding anything else is refused unless --force.
    void mergeRefusesAFolderWithOtherFiles()
    {
        test::TempDir dir;
        std::filesystem::create_directories(dir.file("out"));
        test::writeText(dir.file("out/notes.txt"), "MY NOTES\n");
        const QStringList args
            = { QStringLiteral("merge"), q(dir.file("s0")), QStringLiteral("-o"), q(dir.file("out")) };
        auto r = cli(args);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("-o")) && r.err.contains(QLatin1String("already holds files (notes.txt)"))
                && r.err.contains(QLatin1String("--force")),
            qPrintable(r.err));
        // --force: past the check, to the shard folder (which does not exist).
        r = cli(QStringList(args) << QStringLiteral("--force"));
        QCOMPARE(r.code, 1);
        QVERIFY2(
            !r.err.contains(QLatin1String("already holds")) && r.err.contains(QLatin1String("s0")), qPrintable(r.err));
        QCOMPARE(readText(dir.file("out/notes.txt")), std::string("MY NOTES\n"));
        // A previous merge passes without --force (it is remade from the shards).
        std::filesystem::create_directories(dir.file("merged"));
        test::writeText(dir.file("merged/manifest.json"), R"({"merged": true})");
        test::writeText(dir.file("merged/requests.jsonl"), "\n");
        r = cli({ QStringLiteral("merge"), q(dir.file("s0")), QStringLiteral("-o"), q(dir.file("merged")) });
        QCOMPARE(r.code, 1);
        QVERIFY2(
            !r.err.contains(QLatin1String("already holds")) && r.err.contains(QLatin1String("s0")), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliOutputs)
#include "tst_cli_outputs.moc"
