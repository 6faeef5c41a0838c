// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "sweep/sweepio.h"

#include <QHash>
#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;

namespace lorascope {

class PlotView;

/// A/B compare of two sweeps (docs/sweep.md): the curves of A and B over the same parameter
/// (throughput, TTFT p90, E2E p90, SLO attainment, achieved/offered) and their key numbers side by
/// side (largest value meeting the SLO, first saturated value, peak throughput). A is pinned from
/// the Sweep tab or loaded from a sweep file (`lorascope-cli sweep` output, .jsonl or .csv); B is
/// the Sweep tab's latest sweep (live) or a file.
class SweepCompareView : public QWidget {
    Q_OBJECT
public:
    enum class Side { A, B };

    explicit SweepCompareView(QWidget* parent = nullptr);

    void setSide(Side side, std::shared_ptr<const SweepFile> sweep, const QString& label);
    /// The Sweep tab's latest sweep: shown as B while B is live.
    void setLiveSweep(std::shared_ptr<const SweepFile> sweep);
    /// B follows the Sweep tab again.
    void useLiveB();
    bool bIsLive() const { return m_bLive; }
    /// Reads a side from a sweep file; returns the error (empty on success).
    QString loadSide(Side side, const QString& path);

    std::shared_ptr<const SweepFile> sideA() const { return m_a; }
    std::shared_ptr<const SweepFile> sideB() const { return m_bLive ? m_live : m_b; }
    /// Chart by key: "throughput", "ttft", "e2e", "attainment", "saturation".
    PlotView* chart(const QString& key) const { return m_charts.value(key); }
    QStringList chartKeys() const { return m_chartOrder; }
    QString headerText() const;
    QString keyNumbersText() const;
    /// Why the two cannot be overlaid (different parameters), or empty.
    QString problemText() const;

Q_SIGNALS:
    void exportRequested(QWidget* widget, const QString& name);
    void updated();

private:
    PlotView* addChart(const QString& key, QWidget* parent);
    void refresh();

    std::shared_ptr<const SweepFile> m_a, m_b, m_live;
    QString m_aLabel, m_bLabel;
    bool m_bLive = true;
    QLabel* m_header = nullptr;
    QLabel* m_problem = nullptr;
    QLabel* m_numbers = nullptr;
    QPushButton* m_liveB = nullptr;
    QWidget* m_page = nullptr;
    QHash<QString, PlotView*> m_charts;
    QStringList m_chartOrder;
};

} // namespace lorascope
