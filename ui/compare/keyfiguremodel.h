// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/compare.h"

#include <QAbstractTableModel>

#include <memory>

namespace lorascope {

/// The A/B key figures (requests, achieved rate, cv, fitted α, over limits, wait/TTFT/E2E
/// percentiles, throughput): one row per figure with A, B, Δ = B − A and Δ in percent of A.
/// ValueRole gives the raw number (NaN where it does not exist).
class KeyFigureModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Figure, A, B, Delta, DeltaPercent, ColumnCount };
    static constexpr int ValueRole = Qt::UserRole + 1;
    static constexpr int KeyRole = Qt::UserRole + 2;

    explicit KeyFigureModel(QObject* parent = nullptr);

    void setComparison(std::shared_ptr<const Comparison> comparison);
    /// Row of a figure by its core key ("waitP99", ...); -1 if absent.
    int rowOf(const QString& key) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Translated label of a figure key (with its unit; `unit` is the admission clock's unit).
    static QString labelOf(const QString& key, const QString& unit);
    /// Differences smaller than this share of A are noise, not coloured green or red: on S-LoRA's
    /// S4 (300 s, ~600 requests) another random seed alone moves throughput and the latency
    /// percentiles by 3–8 % (standard deviation over 12 seeds; docs/workload.md, "A/B compare").
    static constexpr double kNoiseShare = 0.05;
    /// True when |B − A| is below kNoiseShare of |A| (or both are zero).
    static bool isNoise(double a, double b);
    /// Δ to the digits A and B are shown with ("+0.003", not "+0.00219" next to 0.191 and 0.194).
    static QString deltaText(const std::string& key, double a, double b);

private:
    std::shared_ptr<const Comparison> m_comparison;
    QString m_unit;
};

} // namespace lorascope
