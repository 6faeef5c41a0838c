// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "charts/plotdata.h"
#include "charts/plotview.h"
#include "document/document.h"
#include "mainwindow.h"
#include "window/chartexporter.h"
#include "window/helpwindow.h"
#include "window/sessions.h"
#include "window/statusline.h"
#include "window/traceactions.h"
#include "window/translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QLocale>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTranslator>
#include <QWidget>

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

/// Pictures of the window for the docs and for looking at (never a check). Asked for with
/// LORASCOPE_SCREENSHOTS=dir (LORASCOPE_SCREENSHOT_LANG=zh_CN for the translation); run under a
/// display, e.g. xvfb-run -a -s '-screen 0 1280x720x24' ./tst_x -platform xcb screenshots.
class Screenshots {
public:
    /// Reads the variables, installs the translation and makes the folder; false when no
    /// screenshots were asked for (the test then skips).
    bool begin()
    {
        m_dir = qEnvironmentVariable("LORASCOPE_SCREENSHOTS");
        if (m_dir.isEmpty())
            return false;
        m_lang = qEnvironmentVariable("LORASCOPE_SCREENSHOT_LANG");
        if (!m_lang.isEmpty())
            installTranslations(QLocale(m_lang)); // LoraScope's and Qt's catalogues, as the app does
        QDir().mkpath(m_dir);
        return true;
    }

    /// Shows `w` filling the screen; the pictures' names carry that size and the language.
    void showFullScreen(QWidget& w)
    {
        w.show();
        const QSize screen = w.screen()->availableGeometry().size();
        w.setGeometry(QRect(QPoint(0, 0), screen));
        // Named by the screen's pixels; a scaled UI (QT_SCALE_FACTOR=2) adds "-scale2".
        const qreal dpr = w.devicePixelRatioF();
        m_tag = QStringLiteral("%1x%2%3%4")
                    .arg(qRound(screen.width() * dpr))
                    .arg(qRound(screen.height() * dpr))
                    .arg(m_lang.isEmpty() ? QString() : QLatin1Char('-') + m_lang)
                    .arg(dpr > 1.01 ? QStringLiteral("-scale%1").arg(dpr) : QString());
    }

    /// Lets `w` settle (events, pending chart updates) and saves dir/name-WxH[-lang].png.
    bool shoot(QWidget& w, const QString& name)
    {
        for (int i = 0; i < 10; ++i) {
            QCoreApplication::processEvents();
            QTest::qWait(30);
        }
        PlotView::applyPending();
        QTest::qWait(200);
        return w.grab().save(QDir(m_dir).filePath(name + QLatin1Char('-') + m_tag + QStringLiteral(".png")));
    }

private:
    QString m_dir, m_lang, m_tag;
};

} // namespace lorascope::test
