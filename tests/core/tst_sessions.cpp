// SPDX-License-Identifier: Apache-2.0
// Sessions and shared prefixes in the workload model (core/workload/sessions.cpp, sessionspec.cpp,
// sessionstats.cpp, analysis/sessiontheory.cpp): what the generator draws, the rules every turn
// follows, the spec's JSON and checks, and the statistics against the theory. Fixed seeds.

#include "analysis/sessiontheory.h"
#include "fit/fit.h"
#include "formats/traceio.h"
#include "analysis/workloadview.h"
#include "util/error.h"
#include "workload/generator.h"
#include "workload/prefix.h"
#include "workload/presets.h"
#include "workload/sessions.h"
#include "workload/spec.h"
#include "workload/stats.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <cmath>
#include <map>

using namespace lorascope;

namespace {

WorkloadSpec sessionSpec(std::uint64_t seed = 7)
{
    WorkloadSpec s;
    s.adapterCount = 12;
    s.rate = 6;
    s.duration = 400;
    s.seed = seed;
    s.popularity.alpha = 0.7;
    s.input.lo = 20;
    s.input.hi = 120;
    s.output.lo = 10;
    s.output.hi = 90;
    s.sessions.enabled = true;
    s.sessions.turns.lo = 1;
    s.sessions.turns.hi = 7;
    s.sessions.think = { DurationKind::Exponential, 5.0, 1.0, 2.0, 20.0 };
    s.prefix.systemTokens = 64;
    s.prefix.groups = { { 3, 256, 1.0 }, { 1, 0, 1.0 } }; // half the sessions read one of 3 documents
    return s;
}

} // namespace

