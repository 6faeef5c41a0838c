// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "sweep/fleetsweepview.h"
#include "sweep/sweepio.h"
#include "sweep/sweepplots.h"

#include <QHash>
#include <QJsonObject>
#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QGroupBox;
class QListWidget;
class QSpinBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableView;

namespace lorascope {

class ChartGrid;
class Document;
class PlotView;
class SweepRunner;
class SweepTableModel;

/// The Sweep view (docs/sweep.md): choose a parameter and its values (or an S-LoRA paper suite), see
/// the curves build point by point (throughput, TTFT and E2E percentiles, SLO attainment,
/// saturation, per-adapter lines), S-LoRA's published points over them for the paper suites, find
/// the SLO capacity, open any point in the Workload and Admission tabs, export figure and table.
/// The work runs off the GUI thread (SweepRunner); the GUI thread only adds finished points.
class SweepTab : public QWidget {
    Q_OBJECT
public:
    explicit SweepTab(Document* document, QWidget* parent = nullptr);
    ~SweepTab() override;

    /// Fleet: the current workload routed over a fleet of the Admission tab's server (docs/fleet.md,
    /// Capacity in replicas), one series per router (sweep/sweepfleet.cpp).
    enum class Source { Current, Suite, Fleet };

    /// Chart by key: "throughput", "ttft", "e2e", "attainment", "saturation", "adapters".
    PlotView* chart(const QString& key) const { return m_charts.value(key); }
    QStringList chartKeys() const { return m_chartOrder; }
    /// The chart grid (what "Export figure" saves): it reflows to 3, 2 or 1 columns and scrolls
    /// vertically when the rows do not fit, as the other tabs' grids do.
    ChartGrid* chartGrid() const { return m_grid; }
    /// The settings column (View > Side Panels, F9, hides it).
    QWidget* sidePanel() const { return m_side; }
    SweepTableModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    /// Editors by name: "source", "suite", "setting", "policy", "param", "values", "ttft", "tpot",
    /// "e2e", "attainment"; buttons "run", "find", "cancel", "exportFigure", "exportTable", "pin".
    QWidget* editor(const QString& name) const { return m_editors.value(name); }
    /// Fleet editors (in `editor()`): "fleetAxis", "fleetRouters", "fleetReplicas", "fleetStaleness",
    /// "fleetGpus". The fleet sweep the editors describe; nullopt (and the problem shown) when invalid.
    std::optional<FleetSweepPlan> fleetPlan() const;
    /// True when the charts and the table show the fleet sweep (the source is Fleet).
    bool showsFleet() const { return m_fleetShown; }
    FleetSweepTableModel* fleetModel() const { return m_fleetModel; }
    /// The last "Find minimum replicas" answer (the core's), if any.
    const std::optional<FleetCapacityResult>& fleetCapacity() const { return m_fleetCapacity; }
    /// The fleet settings (source, axis, routers, replicas, staleness, GPUs, values) for a session
    /// file, and back; missing members keep their current value (an older session file).
    QJsonObject fleetSettings() const;
    void applyFleetSettings(const QJsonObject& settings);
    /// The plain-words verdict (capacity, saturation) and the cost model / paper note.
    QString verdictText() const;
    QString modelText() const;
    /// The server and limits the sweep runs, as the tab shows them.
    QString serverUsedText() const;
    /// The problem with the current settings shown inline (empty when they can run).
    QString problemText() const;
    bool isRunning() const;
    /// The longest GUI-thread time one batch of points took in the current run (table and chart
    /// data; Qt Charts applies the charts in later event-loop turns, one per turn).
    double maxRefreshMs() const { return m_maxRefreshMs; }

