// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "fleet/fleet.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <memory>

namespace lorascope {

/// Every request of a fleet run: where the router sent it, by which rule, and its latencies; the
/// tool tip of a row (and Qt::UserRole) is the decision in words (FleetText::decision). Rows are
/// made on demand, so a million requests cost nothing until shown.
class DecisionModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Request, Arrival, Adapter, Replica, Rule, Ttft, E2e, ColumnCount };
    explicit DecisionModel(QObject* parent = nullptr);
    void setRun(std::shared_ptr<const Trace> trace, std::shared_ptr<const FleetResult> result);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    /// The decision of row `row` in words.
    QString explanation(int row) const;

private:
    std::shared_ptr<const Trace> m_trace;
    std::shared_ptr<const FleetResult> m_result;
    QStringList m_names;
};

} // namespace lorascope
