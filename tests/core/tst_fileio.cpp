// SPDX-License-Identifier: Apache-2.0
// Input and output file checks (core/util/fileio, core/util/atomicfile): inputs that are not
// files, outputs that are inputs, read-only and special outputs, temporary files on signals.

#include "util/atomicfile.h"
#include "util/error.h"
#include "util/fileio.h"

#include "testutil.h"

#include <QTest>

#include <filesystem>

#include <sys/stat.h>
#include <unistd.h>

using namespace lorascope;

namespace {

template <class F>
std::string errorOf(F&& f)
{
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

bool contains(const std::string& s, const char* part)
{
    return s.find(part) != std::string::npos;
}

} // namespace

class TestFileIo : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void inputsMustBeFiles()
    {
        test::TempDir dir;
        test::writeText(dir.file("a.json"), "{}");
        checkInputFile(dir.file("a.json"), "spec file");
        const auto d = errorOf([&] { checkInputFile(dir.path.string(), "spec file"); });
        QVERIFY2(contains(d, "spec file: is a directory") && contains(d, dir.path.string().c_str()), d.c_str());
        const auto z = errorOf([&] { checkInputFile("/dev/zero", "ranks file"); });
        QVERIFY2(contains(z, "/dev/zero: ranks file: is not a regular file (it is a character device)"), z.c_str());
        const auto m = errorOf([&] { checkInputFile(dir.file("nope"), "trace file"); });
        QVERIFY2(contains(m, "no such file"), m.c_str());
        // A pipe only where the caller streams.
        QVERIFY(::mkfifo(dir.file("fifo").c_str(), 0600) == 0);
        QVERIFY(isPipe(dir.file("fifo")));
        QVERIFY(!isPipe(dir.file("a.json")));
        checkInputFile(dir.file("fifo"), "trace file", true);
        QVERIFY(contains(errorOf([&] { checkInputFile(dir.file("fifo"), "spec file"); }), "it is a pipe"));
        // Size cap of whole-file reads.
        test::writeText(dir.file("big"), std::string(3 << 20, 'x'));
        QVERIFY(contains(
            errorOf([&] { readWholeFile(dir.file("big"), "spec file", 1 << 20); }), "3 MiB, more than the 1 MiB"));
        QCOMPARE(readWholeFile(dir.file("a.json"), "spec file", 1 << 20), std::string("{}"));
    }

    void sameFileByInodeOrPath()
    {
        test::TempDir dir;
        test::writeText(dir.file("t.jsonl"), "x");
        QVERIFY(sameFile(dir.file("t.jsonl"), dir.file("t.jsonl")));
        QVERIFY(sameFile(dir.file("t.jsonl"), (dir.path / "." / "t.jsonl").string()));
        std::filesystem::create_hard_link(dir.file("t.jsonl"), dir.file("hard.jsonl"));
        std::filesystem::create_symlink(dir.file("t.jsonl"), dir.file("soft.jsonl"));
        QVERIFY(sameFile(dir.file("t.jsonl"), dir.file("hard.jsonl")));
        QVERIFY(sameFile(dir.file("soft.jsonl"), dir.file("t.jsonl")));
        QVERIFY(!sameFile(dir.file("t.jsonl"), dir.file("other.jsonl")));
        // Two outputs that do not exist yet: the same path, spelled differently.
        QVERIFY(sameFile(dir.file("new.jsonl"), (dir.path / "sub" / ".." / "new.jsonl").string()));
        QVERIFY(!sameFile(dir.file("new.jsonl"), dir.file("new2.jsonl")));

        const auto e = errorOf([&] {
            checkOutputs({ { "-o", dir.file("hard.jsonl") } }, { { "TRACE", dir.file("t.jsonl") } });
        });
        QVERIFY2(contains(e, "-o") && contains(e, "is the input TRACE"), e.c_str());
        const auto two = errorOf([&] {
            checkOutputs({ { "--requests-out", dir.file("x.jsonl") }, { "--timeline-out", dir.file("x.jsonl") } }, {});
        });
        QVERIFY2(contains(two, "--timeline-out and --requests-out name the same file"), two.c_str());
        checkOutputs({ { "-o", dir.file("y.jsonl") }, { "--report-file", "" } }, { { "TRACE", dir.file("t.jsonl") } });
    }

