// SPDX-License-Identifier: Apache-2.0
// Replays the kept fuzzing corpus (bench/fuzz/corpus/<format>/*) through every parser with the
// normal build: each input must parse or raise InputError, never crash or throw anything else
// (under the ASan/UBSan CI build this also catches memory errors the fuzzer once found).

#include "formats/traceio.h"
#include "util/error.h"
#include "util/jsonread.h"
#include "workload/spec.h"

#include "testutil.h"

#include <QTest>

#include <filesystem>
#include <sstream>

using namespace lorascope;

class TestFormatsCorpus : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void replay_data()
    {
        QTest::addColumn<QString>("format");
        for (const char* f : { "csv", "jsonl", "json", "slora", "mooncake", "guidellm", "azure", "burstgpt", "aiperf",
                 "aiperf-multi-turn" })
            QTest::newRow(f) << QString::fromLatin1(f);
    }
    void replay()
    {
        QFETCH(QString, format);
        const auto dir = std::filesystem::path(LORASCOPE_FUZZ_CORPUS) / format.toStdString();
        QVERIFY2(std::filesystem::is_directory(dir), dir.c_str());
        const TraceFormat* f = findFormat(format.toStdString());
        QVERIFY(f && f->read);
        int files = 0, parsed = 0;
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            if (!entry.is_regular_file())
                continue;
            ++files;
            const std::string text = test::readText(entry.path().string());
            for (const bool skipBad : { false, true }) {
                std::istringstream in(text);
                ReadOptions o;
                o.skipBad = skipBad;
                o.dropFailed = skipBad;
                ReadReport report;
                try {
                    const Trace t = f->read(in, entry.path().string(), o, report);
                    ++parsed;
                    if (f->write) {
                        std::ostringstream out;
                        f->write(t, out);
                    }
                } catch (const InputError& e) {
                    // Errors name the file they came from.
                    QVERIFY2(e.file() == entry.path().string(), e.what());
                } catch (const std::exception& e) {
                    QFAIL(qPrintable(
                        QString::fromStdString(entry.path().string() + ": unexpected exception: " + e.what())));
                }
            }
        }
        QVERIFY2(files > 0, "empty corpus");
        QVERIFY2(parsed > 0, "no corpus file parsed: the seeds are missing");
    }

    void replayJsonRead()
    {
        // The corpus of fuzz_jsonread: the shared JSON reader, then the spec reader on top of it.
        const auto dir = std::filesystem::path(LORASCOPE_FUZZ_CORPUS) / "jsonread";
        QVERIFY2(std::filesystem::is_directory(dir), dir.c_str());
        int files = 0, specs = 0;
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            ++files;
            const std::string text = test::readText(entry.path().string());
            try {
                const nlohmann::json j = parseJson(text, "corpus");
                QVERIFY(jsonExcerpt(j).size() <= 43);
                const WorkloadSpec spec = specFromJson(j, "corpus");
                if (validate(spec).empty()) {
                    ++specs;
                    QVERIFY(specFromJson(toJson(spec)) == spec);
                }
            } catch (const InputError& e) {
                QVERIFY2(std::string(e.what()).size() <= 600, e.what());
            } catch (const std::exception& e) {
                QFAIL(
                    qPrintable(QString::fromStdString(entry.path().string() + ": unexpected exception: " + e.what())));
            }
        }
        QVERIFY(files > 0);
        QVERIFY2(specs > 0, "no valid spec in the corpus: the seeds are missing");
    }
};

QTEST_GUILESS_MAIN(TestFormatsCorpus)
#include "tst_formats_corpus.moc"
