// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Sweep tab's fleet sweep (docs/fleet.md, Capacity in replicas) as charts and a table: each
// chart has one series per router (named as docs/fleet.md names them: round-robin, gie-lora-filter,
// ...) against the fleet's size or its metrics staleness, and the smallest fleet meeting the SLO
// marked per router. Presentation only: points, verdicts and minimums come from
// core/sweep/fleetsweep.h.

#include "charts/plotdata.h"
#include "sweep/fleetsweep.h"
#include "sweep/sweepplots.h"

#include <QAbstractTableModel>

#include <utility>
#include <vector>

namespace lorascope {

/// What the fleet charts draw.
struct FleetSweepView {
    FleetAxis axis = FleetAxis::Replicas;
    std::vector<RouterKind> routers; ///< one series each, in this order
    std::vector<FleetSweepPoint> points;
    SloTarget slo;
    /// Per router the smallest fleet meeting the SLO (0: none), from the core (routerSaving or the
    /// finder's answers); empty while a run grows.
    std::vector<std::pair<RouterKind, int>> minimum;
};

/// The x value of a point: replicas (replicas and router axes) or the staleness in ms.
double fleetPointX(const FleetSweepPoint& point, FleetAxis axis);
/// The x-axis title with its unit: "fleet size (replicas)", "metrics staleness (ms)".
QString fleetAxisTitle(FleetAxis axis);
/// The colour of the i-th router's series.
QColor fleetRouterColor(std::size_t index);

/// SLO attainment (%) per router, the target as a dashed line, each router's minimum marked.
PlotData fleetAttainmentPlot(const FleetSweepView& v);
/// `metric` (TTFT p90, E2E p90, goodput, achieved/offered) per router.
PlotData fleetMetricPlot(const FleetSweepView& v, SweepMetric metric);
/// Adapter loads over all replicas per router.
PlotData fleetAdapterLoadsPlot(const FleetSweepView& v);

/// The points of a fleet sweep, one row per (router, size or staleness), sorted by router (plan
/// order) then x. Headers carry units and a plain-words tooltip each.
class FleetSweepTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Router,
        Replicas,
        Gpus,
        Staleness,
        Requests,
        Goodput,
        TtftP90,
        E2eP90,
        SloAttainment,
        AdapterLoads,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit FleetSweepTableModel(QObject* parent = nullptr);
    void reset(const std::vector<RouterKind>& routers, FleetAxis axis, const SloTarget& slo);
    void addPoints(const std::vector<FleetSweepPoint>& points);
    const std::vector<FleetSweepPoint>& points() const { return m_points; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    double number(const FleetSweepPoint& p, int column) const;

    std::vector<RouterKind> m_routers;
    FleetAxis m_axis = FleetAxis::Replicas;
    SloTarget m_slo;
    std::vector<FleetSweepPoint> m_points;
};

} // namespace lorascope
