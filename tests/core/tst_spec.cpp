// SPDX-License-Identifier: Apache-2.0
// WorkloadSpec: JSON round trip, defaults, validation messages, file errors, presets.

#include "testutil.h"

#include "util/error.h"
#include "workload/generator.h"
#include "workload/presets.h"
#include "workload/spec.h"

#include <QtTest>

using namespace lorascope;
using nlohmann::json;

class TestSpec : public QObject {
    Q_OBJECT

    static WorkloadSpec everythingSet()
    {
        WorkloadSpec s;
        s.generator = GeneratorKind::PerAdapter;
        s.preset = "S2";
        s.adapterCount = 12;
        s.rate = 3.25;
        s.duration = 123.5;
        s.seed = 9'000'000'000ull;
        s.popularity.kind = PopularityKind::Weights;
        s.popularity.alpha = 0.37;
        s.popularity.zipfS = 1.2;
        s.popularity.weights = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0.5 };
        s.arrival.kind = ArrivalKind::Schedule;
        s.arrival.cv = 2.5;
        s.arrival.onOff = { 11, 0.25, 3, 7 };
        s.arrival.schedule = { { 0, 1 }, { 60, 5 }, { 120, 0.5 } };
        s.input = { LengthKind::LogNormal, 4, 4096, 1.1, 6.0, 0.7, 300, 50, 77, {} };
        s.output = { LengthKind::Empirical, 1, 10, 1.5, 5, 0.8, 256, 96, 128, { { 1, 0.5 }, { 9, 2.0 } } };
        AdapterGroup g;
        g.first = 2;
        g.count = 3;
        g.cv = 4.0;
        g.output = LengthSpec { LengthKind::Constant, 8, 512, 1.5, 5, 0.8, 256, 96, 100, {} };
        s.groups.push_back(g);
        s.naming.names = { "x-rank-8", "y" };
        s.naming.ranks = { 8, 32 };
        s.naming.defaultRank = 4;
        s.naming.baseModel = "base/model";
        return s;
    }

