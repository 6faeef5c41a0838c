// SPDX-License-Identifier: Apache-2.0
// lorascope-cli generate / stats: the real binary, its files, messages and exit codes.

#include "../core/testutil.h"
#include "clitestutil.h"

#include <QProcess>
#include <QtTest>

#include <filesystem>

using namespace lorascope;

namespace {
using test::cli;
using test::q;
using test::Run;
} // namespace

class TestCli : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void versionAndHelp()
    {
        const Run v = cli({ QStringLiteral("--version") });
        QCOMPARE(v.code, 0);
        QVERIFY(v.out.startsWith(QStringLiteral("lorascope-cli ")));
        const Run h = cli({ QStringLiteral("generate"), QStringLiteral("--help") });
        QCOMPARE(h.code, 0);
        QVERIFY(h.out.contains(QStringLiteral("--input-range LO,HI")));
        const Run none = cli({});
        QCOMPARE(none.code, 2);
    }

    void generateEveryFormatThenStats_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("jsonl") << QStringLiteral("t.jsonl");
        QTest::newRow("csv") << QStringLiteral("t.csv");
        QTest::newRow("slora") << QStringLiteral("t.slora.json");
        QTest::newRow("json") << QStringLiteral("t.json");
    }
    void generateEveryFormatThenStats()
    {
        QFETCH(QString, file);
        test::TempDir dir;
        const QString path = q(dir.file(file.toStdString()));
        const Run g = cli({ QStringLiteral("generate"), QStringLiteral("--preset"), QStringLiteral("S2"),
            QStringLiteral("--adapters"), QStringLiteral("20"), QStringLiteral("--rate"), QStringLiteral("4"),
            QStringLiteral("--duration"), QStringLiteral("50"), QStringLiteral("--seed"), QStringLiteral("3"),
            QStringLiteral("-o"), path });
        QVERIFY2(g.code == 0, qPrintable(g.err));
        const Run s = cli({ QStringLiteral("stats"), path, QStringLiteral("--json") });
        QVERIFY2(s.code == 0, qPrintable(s.err));
        const auto j = nlohmann::json::parse(s.out.toStdString());
        const auto n = j["requests"].get<int>();
        QVERIFY(n > 100 && n < 300);
        QCOMPARE(j["adapters_used"].get<int>() <= 20, true);
        int sum = 0;
        for (const auto& c : j["per_adapter_count"])
            sum += c.get<int>();
        QCOMPARE(sum, n);
    }

    void sloraGeneratorMatchesReference()
    {
        // The CLI's slora generator reproduces S-LoRA's file exactly.
        test::TempDir dir;
        const QString path = q(dir.file("r.slora.json"));
        const Run g = cli({ QStringLiteral("generate"), QStringLiteral("--generator"), QStringLiteral("slora"),
            QStringLiteral("--adapters"), QStringLiteral("100"), QStringLiteral("--alpha"), QStringLiteral("1"),
            QStringLiteral("--rate"), QStringLiteral("2"), QStringLiteral("--cv"), QStringLiteral("1"),
            QStringLiteral("--duration"), QStringLiteral("60"), QStringLiteral("--seed"), QStringLiteral("42"),
            QStringLiteral("--input-range"), QStringLiteral("8,512"), QStringLiteral("--output-range"),
            QStringLiteral("8,512"), QStringLiteral("-o"), path });
        QVERIFY2(g.code == 0, qPrintable(g.err));
        const auto got = test::readJsonFile(path.toStdString())["requests"];
        const auto want = test::readJsonFile(LORASCOPE_TEST_DATA "/slora_n100_a1_r2_cv1_60s_seed42.json")["requests"];
        QCOMPARE(got.size(), want.size());
        for (std::size_t i = 0; i < got.size(); ++i) {
            QCOMPARE(got[i]["prompt_len"].get<int>(), want[i]["prompt_len"].get<int>());
            QCOMPARE(got[i]["output_len"].get<int>(), want[i]["output_len"].get<int>());
            QCOMPARE(got[i]["adapter_dir"].get<std::string>(),
                "adapter-" + std::to_string(want[i]["adapter_index"].get<int>()));
            QCOMPARE(got[i]["req_time"].get<double>(), want[i]["req_time"].get<double>());
        }
    }

    void usageErrorsExit2_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("unknown flag") << QStringList { QStringLiteral("generate"), QStringLiteral("--bogus") }
                                      << QStringLiteral("unknown option --bogus");
        QTest::newRow("no output") << QStringList { QStringLiteral("generate"), QStringLiteral("--preset"),
            QStringLiteral("S1") } << QStringLiteral("missing -o FILE");
        QTest::newRow("bad number") << QStringList { QStringLiteral("generate"), QStringLiteral("--rate"),
            QStringLiteral("fast"), QStringLiteral("-o"), QStringLiteral("x.csv") }
                                    << QStringLiteral("--rate expects a number (got \"fast\")");
        QTest::newRow("bad preset") << QStringList { QStringLiteral("generate"), QStringLiteral("--preset"),
            QStringLiteral("S9"), QStringLiteral("-o"), QStringLiteral("x.csv") }
                                    << QStringLiteral("unknown preset \"S9\"");
        QTest::newRow("bad extension") << QStringList { QStringLiteral("generate"), QStringLiteral("-o"),
            QStringLiteral("x.txt") } << QStringLiteral("from its extension");
        QTest::newRow("bad command") << QStringList { QStringLiteral("frobnicate") }
                                     << QStringLiteral("unknown command");
        QTest::newRow("stats no file") << QStringList { QStringLiteral("stats") }
                                       << QStringLiteral("missing trace FILE");
    }
    void usageErrorsExit2()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, fragment);
        const Run r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(fragment), qPrintable(r.err));
    }

    void badInputExit1NamesFileAndField()
    {
        test::TempDir dir;
        const std::string spec = dir.file("spec.json");
        test::writeText(spec, R"({"arrival": {"cv": -1}})");
        const std::string out = dir.file("out.csv");
        test::writeText(out, "old content");
        const Run r
            = cli({ QStringLiteral("generate"), QStringLiteral("--spec"), q(spec), QStringLiteral("-o"), q(out) });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(q(spec) + QStringLiteral(": arrival.cv must be between 0.001 and 100 (got -1)")),
            qPrintable(r.err));
        QCOMPARE(test::readText(out), std::string("old content")); // untouched

        const Run cv = cli(
            { QStringLiteral("generate"), QStringLiteral("--cv"), QStringLiteral("-2"), QStringLiteral("-o"), q(out) });
        QCOMPARE(cv.code, 2); // a flag out of its range is a usage error naming the flag and the limits
        QVERIFY2(cv.err.contains(QStringLiteral("--cv must be from 0.001 to 100 (got -2)")), qPrintable(cv.err));

        const std::string bad = dir.file("bad.csv");
        test::writeText(bad, "id,time_s,adapter,rank,input_len,output_len\n0,0.5,a,8,10,20\n1,0.7,a,8,10,-3\n");
        const Run s = cli({ QStringLiteral("stats"), q(bad) });
        QCOMPARE(s.code, 1);
        QVERIFY2(s.err.contains(q(bad) + QStringLiteral(":3: output_len")), qPrintable(s.err));
        const Run skip = cli({ QStringLiteral("stats"), q(bad), QStringLiteral("--skip-bad") });
        QCOMPARE(skip.code, 0);
        QVERIFY(skip.out.contains(QStringLiteral("skipped lines   1")));

        const Run missing = cli({ QStringLiteral("stats"), q(dir.file("nope.jsonl")) });
        QCOMPARE(missing.code, 1);
        QVERIFY(missing.err.contains(QStringLiteral("nope.jsonl: trace file: no such file")));
    }

    void failedWriteLeavesNothing()
    {
        test::TempDir dir;
        const std::string out = dir.file("missing-dir/t.jsonl");
        const Run r = cli({ QStringLiteral("generate"), QStringLiteral("-o"), q(out) });
        QCOMPARE(r.code, 1);
        QVERIFY(r.err.contains(q(out)));
        QVERIFY(!std::filesystem::exists(out));
    }

    void specFileAndOverrides()
    {
        test::TempDir dir;
        const std::string spec = dir.file("spec.json");
        const Run p = cli({ QStringLiteral("generate"), QStringLiteral("--preset"), QStringLiteral("a100-80-S4-cv"),
            QStringLiteral("--cv"), QStringLiteral("8"), QStringLiteral("--print-spec") });
        QCOMPARE(p.code, 0);
        test::writeText(spec, p.out.toStdString());
        const auto j = nlohmann::json::parse(p.out.toStdString());
        QCOMPARE(j["arrival"]["cv"].get<double>(), 8.0);
        QCOMPARE(j["adapters"]["count"].get<int>(), 400);
        const std::string out = dir.file("t.jsonl");
        const Run g = cli({ QStringLiteral("generate"), QStringLiteral("--spec"), q(spec), QStringLiteral("--duration"),
            QStringLiteral("20"), QStringLiteral("-o"), q(out) });
        QVERIFY2(g.code == 0, qPrintable(g.err));
        std::string text = test::readText(out);
        const auto header = nlohmann::json::parse(text.substr(0, text.find('\n')));
        QCOMPARE(header["spec"]["duration"].get<double>(), 20.0);
        QCOMPARE(header["spec"]["arrival"]["cv"].get<double>(), 8.0);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
