// SPDX-License-Identifier: Apache-2.0
// Native trace formats: round trips, clear errors (file, line, field), atomic writes.

#include "testutil.h"

#include "formats/traceio.h"
#include "util/atomicfile.h"
#include "util/error.h"
#include "util/version.h"
#include "workload/generator.h"

#include <QtTest>

#include <filesystem>

using namespace lorascope;

namespace {
Trace sample()
{
    WorkloadSpec s;
    s.adapterCount = 7;
    s.rate = 5;
    s.duration = 30;
    s.naming.names = { "a-rank-8", "b \"quoted\", with comma" };
    return generate(s);
}

void expectError(const std::function<void()>& f, const QString& fragment, std::uint64_t line, const std::string& field)
{
    try {
        f();
        QFAIL("expected an InputError");
    } catch (const InputError& e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(fragment), e.what());
        QCOMPARE(e.line(), line);
        if (!field.empty())
            QCOMPARE(e.field(), field);
    }
}
} // namespace

class TestTraceIo : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void formatByExtension()
    {
        QCOMPARE(formatForPath("x.jsonl")->name, std::string("jsonl"));
        QCOMPARE(formatForPath("X.CSV")->name, std::string("csv"));
        QCOMPARE(formatForPath("a.slora.json")->name, std::string("slora"));
        QCOMPARE(formatForPath("a.json")->name, std::string("json"));
        QVERIFY(formatForPath("a.txt") == nullptr);
    }

    void roundTrip_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("jsonl") << QStringLiteral("t.jsonl");
        QTest::newRow("json") << QStringLiteral("t.json");
        QTest::newRow("csv") << QStringLiteral("t.csv");
        QTest::newRow("slora") << QStringLiteral("t.slora.json");
    }
    void roundTrip()
    {
        QFETCH(QString, name);
        test::TempDir dir;
        const Trace t = sample();
        const std::string path = dir.file(name.toStdString());
        writeTrace(t, path);
        const Trace back = readTrace(path);
        QCOMPARE(back.requests.size(), t.requests.size());
        for (std::size_t i = 0; i < t.requests.size(); ++i) {
            const Request& a = t.requests[i];
            const Request& b = back.requests[i];
            QCOMPARE(b.time, a.time); // shortest round-trip text: exact
            QCOMPARE(b.inputLen, a.inputLen);
            QCOMPARE(b.outputLen, a.outputLen);
            QCOMPARE(back.adapters[b.adapter].name, t.adapters[a.adapter].name);
            // S-LoRA's request list has no rank field: ranks come back from `rank-N` in names only.
            const int wantRank = name == QStringLiteral("t.slora.json")
                ? std::max(0, rankFromName(t.adapters[a.adapter].name))
                : t.adapters[a.adapter].rank;
            QCOMPARE(back.adapters[b.adapter].rank, wantRank);
        }
        if (name.endsWith(QStringLiteral(".jsonl")) || name == QStringLiteral("t.json")) {
            // Native JSON keeps everything: spec, adapter order, base model, duration.
            QVERIFY(back.spec && *back.spec == *t.spec);
            QVERIFY(back.adapters == t.adapters);
            QVERIFY(back.adapterOrderKnown);
            QCOMPARE(back.baseModel, t.baseModel);
            QCOMPARE(back.duration, t.duration);
        }
    }

    void jsonlHeaderFirst()
    {
        test::TempDir dir;
        const std::string path = dir.file("t.jsonl");
        writeTrace(sample(), path);
        const std::string text = test::readText(path);
        const auto header = nlohmann::json::parse(text.substr(0, text.find('\n')));
        QVERIFY(text.rfind("{\"schemaVersion\":1,", 0) == 0);
        QCOMPARE(header["toolVersion"].get<std::string>(), std::string(kVersion));
        QVERIFY(header["spec"].is_object());
        QCOMPARE(header["seed"].get<int>(), 42);
    }

    void csvHeaderExact()
    {
        test::TempDir dir;
        const std::string path = dir.file("t.csv");
        writeTrace(sample(), path);
        const std::string text = test::readText(path);
        QVERIFY(text.rfind("id,time_s,adapter,rank,input_len,output_len\n", 0) == 0);
        QVERIFY(text.find("\"b \"\"quoted\"\", with comma-0\"") != std::string::npos);
    }

    void csvErrors()
    {
        test::TempDir dir;
        const std::string path = dir.file("bad.csv");
        test::writeText(path, "id,time_s,adapter,rank,input_len,output_len\n0,0.5,a,8,10,20\n1,0.7,a,8,ten,20\n");
        expectError([&] { readTrace(path); },
            QStringLiteral("bad.csv:3: column input_len: expected a number, got \"ten\""), 3, "input_len");
        test::writeText(path, "id,time_s,adapter,rank,input_len,output_len\n0,-1,a,8,10,20\n");
        expectError([&] { readTrace(path); }, QStringLiteral("time_s: expected a time >= 0"), 2, "time_s");
        test::writeText(path, "id,time_s,adapter,rank,input_len,output_len\n0,1,a,8,0,20\n");
        expectError([&] { readTrace(path); }, QStringLiteral("input_len: expected a positive integer"), 2, "input_len");
        test::writeText(path, "when,what\n1,2\n");
        expectError([&] { readTrace(path); }, QStringLiteral("header must name the columns"), 1, "header");
        test::writeText(path, "id,time_s,adapter,rank,input_len,output_len\n0,1,a,8,10\n");
        expectError([&] { readTrace(path); }, QStringLiteral("expected 6 columns as in the header, got 5"), 2, "");
    }

    void jsonlErrors()
    {
        test::TempDir dir;
        const std::string path = dir.file("bad.jsonl");
        test::writeText(path,
            "{\"schemaVersion\":1}\n{\"time_s\":1,\"input_len\":5,\"output_len\":6}\n{\"time_s\":2,\"input_len\":5}\n");
        expectError([&] { readTrace(path); }, QStringLiteral("bad.jsonl:3: output_len: missing"), 3, "output_len");
        test::writeText(path, "{\"schemaVersion\":1}\n{\"time_s\":1,\"input_len\":5,\"output_len\":6\n");
        expectError([&] { readTrace(path); }, QStringLiteral("bad.jsonl:2: not valid JSON"), 2, "");
        test::writeText(path, "{\"schemaVersion\":7}\n");
        expectError([&] { readTrace(path); }, QStringLiteral("unsupported trace version 7"), 1, "schemaVersion");
        test::writeText(path, "{\"schemaVersion\":1}\n{\"time_s\":1,\"input_len\":5,\"output_len\":6,\"adapter\":3}\n");
        expectError(
            [&] { readTrace(path); }, QStringLiteral("adapter: expected the adapter name as a string"), 2, "adapter");
        test::writeText(path, "");
        expectError([&] { readTrace(path); }, QStringLiteral("empty file"), 0, "");
    }

    void skipBadCounts()
    {
        test::TempDir dir;
        const std::string path = dir.file("mixed.csv");
        test::writeText(path,
            "id,time_s,adapter,rank,input_len,output_len\n0,0.5,a,8,10,20\n1,x,a,8,10,20\n2,0.9,b,16,11,21\n3,1.0,b,16,"
            "11\n");
        ReadOptions opts;
        opts.skipBad = true;
        ReadReport rep;
        const Trace t = readTrace(path, {}, opts, &rep);
        QCOMPARE(t.requests.size(), std::size_t(2));
        QCOMPARE(rep.skipped, std::uint64_t(2));
        QVERIFY(QString::fromStdString(rep.firstSkipReason).contains(QStringLiteral("mixed.csv:3")));
        QCOMPARE(t.idOf(1), std::uint64_t(2)); // ids kept
    }

    void unsortedInputIsSortedKeepingIds()
    {
        test::TempDir dir;
        const std::string path = dir.file("u.csv");
        test::writeText(
            path, "id,time_s,adapter,rank,input_len,output_len\n10,5,a,8,1,1\n11,1,b,8,2,2\n12,3,a,8,3,3\n");
        const Trace t = readTrace(path);
        QCOMPARE(t.requests[0].time, 1.0);
        QCOMPARE(t.requests[2].time, 5.0);
        QCOMPARE(t.idOf(0), std::uint64_t(11));
        QCOMPARE(t.idOf(2), std::uint64_t(10));
        QVERIFY(!t.adapterOrderKnown);
    }

    void sloraReferenceFileReads()
    {
        // A golden file (tests/data/README.md) is S-LoRA's request list with adapter indices.
        const std::string path = LORASCOPE_TEST_DATA "/slora_n100_a1_r2_cv1_60s_seed42.json";
        QVERIFY(test::requireFile(path));
        const Trace t = readTrace(path, "slora");
        QCOMPARE(t.requests.size(), std::size_t(120));
        QCOMPARE(t.requests[0].adapter, 37u);
        QCOMPARE(t.requests[0].inputLen, 510u);
        QVERIFY(t.adapterOrderKnown);
        QCOMPARE(t.duration, 60.0);
    }

    void atomicWrites()
    {
        test::TempDir dir;
        const std::string path = dir.file("keep.jsonl");
        test::writeText(path, "precious");
        // A writer that fails half way leaves the old file intact and no temporary behind.
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, writeFileAtomically(path, [](std::ostream& out) {
            out << "half";
            throw std::runtime_error("boom");
        }));
        QCOMPARE(test::readText(path), std::string("precious"));
        int files = 0;
        for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path))
            ++files;
        QCOMPARE(files, 1);
        // An unwritable destination is an InputError naming the file.
        expectError(
            [&] { writeTrace(sample(), dir.file("no/such/dir/t.csv")); }, QStringLiteral("no/such/dir/t.csv"), 0, "");
        expectError(
            [&] { writeTrace(sample(), dir.file("t.xyz")); }, QStringLiteral("cannot tell the trace format"), 0, "");
    }
};

QTEST_GUILESS_MAIN(TestTraceIo)
#include "tst_traceio.moc"