    // The desktop's run folders: a name that is taken (a folder with an earlier run, or a file)
    // is never reused; the next free -2, -3 is created, empty, and the old contents stay.
    void newFolderNeverReusesAName()
    {
        test::TempDir dir;
        const std::string root = dir.file("data/replays"); // created with its parents
        const std::string first = createNewFolder(root, "20260101-120000-000");
        QCOMPARE(first, root + "/20260101-120000-000");
        QVERIFY(std::filesystem::is_directory(first));
        test::writeText(first + "/requests.jsonl", "{\"id\":1}\n");
        const std::string second = createNewFolder(root, "20260101-120000-000");
        QCOMPARE(second, root + "/20260101-120000-000-2");
        QVERIFY(std::filesystem::is_empty(second));
        test::writeText(root + "/20260101-120000-000-3", "a file, not a folder");
        QCOMPARE(createNewFolder(root, "20260101-120000-000"), root + "/20260101-120000-000-4");
        QCOMPARE(test::readText(first + "/requests.jsonl"), std::string("{\"id\":1}\n"));
        QCOMPARE(test::readText(root + "/20260101-120000-000-3"), std::string("a file, not a folder"));
        // A root that cannot be a folder: an error naming it.
        test::writeText(dir.file("plain"), "x");
        const auto e = errorOf([&] { createNewFolder(dir.file("plain"), "run"); });
        QVERIFY2(contains(e, "cannot create the folder") && contains(e, "plain"), e.c_str());
    }

    void resultsFolderRefusedUnlessEmptyOrForced()
    {
        test::TempDir dir;
        checkResultsFolder(dir.file("new"), "--out", false); // does not exist yet: fine
        std::filesystem::create_directories(dir.file("empty"));
        checkResultsFolder(dir.file("empty"), "--out", false);
        std::filesystem::create_directories(dir.file("full"));
        test::writeText(dir.file("full/summary.json"), "{}");
        const auto e = errorOf([&] { checkResultsFolder(dir.file("full"), "--runs-dir", false); });
        QVERIFY2(
            contains(e, "--runs-dir") && contains(e, "full") && contains(e, "summary.json") && contains(e, "--force"),
            e.c_str());
        checkResultsFolder(dir.file("full"), "--runs-dir", true);
    }

    // A results folder is claimed for one writer: a second claim (another process, or another
    // open of the same folder) is refused before it writes; with mustBeEmpty, a folder that
    // another run filled meanwhile is refused too. The kernel releases the claim with the process.
    void foldersAreClaimedByOneWriter()
    {
        test::TempDir dir;
        const std::string run = dir.file("deeper/run1");
        {
            FolderClaim first(run, "--out", true);
            QVERIFY(std::filesystem::is_directory(run));
            QVERIFY(first.locked());
            const auto e = errorOf([&] { FolderClaim second(run, "--out", false); });
            QVERIFY2(contains(e, "--out") && contains(e, "run1")
                    && contains(e, "another process is writing its results into this folder"),
                e.c_str());
            test::writeText(run + "/requests.jsonl", "{}\n");
        }
        // Released: a new claim works, but the folder now holds a run.
        const auto full = errorOf([&] { FolderClaim again(run, "--out", true); });
        QVERIFY2(contains(full, "already holds files (requests.jsonl)") && contains(full, "--force"), full.c_str());
        FolderClaim forced(run, "--out", false);
        QVERIFY(forced.locked());
    }

