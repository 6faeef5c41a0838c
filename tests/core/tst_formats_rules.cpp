// SPDX-License-Identifier: Apache-2.0
// Rules every trace format follows: an empty file is an error in
// every format, a CSV row has exactly the header's columns, dates and offsets are real ones,
// times are bounded on reading and never written as nan/inf, Mooncake's whole milliseconds and
// Azure's 100 ns ticks come back exactly, and what a reader drops is listed.

#include "formats/traceio.h"
#include "util/error.h"

#include "testutil.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <sstream>

using namespace lorascope;

namespace {

Trace readString(const std::string& format, const std::string& text, ReadReport* report = nullptr)
{
    std::istringstream in(text);
    ReadReport local;
    return findFormat(format)->read(in, "mem." + format, {}, report ? *report : local);
}

std::string writeString(const std::string& format, const Trace& t)
{
    std::ostringstream out;
    findFormat(format)->write(t, out);
    return out.str();
}

std::string readError(const std::string& format, const std::string& text)
{
    try {
        readString(format, text);
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error thrown";
}

} // namespace

class TestFormatsRules : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void emptyFileIsAnErrorInEveryFormat_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("text");
        for (const auto& f : traceFormats()) {
            if (!f.read)
                continue;
            QTest::newRow((f.name + " empty").c_str()) << QString::fromStdString(f.name) << QString();
            QTest::newRow((f.name + " blank lines").c_str())
                << QString::fromStdString(f.name) << QStringLiteral("\n  \n\t\n");
        }
    }
    void emptyFileIsAnErrorInEveryFormat()
    {
        QFETCH(QString, format);
        QFETCH(QString, text);
        const std::string e = readError(format.toStdString(), text.toStdString());
        QVERIFY2(e.find("mem." + format.toStdString()) == 0, e.c_str());
        QVERIFY2(e.find("empty") != std::string::npos, e.c_str());
    }

    void emptyFileThroughReadTrace()
    {
        test::TempDir dir;
        for (const char* name : { "e.mooncake.jsonl", "e.guidellm.jsonl", "e.csv", "e.jsonl", "e.azure.csv",
                 "e.burstgpt.csv", "e.json", "e.slora.json" }) {
            test::writeText(dir.file(name), "");
            try {
                readTrace(dir.file(name));
                QFAIL(name);
            } catch (const InputError& e) {
                QVERIFY2(std::string(e.what()).find("empty") != std::string::npos, e.what());
                QCOMPARE(e.file(), dir.file(name));
            }
        }
    }

    void csvRowsHaveTheHeadersColumns_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("header");
        QTest::addColumn<QString>("row");
        QTest::newRow("csv more") << "csv"
                                  << "id,time_s,adapter,rank,input_len,output_len"
                                  << "0,1,a,8,10,20,surplus";
        QTest::newRow("csv fewer") << "csv"
                                   << "id,time_s,adapter,rank,input_len,output_len"
                                   << "0,1,a,8,10";
        QTest::newRow("azure more") << "azure"
                                    << "TIMESTAMP,ContextTokens,GeneratedTokens"
                                    << "2023-11-16 18:15:46.6805900,10,20,5";
        QTest::newRow("burstgpt more") << "burstgpt"
                                       << "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type"
                                       << "5,ChatGPT,10,20,30,Conversation log,extra";
    }
    void csvRowsHaveTheHeadersColumns()
    {
        QFETCH(QString, format);
        QFETCH(QString, header);
        QFETCH(QString, row);
        const std::string e = readError(format.toStdString(), header.toStdString() + "\n" + row.toStdString() + "\n");
        QVERIFY2(
            e.find(":2: expected ") != std::string::npos && e.find("columns as in the header") != std::string::npos,
            e.c_str());
    }

    void azureDatesAndOffsetsAreReal_data()
    {
        QTest::addColumn<QString>("timestamp");
        QTest::addColumn<bool>("valid");
        QTest::newRow("2023") << "2023-11-16 18:15:46.6805900" << true;
        QTest::newRow("offset +00:00") << "2024-05-10 00:00:00.0930000+00:00" << true;
        QTest::newRow("offset -23:59") << "2024-05-10 00:00:00-23:59" << true;
        QTest::newRow("offset +25:99") << "2023-11-16 18:15:46.7325900+25:99" << false;
        QTest::newRow("offset +24:00") << "2023-11-16 18:15:46+24:00" << false;
        QTest::newRow("offset +05:60") << "2023-11-16 18:15:46+05:60" << false;
        QTest::newRow("February 30") << "2023-02-30 00:00:00" << false;
        QTest::newRow("February 29, 2023") << "2023-02-29 00:00:00" << false;
        QTest::newRow("February 29, 2024") << "2024-02-29 00:00:00" << true;
        QTest::newRow("April 31") << "2023-04-31 00:00:00" << false;
    }
    void azureDatesAndOffsetsAreReal()
    {
        QFETCH(QString, timestamp);
        QFETCH(bool, valid);
        const std::string text = "TIMESTAMP,ContextTokens,GeneratedTokens\n" + timestamp.toStdString() + ",10,20\n";
        if (valid) {
            QCOMPARE(readString("azure", text).requests.size(), std::size_t(1));
        } else {
            const std::string e = readError("azure", text);
            QVERIFY2(e.find("mem.azure:2: TIMESTAMP: expected a date-time") == 0, e.c_str());
        }
    }

    void azureTicksDivideOnce()
    {
        // 52 ms and 100 ns after the first row: exactly the doubles 0.052 and 1e-7 (ns / 1e9, not ns * 1e-9).
        const Trace t = readString("azure",
            "TIMESTAMP,ContextTokens,GeneratedTokens\n2023-11-16 18:15:46.6805900,1,1\n"
            "2023-11-16 18:15:46.6805901,1,1\n2023-11-16 18:15:46.7325900,1,1\n");
        QCOMPARE(t.requests[1].time, 1e-7);
        QCOMPARE(t.requests[2].time, 0.052);
        QVERIFY(writeString("csv", t).find("0.052,") != std::string::npos);
        QVERIFY(writeString("csv", t).find("0.052000000000000005") == std::string::npos);
    }

    void mooncakeWholeMillisecondsRoundTripExactly()
    {
        // Times of Mooncake's conversation trace that came back as 16079.999999999998 and 3e+05.
        std::string file;
        for (const char* ms : { "0", "3", "16080", "27482", "300000", "600000", "1234567", "3537000" })
            file += std::string("{\"timestamp\": ") + ms
                + ", \"input_length\": 6955, \"output_length\": 52, \"hash_ids\": [46, 47, 48]}\n";
        const Trace t = readString("mooncake", file);
        QCOMPARE(writeString("mooncake", t), file); // byte for byte
        // Every whole millisecond up to an hour, and beyond, survives as the same integer.
        Trace many;
        for (std::uint64_t ms = 0; ms < 3'600'000; ms += 7)
            many.requests.push_back({ static_cast<double>(ms) / 1000.0, kNoAdapter, 1, 1 });
        many.requests.push_back({ 1e12, kNoAdapter, 1, 1 }); // the latest time a trace may have
        const std::string out = writeString("mooncake", many);
        QVERIFY(out.find("e+") == std::string::npos);
        QVERIFY(out.find('.') == std::string::npos);
        QVERIFY(out.find("\"timestamp\": 1000000000000000,") != std::string::npos);
        const Trace back = readString("mooncake", out);
        QCOMPARE(back.requests.size(), many.requests.size());
        for (std::size_t i = 0; i < many.requests.size(); ++i)
            QCOMPARE(back.requests[i].time, many.requests[i].time);
        // A time between milliseconds is written so that it reads back exactly too.
        Trace odd;
        odd.requests = { { 0.1234567891, kNoAdapter, 1, 1 }, { 16.0795, kNoAdapter, 1, 1 } };
        const Trace oddBack = readString("mooncake", writeString("mooncake", odd));
        QCOMPARE(oddBack.requests[0].time, 0.1234567891);
        QCOMPARE(oddBack.requests[1].time, 16.0795);
    }

    void timesAreWrittenWithoutExponent()
    {
        Trace t;
        t.requests = { { 0, kNoAdapter, 1, 1 }, { 300000, kNoAdapter, 1, 1 }, { 19440110.5, kNoAdapter, 1, 1 } };
        for (const char* f : { "jsonl", "json", "csv", "slora", "guidellm", "burstgpt", "mooncake" }) {
            const std::string text = writeString(f, t);
            QVERIFY2(text.find("3e+05") == std::string::npos && text.find("e+07") == std::string::npos, f);
            QVERIFY2(text.find(std::string(f) == "mooncake" ? "19440110500" : "19440110.5") != std::string::npos, f);
        }
    }

    void timesAreBoundedOnReading_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("field");
        QTest::newRow("guidellm 1e308") << "guidellm"
                                        << "{\"timestamp\": 1e308, \"input_length\": 3, \"output_length\": 4}\n"
                                        << "timestamp";
        QTest::newRow("mooncake 1e300 ms") << "mooncake"
                                           << "{\"timestamp\": 1e300, \"input_length\": 3, \"output_length\": 4}\n"
                                           << "timestamp";
        QTest::newRow("jsonl 1e13") << "jsonl"
                                    << "{\"time_s\": 1e13, \"input_len\": 3, \"output_len\": 4}\n"
                                    << "time_s";
        QTest::newRow("csv 1e300") << "csv"
                                   << "time_s,input_len,output_len\n1e300,3,4\n"
                                   << "time_s";
        QTest::newRow("burstgpt 1e300")
            << "burstgpt"
            << "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n1e300,a,1,2,3,x\n"
            << "Timestamp";
        QTest::newRow("azure seconds") << "azure"
                                       << "TIMESTAMP,ContextTokens,GeneratedTokens\n0,1,1\n1e300,1,1\n"
                                       << "TIMESTAMP";
    }
    void timesAreBoundedOnReading()
    {
        QFETCH(QString, format);
        QFETCH(QString, text);
        QFETCH(QString, field);
        const std::string e = readError(format.toStdString(), text.toStdString());
        QVERIFY2(
            e.find("mem." + format.toStdString() + ":") == 0 && e.find(field.toStdString() + ":") != std::string::npos,
            e.c_str());
        QVERIFY2(e.find("10^12") != std::string::npos, e.c_str());
    }

    void nonFiniteTimesAreNeverWritten()
    {
        test::TempDir dir;
        for (const double bad :
            { std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(), -1.0, 2e12 }) {
            Trace t;
            t.requests = { { 1.0, kNoAdapter, 1, 1 }, { bad, kNoAdapter, 1, 1 } };
            for (const char* name :
                { "x.jsonl", "x.csv", "x.mooncake.jsonl", "x.guidellm.jsonl", "x.burstgpt.csv", "x.slora.json" }) {
                try {
                    writeTrace(t, dir.file(name));
                    QFAIL(name);
                } catch (const InputError& e) {
                    QVERIFY2(std::string(e.what()).find("request 1: time_s") != std::string::npos, e.what());
                }
                QVERIFY(!std::filesystem::exists(dir.file(name)));
            }
        }
    }

    void droppedColumnsAreListed()
    {
        ReadReport r;
        readString("burstgpt",
            "Timestamp,Session ID,Elapsed time,Model,Request tokens,Response tokens,Total tokens,Log Type\n"
            "5,s1,1.5,ChatGPT,10,20,30,Conversation log\n",
            &r);
        QCOMPARE(r.ignoredColumns, (std::vector<std::string> { "Session ID", "Elapsed time", "Log Type" }));
        ReadReport c;
        readString("csv", "id,time_s,note,input_len,output_len\n0,1,hello,3,4\n", &c);
        QCOMPARE(c.ignoredColumns, (std::vector<std::string> { "note" }));
        ReadReport a;
        readString("azure", "TIMESTAMP,ContextTokens,GeneratedTokens\n2023-11-16 18:15:46.6805900,10,20\n", &a);
        QVERIFY(a.ignoredColumns.empty());
    }

    // An adapter has one rank: a later line that gives it another one is an error naming both
    // lines (never a silent rewrite), in every format that carries ranks; --keep-first-rank keeps
    // the first and counts the lines. A rank after lines without one completes the adapter.
    void contradictingRanksAreSaid_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("needle");
        QTest::newRow("csv")
            << "csv"
            << "id,time_s,adapter,rank,input_len,output_len\n0,0.1,a,8,10,10\n1,0.2,b,16,10,10\n2,0.3,a,64,10,10\n"
            << "mem.csv:4: adapter \"a\": rank 64 here, but rank 8 on line 2";
        QTest::newRow("jsonl (LoraScope's own lines)")
            << "jsonl"
            << "{\"schemaVersion\":1}\n{\"time_s\":0.1,\"adapter\":\"a\",\"rank\":8,\"input_len\":1,\"output_len\":1}\n"
               "{\"time_s\":0.2,\"adapter\":\"a\",\"rank\":64,\"input_len\":1,\"output_len\":1}\n"
            << "mem.jsonl:3: adapter \"a\": rank 64 here, but rank 8 on line 2";
        QTest::newRow("jsonl (general path)")
            << "jsonl"
            << "{\"schemaVersion\":1}\n{\"time_s\":0.1,\"adapter\":\"a\",\"rank\":8,\"input_len\":1,\"output_len\":1}\n"
               "{ \"time_s\" : 0.2 , \"adapter\" : \"a\" , \"rank\" : 64 , \"input_len\" : 1, \"output_len\": 1, "
               "\"extra\": [1] }\n"
            << "rank 64 here, but rank 8 on line 2";
        QTest::newRow("json")
            << "json"
            << "{\"requests\":[{\"time_s\":0.1,\"adapter\":\"a\",\"rank\":8,\"input_len\":1,\"output_len\":1},"
               "{\"time_s\":0.2,\"adapter\":\"a\",\"rank\":64,\"input_len\":1,\"output_len\":1}]}"
            << "requests[1].adapter \"a\": rank 64 here, but rank 8 on an earlier request";
    }
    void contradictingRanksAreSaid()
    {
        QFETCH(QString, format);
        QFETCH(QString, text);
        QFETCH(QString, needle);
        const std::string e = readError(format.toStdString(), text.toStdString());
        QVERIFY2(e.find(needle.toStdString()) != std::string::npos, e.c_str());
        // Asked to: the first rank stays, the line is counted.
        std::istringstream in(text.toStdString());
        ReadOptions o;
        o.keepFirstRank = true;
        ReadReport r;
        const Trace t = findFormat(format.toStdString())->read(in, "mem", o, r);
        QCOMPARE(t.adapters.front().rank, 8);
        QCOMPARE(r.rankConflicts, std::uint64_t(1));
        // A rank given after lines without one completes the adapter.
        const Trace later
            = readString("csv", "id,time_s,adapter,rank,input_len,output_len\n0,0.1,a,,10,10\n1,0.3,a,64,10,10\n");
        QCOMPARE(later.adapters.front().rank, 64);
    }

    // A CSV header that names a column twice: which one is meant cannot be told.
    void duplicatedColumnsAreRefused_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("needle");
        QTest::newRow("csv") << "csv"
                             << "id,time_s,input_len,output_len,time_s\n0,1,2,3,4\n"
                             << "mem.csv:1: header: the column \"time_s\" appears twice (columns 2 and 5)";
        QTest::newRow("azure, other case") << "azure"
                                           << "TIMESTAMP,ContextTokens,GeneratedTokens,contexttokens\n1,2,3,4\n"
                                           << "the column \"contexttokens\" appears twice (columns 2 and 4)";
        QTest::newRow("burstgpt") << "burstgpt"
                                  << "Timestamp,Model,Request tokens,Response tokens,Model\n1,a,2,3,b\n"
                                  << "the column \"Model\" appears twice (columns 2 and 5)";
    }
    void duplicatedColumnsAreRefused()
    {
        QFETCH(QString, format);
        QFETCH(QString, text);
        QFETCH(QString, needle);
        const std::string e = readError(format.toStdString(), text.toStdString());
        QVERIFY2(e.find(needle.toStdString()) != std::string::npos, e.c_str());
    }

    // RFC 4180 allows a line break inside a quoted field, and LoraScope's own CSV writer quotes an
    // adapter name that holds one: it reads back. A quote never closed names the line it opened on.
    void quotedLineBreaksReadBack()
    {
        Trace t;
        t.adapters = { { "two\nlines, \"quoted\"", 8 }, { "plain", 16 } };
        t.requests = { Request { 0.5, 0, 10, 20 }, Request { 1.0, 1, 11, 21 }, Request { 1.5, 0, 12, 22 } };
        const std::string text = writeString("csv", t);
        const Trace back = readString("csv", text);
        QCOMPARE(back.requests.size(), std::size_t(3));
        QCOMPARE(back.adapters.size(), std::size_t(2));
        QCOMPARE(back.adapters[0].name, t.adapters[0].name);
        QCOMPARE(back.requests[2].adapter, 0u);
        QCOMPARE(back.requests[2].inputLen, 12u);
        const std::string e
            = readError("csv", "id,time_s,adapter,rank,input_len,output_len\n0,0.1,\"a\n1,0.2,b,8,10,10\n");
        QVERIFY2(
            e.find("mem.csv:2: a quoted field opened on this line is never closed") != std::string::npos, e.c_str());
        const std::string b
            = readError("burstgpt", "Timestamp,Model,Request tokens,Response tokens\n1,\"Chat\nGPT,2,3\n");
        QVERIFY2(b.find("mem.burstgpt:2: a quoted field opened on this line is never closed") != std::string::npos,
            b.c_str());
    }
};

QTEST_GUILESS_MAIN(TestFormatsRules)
#include "tst_formats_rules.moc"
