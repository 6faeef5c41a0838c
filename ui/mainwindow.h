// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>

#include <QMainWindow>
#include <QSize>

class QAction;
class QDialog;
class QLabel;
class QMenu;
class QProgressBar;
class QTabWidget;
class QTimer;
class QToolButton;

namespace lorascope {

class AdmissionTab;
class CompareTab;
class Document;
class ReplayTab;
class SweepTab;
class WorkloadTab;

/// The LoraScope main window: File/Edit/View menus, the workload, admission (and replay) tabs,
/// the status bar. Panels, models and charts live in their own classes; this only wires them.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    Document* document() const { return m_document; }
    WorkloadTab* workloadTab() const { return m_workload; }
    AdmissionTab* admissionTab() const { return m_admission; }
    CompareTab* compareTab() const { return m_compare; }
    SweepTab* sweepTab() const { return m_sweep; }
    QTabWidget* tabs() const { return m_tabs; }
    /// Shows a tab by key ("workload", "admission", "replay", "compare", "sweep"); false if unknown.
    bool showTab(const QString& key);
    QString currentTabKey() const;
    QStringList tabKeys() const { return m_tabKeys; }
    /// Shows or hides the side columns of every tab (View > Side Panels, F9).
    void setSidePanelsVisible(bool visible);
    /// The status bar's summary of the current trace.
    QString summaryText() const;
    /// The status bar says the preview's server is overloaded.
    bool overloadShown() const;

    // Non-interactive versions of the File menu actions (return the error message, empty = ok).
    QString openSession(const QString& path);
    QString saveSession(const QString& path);
    /// Starts reading the trace off the GUI thread; errors found while reading come later through
    /// Document::importFinished (shown in a non-blocking message box).
    QString importTrace(const QString& path, const QString& format = {});
    QString exportTrace(const QString& path, const QString& format = {});
    /// File > Fit Workload from Trace: reads the trace, fits a model (core/fit), shows trace vs
    /// fitted model; if accepted (always when !interactive) the fitted spec becomes the parameters.
    QString fitFromTrace(const QString& path, const QString& format = {}, bool interactive = false);
    /// Exports a chart by key ("popularity", "gaps", "input", "output", "timeline", "raster",
    /// "admission.<name>", "compare", "compare.<name>", "sweep" (all
    /// sweep charts), "sweep.<name>") as PNG or SVG, laid out at `size` (empty:
    /// as on screen) and, for PNG, at `scale` pixels per logical pixel.
    QString exportChart(const QString& key, const QString& path, const QSize& size = {}, qreal scale = 1.0);
    /// File > Export Report: the HTML report of the current tab (mainwindowreport.cpp), written now.
    QString exportReport(const QString& path);
    /// "Workload — Adapter popularity": what Export Chart lists.
    QString chartTitle(const QString& key) const;
    /// The text of the help window (empty while it is closed).
    QString helpText() const;
    void showHelp(const QString& title, const QString& html);
    /// Help > Keyboard Shortcuts: every menu's and the step-through's shortcuts.
    QString shortcutsHtml() const;
    /// Saves everything (parameters, settings, view, file name, unsaved flag) for a restart.
    QString saveForRestart(const QString& path);
    /// Reads what saveForRestart() wrote (and deletes the file).
    QString restoreAfterRestart(const QString& path);
    QStringList chartKeys() const;
    QStringList recentFiles() const;

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void addTab(const QString& key, QWidget* tab, const QString& title);
    void createMenus();
    void updateTitle();
    void updateStatus();
    void addRecent(const QString& path);
    void rebuildRecentMenu();
    QJsonObject viewSettings() const;
    void applyViewSettings(const QJsonObject& view);
    bool maybeSave();
    QWidget* chartWidget(const QString& key) const;
    void askExport(QWidget* widget, const QString& key);
    void askExportReport();
    /// The report of the current tab as a job that reads and writes (safe off the GUI thread).
    std::function<QString()> reportJob(const QString& path) const;
    void offerRestart();
    void updateOverload();

    Document* m_document;
    QTabWidget* m_tabs;
    WorkloadTab* m_workload;
    AdmissionTab* m_admission;
    CompareTab* m_compare = nullptr;
    SweepTab* m_sweep = nullptr;
    ReplayTab* m_replay = nullptr;
    QLabel* m_summary;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
    QTimer* m_progressTimer;
    QMenu* m_recentMenu = nullptr;
    QAction* m_sidePanels = nullptr;
    QDialog* m_help = nullptr;
    QToolButton* m_overload = nullptr;
    bool m_restarting = false;
    bool m_maximizeOnShow = false;
    QSize m_initialSize;
    QStringList m_tabKeys;
    qint64 m_busySince = -1;
};

} // namespace lorascope
