// SPDX-License-Identifier: Apache-2.0
// Option checks of every subcommand through the real binary: one
// table of ranges (app/cli/options.cpp), a usage error (exit 2) naming the flag and the limit,
// the same spelling of a trace's format everywhere (--from = --format).

#include "formats/traceio.h"

#include "../core/testutil.h"
#include "clitestutil.h"

#include <nlohmann/json.hpp>

#include <QtTest>
#include <filesystem>
#include <fstream>

using namespace lorascope;

namespace {
using test::cli;
using test::q;
using test::Run;

const char* const kCsv
    = "id,time_s,adapter,rank,input_len,output_len\n0,0,a,8,10,20\n1,0.5,b,8,30,40\n2,1.5,a,8,50,60\n";
} // namespace

class TestCliOptions : public QObject {
    Q_OBJECT
    test::TempDir m_dir;

    QStringList withTrace(QStringList args) const
    {
        for (auto& a : args)
            if (a == QLatin1String("T"))
                a = q(m_dir.file("t.csv"));
            else if (a == QLatin1String("OUT"))
                a = q(m_dir.file("out.jsonl"));
        return args;
    }

private Q_SLOTS:
    void initTestCase() { test::writeText(m_dir.file("t.csv"), kCsv); }

    void outOfRangeIsAUsageError_data()
    {
        QTest::addColumn<QString>("args");
        QTest::addColumn<QString>("message");
        // Values found wrongly accepted from outside, and more of the same classes.
        // A flag of another policy is refused, never silently ignored.
        QTest::newRow("simulate pinned under slora")
            << "simulate T --pinned-adapters 999"
            << "--pinned-adapters is read under --policy sglang; --policy slora "
               "does not read it";
        QTest::newRow("simulate fcfs scheduling under slora")
            << "simulate T --scheduling-policy fcfs"
            << "--scheduling-policy is vLLM's flag: S-LoRA has no priority";
        QTest::newRow("simulate scheduling under sglang")
            << "simulate T --policy sglang --scheduling-policy fcfs"
            << "--scheduling-policy is vLLM's flag; SGLang's priority scheduling";
        QTest::newRow("serve-sim priority scheduling") << "serve-sim --policy vllm --scheduling-policy priority"
                                                       << "serve-sim does not read a request's priority yet";
        QTest::newRow("fleet max-loras under sglang") << "fleet T --replicas 2 --policy sglang --max-loras 4"
                                                      << "--max-loras is read under --policy vllm; --policy sglang";
        QTest::newRow("sweep max-wait-tokens under vllm")
            << "sweep --preset S1 --param rate --values 1 --policy vllm --max-wait-tokens 5"
            << "--max-wait-tokens is read under --policy slora or slora-abort";
        QTest::newRow("serve-sim S-LoRA budget under vllm") << "serve-sim --policy vllm --max-total-token-num 9000"
                                                            << "vLLM's KV cache is --num-gpu-blocks";
        QTest::newRow("serve-sim max-total 0")
            << "serve-sim --max-total-token-num 0"
            << "--max-total-token-num must be an integer from 1 to 1000000000 tokens (got 0)";
        QTest::newRow("serve-sim max-total -5") << "serve-sim --max-total-token-num -5"
                                                << "--max-total-token-num must be an integer from 1";
        QTest::newRow("serve-sim running 0") << "serve-sim --running-max-req-size 0"
                                             << "--running-max-req-size must be an integer from 1";
        QTest::newRow("serve-sim input -1") << "serve-sim --max-req-input-len -1"
                                            << "--max-req-input-len must be an integer from 1 to 4294967295 tokens";
        QTest::newRow("serve-sim rank -1") << "serve-sim --adapter-rank -1"
                                           << "--adapter-rank must be an integer from 1 to 65536 (got -1)";
        QTest::newRow("serve-sim rank 0") << "serve-sim --adapter-rank 0"
                                          << "--adapter-rank must be an integer from 1 to 65536 (got 0)";
        QTest::newRow("serve-sim rank 2^33") << "serve-sim --adapter-rank 8589934592"
                                             << "--adapter-rank must be an integer from 1 to 65536 (got 8589934592)";
        QTest::newRow("serve-sim rank 1e6") << "serve-sim --adapter-rank 1000000"
                                            << "--adapter-rank must be an integer from 1 to 65536";
        QTest::newRow("serve-sim token-ms") << "serve-sim --token-ms 1e300"
                                            << "--token-ms must be from 0 to 1000000000 ms (got 1e300)";
        QTest::newRow("serve-sim speed") << "serve-sim --speed 1e-300"
                                         << "--speed must be from 0.001 to 1000000";
        QTest::newRow("serve-sim stall") << "serve-sim --stall-seconds 1e300"
                                         << "--stall-seconds must be from 0 to 1000000 s";
        QTest::newRow("serve-sim slow first byte") << "serve-sim --slow-first-byte-ms 1e300"
                                                   << "--slow-first-byte-ms must be from 0 to 1000000000 ms";
        QTest::newRow("serve-sim keep-alive")
            << "serve-sim --keep-alive-s 1e10"
            << "--keep-alive-s must be from 0 to 1000000 s (0 = never close) (got 1e10)";
        QTest::newRow("serve-sim port") << "serve-sim --port 99999"
                                        << "--port must be an integer from 0 to 65535";
        QTest::newRow("serve-sim error rate") << "serve-sim --error-rate 1.5"
                                              << "--error-rate must be from 0 to 1 (got 1.5)";
        QTest::newRow("serve-sim error status") << "serve-sim --error-status 200"
                                                << "--error-status must be an integer from 400 to 599";
        QTest::newRow("serve-sim duration") << "serve-sim --duration -1"
                                            << "--duration must be from 0 to 1000000 s (0 = until stopped)";
        QTest::newRow("serve-sim fault rates sum") << "serve-sim --error-rate 0.6 --stall-rate 0.6"
                                                   << "add up to more than 1";
        QTest::newRow("replay time-scale")
            << "replay T --target http://127.0.0.1:1 --backend slora --out OUT --time-scale 1e300"
            << "--time-scale must be from 1e-06 to 1000000 (got 1e300)";
        QTest::newRow("replay concurrency")
            << "replay T --target http://127.0.0.1:1 --backend slora --out OUT --max-concurrency 0"
            << "--max-concurrency must be an integer from 1 to 1000000 requests (got 0)";
        QTest::newRow("replay timeout")
            << "replay T --target http://127.0.0.1:1 --backend slora --out OUT --timeout 1e300"
            << "--timeout must be from 0 to 1000000 s";
        QTest::newRow("stats input len")
            << "stats T --max-req-input-len -5"
            << "--max-req-input-len must be an integer from 1 to 4294967295 tokens (got -5)";
        QTest::newRow("stats top") << "stats T --top -1"
                                   << "--top must be an integer from 0";
        QTest::newRow("simulate max-total") << "simulate T --requests-out OUT --max-total-tokens 0"
                                            << "--max-total-tokens must be an integer from 1";
        QTest::newRow("simulate batch")
            << "simulate T --requests-out OUT --batch-max-tokens -1"
            << "--batch-max-tokens must be an integer from 0 to 1000000000 tokens (0 = derived";
        QTest::newRow("simulate per-adapter") << "simulate T --requests-out OUT --per-adapter many"
                                              << "--per-adapter must be all, none or a number";
        QTest::newRow("fit rate 0") << "fit T --rate 0"
                                    << "--rate must be > 0 and at most 1000000000 requests/s (got 0)";
        QTest::newRow("fit duration 0") << "fit T --duration 0"
                                        << "--duration must be > 0 and at most 1000000000 s (got 0)";
        QTest::newRow("fit adapters 0") << "fit T --adapters 0"
                                        << "--adapters must be an integer from 1 to 100000 adapters (got 0)";
        QTest::newRow("fit bins") << "fit T --rate-bins 0"
                                  << "--rate-bins must be an integer from 1 to 100000";
        QTest::newRow("convert assign") << "convert T OUT --assign-adapters 0"
                                        << "--assign-adapters must be an integer from 1 to 100000";
        QTest::newRow("generate adapters") << "generate --preset S1 -o OUT --adapters 100001"
                                           << "--adapters must be an integer from 0 to 100000 adapters";
        QTest::newRow("generate cv")
            << "generate --preset S2 --adapters 4 --duration 10 --generator slora --cv 1e-300 -o OUT"
            << "--cv must be from 0.001 to 100 (got 1e-300)";
        QTest::newRow("generate rate") << "generate --preset S1 -o OUT --rate 0"
                                       << "--rate must be > 0";
        QTest::newRow("generate rate x duration") << "generate --preset S1 -o OUT --rate 1e9 --duration 100"
                                                  << "--rate: rate × duration must be <= 2e9";
        QTest::newRow("not a number") << "serve-sim --speed fast"
                                      << "--speed expects a number (got \"fast\")";
        QTest::newRow("not an integer") << "stats T --top 1.5"
                                        << "--top expects an integer (got \"1.5\")";
        QTest::newRow("beyond double") << "fit T --rate 1e400"
                                       << "--rate must be > 0";
    }
    void outOfRangeIsAUsageError()
    {
        QFETCH(QString, args);
        QFETCH(QString, message);
        const Run r = cli(withTrace(args.split(QLatin1Char(' '))));
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY2(r.err.count(QLatin1Char('\n')) <= 2, qPrintable(r.err)); // one line, plus the --help pointer
        QVERIFY(!QFileInfo::exists(q(m_dir.file("out.jsonl")))); // nothing written, no run folder made
    }

