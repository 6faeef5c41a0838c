// SPDX-License-Identifier: Apache-2.0
// Sessions and prefix segments through every format that holds them (core/formats: native JSONL,
// JSON, CSV; Mooncake hash_ids; AIPerf's mooncake_trace and multi_turn): exact round trips, what
// Mooncake's blocks keep, and bad input named by file, line and field.

#include "formats/traceio.h"
#include "util/error.h"
#include "workload/generator.h"
#include "workload/prefix.h"

#include <QtTest>

#include <sstream>

using namespace lorascope;

namespace {

Trace readString(const std::string& format, const std::string& text)
{
    std::istringstream in(text);
    ReadReport report;
    return findFormat(format)->read(in, "mem." + format, {}, report);
}

std::string writeString(const std::string& format, const Trace& t)
{
    std::ostringstream out;
    findFormat(format)->write(t, out);
    return out.str();
}

InputError readError(const std::string& format, const std::string& text)
{
    try {
        readString(format, text);
    } catch (const InputError& e) {
        return e;
    }
    return InputError("no error thrown");
}

/// A generated session workload with a system prompt and a document group.
Trace sessionTrace()
{
    WorkloadSpec s;
    s.adapterCount = 5;
    s.rate = 3;
    s.duration = 120;
    s.seed = 21;
    s.input.lo = 30;
    s.input.hi = 300;
    s.sessions.enabled = true;
    s.sessions.turns.lo = 1;
    s.sessions.turns.hi = 6;
    s.sessions.think = { DurationKind::Exponential, 3.0, 1.0, 2.0, 20.0 };
    s.prefix.systemTokens = 1024; // two whole Mooncake blocks
    s.prefix.groups = { { 2, 300, 1.0 } };
    return generate(s);
}

/// Times and lengths equal, request by request (adapters compared by name where a format keeps them).
bool sameRequests(const Trace& a, const Trace& b, bool adapters)
{
    if (a.requests.size() != b.requests.size())
        return false;
    for (std::size_t i = 0; i < a.requests.size(); ++i) {
        const auto &x = a.requests[i], &y = b.requests[i];
        if (x.time != y.time || x.inputLen != y.inputLen || x.outputLen != y.outputLen
            || (adapters && a.adapterName(x) != b.adapterName(y)))
            return false;
    }
    return true;
}

/// The prefix structure with segment ids renumbered by first appearance (formats that name
/// segments by content give other ids for the same structure).
std::vector<std::uint64_t> canonicalIds(const Trace& t)
{
    std::map<std::uint64_t, std::uint64_t> number;
    std::vector<std::uint64_t> out;
    for (const auto& s : t.segments)
        out.push_back(number.emplace(s.id, number.size()).first->second);
    return out;
}

} // namespace

