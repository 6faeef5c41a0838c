// SPDX-License-Identifier: Apache-2.0
// Replays the kept serve-sim fuzzing corpus (bench/fuzz/corpus/servesim/*) through the fuzzer's own checks with the
// normal build (bench/fuzz/servesim_input.h): HTTP parsing with the server's limits and refusal rules, and every
// generation endpoint's body validation. Under the ASan/UBSan build this also catches memory errors.

#include "servesim_input.h"

#include "testutil.h"

#include <QTest>

#include <filesystem>

using namespace lorascope;

class TestServeSimCorpus : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void replay()
    {
        const auto dir = std::filesystem::path(LORASCOPE_FUZZ_CORPUS) / "servesim";
        QVERIFY2(std::filesystem::is_directory(dir), dir.c_str());
        int files = 0;
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            if (!entry.is_regular_file())
                continue;
            ++files;
            const std::string text = test::readText(entry.path().string());
            const std::string broke = fuzz::checkServeSimInput(text);
            QVERIFY2(
                broke.empty(), qPrintable(QString::fromStdString(entry.path().filename().string() + ": " + broke)));
        }
        QVERIFY2(files >= 20, "the seeds are missing");
    }

    // The seeds mean what their names say: valid bodies are accepted, the bad ones refused naming the field.
    void seedsAreWhatTheySay()
    {
        const auto dir = std::filesystem::path(LORASCOPE_FUZZ_CORPUS) / "servesim";
        const ApiContext ctx;
        auto body = [&](const char* name) { return test::readText((dir / name).string()); };
        QVERIFY(parseApiRequest(Endpoint::Completions, body("body_completions"), ctx).request);
        QVERIFY(parseApiRequest(Endpoint::ChatCompletions, body("body_chat"), ctx).request);
        QVERIFY(parseApiRequest(Endpoint::SgLangGenerate, body("body_sglang"), ctx).request);
        QVERIFY(parseApiRequest(Endpoint::GenerateStream, body("body_slora"), ctx).request);
        QVERIFY(parseApiRequest(Endpoint::GenerateStream, body("body_tgi"), ctx).request);
        QCOMPARE(parseApiRequest(Endpoint::Completions, body("body_bad_max_tokens"), ctx).error.field,
            std::string("max_tokens"));
        QCOMPARE(parseApiRequest(Endpoint::ChatCompletions, body("body_bad_messages"), ctx).error.field,
            std::string("messages[0]"));
    }
};

QTEST_GUILESS_MAIN(TestServeSimCorpus)
#include "tst_servesimcorpus.moc"
