// SPDX-License-Identifier: Apache-2.0
// lorascope-cli simulate: the real binary on a CSV trace, its output files, messages and exit codes.

#include "../core/testutil.h"
#include "clitestutil.h"

#include <QProcess>
#include <QtTest>

#include <filesystem>
#include <sstream>

using namespace lorascope;

namespace {
using test::cli;
using test::q;
using test::Run;

std::vector<nlohmann::json> readJsonl(const std::string& path)
{
    std::vector<nlohmann::json> out;
    std::istringstream in(test::readText(path));
    std::string line;
    while (std::getline(in, line))
        if (!line.empty())
            out.push_back(nlohmann::json::parse(line));
    return out;
}

// The check vector of docs/admission.md (The admission rule) plus a request over max_req_input_len
const char* const kCsv = "id,time_s,adapter,rank,input_len,output_len\n"
                         "10,0,a0,64,1000,500\n"
                         "11,0,a1,8,800,1000\n"
                         "12,0,a0,64,500,200\n"
                         "13,0,a2,16,900,1500\n"
                         "14,0.5,a1,8,2049,10\n";
} // namespace

class TestSimulateCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void help()
    {
        const Run h = cli({ QStringLiteral("simulate"), QStringLiteral("--help") });
        QCOMPARE(h.code, 0);
        QVERIFY(h.out.contains(QStringLiteral("--requests-out")));
        QVERIFY(h.out.contains(QStringLiteral("--max-wait-tokens")));
        const Run top = cli({ QStringLiteral("--help") });
        QVERIFY(top.out.contains(QStringLiteral("simulate")));
    }

    void checkVectorFiles()
    {
        test::TempDir dir;
        test::writeText(dir.file("t.csv"), kCsv);
        const Run r = cli(
            { QStringLiteral("simulate"), q(dir.file("t.csv")), QStringLiteral("--clock"), QStringLiteral("steps"),
                QStringLiteral("--batch-max-tokens"), QStringLiteral("3072"), QStringLiteral("--requests-out"),
                q(dir.file("req.jsonl")), QStringLiteral("--timeline-out"), q(dir.file("tl.jsonl")) });
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QStringLiteral("1 rejected")));
        QVERIFY(r.out.contains(QStringLiteral("4 finished")));
        const auto reqs = readJsonl(dir.file("req.jsonl"));
        QCOMPARE(reqs.size(), std::size_t(5));
        for (const char* key : { "id", "arrival", "admitted", "first_token", "finished", "rejected", "wait_reason" })
            QVERIFY2(reqs[0].contains(key), key);
        QCOMPARE(reqs[0]["id"].get<int>(), 10);
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(reqs[i]["admitted"].get<double>(), 0.0);
            QCOMPARE(reqs[i]["first_token"].get<double>(), 1.0);
            QVERIFY(reqs[i]["wait_reason"].is_null());
            QVERIFY(reqs[i]["rejected"].is_null());
        }
        // A, B, C got in at tick 0; D waited for Σinput 3200 > 3072 until the attempt after 10 decode steps
        QCOMPARE(reqs[3]["admitted"].get<double>(), 11.0);
        QCOMPARE(reqs[3]["wait_reason"]["kind"].get<std::string>(), std::string("batch_max_tokens"));
        QCOMPARE(reqs[3]["wait_reason"]["need"].get<int>(), 3200);
        QCOMPARE(reqs[3]["wait_reason"]["limit"].get<int>(), 3072);
        QCOMPARE(reqs[4]["rejected"].get<std::string>(), std::string("input_too_long"));
        QVERIFY(reqs[4]["admitted"].is_null());
        QVERIFY(reqs[4]["first_token"].is_null());
        QVERIFY(reqs[4]["finished"].is_null());
        // C: 200 tokens, one of D's prefill steps in between → finished at tick 201
        QCOMPARE(reqs[2]["finished"].get<double>(), 201.0);

        const auto tl = readJsonl(dir.file("tl.jsonl"));
        QVERIFY(tl.size() > 1000);
        QCOMPARE(tl[0]["kind"].get<std::string>(), std::string("prefill"));
        QCOMPARE(tl[0]["batch_size"].get<int>(), 3);
        QCOMPARE(tl[0]["tokens"].get<int>(), 2300);
        QCOMPARE(tl[0]["blocked"].get<std::string>(), std::string("batch_max_tokens"));
        QCOMPARE(tl[0]["kv_capacity"].get<int>(), 6000);
        QCOMPARE(tl[1]["kind"].get<std::string>(), std::string("decode"));
        QCOMPARE(tl[11]["kind"].get<std::string>(), std::string("prefill"));
        for (const auto& s : tl)
            QVERIFY(s["kv_need"].get<int>() < 6000);
    }

    void jsonSummaryAndModelClock()
    {
        test::TempDir dir;
        test::writeText(dir.file("t.csv"), kCsv);
        const Run r = cli({ QStringLiteral("simulate"), q(dir.file("t.csv")), QStringLiteral("--cost-model"),
            QStringLiteral("llama-7b-a100-80g"), QStringLiteral("--requests-out"), q(dir.file("req.jsonl")),
            QStringLiteral("--json"), QStringLiteral("--policy"), QStringLiteral("slora-abort") });
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["clock"].get<std::string>(), std::string("model"));
        QCOMPARE(j["unit"].get<std::string>(), std::string("s"));
        QCOMPARE(j["policy"].get<std::string>(), std::string("slora-abort"));
        QCOMPARE(j["summary"]["requests"].get<int>(), 5);
        QCOMPARE(j["summary"]["rejected"].get<int>(), 1);
        QVERIFY(j["summary"]["ttft"]["p99"].is_number());
        QVERIFY(j["summary"]["slo_attainment"].is_number());
        QCOMPARE(j["per_adapter"].size(), std::size_t(3));
        const auto reqs = readJsonl(dir.file("req.jsonl"));
        QVERIFY(reqs[0]["first_token"].get<double>() > 0.0);
        QVERIFY(reqs[0]["first_token"].get<double>() < 1.0); // seconds, not ticks
    }

    void rankRefusalsFirstWithTheirFix()
    {
        // vLLM's default max_lora_rank 16: a0 (rank 64) cannot be loaded; the first line says how
        // many were refused, for which ranks, and the flag that serves them.
        test::TempDir dir;
        test::writeText(dir.file("t.csv"), kCsv);
        const Run r = cli({ QStringLiteral("simulate"), q(dir.file("t.csv")), QStringLiteral("--clock"),
            QStringLiteral("steps"), QStringLiteral("--policy"), QStringLiteral("vllm"),
            QStringLiteral("--requests-out"), q(dir.file("r1.jsonl")) });
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QString first = r.out.section(QLatin1Char('\n'), 0, 0);
        QCOMPARE(first,
            QStringLiteral("2 of 5 requests refused: adapter rank 64 > max_lora_rank 16; set max_lora_rank to 64, the "
                           "workload's largest (vLLM must be started with --max-lora-rank 64)"));
        // Served once the rank is raised: no such line.
        const Run ok = cli(
            { QStringLiteral("simulate"), q(dir.file("t.csv")), QStringLiteral("--clock"), QStringLiteral("steps"),
                QStringLiteral("--policy"), QStringLiteral("vllm"), QStringLiteral("--max-lora-rank"),
                QStringLiteral("64"), QStringLiteral("--requests-out"), q(dir.file("r2.jsonl")) });
        QVERIFY2(ok.code == 0, qPrintable(ok.err));
        QVERIFY2(!ok.out.contains(QStringLiteral("refused:")), qPrintable(ok.out));
    }

    void ranksOverride()
    {
        test::TempDir dir;
        test::writeText(dir.file("t.csv"), kCsv);
        // a2 at rank 1400 takes 5600 slots: D no longer fits the token budget at tick 0
        test::writeText(dir.file("ranks.json"), R"({"a2": 1400})");
        const Run r = cli(
            { QStringLiteral("simulate"), q(dir.file("t.csv")), QStringLiteral("--clock"), QStringLiteral("steps"),
                QStringLiteral("--batch-max-tokens"), QStringLiteral("3072"), QStringLiteral("--ranks"),
                q(dir.file("ranks.json")), QStringLiteral("--requests-out"), q(dir.file("req.jsonl")) });
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const auto reqs = readJsonl(dir.file("req.jsonl"));
        QCOMPARE(reqs[3]["wait_reason"]["kind"].get<std::string>(), std::string("token_budget"));
        // bad rank files name the file and the field
        test::writeText(dir.file("bad.json"), R"({"a9": 8})");
        const Run b = cli({ QStringLiteral("simulate"), q(dir.file("t.csv")), QStringLiteral("--ranks"),
            q(dir.file("bad.json")), QStringLiteral("--requests-out"), q(dir.file("x.jsonl")) });
        QCOMPARE(b.code, 1);
        QVERIFY2(b.err.contains(QStringLiteral("bad.json")) && b.err.contains(QStringLiteral("a9")), qPrintable(b.err));
        test::writeText(dir.file("bad2.json"), R"({"a1": -3})");
        const Run b2 = cli({ QStringLiteral("simulate"), q(dir.file("t.csv")), QStringLiteral("--ranks"),
            q(dir.file("bad2.json")), QStringLiteral("--requests-out"), q(dir.file("x.jsonl")) });
        QCOMPARE(b2.code, 1);
        QVERIFY2(b2.err.contains(QStringLiteral("a1")), qPrintable(b2.err));
        QVERIFY(!std::filesystem::exists(dir.file("x.jsonl")));
    }

    void usageAndInputErrors()
    {
        test::TempDir dir;
        test::writeText(dir.file("t.csv"), kCsv);
        const QString out = q(dir.file("o.jsonl"));
        // Without --requests-out: a preview of the summary alone (nothing written); an empty name is a usage error.
        QCOMPARE(cli({ QStringLiteral("simulate"), q(dir.file("t.csv")) }).code, 0);
        QCOMPARE(cli({ QStringLiteral("simulate"), q(dir.file("t.csv")), QStringLiteral("--requests-out=") }).code, 2);
        QCOMPARE(cli({ QStringLiteral("simulate"), q(dir.file("t.csv")), QStringLiteral("--requests-out"), out,
                         QStringLiteral("--policy"), QStringLiteral("fifo") })
                     .code,
            2);
        QCOMPARE(cli({ QStringLiteral("simulate"), q(dir.file("t.csv")), QStringLiteral("--requests-out"), out,
                         QStringLiteral("--clock"), QStringLiteral("wall") })
                     .code,
            2);
        QCOMPARE(cli({ QStringLiteral("simulate"), q(dir.file("t.csv")), QStringLiteral("--requests-out"), out,
                         QStringLiteral("--max-total-tokens"), QStringLiteral("0") })
                     .code,
            2);
        QCOMPARE(cli({ QStringLiteral("simulate"), q(dir.file("t.csv")), QStringLiteral("--requests-out"), out,
                         QStringLiteral("--bogus") })
                     .code,
            2);
        const Run cm = cli({ QStringLiteral("simulate"), q(dir.file("t.csv")), QStringLiteral("--requests-out"), out,
            QStringLiteral("--cost-model"), QStringLiteral("gpt-9") });
        QCOMPARE(cm.code, 1);
        QVERIFY(cm.err.contains(QStringLiteral("llama-7b-a10g")));
        // a bad trace names file and line; an existing output file is left as it was
        test::writeText(out.toStdString(), "keep\n");
        test::writeText(
            dir.file("bad.csv"), "id,time_s,adapter,rank,input_len,output_len\n0,0,a0,8,10,10\n1,x,a0,8,10,10\n");
        const Run bad
            = cli({ QStringLiteral("simulate"), q(dir.file("bad.csv")), QStringLiteral("--requests-out"), out });
        QCOMPARE(bad.code, 1);
        QVERIFY2(bad.err.contains(QStringLiteral("bad.csv:3")), qPrintable(bad.err));
        QCOMPARE(test::readText(out.toStdString()), std::string("keep\n"));
        const Run missing
            = cli({ QStringLiteral("simulate"), q(dir.file("nope.csv")), QStringLiteral("--requests-out"), out });
        QCOMPARE(missing.code, 1);
        QVERIFY(missing.err.contains(QStringLiteral("nope.csv")));
    }
};

QTEST_GUILESS_MAIN(TestSimulateCli)
#include "tst_simulate.moc"
