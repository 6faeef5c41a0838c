// SPDX-License-Identifier: Apache-2.0
// The second round of outside hardening, through the real binary: tiny specs that once took
// gigabytes, numbers a run folder declares, readers given devices, outputs that cannot be written,
// sources given twice, a model that contradicts itself, flags that silently did less than asked,
// and messages that named the wrong thing. Each row is one case of a class; the core tests cover
// the class in depth (tst_generator, tst_replaymerge, tst_fileio, tst_calibrate_data, tst_sweep).

#include "admission/costmodel.h"

#include "../core/testutil.h"
#include "clitestutil.h"

#include <QProcess>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <filesystem>

#include <signal.h>

using namespace lorascope;

namespace {
using test::cli;
using test::q;
using test::Run;

const QString kManifest = QStringLiteral(LORASCOPE_TEST_DATA "/slora-paper/manifest.json");

QString arg(const char* s)
{
    return QString::fromUtf8(s);
}

/// A spec file: the S4 preset with `arrival` replaced.
std::string specWithArrival(const test::TempDir& dir, const nlohmann::json& arrival)
{
    const Run printed = cli({ arg("generate"), arg("--preset"), arg("S4"), arg("--print-spec") });
    nlohmann::json spec = nlohmann::json::parse(printed.out.toStdString());
    spec["arrival"] = arrival;
    const std::string path = dir.file("spec.json");
    test::writeText(path, spec.dump());
    return path;
}

/// A two-request run folder as `replay --out` writes it (manifest, requests.jsonl, summary).
void writeRunFolder(const std::string& dir)
{
    std::filesystem::create_directories(dir);
    test::writeText(dir + "/manifest.json",
        R"({"trace": {"sha256": "abc", "requests": 2}, "backend": "slora", "shard": {"index": 0, "count": 1, "by": "interleave", "requests": 2},
            "options": {"time_scale": 1}, "clock": {"start_wall_epoch_s": 1.7e9, "schedule_origin_s": 0.05}})");
    std::string lines;
    for (int i = 0; i < 2; ++i)
        lines += "{\"index\":" + std::to_string(i) + ",\"id\":" + std::to_string(i)
            + R"(,"adapter":"a","input_len":5,"output_len":3,"outcome":"completed","status":200,"scheduled_s":0.1,"dispatched_s":0.1,"sent_s":0.1,"first_byte_s":0.12,"end_s":0.2,"tokens":3,"reported_output_tokens":3,"reported_input_tokens":null,"in_window":true,"token_times_ms":[40,50,60]})"
            + "\n";
    test::writeText(dir + "/requests.jsonl", lines);
}

} // namespace

