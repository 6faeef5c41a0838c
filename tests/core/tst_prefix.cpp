// SPDX-License-Identifier: Apache-2.0
// The prefix structure of a trace (core/workload/prefix.cpp): prompt pieces, chained block hashes,
// what a perfect prefix cache reuses, the checks of every reader and the reordering of side columns.

#include "util/error.h"
#include "workload/prefix.h"

#include <QtTest>

using namespace lorascope;

namespace {

/// Two adapters; a 100-token system prompt (segment 7) on requests 0, 1 and 3; request 2 continues
/// request 0's session; request 3 is on adapter 1.
Trace smallTrace()
{
    Trace t;
    t.adapters = { { "a", 8 }, { "b", 8 } };
    t.requests = { { 0.0, 0, 150, 40 }, { 1.0, 0, 130, 10 }, { 5.0, 0, 150 + 40 + 20, 5 }, { 6.0, 1, 120, 5 } };
    t.sessions = { { 0, 1, kNoParent, 0 }, { 1, 1, kNoParent, 0 }, { 0, 2, 0, 3.0 }, { 2, 1, kNoParent, 0 } };
    t.segments = { { 7, 100, SegmentRole::System }, { 7, 100, SegmentRole::System }, { 7, 100, SegmentRole::System } };
    t.segmentOffsets = { 0, 1, 2, 2, 3 };
    return t;
}

QString errorField(const Trace& t)
{
    try {
        checkPrefixStructure(t, "t.jsonl", { 2, 3, 4, 5 });
    } catch (const InputError& e) {
        return QString::fromStdString(e.field() + "@" + std::to_string(e.line()));
    }
    return {};
}

} // namespace

