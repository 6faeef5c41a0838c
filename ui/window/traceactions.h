// SPDX-License-Identifier: Apache-2.0
#pragma once
// Traces in and out of the main window: File > Import Trace, Fit Workload from Trace (core/fit,
// with the trace-vs-model dialog) and Export Trace (the chosen format's extension is added).

#include <QObject>

class QMenu;

namespace lorascope {

class MainWindow;
class StatusLine;

class TraceActions : public QObject {
    Q_OBJECT
public:
    TraceActions(MainWindow* window, StatusLine* status);

    /// Adds Import Trace…, Fit Workload from Trace…, Export Trace… to the File menu.
    void addActions(QMenu* file);

    /// Starts reading the trace off the GUI thread; errors found while reading come later through
    /// Document::importFinished (shown in a non-blocking message box). Returns the error at once
    /// when the file cannot be read at all.
    QString importTrace(const QString& path, const QString& format = {});
    QString exportTrace(const QString& path, const QString& format = {});
    /// Reads the trace, fits a model (core/fit), shows trace vs fitted model; if accepted (always
    /// when !interactive) the fitted spec becomes the parameters (one undo step).
    QString fitFromTrace(const QString& path, const QString& format = {}, bool interactive = false);

private:
    MainWindow* m_window;
    StatusLine* m_status;
};

} // namespace lorascope
