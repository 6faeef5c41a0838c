// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "charts/plotdata.h"
#include "document/document.h"
#include "mainwindow.h"

#include <QCoreApplication>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <numeric>

namespace lorascope::test {

/// Keeps tests away from the user's settings and recent files.
inline void isolateSettings()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("LoraScopeTest"));
    QCoreApplication::setApplicationName(QStringLiteral("lorascope-ui-tests"));
    QSettings().clear();
}

/// Waits until no job runs and a workload result exists (bounded).
inline bool waitIdle(Document* doc, int timeoutMs = 60000)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QTest::qWait(5);
        if (!doc->busy() && doc->workload())
            return true;
    }
    return false;
}

/// Waits until `spy` has seen its signal and no job runs (bounded).
inline bool waitForSignal(Document* doc, QSignalSpy& spy, int timeoutMs = 60000)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        QTest::qWait(10);
        if (spy.count() > 0 && !doc->busy())
            return true;
    }
    return false;
}

/// Sum of the y values of a Bars series (the last point closes the histogram).
inline double barsSum(const PlotSeries& s)
{
    double sum = 0;
    for (qsizetype i = 0; i + 1 < s.points.size(); ++i)
        sum += s.points[i].y();
    return sum;
}

} // namespace lorascope::test