class TestCliHardening : public QObject {
    Q_OBJECT
private slots:
    // On/off periods of 1e-6 s made `generate` take 54 s and 19 GB (1e-300: out of memory after
    // 17 GB): refused at once, naming the field, for generate and for a sweep over them.
    void tinyOnOffPeriodsAreRefused_data()
    {
        QTest::addColumn<double>("period");
        QTest::newRow("1e-6 s") << 1e-6;
        QTest::newRow("1e-300 s") << 1e-300;
    }
    void tinyOnOffPeriodsAreRefused()
    {
        QFETCH(double, period);
        test::TempDir dir;
        const std::string spec = specWithArrival(dir,
            { { "kind", "on-off" }, { "cv", 1 },
                { "onOff", { { "onRate", 2 }, { "offRate", 2 }, { "meanOn", period }, { "meanOff", period } } } });
        Run r = cli({ arg("generate"), arg("--spec"), q(spec), arg("-o"), q(dir.file("t.jsonl")), arg("--quiet") });
        QCOMPARE(r.code, 1);
        QVERIFY2(
            r.err.contains(QLatin1String("arrival.onOff.meanOn")) && r.err.contains(QLatin1String("on/off periods")),
            qPrintable(r.err));
        QVERIFY(!std::filesystem::exists(dir.file("t.jsonl")));
        r = cli({ arg("sweep"), arg("--spec"), q(spec), arg("--param"), arg("duration"), arg("--values"), arg("10,300"),
            arg("-o"), q(dir.file("s.jsonl")), arg("--quiet") });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("arrival.onOff.meanOn")), qPrintable(r.err));
        QVERIFY(!std::filesystem::exists(dir.file("s.jsonl")));
    }

    // A point, or a trace, that cannot fit in memory is refused before anything runs.
    void workThatCannotFitIsRefusedFirst()
    {
        test::TempDir dir;
        Run r = cli({ arg("sweep"), arg("--preset"), arg("S4"), arg("--duration"), arg("2000"), arg("--param"),
            arg("rate"), arg("--values"), arg("1,1000000"), arg("-o"), q(dir.file("s.jsonl")), arg("--quiet") });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(
                     QLatin1String("the point rate = 1e+06 (about 2000000000 requests) needs about 640 GB of memory")),
            qPrintable(r.err));
        QVERIFY(!std::filesystem::exists(dir.file("s.jsonl")));
        r = cli({ arg("generate"), arg("--preset"), arg("S4"), arg("--rate"), arg("1000000"), arg("--duration"),
            arg("2000"), arg("-o"), q(dir.file("t.jsonl")), arg("--quiet") });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("a trace of about 2000000000 requests"))
                && r.err.contains(QLatin1String("needs about")),
            qPrintable(r.err));
    }

    // Flags that silently did less than asked: refused, naming the flag.
    void flagsThatDidLessAreRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("needle");
        const QStringList sweep
            = { arg("sweep"), arg("--preset"), arg("S1"), arg("--duration"), arg("5"), arg("--quiet") };
        QTest::newRow("--find-max seed") << (sweep + QStringList { arg("--find-max"), arg("seed") }) << 2
                                         << "--find-max: the capacity finder cannot search seed";
        QTest::newRow("--find-max a server limit")
            << (sweep + QStringList { arg("--find-max"), arg("max_total_token_num") }) << 2
            << "cannot search max_total_token_num";
        QTest::newRow("--range 5:5 --points 3") << (sweep
            + QStringList { arg("--param"), arg("rate"), arg("--range"), arg("5:5"), arg("--points"), arg("3") })
                                                << 1 << "LO = HI holds one value, not 3";
        QTest::newRow("repeated --slo key") << (sweep
            + QStringList { arg("--param"), arg("rate"), arg("--values"), arg("1"), arg("--slo"),
                arg("ttft=1s,ttft=9s") }) << 1
                                            << "--slo: ttft is given twice";
        QTest::newRow("--replay run1 --replay run1") << QStringList { arg("validate"), arg("--replay"), arg("@run1"),
            arg("--replay"), arg("@run1") } << 2 << "is given twice";
        QTest::newRow("--replay run1 --replay ./run1") << QStringList { arg("calibrate"), arg("--replay"), arg("@run1"),
            arg("--replay"), arg("@./run1"), arg("-o"), arg("@m.json") }
                                                       << 2 << "is given twice (as";
        QTest::newRow("--manifest twice")
            << QStringList { arg("validate"), arg("--manifest"), kManifest, arg("--manifest"), kManifest } << 2
            << "is given twice";
    }
    void flagsThatDidLessAreRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, needle);
        test::TempDir dir;
        writeRunFolder(dir.file("run1"));
        for (auto& a : args) {
            if (a == QLatin1String("@./run1"))
                a = q(dir.path.string() + "/./run1");
            else if (a.startsWith(QLatin1Char('@')))
                a = q(dir.file(a.mid(1).toStdString()));
        }
        const Run r = cli(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(needle), qPrintable(r.err));
        QVERIFY(!std::filesystem::exists(dir.file("m.json")));
    }

    // Hostile fleet files (read by `fleet --fleet` and `serve-sim --fleet` through the one reader),
    // serve-sim's fleet flags and the prefix-cache flags: each a clear error naming the file and the
    // field, or the flag, exit 1 (bad input) or 2 (usage), never a crash, a hang or a value wrapped
    // into a small one. `@fleet` is a file holding `content`; serve-sim rows stop after 1 s if the
    // input were wrongly accepted (then the exit code is 0 and the row fails).
    void fleetInputsAreRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("content");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("needle");
        const QStringList preview = { arg("fleet"), arg("@trace"), arg("--fleet"), arg("@fleet") };
        const QStringList serve
            = { arg("serve-sim"), arg("--port"), arg("0"), arg("--duration"), arg("1"), arg("--fleet"), arg("@fleet") };
        const struct {
            const char* name;
            const char* content;
            const char* needle;
        } files[] = {
            { "replicas a string", R"({"replicas": "3"})", "replicas: expected a number of replicas" },
            { "replicas negative", R"({"replicas": -2})", "replicas: a fleet needs at least one replica (got -2)" },
            { "replicas zero", R"({"replicas": 0})", "replicas: a fleet needs at least one replica (got 0)" },
            { "replicas huge", R"({"replicas": 1e12})", "replicas: at most 4096 replicas" },
            { "group count huge", R"({"replicas": [{"count": 99999}]})", "replicas[0].count: must be from 0 to 4096" },
            { "unknown router", R"({"replicas": 2, "router": "nope"})", "router: unknown router \"nope\"" },
            { "unknown field", R"({"replicas": 2, "bogus": 1})", "bogus: unknown field" },
            { "NaN as a string", R"({"replicas": 2, "metrics_staleness_ms": "NaN"})",
                "metrics_staleness_ms: expected a number" },
            { "Infinity", R"({"replicas": 2, "metrics_staleness_ms": 1e400})", "too large" },
            { "gpus_per_replica past int", R"({"replicas": 2, "gpus_per_replica": 4294967297})",
                "gpus_per_replica: must be an integer from 1 to 1024 (got 4294967297)" },
            { "prefix block_tokens past int",
                R"({"replicas": 2, "router": {"name": "prefix-aware", "prefix": {"block_tokens": 99999999999}}})",
                "router.prefix.block_tokens: must be an integer from 1 to" },
            { "placement copies negative",
                R"({"replicas": 2, "placement": {"kind": "static", "replicas_per_adapter": -1}})",
                "placement.replicas_per_adapter: must be an integer from 1" },
            { "vllm block_size 0", R"({"replicas": [{"server": {"policy": "vllm", "vllm": {"block_size": 0}}}]})",
                "block_size must be > 0" },
            { "vllm block_size huge",
                R"({"replicas": [{"server": {"policy": "vllm", "vllm": {"block_size": 1000000000000000}}}]})",
                "block_size must be <= 1000000 (got 1000000000000000)" },
            { "SGLang pool huge",
                R"({"replicas": [{"server": {"policy": "sglang", "sglang": {"max_total_tokens": 9000000000000000000}}}]})",
                "max_total_tokens must be <= 1000000000" },
            { "empty file", "", "the file is empty" },
        };
        for (const auto& f : files) {
            QTest::newRow((std::string("fleet: ") + f.name).c_str()) << preview << arg(f.content) << 1 << arg(f.needle);
            QTest::newRow((std::string("serve-sim: ") + f.name).c_str())
                << serve << arg(f.content) << 1 << arg(f.needle);
        }
        const QString nested = QString(QLatin1Char('[')).repeated(100000) + QString(QLatin1Char(']')).repeated(100000);
        QTest::newRow("fleet: deeply nested") << preview << nested << 1 << "nested more than 100 levels deep";
        QTest::newRow("serve-sim: deeply nested") << serve << nested << 1 << "nested more than 100 levels deep";
        const QString ghost = R"({"replicas": 2, "placement": {"kind": "static", "pinned": {"ghost": [0]}}})";
        QTest::newRow("fleet: placement names an unknown adapter")
            << preview << ghost << 1 << "placement.pinned.ghost: no adapter named \"ghost\" in the trace";
        QTest::newRow("serve-sim: placement names an unknown adapter")
            << (serve + QStringList { arg("--ranks-from"), arg("@trace") }) << ghost << 1
            << "placement.pinned.ghost: no adapter named \"ghost\"";
        QTest::newRow("serve-sim: static placement without adapters")
            << serve << R"({"replicas": 2, "placement": "static"})" << 2 << "static placement needs the adapters";
        QTest::newRow("serve-sim: --fleet and --replicas") << (serve + QStringList { arg("--replicas"), arg("2") })
                                                           << R"({"replicas": 2})" << 2 << "--replicas and --fleet";
        QTest::newRow("serve-sim: --fleet and --policy") << (serve + QStringList { arg("--policy"), arg("vllm") })
                                                         << R"({"replicas": 2})" << 2 << "--policy and --fleet";
        QTest::newRow("serve-sim: --fleet, a directory") << QStringList { arg("serve-sim"), arg("--fleet"),
            arg("@dir") } << QString() << 1 << "fleet file: is a directory";
        QTest::newRow("serve-sim: --fleet /dev/zero") << QStringList { arg("serve-sim"), arg("--fleet"),
            arg("/dev/zero") } << QString() << 1 << "is not a regular file";
        QTest::newRow("serve-sim: --fleet missing") << QStringList { arg("serve-sim"), arg("--fleet"),
            arg("@missing.json") } << QString() << 1 << "fleet file: no such file";
        const QStringList sim = { arg("serve-sim"), arg("--port"), arg("0"), arg("--duration"), arg("1") };
        const struct {
            QStringList flags;
            const char* needle;
        } flags[] = {
            { { arg("--replicas"), arg("0") }, "--replicas must be an integer from 1 to 4096" },
            { { arg("--replicas"), arg("-1") }, "--replicas must be an integer from 1 to 4096" },
            { { arg("--replicas"), arg("99999") }, "--replicas must be an integer from 1 to 4096" },
            { { arg("--replicas"), arg("abc") }, "--replicas expects an integer" },
            { { arg("--replicas"), arg("2"), arg("--staleness"), arg("-1") }, "--staleness must be from 0" },
            { { arg("--replicas"), arg("2"), arg("--staleness"), arg("nan") }, "--staleness expects a number" },
            { { arg("--replicas"), arg("2"), arg("--staleness"), arg("inf") }, "--staleness must be from 0" },
            { { arg("--replicas"), arg("2"), arg("--router"), arg("unknown") }, "--router: unknown router" },
            { { arg("--replicas"), arg("2"), arg("--ports-per-replica"), arg("--port"), arg("65535") },
                "ports 65535 to 65536 go past 65535" },
            { { arg("--policy"), arg("vllm"), arg("--block-size"), arg("0") },
                "--block-size must be an integer from 1" },
            { { arg("--policy"), arg("vllm"), arg("--block-size"), arg("-16") },
                "--block-size must be an integer from 1" },
            { { arg("--policy"), arg("vllm"), arg("--block-size"), arg("99999999999999") },
                "--block-size must be an integer from 1" },
            { { arg("--policy"), arg("vllm"), arg("--num-gpu-blocks"), arg("99999999999999") },
                "--num-gpu-blocks must be an integer from 2" },
            { { arg("--policy"), arg("sglang"), arg("--max-total-tokens"), arg("-5") },
                "--max-total-tokens must be an integer from 1" },
            { { arg("--policy"), arg("vllm"), arg("--enable-prefix-caching"), arg("--no-enable-prefix-caching") },
                "not both" },
            { { arg("--policy"), arg("sglang"), arg("--disable-radix-cache=1") },
                "--disable-radix-cache takes no value" },
        };
        for (const auto& f : flags) {
            const std::string name = f.flags.join(QLatin1Char(' ')).toStdString();
            QTest::newRow(("serve-sim " + name).c_str()) << (sim + f.flags) << QString() << 2 << arg(f.needle);
            if (f.flags.front() == QLatin1String("--policy")) { // the prefix-cache flags: simulate and fleet too
                QTest::newRow(("fleet " + name).c_str())
                    << (QStringList { arg("fleet"), arg("@trace"), arg("--replicas"), arg("2") } + f.flags) << QString()
                    << 2 << arg(f.needle);
                QTest::newRow(("simulate " + name).c_str())
                    << (QStringList { arg("simulate"), arg("@trace"), arg("--requests-out"), arg("@out.jsonl") }
                           + f.flags)
                    << QString() << 2 << arg(f.needle);
            }
        }
    }
    void fleetInputsAreRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, content);
        QFETCH(int, code);
        QFETCH(QString, needle);
        test::TempDir dir;
        test::writeText(dir.file("fleet"), content.toStdString());
        std::filesystem::create_directories(dir.file("dir"));
        const Run made = cli({ arg("generate"), arg("--preset"), arg("S4"), arg("--rate"), arg("4"), arg("--duration"),
            arg("2"), arg("--seed"), arg("7"), arg("-o"), q(dir.file("trace.jsonl")) });
        QCOMPARE(made.code, 0);
        for (auto& a : args)
            if (a.startsWith(QLatin1Char('@')))
                a = q(dir.file(a == QLatin1String("@trace") ? "trace.jsonl" : a.mid(1).toStdString()));
        const Run r = cli(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(needle), qPrintable(r.err));
        QVERIFY2(!r.out.contains(QLatin1String("listening on")), qPrintable(r.out));
    }

    // Outputs are checked before the work: calibrate's fit never runs for an output it cannot
    // write (the missing source comes after the output in the checks, so its error would show
    // if the output were checked late), and every command with an output file says so first.
    void outputsAreCheckedFirst_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("needle");
        QTest::newRow("calibrate -o") << QStringList {
            arg("calibrate"), arg("--replay"), arg("@no-such-run"), arg("-o"), arg("/nonexistent/x.json")
        } << "/nonexistent/x.json: cannot write the output here: the folder /nonexistent does not exist";
        QTest::newRow("calibrate --output-dir under a file") << QStringList { arg("calibrate"), arg("--replay"),
            arg("@no-such-run"), arg("--output-dir"), arg("@file/models") }
                                                             << "is not a folder";
        QTest::newRow("generate -o") << QStringList { arg("generate"), arg("--preset"), arg("S1"), arg("-o"),
            arg("/nonexistent/t.jsonl") }
                                     << "/nonexistent does not exist";
        QTest::newRow("sweep -o") << QStringList { arg("sweep"), arg("--preset"), arg("S1"), arg("--param"),
            arg("rate"), arg("--values"), arg("1"), arg("-o"), arg("/nonexistent/s.jsonl") }
                                  << "/nonexistent does not exist";
        QTest::newRow("replay --out under a file") << QStringList { arg("replay"), arg("@no-such-trace.jsonl"),
            arg("--target"), arg("http://127.0.0.1:1"), arg("--backend"), arg("slora"), arg("--out"), arg("@file/run") }
                                                   << "is not a folder";
        QTest::newRow("merge -o under a file")
            << QStringList { arg("merge"), arg("@no-such-run"), arg("-o"), arg("@file/merged") } << "is not a folder";
    }
    void outputsAreCheckedFirst()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, needle);
        test::TempDir dir;
        test::writeText(dir.file("file"), "KEEP\n");
        for (auto& a : args)
            if (a.startsWith(QLatin1Char('@')))
                a = q(dir.file(a.mid(1).toStdString()));
        const Run r = cli(args);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(needle), qPrintable(r.err));
        QVERIFY2(!r.err.contains(QLatin1String("no-such")), qPrintable(r.err)); // refused before the inputs were read
        QCOMPARE(test::readText(dir.file("file")), std::string("KEEP\n"));
    }

    // merge takes no number of a run folder on trust: a shard count of 10^12 once sized a table of
    // 16.8 GB and printed "2 of 3567587328 shards"; now it is refused naming the file and field.
    void mergeRangeChecksTheManifest()
    {
        test::TempDir dir;
        writeRunFolder(dir.file("run"));
        nlohmann::json m = nlohmann::json::parse(test::readText(dir.file("run/manifest.json")));
        m["shard"]["count"] = 1000000000000ull;
        test::writeText(dir.file("run/manifest.json"), m.dump());
        Run r = cli({ arg("merge"), q(dir.file("run")), arg("-o"), q(dir.file("merged")) });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String(
                     "manifest.json: shard.count: must be a whole number from 1 to 100000 (got 1000000000000)")),
            qPrintable(r.err));
        QVERIFY(!std::filesystem::exists(dir.file("merged/requests.jsonl")));
        // requests.jsonl as a link to /dev/zero: refused, never read (it once read 16.8 GB).
        writeRunFolder(dir.file("zero"));
        std::filesystem::remove(dir.file("zero/requests.jsonl"));
        std::filesystem::create_symlink("/dev/zero", dir.file("zero/requests.jsonl"));
        r = cli({ arg("merge"), q(dir.file("zero")), arg("-o"), q(dir.file("merged2")) });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(
                     QLatin1String("requests.jsonl: requests file: is not a regular file (it is a character device)")),
            qPrintable(r.err));
        // An unknown outcome is not counted as cancelled.
        writeRunFolder(dir.file("odd"));
        std::string lines = test::readText(dir.file("odd/requests.jsonl"));
        lines.replace(lines.find("\"completed\""), 11, "\"exploded\"");
        test::writeText(dir.file("odd/requests.jsonl"), lines);
        r = cli({ arg("merge"), q(dir.file("odd")), arg("-o"), q(dir.file("merged3")) });
        QCOMPARE(r.code, 1);
        QVERIFY2(
            r.err.contains(QLatin1String("requests.jsonl:1: outcome: unknown value \"exploded\"")), qPrintable(r.err));
    }

    // A cost model whose coefficients contradict its parameters is refused naming both fields;
    // one without schemaVersion names the missing field.
    void contradictoryCostModelsAreRefused()
    {
        test::TempDir dir;
        nlohmann::json j = nlohmann::json::parse(costModelToJson(*findCostModel("llama-7b-a10g")));
        j["coefficients"]["decode_base"] = 0.5;
        test::writeText(dir.file("m.json"), j.dump());
        test::writeText(dir.file("t.csv"), "id,time_s,adapter,rank,input_len,output_len\n0,0,a,8,10,20\n");
        Run r = cli({ arg("simulate"), q(dir.file("t.csv")), arg("--cost-model"), q(dir.file("m.json")),
            arg("--requests-out"), q(dir.file("r.jsonl")) });
        QCOMPARE(r.code, 1);
        QVERIFY2(
            r.err.contains(QLatin1String("coefficients.decode_base is 0.5, but parameters give")), qPrintable(r.err));
        j.erase("schemaVersion");
        test::writeText(dir.file("v.json"), j.dump());
        r = cli({ arg("simulate"), q(dir.file("t.csv")), arg("--cost-model"), q(dir.file("v.json")),
            arg("--requests-out"), q(dir.file("r.jsonl")) });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("schemaVersion: missing")), qPrintable(r.err));
        QVERIFY2(!r.err.contains(QLatin1String("unknown field")), qPrintable(r.err));
    }

    // validate says which runs a model predicts never to finish and prints huge errors with an
    // exponent (a 1e300 coefficient once printed a 300-digit number).
    void validateSaysWhatItLeavesOut()
    {
        test::TempDir dir;
        nlohmann::json j = nlohmann::json::parse(costModelToJson(*findCostModel("llama-7b-a10g")));
        j.erase("parameters");
        j["coefficients"]["decode_base"] = 1e300;
        test::writeText(dir.file("absurd.json"), j.dump());
        const Run r = cli({ arg("validate"), arg("--manifest"), kManifest, arg("--group"), arg("llama-7b-a10g"),
            arg("--cost-model"), q(dir.file("absurd.json")), arg("--worst"), arg("3") });
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QLatin1String("e+")), qPrintable(r.out));
        int run = 0;
        for (const QChar c : r.out) {
            run = c.isDigit() ? run + 1 : 0;
            QVERIFY2(run < 20, qPrintable(r.out));
        }
    }

    // "preset": "S99" in a spec is refused (the field only records where a spec came from).
    void unknownPresetInASpec()
    {
        test::TempDir dir;
        const Run printed = cli({ arg("generate"), arg("--preset"), arg("S4"), arg("--print-spec") });
        nlohmann::json spec = nlohmann::json::parse(printed.out.toStdString());
        spec["preset"] = "S99";
        test::writeText(dir.file("spec.json"), spec.dump());
        const Run r
            = cli({ arg("generate"), arg("--spec"), q(dir.file("spec.json")), arg("-o"), q(dir.file("t.jsonl")) });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("unknown preset \"S99\"")), qPrintable(r.err));
    }

    // An interrupted sweep never names a file it did not write: no point finished, no file.
    void interruptedSweepWithoutPoints()
    {
        test::TempDir dir;
        QProcess p;
        // One point of a million requests: seconds of work, interrupted long before it ends.
        p.start(QStringLiteral(LORASCOPE_CLI_PATH),
            { arg("sweep"), arg("--preset"), arg("S4"), arg("--duration"), arg("1000"), arg("--param"), arg("rate"),
                arg("--values"), arg("1000,1001"), arg("--threads"), arg("1"), arg("-o"), q(dir.file("st.jsonl")),
                arg("--quiet") });
        QVERIFY(p.waitForStarted());
        QTest::qWait(300);
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(60000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(err.contains(QLatin1String("interrupted; no point finished, nothing was written")), qPrintable(err));
        QVERIFY2(!err.contains(QLatin1String("kept in")), qPrintable(err));
        QVERIFY(!std::filesystem::exists(dir.file("st.jsonl")));
        QVERIFY(!std::filesystem::exists(dir.file("st.jsonl.partial")));
    }
};

QTEST_GUILESS_MAIN(TestCliHardening)
#include "tst_cli_hardening.moc"
