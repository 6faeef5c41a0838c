// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QMainWindow>
#include <QSize>

class QAction;
class QTabWidget;

namespace lorascope {

class AdmissionTab;
class ChartExporter;
class ChartGrid;
class CompareTab;
class Document;
class FleetTab;
class HelpWindow;
class LanguageMenu;
class ReplayTab;
class ReportExporter;
class Sessions;
class StatusLine;
class SweepTab;
class TraceActions;
class WorkloadTab;

/// The LoraScope main window: the tabs (workload, admission preview, replay, A/B compare, sweep, fleet),
/// the menus and the status bar. It builds and wires the parts; each job has its own class in
/// ui/window/: Sessions (new, open, save, recent, title, restart state), TraceActions (import,
/// export, fit), ChartExporter, ReportExporter, HelpWindow, LanguageMenu (and the restart),
/// StatusLine.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    Document* document() const { return m_document; }
    WorkloadTab* workloadTab() const { return m_workload; }
    AdmissionTab* admissionTab() const { return m_admission; }
    ReplayTab* replayTab() const { return m_replay; }
    CompareTab* compareTab() const { return m_compare; }
    SweepTab* sweepTab() const { return m_sweep; }
    FleetTab* fleetTab() const { return m_fleet; }
    QTabWidget* tabs() const { return m_tabs; }

    Sessions* sessions() const { return m_sessions; }
    TraceActions* traces() const { return m_traces; }
    ChartExporter* charts() const { return m_charts; }
    ReportExporter* reports() const { return m_reports; }
    HelpWindow* help() const { return m_help; }
    StatusLine* status() const { return m_status; }

    /// Shows a tab by key ("workload", "admission", "replay", "compare", "sweep", "fleet"); false if unknown.
    bool showTab(const QString& key);
    QString currentTabKey() const;
    QStringList tabKeys() const { return m_tabKeys; }
    /// Shows or hides the side columns of every tab (View > Side Panels, F9).
    void setSidePanelsVisible(bool visible);

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void addTab(const QString& key, QWidget* tab, const QString& title);
    void createMenus();

    Document* m_document;
    QTabWidget* m_tabs;
    WorkloadTab* m_workload;
    AdmissionTab* m_admission;
    ReplayTab* m_replay = nullptr;
    CompareTab* m_compare = nullptr;
    SweepTab* m_sweep = nullptr;
    FleetTab* m_fleet = nullptr;
    StatusLine* m_status = nullptr;
    Sessions* m_sessions = nullptr;
    TraceActions* m_traces = nullptr;
    ChartExporter* m_charts = nullptr;
    ReportExporter* m_reports = nullptr;
    HelpWindow* m_help = nullptr;
    LanguageMenu* m_language = nullptr;
    QAction* m_sidePanels = nullptr;
    bool m_maximizeOnShow = false;
    QSize m_initialSize;
    QStringList m_tabKeys;
    QList<ChartGrid*> m_roomGrids; ///< grids that offer the side panel's room (F9)
};

} // namespace lorascope