    /// Builds the plan from the editors; nullopt (and the problem shown inline) when invalid.
    std::optional<SweepPlan> plan() const;
    /// Starts a sweep / the capacity finder with the editors' settings (false when invalid).
    bool runSweep();
    bool findCapacity();
    void cancel();
    /// The latest sweep as a file would hold it (null before the first point).
    std::shared_ptr<const SweepFile> currentSweep() const;
    /// Writes the table (all points) as .jsonl or .csv; returns the error (empty on success).
    QString exportTable(const QString& path) const;
    /// Opens the point with this value (emits openPointRequested); false when there is none.
    bool openPoint(double value);

Q_SIGNALS:
    /// Open a point in the Workload and Admission tabs (its spec and admission settings).
    void openPointRequested(
        const lorascope::WorkloadSpec& spec, const lorascope::SimulationConfig& config, const QString& label);
    void exportRequested(QWidget* chart, const QString& name);
    /// "Compare in A/B": pin this sweep as A.
    void pinRequested(std::shared_ptr<const lorascope::SweepFile> sweep);
    /// A run ended: the sweep on screen (all its points).
    void sweepChanged(std::shared_ptr<const lorascope::SweepFile> sweep);
    /// A run ended (after its last points were drawn).
    void runFinished();

private:
    QWidget* createSettings(); ///< sweep/sweepsettings.cpp
    QWidget* createCharts();
    QWidget* createFleetSettings(); ///< sweep/sweepfleet.cpp, as the rest of the fleet sweep
    void fleetAxisChanged();
    void showFleet(bool fleet);
    bool startFleet(bool finder);
    void onFleetPoints(const std::vector<FleetSweepPoint>& points);
    QStringList fleetFinishedLines(bool cancelled);
    void redrawFleet();
    QString exportFleetTable(const QString& path) const;
    PlotView* addChart(const QString& key);
    void syncSource();
    void suiteChanged();
    void paramChanged();
    void validateInline();
    bool start(bool finder);
    void onPoints(const std::vector<SweepPoint>& points);
    void onFinished(bool cancelled, const QString& error, const std::optional<CapacityResult>& capacity);
    void redraw();
    void updateModelNote();
    void updateButtons();
    SloTarget slo() const;
    Source source() const;

    Document* m_document;
    SweepRunner* m_runner;
    SweepTableModel* m_model;
    QHash<QString, QWidget*> m_editors;
    QHash<QString, PlotView*> m_charts;
    QStringList m_chartOrder;
    ChartGrid* m_grid = nullptr;
    QWidget* m_side = nullptr;
    QComboBox* m_source = nullptr;
    QComboBox* m_suite = nullptr;
    QComboBox* m_setting = nullptr;
    QComboBox* m_policy = nullptr;
    QComboBox* m_param = nullptr;
    QComboBox* m_adapterMetric = nullptr;
    QLineEdit* m_values = nullptr;
    QLabel* m_valuesNote = nullptr;
    QLabel* m_serverUsed = nullptr; ///< the server and limits the sweep runs
    QDoubleSpinBox* m_ttft = nullptr;
    QDoubleSpinBox* m_tpot = nullptr;
    QDoubleSpinBox* m_e2e = nullptr;
    QDoubleSpinBox* m_attainment = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_find = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_verdict = nullptr;
    QLabel* m_modelNote = nullptr;
    QTableView* m_table = nullptr;
    QGroupBox* m_fleetBox = nullptr;
    QComboBox* m_fleetAxis = nullptr;
    QListWidget* m_fleetRouters = nullptr;
    QSpinBox* m_fleetReplicas = nullptr;
    QDoubleSpinBox* m_fleetStaleness = nullptr;
    QSpinBox* m_fleetGpus = nullptr;
    FleetSweepTableModel* m_fleetModel = nullptr;
    std::optional<FleetSweepPlan> m_fleetPlan; ///< the running (or last) fleet job's plan
    FleetSweepView m_fleetView;
    std::optional<FleetCapacityResult> m_fleetCapacity;
    bool m_fleetShown = false; ///< the charts, table and verdict show the fleet sweep
    bool m_fleetFinder = false; ///< the last fleet job was "Find minimum replicas"
    QString m_otherVerdict; ///< the verdict of the mode not shown (kept while the source switches)
    // The running (or last) job's plan and what is drawn.
    std::optional<SweepPlan> m_plan;
    SweepView m_view;
    std::optional<CapacityResult> m_capacity;
    mutable QString m_problem; ///< set by plan(): why the editors' settings cannot run
    bool m_syncing = false;
    double m_maxRefreshMs = 0;
};

} // namespace lorascope