    // Outputs are checked before long work: a folder that does not exist, a file where a folder
    // should be; results folders are created with their parents, so their nearest existing parent
    // is what must take them.
    void outputPlacesAreCheckedFirst()
    {
        test::TempDir dir;
        const auto missing = errorOf([&] { checkOutputFile(dir.file("nope/x.json")); });
        QVERIFY2(contains(missing, "nope/x.json") && contains(missing, "does not exist"), missing.c_str());
        const auto root = errorOf([] { checkOutputFile("/nonexistent/x.json"); });
        QVERIFY2(contains(root, "/nonexistent/x.json: cannot write the output here")
                && contains(root, "/nonexistent does not exist"),
            root.c_str());
        test::writeText(dir.file("plain"), "x");
        const auto underFile = errorOf([&] { checkOutputFile(dir.file("plain/x.json")); });
        QVERIFY2(contains(underFile, "is not a folder"), underFile.c_str());
        checkOutputFile(dir.file("fine.json"));
        checkOutputFile("/dev/null"); // written directly: no file beside it
        // Results folders: created with their parents, under something that is a folder.
        checkWritableFolder(dir.file("a/b/c"), "--out", true);
        const auto folder = errorOf([&] { checkResultsFolder(dir.file("plain/run"), "--out", false); });
        QVERIFY2(contains(folder, "--out") && contains(folder, "is not a folder"), folder.c_str());
    }

    // The line reader every JSONL reader of run folders, result files and prompts uses: the same
    // file checks as the trace reader (a device or a pipe is refused before a byte is read: /dev/zero
    // would be endless, a FIFO would block), a size cap, a line cap, torn last lines reported.
    void lineReaderChecksTheFile()
    {
        test::TempDir dir;
        test::writeText(dir.file("a.jsonl"), "one\r\n\ntwo\nthree");
        InputLines lines(dir.file("a.jsonl"), "requests file", 1 << 20);
        std::string line;
        QVERIFY(lines.next(line));
        QCOMPARE(line, std::string("one"));
        QVERIFY(lines.hadNewline());
        QVERIFY(lines.next(line));
        QCOMPARE(line, std::string());
        QVERIFY(lines.next(line));
        QCOMPARE(line, std::string("two"));
        QVERIFY(lines.next(line));
        QCOMPARE(line, std::string("three"));
        QCOMPARE(lines.lineNumber(), std::uint64_t(4));
        QVERIFY(!lines.hadNewline()); // the file's last bytes: a torn line if it does not parse
        QVERIFY(!lines.next(line));

        const auto z = errorOf([&] { InputLines("/dev/zero", "requests file", 1 << 20); });
        QVERIFY2(contains(z, "/dev/zero: requests file: is not a regular file (it is a character device)"), z.c_str());
        std::filesystem::create_symlink("/dev/zero", dir.file("link.jsonl"));
        QVERIFY(contains(
            errorOf([&] { InputLines(dir.file("link.jsonl"), "requests file", 1 << 20); }), "character device"));
        QVERIFY(::mkfifo(dir.file("fifo").c_str(), 0600) == 0);
        QVERIFY(contains(errorOf([&] { InputLines(dir.file("fifo"), "requests file", 1 << 20); }), "it is a pipe"));
        QVERIFY(contains(errorOf([&] { InputLines(dir.path.string(), "requests file", 1 << 20); }), "is a directory"));

        // Size cap, before anything is read.
        test::writeText(dir.file("big.jsonl"), std::string(3 << 20, 'x'));
        const auto big = errorOf([&] { InputLines(dir.file("big.jsonl"), "S-LoRA result file", 1 << 20); });
        QVERIFY2(contains(big, "big.jsonl: S-LoRA result file: the file is 3 MiB, more than the 1 MiB"), big.c_str());
        // Line cap: the line is named, and never held whole.
        test::writeText(dir.file("long.jsonl"), "short\n" + std::string(200000, 'y') + "\n");
        InputLines capped(dir.file("long.jsonl"), "requests file", 1 << 20, 100000);
        QVERIFY(capped.next(line));
        const auto longLine = errorOf([&] { capped.next(line); });
        QVERIFY2(contains(longLine, "long.jsonl:2: requests file: a line longer than"), longLine.c_str());
        // openInputFile: the same checks for whole-stream readers.
        QVERIFY(contains(errorOf([&] { openInputFile("/dev/zero", "prompts file", 1 << 20); }), "character device"));
        QVERIFY(openInputFile(dir.file("a.jsonl"), "prompts file", 1 << 20).good());
    }
};

QTEST_GUILESS_MAIN(TestFileIo)
#include "tst_fileio.moc"
