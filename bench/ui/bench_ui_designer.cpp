// SPDX-License-Identifier: Apache-2.0
// GUI benchmarks of the designer (the targets of docs/workload.md, Designer responsiveness). Prints numbers; never fails on time.
//   bench_ui_designer [workload|workload-sessions|stall|admission|all|swap]   (swap: a 1M-request admission result; minutes;
//                     workload-sessions: the workload measurement on the chat preset, sessions and system prompts)
//   bench_ui_designer shot 1280x720 designer.png   (a picture of the Designer tab, to compare before/after a change)
// Run under a display (xvfb-run -a -s '-screen 0 1920x1080x24') or QT_QPA_PLATFORM=offscreen.
#include "admission/admissiontab.h"
#include "admission/ganttview.h"
#include "charts/plotview.h"
#include "document/document.h"
#include "mainwindow.h"
#include "workload/parameterpanel.h"
#include "workload/presets.h"
#include "workload/rasterview.h"
#include "workload/workloadtab.h"

#include <QApplication>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QResizeEvent>
#include <QGraphicsView>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <set>
#include <vector>

using namespace lorascope;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

/// Runs the event loop until done() (checked every millisecond) or the timeout. The loop sleeps
/// between events like the application's own: a loop spinning on processEvents() would take a
/// whole core from the worker threads being measured (2 cores here).
bool waitFor(const std::function<bool()>& done, int timeoutMs)
{
    if (done())
        return true;
    QElapsedTimer t;
    t.start();
    QEventLoop loop;
    QTimer check;
    check.setObjectName(QStringLiteral("benchCheck"));
    check.setTimerType(Qt::PreciseTimer);
    check.setInterval(1);
    bool ok = false;
    QObject::connect(&check, &QTimer::timeout, &loop, [&] {
        if (done()) {
            ok = true;
            loop.quit();
        } else if (t.elapsed() > timeoutMs) {
            loop.quit();
        }
    });
    check.start();
    loop.exec();
    return ok;
}

// Records which of the watched widgets painted since the last reset(): "every chart updated" means
// every chart's new data is on screen, and Qt Charts paints a scene change one or two event-loop
// turns after the data changed.
class PaintWatcher : public QObject {
public:
    void watch(QWidget* w)
    {
        w->installEventFilter(this);
        m_watched.push_back(w);
    }
    void reset() { m_painted.clear(); }
    bool allPainted() const { return m_painted.size() == m_watched.size(); }

protected:
    bool eventFilter(QObject* o, QEvent* e) override
    {
        if (e->type() == QEvent::Paint)
            m_painted.insert(o);
        return false;
    }

private:
    std::vector<QObject*> m_watched;
    std::set<QObject*> m_painted;
};

void watchWorkloadCharts(MainWindow& w, PaintWatcher& painted)
{
    for (const auto& key : w.workloadTab()->chartKeys()) {
        if (auto* chart = w.workloadTab()->chart(key); chart && chart->isVisibleTo(w.workloadTab()))
            painted.watch(chart->findChild<QGraphicsView*>()->viewport());
    }
    painted.watch(w.workloadTab()->raster());
}

// CPU time the calling thread has used (tells our own work from waiting on a loaded machine).
qint64 threadCpuNs()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

