// SPDX-License-Identifier: Apache-2.0
// `lorascope-cli fleet` through the real binary: a fleet of one is `simulate`, the fleet file's
// errors name the field (exit 1), flag mistakes are usage errors (exit 2), the JSON and the
// per-request lines say where each request went and why.

#include "../core/testutil.h"
#include "clitestutil.h"

#include <nlohmann/json.hpp>

#include <QProcess>
#include <QtTest>

#include <sys/resource.h>

#include <set>
#include <sstream>

using namespace lorascope;

namespace {
using test::cli;
using test::q;
using test::Run;

std::vector<nlohmann::json> jsonLines(const std::string& path)
{
    std::vector<nlohmann::json> out;
    std::istringstream in(test::readText(path));
    std::string line;
    while (std::getline(in, line))
        if (!line.empty())
            out.push_back(nlohmann::json::parse(line));
    return out;
}
} // namespace

class TestCliFleet : public QObject {
    Q_OBJECT
    test::TempDir m_dir;
    QString m_trace;

private Q_SLOTS:
    void initTestCase()
    {
        m_trace = q(m_dir.file("s4.jsonl"));
        const Run g = cli({ "generate", "--preset", "S4", "--adapters", "20", "--rate", "6", "--duration", "30",
            "--seed", "3", "-o", m_trace, "--quiet" });
        QCOMPARE(g.code, 0);
    }

    void help()
    {
        const Run r = cli({ "fleet", "--help" });
        QCOMPARE(r.code, 0);
        for (const char* router : { "round-robin", "least-outstanding", "gie-lora-filter", "gie-lora-scorer",
                 "aibrix-lora", "hrw", "prefix-aware", "session-affinity" })
            QVERIFY2(r.out.contains(QLatin1String(router)), router);
        QVERIFY(r.out.contains(QLatin1String("--staleness MS")));
        QVERIFY(cli({ "--help" }).out.contains(QLatin1String("fleet")));
    }

    void fleetOfOneIsSimulate()
    {
        const QString sim = q(m_dir.file("sim.jsonl")), fleet = q(m_dir.file("fleet.jsonl"));
        QCOMPARE(cli({ "simulate", m_trace, "--requests-out", sim, "--policy", "vllm", "--max-loras", "2",
                         "--max-lora-rank", "64", "--quiet" })
                     .code,
            0);
        const Run r = cli({ "fleet", m_trace, "--replicas", "1", "--router", "gie-lora-filter", "--requests-out", fleet,
            "--policy", "vllm", "--max-loras", "2", "--max-lora-rank", "64", "--quiet" });
        QCOMPARE(r.code, 0);
        const auto a = jsonLines(sim.toStdString()), b = jsonLines(fleet.toStdString());
        QCOMPARE(a.size(), b.size());
        QVERIFY(a.size() > 100);
        for (std::size_t i = 0; i < a.size(); ++i) {
            nlohmann::json x = b[i];
            QCOMPARE(QString::fromStdString(x["replica"].get<std::string>()), QStringLiteral("replica-0"));
            QVERIFY(x["why"].get<std::string>().find("→ replica-0") != std::string::npos);
            x.erase("replica");
            x.erase("route");
            x.erase("why");
            QCOMPARE(QString::fromStdString(x.dump()), QString::fromStdString(a[i].dump()));
        }
    }

