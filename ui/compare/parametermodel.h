// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/compare.h"

#include <QAbstractTableModel>

#include <vector>

namespace lorascope {

/// A and B parameters side by side (core parameterRows()): the main ones always, every other one
/// that differs; differing rows are bold and highlighted. FieldRole gives the field path.
class ParameterModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Parameter, A, B, ColumnCount };
    static constexpr int FieldRole = Qt::UserRole + 1;
    static constexpr int DiffersRole = Qt::UserRole + 2;

    explicit ParameterModel(QObject* parent = nullptr);

    void setRows(std::vector<ParameterRow> rows);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<ParameterRow> m_rows;
};

} // namespace lorascope
