// SPDX-License-Identifier: Apache-2.0
#include "compare/parametermodel.h"

#include "compare/compareplots.h"
#include "compare/comparetab.h"

#include <QBrush>
#include <QFont>

namespace lorascope {

ParameterModel::ParameterModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ParameterModel::setRows(std::vector<ParameterRow> rows)
{
    // Same fields (the usual case while editing): update in place so the view keeps its scroll position.
    bool sameFields = rows.size() == m_rows.size();
    for (std::size_t i = 0; sameFields && i < rows.size(); ++i)
        sameFields = rows[i].field == m_rows[i].field;
    if (sameFields) {
        m_rows = std::move(rows);
        if (!m_rows.empty())
            Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int ParameterModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ParameterModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ParameterModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const ParameterRow& r = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == Parameter)
            return CompareTab::fieldLabel(QString::fromStdString(r.field));
        return CompareTab::valueLabel(
            QString::fromStdString(r.field), QString::fromStdString(index.column() == A ? r.a : r.b));
    case FieldRole:
        return QString::fromStdString(r.field);
    case DiffersRole:
        return r.differs;
    case Qt::ToolTipRole:
        if (index.column() == Parameter)
            return QString::fromStdString(r.field);
        return CompareTab::valueLabel(
            QString::fromStdString(r.field), QString::fromStdString(index.column() == A ? r.a : r.b));
    case Qt::FontRole:
        if (r.differs) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::BackgroundRole:
        return r.differs ? QVariant(QBrush(QColor(255, 240, 190))) : QVariant();
    case Qt::ForegroundRole:
        if (index.column() == A)
            return QBrush(compareColorA().darker(130));
        if (index.column() == B)
            return QBrush(compareColorB().darker(130));
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == Parameter ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                           : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant ParameterModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Parameter:
        return tr("Parameter");
    case A:
        return tr("A");
    case B:
        return tr("B");
    default:
        return {};
    }
}

} // namespace lorascope
