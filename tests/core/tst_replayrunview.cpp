// SPDX-License-Identifier: Apache-2.0
// Reading a run folder back for the Replay tab's charts: times on the trace axis (the run clock
// minus its origin), server scrapes mapped, an unfinished run's figures recomputed, bad lines named
// by file and line; adapter residency from the scrapes; where the server left the preview's band.
#include "replay/clock.h"
#include "replay/results.h"
#include "replay/runview.h"
#include "util/error.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace lorascope;

namespace {

ReplayRecord record(std::uint64_t i, double scheduled, const std::string& adapter)
{
    ReplayRecord r;
    r.index = i;
    r.id = i;
    r.adapter = adapter;
    r.inputLen = 8;
    r.outputLen = 4;
    r.scheduled = r.dispatched = r.sent = scheduled;
    r.firstByte = scheduled + 0.01;
    r.tokenTimes = { scheduled + 0.02, scheduled + 0.03, scheduled + 0.04, scheduled + 0.05 };
    r.end = scheduled + 0.05;
    r.httpStatus = 200;
    r.outcome = Outcome::Completed;
    r.tokens = 4;
    return r;
}

nlohmann::json scrapeLine(double t, double running, double waiting, std::vector<std::string> adapters)
{
    ServerSample s;
    s.ok = true;
    s.running = running;
    s.waiting = waiting;
    s.runningAdapters = std::move(adapters);
    s.runningAdapterCount = s.runningAdapters.size();
    s.adapterListsKnown = true;
    return { { "t_s", t }, { "t_end_s", t + 0.001 }, { "ok", true }, { "mapped", serverSampleToJson(s) } };
}

std::string writeRun(const QTemporaryDir& tmp, const QString& name, double origin, bool finished)
{
    const std::string dir = tmp.filePath(name).toStdString();
    ResultsFolder f(dir);
    RunClock c;
    c.origin = origin;
    f.writeManifest({ { "tool", "lorascope" }, { "backend", "slora" }, { "shard", { { "index", 0 }, { "count", 1 } } },
        { "options", { { "time_scale", 0.5 } } }, { "clock", runClockToJson(c) } });
    f.append(record(0, origin + 0.0, "a0"));
    f.append(record(1, origin + 1.0, "a1"));
    f.appendServerMetrics(scrapeLine(origin + 0.5, 1, 0, { "a0" }));
    f.appendServerMetrics(scrapeLine(origin + 1.0, 2, 5, { "a0", "a1" }));
    f.appendServerMetrics(scrapeLine(origin + 1.5, 0, 0, {}));
    f.appendServerMetrics(scrapeLine(origin + 2.0, 1, 0, { "a1" }));
    if (finished)
        f.writeSummary({ { "completed", 2 } });
    return dir;
}

} // namespace