class TestSessions : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void defaultSpecJsonHasNoSessionMembers()
    {
        // A spec without sessions reads and writes exactly as before they existed.
        const auto j = toJson(WorkloadSpec {});
        QVERIFY(!j.contains("sessions"));
        QVERIFY(!j.contains("prefix"));
    }

    void specJsonRoundTrip()
    {
        WorkloadSpec s = sessionSpec();
        s.sessions.think = { DurationKind::LogNormal, 7.5, 0.4, 1.0, 3.0 };
        s.sessions.maxContextTokens = 4096;
        s.sessions.service = { 0.1, 0.02 };
        const WorkloadSpec back = specFromJson(nlohmann::json::parse(toJson(s).dump()));
        QVERIFY(back == s);
    }

    void badSpecsNameTheField_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("json");
        QTest::newRow("turns lo 0") << "sessions.turns.lo"
                                    << R"({"sessions": {"enabled": true, "turns": {"lo": 0, "hi": 3}}})";
        QTest::newRow("think negative")
            << "sessions.think.mean"
            << R"({"sessions": {"enabled": true, "think": {"kind": "exponential", "mean": -1}}})";
        QTest::newRow("think kind") << "sessions.think.kind"
                                    << R"({"sessions": {"enabled": true, "think": {"kind": "gamma"}}})";
        QTest::newRow("group tokens") << "prefix.groups[0].tokens"
                                      << R"({"prefix": {"groups": [{"count": 2, "tokens": -5, "weight": 1}]}})";
        QTest::newRow("group count") << "prefix.groups[0].count"
                                     << R"({"prefix": {"groups": [{"count": 0, "tokens": 5, "weight": 1}]}})";
        QTest::newRow("weights zero") << "prefix.groups"
                                      << R"({"prefix": {"groups": [{"count": 1, "tokens": 5, "weight": 0}]}})";
        QTest::newRow("slora generator") << "sessions.enabled"
                                         << R"({"generator": "slora", "sessions": {"enabled": true}})";
        QTest::newRow("unknown member") << "sessions.turnz"
                                        << R"({"sessions": {"turnz": 3}})";
    }
    void badSpecsNameTheField()
    {
        QFETCH(QString, field);
        QFETCH(QString, json);
        std::string got;
        try {
            const auto spec = specFromJson(nlohmann::json::parse(json.toStdString()), "s.json");
            validateOrThrow(spec, "s.json");
        } catch (const InputError& e) {
            got = e.field();
        }
        QCOMPARE(QString::fromStdString(got), field);
    }

    void sameSeedSameTraceOtherSeedOther()
    {
        const Trace a = generate(sessionSpec(7));
        const Trace b = generate(sessionSpec(7));
        const Trace c = generate(sessionSpec(8));
        QVERIFY(a.requests == b.requests);
        QVERIFY(a.sessions == b.sessions);
        QVERIFY(a.segments == b.segments);
        QVERIFY(a.segmentOffsets == b.segmentOffsets);
        QVERIFY(!(a.requests == c.requests));
    }

    void everyTurnFollowsTheRules()
    {
        const WorkloadSpec spec = sessionSpec();
        const Trace t = generate(spec);
        QVERIFY(t.hasSessions());
        QVERIFY(t.hasSegments());
        checkPrefixStructure(t, "generated"); // throws on any broken rule
        std::uint64_t later = 0;
        for (std::size_t i = 0; i < t.requests.size(); ++i) {
            const auto& r = t.requests[i];
            const auto& s = t.sessions[i];
            QVERIFY(r.time <= spec.duration);
            if (i > 0)
                QVERIFY(t.requests[i - 1].time <= r.time);
            if (s.parent == kNoParent) {
                QCOMPARE(s.turn, 1u);
                // The first turn: the adapter's system prompt, maybe a document, then its own message.
                const auto segs = t.segmentsOf(i);
                QVERIFY(!segs.empty());
                QCOMPARE(segs[0].role, SegmentRole::System);
                QCOMPARE(segs[0].tokens, 64u);
                QCOMPARE(segs[0].id, systemPromptSegmentId(spec, r.adapter));
                const auto own = r.inputLen - segmentTokens(t, i);
                QVERIFY(own >= 20 && own < 120);
                continue;
            }
            ++later;
            const auto& p = t.requests[s.parent];
            QVERIFY(s.parent < i);
            QCOMPARE(t.sessions[s.parent].session, s.session);
            QCOMPARE(s.turn, t.sessions[s.parent].turn + 1);
            QCOMPARE(r.adapter, p.adapter); // an adapter's sessions stay on it
            QVERIFY(t.segmentsOf(i).empty());
            // The prompt is the whole history plus a new message; sent the estimated service time and a think time later.
            const auto message = r.inputLen - p.inputLen - p.outputLen;
            QVERIFY2(message >= 20 && message < 120, qPrintable(QString::number(message)));
            QCOMPARE(r.time, p.time + estimatedServiceSeconds(spec.sessions.service, p.outputLen) + s.think);
            QVERIFY(s.think >= 0);
        }
        QVERIFY(later > t.requests.size() / 2);
    }

    void contextLimitEndsSessions()
    {
        WorkloadSpec spec = sessionSpec();
        spec.sessions.turns.lo = 10;
        spec.sessions.turns.hi = 11;
        spec.sessions.maxContextTokens = 700;
        const Trace t = generate(spec);
        std::uint32_t maxTurn = 0;
        for (std::size_t i = 0; i < t.requests.size(); ++i) {
            QVERIFY(t.requests[i].inputLen + t.requests[i].outputLen <= 700 || t.sessions[i].turn == 1);
            maxTurn = std::max(maxTurn, t.sessions[i].turn);
        }
        QVERIFY(maxTurn < 10); // 64 + 256 + 10 turns of ≥ 30 tokens do not fit in 700
    }

    void prefixesWithoutSessions()
    {
        WorkloadSpec spec = sessionSpec();
        spec.sessions.enabled = false;
        const Trace t = generate(spec);
        QVERIFY(!t.hasSessions());
        QVERIFY(t.hasSegments());
        // R·T requests as without prefixes: the same arrival process (prefixes add tokens, not requests).
        WorkloadSpec plain = spec;
        plain.prefix = {};
        const Trace p = generate(plain);
        QCOMPARE(t.requests.size(), p.requests.size());
        std::map<std::uint64_t, std::uint64_t> documents;
        for (std::size_t i = 0; i < t.requests.size(); ++i) {
            QCOMPARE(t.requests[i].time, p.requests[i].time);
            QCOMPARE(t.requests[i].inputLen, p.requests[i].inputLen + std::uint32_t(segmentTokens(t, i)));
            for (const auto& s : t.segmentsOf(i))
                if (s.role == SegmentRole::Document)
                    ++documents[s.id];
        }
        // Group 0: 3 documents, half the requests (binomial: 5 standard deviations).
        QCOMPARE(documents.size(), std::size_t { 3 });
        std::uint64_t withDocument = 0;
        for (const auto& [id, n] : documents) {
            QVERIFY(id >= prefixGroupSegmentId(spec, 0, 0) && id < prefixGroupSegmentId(spec, 0, 3));
            withDocument += n;
        }
        const double n = double(t.requests.size());
        QVERIFY(std::abs(double(withDocument) - n / 2) < 5 * std::sqrt(n / 4));
    }

    void turnsFollowTheirDistribution()
    {
        // A long window and no context limit: sessions are cut only near the end of the window.
        WorkloadSpec spec = sessionSpec(3);
        spec.duration = 4000;
        spec.sessions.think = { DurationKind::Constant, 2.0, 1.0, 2.0, 20.0 };
        const Trace t = generate(spec);
        const auto st = computeStats(t, ServerLimits {}).sessions;
        QVERIFY(st.sessionCount > 5000);
        // Uniform on [1, 7): mean 3.5; the cut at the window's end shortens only sessions of its last ~40 s.
        QVERIFY2(std::abs(st.meanTurns - 3.5) < 0.08, qPrintable(QString::number(st.meanTurns)));
        const auto th = sessionTheory(spec, st.sessionCount, st.countByTurn.size());
        for (std::size_t k = 1; k < 7; ++k) {
            const double expected = th.expectedTurns[k];
            QVERIFY2(std::abs(double(st.turnsHistogram[k]) - expected) < 5 * std::sqrt(expected) + 0.01 * expected,
                qPrintable(QString("turns %1: %2 vs %3").arg(k).arg(st.turnsHistogram[k]).arg(expected)));
        }
        // Context growth: the k-th turn's mean prompt against P + (k − 1)(m + o) + m.
        for (std::size_t k = 0; k < 6; ++k)
            QVERIFY2(std::abs(st.meanInputByTurn[k] - th.expectedInputByTurn[k]) < 0.02 * th.expectedInputByTurn[k],
                qPrintable(
                    QString("turn %1: %2 vs %3").arg(k + 1).arg(st.meanInputByTurn[k]).arg(th.expectedInputByTurn[k])));
        // The reusable share: never above what the trace declares, and the declared share near the design's bound.
        QVERIFY(st.reusableTokens <= st.declaredTokens);
        QVERIFY2(std::abs(st.declaredShare - th.shareBound) < 0.01,
            qPrintable(QString("%1 vs %2").arg(st.declaredShare).arg(th.shareBound)));
        for (std::size_t a = 0; a < st.perAdapterPrompt.size(); ++a)
            QVERIFY(st.perAdapterReusable[a] <= st.perAdapterDeclared[a]);
    }

    void analysisDropsLawsThatNoLongerHold()
    {
        const auto a = analyzeSpec(sessionSpec());
        QVERIFY(a->expectedInput.empty()); // prompts hold prefixes and history
        QVERIFY(a->expectedGaps.empty()); // later turns follow answers, not the arrival process
        QVERIFY(!a->expectedPerAdapter.empty());
        QVERIFY(!a->sessionTheory.expectedTurns.empty());
        QVERIFY(std::isfinite(a->sessionTheory.shareBound));
        QVERIFY(a->stats.sessions.reusableShare <= a->stats.sessions.declaredShare);
    }

    void fitRecoversSessionsAndPrefixes()
    {
        WorkloadSpec spec = sessionSpec(5);
        spec.duration = 3000;
        spec.sessions.think = { DurationKind::Exponential, 5.0, 1.0, 2.0, 20.0 };
        spec.sessions.service = { 0.2, 0.02 };
        const Trace t = generate(spec);
        const auto fit = fitTrace(t);
        const auto& f = fit.report.sessions;
        QVERIFY(f.sessions && f.prefixes);
        QCOMPARE(f.systemTokens, std::int64_t { 64 });
        QCOMPARE(f.groupCount, 3u); // the three documents of group 0
        QCOMPARE(f.groupTokens, std::int64_t { 256 });
        QVERIFY2(std::abs(f.groupShare - 0.5) < 0.03, qPrintable(QString::number(f.groupShare)));
        QCOMPARE(fit.spec.sessions.think.kind, DurationKind::Exponential);
        QVERIFY2(std::abs(f.thinkMean - 5.0) < 0.15, qPrintable(QString::number(f.thinkMean)));
        // The designed times were made with 0.2 s + 0.02 s per token: recovered exactly (up to rounding).
        QVERIFY(std::abs(f.service.firstTokenSeconds - 0.2) < 1e-6);
        QVERIFY(std::abs(f.service.perOutputTokenSeconds - 0.02) < 1e-9);
        // Turns: uniform on [1, 7) (sessions cut at the window's end barely show).
        QVERIFY(f.turns.best());
        QVERIFY2(std::abs(f.turns.mean - 3.5) < 0.1, qPrintable(QString::number(f.turns.mean)));
        // The input fit is of the new messages (uniform [20, 120)), not of the growing prompts.
        QVERIFY2(std::abs(fit.report.input.mean - 69.5) < 2, qPrintable(QString::number(fit.report.input.mean)));
        QCOMPARE(fit.report.input.min, 20u);
        QCOMPARE(fit.report.input.max, 119u);
        QVERIFY(validate(fit.spec).empty());
        QVERIFY(fit.spec.sessions.enabled);
        QCOMPARE(fit.spec.prefix.systemTokens, std::int64_t { 64 });
    }

    void fitFindsSharedBlocksInMooncakeIds()
    {
        // Mooncake-style blocks: half the requests start with one of 4 shared 2-block prefixes.
        Trace t;
        std::uint64_t next = 100;
        for (std::uint32_t i = 0; i < 400; ++i) {
            const bool shared = i % 2 == 0;
            t.requests.push_back({ double(i), kNoAdapter, 2048, 10 });
            if (shared) {
                const std::uint64_t g = (i / 2) % 4;
                t.segments.push_back({ 2 * g, 512, SegmentRole::Block });
                t.segments.push_back({ 2 * g + 1, 512, SegmentRole::Block });
            } else {
                t.segments.push_back({ next++, 512, SegmentRole::Block });
                t.segments.push_back({ next++, 512, SegmentRole::Block });
            }
            t.segments.push_back({ next++, 512, SegmentRole::Block });
            t.segments.push_back({ next++, 512, SegmentRole::Block });
            t.segmentOffsets.push_back(t.segments.size() - 4);
        }
        t.segmentOffsets.push_back(t.segments.size());
        const auto f = fitTrace(t).report.sessions;
        QVERIFY(!f.sessions && f.prefixes);
        QCOMPARE(f.systemTokens, std::int64_t { 0 }); // no prefix common to all
        QCOMPARE(f.groupCount, 4u);
        QCOMPARE(f.groupTokens, std::int64_t { 1024 });
        QCOMPARE(f.groupShare, 0.5);
    }

    void presetsGenerate_data()
    {
        QTest::addColumn<QString>("name");
        for (const auto& p : trafficPresets())
            QTest::newRow(p.name.c_str()) << QString::fromStdString(p.name);
    }
    void presetsGenerate()
    {
        QFETCH(QString, name);
        const WorkloadSpec spec = specForPreset(name.toStdString());
        QVERIFY(validate(spec).empty());
        const Trace t = generate(spec);
        QVERIFY(t.requests.size() > 100);
        checkPrefixStructure(t, name.toStdString());
        const auto st = computeStats(t, ServerLimits {}).sessions;
        QVERIFY(st.prefixes);
        QVERIFY(st.reusableShare > 0.3);
        // The same spec through JSON is the same preset.
        QVERIFY(specFromJson(nlohmann::json::parse(toJson(spec).dump())) == spec);
    }
};

QTEST_GUILESS_MAIN(TestSessions)
#include "tst_sessions.moc"
