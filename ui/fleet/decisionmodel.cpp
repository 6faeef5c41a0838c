// SPDX-License-Identifier: Apache-2.0
#include "fleet/decisionmodel.h"

#include "fleet/fleettext.h"

#include <QLocale>

#include <cmath>

namespace lorascope {

DecisionModel::DecisionModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void DecisionModel::setRun(std::shared_ptr<const Trace> trace, std::shared_ptr<const FleetResult> result)
{
    beginResetModel();
    m_trace = std::move(trace);
    m_result = std::move(result);
    m_names.clear();
    if (m_result)
        for (const ReplicaReport& r : m_result->replicas)
            m_names << QString::fromStdString(r.name);
    endResetModel();
}

int DecisionModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_result || !m_trace || m_result->decisions.size() != m_trace->requests.size())
        return 0;
    return int(std::min<std::size_t>(m_result->decisions.size(), std::size_t(INT32_MAX)));
}

int DecisionModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString DecisionModel::explanation(int row) const
{
    if (row < 0 || row >= rowCount())
        return {};
    return FleetText::decision(m_result->decisions[std::size_t(row)], *m_trace, std::uint32_t(row), m_names);
}

QVariant DecisionModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const std::size_t i = std::size_t(index.row());
    const RequestRecord& r = m_result->requests[i];
    const RouteDecision& d = m_result->decisions[i];
    if (role == Qt::ToolTipRole || role == Qt::UserRole)
        return explanation(index.row());
    if (role == Qt::TextAlignmentRole)
        return index.column() == Adapter || index.column() == Replica || index.column() == Rule
            ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
            : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role != Qt::DisplayRole)
        return {};
    const QLocale loc;
    auto seconds = [&](double v) { return std::isnan(v) ? QStringLiteral("–") : loc.toString(v, 'f', 3); };
    switch (index.column()) {
    case Request:
        return QString::number(m_trace->idOf(i));
    case Arrival:
        return seconds(r.arrival);
    case Adapter:
        return r.adapter == kNoAdapter ? FleetText::tr("base model")
                                       : QString::fromStdString(m_trace->adapters[r.adapter].name);
    case Replica:
        return d.replica < std::uint32_t(m_names.size()) ? m_names[int(d.replica)] : FleetText::tr("dropped");
    case Rule:
        return FleetText::rule(d.rule);
    case Ttft:
        return seconds(r.firstToken - r.arrival);
    case E2e:
        return seconds(r.finished - r.arrival);
    }
    return {};
}

QVariant DecisionModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    const bool steps = m_result && m_result->clock == ClockKind::Steps;
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Request:
            return FleetText::tr("Request");
        case Arrival:
            return steps ? FleetText::tr("Arrival (ticks)") : FleetText::tr("Arrival (s)");
        case Adapter:
            return FleetText::tr("Adapter");
        case Replica:
            return FleetText::tr("Replica");
        case Rule:
            return FleetText::tr("Why there");
        case Ttft:
            return steps ? FleetText::tr("TTFT (ticks)") : FleetText::tr("TTFT (s)");
        case E2e:
            return steps ? FleetText::tr("E2E (ticks)") : FleetText::tr("E2E (s)");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Request:
            return FleetText::tr("The request's id in the trace.");
        case Arrival:
            return FleetText::tr("When it arrived: the router decided then.");
        case Replica:
            return FleetText::tr("The replica the router sent it to.");
        case Rule:
            return FleetText::tr("The router's rule that decided; hover over a row for the whole reason.");
        case Ttft:
            return FleetText::tr("Time to first token: from its arrival to its first token on that replica.");
        case E2e:
            return FleetText::tr("End to end: from its arrival to its last token.");
        default:
            return {};
        }
    }
    return {};
}

} // namespace lorascope
