// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHash>
#include <QList>
#include <QWidget>

#include <cstdint>
#include <functional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QSpinBox;
class QTableView;
class QTimer;
class QVBoxLayout;

namespace lorascope {

struct AdmissionAnalysis;
struct SchedulerConfig;
class ChartGrid;
class CostModelPanel;
class Document;
class GanttView;
class PlotView;
class RequestTableModel;
class RequestsPage;
class StaleBar;
class StepThroughPanel;

/// Admission preview (docs/admission.md): limits, policy, clock and cost model; timelines, KV
/// need vs capacity, latency distributions; below them the requests and why each waited
/// (RequestsPage), the request Gantt and the step-through of forward passes.
class AdmissionTab : public QWidget {
    Q_OBJECT
public:
    explicit AdmissionTab(Document* document, QWidget* parent = nullptr);

    /// The request table's model, its sorting proxy and the view (requestspage.h).
    RequestTableModel* model() const;
    QSortFilterProxyModel* proxy() const;
    QTableView* table() const;
    GanttView* gantt() const { return m_gantt; }
    StepThroughPanel* stepThrough() const { return m_step; }
    CostModelPanel* costModelPanel() const { return m_costPanel; }
    /// Chart by key: "queue", "kv", "residency", "latency".
    PlotView* chart(const QString& key) const { return m_charts.value(key); }
    QStringList chartKeys() const;
    /// Editor of a setting by field name ("limits.maxTotalTokenNum", "vllm.maxLoras",
    /// "sglang.maxLorasPerBatch", "policy", "clock", ...).
    QWidget* editor(const QString& field) const { return m_editors.value(field); }
    /// The box of one server's settings: "slora", "vllm" or "sglang" (only the chosen policy's is shown).
    QWidget* serverBox(const QString& server) const { return m_serverBoxes.value(server); }
    /// The line naming the server version whose rules the chosen policy follows.
    QString rulesText() const;
    QString summaryText() const;
    /// The settings column (View > Side Panels hides it).
    QWidget* sidePanel() const { return m_side; }
    ChartGrid* chartGrid() const { return m_grid; }
    /// The banner's text: refused requests and overload (empty while hidden).
    QString bannerText() const;
    /// Selects request `index` in the table and shows why it waited beside it; false if there is none.
    bool selectRequest(qlonglong index);
    /// The detail pane's text: the selected request, why it waited, its times.
    QString detailText() const;
    double lastRefreshMs() const { return m_lastRefreshMs; }
    /// The line above the results saying they are out of date (empty while they are current).
    QString staleText() const;
    StaleBar* staleBar() const { return m_stale; }
    /// The banner's one-click fix of refusals for max_lora_rank: sets it to the trace's largest
    /// adapter rank (an undoable edit); false without a preview.
    bool fixMaxLoraRank();

Q_SIGNALS:
    void chartsUpdated();
    void exportRequested(QWidget* chart, const QString& name);

private:
    QWidget* createSettings();
    /// The three servers' boxes (admissionsettings.cpp).
    void createServerBoxes(QWidget* parent, QVBoxLayout* into);
    void syncFromDocument();
    void commit(const QString& field);
    void refresh();
    void updateResidency(const AdmissionAnalysis& analysis);
    void updateBanner();
    /// Marks the results out of date (or current) as the document says (admissiontab.cpp).
    void updateStale();
    /// How many requests the server refused and mostly why (empty when none was).
    QString refusedText(const AdmissionAnalysis& analysis) const;
    /// Arrivals above what the server took in: how the queue grew and what held it.
    QString overloadText(const AdmissionAnalysis& analysis) const;
    PlotView* addChart(const QString& key);

    Document* m_document;
    bool m_syncing = false;
    QHash<QString, QWidget*> m_editors;
    QHash<QString, QString> m_labels; ///< plain label of each setting (for undo texts)
    QHash<QString, PlotView*> m_charts;
    GanttView* m_gantt = nullptr;
    RequestsPage* m_requests = nullptr;
    StepThroughPanel* m_step = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_banner = nullptr;
    StaleBar* m_stale = nullptr;
    QTimer* m_staleSoon = nullptr; ///< updates the stale line once the document has scheduled its jobs
    QWidget* m_side = nullptr;
    ChartGrid* m_grid = nullptr;
    CostModelPanel* m_costPanel = nullptr;
    QHash<QString, QWidget*>
        m_serverBoxes; ///< "slora", "vllm", "sglang": each server's settings, shown while it is chosen
    QLabel* m_configError = nullptr; ///< why the server would refuse these settings (its own message)
    QLabel* m_rules = nullptr; ///< which version's rules the chosen policy follows
    /// Settings bound to one field of the scheduler configuration (editor name → the field).
    QList<QPair<QString, std::function<std::int64_t&(SchedulerConfig&)>>> m_intFields;
    QList<QPair<QString, std::function<bool&(SchedulerConfig&)>>> m_boolFields;
    double m_lastRefreshMs = 0;
};

} // namespace lorascope
