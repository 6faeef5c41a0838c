#pragma once

#include <QMainWindow>

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
    /// The status bar's summary of the current trace.
    QString summaryText() const;

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
    /// "admission.<name>", "sweep" (all sweep charts), "sweep.<name>") as PNG or SVG.
    QString exportChart(const QString& key, const QString& path);
    QStringList chartKeys() const;
    QStringList recentFiles() const;

protected:
    void closeEvent(QCloseEvent* event) override;

private:
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

    Document* m_document;
    QTabWidget* m_tabs;
    WorkloadTab* m_workload;
    AdmissionTab* m_admission;
    CompareTab* m_compare = nullptr;
    SweepTab* m_sweep = nullptr;
    QLabel* m_summary;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
    QTimer* m_progressTimer;
    QMenu* m_recentMenu = nullptr;
    qint64 m_busySince = -1;
};

} // namespace lorascope
