// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cmath>

#include "sweep/sweep.h"

#include <QAbstractTableModel>

#include <vector>

namespace lorascope {

/// The points of a sweep, one row per point sorted by the parameter's value, as they arrive:
/// the value, requests, throughput, goodput, TTFT/TPOT/E2E percentiles, SLO attainments,
/// achieved/offered, queue and KV peaks. Headers carry units and a plain-words tooltip each.
/// SortRole gives the raw number (NaN where it does not exist).
class SweepTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Value,
        Requests,
        Throughput,
        Goodput,
        TtftP50,
        TtftP90,
        TtftP99,
        TpotP50,
        E2eP50,
        E2eP99,
        SloAttainment,
        SloraAttainment,
        AchievedRatio,
        PeakQueue,
        PeakKvNeed,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit SweepTableModel(QObject* parent = nullptr);

    /// Starts a new sweep of `param` (clears the rows).
    void reset(SweepParam param, const SloTarget& slo, double saturationRatio);
    /// Adds a finished point in its place by value (a point with the same value replaces it).
    void addPoint(const SweepPoint& point);
    const std::vector<SweepPoint>& points() const { return m_points; }
    SweepParam param() const { return m_param; }
    /// How finely the values are known, for the Value column's digits: a sweep's finest step
    /// (absolute), or the finder's tolerance (`relative`: a fraction of each value).
    void setResolution(double resolution, bool relative);
    /// Row of a value; -1 if absent.
    int rowOf(double value) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    double number(const SweepPoint& p, int column) const;

    SweepParam m_param = SweepParam::Rate;
    double m_resolution = NAN;
    bool m_relativeResolution = false;
    SloTarget m_slo;
    double m_ratio = 0.98;
    std::vector<SweepPoint> m_points;
};

} // namespace lorascope
