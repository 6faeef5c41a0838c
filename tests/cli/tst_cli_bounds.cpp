// SPDX-License-Identifier: Apache-2.0
// The third round of outside hardening, through the real binary: numbers at the edge of their type
// (one documented bound per count, length and time, docs/formats.md "Bounds", checked at read with
// the user's field named), JSON keys given twice, configuration files too large to read whole,
// fleet groups whose replicas would share a name, a trace cut short. Each row is one case of a
// class; the readers' own tests cover the formats in depth (tst_formats, tst_fleetconfig).

#include "../core/testutil.h"
#include "clitestutil.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using namespace lorascope;

namespace {
using test::cli;
using test::q;
using test::Run;

QString arg(const char* s)
{
    return QString::fromUtf8(s);
}

const char* const kHeader
    = R"({"schemaVersion":1,"kind":"lorascope-trace","adapters":[{"name":"a","rank":8}],"requestCount":3})";

/// A native JSONL trace: the header, then `lines`.
std::string jsonl(const std::string& lines)
{
    return std::string(kHeader) + "\n" + lines;
}

} // namespace

class TestCliBounds : public QObject {
    Q_OBJECT
private slots:
    // A file in `file` is read by the command `args` ("@f" is the file's path): it exits with
    // `code` and says `needle`.
    void refusedAtRead_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("content");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("needle");
        const QStringList stats = { arg("stats"), arg("@f") };
        const std::string ok1 = R"({"id":0,"time_s":0,"adapter":"a","rank":8,"input_len":5,"output_len":3})"
                                "\n";
        const std::string ok2 = R"({"id":1,"time_s":1,"adapter":"a","rank":8,"input_len":5,"output_len":3})"
                                "\n";
        // Lengths at the edge of their type: stats once segfaulted (or took 16 GB) on 2^32 - 1.
        QTest::newRow("jsonl input_len 2^32-1")
            << "t.jsonl"
            << QString::fromStdString(jsonl(ok1 + ok2
                   + R"({"id":2,"time_s":2,"adapter":"a","rank":8,"input_len":4294967295,"output_len":3})"
                     "\n"))
            << stats << 1 << "t.jsonl:4: input_len: 4294967295 tokens is more than the 10000000 a request may have";
        QTest::newRow("jsonl output_len 2^32-1, general path")
            << "t.jsonl"
            << QString::fromStdString(jsonl(ok1 + ok2
                   + R"({"time_s":2,"adapter":"a","rank":8,"input_len":4,"output_len":4294967295.0})"
                     "\n"))
            << stats << 1 << "t.jsonl:4: output_len: 4294967295 tokens is more than the 10000000";
        QTest::newRow("csv input_len 10^7 + 1")
            << "t.csv"
            << "id,time_s,adapter,rank,input_len,output_len\n0,0,a,8,10000001,3\n"
            << stats << 1 << "t.csv:2: input_len: 10000001 tokens is more than the 10000000";
        QTest::newRow("mooncake input_length 2^32-1")
            << "t.mooncake.jsonl"
            << R"({"timestamp": 0, "input_length": 4294967295, "output_length": 3})" << stats << 1
            << "input_length: 4294967295 tokens is more than the 10000000";
        QTest::newRow("burstgpt Response tokens 2^32-1")
            << "t.burstgpt.csv"
            << "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n"
               "5,ChatGPT,1,4294967295,4294967296,Conversation log\n"
            << stats << 1 << "Response tokens: 4294967295 tokens is more than the 10000000";
        QTest::newRow("prefix segment 2^32-1")
            << "t.jsonl"
            << QString::fromStdString(
                   jsonl(R"({"time_s":0,"adapter":"a","input_len":5,"output_len":3,"prefix":[[1,4294967295,"system"]]})"
                         "\n"))
            << stats << 1 << "prefix[0].tokens: 4294967295 tokens is more than the 10000000";
        QTest::newRow("think_s 1e300")
            << "t.jsonl"
            << QString::fromStdString(jsonl(
                   R"({"id":0,"time_s":0,"adapter":"a","input_len":5,"output_len":3,"session":1,"turn":1})"
                   "\n"
                   R"({"id":1,"time_s":9,"adapter":"a","input_len":9,"output_len":3,"session":1,"turn":2,"parent":0,"think_s":1e300})"
                   "\n"))
            << stats << 1 << "t.jsonl:3: think_s: 1e+300 s is longer than a think time may be (at most 31622400 s";
        QTest::newRow("aiperf delay past 366 days")
            << "t.aiperf.jsonl"
            << "{\"session_id\": \"s\", \"timestamp\": 0, \"input_length\": 5, \"output_length\": 3}\n"
               "{\"session_id\": \"s\", \"delay\": 40000000000, \"input_length\": 5, \"output_length\": 3}\n"
            << stats << 1 << "t.aiperf.jsonl:2: delay: 4e+07 s of think time is more than the 31622400 s";
        // Keys given twice: refused, naming the key (a trace line, a spec, a fleet file).
        QTest::newRow("trace line with time_s twice")
            << "t.jsonl"
            << QString::fromStdString(jsonl(ok1
                   + R"({"id":1,"time_s":1,"time_s":0.5,"adapter":"a","rank":8,"input_len":5,"output_len":3})"
                     "\n"))
            << stats << 1 << "t.jsonl:3: duplicate key \"time_s\"";
        QTest::newRow("trace header with adapters twice")
            << "t.jsonl"
            << QString::fromStdString(R"({"schemaVersion":1,"adapters":[],"adapters":[]})"
                                      "\n"
                   + ok1)
            << stats << 1 << "t.jsonl:1: duplicate key \"adapters\"";
        QTest::newRow("spec with arrival.cv twice")
            << "s.json"
            << R"({"arrival": {"kind": "gamma", "cv": 1, "cv": 4}})"
            << QStringList { arg("generate"), arg("--spec"), arg("@f"), arg("--print-spec") } << 1
            << "duplicate key \"arrival.cv\"";
        // An object past 32 keys is checked through a hash set (core/util/jsonread.cpp): the same refusal.
        std::string many = R"({"schemaVersion":1,"adapters":[],"meta":{)";
        for (int k = 0; k < 40; ++k)
            many += "\"k" + std::to_string(k) + "\":" + std::to_string(k) + ",";
        many += R"("k7":0}})";
        QTest::newRow("trace header with a key twice among 41")
            << "t.jsonl" << QString::fromStdString(many + "\n" + ok1) << stats << 1
            << "t.jsonl:1: duplicate key \"meta.k7\"";
        const QStringList fleet = { arg("fleet"), arg("@trace"), arg("--fleet"), arg("@f") };
        QTest::newRow("fleet file with replicas twice")
            << "fleet.json"
            << R"({"replicas": 2, "replicas": 3})" << fleet << 1 << "duplicate key \"replicas\"";
        QTest::newRow("fleet group with name twice") << "fleet.json"
                                                     << R"({"replicas": [{"count": 1}, {"name": "a", "name": "b"}]})"
                                                     << fleet << 1 << "duplicate key \"replicas[1].name\"";
        // Fleet groups whose replicas would share a name.
        QTest::newRow("two groups named a") << "fleet.json"
                                            << R"({"replicas": [{"name": "a", "count": 2}, {"name": "a", "count": 1}]})"
                                            << fleet << 1 << "replicas[1].name: \"a\" is also the name of replicas[0]";
        QTest::newRow("a group named replica beside an unnamed one")
            << "fleet.json"
            << R"({"replicas": [{"count": 1}, {"name": "replica", "count": 1}]})" << fleet << 1
            << "replicas[1].name: two replicas would be called \"replica-0\"";
        QTest::newRow("a group name with ESC") << "fleet.json"
                                               << "{\"replicas\": [{\"name\": \"a\\u001b[2J\", \"count\": 1}]}" << fleet
                                               << 1 << "replicas[0].name: \"a\\x1b[2J\" holds a control character";
        // A trace cut short: the header's count against the lines present.
        QTest::newRow("jsonl cut short")
            << "t.jsonl" << QString::fromStdString(jsonl(ok1 + ok2)) << stats << 1
            << "t.jsonl:1: requestCount: the header says 3 request(s), the file holds 2 (the file is cut short";
    }
    void refusedAtRead()
    {
        QFETCH(QString, name);
        QFETCH(QString, content);
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, needle);
        test::TempDir dir;
        const std::string file = dir.file(name.toStdString());
        test::writeText(file, content.toStdString());
        if (args.contains(arg("@trace"))) {
            const Run made = cli({ arg("generate"), arg("--preset"), arg("S4"), arg("--rate"), arg("4"),
                arg("--duration"), arg("2"), arg("--seed"), arg("7"), arg("-o"), q(dir.file("trace.jsonl")) });
            QCOMPARE(made.code, 0);
        }
        for (auto& a : args)
            if (a == QLatin1String("@f"))
                a = q(file);
            else if (a == QLatin1String("@trace"))
                a = q(dir.file("trace.jsonl"));
        const Run r = cli(args);
        QVERIFY2(r.code == code, qPrintable(QString::number(r.code) + QLatin1Char(' ') + r.err));
        QVERIFY2(r.err.contains(needle), qPrintable(r.err));
        QVERIFY2(!r.err.contains(QLatin1String("terminate")), qPrintable(r.err));
    }

    // Lengths at the bound are accepted, and stats over lengths 1 and 10^7 (with a failed row of
    // 0 tokens) needs no table as wide as their range: it answers at once with the true numbers.
    void lengthsAtTheBoundAreRead()
    {
        test::TempDir dir;
        const std::string file = dir.file("t.jsonl");
        test::writeText(file,
            jsonl(R"({"id":0,"time_s":0,"adapter":"a","rank":8,"input_len":1,"output_len":10000000})"
                  "\n"
                  R"({"id":1,"time_s":1,"adapter":"a","rank":8,"input_len":10000000,"output_len":1})"
                  "\n"
                  R"({"id":2,"time_s":2,"adapter":"a","rank":8,"input_len":0,"output_len":0,"failed":true})"
                  "\n"));
        const Run r = cli({ arg("stats"), q(file), arg("--json") });
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j.at("input").at("max").get<double>(), 10000000.0);
        QCOMPARE(j.at("output").at("max").get<double>(), 10000000.0);
        QCOMPARE(j.at("input").at("min").get<double>(), 0.0);
        QCOMPARE(j.at("input").at("p50").get<double>(), 1.0);
    }

    // Round trips over every writable format: a trace with failed rows, ranks, a session and a
    // prefix, converted to each format and back to jsonl, keeps every request's lengths and failed
    // mark (times too, except AIPerf's designed later turns), or convert refuses it or names what it
    // dropped; a format that cannot hold failed requests refuses them before writing anything.
    void everyFormatKeepsOrSaysWhatItDropped()
    {
        test::TempDir dir;
        const std::string in = dir.file("in.jsonl");
        test::writeText(in,
            R"({"schemaVersion":1,"adapters":[{"name":"a","rank":8},{"name":"b","rank":16}],"requestCount":5})"
            "\n"
            R"({"id":0,"time_s":0,"adapter":"a","rank":8,"input_len":100,"output_len":10,"session":1,"turn":1,"prefix":[[7,64,"system"]]})"
            "\n"
            R"({"id":1,"time_s":5,"adapter":"a","rank":8,"input_len":150,"output_len":10,"session":1,"turn":2,"parent":0,"think_s":1})"
            "\n"
            R"({"id":2,"time_s":6,"adapter":"b","rank":16,"input_len":5,"output_len":0,"failed":true})"
            "\n"
            R"({"id":3,"time_s":7,"adapter":"b","rank":16,"input_len":20,"output_len":5})"
            "\n"
            R"({"id":4,"time_s":8,"adapter":null,"rank":0,"input_len":30,"output_len":4})"
            "\n");
        struct Row {
            double time;
            std::uint32_t in, out;
            bool failed;
            int rank;
        };
        auto rows = [](const std::string& path) {
            std::vector<Row> out;
            std::ifstream f(path);
            std::string line;
            std::getline(f, line); // header
            const auto header = nlohmann::json::parse(line);
            while (std::getline(f, line)) {
                const auto j = nlohmann::json::parse(line);
                out.push_back({ j.at("time_s").get<double>(), j.at("input_len").get<std::uint32_t>(),
                    j.at("output_len").get<std::uint32_t>(), j.value("failed", false), j.value("rank", 0) });
            }
            return out;
        };
        const auto original = rows(in);
        QCOMPARE(original.size(), std::size_t { 5 });
        const char* formats[][2] = { { "jsonl", "o.jsonl" }, { "json", "o.json" }, { "csv", "o.csv" },
            { "slora", "o.slora.json" }, { "mooncake", "o.mooncake.jsonl" }, { "guidellm", "o.guidellm.jsonl" },
            { "burstgpt", "o.burstgpt.csv" }, { "aiperf", "o.aiperf.jsonl" },
            { "aiperf-multi-turn", "o.multi-turn.jsonl" }, { "vllm", "o.vllm.jsonl" } };
        for (const auto& f : formats) {
            const std::string name = f[0];
            const std::string out = dir.file(f[1]);
            const Run c = cli({ arg("convert"), q(in), q(out), arg("--to"), q(name) });
            const bool holdsFailed = name == "jsonl" || name == "json" || name == "csv" || name == "burstgpt"
                || name == "mooncake" || name == "guidellm";
            if (!holdsFailed) {
                QVERIFY2(c.code == 1, qPrintable(q(name) + QLatin1Char(' ') + c.err));
                QVERIFY2(c.err.contains(q("the " + name + " format cannot hold failed requests (1 marked failed")),
                    qPrintable(c.err));
                QVERIFY2(!std::filesystem::exists(out), f[1]);
                continue;
            }
            QVERIFY2(c.code == 0, qPrintable(q(name) + QLatin1Char(' ') + c.err));
            const std::string back = dir.file(name + ".back.jsonl");
            const Run b = cli({ arg("convert"), q(out), q(back), arg("--from"), q(name) });
            QVERIFY2(b.code == 0, qPrintable(q(name) + QLatin1Char(' ') + b.err));
            const auto got = rows(back);
            QCOMPARE(got.size(), original.size());
            bool ranksKept = true;
            for (std::size_t i = 0; i < got.size(); ++i) {
                QCOMPARE(got[i].in, original[i].in);
                QCOMPARE(got[i].out, original[i].out);
                QCOMPARE(got[i].time, original[i].time);
                QVERIFY2(got[i].failed == original[i].failed, f[0]);
                ranksKept = ranksKept && got[i].rank == original[i].rank;
            }
            const bool adapters
                = name == "jsonl" || name == "json" || name == "csv" || name == "slora" || name == "burstgpt";
            if (!ranksKept && adapters)
                QVERIFY2(c.err.contains(QLatin1String("the ranks of 2 adapter(s)")), qPrintable(q(name) + c.err));
            if (!adapters)
                QVERIFY2(c.err.contains(QLatin1String("adapters (2)")), qPrintable(q(name) + c.err));
        }
        // Without the failed row, AIPerf's formats keep every length (a turn's new tokens).
        for (const char* name : { "aiperf", "aiperf-multi-turn" }) {
            const std::string out = dir.file(std::string(name) + ".out.jsonl");
            const Run c = cli({ arg("convert"), q(in), q(out), arg("--to"), arg(name), arg("--drop-failed") });
            QVERIFY2(c.code == 0, qPrintable(c.err));
            const std::string back = dir.file(std::string(name) + ".back.jsonl");
            const Run b = cli({ arg("convert"), q(out), q(back), arg("--from"), arg(name) });
            QVERIFY2(b.code == 0, qPrintable(b.err));
            const auto got = rows(back);
            QCOMPARE(got.size(), std::size_t { 4 });
            QCOMPARE(got[0].in, 100u);
            QCOMPARE(got[1].in, 150u);
        }
    }

    // BurstGPT's first row failed (0 response tokens): the mark was lost (the column is created on
    // the first failed row, and was not when that row was the first), so convert wrote files that
    // LoraScope could not read back. Every format that holds the mark keeps it.
    void aFirstFailedRowKeepsItsMark()
    {
        test::TempDir dir;
        const std::string in = dir.file("in.burstgpt.csv");
        test::writeText(in,
            "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n"
            "5,ChatGPT,10,0,10,Conversation log\n6,GPT-4,10,5,15,Conversation log\n");
        for (const char* to : { "o.jsonl", "o.json", "o.csv", "o.mooncake.jsonl", "o.guidellm.jsonl" }) {
            const std::string out = dir.file(to);
            const Run c = cli({ arg("convert"), q(in), q(out) });
            QVERIFY2(c.code == 0, qPrintable(c.err));
            const Run b = cli({ arg("convert"), q(out), q(dir.file("back.jsonl")) });
            QVERIFY2(b.code == 0, qPrintable(arg(to) + b.err));
            const std::string back = test::readText(dir.file("back.jsonl"));
            QVERIFY2(back.find(R"("input_len":10,"output_len":0,"failed":true)") != std::string::npos, to);
        }
        const Run s = cli({ arg("convert"), q(in), q(dir.file("o.slora.json")) });
        QCOMPARE(s.code, 1);
        QVERIFY2(s.err.contains(QLatin1String("the slora format cannot hold failed requests (1 marked failed, the "
                                              "first request 0)")),
            qPrintable(s.err));
    }

    // A session that branches or starts again is refused by AIPerf's writers, naming the requests
    // (it was read back as other requests: 3 turns became 2, an input_len 100 became 210).
    void aiperfRefusesSessionsThatAreNotChains_data()
    {
        QTest::addColumn<QString>("lines");
        QTest::addColumn<QString>("needle");
        QTest::newRow("branch") << R"({"id":0,"time_s":0,"input_len":100,"output_len":10,"session":1,"turn":1}
{"id":1,"time_s":5,"input_len":120,"output_len":10,"session":1,"turn":2,"parent":0}
{"id":2,"time_s":6,"input_len":130,"output_len":10,"session":1,"turn":2,"parent":0}
)"
                                << "request 2 is a second next turn of request 0 in session 1 (the session branches)";
        QTest::newRow("designed time past 10^12 s")
            << R"({"id":0,"time_s":999999999999,"input_len":5,"output_len":3,"session":1,"turn":1}
{"id":1,"time_s":1000000000000,"input_len":9,"output_len":3,"session":1,"turn":2,"parent":0,"think_s":31622400}
)"
            << "request 1 would be read back at 1000031622399.34 s";
        QTest::newRow("restart") << R"({"id":0,"time_s":0,"input_len":100,"output_len":10,"session":1,"turn":1}
{"id":1,"time_s":5,"input_len":100,"output_len":10,"session":1,"turn":1}
)"
                                 << "request 1 starts session 1 again after request 0 (the session restarts)";
    }
    void aiperfRefusesSessionsThatAreNotChains()
    {
        QFETCH(QString, lines);
        QFETCH(QString, needle);
        test::TempDir dir;
        const std::string in = dir.file("in.jsonl");
        test::writeText(in,
            R"({"schemaVersion":1})"
            "\n" + lines.toStdString());
        QVERIFY2(cli({ arg("stats"), q(in) }).code == 0, "the trace itself is valid");
        for (const char* to : { "o.aiperf.jsonl", "o.multi-turn.jsonl" }) {
            const Run r = cli({ arg("convert"), q(in), q(dir.file(to)) });
            QCOMPARE(r.code, 1);
            QVERIFY2(r.err.contains(needle), qPrintable(r.err));
            QVERIFY2(r.err.contains(QLatin1String("format holds a session as one chain of turns"))
                    || r.err.contains(QLatin1String("format cannot hold it")),
                qPrintable(r.err));
            QVERIFY(!std::filesystem::exists(dir.file(to)));
        }
    }

    // An edge value itself is allowed: on/off periods of meanOn + meanOff = 6e-4 s over 300 s are
    // exactly the 10^6 periods modelled (refused once as "must be at least 6e-04"); a little shorter
    // is refused.
    void anEdgeValueIsAllowed()
    {
        test::TempDir dir;
        const Run printed = cli({ arg("generate"), arg("--preset"), arg("S4"), arg("--print-spec") });
        QCOMPARE(printed.code, 0);
        nlohmann::json spec = nlohmann::json::parse(printed.out.toStdString());
        spec["duration"] = 300;
        spec["arrival"] = { { "kind", "on-off" }, { "cv", 1 },
            { "onOff", { { "onRate", 2 }, { "offRate", 0 }, { "meanOn", 0.0003 }, { "meanOff", 0.0003 } } } };
        test::writeText(dir.file("edge.json"), spec.dump());
        const Run edge = cli({ arg("generate"), arg("--spec"), q(dir.file("edge.json")), arg("--print-spec") });
        QVERIFY2(edge.code == 0, qPrintable(edge.err));
        spec["arrival"]["onOff"]["meanOff"] = 0.00029;
        test::writeText(dir.file("under.json"), spec.dump());
        const Run under = cli({ arg("generate"), arg("--spec"), q(dir.file("under.json")), arg("--print-spec") });
        QCOMPARE(under.code, 1);
        QVERIFY2(under.err.contains(QLatin1String("must be at least 6e-04 s")), qPrintable(under.err));
    }

    // A configuration file larger than the one cap of the shared JSON reader is refused before
    // it is parsed (a 200 MB fleet file once ended in an uncaught std::bad_alloc).
    void configurationFilesHaveOneCap_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("what");
        QTest::newRow("fleet file") << QStringList { arg("fleet"), arg("@trace"), arg("--fleet"), arg("@f") }
                                    << "fleet file";
        QTest::newRow("spec file") << QStringList { arg("generate"), arg("--spec"), arg("@f"), arg("--print-spec") }
                                   << "spec file";
        QTest::newRow("cost model file") << QStringList { arg("simulate"), arg("@trace"), arg("--requests-out"),
            arg("@out.jsonl"), arg("--cost-model"), arg("@f") }
                                         << "cost model file";
    }
    void configurationFilesHaveOneCap()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, what);
        test::TempDir dir;
        const std::string file = dir.file("big.json");
        {
            std::ofstream out(file, std::ios::binary);
            out << '{';
            out << std::string(std::size_t { 17 } << 20, ' ');
            out << '}';
        }
        const Run made = cli({ arg("generate"), arg("--preset"), arg("S4"), arg("--rate"), arg("4"), arg("--duration"),
            arg("2"), arg("--seed"), arg("7"), arg("-o"), q(dir.file("trace.jsonl")) });
        QCOMPARE(made.code, 0);
        for (auto& a : args)
            if (a == QLatin1String("@f"))
                a = q(file);
            else if (a.startsWith(QLatin1Char('@')))
                a = q(dir.file(a == QLatin1String("@trace") ? "trace.jsonl" : a.mid(1).toStdString()));
        const Run r = cli(args);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(what + QLatin1String(": the file is 17 MiB, more than the 16 MiB")), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliBounds)
#include "tst_cli_bounds.moc"
