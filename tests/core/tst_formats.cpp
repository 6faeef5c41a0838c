// SPDX-License-Identifier: Apache-2.0
// Trace interop (docs/formats.md): golden files for every format in both directions, round trips,
// content detection, bad input with file/line/field, --skip-bad, failed rows, streaming reads.

#include "formats/textscan.h"
#include "formats/traceio.h"
#include "util/error.h"
#include "workload/generator.h"

#include "testutil.h"

#include <QTest>

#include <cmath>
#include <sstream>

using namespace lorascope;
using lorascope::test::readText;
using lorascope::test::TempDir;
using lorascope::test::writeText;

namespace {

const std::string kData = std::string(LORASCOPE_TEST_DATA) + "/formats/";

/// The small trace behind the golden output files (values chosen by hand).
Trace smallTrace()
{
    Trace t;
    t.adapters = { { "a-0", 8 }, { "b,q\"x", 16 } };
    t.requests = { { 0.5, 0, 10, 20 }, { 1.25, kNoAdapter, 7, 3 }, { 2.0, 1, 4, 1 } };
    // Mooncake blocks: request 0's 10 tokens are one partial block, request 2's 4 tokens another.
    t.segments = { { 1, 10, SegmentRole::Block }, { 3, 4, SegmentRole::Block } };
    t.segmentOffsets = { 0, 1, 1, 2 };
    return t;
}

/// The segment ids of a trace, concatenated (Mooncake's hash_ids as read).
std::vector<std::uint64_t> segmentIds(const Trace& t)
{
    std::vector<std::uint64_t> out;
    for (const auto& s : t.segments)
        out.push_back(s.id);
    return out;
}

Trace readString(
    const std::string& format, const std::string& text, const ReadOptions& options = {}, ReadReport* report = nullptr)
{
    std::istringstream in(text);
    ReadReport local;
    return findFormat(format)->read(in, "mem." + format, options, report ? *report : local);
}

std::string writeString(const std::string& format, const Trace& t)
{
    std::ostringstream out;
    findFormat(format)->write(t, out);
    return out.str();
}

/// The InputError a read throws (fails the test if none).
InputError readError(const std::string& format, const std::string& text)
{
    try {
        readString(format, text);
    } catch (const InputError& e) {
        return e;
    }
    return InputError("no error thrown");
}

WorkloadSpec smallSpec(std::uint64_t seed)
{
    WorkloadSpec s;
    s.adapterCount = 12;
    s.rate = 40;
    s.duration = 60;
    s.seed = seed;
    s.popularity.alpha = 0.5;
    s.arrival.cv = 2;
    return s;
}

} // namespace

