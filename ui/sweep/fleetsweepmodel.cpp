// SPDX-License-Identifier: Apache-2.0
// The table of a fleet sweep (sweep/fleetsweepview.h).
#include "sweep/fleetsweepview.h"

#include "analysis/numberformat.h"
#include "fleet/fleettext.h"

#include <QBrush>
#include <QColor>

#include <algorithm>
#include <cmath>

namespace lorascope {

FleetSweepTableModel::FleetSweepTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void FleetSweepTableModel::reset(const std::vector<RouterKind>& routers, FleetAxis axis, const SloTarget& slo)
{
    beginResetModel();
    m_routers = routers;
    m_axis = axis;
    m_slo = slo;
    m_points.clear();
    endResetModel();
}

void FleetSweepTableModel::addPoints(const std::vector<FleetSweepPoint>& points)
{
    if (points.empty())
        return;
    beginResetModel(); // a batch per ~30 ms: one reset, rows in router then size order
    m_points.insert(m_points.end(), points.begin(), points.end());
    auto order = [this](RouterKind r) { return std::find(m_routers.begin(), m_routers.end(), r) - m_routers.begin(); };
    std::stable_sort(m_points.begin(), m_points.end(), [&](const FleetSweepPoint& a, const FleetSweepPoint& b) {
        if (a.router != b.router)
            return order(a.router) < order(b.router);
        return fleetPointX(a, m_axis) < fleetPointX(b, m_axis);
    });
    endResetModel();
}

int FleetSweepTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_points.size());
}

int FleetSweepTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

double FleetSweepTableModel::number(const FleetSweepPoint& p, int column) const
{
    const PointMetrics& m = p.point.metrics;
    switch (column) {
    case Replicas:
        return p.replicas;
    case Gpus:
        return p.gpus;
    case Staleness:
        return p.stalenessMs;
    case Requests:
        return double(m.requests);
    case Goodput:
        return m.goodput;
    case TtftP90:
        return m.ttft.p90;
    case E2eP90:
        return m.e2e.p90;
    case SloAttainment:
        return 100.0 * m.sloAttainment;
    case AdapterLoads:
        return double(p.adapterLoads);
    }
    return NAN;
}

QVariant FleetSweepTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_points.size()) || index.column() >= ColumnCount)
        return {};
    const FleetSweepPoint& p = m_points[std::size_t(index.row())];
    if (index.column() == Router) {
        if (role == Qt::DisplayRole || role == SortRole)
            return QString::fromStdString(routerName(p.router));
        if (role == Qt::ToolTipRole)
            return QString(
                FleetText::routerTitle(p.router) + QLatin1Char('\n') + FleetText::routerDescription(p.router));
        return {};
    }
    const double v = number(p, index.column());
    if (role == SortRole)
        return v;
    if (role == Qt::TextAlignmentRole)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::DisplayRole) {
        if (index.column() == Requests)
            return tr("%1 of %2").arg(p.point.metrics.completed).arg(p.point.metrics.requests);
        if (!std::isfinite(v))
            return QStringLiteral("–");
        switch (index.column()) {
        case Replicas:
        case Gpus:
        case Staleness:
        case AdapterLoads:
            return QString::number(v, 'f', 0);
        case SloAttainment:
            return QString::number(v, 'f', 1);
        default:
            return QString::fromStdString(formatSig(v, 3));
        }
    }
    if (role == Qt::ForegroundRole && index.column() == SloAttainment && !p.point.metrics.meetsSlo)
        return QBrush(QColor(180, 30, 30));
    if (role == Qt::ToolTipRole && index.column() == SloAttainment)
        return p.point.metrics.meetsSlo
            ? tr("Meets the SLO: at least %1 % of requests within it.").arg(100.0 * m_slo.attainment)
            : tr("Misses the SLO: fewer than %1 % of requests within it.").arg(100.0 * m_slo.attainment);
    return {};
}

QVariant FleetSweepTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Router:
            return tr("Router");
        case Replicas:
            return tr("Replicas");
        case Gpus:
            return tr("GPUs");
        case Staleness:
            return tr("Staleness (ms)");
        case Requests:
            return tr("Completed");
        case Goodput:
            return tr("Goodput (req/s)");
        case TtftP90:
            return tr("TTFT p90 (s)");
        case E2eP90:
            return tr("E2E p90 (s)");
        case SloAttainment:
            return tr("SLO (%)");
        case AdapterLoads:
            return tr("Adapter loads");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Router:
            return tr("The router in front of the replicas (names as in docs/fleet.md and lorascope-cli --routers).");
        case Replicas:
            return tr("Replicas in the fleet, each running the Admission tab's server and cost model.");
        case Gpus:
            return tr("GPUs of the whole fleet: replicas × GPUs per replica.");
        case Staleness:
            return tr("How old the replica metrics the router sees may be, in milliseconds (0: perfect information).");
        case Requests:
            return tr("Requests completed of those sent.");
        case Goodput:
            return tr("Requests per second that met every bound of the SLO.");
        case TtftP90:
            return tr("Time to first token that 90 % of requests beat, in seconds.");
        case E2eP90:
            return tr("End-to-end latency that 90 % of requests beat, in seconds.");
        case SloAttainment:
            return tr("Share of all requests (unfinished ones count as misses) within every bound of the SLO, in "
                      "percent; red when below the share needed.");
        case AdapterLoads:
            return tr("Times an adapter was loaded into a replica's GPU memory, summed over the fleet.");
        }
    }
    return {};
}

} // namespace lorascope
