// SPDX-License-Identifier: Apache-2.0
// Every numeric flag of every subcommand, through the real binary, with the same bad values
// (hardening): negative, beyond the double range, NaN, not a number, empty. Each must be
// a usage error (exit 2) whose message names the flag, never a crash or a hang, and no output file
// may be left behind. A guard checks that every flag of the option table (cli/options.cpp) has a
// row here, so a new option is tested the day it is added.

#include "../core/testutil.h"
#include "clitestutil.h"

#include "cli/options.h"

#include <QProcess>
#include <QtTest>

#include <filesystem>
#include <set>
#include <string_view>

using namespace lorascope;

namespace {
using test::q;

const char* const kCsv
    = "id,time_s,adapter,rank,input_len,output_len\n0,0,a,8,10,20\n1,0.5,b,8,30,40\n2,1.5,a,8,50,60\n";

/// One command line that would run (and write OUT) but for the flag under test.
struct Case {
    const char* base; ///< T = a trace, OUT = the output path (must not exist afterwards)
    std::vector<const char*> flags;
};

const std::vector<Case>& cases()
{
    static const std::vector<Case> list = {
        { "generate --preset S1 -o OUT", { "--adapters", "--rate", "--alpha", "--cv", "--duration", "--seed" } },
        { "stats T", { "--max-req-input-len", "--max-req-total-len", "--top" } },
        { "simulate T --requests-out OUT",
            { "--max-total-token-num", "--batch-max-tokens", "--running-max-req-size", "--max-req-total-len",
                "--max-req-input-len", "--max-wait-tokens", "--max-num-seqs", "--max-num-batched-tokens", "--max-loras",
                "--max-model-len", "--long-prefill-token-threshold", "--num-gpu-blocks", "--block-size",
                "--max-cpu-loras", "--max-lora-rank", "--context-length", "--max-running-requests",
                "--chunked-prefill-size", "--max-prefill-tokens", "--schedule-conservativeness",
                "--max-loras-per-batch", "--max-loaded-loras", "--window" } },
        { "calibrate --vllm-runs T", { "--iterations" } },
        { "fleet T --replicas 2 --requests-out OUT",
            { "--replicas", "--gpus-per-replica", "--staleness", "--replicas-per-adapter", "--explain", "--seed",
                "--max-loras" } },
        { "convert T OUT", { "--assign-adapters", "--assign-alpha", "--assign-zipf", "--assign-seed" } },
        { "fit T -o OUT", { "--rate", "--adapters", "--duration", "--seed", "--rate-bins", "--assign-adapters" } },
        { "serve-sim --duration 0.1",
            { "--port", "--speed", "--token-ms", "--first-token-ms", "--adapter-rank", "--keep-alive-s",
                "--max-total-token-num", "--batch-max-tokens", "--running-max-req-size", "--max-req-total-len",
                "--max-req-input-len", "--duration", "--error-rate", "--error-status", "--disconnect-rate",
                "--stall-rate", "--stall-seconds", "--malformed-rate", "--slow-first-byte-rate", "--slow-first-byte-ms",
                "--fault-seed", "--threads" } },
        { "replay T --target http://127.0.0.1:1 --backend slora --out OUT",
            { "--time-scale", "--max-concurrency", "--warmup", "--cooldown", "--timeout", "--first-token-timeout",
                "--start-at", "--start-tolerance", "--metrics-interval", "--metrics-timeout", "--metrics-port",
                "--metrics-linger", "--shard" } },
        { "sweep --param rate --values 1,2 -o OUT.jsonl",
            { "--adapters", "--rate", "--alpha", "--cv", "--duration", "--seed", "--max-total-tokens",
                "--batch-max-tokens", "--running-max-req-size", "--max-req-total-len", "--max-req-input-len",
                "--max-wait-tokens", "--max-num-seqs", "--max-num-batched-tokens", "--max-loras", "--warmup",
                "--cooldown", "--saturation-ratio", "--threads", "--time-scale", "--timeout", "--first-token-timeout",
                "--max-concurrency", "--points" } },
        { "sweep --find-max rate --range 1:10 -o OUT.jsonl", { "--max-evaluations", "--tolerance" } },
        { "calibrate --replay T -o OUT.json",
            { "--num-token", "--speed", "--adapter-rank", "--max-total-tokens", "--batch-max-tokens",
                "--max-wait-tokens", "--threads", "--worst", "--max-evaluations" } },
        { "report T -o OUT.html",
            { "--max-request-rows", "--max-total-token-num", "--batch-max-tokens", "--running-max-req-size",
                "--max-req-total-len", "--max-req-input-len", "--max-wait-tokens", "--max-num-seqs",
                "--max-num-batched-tokens", "--max-loras" } },
        { "compare T T --html OUT.html", { "--resamples", "--per-adapter", "--seed" } },
        { "validate --replay T",
            { "--num-token", "--speed", "--adapter-rank", "--max-total-tokens", "--batch-max-tokens",
                "--max-wait-tokens", "--threads", "--worst" } },
    };
    return list;
}

bool acceptsMinusOne(const char* flag)
{
    for (const auto& o : cli::optionTable())
        if (std::string_view(o.flag) == flag && o.integer && o.imin <= -1)
            return true;
    return false;
}

QStringList split(const QString& s)
{
    return s.split(QLatin1Char(' '), Qt::SkipEmptyParts);
}
} // namespace