class TestReplayRunView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void timesOnTheTraceAxis()
    {
        QTemporaryDir tmp;
        const auto v = openRunView(writeRun(tmp, QStringLiteral("run"), 0.25, true));
        QCOMPARE(int(v.kind), int(RunView::Kind::Single));
        QVERIFY(v.finished);
        QCOMPARE(v.timeScale, 0.5);
        QCOMPARE(v.records.size(), std::size_t(2));
        QCOMPARE(v.records[0].scheduled, 0.0);
        QCOMPARE(v.records[1].scheduled, 1.0);
        QCOMPARE(v.records[1].tokenTimes.front(), 1.02);
        QCOMPARE(v.records[1].ttft(), 0.02); // durations unchanged by the shift
        QCOMPARE(v.samples.size(), std::size_t(4));
        QCOMPARE(v.samples[1].t, 1.0 - 0.25 + 0.25); // 1.25 on the run clock
        QCOMPARE(v.samples[1].waiting, 5.0);
        QCOMPARE(v.summary.value("completed", 0), 2);
    }

    void unfinishedRunIsSummarised()
    {
        QTemporaryDir tmp;
        const auto v = openRunView(writeRun(tmp, QStringLiteral("run"), 0.05, false));
        QVERIFY(!v.finished);
        QCOMPARE(v.summary.value("completed", 0), 2); // recomputed from requests.jsonl
        QVERIFY(!v.notes.empty());
    }

    void badFoldersAreNamed()
    {
        QTemporaryDir tmp;
        try {
            openRunView(tmp.filePath(QStringLiteral("nothing")).toStdString());
            QFAIL("an empty folder opened");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(QStringLiteral("nothing")), e.what());
        }
        const std::string dir = writeRun(tmp, QStringLiteral("bad"), 0.05, true);
        {
            std::ofstream out(dir + "/requests.jsonl", std::ios::app);
            out << "{not json\n" << recordToJson(record(2, 2, "a0")).dump() << "\n";
        }
        try {
            openRunView(dir);
            QFAIL("a malformed line was accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.file()), QString::fromStdString(dir + "/requests.jsonl"));
            QCOMPARE(e.line(), std::uint64_t(3));
        }
    }

    void residencyFromScrapes()
    {
        QTemporaryDir tmp;
        const auto v = openRunView(writeRun(tmp, QStringLiteral("run"), 0.0, true));
        const auto res = adapterResidency(v.samples);
        QCOMPARE(res.size(), std::size_t(2));
        const auto& a0 = res.at("a0");
        QCOMPARE(a0.scrapes, std::size_t(2));
        QCOMPARE(a0.loads, std::size_t(1));
        QCOMPARE(a0.firstSeen, 0.5);
        QCOMPARE(a0.lastSeen, 1.0);
        const auto& a1 = res.at("a1");
        QCOMPARE(a1.scrapes, std::size_t(2));
        QCOMPARE(a1.loads, std::size_t(2)); // gone at 1.5 s, back at 2 s
        QCOMPARE(a1.lastSeen, 2.0);
    }

    void previewGap()
    {
        StepTimelineBins p;
        p.edges = { 0, 1, 2, 3 };
        p.queue = { 0, 2, 1 };
        p.running = { 1, 2, 2 };
        // Trace second 1–2 predicts a queue of 2; at time scale 0.5 that is replay time 0.5–1.
        QCOMPARE(previewAt(p, p.queue, 0.75, 0.5), 2.0);
        QVERIFY(std::isnan(previewAt(p, p.queue, 1.6, 0.5)));
        QVERIFY(std::isnan(previewAt(p, p.queue, -0.1, 1.0)));
        std::vector<ServerSample> s(3);
        for (auto& x : s)
            x.ok = true;
        s[0].t = 0.2, s[0].waiting = 1, s[0].running = 1; // within
        s[1].t = 0.7, s[1].waiting = 6, s[1].running = 2; // queue 3× the preview
        s[2].t = 1.2, s[2].waiting = 3, s[2].running = 2; // 3 vs 1: within the slack of 2
        const auto gap = largestPreviewGap(s, p, 0.5);
        QVERIFY(gap);
        QCOMPARE(int(gap->quantity), int(PreviewGap::Quantity::Queue));
        QCOMPARE(gap->t, 0.7);
        QCOMPARE(gap->ratio, 3.0);
        s[1].waiting = 2;
        QVERIFY(!largestPreviewGap(s, p, 0.5));
    }

    void coarsenKeepsTheEnvelope()
    {
        StepTimelineBins p;
        p.edges = { 0, 0.25, 0.5, 0.75, 1.0, 1.25 };
        p.running = { 60, 2, 60, 3, 5 }; // decode passes (60) between prefill-only bins (2, 3)
        p.queue = { 0, 1, 0, 4, 0 };
        p.kvNeed = p.kvUsed = p.adapterSlots = p.residentAdapters = { 1, 2, 3, 4, 5 };
        p.kvCapacity = 100;
        const auto c = coarsenBins(p, 0.5);
        QCOMPARE(c.edges, (std::vector<double> { 0, 0.5, 1.0, 1.25 }));
        QCOMPARE(c.running, (std::vector<double> { 60, 60, 5 }));
        QCOMPARE(c.queue, (std::vector<double> { 1, 4, 0 }));
        QCOMPARE(c.kvNeed, (std::vector<double> { 2, 4, 5 }));
        QCOMPARE(c.kvCapacity, std::int64_t(100));
        // Already wide enough, or a malformed input: unchanged.
        QCOMPARE(coarsenBins(p, 0.1).edges, p.edges);
        StepTimelineBins bad = p;
        bad.queue.pop_back();
        QCOMPARE(coarsenBins(bad, 0.5).edges, p.edges);
    }
};

QTEST_GUILESS_MAIN(TestReplayRunView)
#include "tst_replayrunview.moc"
