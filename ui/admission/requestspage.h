// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Admission tab's first lower page, "Requests: why each waited": the request table (the
// reason as its second column; sortable and filterable through a proxy used only when needed) and
// beside it the selected request explained in full sentences (RequestDetail).

#include "analysis/admissionview.h"

#include <QSplitter>

#include <memory>

class QComboBox;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace lorascope {

class RequestDetail;
class RequestTableModel;

class RequestsPage : public QSplitter {
    Q_OBJECT
public:
    explicit RequestsPage(QWidget* parent = nullptr);

    RequestTableModel* model() const { return m_model; }
    /// Sorts and filters the requests (always fed from model(); the table shows it only while the
    /// user sorts by another column or filters).
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QTableView* table() const { return m_table; }
    RequestDetail* detail() const { return m_detail; }

    /// A new preview: the table's rows, the detail pane on the first request worth showing.
    void setAnalysis(std::shared_ptr<const AdmissionAnalysis> analysis);
    /// Selects request `index` and explains it in the pane; false if there is none.
    bool selectRequest(qlonglong index);

Q_SIGNALS:
    /// A row was clicked (a request index into the analysis).
    void requestClicked(int request);

protected:
    /// Sizes the table's columns when it is shown (see setAnalysis()).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// The table shows the plain model unless a filter or an order other than request ascending needs the proxy.
    bool proxyNeeded() const;
    void updateTableModel();
    void watchSelection();
    void sizeTableColumns();
    int sourceRow(const QModelIndex& index) const;

    std::shared_ptr<const AdmissionAnalysis> m_analysis;
    RequestTableModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table = nullptr;
    QLineEdit* m_filter = nullptr;
    QComboBox* m_filterColumn = nullptr;
    RequestDetail* m_detail = nullptr;
    bool m_columnsStale = false; ///< a new result arrived while the table was hidden
};

} // namespace lorascope