/// Times every event the GUI thread dispatches, so a long event-loop gap can be named: which
/// receiver, which event, how long (the top outermost dispatches since the last reset).
class TimingApplication : public QApplication {
public:
    using QApplication::QApplication;
    struct Slow {
        double ms;
        QString what;
    };
    bool notify(QObject* receiver, QEvent* event) override
    {
        if (m_recording && m_depth > 0 && event->type() == QEvent::Resize && receiver->inherits("QChartView")) {
            const auto* re = static_cast<QResizeEvent*>(event);
            m_timeline.push_back({ double(m_wall.nsecsElapsed()) / 1e6, 0, 0,
                QStringLiteral("    resize chart %1x%2 -> %3x%4")
                    .arg(re->oldSize().width())
                    .arg(re->oldSize().height())
                    .arg(re->size().width())
                    .arg(re->size().height()) });
        }
        if (m_recording && m_depth > 0 && event->type() == QEvent::Paint && receiver->parent()) {
            // Paints of chart viewports happen inside other dispatches: list them too (indented).
            const qint64 cpu0 = threadCpuNs(), wall0 = m_wall.nsecsElapsed();
            ++m_depth;
            const bool r = QApplication::notify(receiver, event);
            --m_depth;
            m_timeline.push_back(
                { double(wall0) / 1e6, double(m_wall.nsecsElapsed() - wall0) / 1e6, double(threadCpuNs() - cpu0) / 1e6,
                    QStringLiteral("    paint ") + receiver->parent()->objectName() + QLatin1Char('/')
                        + QString::fromLatin1(receiver->parent()->metaObject()->className()) });
            return r;
        }
        if (m_depth++ > 0 || !m_recording) {
            const bool r = QApplication::notify(receiver, event);
            --m_depth;
            return r;
        }
        const qint64 cpu0 = threadCpuNs();
        const QString what = QString::fromLatin1(receiver->metaObject()->className()) + QLatin1Char('/')
            + receiver->objectName() + QStringLiteral(" event ") + QString::number(int(event->type()));
        const qint64 wall0 = m_wall.nsecsElapsed();
        const bool r = QApplication::notify(receiver, event);
        --m_depth;
        const double ms = double(threadCpuNs() - cpu0) / 1e6; // CPU time: a loaded machine does not inflate it
        const double wallMs = double(m_wall.nsecsElapsed() - wall0) / 1e6;
        if (wallMs > 0.3 || ms > 0.3)
            m_timeline.push_back({ double(wall0) / 1e6, wallMs, ms, what });
        if (ms > 1.0) {
            m_slow.push_back({ ms, what });
            std::sort(m_slow.begin(), m_slow.end(), [](const Slow& a, const Slow& b) { return a.ms > b.ms; });
            if (m_slow.size() > 5)
                m_slow.pop_back();
        }
        return r;
    }
    void record(bool on)
    {
        if (on) {
            m_slow.clear();
            m_timeline.clear();
            m_wall.start();
        }
        m_recording = on;
    }
    /// Every outermost dispatch over 0.3 ms since `sinceMs` (milliseconds on the recording clock).
    struct Dispatch {
        double startMs, wallMs, cpuMs;
        QString what;
    };
    double nowMs() const { return double(m_wall.nsecsElapsed()) / 1e6; }
    std::vector<Dispatch> timelineSince(double sinceMs) const
    {
        std::vector<Dispatch> out;
        for (const auto& d : m_timeline)
            if (d.startMs >= sinceMs)
                out.push_back(d);
        return out;
    }
    QString slowest() const
    {
        QStringList out;
        for (const auto& s : m_slow)
            out << QStringLiteral("%1 ms CPU %2").arg(s.ms, 0, 'f', 1).arg(s.what);
        return out.join(QStringLiteral("; "));
    }

private:
    int m_depth = 0;
    bool m_recording = false;
    std::vector<Slow> m_slow;
    QElapsedTimer m_wall;
    std::vector<Dispatch> m_timeline;
};

/// Nanoseconds the calling thread has waited on a run queue (runnable, not running): a gap the
/// GUI thread spends there is another thread or process holding the core. 0 where unavailable.
qint64 threadRunQueueWaitNs()
{
    FILE* f = std::fopen("/proc/thread-self/schedstat", "r");
    if (!f)
        return 0;
    unsigned long long run = 0, wait = 0;
    const int n = std::fscanf(f, "%llu %llu", &run, &wait);
    std::fclose(f);
    return n == 2 ? qint64(wait) : 0;
}

TimingApplication* timingApp()
{
    return static_cast<TimingApplication*>(QCoreApplication::instance());
}

/// `workload-sessions`: the same measurement on the chat preset (sessions, system prompts: three more
/// charts and the session statistics with the perfect-cache reuse), else on S4.
bool g_sessions = false;

WorkloadSpec specWithRequests(double requests)
{
    WorkloadSpec s = specForPreset(g_sessions ? "chat" : "S4");
    s.rate = requests / s.duration;
    return s;
}

