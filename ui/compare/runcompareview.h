// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "document/jobtracker.h"
#include "report/runcompare.h"

#include <QAbstractTableModel>
#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;
class QTableView;

namespace lorascope {

/// The comparison of two runs, one row per metric: metric, unit, A, B, B − A, its 95 % interval
/// and the verdict, as core/report/runcompare computes them (the words from core/report's table,
/// in the report language). ValueRole gives B − A as a number (NaN where absent).
class RunCompareModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Metric, Unit, A, B, Delta, Interval, Verdict, ColumnCount };
    static constexpr int ValueRole = Qt::UserRole + 1;
    static constexpr int KeyRole = Qt::UserRole + 2;

    explicit RunCompareModel(QObject* parent = nullptr);
    void setComparison(std::shared_ptr<const ResultComparison> comparison, ReportLang lang);
    /// Row of a metric by its summary.json key; -1 if absent.
    int rowOf(const QString& key) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const ResultComparison> m_comparison;
    std::vector<const MetricDelta*> m_rows;
    ReportLang m_lang = ReportLang::En;
};

/// The A/B tab's "Replay runs" page: two replay run folders (single runs, shards or `merge`
/// outputs) compared metric by metric with confidence intervals (`lorascope-cli compare`'s core),
/// computed off the GUI thread; "Export as HTML…" writes the comparison report.
class RunCompareView : public QWidget {
    Q_OBJECT
public:
    enum class Side { A, B };
    explicit RunCompareView(QWidget* parent = nullptr);

    /// Reads a run folder as one side; returns the error (empty on success). When both sides are
    /// loaded the comparison starts in the background.
    QString loadSide(Side side, const QString& dir);
    /// Writes the comparison as an HTML report; returns the error (empty on success).
    QString exportHtml(const QString& path) const;
    bool busy() const { return m_jobs.isRunning(); }
    std::shared_ptr<const ResultComparison> comparison() const { return m_comparison; }
    RunCompareModel* model() const { return m_model; }
    QString headerText() const;

    /// The language of reports and verdicts: the one the user interface is shown in.
    static ReportLang reportLanguage();

Q_SIGNALS:
    void updated();

private:
    void recompute();

    std::shared_ptr<const RunSource> m_a, m_b;
    std::shared_ptr<const ResultComparison> m_comparison;
    RunCompareModel* m_model;
    QLabel* m_header = nullptr;
    QLabel* m_labelA = nullptr;
    QLabel* m_labelB = nullptr;
    QPushButton* m_export = nullptr;
    QTableView* m_table = nullptr;
    JobTracker m_jobs; ///< last member: destroyed (and waited for) first
};

} // namespace lorascope
