// SPDX-License-Identifier: Apache-2.0
#pragma once
// File > Export Report…: the HTML report (core/report, the same as `lorascope-cli report`) of what
// is in front of the user: the Replay tab's run folder (with its admission preview as predicted vs
// observed), the Sweep tab's sweep, the A/B tab's comparison of two runs, or else the admission
// preview of the current workload. Read and written off the GUI thread.

#include <QObject>

#include <functional>

class QMenu;

namespace lorascope {

class MainWindow;
class StatusLine;

class ReportExporter : public QObject {
    Q_OBJECT
public:
    ReportExporter(MainWindow* window, StatusLine* status);

    /// Adds Export Report… to the File menu.
    void addActions(QMenu* file);
    /// Writes the report of the tab in front to `path` now; returns the error (empty = ok).
    QString exportReport(const QString& path);
    /// Asks for the file, then writes the report off the GUI thread.
    void ask();

private:
    /// The report of the current tab as a job that reads and writes (safe off the GUI thread).
    std::function<QString()> reportJob(const QString& path) const;

    MainWindow* m_window;
    StatusLine* m_status;
};

} // namespace lorascope
