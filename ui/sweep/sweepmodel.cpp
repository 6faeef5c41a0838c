// SPDX-License-Identifier: Apache-2.0
#include "sweep/sweepmodel.h"

#include "analysis/numberformat.h"

#include "sweep/sweeptext.h"

#include "sweep/sweepplots.h"

#include <QBrush>
#include <QColor>

#include <algorithm>
#include <cmath>

namespace lorascope {

SweepTableModel::SweepTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void SweepTableModel::reset(SweepParam param, const SloTarget& slo, double saturationRatio)
{
    beginResetModel();
    m_param = param;
    m_slo = slo;
    m_ratio = saturationRatio;
    m_points.clear();
    endResetModel();
    Q_EMIT headerDataChanged(Qt::Horizontal, Value, Value);
}

int SweepTableModel::rowOf(double value) const
{
    for (std::size_t i = 0; i < m_points.size(); ++i)
        if (m_points[i].value == value)
            return int(i);
    return -1;
}

void SweepTableModel::addPoint(const SweepPoint& point)
{
    const int existing = rowOf(point.value);
    if (existing >= 0) {
        m_points[std::size_t(existing)] = point;
        Q_EMIT dataChanged(index(existing, 0), index(existing, ColumnCount - 1));
        return;
    }
    const auto it = std::lower_bound(
        m_points.begin(), m_points.end(), point.value, [](const SweepPoint& p, double v) { return p.value < v; });
    const int row = int(it - m_points.begin());
    beginInsertRows({}, row, row);
    m_points.insert(it, point);
    endInsertRows();
}

int SweepTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_points.size());
}

int SweepTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

double SweepTableModel::number(const SweepPoint& p, int column) const
{
    const PointMetrics& m = p.metrics;
    switch (column) {
    case Value:
        return p.value;
    case Requests:
        return double(m.requests);
    case Throughput:
        return m.throughput;
    case Goodput:
        return m.goodput;
    case TtftP50:
        return m.ttft.p50;
    case TtftP90:
        return m.ttft.p90;
    case TtftP99:
        return m.ttft.p99;
    case TpotP50:
        return m.tpot.p50 * 1e3;
    case E2eP50:
        return m.e2e.p50;
    case E2eP99:
        return m.e2e.p99;
    case SloAttainment:
        return 100.0 * m.sloAttainment;
    case SloraAttainment:
        return 100.0 * m.sloraAttainment;
    case AchievedRatio:
        return m.achievedRatio;
    case PeakQueue:
        return m.peakQueue;
    case PeakKvNeed:
        return m.kvCapacity > 0 ? double(m.peakKvNeed) : NAN;
    }
    return NAN;
}

void SweepTableModel::setResolution(double resolution, bool relative)
{
    m_resolution = resolution;
    m_relativeResolution = relative;
    if (!m_points.empty())
        Q_EMIT dataChanged(index(0, Value), index(int(m_points.size()) - 1, Value));
}

QVariant SweepTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_points.size()) || index.column() >= ColumnCount)
        return {};
    const SweepPoint& p = m_points[std::size_t(index.row())];
    const double v = number(p, index.column());
    if (role == SortRole)
        return v;
    if (role == Qt::TextAlignmentRole)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::DisplayRole) {
        if (index.column() == Value)
            return QString::fromStdString(sweepValueText(
                m_param, p.value, m_relativeResolution ? m_resolution * std::abs(p.value) : m_resolution));
        if (index.column() == Requests)
            return tr("%1 of %2").arg(p.metrics.completed).arg(p.metrics.requests);
        if (!std::isfinite(v))
            return QStringLiteral("–");
        switch (index.column()) {
        case SloAttainment:
        case SloraAttainment:
        case TpotP50:
            return QString::number(v, 'f', 1);
        case PeakQueue:
        case PeakKvNeed:
            return QString::number(v, 'f', 0);
        case AchievedRatio:
            return QString(QString::number(v, 'f', 3) + (p.metrics.saturated ? tr(" (saturated)") : QString()));
        default: // rates and times: three significant digits, as everywhere
            return QString::fromStdString(formatSig(v, 3));
        }
    }
    if (role == Qt::ForegroundRole) {
        if (index.column() == SloAttainment && !p.metrics.meetsSlo)
            return QBrush(QColor(180, 30, 30));
        if (index.column() == AchievedRatio && p.metrics.saturated)
            return QBrush(QColor(180, 30, 30));
    }
    if (role == Qt::ToolTipRole) {
        if (index.column() == SloAttainment)
            return p.metrics.meetsSlo
                ? tr("Meets the SLO: at least %1 % of requests within it.").arg(100.0 * m_slo.attainment)
                : tr("Misses the SLO: fewer than %1 % of requests within it.").arg(100.0 * m_slo.attainment);
        if (index.column() == AchievedRatio)
            return p.metrics.saturated
                ? tr("Saturated: requests complete slower than they arrive (achieved/offered below %1).").arg(m_ratio)
                : tr("Keeps up: no measurable shortfall of completions against arrivals.");
        if (index.column() == Value)
            return tr("Double-click to open this point in the Workload and Admission tabs.");
    }
    return {};
}

QVariant SweepTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Value:
            return sweepAxisTitle(m_param);
        case Requests:
            return tr("Completed");
        case Throughput:
            return tr("Throughput (req/s)");
        case Goodput:
            return tr("Goodput (req/s)");
        case TtftP50:
            return tr("TTFT p50 (s)");
        case TtftP90:
            return tr("TTFT p90 (s)");
        case TtftP99:
            return tr("TTFT p99 (s)");
        case TpotP50:
            return tr("TPOT p50 (ms)");
        case E2eP50:
            return tr("E2E p50 (s)");
        case E2eP99:
            return tr("E2E p99 (s)");
        case SloAttainment:
            return tr("SLO (%)");
        case SloraAttainment:
            return tr("S-LoRA SLO (%)");
        case AchievedRatio:
            return tr("Achieved / offered");
        case PeakQueue:
            return tr("Peak queue");
        case PeakKvNeed:
            return tr("Peak KV need (tokens)");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Value:
            return tr("The value of the swept parameter at this point.");
        case Requests:
            return tr("Requests that completed, of all requests of the point's trace (in the measured window).");
        case Throughput:
            return tr("Completed requests per second, from the start of the run to the last completion (as S-LoRA and "
                      "vLLM count it).");
        case Goodput:
            return tr("Requests per second that completed within every bound of your SLO.");
        case TtftP50:
        case TtftP90:
        case TtftP99:
            return tr("Time to first token: from arrival to the first generated token, at the 50th, 90th or 99th "
                      "percentile.");
        case TpotP50:
            return tr("Time per output token after the first: (E2E − TTFT) / (output tokens − 1), median.");
        case E2eP50:
        case E2eP99:
            return tr("End-to-end latency: from arrival to the last token.");
        case SloAttainment:
            return tr(
                "Share of all requests (refused, dropped and unfinished ones count as misses) that met your SLO: %1.")
                .arg(sloText(m_slo));
        case SloraAttainment:
            return tr("S-LoRA's SLO attainment: share of all requests whose first token came within 6 s.");
        case AchievedRatio:
            return tr("Completion rate over arrival rate in the steady part of the run (after the ramp-up). Below %1 "
                      "the server is "
                      "saturated: its backlog grows.")
                .arg(m_ratio);
        case PeakQueue:
            return tr("Most requests waiting for admission at once.");
        case PeakKvNeed:
            return tr("Largest KV-cache need of the running batch (S-LoRA's admission test), in token slots.");
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace lorascope
