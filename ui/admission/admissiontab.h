// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHash>
#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QSpinBox;
class QTableView;

namespace lorascope {

class ChartGrid;
class CostModelPanel;
class Document;
class GanttView;
class PlotView;
class RequestDetail;
class RequestTableModel;
class StepThroughPanel;

/// Admission preview (SPEC §2): limits, policy, clock and cost model; timelines, KV need vs
/// capacity, latency distributions, the request Gantt, the request table with wait reasons and
/// the step-through of forward passes.
class AdmissionTab : public QWidget {
    Q_OBJECT
public:
    explicit AdmissionTab(Document* document, QWidget* parent = nullptr);

    RequestTableModel* model() const { return m_model; }
    /// Sorts and filters the requests (always fed from model(); the table shows it only while the
    /// user sorts by another column or filters).
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QTableView* table() const { return m_table; }
    GanttView* gantt() const { return m_gantt; }
    StepThroughPanel* stepThrough() const { return m_step; }
    CostModelPanel* costModelPanel() const { return m_costPanel; }
    /// Chart by key: "queue", "kv", "latency".
    PlotView* chart(const QString& key) const { return m_charts.value(key); }
    QStringList chartKeys() const;
    /// Editor of a setting by field name ("limits.maxTotalTokenNum", "policy", "clock", ...).
    QWidget* editor(const QString& field) const { return m_editors.value(field); }
    QString summaryText() const;
    /// The settings column (View > Side Panels hides it).
    QWidget* sidePanel() const { return m_side; }
    ChartGrid* chartGrid() const { return m_grid; }
    /// The overload banner's text (empty while hidden).
    QString bannerText() const;
    /// Selects request `index` in the table and shows why it waited beside it; false if there is none.
    bool selectRequest(qlonglong index);
    /// The detail pane's text: the selected request, why it waited, its times.
    QString detailText() const;
    double lastRefreshMs() const { return m_lastRefreshMs; }

Q_SIGNALS:
    void chartsUpdated();
    /// The table switched between the plain model and the sorting proxy (a new selection model).
    void tableModelChanged();
    void exportRequested(QWidget* chart, const QString& name);

protected:
    /// Sizes the table's columns when it is shown (see refresh()).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* createSettings();
    void syncFromDocument();
    void commit(const QString& field);
    void refresh();
    void updateBanner();
    void sizeTableColumns();
    PlotView* addChart(const QString& key);
    /// The table shows the plain model unless a filter or an order other than request ascending needs the proxy.
    bool proxyNeeded() const;
    void updateTableModel();
    void watchSelection();

    Document* m_document;
    bool m_syncing = false;
    bool m_columnsStale = false; ///< a new result arrived while the table was hidden
    QHash<QString, QWidget*> m_editors;
    QHash<QString, QString> m_labels; ///< plain label of each setting (for undo texts)
    QHash<QString, PlotView*> m_charts;
    RequestTableModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table = nullptr;
    QLineEdit* m_filter = nullptr;
    QComboBox* m_filterColumn = nullptr;
    GanttView* m_gantt = nullptr;
    RequestDetail* m_detail = nullptr;
    StepThroughPanel* m_step = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_banner = nullptr;
    QWidget* m_side = nullptr;
    ChartGrid* m_grid = nullptr;
    CostModelPanel* m_costPanel = nullptr;
    QWidget* m_vllmBox = nullptr; ///< the vLLM settings, hidden while an S-LoRA policy is chosen
    double m_lastRefreshMs = 0;
};

} // namespace lorascope