private Q_SLOTS:
    void defaultsMatchSpec()
    {
        const WorkloadSpec s;
        QCOMPARE(s.adapterCount, 200u);
        QCOMPARE(s.rate, 2.0);
        QCOMPARE(s.popularity.alpha, 1.0);
        QCOMPARE(s.arrival.cv, 1.0);
        QCOMPARE(s.input.lo, 8);
        QCOMPARE(s.input.hi, 512);
        QCOMPARE(s.duration, 300.0);
        QCOMPARE(s.seed, 42ull);
        const ServerLimits l; // S-LoRA's defaults (the server's, not the spec's)
        QCOMPARE(l.maxTotalTokenNum, 6000);
        QCOMPARE(l.effectiveBatchMaxTokens(), 3072); // max(6000/6, 3072)
        QVERIFY(validate(s).empty());
        // An empty JSON object is the default spec.
        QVERIFY(specFromJson(json::object()) == s);
    }

    void legacyLimitsAreTheServers()
    {
        // Spec files of earlier versions carried the server's limits: still read, no longer part of the spec.
        json j = toJson(WorkloadSpec {});
        QVERIFY(!j.contains("limits"));
        QVERIFY(!specFileLimits(j).has_value());
        j["limits"] = json { { "maxTotalTokenNum", 65000 }, { "batchMaxTokens", 9000 } };
        QVERIFY(specFromJson(j) == WorkloadSpec {});
        const auto legacy = specFileLimits(j);
        QVERIFY(legacy.has_value());
        QCOMPARE(legacy->maxTotalTokenNum, 65000);
        QCOMPARE(legacy->batchMaxTokens, 9000);
        QCOMPARE(legacy->runningMaxReqSize, ServerLimits {}.runningMaxReqSize);
        j["limits"]["maxTotalTokenNum"] = "many";
        QVERIFY_THROWS_EXCEPTION(InputError, specFromJson(j, "old.json"));
    }

    void roundTripDefault()
    {
        const WorkloadSpec s;
        const json j = toJson(s);
        QCOMPARE(j["schemaVersion"].get<int>(), kSpecSchemaVersion);
        QVERIFY(specFromJson(j) == s);
    }

    void roundTripEverything()
    {
        const WorkloadSpec s = everythingSet();
        QVERIFY2(validate(s).empty(), validate(s).empty() ? "" : validate(s).front().message.c_str());
        const json j = toJson(s);
        const WorkloadSpec back = specFromJson(json::parse(j.dump()));
        QVERIFY(back == s);
        QCOMPARE(toJson(back).dump(), j.dump());
    }

    void validationMessages_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("cv") << R"({"arrival": {"cv": -1}})"
                            << "arrival.cv must be between 0.001 and 100 (got -1); for evenly spaced arrivals use "
                               "arrival kind \"constant\"";
        QTest::newRow("rate") << R"({"rate": 0})"
                              << "rate must be > 0 (got 0)";
        QTest::newRow("alpha") << R"({"popularity": {"alpha": -0.5}})"
                               << "popularity.alpha must be > 0 (got -0.5)";
        QTest::newRow("range") << R"({"input": {"lo": 100, "hi": 50}})"
                               << "input.hi must be > input.lo (got hi 50, lo 100); the range is [lo, hi)";
        QTest::newRow("duration") << R"({"duration": -3})"
                                  << "duration must be > 0 (got -3)";
        QTest::newRow("weights")
            << R"({"adapters": {"count": 3}, "popularity": {"kind": "weights", "weights": [1, 2]}})"
            << "popularity.weights must have one weight per adapter: 3 (got 2)";
        QTest::newRow("slora lengths") << R"({"generator": "slora", "input": {"kind": "normal"}})"
                                       << "input.kind must be \"uniform\" for the slora generator (got \"normal\")";
        QTest::newRow("group range") << R"({"adapters": {"count": 4}, "groups": [{"first": 2, "count": 5}]})"
                                     << "groups[0].first adapters [2, 7) exceed the adapter count 4";
        QTest::newRow("on-off count")
            << R"({"arrival": {"kind": "on-off", "onOff": {"onRate": 1e12}}, "duration": 300})"
            << "arrival.onOff.onRate × duration must be <= 2e9 requests (got 3e+14)";
        QTest::newRow("schedule count")
            << R"({"arrival": {"kind": "schedule", "schedule": [[0, 1e12], [10, 1]]}, "duration": 300})"
            << "arrival.schedule peak rate × duration must be <= 2e9 requests (got 3e+14)";
        QTest::newRow("cv too small") << R"({"generator": "slora", "arrival": {"cv": 1e-300}})"
                                      << "arrival.cv must be between 0.001 and 100 (got 1e-300); for evenly spaced "
                                         "arrivals use arrival kind \"constant\"";
        QTest::newRow("too many adapters") << R"({"adapters": {"count": 100001}})"
                                           << "adapters.count must be <= 100000 (got 100001)";
        QTest::newRow("rank in name over 65536")
            << R"({"adapters": {"names": ["ok-rank-8", "dummy-lora-rank-99999999999"]}})"
            << "adapters.names[1] must have a rank from 1 to 65536 after \"rank-\" (got "
               "\"dummy-lora-rank-99999999999\")";
        QTest::newRow("rank 0 in name")
            << R"({"adapters": {"names": ["x-rank-0"]}})"
            << "adapters.names[0] must have a rank from 1 to 65536 after \"rank-\" (got \"x-rank-0\")";
        QTest::newRow("schedule order")
            << R"({"arrival": {"kind": "schedule", "schedule": [[0, 1], [0, 2]]}})"
            << "arrival.schedule[1].time must be greater than the previous point's time (got 0)";
    }
    void validationMessages()
    {
        QFETCH(QString, json);
        QFETCH(QString, message);
        const auto issues = validate(specFromJson(json::parse(json.toStdString())));
        QVERIFY(!issues.empty());
        QCOMPARE(QString::fromStdString(issues.front().message), message);
    }

    // "preset" only records where a spec came from: a name LoraScope does not know is refused
    // rather than silently applying nothing.
    void presetMustBeKnown()
    {
        const auto issues = validate(specFromJson(json::parse(R"({"preset": "S99"})")));
        QVERIFY(!issues.empty());
        QCOMPARE(QString::fromStdString(issues.front().field), QStringLiteral("preset"));
        QVERIFY2(issues.front().message.find("unknown preset \"S99\" (known: S1,") != std::string::npos,
            issues.front().message.c_str());
        for (const char* ok : { "", "S4", "Real", "a100-80-S4-req-rate" })
            QVERIFY2(validate(specFromJson(json::parse(std::string(R"({"preset": ")") + ok + "\"}"))).empty(), ok);
    }

    void parseErrorsNameTheField_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("typo") << R"({"arrival": {"cvv": 2}})"
                              << "arrival.cvv"
                              << "unknown field";
        QTest::newRow("type") << R"({"rate": "fast"})"
                              << "rate"
                              << "expected a number";
        QTest::newRow("enum") << R"({"popularity": {"kind": "pareto"}})"
                              << "popularity.kind"
                              << "unknown value \"pareto\"";
        QTest::newRow("version") << R"({"schemaVersion": 99})"
                                 << "schemaVersion"
                                 << "unsupported version 99";
        QTest::newRow("length int") << R"({"output": {"lo": 1.5}})"
                                    << "output.lo"
                                    << "expected an integer";
        QTest::newRow("nested group") << R"({"groups": [{"first": 0, "input": {"kind": "x"}}]})"
                                      << "groups[0].input.kind"
                                      << "unknown value";
    }
    void parseErrorsNameTheField()
    {
        QFETCH(QString, json);
        QFETCH(QString, field);
        QFETCH(QString, fragment);
        try {
            specFromJson(json::parse(json.toStdString()), "my.json");
            QFAIL("expected an InputError");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.field()), field);
            QVERIFY2(QString::fromUtf8(e.what()).contains(fragment), e.what());
            QVERIFY2(QString::fromUtf8(e.what()).startsWith(QStringLiteral("my.json: ")), e.what());
        }
    }

    void fileErrors()
    {
        test::TempDir dir;
        const std::string bad = dir.file("bad.json");
        test::writeText(bad, "{\n  \"rate\": 2,\n  \"cv\" 3\n}\n");
        try {
            loadSpecFile(bad);
            QFAIL("expected an InputError");
        } catch (const InputError& e) {
            QCOMPARE(e.file(), bad);
            QCOMPARE(e.line(), std::uint64_t(3));
        }
        try {
            loadSpecFile(dir.file("missing.json"));
            QFAIL("expected an InputError");
        } catch (const InputError& e) {
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("missing.json")));
        }
        // Out-of-range values in a file: the message names the file and the field.
        const std::string invalid = dir.file("invalid.json");
        test::writeText(invalid, R"({"arrival": {"cv": -1}})");
        try {
            loadSpecFile(invalid);
            QFAIL("expected an InputError");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromUtf8(e.what()),
                QString::fromStdString(invalid
                    + ": arrival.cv must be between 0.001 and 100 (got -1); for evenly spaced arrivals use arrival "
                      "kind \"constant\""));
            QCOMPARE(e.field(), std::string("arrival.cv"));
        }
    }

    void saveLoadFile()
    {
        test::TempDir dir;
        const std::string path = dir.file("spec.json");
        const WorkloadSpec s = everythingSet();
        saveSpecFile(s, path);
        QVERIFY(loadSpecFile(path) == s);
        // A session-like file with a "spec" member is accepted.
        test::writeText(path, json { { "spec", toJson(s) }, { "view", json::object() } }.dump());
        QVERIFY(loadSpecFile(path) == s);
    }

    void presets()
    {
        const WorkloadSpec s4 = specForPreset("S4");
        const auto adapters = makeAdapters(s4);
        QCOMPARE(adapters.size(), std::size_t(200));
        QCOMPARE(adapters[0].name, std::string("dummy-lora-13b-rank-64-0"));
        QCOMPARE(adapters[1].name, std::string("dummy-lora-13b-rank-32-0"));
        QCOMPARE(adapters[2].name, std::string("dummy-lora-13b-rank-16-0"));
        QCOMPARE(adapters[3].name, std::string("dummy-lora-13b-rank-64-1"));
        QCOMPARE(adapters[0].rank, 64);
        QCOMPARE(adapters[2].rank, 16);
        QCOMPARE(s4.naming.baseModel, std::string("huggyllama/llama-13b"));

        WorkloadSpec real = specForPreset("Real");
        real.adapterCount = 3;
        const auto ra = makeAdapters(real);
        QCOMPARE(ra[0].name, std::string("tloen/alpaca-lora-7b-0"));
        QCOMPARE(ra[0].rank, 16);
        QCOMPARE(ra[1].rank, 64);

        const WorkloadSpec cv = specForPreset("a100-80-S4-cv");
        QCOMPARE(cv.adapterCount, 400u);
        QCOMPARE(cv.rate, 6.0);
        QCOMPARE(cv.arrival.cv, 1.0);
        QCOMPARE(cv.naming.names.size(), std::size_t(3));
        const WorkloadSpec al = specForPreset("a10g-alpha");
        QCOMPARE(al.popularity.alpha, 0.1);
        QCOMPARE(al.adapterCount, 200u);

        for (const auto& p : lorascope::presets())
            QVERIFY(validate(specForPreset(p.name)).empty());
        for (const auto& sc : scenarios())
            QVERIFY(validate(specForPreset(sc.name)).empty());
        try {
            specForPreset("S9");
            QFAIL("expected an InputError");
        } catch (const InputError& e) {
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("S1, S2")));
        }
    }

    void rankFromNames()
    {
        QCOMPARE(rankFromName("dummy-lora-7b-rank-8"), 8);
        QCOMPARE(rankFromName("foo"), -1);
        QCOMPARE(rankFromName("x-rank-65536"), 65536);
        QCOMPARE(rankFromName("x-rank-00016"), 16);
        // Out of range: a message naming the adapter, never std::out_of_range from std::stoi.
        for (const char* bad :
            { "dummy-lora-rank-99999999999", "x-rank-65537", "x-rank-0", "rank-99999999999999999999999999999" }) {
            try {
                rankFromName(bad);
                QFAIL(bad);
            } catch (const InputError& e) {
                QVERIFY2(std::string(e.what()).find(std::string("adapter \"") + bad) != std::string::npos, e.what());
                QVERIFY2(std::string(e.what()).find("1 to 65536") != std::string::npos, e.what());
            }
        }
        WorkloadSpec s;
        s.adapterCount = 2;
        s.naming.names = { "plain" };
        s.naming.defaultRank = 12;
        QCOMPARE(makeAdapters(s)[1].rank, 12);
        QCOMPARE(makeAdapters(s)[1].name, std::string("plain-1"));
    }
};

QTEST_GUILESS_MAIN(TestSpec)
#include "tst_spec.moc"
