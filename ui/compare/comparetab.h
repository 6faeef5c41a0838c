// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/compare.h"
#include "document/jobtracker.h"

#include <QHash>
#include <QTimer>
#include <QWidget>

#include <memory>
#include <optional>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QTabBar;
class QTableView;

namespace lorascope {

class ChartGrid;
class Document;
class KeyFigureModel;
class ParameterModel;
class PlotView;
class SweepCompareView;
class RunCompareView;

/// A/B compare of two parameter sets (README.md, A/B Compare). A is pinned (from the document or a session file);
/// B is the document's live parameters (or a session file). The header lists the parameters that
/// differ; overlaid charts and a key-figure table show both workloads and their admission previews.
/// Work runs off the GUI thread (JobTracker, superseded results dropped); B follows the document,
/// debounced, and only while the tab is visible.
class CompareTab : public QWidget {
    Q_OBJECT
public:
    enum class Side { A, B };

    explicit CompareTab(Document* document, QWidget* parent = nullptr);
    ~CompareTab() override;

    /// "Pin Current as A" (Ctrl+Shift+A): the main window puts it in a menu.
    QAction* pinAction() const { return m_pinAction; }

    /// Pins the document's current spec and admission settings as A.
    void pinCurrentAsA();
    /// Loads a side from a session (or spec) file; returns the error message (empty on success).
    QString loadSide(Side side, const QString& path);
    /// B follows the document's parameters again.
    void useLiveB();
    /// Swaps A and B. With a live B the document takes A's parameters (one undo step) and A the
    /// previous current ones, so the user keeps editing the live side.
    void swap();

    bool hasA() const { return m_a.has_value(); }
    bool bIsLive() const { return !m_b.has_value(); }
    /// The inputs the comparison is computed from (the shared server applied when it is on).
    std::optional<CompareInput> effectiveA() const;
    CompareInput effectiveB() const;
    /// The latest finished comparison (null before the first one).
    std::shared_ptr<const Comparison> comparison() const { return m_comparison; }

    /// Chart by key: "popularity", "gaps", "input", "output", "arrivals", "latency", "running", "queue".
    PlotView* chart(const QString& key) const { return m_charts.value(key); }
    QStringList chartKeys() const { return m_chartOrder; }
    /// The chart grid.
    ChartGrid* chartGrid() const { return m_grid; }
    /// The key-number and parameter tables (View > Side Panels hides them).
    QWidget* sidePanel() const { return m_side; }
    /// Header, tables and charts: what "Export comparison" saves as one picture.
    QWidget* comparisonPage() const { return m_page; }
    KeyFigureModel* model() const { return m_model; }
    /// A and B parameters side by side (differing rows highlighted).
    ParameterModel* parameterModel() const { return m_params; }
    QTableView* table() const { return m_table; }
    QCheckBox* sameServerToggle() const { return m_sameServer; }
    /// B's policy: "as in the Admission tab" (data -1) or S-LoRA, S-LoRA with abort, vLLM V1,
    /// SGLang (data = PolicyKind), so one workload runs on two servers side by side.
    QComboBox* policyChoiceB() const { return m_policyB; }
    QComboBox* latencyChoice() const { return m_latencyChoice; }
    /// The header line listing the differing parameters (plain text).
    QString diffText() const;
    /// Problems shown inline (invalid spec, unreadable file); empty when none.
    QString errorText() const;
    bool busy() const { return m_jobs.isRunning(); }

    /// Translated short label of a parameter field ("popularity.alpha" → "α"; compare/fieldlabel.cpp).
    static QString fieldLabel(const QString& field);
    /// A value as the Workload and Admission tabs name it ("arrival.kind", "gamma" → "gamma (cv)").
    static QString valueLabel(const QString& field, const QString& value);

    /// The sweep comparison (the "Sweeps" mode) and switching to it.
    SweepCompareView* sweepView() const { return m_sweeps; }
    void showSweeps();
    /// The comparison of two replay runs (the "Replay runs" mode) and switching to it.
    RunCompareView* runsView() const { return m_runs; }
    void showRuns();

Q_SIGNALS:
    /// A new comparison was presented (charts, table and header updated).
    void comparisonUpdated();
    void exportRequested(QWidget* chart, const QString& name);

protected:
    void showEvent(QShowEvent* event) override;

private:
    struct Pinned {
        CompareInput input;
        QString label; ///< where it came from ("current parameters, 14:02", a file name)
    };
    struct Cached {
        CompareInput input;
        CompareSide side;
    };

    QWidget* createToolbar();
    QWidget* createPlaceholder();
    QWidget* createComparisonPage();
    PlotView* addChart(const QString& key);
    CompareInput currentInput() const;
    /// B before its policy choice (the live parameters or a loaded file).
    CompareInput baseB() const;
    void schedule();
    void recompute();
    void present();
    void updateHeader();
    void updateButtons();
    void setError(const QString& html);

    Document* m_document;
    std::optional<Pinned> m_a;
    std::optional<Pinned> m_b; ///< empty = live document
    std::optional<Cached> m_cacheA, m_cacheB;
    std::shared_ptr<const Comparison> m_comparison;
    QTimer m_debounce;
    bool m_dirty = false;

    QAction* m_pinAction;
    QStackedWidget* m_stack = nullptr;
    QLabel* m_header = nullptr;
    QLabel* m_error = nullptr;
    QLabel* m_note = nullptr;
    QProgressBar* m_busy = nullptr;
    QPushButton* m_liveB = nullptr;
    QPushButton* m_swap = nullptr;
    QPushButton* m_loadB = nullptr;
    QPushButton* m_export = nullptr;
    QCheckBox* m_sameServer = nullptr;
    QComboBox* m_policyB = nullptr;
    QComboBox* m_latencyChoice = nullptr;
    ChartGrid* m_grid = nullptr;
    QWidget* m_side = nullptr;
    QWidget* m_page = nullptr;
    KeyFigureModel* m_model;
    ParameterModel* m_params;
    QTableView* m_paramTable = nullptr;
    QTableView* m_table = nullptr;
    QTabBar* m_modeBar = nullptr;
    SweepCompareView* m_sweeps = nullptr;
    RunCompareView* m_runs = nullptr;
    QHash<QString, PlotView*> m_charts;
    QStringList m_chartOrder;
    JobTracker m_jobs; ///< last member: destroyed (and waited for) first
};

} // namespace lorascope