class TestCliNumeric : public QObject {
    Q_OBJECT
    test::TempDir m_dir;

private Q_SLOTS:
    void initTestCase() { test::writeText(m_dir.file("t.csv"), kCsv); }

    void everyTableFlagIsTested()
    {
        std::set<std::string> tested;
        for (const auto& c : cases())
            for (const char* f : c.flags)
                tested.insert(f);
        for (const auto& o : cli::optionTable())
            QVERIFY2(
                tested.count(o.flag), qPrintable(QStringLiteral("no bad-value row for %1").arg(QLatin1String(o.flag))));
    }

    void badNumberIsAUsageError_data()
    {
        QTest::addColumn<QString>("base");
        QTest::addColumn<QString>("flag");
        QTest::addColumn<QString>("value");
        for (const auto& c : cases())
            for (const char* f : c.flags)
                for (const char* v : { "-1", "1e400", "nan", "abc", "" }) {
                    // A flag that accepts -1 (SGLang's --chunked-prefill-size: -1 = off) gets the value below it.
                    const char* value = std::string_view(v) == "-1" && acceptsMinusOne(f) ? "-2" : v;
                    QTest::addRow("%s %s '%s'", split(QLatin1String(c.base)).first().toUtf8().constData(), f, value)
                        << QString::fromLatin1(c.base) << QString::fromLatin1(f) << QString::fromLatin1(value);
                }
    }
    void badNumberIsAUsageError()
    {
        QFETCH(QString, base);
        QFETCH(QString, flag);
        QFETCH(QString, value);
        const std::string out = m_dir.file("out");
        std::filesystem::remove_all(out);
        std::filesystem::remove_all(out + ".jsonl");
        std::filesystem::remove_all(out + ".json");
        QStringList args;
        for (const QString& a : split(base)) {
            if (a == QLatin1String("T"))
                args << q(m_dir.file("t.csv"));
            else if (a.startsWith(QLatin1String("OUT")))
                args << q(out) + a.mid(3);
            else
                args << a;
        }
        args << flag << value;
        // A short limit: a value that slipped through would start a server or a replay.
        QProcess p;
        p.start(QStringLiteral(LORASCOPE_CLI_PATH), args);
        if (!p.waitForFinished(20000)) {
            p.kill();
            p.waitForFinished(5000);
            QFAIL(qPrintable(QStringLiteral("did not stop: ") + args.join(QLatin1Char(' '))));
        }
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(p.exitCode() == 2, qPrintable(QStringLiteral("exit %1: %2").arg(p.exitCode()).arg(err)));
        QVERIFY2(err.contains(flag), qPrintable(err));
        QVERIFY2(err.count(QLatin1Char('\n')) <= 2, qPrintable(err)); // the message and the pointer to --help
        QVERIFY(!std::filesystem::exists(out));
        QVERIFY(!std::filesystem::exists(out + ".jsonl"));
        QVERIFY(!std::filesystem::exists(out + ".json"));
    }