    void jsonSummary()
    {
        const Run r = cli({ "fleet", m_trace, "--replicas", "3", "--gpus-per-replica", "2", "--router", "hrw", "--json",
            "--quiet", "--max-total-token-num", "30000" });
        QCOMPARE(r.code, 0);
        const nlohmann::json j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["replica_count"].get<int>(), 3);
        QCOMPARE(j["gpus"].get<int>(), 6);
        QCOMPARE(QString::fromStdString(j["fleet"]["router"]["name"].get<std::string>()), QStringLiteral("hrw"));
        QCOMPARE(j["replicas"].size(), std::size_t(3));
        std::uint64_t routed = 0;
        for (const auto& rep : j["replicas"])
            routed += rep["routed"].get<std::uint64_t>();
        QCOMPARE(routed, j["summary"]["requests"].get<std::uint64_t>());
        // HRW with one replica per adapter: every adapter's requests on one replica
        for (const auto& ad : j["per_adapter"])
            QCOMPARE(ad["replicas_routed"].get<int>(), 1);
    }

    void textSummaryAndExplain()
    {
        const Run r = cli({ "fleet", m_trace, "--replicas", "2", "--router", "gie-lora-scorer", "--policy", "vllm",
            "--max-loras", "2", "--max-lora-rank", "64", "--explain", "3", "--quiet" });
        QCOMPARE(r.code, 0);
        QVERIFY(
            r.out.contains(QLatin1String("2 replicas, 2 GPUs; router gie-lora-scorer, metrics scraped every 50 ms")));
        QVERIFY(r.out.contains(QLatin1String("per replica")));
        QCOMPARE(r.out.count(QLatin1String("route ")), 3);
        QVERIFY(r.out.contains(QLatin1String("highest score")));
    }

    void fleetFileErrors_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown router") << R"({"replicas": 2, "router": {"name": "fastest"}})"
                                        << "router.name: unknown router \"fastest\"";
        QTest::newRow("zero replicas") << R"({"replicas": 0})"
                                       << "replicas: a fleet needs at least one replica (got 0)";
        QTest::newRow("unknown adapter")
            << R"({"replicas": 2, "placement": {"kind": "static", "pinned": {"no-such-adapter": [1]}}})"
            << "placement.pinned.no-such-adapter: no adapter named \"no-such-adapter\" in the trace";
        QTest::newRow("unknown cost model") << R"({"replicas": 2, "cost_model": "h100-fantasy"})"
                                            << "cost_model:";
        QTest::newRow("not json") << "{replicas: 2"
                                  << "not valid JSON";
        // The file's bounds are the flags' (--staleness), and what it says is read or refused.
        QTest::newRow("staleness 1e300") << R"({"replicas": 2, "metrics_staleness_ms": 1e300})"
                                         << "metrics_staleness_ms: must be from 0 to 1e9 ms";
        QTest::newRow("ticks 0.5") << R"({"replicas": 2, "metrics_staleness_ticks": 0.5})"
                                   << "metrics_staleness_ticks: must be a whole number of ticks";
        QTest::newRow("version 2") << R"({"version": 2, "replicas": 2})"
                                   << "unknown version 2 (this LoraScope reads version 1)";
        QTest::newRow("another router's setting")
            << R"({"replicas": 2, "router": {"name": "round-robin", "weights": {"queue": 2}}})"
            << "router.weights is gie-lora-scorer's setting; router round-robin does not read it";
        QTest::newRow("gie setting on hrw")
            << R"({"replicas": 2, "router": {"name": "hrw", "kv_cache_threshold": 0.5}})"
            << "router.kv_cache_threshold is gie-lora-filter's setting; router hrw does not read it";
    }

    void fleetFileErrors()
    {
        QFETCH(QString, file);
        QFETCH(QString, message);
        const std::string path = m_dir.file("bad-fleet.json");
        test::writeText(path, file.toStdString());
        const Run r = cli({ "fleet", m_trace, "--fleet", q(path), "--quiet" });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("bad-fleet.json")), qPrintable(r.err));
    }

    // Memory grows as replicas x adapters: estimated first and refused with the number (under an
    // address-space limit of 8 GB, so the test does not depend on the machine's memory).
    void fleetMemoryRefusedFirst()
    {
#if defined(__SANITIZE_ADDRESS__)
        QSKIP("an address-space limit stops the sanitizer runtime itself; the release build tests it");
#endif
        const std::string big = m_dir.file("many-adapters.jsonl");
        const Run g = cli({ "generate", "--preset", "S4", "--adapters", "100000", "--rate", "5", "--duration", "2",
            "-o", q(big), "--quiet" });
        QVERIFY2(g.code == 0, qPrintable(g.err));
        QProcess p;
        p.setChildProcessModifier([] {
            rlimit rl { 8ull << 30, 8ull << 30 };
            ::setrlimit(RLIMIT_AS, &rl);
        });
        p.start(QStringLiteral(LORASCOPE_CLI_PATH),
            { QStringLiteral("fleet"), q(big), QStringLiteral("--replicas"), QStringLiteral("4096"),
                QStringLiteral("--quiet") });
        QVERIFY(p.waitForFinished(120000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(err.contains(QLatin1String("this fleet preview (4096 replicas x 100000 adapters"))
                && err.contains(QLatin1String("needs about 26 GB of memory"))
                && err.contains(QLatin1String("fewer replicas")),
            qPrintable(err));
    }

    // An adapter pinned both inline and in the placement file: refused, not one silently winning.
    void pinnedTwice()
    {
        const std::string fleet = m_dir.file("twice-fleet.json"), placement = m_dir.file("twice-pins.json");
        test::writeText(placement, R"({"a0": [1]})");
        test::writeText(fleet, R"({"replicas": 3, "placement": {"kind": "static", "pinned": {"a0": [0]},
            "file": "twice-pins.json"}})");
        const Run r = cli({ "fleet", m_trace, "--fleet", q(fleet), "--quiet" });
        QCOMPARE(r.code, 1);
        QVERIFY2(
            r.err.contains(QLatin1String("placement.pinned.a0: also pinned by the placement file")), qPrintable(r.err));
        // --router replacing the file's router leaves its settings unread: refused too.
        test::writeText(fleet, R"({"replicas": 2, "router": {"name": "gie-lora-scorer", "weights": {"queue": 2}}})");
        const Run over = cli({ "fleet", m_trace, "--fleet", q(fleet), "--router", "hrw", "--quiet" });
        QCOMPARE(over.code, 2);
        QVERIFY2(over.err.contains(QLatin1String("--router replaced the fleet file's router")), qPrintable(over.err));
    }

    void placementFile()
    {
        // A placement file next to the fleet file pins the busiest adapter to replica 1.
        const std::string fleet = m_dir.file("pinned-fleet.json"), placement = m_dir.file("pins.json");
        const Run stats = cli({ "fleet", m_trace, "--replicas", "1", "--json", "--quiet" });
        const std::string busiest
            = nlohmann::json::parse(stats.out.toStdString())["per_adapter"][0]["adapter"].get<std::string>();
        test::writeText(placement, nlohmann::json { { busiest, { 1 } } }.dump());
        test::writeText(fleet,
            R"({"replicas": 3, "router": "least-outstanding", "placement": {"kind": "static", "file": "pins.json"}})");
        const Run r = cli({ "fleet", m_trace, "--fleet", q(fleet), "--json", "--quiet" });
        QCOMPARE(r.code, 0);
        const nlohmann::json j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(
            QString::fromStdString(j["per_adapter"][0]["adapter"].get<std::string>()), QString::fromStdString(busiest));
        QCOMPARE(j["per_adapter"][0]["placed_on"], nlohmann::json::array({ "replica-1" }));
        QCOMPARE(j["per_adapter"][0]["replicas_routed"].get<int>(), 1);
    }

    void sweepFindMin()
    {
        const QStringList base { "sweep", "--preset", "S4", "--adapters", "50", "--rate", "10", "--duration", "60",
            "--max-total-token-num", "30000", "--quiet" };
        Run r = cli(base
            + QStringList { "--find-min", "replicas", "--range", "1:8", "--routers", "round-robin,gie-lora-filter",
                "--slo", "ttft=6s", "--slo", "ttft=1s" });
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("SLO TTFT ≤ 6 s for ≥ 90 % of requests:")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("SLO TTFT ≤ 1 s for ≥ 90 % of requests:")));
        QVERIFY(r.out.contains(QLatin1String("gie-lora-filter saves 1 replica (1 GPU) over round-robin.")));
        r = cli(base + QStringList { "--find-min", "replicas", "--range", "1:2" });
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QLatin1String("round-robin: no fleet size from 1 to 2 replicas meets it")),
            qPrintable(r.out));
        // a sweep over sizes, one series per router, to a file
        const QString out = q(m_dir.file("fleetsweep.jsonl"));
        r = cli(
            base + QStringList { "--param", "replicas", "--values", "3,5", "--routers", "round-robin,hrw", "-o", out });
        QCOMPARE(r.code, 0);
        const auto lines = jsonLines(out.toStdString());
        QCOMPARE(lines.size(), std::size_t(5));
        QCOMPARE(
            QString::fromStdString(lines[0]["format"].get<std::string>()), QStringLiteral("lorascope-fleet-sweep"));
        // points are written as they finish (in any order): each (router, size) once
        std::set<std::pair<std::string, int>> seen;
        for (std::size_t i = 1; i < lines.size(); ++i) {
            QCOMPARE(QString::fromStdString(lines[i]["kind"].get<std::string>()), QStringLiteral("fleet_point"));
            QVERIFY(lines[i]["metrics"].contains("slo_attainment"));
            seen.emplace(lines[i]["router"].get<std::string>(), lines[i]["replicas"].get<int>());
        }
        QCOMPARE(seen,
            (std::set<std::pair<std::string, int>> {
                { "hrw", 3 }, { "hrw", 5 }, { "round-robin", 3 }, { "round-robin", 5 } }));
        // errors
        r = cli(base + QStringList { "--find-min", "rate" });
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QLatin1String("--find-min: only replicas")));
        r = cli(base + QStringList { "--param", "replicas", "--values", "0,2" });
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QLatin1String("replicas must be whole numbers from 1 to 4096 (got 0)")));
        r = cli(base + QStringList { "--find-min", "replicas", "--routers", "round-robin,fastest" });
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QLatin1String("--routers: unknown router \"fastest\"")));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no fleet") << QStringList {} << "give the fleet: --fleet FILE or --replicas N";
        QTest::newRow("both") << QStringList { "--replicas", "2", "--fleet", "x.json" } << "not both";
        QTest::newRow("router") << QStringList { "--replicas", "2", "--router", "fastest" }
                                << "--router: unknown router \"fastest\" (known: round-robin";
        QTest::newRow("zero") << QStringList { "--replicas", "0" }
                              << "--replicas must be an integer from 1 to 4096 replicas (got 0)";
        QTest::newRow("staleness") << QStringList { "--replicas", "2", "--staleness", "-1" }
                                   << "--staleness must be from 0";
        QTest::newRow("placement") << QStringList { "--replicas", "2", "--placement", "sometimes" }
                                   << "--placement must be dynamic or static";
        QTest::newRow("copies") << QStringList { "--replicas", "2", "--placement", "static", "--replicas-per-adapter",
            "3" } << "placement.replicas_per_adapter: must be from 1 to the number of replicas, 2 (got 3)";
        QTest::newRow("server flag with file") << QStringList { "--fleet", "x.json", "--max-loras", "2" }
                                               << "--max-loras describes the server of --replicas";
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(QStringList { "fleet", m_trace } + args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliFleet)
#include "tst_cli_fleet.moc"
