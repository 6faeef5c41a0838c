// SPDX-License-Identifier: Apache-2.0
// The slora generator must reproduce S-LoRA's generate_requests number for number.

#include "testutil.h"

#include "random/numpylegacy.h"
#include "util/error.h"
#include "workload/generator.h"

#include <QtTest>

#include <cmath>

using namespace lorascope;

class TestNumpyLegacy : public QObject {
    Q_OBJECT

    static WorkloadSpec specFromConfig(const nlohmann::json& c)
    {
        WorkloadSpec s;
        s.generator = GeneratorKind::Slora;
        s.adapterCount = c["num_adapters"].get<std::uint32_t>();
        s.popularity.alpha = c["alpha"].get<double>();
        s.rate = c["req_rate"].get<double>();
        s.arrival.cv = c["cv"].get<double>();
        s.duration = c["duration"].get<double>();
        s.input.lo = c["input_range"][0].get<std::int64_t>();
        s.input.hi = c["input_range"][1].get<std::int64_t>();
        s.output.lo = c["output_range"][0].get<std::int64_t>();
        s.output.hi = c["output_range"][1].get<std::int64_t>();
        s.seed = c["seed"].get<std::uint64_t>();
        return s;
    }

    static void compareWithGolden(const std::string& path)
    {
        const auto doc = test::readJsonFile(path);
        if (QTest::currentTestFailed())
            return; // readJsonFile said which file
        const WorkloadSpec spec = specFromConfig(doc["config"]);
        const Trace trace = generateSlora(spec);
        const auto& reqs = doc["requests"];
        QCOMPARE(trace.requests.size(), reqs.size());
        for (std::size_t i = 0; i < reqs.size(); ++i) {
            const auto& want = reqs[i];
            const Request& got = trace.requests[i];
            QCOMPARE(got.adapter, want["adapter_index"].get<std::uint32_t>());
            QCOMPARE(got.inputLen, want["prompt_len"].get<std::uint32_t>());
            QCOMPARE(got.outputLen, want["output_len"].get<std::uint32_t>());
            const double t = want["req_time"].get<double>();
            if (std::abs(got.time - t) > 1e-12 * std::abs(t))
                QFAIL(qPrintable(
                    QStringLiteral("request %1: time %2 != %3").arg(i).arg(got.time, 0, 'g', 17).arg(t, 0, 'g', 17)));
        }
    }

private Q_SLOTS:
    void mt19937MatchesNumpySeeding()
    {
        // np.random.seed(42); np.random.randint(0, 2**32, dtype=np.uint64) -> first raw output 1608637542.
        NumpyRandomState rs(42);
        QCOMPARE(rs.nextUint32(), 1608637542u);
    }

    void randintBothPaths()
    {
        // np.random.seed(5); np.random.randint(0, 5_000_000_000, 4): the 64-bit masked path.
        NumpyRandomState a(5);
        const std::int64_t want64[] = { 4531964110ll, 1562238070ll, 4206684233ll, 385778404ll };
        for (auto w : want64)
            QCOMPARE(a.randint(0, 5'000'000'000ll), w);
        // np.random.seed(5); np.random.randint(-7, 3, 4): negative low, 32-bit masked path.
        NumpyRandomState b(5);
        const std::int64_t want32[] = { -4, -1, -1, -7 };
        for (auto w : want32)
            QCOMPARE(b.randint(-7, 3), w);
    }

    void referenceTrace()
    {
        // The first golden file (tests/data/README.md): seed 42, n=100, α=1, R=2, cv=1, 60 s, [8, 512).
        compareWithGolden(LORASCOPE_TEST_DATA "/slora_n100_a1_r2_cv1_60s_seed42.json");
    }

    void checkVectorFromSpec()
    {
        WorkloadSpec s;
        s.generator = GeneratorKind::Slora;
        s.adapterCount = 100;
        s.rate = 2;
        s.duration = 60;
        const Trace t = generateSlora(s);
        QCOMPARE(t.requests.size(), std::size_t(120));
        struct Row {
            std::uint32_t adapter, in, out;
            double time;
        };
        const Row rows[] = { { 37, 510, 158, 1.529568753475 }, { 95, 355, 422, 1.730367779386 },
            { 73, 480, 485, 2.132703290032 }, { 59, 238, 305, 2.557361118115 }, { 15, 197, 106, 4.521731700171 } };
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(t.requests[i].adapter, rows[i].adapter);
            QCOMPARE(t.requests[i].inputLen, rows[i].in);
            QCOMPARE(t.requests[i].outputLen, rows[i].out);
            QVERIFY(std::abs(t.requests[i].time - rows[i].time) < 1e-11);
        }
        QVERIFY(std::abs(t.requests.back().time - 56.068650550) < 1e-8);
        std::uint64_t in = 0, out = 0;
        for (const auto& r : t.requests) {
            in += r.inputLen;
            out += r.outputLen;
        }
        QCOMPARE(in, std::uint64_t(33799));
        QCOMPARE(out, std::uint64_t(30801));
        QCOMPARE(t.adapters[37].name, std::string("adapter-37"));
    }

    void goldenFiles_data()
    {
        QTest::addColumn<QString>("file");
        // Made with bench/slora_reference.py and NumPy 1.24.2; they cover gamma shape < 1 (cv 4, 8),
        // shape > 1 with the cached Gaussian (cv 0.5), alpha != 1. (The 64-bit randint path is
        // randintBothPaths'; a workload can no longer ask for it: see wideLengthRangeIsRefused.)
        QTest::newRow("cv0.5 alpha0.3") << QStringLiteral("slora_n50_a0.3_r5_cv0.5_40s_seed7.json");
        QTest::newRow("cv4 alpha0.6 wide range") << QStringLiteral("slora_n20_a0.6_r3_cv4_50s_seed123.json");
        QTest::newRow("cv8 n400") << QStringLiteral("slora_n400_a1_r6_cv8_30s_seed2.json");
    }
    void goldenFiles()
    {
        QFETCH(QString, file);
        compareWithGolden(std::string(LORASCOPE_TEST_DATA "/") + file.toStdString());
    }

    // A golden file made with an input range to 4e9 tokens (and a seed >= 2^31): a request has at
    // most 10^7 tokens (core/workload/bounds.h), so that workload is refused, naming the field,
    // instead of generated.
    void wideLengthRangeIsRefused()
    {
        const auto doc
            = test::readJsonFile(std::string(LORASCOPE_TEST_DATA "/slora_n7_a2.5_r1.5_cv1.3_90s_seed4000000000.json"));
        if (QTest::currentTestFailed())
            return;
        const WorkloadSpec spec = specFromConfig(doc["config"]);
        try {
            (void)generateSlora(spec);
            QFAIL("a 4e9-token input range was generated");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("input.hi")), e.what());
        }
    }

    void sloraRejectsWhatItCannotReproduce()
    {
        WorkloadSpec s;
        s.generator = GeneratorKind::Slora;
        s.seed = 1ull << 33;
        QVERIFY_THROWS_EXCEPTION(InputError, generateSlora(s));
        s.seed = 1;
        s.input.kind = LengthKind::LogNormal;
        QVERIFY_THROWS_EXCEPTION(InputError, generateSlora(s));
    }
};

QTEST_GUILESS_MAIN(TestNumpyLegacy)
#include "tst_numpylegacy.moc"
