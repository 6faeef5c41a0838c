// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "document/jobtracker.h"
#include "fleet/fleet.h"

#include <QHash>
#include <QJsonObject>
#include <QTimer>
#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableView;
class QTableWidget;

namespace lorascope {

class ChartGrid;
class DecisionModel;
class Document;
class PlotView;
class ResidencyView;

/// What one run of the Fleet view computed (off the GUI thread).
struct FleetAnalysis {
    std::shared_ptr<const Trace> trace;
    FleetConfig configA;
    std::shared_ptr<const FleetResult> a;
    std::optional<FleetConfig> configB;
    std::shared_ptr<const FleetResult> b; ///< the compared fleet (null when A/B is off)
    QString error;
};

/// The Fleet view (docs/fleet.md): the current workload routed over a fleet of replicas, each
/// running the Admission tab's server and cost model. Per-replica running and waiting requests over
/// time, the adapter × replica residency heat map, every routing decision explained on hover, each
/// replica's share, and an A/B compare of two routers or two fleet sizes on the same workload. The
/// fleet runs off the GUI thread (JobTracker); the GUI thread swaps in finished results.
class FleetTab : public QWidget {
    Q_OBJECT
public:
    explicit FleetTab(Document* document, QWidget* parent = nullptr);
    ~FleetTab() override;

    /// Editors by name: "replicas", "gpus", "router", "staleness", "placement", "copies", "compare",
    /// "routerB", "replicasB"; "run".
    QWidget* editor(const QString& name) const { return m_editors.value(name); }
    /// Charts by key: "running", "waiting", "compare".
    PlotView* chart(const QString& key) const { return m_charts.value(key); }
    ResidencyView* residency() const { return m_residency; }
    DecisionModel* decisions() const { return m_decisions; }
    QTableView* decisionTable() const { return m_decisionTable; }
    QTableWidget* replicaTable() const { return m_replicaTable; }
    QTableWidget* compareTable() const { return m_compareTable; }
    ChartGrid* chartGrid() const { return m_grid; }
    QWidget* sidePanel() const { return m_side; }
    /// The summary line of fleet A and of the comparison.
    QString summaryText() const;
    QString compareText() const;
    /// The explanation shown for the selected decision.
    QString decisionText() const;
    /// The fleet the editors describe (A, or B).
    FleetConfig fleetConfig(bool b = false) const;
    /// The editors' settings for a session file (routers by their docs/fleet.md names), and back;
    /// missing or unknown members keep the current value (an older session file).
    QJsonObject settings() const;
    void applySettings(const QJsonObject& settings);
    std::shared_ptr<const FleetAnalysis> analysis() const { return m_analysis; }
    bool isRunning() const { return m_jobs.isRunning(); }

public Q_SLOTS:
    /// Runs the fleet(s) on the current workload now.
    void recompute();

Q_SIGNALS:
    /// A run's results are on screen.
    void resultsUpdated();
    void exportRequested(QWidget* chart, const QString& name);

protected:
    void showEvent(QShowEvent* event) override;

private:
    QWidget* createSettings();
    void scheduleRecompute();
    void deliver(std::shared_ptr<const FleetAnalysis> analysis);
    void fillCharts();
    void fillTables();
    PlotView* addChart(const QString& key);

    Document* m_document;
    JobTracker m_jobs;
    QTimer m_coalesce;
    bool m_dirty = true;
    QHash<QString, QWidget*> m_editors;
    QHash<QString, PlotView*> m_charts;
    QSpinBox* m_replicas = nullptr;
    QSpinBox* m_gpus = nullptr;
    QComboBox* m_router = nullptr;
    QDoubleSpinBox* m_staleness = nullptr;
    QComboBox* m_placement = nullptr;
    QSpinBox* m_copies = nullptr;
    QCheckBox* m_compare = nullptr;
    QComboBox* m_routerB = nullptr;
    QSpinBox* m_replicasB = nullptr;
    QLabel* m_routerNote = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_compareSummary = nullptr;
    QLabel* m_decisionText = nullptr;
    QComboBox* m_residencyReplica = nullptr;
    ResidencyView* m_residency = nullptr;
    DecisionModel* m_decisions = nullptr;
    QTableView* m_decisionTable = nullptr;
    QTableWidget* m_replicaTable = nullptr;
    QTableWidget* m_compareTable = nullptr;
    ChartGrid* m_grid = nullptr;
    QWidget* m_side = nullptr;
    std::shared_ptr<const FleetAnalysis> m_analysis;
};

} // namespace lorascope
