// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/binning.h"
#include "analysis/workloadview.h"
#include "document/jobtracker.h"

#include <QImage>
#include <QList>
#include <QWidget>

#include <memory>

class QScrollBar;

namespace lorascope {

/// Per-adapter arrival raster: one row per adapter (hottest on top), time to the right, painted
/// with QPainter into a cached QImage (hotspot's timeline way). Wheel zooms around the cursor,
/// dragging or the scroll bar pans, double-click shows the whole trace. A zoomed window over many
/// requests is binned on a pool thread; the previous picture stays until those bins arrive.
class RasterView : public QWidget {
    Q_OBJECT
public:
    explicit RasterView(QWidget* parent = nullptr);

    void setAnalysis(std::shared_ptr<const WorkloadAnalysis> analysis);
    /// Visible time window (seconds).
    void setWindow(double t0, double t1);
    double windowStart() const { return m_t0; }
    double windowEnd() const { return m_t1; }
    /// The bins behind the current picture (for tests and export).
    const RasterBins& bins() const { return m_bins; }
    /// The picture of the bins as last painted (plot area only; for tests).
    const QImage& picture() const { return m_image; }
    /// Milliseconds the last paint took (for the benchmark).
    double lastPaintMs() const { return m_lastPaintMs; }
    /// The time axis's ticks for a window [t0, t1] drawn `pixels` wide: a 1-2-5 step of about one
    /// tick per 100 px, and at least three ticks on a narrow chart (40 s in 180 px: 0, 20, 40).
    static QList<double> timeTicks(double t0, double t1, int pixels);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;

private:
    QRect plotRect() const;
    void updateBins(int columns);
    void rebuildImage();
    void updateScrollBar();
    double fullEnd() const;

    /// What a set of bins shows: which analysis (setAnalysis() count), which window, how many columns.
    struct BinsKey {
        quint64 analysis = 0;
        double t0 = 0, t1 = 0;
        int columns = 0;
        bool operator==(const BinsKey&) const = default;
    };

    std::shared_ptr<const WorkloadAnalysis> m_analysis;
    quint64 m_analysisSerial = 0;
    RasterBins m_bins;
    BinsKey m_binsKey; ///< what m_bins show
    BinsKey m_pendingKey; ///< what the pool thread is binning (empty: nothing)
    QImage m_image;
    bool m_dirty = true;
    double m_t0 = 0, m_t1 = 1;
    int m_dragX = -1;
    double m_dragT0 = 0;
    double m_lastPaintMs = 0;
    QScrollBar* m_scroll;
    JobTracker m_jobs; ///< bins zoomed windows of large traces
};

} // namespace lorascope
