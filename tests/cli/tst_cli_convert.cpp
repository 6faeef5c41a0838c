// SPDX-License-Identifier: Apache-2.0
// lorascope-cli convert / fit: the real binary, files, messages and exit codes (docs/formats.md).

#include "../core/testutil.h"
#include "clitestutil.h"

#include "formats/traceio.h"
#include "workload/spec.h"

#include <QProcess>
#include <QtTest>

using namespace lorascope;

namespace {
using test::cli;
using test::q;
using test::Run;
const std::string kData = std::string(LORASCOPE_TEST_DATA) + "/formats/";
} // namespace

class TestCliConvert : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void help()
    {
        const Run c = cli({ "convert", "--help" });
        QCOMPARE(c.code, 0);
        QVERIFY(c.out.contains("mooncake") && c.out.contains("--skip-bad"));
        const Run f = cli({ "fit", "--help" });
        QCOMPARE(f.code, 0);
        QVERIFY(f.out.contains("--report"));
    }

    void convertBurstGptToMooncakeAndBack()
    {
        test::TempDir dir;
        const Run r = cli({ "convert", q(kData + "burstgpt_in.csv"), q(dir.file("b.mooncake.jsonl")) });
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains("1 failed request"), qPrintable(r.err));
        QVERIFY2(r.err.contains("cannot hold: adapters"), qPrintable(r.err));
        const std::string text = test::readText(dir.file("b.mooncake.jsonl"));
        QCOMPARE(q(text),
            QString("{\"timestamp\": 5000, \"input_length\": 472, \"output_length\": 18}\n"
                    "{\"timestamp\": 45000, \"input_length\": 1087, \"output_length\": 230}\n"
                    "{\"timestamp\": 118000, \"input_length\": 417, \"output_length\": 276}\n"
                    "{\"timestamp\": 120000, \"input_length\": 300, \"output_length\": 0}\n"));
        // Named .jsonl, the content says Mooncake (hash-free lines read as GuideLLM unless told).
        const Run back = cli({ "convert", q(dir.file("b.mooncake.jsonl")), q(dir.file("b.csv")), "--from", "mooncake",
            "--drop-failed" });
        QCOMPARE(back.code, 0);
        const Trace t = readTrace(dir.file("b.csv"));
        QCOMPARE(t.requests.size(), std::size_t { 3 });
        QCOMPARE(t.requests[2].time, 118.0);
    }

    void convertSaysWhichBurstGptColumnsItDrops()
    {
        // BurstGPT_3 has Session ID and Elapsed time: a LoraScope trace keeps neither, and says so.
        test::TempDir dir;
        test::writeText(dir.file("b3.burstgpt.csv"),
            "Timestamp,Session ID,Elapsed time,Model,Request tokens,Response tokens,Total tokens,Log Type\n"
            "5,s1,1.5,ChatGPT,472,18,490,Conversation log\n6,s2,0.5,GPT-4,10,20,30,API log\n");
        const Run r = cli({ "convert", q(dir.file("b3.burstgpt.csv")), q(dir.file("out.burstgpt.csv")) });
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("cannot hold: the input's columns \"Session ID\", \"Elapsed time\", \"Log Type\""),
            qPrintable(r.err));
        // The plain BurstGPT header drops the log type only.
        const Run plain = cli({ "convert", q(kData + "burstgpt_in.csv"), q(dir.file("out.csv")) });
        QVERIFY2(plain.err.contains("the input's column \"Log Type\" (a LoraScope trace keeps none)"),
            qPrintable(plain.err));
    }

    void convertDetectsContentOfPlainExtension()
    {
        test::TempDir dir;
        test::writeText(dir.file("trace.csv"), test::readText(kData + "azure2023_in.csv"));
        const Run r = cli({ "convert", q(dir.file("trace.csv")), q(dir.file("out.guidellm.jsonl")), "--assign-adapters",
            "3", "--quiet" });
        QCOMPARE(r.code, 0);
        QVERIFY(r.err.isEmpty());
        const Trace t = readTrace(dir.file("out.guidellm.jsonl"));
        QCOMPARE(t.requests.size(), std::size_t { 4 });
        QVERIFY(std::abs(t.requests[3].time - 73.31941) < 1e-9);
    }

    void badInputAndUsage()
    {
        test::TempDir dir;
        test::writeText(dir.file("bad.mooncake.jsonl"),
            "{\"timestamp\": 1, \"input_length\": 5, \"output_length\": 5}\n{\"timestamp\": 2, \"input_length\": "
            "\"x\", \"output_length\": 5}\n{\"timestamp\": 3, \"input_length\": 6, \"output_length\": 6}\n");
        const Run bad = cli({ "convert", q(dir.file("bad.mooncake.jsonl")), q(dir.file("o.csv")) });
        QCOMPARE(bad.code, 1);
        QVERIFY2(bad.err.contains("bad.mooncake.jsonl:2") && bad.err.contains("input_length"), qPrintable(bad.err));
        QVERIFY(!QFile::exists(q(dir.file("o.csv")))); // nothing half-written
        const Run skip = cli({ "convert", q(dir.file("bad.mooncake.jsonl")), q(dir.file("o.csv")), "--skip-bad" });
        QCOMPARE(skip.code, 0);
        QVERIFY2(skip.err.contains("skipped 1 bad line"), qPrintable(skip.err));
        QCOMPARE(readTrace(dir.file("o.csv")).requests.size(), std::size_t { 2 });
        QCOMPARE(cli({ "convert", q(dir.file("o.csv")) }).code, 2);
        QCOMPARE(cli({ "convert", q(dir.file("o.csv")), q(dir.file("x.unknown")) }).code, 2);
        QCOMPARE(cli({ "convert", q(dir.file("o.csv")), q(dir.file("x.csv")), "--to", "azure" }).code, 2);
        QCOMPARE(cli({ "convert", q(dir.file("o.csv")), q(dir.file("x.csv")), "--assign-alpha", "0.5" }).code, 2);
        QCOMPARE(cli({ "convert", q(dir.file("missing.csv")), q(dir.file("x.csv")) }).code, 1);
    }

    void fitWritesAValidSpec()
    {
        test::TempDir dir;
        QCOMPARE(cli({ "generate", "--adapters", "20", "--rate", "50", "--duration", "200", "--alpha", "0.4", "--cv",
                         "1.5", "-o", q(dir.file("g.jsonl")), "--quiet" })
                     .code,
            0);
        const Run r = cli({ "fit", q(dir.file("g.jsonl")), "-o", q(dir.file("spec.json")), "--report" });
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("popularity") && r.out.contains("gap cv"), qPrintable(r.out));
        const WorkloadSpec s = loadSpecFile(dir.file("spec.json"));
        QCOMPARE(s.adapterCount, 20u);
        QVERIFY(std::abs(s.popularity.alpha - 0.4) < 0.1);
        QVERIFY(std::abs(s.arrival.cv - 1.5) < 0.15);
        // The fitted spec drives generate.
        QCOMPARE(
            cli({ "generate", "--spec", q(dir.file("spec.json")), "-o", q(dir.file("again.csv")), "--quiet" }).code, 0);
        // Rescaled, JSON report to a file, spec on stdout.
        const Run j = cli({ "fit", q(dir.file("g.jsonl")), "--rate", "5", "--adapters", "100", "--duration", "60",
            "--report-file", q(dir.file("rep.json")) });
        QCOMPARE(j.code, 0);
        const auto spec = nlohmann::json::parse(j.out.toStdString());
        QCOMPARE(spec["rate"].get<double>(), 5.0);
        QCOMPARE(spec["adapters"]["count"].get<int>(), 100);
        const auto rep = test::readJsonFile(dir.file("rep.json"));
        QCOMPARE(rep["requests"].get<int>() > 9000, true);
        QCOMPARE(cli({ "fit" }).code, 2);
        QCOMPARE(cli({ "fit", q(dir.file("g.jsonl")), "--rate", "-1" }).code, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliConvert)
#include "tst_cli_convert.moc"
