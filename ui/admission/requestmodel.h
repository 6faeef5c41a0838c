// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/admissionview.h"
#include "text/terms.h"

#include <QAbstractTableModel>

#include <memory>

namespace lorascope {

/// The admission preview's requests: one row per request of the simulation, with times, waits and
/// the wait reason. Sort role = the raw number, so a QSortFilterProxyModel sorts numerically.
class RequestTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Id,
        Adapter,
        Input,
        Output,
        Arrival,
        Admitted,
        FirstToken,
        Finished,
        Wait,
        Ttft,
        E2e,
        Status,
        Reason,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit RequestTableModel(QObject* parent = nullptr);

    void setAnalysis(std::shared_ptr<const AdmissionAnalysis> analysis);
    std::shared_ptr<const AdmissionAnalysis> analysis() const { return m_analysis; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Text of a request's fate ("finished", "refused: input longer than max_req_input_len (2048 tokens)", ...).
    static QString statusOf(const RequestRecord& r, const SchedulerConfig& server);
    /// Short text of a request's wait reason ("KV cache full: needs 5038 slots, 4720 free"; "–"
    /// when it did not wait); the tool tip has the full explanation.
    static QString reasonOf(const RequestRecord& r, const WaitContext& context = {});

private:
    std::shared_ptr<const AdmissionAnalysis> m_analysis;
};

} // namespace lorascope