class TestPrefix : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void piecesFollowTheHistory()
    {
        const Trace t = smallTrace();
        std::vector<PromptPiece> p;
        appendPromptPieces(t, 2, p);
        QCOMPARE(p.size(), std::size_t { 4 });
        QCOMPARE(p[0].kind, PromptPiece::Kind::Segment);
        QCOMPARE(p[0].id, 7u);
        QCOMPARE(p[1].kind, PromptPiece::Kind::Tail);
        QCOMPARE(p[1].id, 0u);
        QCOMPARE(p[1].tokens, 50u);
        QCOMPARE(p[2].kind, PromptPiece::Kind::Answer);
        QCOMPARE(p[2].tokens, 40u);
        QCOMPARE(p[3].kind, PromptPiece::Kind::Tail);
        QCOMPARE(p[3].id, 2u);
        QCOMPARE(p[3].tokens, 20u);
        QCOMPARE(historyTokens(t, 2), std::uint64_t { 190 });
        QCOMPARE(tailTokens(t, 2), 20u);
    }

    void blockHashesShareExactlyTheSharedBlocks()
    {
        const Trace t = smallTrace();
        // 16-token blocks: requests 0 and 1 share the system prompt's 6 full blocks, then differ.
        const auto h0 = blockHashes(t, 0, 16, false), h1 = blockHashes(t, 1, 16, false),
                   h2 = blockHashes(t, 2, 16, false);
        const auto h3 = blockHashes(t, 3, 16, false);
        QCOMPARE(h0.size(), std::size_t { 9 });
        QCOMPARE(h1.size(), std::size_t { 8 });
        for (int k = 0; k < 6; ++k)
            QCOMPARE(h0[k], h1[k]);
        QVERIFY(h0[6] != h1[6]);
        // The later turn repeats all of request 0's full blocks (its prompt is a prefix of it).
        for (std::size_t k = 0; k < h0.size(); ++k)
            QCOMPARE(h2[k], h0[k]);
        // Another adapter: the same system prompt hashes differently (a LoRA's KV cache is its own).
        QVERIFY(h3[0] != h0[0]);
        // Mooncake's partial last block is hashed too, and differs from any full block.
        const auto m0 = blockHashes(t, 0, 512, true);
        QCOMPARE(m0.size(), std::size_t { 1 });
        QVERIFY(blockHashes(t, 0, 512, false).empty());
    }

    // forEachBlockHashes gives every request exactly blockHashes' answer while continuing a turn
    // from its parent's chain: a long session, a branch, a turn on another adapter, segments on
    // later turns, block sizes that do and do not divide the pieces.
    void everyBlockHashOnceMatchesEachRequestsOwn()
    {
        Trace t = smallTrace();
        // A longer session of adapter 0 after request 2, with a branch at request 5 and a turn of
        // adapter 1 continuing it.
        std::uint64_t prompt = 150 + 40 + 20, answer = 5;
        std::size_t parent = 2;
        for (int k = 0; k < 40; ++k) {
            const std::uint32_t own = 3 + static_cast<std::uint32_t>(k % 37);
            const std::uint32_t adapter = k == 30 ? 1 : 0;
            const std::size_t from = k == 6 ? 5 : parent; // request 5 gets a second next turn
            const std::uint64_t history
                = from == parent ? prompt + answer : t.requests[from].inputLen + t.requests[from].outputLen;
            t.requests.push_back({ 10.0 + k, adapter, static_cast<std::uint32_t>(history + own + (k % 5 == 0 ? 16 : 0)),
                static_cast<std::uint32_t>(1 + k % 7) });
            t.sessions.push_back({ 0, t.sessions[from].turn + 1, from, 1.0 });
            if (k % 5 == 0)
                t.segments.push_back({ 99, 16, SegmentRole::Document });
            t.segmentOffsets.push_back(t.segments.size());
            if (from == parent) {
                prompt = t.requests.back().inputLen;
                answer = t.requests.back().outputLen;
                parent = t.requests.size() - 1;
            }
        }
        checkPrefixStructure(t, "t.jsonl");
        for (const std::uint32_t block : { 16u, 512u, 7u })
            for (const bool partial : { false, true }) {
                std::size_t seen = 0;
                forEachBlockHashes(t, block, partial, [&](std::size_t i, const std::vector<std::uint64_t>& h) {
                    QCOMPARE(i, seen);
                    QVERIFY2(h == blockHashes(t, i, block, partial), qPrintable(QString::number(i)));
                    ++seen;
                });
                QCOMPARE(seen, t.requests.size());
            }
    }

    void perfectCacheReuse()
    {
        const Trace t = smallTrace();
        const auto r = prefixReuse(t);
        QCOMPARE(r.reusable,
            (std::vector<std::uint32_t> { 0, 100, 190, 0 })); // cold start, shared prompt, whole history, other adapter
        QCOMPARE(r.declared, (std::vector<std::uint32_t> { 100, 100, 190, 100 }));
        // A partial block: the same id with fewer tokens shares those tokens, then stops.
        Trace m;
        m.requests = { { 0, kNoAdapter, 1000, 1 }, { 1, kNoAdapter, 700, 1 } };
        m.segments = { { 1, 512, SegmentRole::Block }, { 2, 488, SegmentRole::Block }, { 1, 512, SegmentRole::Block },
            { 2, 188, SegmentRole::Block } };
        m.segmentOffsets = { 0, 2, 4 };
        QCOMPARE(prefixReuse(m).reusable, (std::vector<std::uint32_t> { 0, 700 }));
    }

    void badStructuresNameLineAndField()
    {
        QCOMPARE(errorField(smallTrace()), QString());
        Trace t = smallTrace();
        t.sessions[2].turn = 3;
        QCOMPARE(errorField(t), QString("turn@4"));
        t = smallTrace();
        t.requests[2].inputLen = 150;
        QCOMPARE(errorField(t), QString("input_len@4"));
        t = smallTrace();
        t.sessions[2].session = 1;
        QCOMPARE(errorField(t), QString("parent@4"));
        t = smallTrace();
        t.segments[0].tokens = 160; // longer than request 0's 150 tokens
        QCOMPARE(errorField(t), QString("prefix@2"));
        t = smallTrace();
        t.sessions[0] = { 0, 2, 2, 1.0 }; // 0 → 2 → 0: a cycle
        const QString cycle = QString::fromStdString([&] {
            try {
                checkPrefixStructure(t, "t.jsonl", { 2, 3, 4, 5 });
            } catch (const InputError& e) {
                return std::string(e.what());
            }
            return std::string();
        }());
        QVERIFY2(
            cycle.contains(QStringLiteral("cycle")) && cycle.contains(QStringLiteral("t.jsonl:2")), qPrintable(cycle));
        t = smallTrace();
        t.sessions[1].turn = 2; // turn 2 without a parent
        QCOMPARE(errorField(t), QString("turn@3"));
    }

    void reorderKeepsEverySideColumn()
    {
        Trace t = smallTrace();
        t.failed = { 0, 1, 0, 0 };
        reorderRequests(t, { 3, 0, 2 });
        QCOMPARE(t.requests.size(), std::size_t { 3 });
        QCOMPARE(t.ids, (std::vector<std::uint64_t> { 3, 0, 2 }));
        QCOMPARE(t.failed, (std::vector<std::uint8_t> { 0, 0, 0 }));
        QCOMPARE(t.sessions[2].parent, std::uint64_t { 1 }); // request 2's parent (0) is now at index 1
        QCOMPARE(t.segmentOffsets, (std::vector<std::uint64_t> { 0, 1, 2, 2 }));
        checkPrefixStructure(t, "t");
    }
};

QTEST_GUILESS_MAIN(TestPrefix)
#include "tst_prefix.moc"
