// SPDX-License-Identifier: Apache-2.0
// Every JSON file LoraScope reads goes through util/jsonread's depth limit (hardening):
// run folders (merge), replay folders and S-LoRA result files (calibrate, validate), sweep files
// (the desktop's comparison). A line nested 100,000 deep is an error naming the file and the
// line, never a crash and never the whole line in the message.

#include "testutil.h"

#include "calibrate/experiment.h"
#include "replay/runfolder.h"
#include "sweep/paper.h"
#include "sweep/sweepio.h"
#include "util/error.h"

#include <QtTest>

using namespace lorascope;

namespace {
const std::string kDeep = std::string(100000, '[') + std::string(100000, ']');

void expectDeepError(const std::function<void()>& read, const std::string& file, const std::string& line)
{
    try {
        read();
        QFAIL("no error");
    } catch (const InputError& e) {
        const std::string what = e.what();
        QVERIFY2(what.find("nested more than 100 levels deep") != std::string::npos, what.c_str());
        QVERIFY2(what.find(file + ":" + line) != std::string::npos, what.c_str());
        QVERIFY2(what.size() < 400, what.c_str());
    }
}
} // namespace

class TestDeepJson : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void runFolderForMerge()
    {
        test::TempDir dir;
        test::writeText(dir.file("manifest.json"), R"({"tool": "lorascope"})");
        test::writeText(dir.file("requests.jsonl"), "{\"x\": " + kDeep + "}\n");
        expectDeepError([&] { readRunFolder(dir.path.string()); }, dir.file("requests.jsonl"), "1");
    }

    void replayFolderForCalibrate()
    {
        test::TempDir dir;
        test::writeText(dir.file("requests.jsonl"), "\n{\"adapter\": " + kDeep + "}\n");
        expectDeepError(
            [&] { loadReplayRun(dir.path.string(), ReplayRunOptions {}); }, dir.file("requests.jsonl"), "2");
    }

    void sloraResults()
    {
        test::TempDir dir;
        test::writeText(dir.file("r.jsonl"), "{\"config\": " + kDeep + ", \"result\": {}}\n");
        SloraFileSettings s;
        s.setting = "S1";
        s.gpu = "a10g";
        s.maxTotalTokenNum = 10000;
        expectDeepError([&] { loadSloraResults(dir.file("r.jsonl"), s); }, dir.file("r.jsonl"), "1");
    }

    void sweepFile()
    {
        test::TempDir dir;
        test::writeText(dir.file("s.jsonl"), "{\"kind\": \"header\", \"plan\": " + kDeep + "}\n");
        expectDeepError([&] { readSweepFile(dir.file("s.jsonl")); }, dir.file("s.jsonl"), "1");
    }

    void paperRows()
    {
        expectDeepError([&] { parsePaperRows("\n" + kDeep + "\n", "paper.jsonl"); }, "paper.jsonl", "2");
    }
};

QTEST_GUILESS_MAIN(TestDeepJson)
#include "tst_deepjson.moc"