class TestFormats : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void registryHasEveryFormat()
    {
        for (const char* name :
            { "jsonl", "json", "csv", "slora", "mooncake", "guidellm", "azure", "burstgpt", "vllm" })
            QVERIFY2(findFormat(name) != nullptr, name);
        QVERIFY(findFormat("azure")->read && !findFormat("azure")->write);
        QVERIFY(!findFormat("vllm")->read && findFormat("vllm")->write);
        QCOMPARE(formatForPath("x/y.mooncake.jsonl")->name, std::string("mooncake"));
        QCOMPARE(formatForPath("y.BURSTGPT.CSV")->name, std::string("burstgpt"));
        QCOMPARE(formatForPath("y.jsonl")->name, std::string("jsonl"));
    }

    void writeGolden_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("golden");
        QTest::newRow("mooncake") << "mooncake"
                                  << "golden_out.mooncake.jsonl";
        QTest::newRow("guidellm") << "guidellm"
                                  << "golden_out.guidellm.jsonl";
        QTest::newRow("burstgpt") << "burstgpt"
                                  << "golden_out.burstgpt.csv";
        QTest::newRow("vllm") << "vllm"
                              << "golden_out.vllm.jsonl";
        QTest::newRow("csv") << "csv"
                             << "golden_out.csv";
    }
    void writeGolden()
    {
        QFETCH(QString, format);
        QFETCH(QString, golden);
        QCOMPARE(QString::fromStdString(writeString(format.toStdString(), smallTrace())),
            QString::fromStdString(readText(kData + golden.toStdString())));
    }

    void readGoldenBack_data()
    {
        // vLLM's custom dataset is export-only (no times in the format): not read back.
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("golden");
        QTest::newRow("mooncake") << "mooncake"
                                  << "golden_out.mooncake.jsonl";
        QTest::newRow("guidellm") << "guidellm"
                                  << "golden_out.guidellm.jsonl";
        QTest::newRow("burstgpt") << "burstgpt"
                                  << "golden_out.burstgpt.csv";
        QTest::newRow("csv") << "csv"
                             << "golden_out.csv";
    }
    void readGoldenBack()
    {
        // Each golden file reads back to what the format can hold of smallTrace().
        QFETCH(QString, format);
        QFETCH(QString, golden);
        const Trace t = readTrace(kData + golden.toStdString(), format.toStdString());
        const Trace ref = smallTrace();
        QCOMPARE(t.requests.size(), ref.requests.size());
        for (std::size_t i = 0; i < ref.requests.size(); ++i) {
            QCOMPARE(t.requests[i].time, ref.requests[i].time);
            QCOMPARE(t.requests[i].inputLen, ref.requests[i].inputLen);
            QCOMPARE(t.requests[i].outputLen, ref.requests[i].outputLen);
            if (format == "csv" || format == "burstgpt") {
                QCOMPARE(t.adapterName(t.requests[i]), ref.adapterName(ref.requests[i]));
            }
            if (format == "csv")
                QCOMPARE(t.rankOf(t.requests[i]), ref.rankOf(ref.requests[i]));
        }
        if (format == "mooncake") {
            QCOMPARE(t.segments, ref.segments);
            QCOMPARE(t.segmentOffsets, ref.segmentOffsets);
        }
    }

    void readMooncake()
    {
        const Trace t = readTrace(kData + "mooncake_in.jsonl", "mooncake");
        QCOMPARE(t.requests.size(), std::size_t { 3 });
        QCOMPARE(t.requests[0].time, 0.0);
        QCOMPARE(t.requests[1].time, 27.482);
        QCOMPARE(t.requests[2].time, 30.535);
        QCOMPARE(t.requests[2].inputLen, 6472u);
        QCOMPARE(t.requests[2].outputLen, 26u);
        QCOMPARE(segmentIds(t), (std::vector<std::uint64_t> { 0, 1, 2, 3, 46, 47, 0, 1, 48 }));
        QCOMPARE(t.segmentOffsets, (std::vector<std::uint64_t> { 0, 4, 6, 9 }));
        for (const auto& s : t.segments)
            QCOMPARE(s.tokens, kMooncakeBlockTokens); // blocks of 512 tokens; these prompts go on as their own text
        QVERIFY(t.adapters.empty());
        QVERIFY(t.ids.empty()); // ids are the row indices
    }

    void readAzure2023()
    {
        const Trace t = readTrace(kData + "azure2023_in.csv", "azure");
        QCOMPARE(t.requests.size(), std::size_t { 4 });
        QCOMPARE(t.requests[0].time, 0.0);
        QVERIFY(std::abs(t.requests[1].time - 4.314579) < 1e-9);
        QVERIFY(std::abs(t.requests[2].time - 60.0) < 1e-9);
        QVERIFY(std::abs(t.requests[3].time - 73.31941) < 1e-9);
        QCOMPARE(t.requests[2].inputLen, 20000u);
        QCOMPARE(t.requests[2].outputLen, 5000u);
        // ContextTokens = 0: kept, marked failed.
        QCOMPARE(t.failed, (std::vector<std::uint8_t> { 0, 0, 0, 1 }));
        QVERIFY(t.isFailed(3) && !t.isFailed(0));
    }

    void readAzure2024()
    {
        const Trace t = readTrace(kData + "azure2024_in.csv", "azure");
        QCOMPARE(t.requests.size(), std::size_t { 3 });
        QVERIFY(std::abs(t.requests[1].time - 0.0052) < 1e-12);
        QVERIFY(std::abs(t.requests[2].time - 0.99007) < 1e-12);
        QCOMPARE(t.requests[0].inputLen, 4808u);
    }

    void azureOffsetsAndBadTimes()
    {
        // Offsets: 01:00+01:00 is 00:00 UTC, so both rows arrive together.
        const Trace t = readString("azure",
            "TIMESTAMP,ContextTokens,GeneratedTokens\n2024-05-10T00:00:00Z,5,5\n2024-05-10 01:00:00.5+01:00,6,6\n");
        QCOMPARE(t.requests[1].time, 0.5);
        const auto e = readError(
            "azure", "TIMESTAMP,ContextTokens,GeneratedTokens\n2024-05-10 00:00:00,5,5\n2024-13-10 00:00:00,5,5\n");
        QCOMPARE(e.line(), std::uint64_t { 3 });
        QCOMPARE(e.field(), std::string("TIMESTAMP"));
        QVERIFY(std::string(e.what()).find("date-time") != std::string::npos);
        const auto back = readError(
            "azure", "TIMESTAMP,ContextTokens,GeneratedTokens\n2024-05-10 00:00:01,5,5\n2024-05-10 00:00:00,5,5\n");
        QCOMPARE(back.line(), std::uint64_t { 3 });
    }

    void readBurstGpt()
    {
        ReadReport report;
        std::istringstream in(readText(kData + "burstgpt_in.csv"));
        const Trace t = lorascope::readBurstGpt(in, "b.csv", {}, report);
        QCOMPARE(t.requests.size(), std::size_t { 4 });
        QCOMPARE(t.adapters.size(), std::size_t { 2 });
        QCOMPARE(t.adapters[0].name, std::string("ChatGPT"));
        QCOMPARE(t.adapters[1].name, std::string("GPT-4"));
        QCOMPARE(t.requests[2].adapter, 1u);
        QCOMPARE(t.requests[1].time, 45.0);
        QCOMPARE(t.requests[1].inputLen, 1087u);
        QCOMPARE(t.requests[1].outputLen, 230u);
        QCOMPARE(t.failed, (std::vector<std::uint8_t> { 0, 0, 0, 1 }));
        QCOMPARE(report.failed, std::uint64_t { 1 });
    }

    void burstGptOptions()
    {
        const std::string text = readText(kData + "burstgpt_in.csv");
        ReadOptions drop;
        drop.dropFailed = true;
        ReadReport report;
        Trace t = readString("burstgpt", text, drop, &report);
        QCOMPARE(t.requests.size(), std::size_t { 3 });
        QVERIFY(t.failed.empty());
        QCOMPARE(report.droppedFailed, std::uint64_t { 1 });

        ReadOptions filter;
        filter.modelFilter = "GPT-4";
        ReadReport r2;
        t = readString("burstgpt", text, filter, &r2);
        QCOMPARE(t.requests.size(), std::size_t { 2 });
        QCOMPARE(r2.filtered, std::uint64_t { 2 });
        QCOMPARE(t.requests[0].time, 118.0);
        QCOMPARE(t.ids, (std::vector<std::uint64_t> { 2, 3 })); // source rows kept as ids

        ReadOptions logType;
        logType.adapterColumn = "Log Type";
        t = readString("burstgpt", text, logType);
        QCOMPARE(t.adapters.size(), std::size_t { 2 });
        QCOMPARE(t.adapters[1].name, std::string("API log"));

        ReadOptions none;
        none.adapterColumn = "none";
        t = readString("burstgpt", text, none);
        QVERIFY(t.adapters.empty());

        const auto e = readError(
            "burstgpt", "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n1,m,5,5,11,x\n");
        QCOMPARE(e.field(), std::string("Total tokens"));
        QCOMPARE(e.line(), std::uint64_t { 2 });
    }

    void readGuidellm()
    {
        ReadOptions rebase;
        rebase.rebaseTime = true;
        const Trace t = readString("guidellm", readText(kData + "guidellm_in.jsonl"), rebase);
        QCOMPARE(t.requests.size(), std::size_t { 3 });
        QCOMPARE(t.requests[0].time, 0.0);
        QCOMPARE(t.requests[1].time, 0.75);
        QCOMPARE(t.requests[2].time, 2.5);
        QCOMPARE(t.requests[1].inputLen, 512u);
        const Trace raw = readString("guidellm", readText(kData + "guidellm_in.jsonl"));
        QCOMPARE(raw.requests[0].time, 1700000000.5);
    }

    void detectByContent_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("expected");
        QTest::newRow("mooncake") << "mooncake_in.jsonl"
                                  << "mooncake";
        QTest::newRow("guidellm") << "guidellm_in.jsonl"
                                  << "guidellm";
        QTest::newRow("azure") << "azure2023_in.csv"
                               << "azure";
        QTest::newRow("burstgpt") << "burstgpt_in.csv"
                                  << "burstgpt";
        QTest::newRow("native csv") << "golden_out.csv"
                                    << "csv";
        QTest::newRow("vllm") << "golden_out.vllm.jsonl"
                              << "vllm";
    }
    void detectByContent()
    {
        QFETCH(QString, file);
        QFETCH(QString, expected);
        const TraceFormat* f = detectFormat(kData + file.toStdString());
        QVERIFY(f);
        QCOMPARE(QString::fromStdString(f->name), expected);
    }

    void readTraceDetectsAmbiguousExtension()
    {
        TempDir dir;
        // A Mooncake file named plain .jsonl and a BurstGPT file named .csv read as what they are.
        writeText(dir.file("t.jsonl"), readText(kData + "mooncake_in.jsonl"));
        const Trace m = readTrace(dir.file("t.jsonl"));
        QCOMPARE(m.requests[1].time, 27.482);
        writeText(dir.file("t.csv"), readText(kData + "burstgpt_in.csv"));
        const Trace b = readTrace(dir.file("t.csv"));
        QCOMPARE(b.adapters.size(), std::size_t { 2 });
        // Native files still detect as native.
        Trace g = generate(smallSpec(3));
        writeTrace(g, dir.file("n.jsonl"));
        writeTrace(g, dir.file("n.json"));
        writeTrace(g, dir.file("n.slora.json"));
        QCOMPARE(detectFormat(dir.file("n.jsonl"))->name, std::string("jsonl"));
        QCOMPARE(detectFormat(dir.file("n.json"))->name, std::string("json"));
        QCOMPARE(detectFormat(dir.file("n.slora.json"))->name, std::string("slora"));
        writeText(dir.file("v.jsonl"), readText(kData + "golden_out.vllm.jsonl"));
        bool threw = false;
        try {
            readTrace(dir.file("v.jsonl"));
        } catch (const InputError& e) {
            threw = std::string(e.what()).find("vllm") != std::string::npos;
        }
        QVERIFY(threw);
    }

    void roundTrips_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<bool>("adapters");
        QTest::addColumn<bool>("ids");
        QTest::newRow("jsonl") << "jsonl" << true << true;
        QTest::newRow("json") << "json" << true << true;
        QTest::newRow("csv") << "csv" << true << true;
        QTest::newRow("mooncake") << "mooncake" << false << false;
        QTest::newRow("guidellm") << "guidellm" << false << false;
        QTest::newRow("burstgpt") << "burstgpt" << true << false;
    }
    void roundTrips()
    {
        QFETCH(QString, format);
        QFETCH(bool, adapters);
        QFETCH(bool, ids);
        const Trace g = generate(smallSpec(11));
        QVERIFY(g.requests.size() > 1000);
        TempDir dir;
        const std::string path = dir.file("rt.out");
        writeTrace(g, path, format.toStdString());
        const Trace t = readTrace(path, format.toStdString());
        QCOMPARE(t.requests.size(), g.requests.size());
        for (std::size_t i = 0; i < g.requests.size(); ++i) {
            const auto& a = g.requests[i];
            const auto& b = t.requests[i];
            if (format == "mooncake") // milliseconds: t·1000/1000 may differ in the last bit
                QVERIFY(std::abs(a.time - b.time) <= 1e-12 * std::max(1.0, a.time));
            else
                QCOMPARE(b.time, a.time);
            QCOMPARE(b.inputLen, a.inputLen);
            QCOMPARE(b.outputLen, a.outputLen);
            if (adapters)
                QCOMPARE(t.adapterName(b), g.adapterName(a));
            if (ids)
                QCOMPARE(t.idOf(i), g.idOf(i));
        }
    }

    void failedFlagsSurviveNativeFormats_data()
    {
        QTest::addColumn<QString>("format");
        QTest::newRow("jsonl") << "jsonl";
        QTest::newRow("csv") << "csv";
        QTest::newRow("burstgpt") << "burstgpt";
    }
    void failedFlagsSurviveNativeFormats()
    {
        QFETCH(QString, format);
        const Trace b = readTrace(kData + "burstgpt_in.csv");
        TempDir dir;
        writeTrace(b, dir.file("f.out"), format.toStdString());
        const Trace t = readTrace(dir.file("f.out"), format.toStdString());
        QCOMPARE(t.failed, b.failed);
        QCOMPARE(t.requests.back().outputLen, 0u);
    }

    void nativeCsvRejectsZeroWithoutFailed()
    {
        const auto e = readError("csv", "id,time_s,adapter,rank,input_len,output_len\n0,1,a,8,5,0\n");
        QCOMPARE(e.line(), std::uint64_t { 2 });
        QCOMPARE(e.field(), std::string("output_len"));
    }

    void badInputNamesLineAndField_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("field");
        QTest::newRow("mooncake missing") << "mooncake"
                                          << "{\"timestamp\": 1, \"input_length\": 5, \"output_length\": "
                                             "5}\n{\"timestamp\": 2, \"input_length\": 5}\n"
                                          << 2 << "output_length";
        QTest::newRow("mooncake type") << "mooncake"
                                       << "{\"timestamp\": \"x\", \"input_length\": 5, \"output_length\": 5}\n"
                                       << 1 << "timestamp";
        QTest::newRow("mooncake negative") << "mooncake"
                                           << "\n\n{\"timestamp\": -4, \"input_length\": 5, \"output_length\": 5}\n"
                                           << 3 << "timestamp";
        QTest::newRow("mooncake hash")
            << "mooncake"
            << "{\"timestamp\": 4, \"input_length\": 5, \"output_length\": 5, \"hash_ids\": [1, -2]}\n"
            << 1 << "hash_ids";
        QTest::newRow("mooncake json") << "mooncake"
                                       << "{\"timestamp\": 4, \"input_length\": 5,,}\n"
                                       << 1 << "";
        QTest::newRow("mooncake overflow") << "mooncake"
                                           << "{\"timestamp\": 1e7000, \"input_length\": 5, \"output_length\": 5}\n"
                                           << 1 << "timestamp";
        QTest::newRow("jsonl overflow")
            << "jsonl"
            << "{\"schemaVersion\":1}\n{\"time_s\":1,\"input_len\":5,\"output_len\":5e999}\n"
            << 2 << "";
        QTest::newRow("azure year") << "azure"
                                    << "TIMESTAMP,ContextTokens,GeneratedTokens\n2023-11-16 "
                                       "18:15:46.68,3,1\n120590294401-11-16 18:15:46.68,3,1\n"
                                    << 3 << "TIMESTAMP";
        QTest::newRow("guidellm tokens") << "guidellm"
                                         << "{\"timestamp\": 4, \"input_length\": 5.5, \"output_length\": 5}\n"
                                         << 1 << "input_length";
        QTest::newRow("burstgpt header") << "burstgpt"
                                         << "Time,Model\n1,2\n"
                                         << 1 << "header";
        QTest::newRow("burstgpt tokens")
            << "burstgpt"
            << "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n1,m,5,5,10,x\n2,m,abc,5,10,x\n"
            << 3 << "Request tokens";
        QTest::newRow("burstgpt columns")
            << "burstgpt"
            << "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n1,m,5\n"
            << 2 << "";
        QTest::newRow("azure header") << "azure"
                                      << "a,b,c\n"
                                      << 1 << "header";
        QTest::newRow("azure tokens") << "azure"
                                      << "TIMESTAMP,ContextTokens,GeneratedTokens\n2023-11-16 18:15:46.68,3,-1\n"
                                      << 2 << "GeneratedTokens";
        QTest::newRow("jsonl time") << "jsonl"
                                    << "{\"schemaVersion\":1}\n{\"time_s\":\"soon\",\"input_len\":5,\"output_len\":5}\n"
                                    << 2 << "time_s";
        QTest::newRow("jsonl len") << "jsonl"
                                   << "{\"schemaVersion\":1}\n{\"time_s\":1,\"input_len\":0,\"output_len\":5}\n"
                                   << 2 << "input_len";
        QTest::newRow("jsonl no header, time misspelt")
            << "jsonl"
            << "{\"time\":0,\"adapter\":null,\"input_len\":2,\"output_len\":2}\n"
            << 1 << "time_s";
        QTest::newRow("csv number") << "csv"
                                    << "time_s,input_len,output_len\n1,2,3\n1,x,3\n"
                                    << 3 << "input_len";
    }
    void badInputNamesLineAndField()
    {
        QFETCH(QString, format);
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(QString, field);
        const auto e = readError(format.toStdString(), text.toStdString());
        QVERIFY2(std::string(e.what()) != "no error thrown", "expected an InputError");
        QCOMPARE(e.line(), static_cast<std::uint64_t>(line));
        QCOMPARE(QString::fromStdString(e.field()), field);
        QVERIFY2(e.file().rfind("mem.", 0) == 0, e.what());
        QVERIFY2(std::string(e.what()).find(":" + std::to_string(line)) != std::string::npos, e.what());
    }

    void invalidUtf8IsAnInputError()
    {
        // Found by fuzzing: names that are not UTF-8 must be refused on reading (JSON cannot
        // carry them), not fail later when a JSON writer meets them.
        const auto csv = readError("csv", std::string("time_s,adapter,input_len,output_len\n1,\xC3\x28,3,3\n"));
        QCOMPARE(csv.line(), std::uint64_t { 2 });
        QCOMPARE(csv.field(), std::string("adapter"));
        const auto jsonl = readError("jsonl",
            std::string(
                "{\"schemaVersion\":1}\n{\"time_s\":1,\"adapter\":\"\xFF\",\"input_len\":5,\"output_len\":5}\n"));
        QCOMPARE(jsonl.line(), std::uint64_t { 2 });
        QVERIFY2(std::string(jsonl.what()).find("UTF-8") != std::string::npos, jsonl.what());
        const auto burst = readError("burstgpt",
            std::string("Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n1,\xE2\x82,5,5,10,x\n"));
        QCOMPARE(burst.field(), std::string("Model"));
        // Valid multi-byte names are fine.
        const Trace t = readString("csv", "time_s,adapter,input_len,output_len\n1,\xE4\xB8\xAD\xE6\x96\x87,3,3\n");
        QCOMPARE(t.adapters[0].name, std::string("\xE4\xB8\xAD\xE6\x96\x87"));
    }

    void skipBadCountsAndKeepsGoodRows_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("text");
        QTest::newRow("jsonl")
            << "jsonl"
            << "{\"schemaVersion\":1}\n{\"time_s\":1,\"input_len\":5,\"output_len\":5}\n{bad\n{\"time_s\":2,\"input_"
               "len\":5,\"output_len\":0}\n{\"time_s\":3,\"input_len\":6,\"output_len\":7}\n";
        QTest::newRow("csv") << "csv"
                             << "time_s,input_len,output_len\n1,5,5\nx,5,5\n2,5,\n3,6,7\n";
        QTest::newRow("mooncake") << "mooncake"
                                  << "{\"timestamp\":1000,\"input_length\":5,\"output_length\":5}\n{\"timestamp\":"
                                     "\"x\"}\nnot json\n{\"timestamp\":3000,\"input_length\":6,\"output_length\":7}\n";
        QTest::newRow("burstgpt") << "burstgpt"
                                  << "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log "
                                     "Type\n1,m,5,5,10,x\n2,m,5\n2,m,-5,5,0,x\n3,m,6,7,13,x\n";
    }
    void skipBadCountsAndKeepsGoodRows()
    {
        QFETCH(QString, format);
        QFETCH(QString, text);
        ReadOptions o;
        o.skipBad = true;
        ReadReport report;
        const Trace t = readString(format.toStdString(), text.toStdString(), o, &report);
        QCOMPARE(t.requests.size(), std::size_t { 2 });
        QCOMPARE(report.skipped, std::uint64_t { 2 });
        QVERIFY(!report.firstSkipReason.empty());
        QCOMPARE(t.requests[1].time, 3.0);
        QCOMPARE(t.requests[1].outputLen, 7u);
        // Foreign formats keep the source row as the id; native ones number the requests read
        // (or take their id column).
        QCOMPARE(t.idOf(1), std::uint64_t { format == "jsonl" || format == "csv" ? 1u : 3u });
    }

    void badHeaderSkippedThenRequestsRead()
    {
        // Found by fuzzing: a header line skipped as bad must not leave the reader without its
        // adapter index.
        ReadOptions o;
        o.skipBad = true;
        ReadReport report;
        const Trace t = readString("jsonl",
            "{\"schemaVersion\":99}\n{\"time_s\":1,\"input_len\":5,\"output_len\":6,\"adapter\":\"a\"}\n", o, &report);
        QCOMPARE(report.skipped, std::uint64_t { 1 });
        QCOMPARE(t.requests.size(), std::size_t { 1 });
        QCOMPARE(t.adapterName(t.requests[0]), std::string("a"));
    }

    void unsortedInputIsSortedWithSideColumns()
    {
        const Trace t = readString("mooncake",
            "{\"timestamp\": 3000, \"input_length\": 3, \"output_length\": 3, \"hash_ids\": [3]}\n"
            "{\"timestamp\": 1000, \"input_length\": 600, \"output_length\": 1, \"hash_ids\": [1, 11]}\n"
            "{\"timestamp\": 2000, \"input_length\": 2, \"output_length\": 0, \"hash_ids\": []}\n");
        QCOMPARE(t.requests[0].inputLen, 600u);
        QCOMPARE(t.requests[1].inputLen, 2u);
        QCOMPARE(t.ids, (std::vector<std::uint64_t> { 1, 2, 0 }));
        QCOMPARE(segmentIds(t), (std::vector<std::uint64_t> { 1, 11, 3 }));
        QCOMPARE(t.segmentOffsets, (std::vector<std::uint64_t> { 0, 2, 2, 3 }));
        QCOMPARE(t.segments[1].tokens, 88u); // the second block: 600 − 512
        QCOMPARE(t.failed, (std::vector<std::uint8_t> { 0, 1, 0 }));
        Trace d = t;
        QCOMPARE(dropFailedRequests(d), std::uint64_t { 1 });
        QCOMPARE(d.requests.size(), std::size_t { 2 });
        QCOMPARE(d.ids, (std::vector<std::uint64_t> { 1, 0 }));
        QCOMPARE(segmentIds(d), (std::vector<std::uint64_t> { 1, 11, 3 }));
        QCOMPARE(d.segmentOffsets, (std::vector<std::uint64_t> { 0, 2, 3 }));
    }

    void assignAdaptersFollowsPopularity()
    {
        Trace t = readTrace(kData + "mooncake_in.jsonl", "mooncake");
        // Many requests: repeat one row.
        t.requests.assign(40000, t.requests.front());
        t.segments.clear();
        t.segmentOffsets.clear();
        AdapterAssignment a;
        a.count = 4;
        a.popularity.alpha = 0.5; // shares 0.5, 0.207, 0.159, 0.134
        a.seed = 9;
        assignAdapters(t, a);
        QCOMPARE(t.adapters.size(), std::size_t { 4 });
        QVERIFY(t.adapterOrderKnown);
        std::vector<double> counts(4, 0);
        for (const auto& r : t.requests)
            counts[r.adapter] += 1;
        const double expected[] = { 0.5, std::sqrt(0.5) - 0.5, std::sqrt(0.75) - std::sqrt(0.5), 1 - std::sqrt(0.75) };
        for (int i = 0; i < 4; ++i) {
            // 5 standard deviations of a binomial proportion with n = 40000.
            const double sd = std::sqrt(expected[i] * (1 - expected[i]) / 40000);
            QVERIFY2(std::abs(counts[static_cast<std::size_t>(i)] / 40000 - expected[i]) < 5 * sd,
                qPrintable(QString::number(i)));
        }
        // Reproducible from the seed.
        Trace t2 = t;
        assignAdapters(t2, a);
        QCOMPARE(t2.requests, t.requests);
    }

    void lineReaderStreamsAcrossChunks()
    {
        std::string text = "\xEF\xBB\xBF"
                           "first\r\n";
        for (int i = 0; i < 500; ++i)
            text += "line " + std::to_string(i) + std::string(static_cast<std::size_t>(i % 97), 'x') + "\n";
        text += "last-without-newline";
        for (std::size_t chunk :
            { std::size_t { 64 }, std::size_t { 65 }, std::size_t { 1000 }, std::size_t { 1 } << 20 }) {
            std::istringstream in(text);
            textscan::LineReader r(in, "mem", chunk);
            std::string_view line;
            QVERIFY(r.next(line));
            QCOMPARE(std::string(line), std::string("first"));
            for (int i = 0; i < 500; ++i) {
                QVERIFY(r.next(line));
                QCOMPARE(std::string(line),
                    "line " + std::to_string(i) + std::string(static_cast<std::size_t>(i % 97), 'x'));
            }
            QVERIFY(r.next(line));
            QCOMPARE(std::string(line), std::string("last-without-newline"));
            QCOMPARE(r.lineNumber(), std::uint64_t { 502 });
            QVERIFY(!r.next(line));
        }
    }

    void flatJsonScanner()
    {
        std::vector<textscan::JsonMember> m;
        std::string scratch;
        QVERIFY(textscan::scanFlatObject(
            " {\"a\": -1.5e3, \"b\\u00e9\\\"\": \"x\\ny\\ud83d\\ude00\", \"c\": null, \"d\": [1, 2], \"e\": true} ", m,
            scratch));
        QCOMPARE(m.size(), std::size_t { 5 });
        QCOMPARE(std::string(m[0].text), std::string("-1.5e3"));
        QCOMPARE(std::string(m[1].key), std::string("b\xC3\xA9\""));
        QCOMPARE(std::string(m[1].text), std::string("x\ny\xF0\x9F\x98\x80"));
        QVERIFY(m[2].type == textscan::JsonMember::Type::Null);
        QCOMPARE(std::string(m[3].text), std::string("[1, 2]"));
        for (const char* bad : { "{\"a\": 01}", "{\"a\": 1,}", "{\"a\": {\"b\": 1}}", "{\"a\": \"\\ud800\"}",
                 "{\"a\": 1} x", "{\"a\" 1}", "{\"a\": +1}", "{\"a\": .5}" })
            QVERIFY2(!textscan::scanFlatObject(bad, m, scratch), bad);
    }

    void nativeJsonlFastPathMatchesGeneralPath()
    {
        // Lines in unusual but valid shapes (key order, spaces, escapes, ids) read the same.
        const Trace t = readString("jsonl",
            "{\"schemaVersion\":1,\"adapters\":[{\"name\":\"x\",\"rank\":4}]}\n"
            "{ \"output_len\" : 3 , \"input_len\": 2, \"time_s\": 0.25, \"adapter\": \"x\" }\n"
            "{\"time_s\":1e0,\"input_len\":2.0,\"output_len\":4,\"adapter\":\"\\u0079\",\"rank\":8,\"id\":7}\n");
        QCOMPARE(t.requests.size(), std::size_t { 2 });
        QCOMPARE(t.requests[0].outputLen, 3u);
        QCOMPARE(t.requests[0].adapter, 0u);
        QCOMPARE(t.requests[1].time, 1.0);
        QCOMPARE(t.requests[1].inputLen, 2u);
        QCOMPARE(t.adapters[1].name, std::string("y"));
        QCOMPARE(t.adapters[1].rank, 8);
        QCOMPARE(t.ids, (std::vector<std::uint64_t> { 0, 7 }));
    }
};

QTEST_GUILESS_MAIN(TestFormats)
#include "tst_formats.moc"
