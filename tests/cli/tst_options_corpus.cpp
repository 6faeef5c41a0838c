// SPDX-License-Identifier: Apache-2.0
// Replays the kept corpus of fuzz_options (bench/fuzz/corpus/options) through the option checks
// with the normal build: each argument list parses or raises UsageError, and every numeric value
// accepted lies within its option's range.

#include "cli/args.h"
#include "cli/options.h"

#include "../core/testutil.h"

#include <QTest>

#include <cmath>
#include <filesystem>

using namespace lorascope;
using namespace lorascope::cli;

class TestOptionsCorpus : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void replay()
    {
        const char* const commands[] = { "generate", "stats", "simulate", "convert", "fit", "replay", "serve-sim" };
        std::vector<std::string> valueFlags { "--format", "--spec", "-o", "--model", "--target" };
        for (const auto& o : optionTable())
            valueFlags.push_back(o.flag);
        const auto dir = std::filesystem::path(LORASCOPE_FUZZ_CORPUS) / "options";
        QVERIFY2(std::filesystem::is_directory(dir), dir.c_str());
        int files = 0, accepted = 0;
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            const std::string data = test::readText(entry.path().string());
            if (data.empty())
                continue;
            ++files;
            const std::string command = commands[static_cast<unsigned char>(data[0]) % 7];
            std::vector<std::string> argv(1);
            for (std::size_t i = 1; i < data.size(); ++i) {
                if (data[i] == '\0')
                    argv.emplace_back();
                else
                    argv.back() += data[i];
            }
            try {
                const Args a = parseArgs(command, argv, valueFlags, { "--json", "--quiet", "--skip-bad" });
                ++accepted;
                for (const auto& [flag, value] : a.values()) {
                    const OptionSpec* o = findOption(command, flag);
                    if (!o)
                        continue;
                    if (o->integer) {
                        const auto v = a.integer(flag, 0);
                        QVERIFY2(v >= o->imin && v <= o->imax, qPrintable(QString::fromStdString(flag + " " + value)));
                    } else {
                        const double v = a.number(flag, 0);
                        QVERIFY2(std::isfinite(v) && v >= o->min && v <= o->max && !(o->minExclusive && v == o->min),
                            qPrintable(QString::fromStdString(flag + " " + value)));
                    }
                }
            } catch (const UsageError&) {
            }
        }
        QVERIFY2(files > 0, "empty corpus");
        QVERIFY2(accepted > 0, "no argument list accepted: the seeds are missing");
    }

    void everyEntryHasAFlagAndASaneRange()
    {
        for (const auto& o : optionTable()) {
            QVERIFY(std::string(o.flag).rfind("--", 0) == 0);
            QVERIFY2(o.integer ? o.imin <= o.imax : o.min < o.max, o.flag);
        }
    }
};

QTEST_GUILESS_MAIN(TestOptionsCorpus)
#include "tst_options_corpus.moc"
