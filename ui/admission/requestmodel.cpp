// SPDX-License-Identifier: Apache-2.0
#include "admission/requestmodel.h"

#include "text/terms.h"

#include <cmath>

namespace lorascope {

RequestTableModel::RequestTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void RequestTableModel::setAnalysis(std::shared_ptr<const AdmissionAnalysis> analysis)
{
    beginResetModel();
    m_analysis = std::move(analysis);
    endResetModel();
}

int RequestTableModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_analysis)
        return 0;
    return int(m_analysis->result.requests.size());
}

int RequestTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString RequestTableModel::statusOf(const RequestRecord& r, const SchedulerConfig& server)
{
    if (r.rejected != RejectReason::None)
        return tr("refused: %1").arg(Terms::rejectReason(r.rejected, server));
    if (r.dropped != DropReason::None)
        return tr("dropped: %1").arg(Terms::dropReason(r.dropped));
    if (!std::isnan(r.finished))
        return tr("finished");
    if (!std::isnan(r.admitted))
        return tr("running");
    return tr("never admitted");
}

QString RequestTableModel::reasonOf(const RequestRecord& r, const WaitContext& context)
{
    return Terms::waitShort(r.wait, context);
}

QVariant RequestTableModel::data(const QModelIndex& index, int role) const
{
    if (!m_analysis || !index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    if (role != Qt::DisplayRole && role != SortRole && role != Qt::TextAlignmentRole && role != Qt::ToolTipRole)
        return {};
    const auto& r = m_analysis->result.requests[std::size_t(index.row())];
    const int col = index.column();
    const SchedulerConfig& server = m_analysis->config.scheduler;
    const WaitContext context { &server, m_analysis->result.clock, m_analysis->trace.get() };
    if (role == Qt::ToolTipRole) {
        // The whole text of what a narrow column shows elided; the wait reason in full sentences,
        // and what loading its adapter cost.
        if (col == Reason && r.wait.kind != WaitKind::None) {
            QString text = Terms::waitExplanation(r.wait, context);
            if (const QString load = Terms::adapterLoad(r.adapterLoad, r.adapterLoadSeconds, m_analysis->result.clock);
                !load.isEmpty())
                text += QLatin1Char('\n') + load;
            return text;
        }
        if (col == Status || col == Reason)
            return statusOf(r, server);
        if (col == Adapter) {
            const auto& ads = m_analysis->trace->adapters;
            if (r.adapter == kNoAdapter)
                return tr("base model (no adapter)");
            return r.adapter < ads.size()
                ? tr("%1 (rank %2)").arg(QString::fromStdString(ads[r.adapter].name)).arg(ads[r.adapter].rank)
                : QString::number(r.adapter);
        }
        return {};
    }
    if (role == Qt::TextAlignmentRole)
        return col == Status || col == Reason || col == Adapter ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                                                                : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    auto time = [&](double v) -> QVariant {
        if (role == SortRole)
            return std::isnan(v) ? std::numeric_limits<double>::infinity() : v;
        return std::isnan(v) ? QStringLiteral("–")
                             : QString::number(v, 'f', m_analysis->result.clock == ClockKind::Steps ? 2 : 3);
    };
    auto diff = [&](double a, double b) { return time(std::isnan(a) ? NAN : a - b); };
    switch (col) {
    case Id:
        return role == SortRole ? QVariant(qulonglong(r.id)) : QVariant(QString::number(r.id));
    case Adapter: {
        if (r.adapter == kNoAdapter)
            return role == SortRole ? QVariant(-1) : QVariant(tr("(base model)"));
        if (role == SortRole)
            return qulonglong(r.adapter);
        const auto& ads = m_analysis->trace->adapters;
        return r.adapter < ads.size() ? QString::fromStdString(ads[r.adapter].name) : QString::number(r.adapter);
    }
    case Input:
        return role == SortRole ? QVariant(uint(r.inputLen)) : QVariant(QString::number(r.inputLen));
    case Output:
        return role == SortRole ? QVariant(uint(r.outputLen)) : QVariant(QString::number(r.outputLen));
    case Arrival:
        return time(r.arrival);
    case Admitted:
        return time(r.admitted);
    case FirstToken:
        return time(r.firstToken);
    case Finished:
        return time(r.finished);
    case Wait:
        return diff(r.admitted, r.arrival);
    case Ttft:
        return diff(r.firstToken, r.arrival);
    case E2e:
        return diff(r.finished, r.arrival);
    case Status:
        return statusOf(r, server);
    case Reason:
        // A refused or dropped request did not wait for a slot: the column says what happened to it.
        if (r.wait.kind == WaitKind::None && (r.rejected != RejectReason::None || r.dropped != DropReason::None))
            return statusOf(r, server);
        return reasonOf(r, context);
    default:
        return {};
    }
}

QVariant RequestTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    const QString unit = m_analysis && m_analysis->result.clock == ClockKind::Model ? tr(" (s)") : tr(" (steps)");
    switch (section) {
    case Id:
        return tr("Request");
    case Adapter:
        return tr("Adapter");
    case Input:
        return tr("Input");
    case Output:
        return tr("Output");
    case Arrival:
        return QString(tr("Arrival") + unit);
    case Admitted:
        return QString(tr("Admitted") + unit);
    case FirstToken:
        return QString(tr("First token") + unit);
    case Finished:
        return QString(tr("Finished") + unit);
    case Wait:
        return QString(tr("Queue wait") + unit);
    case Ttft:
        return QString(tr("TTFT") + unit);
    case E2e:
        return QString(tr("E2E") + unit);
    case Status:
        return tr("Status");
    case Reason:
        return tr("Why it waited");
    }
    return {};
}

} // namespace lorascope