void benchWorkload(MainWindow& w)
{
    auto* doc = w.document();
    doc->setSpec(specWithRequests(100000));
    waitFor(
        [&] {
            return !doc->busy() && doc->workload() && doc->workload()->stats.count > (g_sessions ? 70000u : 90000u);
        },
        120000);
    waitFor([&] { return !doc->busy(); }, 120000);
    auto* alpha = qobject_cast<QDoubleSpinBox*>(w.workloadTab()->panel()->editor(QStringLiteral("popularity.alpha")));
    PaintWatcher painted;
    watchWorkloadCharts(w, painted);
    std::vector<double> total, worker, gui, toUpdated, paint, guiCpu;
    int unpainted = 0;
    bool updated = false;
    // `painted` as context: the connection ends with this function (the lambda uses its locals).
    QObject::connect(w.workloadTab(), &WorkloadTab::chartsUpdated, &painted, [&] {
        updated = true;
        painted.reset();
    });
    timingApp()->record(true);
    std::vector<std::vector<TimingApplication::Dispatch>> timelines;
    const double values[] = { 0.3, 0.6, 1.0, 0.45, 0.8 };
    for (int i = 0; i < 15; ++i) {
        updated = false;
        const double since = timingApp()->nowMs();
        QElapsedTimer t;
        t.start();
        alpha->setValue(values[i % 5] + 0.001 * i);
        waitFor([&] { return updated; }, 60000);
        toUpdated.push_back(double(t.nsecsElapsed()) / 1e6);
        const qint64 cpu0 = threadCpuNs();
        // Let the updated charts and the raster paint (Qt Charts paints one or more turns later).
        w.repaint();
        if (!waitFor([&] { return painted.allPainted(); }, 1000))
            ++unpainted;
        total.push_back(double(t.nsecsElapsed()) / 1e6);
        paint.push_back(total.back() - toUpdated.back());
        guiCpu.push_back(double(threadCpuNs() - cpu0) / 1e6);
        worker.push_back(doc->lastWorkloadMs());
        gui.push_back(w.workloadTab()->lastRefreshMs());
        timelines.push_back(timingApp()->timelineSince(since));
        for (auto& d : timelines.back())
            d.startMs -= since;
        waitFor([&] { return !doc->busy(); }, 60000); // admission preview of the new trace
    }
    std::printf("workload: %llu requests; parameter change -> every chart updated and painted: median %.1f ms (min "
                "%.1f, max %.1f) over %zu changes\n",
        (unsigned long long)doc->workload()->stats.count, median(total), *std::min_element(total.begin(), total.end()),
        *std::max_element(total.begin(), total.end()), total.size());
    std::printf("  of which worker (generate + stats + theory + raster): median %.1f ms; GUI thread chart refresh: "
                "median %.1f ms\n",
        median(worker), median(gui));
    std::printf("  change -> chartsUpdated: median %.1f ms; then until every chart and the raster painted: median %.1f "
                "ms (GUI-thread CPU %.1f ms)%s\n",
        median(toUpdated), median(paint), median(guiCpu), unpainted ? " -- some charts did not paint within 1 s!" : "");
    timingApp()->record(false);
    std::printf("  longest event dispatches: %s\n", qPrintable(timingApp()->slowest()));
    if (qEnvironmentVariableIsSet("LORASCOPE_BENCH_TIMELINE")) {
        // The change with the median total: every dispatch over 0.3 ms from the edit until every chart painted.
        std::vector<std::size_t> order(total.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::sort(order.begin(), order.end(), [&](auto a, auto b) { return total[a] < total[b]; });
        const std::size_t m = order[order.size() / 2];
        std::printf("  timeline of change %zu (total %.1f ms; chartsUpdated at %.1f ms): start ms, wall ms, CPU ms, "
                    "receiver/event\n",
            m, total[m], toUpdated[m]);
        for (const auto& d : timelines[m]) {
            if (d.startMs <= total[m])
                std::printf("    %7.1f %6.1f %6.1f  %s\n", d.startMs, d.wallMs, d.cpuMs, qPrintable(d.what));
        }
    }
}

void benchStall(MainWindow& w)
{
    auto* doc = w.document();
    waitFor([&] { return !doc->busy(); }, 120000);
    // What an earlier step left pending runs first and is reported on its own line (in `all`: the
    // Workload tab's layout and first paint after the admission step switched back to it, a
    // tab switch's cost): the gap measured below is the generation's.
    timingApp()->record(true);
    waitFor([] { return false; }, 300);
    timingApp()->record(false);
    const QString pending = timingApp()->slowest();
    // A 1 ms timer measures the longest gap between event-loop turns while 10 M requests generate.
    QElapsedTimer clock;
    clock.start();
    qint64 last = clock.nsecsElapsed(), maxGap = 0;
    // The GUI thread's own CPU time between two ticks tells blocking (our code) from starvation
    // (other processes on a loaded machine): a stall we cause burns GUI-thread CPU.
    qint64 lastCpu = threadCpuNs(), maxCpuGap = 0;
    qint64 lastWait = threadRunQueueWaitNs(), maxWaitGap = 0, waitInMaxGap = 0, cpuInMaxGap = 0;
    std::vector<double> gaps;
    QTimer tick;
    tick.setInterval(1);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        const qint64 cpu = threadCpuNs();
        const qint64 wait = threadRunQueueWaitNs();
        if (now - last > maxGap) {
            maxGap = now - last;
            waitInMaxGap = wait - lastWait;
            cpuInMaxGap = cpu - lastCpu;
        }
        maxCpuGap = std::max(maxCpuGap, cpu - lastCpu);
        maxWaitGap = std::max(maxWaitGap, wait - lastWait);
        lastCpu = cpu;
        lastWait = wait;
        gaps.push_back(double(now - last) / 1e6);
        last = now;
    });
    PaintWatcher painted;
    watchWorkloadCharts(w, painted);
    bool updated = false;
    // `painted` as context: the connection ends with this function (the lambda uses its locals).
    QObject::connect(w.workloadTab(), &WorkloadTab::chartsUpdated, &painted, [&] {
        updated = true;
        painted.reset();
    });
    tick.start();
    timingApp()->record(true);
    QElapsedTimer t;
    t.start();
    doc->setSpec(specWithRequests(10000000));
    last = clock.nsecsElapsed();
    lastCpu = threadCpuNs();
    lastWait = threadRunQueueWaitNs();
    const qint64 wait0 = lastWait;
    waitFor([&] { return updated; }, 600000);
    const double genMs = double(t.nsecsElapsed()) / 1e6;
    // Measure until the new trace is on screen: every chart and the raster painted.
    waitFor([&] { return painted.allPainted(); }, 2000);
    tick.stop();
    timingApp()->record(false);
    if (qEnvironmentVariableIsSet("LORASCOPE_BENCH_TIMELINE")) {
        std::printf("  stall timeline: dispatches over 1 ms CPU (start ms, wall ms, CPU ms, receiver/event; indented: "
                    "paints within)\n");
        for (const auto& d : timingApp()->timelineSince(0)) {
            if (d.cpuMs > 1.0 || d.what.contains(QLatin1String("resize")))
                std::printf("    %7.1f %6.1f %6.1f  %s\n", d.startMs, d.wallMs, d.cpuMs, qPrintable(d.what));
        }
    }
    std::sort(gaps.begin(), gaps.end());
    std::printf(
        "stall: 10M-request generation + analysis took %.0f ms (%llu requests); longest GUI event-loop gap %.1f ms "
        "(p99 %.1f ms, %zu timer ticks)\n",
        genMs, (unsigned long long)doc->workload()->stats.count, double(maxGap) / 1e6,
        gaps.empty() ? 0 : gaps[gaps.size() * 99 / 100], gaps.size());
    std::printf("  before the run, what the previous step left pending (not in the gap above): longest dispatches %s\n",
        pending.isEmpty() ? "none" : qPrintable(pending));
    std::printf("  longest GUI-thread CPU burst between two event-loop turns: %.1f ms (wall gaps beyond it are "
                "scheduling on a loaded machine)\n",
        double(maxCpuGap) / 1e6);
    std::printf("  the longest gap: %.1f ms GUI-thread CPU + %.1f ms waiting for a core (run queue); longest run-queue "
                "wait in one gap %.1f ms, "
                "%.0f ms in all\n",
        double(cpuInMaxGap) / 1e6, double(waitInMaxGap) / 1e6, double(maxWaitGap) / 1e6,
        double(threadRunQueueWaitNs() - wait0) / 1e6);
    std::printf(
        "  longest event dispatches (receiver class/name, event type): %s\n", qPrintable(timingApp()->slowest()));
    doc->cancel();
    waitFor([&] { return !doc->busy(); }, 600000);
}

