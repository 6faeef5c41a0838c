// SPDX-License-Identifier: Apache-2.0
// The Replay tab's server charts and run folders (docs/replay.md, The desktop Replay tab): a replay against the
// built-in server (serve-sim in-process on 127.0.0.1) charts the server's /metrics on the trace
// axis with the preview overlaid, in agreement with server_metrics.jsonl; the run folder, and
// the `merge` output of it, open into the same series; bad folders get a message naming the file
// and line; before Start every chart is titled with a hint; the left panel keeps its width.
#include "replay/replaytab.h"

#include "analysis/admissionview.h"
#include "charts/plotview.h"
#include "replay/merge.h"
#include "replay/metrics.h"
#include "replay/replayadapters.h"
#include "replay/replaycharts.h"
#include "replay/replaytext.h"
#include "replay/runfolder.h"
#include "replay/runview.h"
#include "replay/servermap.h"
#include "replay/timeline.h"
#include "formats/traceio.h"
#include "workload/presets.h"

#include "uitestutil.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QSplitter>
#include <QTableView>
#include <QDir>
#include <QScreen>
#include <QSpinBox>
#include <QTranslator>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace lorascope;

namespace {

const std::string kLongName = "dummy-lora-13b-rank-64-with-a-very-long-suffix-that-must-be-elided-0";

// 3 s of arrivals over three adapters (one with a long name), 40-token outputs: the built-in
// server keeps a few requests running at once.
QString writeTrace(const QTemporaryDir& dir, std::size_t n = 90, double gap = 1.0 / 30)
{
    Trace t;
    t.adapters = { { "a0", 8 }, { "a1", 16 }, { kLongName, 64 } };
    for (std::size_t i = 0; i < n; ++i)
        t.requests.push_back(Request { double(i) * gap, std::uint32_t(i % 3), 64, 40 });
    const QString path = dir.filePath(QStringLiteral("trace.jsonl"));
    lorascope::writeTrace(t, path.toStdString());
    return path;
}

bool waitFinished(QSignalSpy& spy, int ms = 60000)
{
    QElapsedTimer t;
    t.start();
    while (spy.isEmpty() && t.elapsed() < ms)
        QTest::qWait(20);
    return !spy.isEmpty();
}

const PlotSeries* series(const PlotData& d, const QString& name)
{
    for (const auto& s : d.series)
        if (s.name == name)
            return &s;
    return nullptr;
}

void compareSeries(const PlotData& a, const PlotData& b, const char* what)
{
    QVERIFY2(a.series.size() >= 1, what);
    for (const auto& s : a.series) {
        const auto* o = series(b, s.name);
        if (!o)
            continue; // the preview overlay exists only live
        QVERIFY2(s.points.size() == o->points.size(),
            qPrintable(QStringLiteral("%1/%2: %3 vs %4 points")
                           .arg(QLatin1String(what), s.name)
                           .arg(s.points.size())
                           .arg(o->points.size())));
        for (int i = 0; i < s.points.size(); ++i) {
            QVERIFY2(std::abs(s.points[i].x() - o->points[i].x()) < 1e-6,
                qPrintable(QStringLiteral("%1/%2 x at %3").arg(QLatin1String(what), s.name).arg(i)));
            // requests.jsonl keeps token times to the microsecond: latencies agree to 1 µs (0.001 ms).
            QVERIFY2(std::abs(s.points[i].y() - o->points[i].y()) <= 1e-3 + 1e-9 * std::abs(s.points[i].y()),
                qPrintable(QStringLiteral("%1/%2 y at %3").arg(QLatin1String(what), s.name).arg(i)));
        }
    }
}

} // namespace

class TestReplayCharts : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_liveFolder;
    QHash<QString, PlotData> m_live;

