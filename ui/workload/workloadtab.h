// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHash>
#include <QWidget>

class QCheckBox;
class QLabel;
class QTextBrowser;
class QTimer;

namespace lorascope {

class Document;
class StaleBar;
class ChartGrid;
class ParameterPanel;
class PlotView;
class RasterView;

/// The workload designer: parameter panel, explain panel and the live charts (popularity, gaps,
/// input/output lengths, rate over time, per-adapter raster).
class WorkloadTab : public QWidget {
    Q_OBJECT
public:
    explicit WorkloadTab(Document* document, QWidget* parent = nullptr);

    ParameterPanel* panel() const { return m_panel; }
    RasterView* raster() const { return m_raster; }
    /// Chart by key: "popularity", "gaps", "input", "output", "timeline"; with sessions or shared
    /// prefixes also "turns", "context", "prefixShare".
    PlotView* chart(const QString& key) const { return m_charts.value(key); }
    QStringList chartKeys() const { return m_chartOrder; }
    QCheckBox* logLogToggle() const { return m_logLog; }
    /// The parameter and explain column (View > Side Panels hides it).
    QWidget* sidePanel() const { return m_side; }
    ChartGrid* chartGrid() const { return m_grid; }
    QString explainText() const;
    QString currentExplainField() const { return m_explainField; }
    /// One-line summary of the current trace for the status bar.
    QString statusText() const;

    /// Milliseconds the last chart refresh took on the GUI thread.
    double lastRefreshMs() const { return m_lastRefreshMs; }
    /// The line above the charts saying they are out of date (empty while they are current).
    QString staleText() const;

public Q_SLOTS:
    void explain(const QString& field);

Q_SIGNALS:
    void chartsUpdated();
    void exportRequested(QWidget* chart, const QString& name);

private:
    void updateStale();
    void refresh();
    /// Updates the explain panel soon (after the charts): a new trace and a spec edit both change
    /// its numbers, and laying out its rich text costs milliseconds the charts should not wait for.
    void scheduleExplain();
    void refreshPopularity();
    PlotView* addChart(const QString& key);

    Document* m_document;
    ParameterPanel* m_panel;
    QTextBrowser* m_explain;
    QLabel* m_banner;
    StaleBar* m_stale = nullptr;
    QTimer* m_staleSoon = nullptr;
    QCheckBox* m_logLog;
    RasterView* m_raster;
    QWidget* m_side = nullptr;
    ChartGrid* m_grid = nullptr;
    QHash<QString, PlotView*> m_charts;
    QStringList m_chartOrder;
    QString m_explainField;
    QString m_explainHtml; ///< what the panel shows (setHtml is skipped when it would not change)
    QTimer* m_explainLater;
    double m_lastRefreshMs = 0;
};

} // namespace lorascope