void benchAdmission(MainWindow& w)
{
    auto* doc = w.document();
    w.tabs()->setCurrentIndex(1);
    doc->setSpec(specWithRequests(100000));
    waitFor(
        [&] { return !doc->busy() && doc->admission() && doc->admission()->result.requests.size() > 90000; }, 600000);
    std::vector<double> total, gui, job;
    PaintWatcher painted;
    for (const auto& key : w.admissionTab()->chartKeys()) {
        if (auto* chart = w.admissionTab()->chart(key))
            painted.watch(chart->findChild<QGraphicsView*>()->viewport());
    }
    bool updated = false;
    // `painted` as context: the connection ends with this function (the lambda uses its locals).
    QObject::connect(w.admissionTab(), &AdmissionTab::chartsUpdated, &painted, [&] {
        updated = true;
        painted.reset();
    });
    for (int i = 0; i < 5; ++i) {
        updated = false;
        QElapsedTimer t;
        t.start();
        doc->recomputeAdmission();
        waitFor([&] { return updated; }, 600000);
        w.repaint();
        waitFor([&] { return painted.allPainted(); }, 1000);
        total.push_back(double(t.nsecsElapsed()) / 1e6);
        gui.push_back(w.admissionTab()->lastRefreshMs());
        job.push_back(doc->lastAdmissionMs());
    }
    const auto& sum = doc->admission()->result.summary;
    std::printf("admission: %llu requests, %llu forward passes (%s clock); simulation + charts: median %.0f ms (min "
                "%.0f, max %.0f; "
                "job request to delivery %.0f ms, GUI part %.1f ms)\n",
        (unsigned long long)sum.requests, (unsigned long long)sum.steps,
        doc->admission()->result.clock == ClockKind::Model ? "model" : "step", median(total),
        *std::min_element(total.begin(), total.end()), *std::max_element(total.begin(), total.end()), median(job),
        median(gui));
    auto* gantt = w.admissionTab()->gantt();
    std::vector<double> paints;
    const int rows = int(doc->admission()->result.requests.size());
    for (int r = 0; r < rows && paints.size() < 300; r += std::max(1, rows / 300)) {
        gantt->scrollToRow(r);
        gantt->repaint();
        paints.push_back(gantt->lastPaintMs());
    }
    std::printf("  Gantt scrolling (%dx%d px): paint median %.2f ms, max %.2f ms over %zu scroll positions\n",
        gantt->width(), gantt->height(), median(paints),
        paints.empty() ? 0 : *std::max_element(paints.begin(), paints.end()), paints.size());
    auto* raster = w.workloadTab()->raster();
    w.tabs()->setCurrentIndex(0);
    std::vector<double> rpaints;
    for (int i = 0; i < 50; ++i) {
        raster->setWindow(i * 5.0, i * 5.0 + 60.0);
        raster->repaint();
        rpaints.push_back(raster->lastPaintMs());
    }
    std::printf("  arrival raster zoom/scroll over 100k requests: paint median %.2f ms, max %.2f ms\n", median(rpaints),
        *std::max_element(rpaints.begin(), rpaints.end()));
}