class TestFormatsSessions : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void nativeFormatsKeepEverything_data()
    {
        QTest::addColumn<QString>("format");
        QTest::newRow("jsonl") << "jsonl";
        QTest::newRow("json") << "json";
        QTest::newRow("csv") << "csv";
    }
    void nativeFormatsKeepEverything()
    {
        QFETCH(QString, format);
        const Trace t = sessionTrace();
        const std::string text = writeString(format.toStdString(), t);
        const Trace back = readString(format.toStdString(), text);
        QVERIFY(sameRequests(back, t, true));
        QVERIFY(back.sessions == t.sessions);
        QVERIFY(back.segments == t.segments);
        QVERIFY(back.segmentOffsets == t.segmentOffsets);
        QCOMPARE(writeString(format.toStdString(), back), text);
    }

    void aiperfKeepsSessionsAndTimes()
    {
        const Trace t = sessionTrace();
        const std::string text = writeString("aiperf", t);
        const Trace back = readString("aiperf", text);
        QVERIFY(sameRequests(back, t, false)); // designed times recomputed with the same service estimate; no adapters
        QVERIFY(back.sessions == t.sessions);
        QCOMPARE(writeString("aiperf", back), text);
        // A later turn carries its think time as AIPerf's delay, and only its new tokens.
        QVERIFY(text.find("\"delay\": ") != std::string::npos);
    }

    void multiTurnKeepsSessionsAndSystemPrompts()
    {
        const Trace t = sessionTrace();
        const std::string text = writeString("aiperf-multi-turn", t);
        const Trace back = readString("aiperf-multi-turn", text);
        QVERIFY(sameRequests(back, t, false));
        QVERIFY(back.sessions == t.sessions);
        // System prompts survive as shared segments (named by their text); documents join the user text.
        for (std::size_t i = 0; i < back.requests.size(); ++i) {
            const auto segs = back.segmentsOf(i);
            if (back.parentOf(i) == kNoParent) {
                QCOMPARE(segs.size(), std::size_t { 1 });
                QCOMPARE(segs[0].role, SegmentRole::System);
                QCOMPARE(segs[0].tokens, 1024u);
            }
        }
        // The words are synthetic: written again from the read trace they are other words of the same
        // lengths (segments named by their text), and from then on the file is stable byte for byte.
        const std::string again = writeString("aiperf-multi-turn", back);
        const Trace back2 = readString("aiperf-multi-turn", again);
        QVERIFY(sameRequests(back2, t, false));
        QVERIFY(back2.sessions == t.sessions);
        QCOMPARE(writeString("aiperf-multi-turn", back2), again);
    }

    void mooncakeBlocksKeepWhatIsShared()
    {
        const Trace t = sessionTrace();
        const std::string text = writeString("mooncake", t);
        const Trace m = readString("mooncake", text);
        QVERIFY(!m.hasSessions());
        // 512-token blocks of the prompts: a first turn reuses the whole blocks it reused before; a later
        // turn at least its previous turn's whole prompt blocks (Mooncake's ids do not cover answers).
        const auto orig = prefixReuse(t), blocks = prefixReuse(m);
        auto whole
            = [](std::uint64_t tokens) { return std::uint32_t(tokens / kMooncakeBlockTokens * kMooncakeBlockTokens); };
        for (std::size_t i = 0; i < t.requests.size(); ++i) {
            QCOMPARE(m.segmentsOf(i).size(), std::size_t((t.requests[i].inputLen + 511) / 512));
            if (t.parentOf(i) == kNoParent) {
                QCOMPARE(blocks.reusable[i], whole(orig.reusable[i]));
            } else {
                QVERIFY(blocks.reusable[i] >= whole(t.requests[t.parentOf(i)].inputLen));
                QVERIFY(blocks.reusable[i] <= whole(orig.reusable[i]));
            }
        }
        // And back again, byte for byte.
        QCOMPARE(writeString("mooncake", m), text);
        QCOMPARE(writeString("mooncake", readString("jsonl", writeString("jsonl", m))), text);
    }

    void mooncakeIdsThroughNativeFormats()
    {
        const std::string text
            = "{\"timestamp\": 0, \"input_length\": 1100, \"output_length\": 5, \"hash_ids\": [4, 5, 6]}\n"
              "{\"timestamp\": 10, \"input_length\": 700, \"output_length\": 5, \"hash_ids\": [4, 9]}\n"
              "{\"timestamp\": 20, \"input_length\": 30, \"output_length\": 5, \"hash_ids\": []}\n";
        const Trace m = readString("mooncake", text);
        QCOMPARE(m.segments[2].tokens, 76u); // the last block: 1100 − 1024
        for (const char* f : { "jsonl", "json", "csv", "aiperf" }) {
            const Trace back = readString(f, writeString(f, m));
            QVERIFY2(back.segments == m.segments, f);
            QCOMPARE(writeString("mooncake", back), text);
        }
        QCOMPARE(canonicalIds(m), (std::vector<std::uint64_t> { 0, 1, 2, 0, 3 }));
    }

    void badSessionInput_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("where"); // file:line and field in the message
        QTest::addColumn<QString>("field");
        const QString head = QStringLiteral("{\"schemaVersion\":1}\n");
        QTest::newRow("missing parent") << "jsonl"
                                        << head
                + "{\"id\":0,\"time_s\":0,\"input_len\":10,\"output_len\":5,\"session\":1,\"turn\":1}\n"
                  "{\"id\":1,\"time_s\":2,\"input_len\":30,\"output_len\":5,\"session\":1,\"turn\":2,\"parent\":7}\n"
                                        << "mem.jsonl:3"
                                        << "parent";
        QTest::newRow("cycle") << "jsonl"
                               << head
                + "{\"id\":0,\"time_s\":0,\"input_len\":10,\"output_len\":5,\"session\":1,\"turn\":2,\"parent\":1}\n"
                  "{\"id\":1,\"time_s\":0,\"input_len\":30,\"output_len\":5,\"session\":1,\"turn\":3,\"parent\":0}\n"
                               << "mem.jsonl:2"
                               << "parent";
        QTest::newRow("turn after a gap")
            << "csv"
            << "id,time_s,input_len,output_len,session,turn,parent,think_s\n0,0,10,5,3,1,,\n1,1,40,5,3,3,0,1\n"
            << "mem.csv:3"
            << "turn";
        QTest::newRow("history longer than the prompt") << "jsonl"
                                                        << head
                + "{\"id\":0,\"time_s\":0,\"input_len\":10,\"output_len\":5,\"session\":1,\"turn\":1}\n"
                  "{\"id\":1,\"time_s\":2,\"input_len\":12,\"output_len\":5,\"session\":1,\"turn\":2,\"parent\":0}\n"
                                                        << "mem.jsonl:3"
                                                        << "input_len";
        QTest::newRow("prefix longer than the prompt")
            << "jsonl"
            << head + "{\"id\":0,\"time_s\":0,\"input_len\":10,\"output_len\":5,\"prefix\":[[1,11,\"system\"]]}\n"
            << "mem.jsonl:2"
            << "prefix";
        QTest::newRow("prefix role") << "jsonl"
                                     << head
                + "{\"id\":0,\"time_s\":0,\"input_len\":10,\"output_len\":5,\"prefix\":[[1,5,\"teacher\"]]}\n"
                                     << "mem.jsonl:2"
                                     << "prefix";
        QTest::newRow("turn without session")
            << "jsonl" << head + "{\"id\":0,\"time_s\":0,\"input_len\":10,\"output_len\":5,\"turn\":2}\n"
            << "mem.jsonl:2"
            << "turn";
        QTest::newRow("hash ids longer than the prompt")
            << "mooncake"
            << "{\"timestamp\": 0, \"input_length\": 600, \"output_length\": 5, \"hash_ids\": [1, 2, 3]}\n"
            << "mem.mooncake:1"
            << "hash_ids";
        QTest::newRow("aiperf hash ids longer than the turn")
            << "aiperf"
            << "{\"session_id\": \"a\", \"timestamp\": 0, \"input_length\": 600, \"output_length\": 5}\n"
               "{\"session_id\": \"a\", \"delay\": 10, \"input_length\": 100, \"output_length\": 5, \"hash_ids\": [1, "
               "2]}\n"
            << "mem.aiperf:2"
            << "hash_ids";
        QTest::newRow("aiperf first turn without timestamp")
            << "aiperf"
            << "{\"session_id\": \"a\", \"delay\": 10, \"input_length\": 100, \"output_length\": 5}\n"
            << "mem.aiperf:1"
            << "timestamp";
        QTest::newRow("multi-turn without output length")
            << "aiperf-multi-turn"
            << "{\"session_id\": \"a\", \"turns\": [{\"timestamp\": 0, \"text\": \"hi there\"}]}\n"
            << "mem.aiperf-multi-turn:1"
            << "output_length";
    }
    void badSessionInput()
    {
        QFETCH(QString, format);
        QFETCH(QString, text);
        QFETCH(QString, where);
        QFETCH(QString, field);
        const InputError e = readError(format.toStdString(), text.toStdString());
        const QString message = QString::fromStdString(e.what());
        QVERIFY2(message.startsWith(where + QLatin1Char(':')), qPrintable(message));
        QCOMPARE(QString::fromStdString(e.field()), field);
    }

    void aiperfReadsForeignSessions()
    {
        // Sessions named by text, turns in file order, delays in milliseconds after the answer.
        const Trace t = readString("aiperf",
            "{\"session_id\": \"conv-a\", \"timestamp\": 1000, \"input_length\": 100, \"output_length\": 20}\n"
            "{\"session_id\": \"conv-b\", \"timestamp\": 1500, \"input_length\": 50, \"output_length\": 10}\n"
            "{\"session_id\": \"conv-a\", \"delay\": 2000, \"input_length\": 30, \"output_length\": 20}\n");
        QCOMPARE(t.requests.size(), std::size_t { 3 });
        QCOMPARE(t.requests[2].inputLen, 150u); // 100 + 20 + 30
        QCOMPARE(t.sessions[2].parent, std::uint64_t { 0 });
        QCOMPARE(t.sessions[2].turn, 2u);
        QCOMPARE(t.sessions[2].think, 2.0);
        QVERIFY(t.sessions[0].session != t.sessions[1].session);
        QCOMPARE(t.requests[2].time, 1.0 + estimatedServiceSecondsForTest(20) + 2.0);
    }

private:
    static double estimatedServiceSecondsForTest(std::uint32_t out)
    {
        const ServiceEstimate e;
        return e.firstTokenSeconds + out * e.perOutputTokenSeconds;
    }
};

QTEST_GUILESS_MAIN(TestFormatsSessions)
#include "tst_formats_sessions.moc"