    // --shard I/N: a flag's value like any other (exit 2), the message says what is wrong.
    void badShardIsAUsageError_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("why");
        QTest::newRow("4/4") << "4/4"
                             << "numbered 0 to 3";
        QTest::newRow("0/0") << "0/0"
                             << "N = 0 shards";
        QTest::newRow("huge") << "0/99999999999999999999"
                              << "over 100000";
        QTest::newRow("no slash") << "3"
                                  << "is not I/N";
        QTest::newRow("signs") << "-1/4"
                               << "whole numbers";
    }
    void badShardIsAUsageError()
    {
        QFETCH(QString, value);
        QFETCH(QString, why);
        const std::string out = m_dir.file("out");
        const auto r = test::cli({ QStringLiteral("replay"), q(m_dir.file("t.csv")), QStringLiteral("--target"),
            QStringLiteral("http://127.0.0.1:1"), QStringLiteral("--backend"), QStringLiteral("slora"),
            QStringLiteral("--out"), q(out), QStringLiteral("--shard"), value });
        QVERIFY2(r.code == 2, qPrintable(QStringLiteral("exit %1: %2").arg(r.code).arg(r.err)));
        QVERIFY2(r.err.contains(QLatin1String("--shard")) && r.err.contains(why), qPrintable(r.err));
        QVERIFY(!std::filesystem::exists(out));
    }

    // A rank read from an adapter's name ("rank-99999999999") is bounded like --adapter-rank: the
    // spec file or trace, and the adapter, are named; std::stoi's out_of_range used to escape.
    void rankInNameIsBounded_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("why");
        QTest::newRow("generate --spec") << "generate --spec FILE -o OUT"
                                         << "spec.json"
                                         << R"({"adapters": {"count": 2, "names": ["dummy-lora-rank-99999999999"]}})"
                                         << "adapters.names[0] must have a rank from 1 to 65536";
        const char* slora
            = R"({"config": {}, "requests": [{"req_id": 0, "model_dir": "m", "adapter_dir": "dummy-lora-rank-99999999999",
            "prompt_len": 5, "output_len": 5, "req_time": 0.5}]})";
        QTest::newRow("stats slora") << "stats FILE --format slora"
                                     << "t.json" << slora << "adapter \"dummy-lora-rank-99999999999\"";
        QTest::newRow("convert slora") << "convert FILE OUT.jsonl --from slora"
                                       << "t.json" << slora << "adapter \"dummy-lora-rank-99999999999\"";
    }
    void rankInNameIsBounded()
    {
        QFETCH(QString, command);
        QFETCH(QString, file);
        QFETCH(QString, text);
        QFETCH(QString, why);
        const std::string path = m_dir.file(file.toStdString());
        test::writeText(path, text.toStdString());
        const std::string out = m_dir.file("out");
        std::filesystem::remove_all(out);
        std::filesystem::remove_all(out + ".jsonl");
        QStringList args;
        for (const QString& a : split(command))
            args << (a == QLatin1String("FILE") ? q(path) : a.startsWith(QLatin1String("OUT")) ? q(out) + a.mid(3) : a);
        const auto r = test::cli(args);
        QVERIFY2(r.code == 1, qPrintable(QStringLiteral("exit %1: %2").arg(r.code).arg(r.err)));
        QVERIFY2(r.err.contains(why) && r.err.contains(q(path)), qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("1 to 65536")), qPrintable(r.err));
        QVERIFY(!std::filesystem::exists(out) && !std::filesystem::exists(out + ".jsonl"));
    }

    // --slo of replay and merge: each number checked the same way.
    void badSloIsAUsageError_data()
    {
        QTest::addColumn<QString>("base");
        QTest::addColumn<QString>("value");
        for (const char* v : { "-1", "1e400", "nan", "inf", "abc", "", " 5", "0x10" }) {
            QTest::addRow("replay ttft='%s'", v)
                << QStringLiteral("replay T --target http://127.0.0.1:1 --backend slora --out OUT")
                << QString::fromLatin1(v);
            QTest::addRow("merge ttft='%s'", v) << QStringLiteral("merge T -o OUT") << QString::fromLatin1(v);
        }
    }
    void badSloIsAUsageError()
    {
        QFETCH(QString, base);
        QFETCH(QString, value);
        const std::string out = m_dir.file("out");
        std::filesystem::remove_all(out);
        QStringList args;
        for (const QString& a : split(base))
            args << (a == QLatin1String("T") ? q(m_dir.file("t.csv")) : a == QLatin1String("OUT") ? q(out) : a);
        args << QStringLiteral("--slo") << QStringLiteral("ttft=") + value;
        const auto r = test::cli(args);
        QVERIFY2(r.code == 2, qPrintable(QStringLiteral("exit %1: %2").arg(r.code).arg(r.err)));
        QVERIFY2(r.err.contains(QLatin1String("--slo")), qPrintable(r.err));
        QVERIFY(!std::filesystem::exists(out));
    }
};

QTEST_GUILESS_MAIN(TestCliNumeric)
#include "tst_cli_numeric.moc"
