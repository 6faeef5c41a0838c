// SPDX-License-Identifier: Apache-2.0
// lorascope-cli with --policy sglang: SGLang's flags with its names, the per-policy meaning of
// --max-total-tokens, configurations and requests SGLang refuses, and the worked example of
// docs/admission.md ("SGLang") on the real binary.

#include "../core/testutil.h"
#include "clitestutil.h"

#include <QtTest>

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

// docs/admission.md, "SGLang": the worked example, plus a request the context length refuses
const char* const kCsv = "id,time_s,adapter,rank,input_len,output_len\n"
                         "0,0,,0,50,150\n"
                         "1,1,,0,60,100\n"
                         "2,2,,0,200,60\n";
} // namespace

class TestCliSglang : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void workedExample()
    {
        test::TempDir dir;
        test::writeText(dir.file("t.csv"), kCsv);
        const Run r = cli({ QStringLiteral("simulate"), q(dir.file("t.csv")), QStringLiteral("--requests-out"),
            q(dir.file("r.jsonl")), QStringLiteral("--policy"), QStringLiteral("sglang"), QStringLiteral("--clock"),
            QStringLiteral("steps"), QStringLiteral("--max-total-tokens"), QStringLiteral("250"),
            QStringLiteral("--context-length"), QStringLiteral("250"), QStringLiteral("--schedule-conservativeness"),
            QStringLiteral("0.3"), QStringLiteral("--disable-ignore-eos"), QStringLiteral("--json") });
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const auto rows = readJsonl(dir.file("r.jsonl"));
        QCOMPARE(rows.size(), 3u);
        QCOMPARE(rows[0]["finished"].get<double>(), 151.0);
        QCOMPARE(rows[1]["first_token"].get<double>(), 2.0);
        QCOMPARE(rows[1]["finished"].get<double>(), 180.0);
        QCOMPARE(rows[1]["preemptions"].get<int>(), 1);
        QCOMPARE(rows[1]["wait_reason"]["kind"].get<std::string>(), std::string("token_pool"));
        QCOMPARE(rows[1]["wait_reason"]["need"].get<int>(), 160);
        QCOMPARE(rows[1]["wait_reason"]["limit"].get<int>(), 81);
        QCOMPARE(rows[2]["rejected"].get<std::string>(), std::string("total_too_long")); // 200 + 60 >= 250
        const nlohmann::json j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["policy"].get<std::string>(), std::string("sglang"));
        QCOMPARE(j["server"]["sglang"]["max_total_tokens"].get<int>(), 250);
        QCOMPARE(j["server"]["sglang"]["ignore_eos"].get<bool>(), false);
        QCOMPARE(j["summary"]["kv_capacity"].get<int>(), 250);
    }

    void flags()
    {
        test::TempDir dir;
        test::writeText(dir.file("t.csv"), kCsv);
        const QStringList base { QStringLiteral("simulate"), q(dir.file("t.csv")), QStringLiteral("--requests-out"),
            q(dir.file("r.jsonl")), QStringLiteral("--policy"), QStringLiteral("sglang"), QStringLiteral("--json") };
        // every SGLang flag reaches the configuration under SGLang's name (on a trace with the pinned adapters:
        // pins of adapters a trace lacks are refused, below)
        test::writeText(dir.file("t3.csv"),
            "id,time_s,adapter,rank,input_len,output_len\n0,0,a,8,50,150\n1,1,b,8,60,100\n2,2,c,8,200,60\n");
        QStringList withAdapters = base;
        withAdapters[1] = q(dir.file("t3.csv"));
        const Run r = cli(withAdapters
            + QStringList { QStringLiteral("--max-running-requests"), QStringLiteral("7"),
                QStringLiteral("--chunked-prefill-size"), QStringLiteral("-1"), QStringLiteral("--max-prefill-tokens"),
                QStringLiteral("1000"), QStringLiteral("--enable-mixed-chunk"), QStringLiteral("--max-loras-per-batch"),
                QStringLiteral("4"), QStringLiteral("--max-loaded-loras"), QStringLiteral("6"),
                QStringLiteral("--lora-eviction-policy"), QStringLiteral("fifo"), QStringLiteral("--pinned-adapters"),
                QStringLiteral("0,2"), QStringLiteral("--lora-scan"), QStringLiteral("stop") });
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const nlohmann::json g = nlohmann::json::parse(r.out.toStdString())["server"]["sglang"];
        QCOMPARE(g["max_running_requests"].get<int>(), 7);
        QCOMPARE(g["chunked_prefill_size"].get<int>(), -1);
        QCOMPARE(g["max_prefill_tokens"].get<int>(), 1000);
        QCOMPARE(g["enable_mixed_chunk"].get<bool>(), true);
        QCOMPARE(g["max_loras_per_batch"].get<int>(), 4);
        QCOMPARE(g["max_loaded_loras"].get<int>(), 6);
        QCOMPARE(g["lora_eviction_policy"].get<std::string>(), std::string("fifo"));
        QCOMPARE(g["pinned_adapters"], nlohmann::json::parse("[0, 2]"));
        QCOMPARE(g["lora_scan"].get<std::string>(), std::string("stop"));
        const Run absent = cli(base + QStringList { QStringLiteral("--pinned-adapters"), QStringLiteral("0") });
        QCOMPARE(absent.code, 1);
        QVERIFY2(
            absent.err.contains(QStringLiteral("--pinned-adapters: adapter index 0 does not exist (the trace has 0 "
                                               "adapters)")),
            qPrintable(absent.err));

        // --max-total-token-num names S-LoRA's setting: refused for SGLang, which spells its pool --max-total-tokens
        const Run slora = cli(base + QStringList { QStringLiteral("--max-total-token-num"), QStringLiteral("5000") });
        QCOMPARE(slora.code, 2);
        QVERIFY2(slora.err.contains(QStringLiteral("SGLang's KV pool is --max-total-tokens")), qPrintable(slora.err));
        // with the S-LoRA policy --max-total-tokens stays S-LoRA's max_total_token_num
        const Run s = cli({ QStringLiteral("simulate"), q(dir.file("t.csv")), QStringLiteral("--requests-out"),
            q(dir.file("r.jsonl")), QStringLiteral("--max-total-tokens"), QStringLiteral("5000"),
            QStringLiteral("--json") });
        QVERIFY2(s.code == 0, qPrintable(s.err));
        QCOMPARE(nlohmann::json::parse(s.out.toStdString())["server"]["max_total_token_num"].get<int>(), 5000);

        // SGLang's own refusals, with its reasons; bad values are usage errors
        const Run loaded = cli(base + QStringList { QStringLiteral("--max-loaded-loras"), QStringLiteral("2") });
        QCOMPARE(loaded.code, 2);
        QVERIFY2(loaded.err.contains(
                     QStringLiteral("max_loaded_loras should be greater than or equal to max_loras_per_batch")),
            qPrintable(loaded.err));
        const Run pinned = cli(base
            + QStringList { QStringLiteral("--max-loras-per-batch"), QStringLiteral("2"),
                QStringLiteral("--pinned-adapters"), QStringLiteral("0,1") });
        QCOMPARE(pinned.code, 2);
        QVERIFY2(pinned.err.contains(QStringLiteral("not allowed to pin all slots")), qPrintable(pinned.err));
        const Run eviction
            = cli(base + QStringList { QStringLiteral("--lora-eviction-policy"), QStringLiteral("random") });
        QCOMPARE(eviction.code, 2);
        QVERIFY(eviction.err.contains(QStringLiteral("lru or fifo")));
        const Run list = cli(base + QStringList { QStringLiteral("--pinned-adapters"), QStringLiteral("0,x") });
        QCOMPARE(list.code, 2);
        QVERIFY(list.err.contains(QStringLiteral("--pinned-adapters takes adapter indices")));
        const Run ratio
            = cli(base + QStringList { QStringLiteral("--schedule-conservativeness"), QStringLiteral("-1") });
        QCOMPARE(ratio.code, 2);
    }

    void help()
    {
        const Run h = cli({ QStringLiteral("simulate"), QStringLiteral("--help") });
        QCOMPARE(h.code, 0);
        for (const char* flag :
            { "--policy NAME", "--max-running-requests", "--chunked-prefill-size", "--max-prefill-tokens",
                "--context-length", "--schedule-conservativeness", "--enable-mixed-chunk", "--disable-ignore-eos",
                "--max-loras-per-batch", "--max-loaded-loras", "--lora-eviction-policy", "--pinned-adapters" })
            QVERIFY2(h.out.contains(QLatin1String(flag)), flag);
        QVERIFY(h.out.contains(QStringLiteral("sglang")));
    }
};

QTEST_GUILESS_MAIN(TestCliSglang)
#include "tst_cli_sglang.moc"
