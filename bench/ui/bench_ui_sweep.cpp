// SPDX-License-Identifier: Apache-2.0
// The Sweep tab's responsiveness while a sweep runs (docs/sweep.md, Performance: no GUI stall over 16 ms). A 1 ms
// timer measures the longest gap between event-loop turns, and the GUI thread's own CPU time
// between two turns tells our work from scheduling on a loaded machine (as bench_ui_designer).
// Prints numbers; never fails on time.
//   bench_ui_sweep [repeats]
// Run under a display (xvfb-run -a -s '-screen 0 1920x1080x24') or QT_QPA_PLATFORM=offscreen.
#include "charts/plotview.h"
#include "document/document.h"
#include "mainwindow.h"
#include "sweep/sweepmodel.h"
#include "sweep/sweeptab.h"
#include "workload/presets.h"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <vector>

using namespace lorascope;

namespace {

qint64 threadCpuNs()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

std::string loadAverage()
{
    std::ifstream in("/proc/loadavg");
    std::string a, b, c;
    in >> a >> b >> c;
    return a + " " + b + " " + c;
}

bool waitFor(const std::function<bool()>& done, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    return true;
}

struct Gaps {
    double wallMs = 0, cpuMs = 0, p99Ms = 0, runMs = 0, refreshMs = 0;
    std::size_t ticks = 0, points = 0;
};

/// Runs `start` and measures the event loop until the tab's run finished and the charts painted.
Gaps measure(SweepTab* tab, const std::function<bool()>& start)
{
    QElapsedTimer clock;
    clock.start();
    qint64 last = clock.nsecsElapsed(), maxGap = 0;
    qint64 lastCpu = threadCpuNs(), maxCpu = 0;
    std::vector<double> gaps;
    QTimer tick;
    tick.setInterval(1);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        maxGap = std::max(maxGap, now - last);
        const qint64 cpu = threadCpuNs();
        maxCpu = std::max(maxCpu, cpu - lastCpu);
        lastCpu = cpu;
        gaps.push_back(double(now - last) / 1e6);
        last = now;
    });
    bool finished = false;
    QObject::connect(tab, &SweepTab::runFinished, &tick, [&] { finished = true; });
    tick.start();
    QElapsedTimer run;
    run.start();
    last = clock.nsecsElapsed();
    lastCpu = threadCpuNs();
    start();
    waitFor([&] { return finished; }, 600000);
    Gaps g;
    g.runMs = double(run.nsecsElapsed()) / 1e6;
    waitFor([] { return false; }, 300); // the last charts apply and paint
    tick.stop();
    std::sort(gaps.begin(), gaps.end());
    g.wallMs = double(maxGap) / 1e6;
    g.cpuMs = double(maxCpu) / 1e6;
    g.p99Ms = gaps.empty() ? 0 : gaps[gaps.size() * 99 / 100];
    g.ticks = gaps.size();
    g.points = tab->model()->points().size();
    g.refreshMs = tab->maxRefreshMs();
    return g;
}

} // namespace

int main(int argc, char** argv)
{
    std::setvbuf(stdout, nullptr, _IONBF, 0);
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("LoraScopeBench"));
    const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
    MainWindow w;
    w.resize(1920, 1080);
    w.show();
    auto* doc = w.document();
    doc->setSpec(specForPreset("S4")); // 300 s, n = 200
    waitFor([&] { return !doc->busy() && doc->workload(); }, 120000);
    auto* tab = w.sweepTab();
    w.tabs()->setCurrentWidget(tab);
    auto* param = qobject_cast<QComboBox*>(tab->editor(QStringLiteral("param")));
    param->setCurrentIndex(param->findData(int(SweepParam::Rate)));
    qobject_cast<QLineEdit*>(tab->editor(QStringLiteral("values")))->setText(QStringLiteral("0.5:10:0.5"));
    std::printf("load average before: %s\n", loadAverage().c_str());
    for (int i = 0; i < repeats; ++i) {
        const Gaps s = measure(tab, [&] { return tab->runSweep(); });
        std::printf("sweep  (S4, 20 rates 0.5..10, 300 s): %zu points in %.0f ms; longest GUI event-loop gap %.1f ms "
                    "(p99 %.1f ms, %zu ticks), "
                    "longest GUI-thread CPU burst %.1f ms (of which one batch of points: %.1f ms) [target: no stall "
                    "over 16 ms]\n",
            s.points, s.runMs, s.wallMs, s.p99Ms, s.ticks, s.cpuMs, s.refreshMs);
        const Gaps f = measure(tab, [&] { return tab->findCapacity(); });
        std::printf("finder (same workload, within 0.5..10):  %zu points in %.0f ms; longest GUI event-loop gap %.1f "
                    "ms (p99 %.1f ms), "
                    "longest GUI-thread CPU burst %.1f ms (one batch: %.1f ms)\n",
            f.points, f.runMs, f.wallMs, f.p99Ms, f.cpuMs, f.refreshMs);
    }
    std::printf("load average after: %s\n", loadAverage().c_str());
    return 0;
}