    // --pinned-adapters names adapters that exist (an input error naming the flag, after the trace is read).
    void pinnedAdaptersExist()
    {
        const Run r = cli(withTrace({ QStringLiteral("simulate"), QStringLiteral("T"), QStringLiteral("--policy"),
            QStringLiteral("sglang"), QStringLiteral("--pinned-adapters"), QStringLiteral("999") }));
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("--pinned-adapters: adapter index 999 does not exist (the trace has 2 "
                                               "adapters, 0 to 1)")),
            qPrintable(r.err));
        const Run ok = cli(withTrace({ QStringLiteral("simulate"), QStringLiteral("T"), QStringLiteral("--policy"),
            QStringLiteral("sglang"), QStringLiteral("--pinned-adapters"), QStringLiteral("1") }));
        QVERIFY2(ok.code == 0, qPrintable(ok.err));
    }

    void inRangeLimitsAreAccepted()
    {
        // The limits themselves are valid values.
        const Run s
            = cli(withTrace({ QStringLiteral("stats"), QStringLiteral("T"), QStringLiteral("--max-req-input-len"),
                QStringLiteral("4294967295"), QStringLiteral("--top"), QStringLiteral("0") }));
        QVERIFY2(s.code == 0, qPrintable(s.err));
        QVERIFY(s.out.contains(QStringLiteral("input > 4294967295: 0")));
        const Run g = cli(withTrace({ QStringLiteral("generate"), QStringLiteral("--preset"), QStringLiteral("S2"),
            QStringLiteral("--adapters"), QStringLiteral("4"), QStringLiteral("--duration"), QStringLiteral("10"),
            QStringLiteral("--generator"), QStringLiteral("slora"), QStringLiteral("--cv"), QStringLiteral("0.001"),
            QStringLiteral("-o"), QStringLiteral("OUT"), QStringLiteral("--quiet") }));
        QVERIFY2(g.code == 0, qPrintable(g.err));
        const std::string text = test::readText(m_dir.file("out.jsonl"));
        QVERIFY(text.find("nan") == std::string::npos && text.find("inf") == std::string::npos);
        QCOMPARE(std::count(text.begin(), text.end(), '\n'), 21L); // header + int(2 × 10) requests
        std::filesystem::remove(m_dir.file("out.jsonl"));
    }

    void fromAndFormatAreTheSame_data()
    {
        QTest::addColumn<QString>("args");
        QTest::newRow("stats") << "stats T";
        QTest::newRow("fit") << "fit T";
        QTest::newRow("simulate") << "simulate T --requests-out OUT";
        QTest::newRow("convert") << "convert T OUT";
    }
    void fromAndFormatAreTheSame()
    {
        QFETCH(QString, args);
        for (const char* flag : { "--from", "--format" }) {
            const Run r
                = cli(withTrace(args.split(QLatin1Char(' ')) << QString::fromLatin1(flag) << QStringLiteral("csv")));
            QVERIFY2(r.code == 0, qPrintable(QString::fromLatin1(flag) + QLatin1Char(' ') + r.err));
            // An unknown format is named with the spelling the user gave.
            const Run bad
                = cli(withTrace(args.split(QLatin1Char(' ')) << QString::fromLatin1(flag) << QStringLiteral("nope")));
            QVERIFY(bad.code != 0);
            std::filesystem::remove(m_dir.file("out.jsonl"));
        }
        const Run both
            = cli(withTrace(args.split(QLatin1Char(' ')) << QStringLiteral("--from") << QStringLiteral("csv")
                                                         << QStringLiteral("--format") << QStringLiteral("csv")));
        QCOMPARE(both.code, 2);
        QVERIFY2(both.err.contains(QStringLiteral("give --from or --format, not both")), qPrintable(both.err));
        // The convert help documents both spellings.
        QVERIFY(cli({ QStringLiteral("convert"), QStringLiteral("--help") })
                    .out.contains(QStringLiteral("--from, --format NAME")));
        QVERIFY(cli({ QStringLiteral("stats"), QStringLiteral("--help") })
                    .out.contains(QStringLiteral("--format, --from NAME")));
    }

    // What the help and the output say is what the command does (each found untrue from outside).
    void commandLineTruths()
    {
        // convert --help names every registered format and extension.
        const QString convertHelp = cli({ QStringLiteral("convert"), QStringLiteral("--help") }).out;
        for (const auto& f : traceFormats()) {
            QVERIFY2(convertHelp.contains(QString::fromStdString("  " + f.name + " "))
                    || convertHelp.contains(QString::fromStdString("  " + f.name + "\n")),
                f.name.c_str());
            for (const auto& e : f.extensions)
                QVERIFY2(convertHelp.contains(QString::fromStdString(e)), e.c_str());
        }
        // simulate names the three servers it transcribes, in its help and in the command list.
        const QString simHelp = cli({ QStringLiteral("simulate"), QStringLiteral("--help") }).out;
        QVERIFY(simHelp.section(QLatin1Char('\n'), 0, 3).contains(QStringLiteral("SGLang")));
        const QString main = cli({ QStringLiteral("--help") }).out;
        for (const QString& line : main.split(QLatin1Char('\n')))
            if (line.startsWith(QStringLiteral("  simulate")))
                QVERIFY2(line.contains(QStringLiteral("SGLang")), qPrintable(line));
        QVERIFY(main.contains(QStringLiteral("--quiet      (every command)")));
        // A preview without --requests-out prints its summary and writes nothing.
        std::filesystem::remove(m_dir.file("out.jsonl"));
        const Run preview = cli(withTrace({ QStringLiteral("simulate"), QStringLiteral("T") }));
        QVERIFY2(preview.code == 0, qPrintable(preview.err));
        QVERIFY2(preview.out.contains(QStringLiteral("requests        3 finished")), qPrintable(preview.out));
        QVERIFY(!std::filesystem::exists(m_dir.file("out.jsonl")));
        // --json: S-LoRA's limits only under an S-LoRA policy; the policy's own settings under "server".
        const Run vllm = cli(withTrace({ QStringLiteral("simulate"), QStringLiteral("T"), QStringLiteral("--policy"),
            QStringLiteral("vllm"), QStringLiteral("--json") }));
        QVERIFY2(vllm.code == 0, qPrintable(vllm.err));
        const auto vj = nlohmann::json::parse(vllm.out.toStdString());
        QVERIFY(!vj.contains("limits"));
        QVERIFY(vj["server"].is_object() && !vj["server"].empty());
        const Run slora = cli(withTrace({ QStringLiteral("simulate"), QStringLiteral("T"), QStringLiteral("--json") }));
        QVERIFY(nlohmann::json::parse(slora.out.toStdString()).contains("limits"));
        // --quiet never hides a result: fleet's summary is printed, the progress line is not.
        const Run fleet = cli(withTrace({ QStringLiteral("fleet"), QStringLiteral("T"), QStringLiteral("--replicas"),
            QStringLiteral("2"), QStringLiteral("--quiet") }));
        QVERIFY2(fleet.code == 0, qPrintable(fleet.err));
        QVERIFY2(fleet.out.contains(QStringLiteral("2 replicas")), qPrintable(fleet.out));
        QVERIFY2(fleet.err.isEmpty(), qPrintable(fleet.err));
    }

    void sloraSpellingOfTheTokenBudget()
    {
        // simulate takes S-LoRA's --max-total-token-num as well as its own --max-total-tokens.
        const Run r = cli(withTrace(
            { QStringLiteral("simulate"), QStringLiteral("T"), QStringLiteral("--requests-out"), QStringLiteral("OUT"),
                QStringLiteral("--max-total-token-num"), QStringLiteral("4321"), QStringLiteral("--json") }));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(nlohmann::json::parse(r.out.toStdString())["limits"]["max_total_token_num"].get<int>(), 4321);
        std::filesystem::remove(m_dir.file("out.jsonl"));
        // sweep and calibrate spelt it --max-total-tokens: still accepted, one flag, not both.
        const Run both = cli(withTrace({ QStringLiteral("simulate"), QStringLiteral("T"),
            QStringLiteral("--requests-out"), QStringLiteral("OUT"), QStringLiteral("--max-total-token-num"),
            QStringLiteral("4321"), QStringLiteral("--max-total-tokens"), QStringLiteral("4000") }));
        QCOMPARE(both.code, 2);
        QVERIFY2(both.err.contains(QStringLiteral("not both")), qPrintable(both.err));
        QVERIFY(cli({ QStringLiteral("sweep"), QStringLiteral("--help") })
                    .out.contains(QStringLiteral("--max-total-token-num N")));
    }

    void vllmFlagsAndRefusals()
    {
        // vLLM's flags with vLLM's names (and its own spellings of two of them) on simulate.
        const Run r = cli(withTrace({ QStringLiteral("simulate"), QStringLiteral("T"), QStringLiteral("--requests-out"),
            QStringLiteral("OUT"), QStringLiteral("--policy"), QStringLiteral("vllm"), QStringLiteral("--clock"),
            QStringLiteral("steps"), QStringLiteral("--max-num-seqs"), QStringLiteral("8"),
            QStringLiteral("--max-num-batched-tokens"), QStringLiteral("64"), QStringLiteral("--max-model-len"),
            QStringLiteral("512"), QStringLiteral("--num-gpu-blocks-override"), QStringLiteral("40"),
            QStringLiteral("--block-size"), QStringLiteral("16"), QStringLiteral("--max-loras"), QStringLiteral("2"),
            QStringLiteral("--max-cpu-loras"), QStringLiteral("3"), QStringLiteral("--max-lora-rank"),
            QStringLiteral("8"), QStringLiteral("--long-prefill-token-threshold"), QStringLiteral("32"),
            QStringLiteral("--lora-scan"), QStringLiteral("stop"), QStringLiteral("--json") }));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const auto j = nlohmann::json::parse(r.out.toStdString());
        const auto& v = j["server"]["vllm"];
        QCOMPARE(v["max_num_seqs"].get<int>(), 8);
        QCOMPARE(v["max_num_batched_tokens"].get<int>(), 64);
        QCOMPARE(v["max_model_len"].get<int>(), 512);
        QCOMPARE(v["num_gpu_blocks"].get<int>(), 40);
        QCOMPARE(v["max_loras"].get<int>(), 2);
        QCOMPARE(v["max_cpu_loras"].get<int>(), 3);
        QCOMPARE(v["max_lora_rank"].get<int>(), 8);
        QCOMPARE(v["long_prefill_token_threshold"].get<int>(), 32);
        QCOMPARE(v["lora_scan"].get<std::string>(), std::string("stop"));
        QVERIFY(v["enable_chunked_prefill"].get<bool>());
        QCOMPARE(j["summary"]["finished"].get<int>(), 3);
        QVERIFY(j["summary"]["mixed_steps"].get<int>() + j["summary"]["prefill_steps"].get<int>()
            > 3); // 50 tokens in chunks of 32
        std::filesystem::remove(m_dir.file("out.jsonl"));

        // Configurations vLLM refuses to start with: a usage error with vLLM's message.
        const Run seqs = cli(withTrace(
            { QStringLiteral("simulate"), QStringLiteral("T"), QStringLiteral("--requests-out"), QStringLiteral("OUT"),
                QStringLiteral("--policy"), QStringLiteral("vllm"), QStringLiteral("--max-num-batched-tokens"),
                QStringLiteral("64"), QStringLiteral("--max-num-seqs"), QStringLiteral("128") }));
        QCOMPARE(seqs.code, 2);
        QVERIFY2(seqs.err.contains(QStringLiteral(
                     "max_num_batched_tokens (64) must be greater than or equal to max_num_seqs (128).")),
            qPrintable(seqs.err));
        const Run chunks = cli(withTrace(
            { QStringLiteral("simulate"), QStringLiteral("T"), QStringLiteral("--requests-out"), QStringLiteral("OUT"),
                QStringLiteral("--policy"), QStringLiteral("vllm"), QStringLiteral("--no-enable-chunked-prefill"),
                QStringLiteral("--max-num-batched-tokens"), QStringLiteral("2048") }));
        QCOMPARE(chunks.code, 2);
        QVERIFY2(
            chunks.err.contains(QStringLiteral("max_num_batched_tokens (2048) is smaller than max_model_len (4096)")),
            qPrintable(chunks.err));
        QVERIFY(!std::filesystem::exists(m_dir.file("out.jsonl")));
        // Requests vLLM refuses: named in the results.
        const Run refused = cli(withTrace({ QStringLiteral("simulate"), QStringLiteral("T"),
            QStringLiteral("--requests-out"), QStringLiteral("OUT"), QStringLiteral("--policy"), QStringLiteral("vllm"),
            QStringLiteral("--max-model-len"), QStringLiteral("60"), QStringLiteral("--json") }));
        QVERIFY2(refused.code == 0, qPrintable(refused.err));
        QCOMPARE(nlohmann::json::parse(refused.out.toStdString())["summary"]["rejected"].get<int>(),
            2); // 30 + 40 and 50 + 60 > 60
        std::ifstream lines(m_dir.file("out.jsonl"));
        std::string first;
        std::getline(lines, first);
        std::getline(lines, first);
        QCOMPARE(nlohmann::json::parse(first)["rejected"].get<std::string>(), std::string("max_model_len"));
        lines.close();
        std::filesystem::remove(m_dir.file("out.jsonl"));
    }
};

QTEST_GUILESS_MAIN(TestCliOptions)
#include "tst_cli_options.moc"