private Q_SLOTS:
    void emptyChartsBeforeStart()
    {
        ReplayTab tab;
        QCOMPARE(tab.chartKeys().size(), 9);
        for (const auto& key : tab.chartKeys()) {
            QVERIFY2(!tab.chart(key)->data().title.isEmpty(), qPrintable(key));
            QVERIFY2(!tab.charts()->hint(key).isEmpty(), qPrintable(key));
            QVERIFY2(!tab.chart(key)->data().note.isEmpty(), qPrintable(key)); // where the numbers come from
            QVERIFY2(!tab.chart(key)->data().y.title.isEmpty(), qPrintable(key)); // a unit
        }
        // The default run folder does not repeat LoraScope/LoraScope.
        QVERIFY2(!tab.resultsRoot().contains(QStringLiteral("LoraScope/LoraScope")), qPrintable(tab.resultsRoot()));
        // Fits a laptop: the tab's minimum is well under 1024×600.
        const QSize min = tab.minimumSizeHint();
        QVERIFY2(min.width() <= 1024 && min.height() <= 600,
            qPrintable(QStringLiteral("%1×%2").arg(min.width()).arg(min.height())));
    }

    void liveReplayChartsTheServer()
    {
        ReplayTab tab;
        QAbstractItemModelTester tester(tab.adapterModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        tab.setTraceFile(writeTrace(m_dir));
        // A long results path: the left panel must not widen when Start shows it.
        tab.setResultsRoot(
            m_dir.filePath(QStringLiteral("runs/a-rather-long-folder-name-for-the-results-of-many-replays")));
        qobject_cast<QComboBox*>(tab.editor(QStringLiteral("backend")))
            ->setCurrentText(QStringLiteral("openai-completions"));
        qobject_cast<QDoubleSpinBox*>(tab.editor(QStringLiteral("speed")))->setValue(2);
        tab.resize(1280, 700);
        tab.show();
        QVERIFY(QTest::qWaitForWindowExposed(&tab));
        auto* controls = tab.findChild<QWidget*>(QStringLiteral("replayControls"));
        QVERIFY(controls);
        const int widthBefore = controls->width();
        QSignalSpy finished(&tab, &ReplayTab::runFinished);
        tab.start();
        QTest::qWait(200);
        QCOMPARE(controls->width(), widthBefore);
        QVERIFY(waitFinished(finished));
        QCOMPARE(controls->width(), widthBefore);
        QVERIFY2(tab.statusText().startsWith(QStringLiteral("Finished")), qPrintable(tab.statusText()));

        // Server series: non-empty, and exactly what server_metrics.jsonl says (on the trace axis).
        const auto& live = tab.serverSamples();
        QVERIFY(live.size() >= 3);
        const auto view = openRunView(tab.runFolder().toStdString());
        QCOMPARE(view.samples.size(), live.size());
        for (std::size_t i = 0; i < live.size(); ++i) {
            QVERIFY(std::abs(view.samples[i].t - live[i].t) < 1e-9);
            QCOMPARE(view.samples[i].ok, live[i].ok);
            if (live[i].ok) {
                QCOMPARE(view.samples[i].running, live[i].running);
                QCOMPARE(view.samples[i].waiting, live[i].waiting);
            }
        }
        const auto server = tab.chart(QStringLiteral("server"))->data();
        const auto* running = series(server, QStringLiteral("running"));
        QVERIFY(running && !running->points.isEmpty());
        double peak = 0;
        for (const auto& p : running->points)
            peak = std::max(peak, p.y());
        QVERIFY2(peak >= 1, "the server never reported a running request");
        QVERIFY(!series(tab.chart(QStringLiteral("kv"))->data(), QStringLiteral("KV usage"))->points.isEmpty());
        QVERIFY(!series(tab.chart(QStringLiteral("adapters"))->data(), QStringLiteral("resident"))->points.isEmpty());
        // The preview's prediction is overlaid, on the same axis (it ends near the trace's end).
        const auto* predicted = series(server, QStringLiteral("preview running"));
        QVERIFY(predicted && !predicted->points.isEmpty());
        QVERIFY(predicted->dashed);
        QVERIFY(predicted->points.last().x() > 2.5 && predicted->points.last().x() < 10);
        QVERIFY(!series(tab.chart(QStringLiteral("kv"))->data(), QStringLiteral("preview KV need"))->points.isEmpty());
        QVERIFY(tab.charts()->hint(QStringLiteral("server")).isEmpty());
        // One time axis: every time chart spans the same range.
        const auto xmax = tab.chart(QStringLiteral("rate"))->data().x.max;
        QVERIFY(xmax);
        for (const char* k : { "latency", "e2e", "tokens", "inflight", "server", "kv", "adapters" })
            QCOMPARE(tab.chart(QLatin1String(k))->data().x.max, xmax);
        // p50 and p90 in different colours.
        const auto lat = tab.chart(QStringLiteral("latency"))->data();
        QVERIFY(series(lat, QStringLiteral("TTFT p50"))->color != series(lat, QStringLiteral("TTFT p90"))->color);
        const auto e2e = tab.chart(QStringLiteral("e2e"))->data();
        QVERIFY(series(e2e, QStringLiteral("E2E p50"))->color != series(e2e, QStringLiteral("E2E p90"))->color);
        // No errors: said in words, not an empty 0–1 chart.
        QVERIFY2(tab.charts()->hint(QStringLiteral("errors")).contains(QStringLiteral("No errors")),
            qPrintable(tab.charts()->hint(QStringLiteral("errors"))));
        QVERIFY(!tab.charts()->chartShown(QStringLiteral("errors")));
        QVERIFY(
            tab.charts()->hint(QStringLiteral("errors")).contains(QStringLiteral("Errors by kind"))); // still titled
        // Effective latency and the token mismatch on screen.
        QVERIFY2(tab.figuresText().contains(QStringLiteral("effective TTFT")), qPrintable(tab.figuresText()));
        QVERIFY2(tab.figuresText().contains(QStringLiteral("Token mismatch: none")), qPrintable(tab.figuresText()));
        QVERIFY(tab.summaryText().contains(QStringLiteral("Effective TTFT")));
        QVERIFY(tab.summaryText().contains(QStringLiteral("Token mismatch (openai-completions): 0 of 90")));
        QVERIFY2(tab.summaryText().contains(QStringLiteral("Server (/metrics")), qPrintable(tab.summaryText()));
        // Speed 2: the tab says why the replay and the preview may differ.
        QVERIFY2(tab.previewText().contains(QStringLiteral("2× faster than real time")), qPrintable(tab.previewText()));
        // Per adapter: residency from the scrapes, the long name elided in the middle with its tool tip.
        auto* model = tab.adapterModel();
        QCOMPARE(model->rowCount(), 3);
        const int longRow = static_cast<ReplayAdapterModel*>(model)->rowOf(QString::fromStdString(kLongName));
        QVERIFY(longRow >= 0);
        QCOMPARE(model->index(longRow, 0).data(Qt::ToolTipRole).toString(), QString::fromStdString(kLongName));
        QCOMPARE(tab.adapterTable()->textElideMode(), Qt::ElideMiddle);
        QVERIFY(tab.adapterTable()->columnWidth(0) <= 220);
        int completed = 0, loads = 0;
        for (int r = 0; r < 3; ++r) {
            completed += model->index(r, ReplayAdapterModel::Completed).data().toInt();
            loads += model->index(r, ReplayAdapterModel::Loads).data().toInt();
            QVERIFY(model->index(r, ReplayAdapterModel::Resident).data().toString() != QStringLiteral("–"));
        }
        QCOMPARE(completed, 90);
        QVERIFY(loads >= 3); // each adapter seen loaded at least once

        m_liveFolder = tab.runFolder();
        for (const auto& key : tab.chartKeys())
            m_live.insert(key, tab.chart(key)->data());
        if (qEnvironmentVariableIsSet("LORASCOPE_REPLAY_SCREENSHOT")) {
            QTest::qWait(200);
            PlotView::applyPending();
            QTest::qWait(200);
            tab.grab().save(qEnvironmentVariable("LORASCOPE_REPLAY_SCREENSHOT"));
        }
    }

    void runFolderAndMergeOpenTheSame()
    {
        QVERIFY(!m_liveFolder.isEmpty());
        ReplayTab single;
        QVERIFY2(single.openRunFolder(m_liveFolder), qPrintable(single.statusText()));
        QVERIFY2(
            single.statusText().contains(QStringLiteral("Opened run: 90 requests")), qPrintable(single.statusText()));
        // The live run's series, read back from its folder (the rates, latencies, errors and the server's).
        for (const char* k : { "rate", "latency", "e2e", "tokens", "server", "kv", "adapters" })
            compareSeries(m_live.value(QLatin1String(k)), single.chart(QLatin1String(k))->data(), k);
        QCOMPARE(single.adapterModel()->rowCount(), 3);
        QVERIFY(single.summaryText().contains(QStringLiteral("Completed 90")));

        // `lorascope-cli merge` of the run gives the same series.
        const auto merged = mergeRuns({ readRunFolder(m_liveFolder.toStdString()) });
        const QString out = m_dir.filePath(QStringLiteral("merged"));
        writeMergedRun(merged, out.toStdString());
        ReplayTab fromMerge;
        QVERIFY2(fromMerge.openRunFolder(out), qPrintable(fromMerge.statusText()));
        QVERIFY2(fromMerge.statusText().contains(QStringLiteral("merged run")), qPrintable(fromMerge.statusText()));
        for (const auto& key : single.chartKeys())
            compareSeries(single.chart(key)->data(), fromMerge.chart(key)->data(), qPrintable(key));
    }

    void badFoldersSayWhy()
    {
        ReplayTab tab;
        const QString missing = m_dir.filePath(QStringLiteral("no-such-run"));
        QVERIFY(!tab.openRunFolder(missing));
        QVERIFY2(tab.statusText().contains(QStringLiteral("no-such-run")), qPrintable(tab.statusText()));
        // A malformed line in the middle of requests.jsonl: the file and line are named.
        const QString bad = m_dir.filePath(QStringLiteral("bad"));
        QDir().mkpath(bad);
        {
            std::ofstream m(QString(bad + QStringLiteral("/manifest.json")).toStdString());
            m << R"({"tool":"lorascope","shard":{"index":0,"count":1}})";
            std::ofstream r(QString(bad + QStringLiteral("/requests.jsonl")).toStdString());
            ReplayRecord rec;
            r << recordToJson(rec).dump() << "\n[1,2\n" << recordToJson(rec).dump() << "\n";
        }
        QVERIFY(!tab.openRunFolder(bad));
        QVERIFY2(tab.statusText().contains(QStringLiteral("requests.jsonl:2")), qPrintable(tab.statusText()));
        // The charts stay as they were (titled, with their hints).
        QVERIFY(!tab.charts()->hint(QStringLiteral("rate")).isEmpty());
        // A summary.json with values of unexpected types opens without a crash, and says so.
        const QString odd = m_dir.filePath(QStringLiteral("odd"));
        QDir().mkpath(odd);
        {
            std::ofstream m(QString(odd + QStringLiteral("/manifest.json")).toStdString());
            m << R"({"tool":"lorascope","shard":{"index":0,"count":1}})";
            std::ofstream r(QString(odd + QStringLiteral("/requests.jsonl")).toStdString());
            r << recordToJson(ReplayRecord {}).dump() << "\n";
            std::ofstream sm(QString(odd + QStringLiteral("/summary.json")).toStdString());
            sm << R"({"completed":"many","cancelled_run":"yes","output_token_mismatch":{"x":{"count":"?"}}})";
        }
        QVERIFY2(tab.openRunFolder(odd), qPrintable(tab.statusText()));
        QVERIFY2(tab.summaryText().contains(QStringLiteral("unexpected type")), qPrintable(tab.summaryText()));
    }

    void liveChartsDrawOnlyWhatHappened()
    {
        // Six seconds into a 40 s schedule: the per-second charts end with the last whole second,
        // not at 40 s with zeros for what has not happened yet; every chart shares one time axis.
        ReplayTimeline t(1.0);
        std::vector<double> schedule;
        for (int i = 0; i < 80; ++i)
            schedule.push_back(0.5 * i);
        t.setSchedule(schedule);
        for (int i = 0; i < 10; ++i) {
            ReplayRecord r;
            r.outcome = Outcome::Completed;
            r.scheduled = r.sent = 0.5 * i;
            r.firstByte = r.sent + 0.2;
            r.end = r.sent + 1.0;
            r.tokens = 10;
            r.outputLen = 10;
            r.tokenTimes = { r.firstByte, r.end };
            t.add(r);
        }
        const double now = 6.3;
        for (const PlotData& d : { ReplayCharts::rateData(t, 40, now), ReplayCharts::tokensData(t, 40, now),
                 ReplayCharts::latencyData(t, 40, now), ReplayCharts::e2eData(t, 40, now) }) {
            QCOMPARE(d.x.max.value_or(-1), 40.0);
            for (const PlotSeries& series : d.series)
                for (const QPointF& p : series.points)
                    QVERIFY2(
                        p.x() <= now, qPrintable(d.title + QStringLiteral(": %1 at %2").arg(series.name).arg(p.x())));
        }
        QVERIFY(!ReplayCharts::rateData(t, 40, now).series[0].points.isEmpty());
        // A finished run: every bin.
        QCOMPARE(ReplayCharts::rateData(t, 40).series[0].points.size(), qsizetype(t.bins().size()));
        // One axis for the client's and the server's charts.
        ReplayCharts charts;
        std::vector<ServerSample> samples(1);
        samples[0].ok = true, samples[0].t = 52, samples[0].running = 3, samples[0].waiting = 0;
        charts.update({ &t, &samples, nullptr, 1.0, true, now });
        PlotView::applyPending();
        for (const QString& key :
            { QStringLiteral("rate"), QStringLiteral("tokens"), QStringLiteral("server"), QStringLiteral("kv") })
            QCOMPARE(charts.chart(key)->data().x.max.value_or(-1), 52.0);
    }

    void previewGapInWords()
    {
        auto preview = std::make_shared<AdmissionAnalysis>();
        preview->timeline.edges = { 0, 10, 20, 30, 40, 50 };
        preview->timeline.queue = { 0, 1, 4, 4, 0 };
        preview->timeline.running = { 2, 8, 8, 8, 1 };
        std::vector<ServerSample> samples(2);
        samples[0].ok = true, samples[0].t = 12, samples[0].waiting = 1, samples[0].running = 8;
        samples[1].ok = true, samples[1].t = 35, samples[1].waiting = 12, samples[1].running = 8;
        ReplayText::PreviewContext c;
        c.started = true;
        c.hasDocument = true;
        c.preview = preview.get();
        c.samples = &samples;
        // The preview's bin 30–40 s holds 4 waiting at most; the server had 12 at t = 35 s: 3.0×.
        c.previewAxisScale = 1.0;
        QVERIFY2(ReplayText::previewNote(c).contains(QStringLiteral("Server queue 3.0× the preview at t = 35 s")),
            qPrintable(ReplayText::previewNote(c)));
        samples[1].waiting = 4;
        QVERIFY2(ReplayText::previewNote(c).contains(QStringLiteral("within the preview's band")),
            qPrintable(ReplayText::previewNote(c)));
        c.builtin = false;
        QVERIFY(ReplayText::previewNote(c).contains(QStringLiteral("External server")));
        // A token mismatch is a warning with count and share.
        const QString figures = ReplayText::liveFigures(20, 0, { 10 }, { 12 }, 3, true);
        QVERIFY2(figures.contains(QStringLiteral("3 of 20 completed requests (15.0 %)")), qPrintable(figures));
    }

    /// Not a check: the main window's Replay tab during and after a replay of a short S4
    /// workload against the built-in server, for the docs and for looking at.
    /// LORASCOPE_SCREENSHOTS=dir xvfb-run -a -s '-screen 0 1280x720x24' ./tst_replaycharts -platform xcb screenshots
    /// (LORASCOPE_SCREENSHOT_LANG=zh_CN for Chinese; QT_SCALE_FACTOR=2 for a projector-sized UI).
    void screenshots()
    {
        test::Screenshots shots;
        if (!shots.begin())
            QSKIP("set LORASCOPE_SCREENSHOTS=dir to save screenshots");
        MainWindow w;
        shots.showFullScreen(w);
        WorkloadSpec spec = specForPreset("S2");
        spec.adapterCount = 16;
        spec.rate = 3;
        spec.duration = 24;
        SimulationConfig server = w.document()->admissionConfig();
        server.scheduler.limits.maxTotalTokenNum
            = 24000; // a server that keeps up (S-LoRA's default 6000 would queue for minutes)
        w.document()->setAdmission(server);
        w.document()->setSpec(spec);
        QVERIFY(test::waitIdle(w.document()));
        w.showTab(QStringLiteral("replay"));
        auto* tab = w.findChild<ReplayTab*>();
        QVERIFY(tab);
        tab->setResultsRoot(m_dir.filePath(QStringLiteral("shots")));
        qobject_cast<QDoubleSpinBox*>(tab->editor(QStringLiteral("timeScale")))->setValue(0.5);
        auto shoot = [&](const QString& name) { QVERIFY(shots.shoot(w, name)); };
        shoot(QStringLiteral("replay-idle"));
        QSignalSpy finished(tab, &ReplayTab::runFinished);
        tab->start();
        QTest::qWait(7000);
        shoot(QStringLiteral("replay-running"));
        QVERIFY(waitFinished(finished, 180000));
        shoot(QStringLiteral("replay-finished"));
    }
};

QTEST_MAIN(TestReplayCharts)
#include "tst_replaycharts.moc"