/// A new admission result for a 1M-request trace arriving on the GUI thread (the table, the Gantt
/// and the charts take it): the CPU the GUI thread spends, with the admission tab hidden and shown.
void benchSwap(MainWindow& w)
{
    auto* doc = w.document();
    doc->setSpec(specWithRequests(1000000));
    waitFor(
        [&] { return !doc->busy() && doc->admission() && doc->admission()->result.requests.size() > 900000; }, 900000);
    for (int tab : { 0, 1 }) {
        w.tabs()->setCurrentIndex(tab);
        waitFor([] { return false; }, 300);
        timingApp()->record(true);
        doc->recomputeAdmission();
        waitFor([&] { return !doc->busy(); }, 900000);
        waitFor([] { return false; }, 300); // let the charts apply and paint
        timingApp()->record(false);
        std::printf("swap: %zu-request admission result, admission tab %s: job %.0f ms, AdmissionTab refresh %.1f ms; "
                    "longest dispatches: %s\n",
            doc->admission()->result.requests.size(), tab == 1 ? "shown" : "hidden", doc->lastAdmissionMs(),
            w.admissionTab()->lastRefreshMs(), qPrintable(timingApp()->slowest()));
    }
}

} // namespace

int main(int argc, char** argv)
{
    std::setvbuf(stdout, nullptr, _IONBF, 0);
    TimingApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("LoraScopeBench"));
    QSettings().clear();
    const QString what = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("all");
    MainWindow w;
    w.resize(1920, 1080);
    if (what == QLatin1String("shot") && argc > 3) // shot WxH file.png: the Designer tab as drawn (to compare pictures)
        w.resize(QString::fromLocal8Bit(argv[2]).section(QLatin1Char('x'), 0, 0).toInt(),
            QString::fromLocal8Bit(argv[2]).section(QLatin1Char('x'), 1, 1).toInt());
    w.show();
    waitFor([&] { return w.document()->workload() && !w.document()->busy(); }, 60000);
    if (what == QLatin1String("shot") && argc > 3) {
        waitFor([] { return false; }, 1500); // every chart applied and painted
        w.grab().save(QString::fromLocal8Bit(argv[3]));
        return 0;
    }
    g_sessions = what == QLatin1String("workload-sessions");
    if (what == QLatin1String("workload") || what == QLatin1String("all") || g_sessions)
        benchWorkload(w);
    if (what == QLatin1String("admission") || what == QLatin1String("all"))
        benchAdmission(w);
    if (what == QLatin1String("swap"))
        benchSwap(w);
    if (what == QLatin1String("stall") || what == QLatin1String("all"))
        benchStall(w);
    return 0;
}
