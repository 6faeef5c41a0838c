// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/admissionview.h"

#include <QImage>
#include <QWidget>

#include <memory>
#include <optional>
#include <utility>

class QScrollBar;

namespace lorascope {

/// Request Gantt: one row per request (arrival order): queue wait (grey), prefill (light) and
/// decode (full colour), coloured by adapter. Only the visible rows are painted, into a cached
/// QImage; the time axis fits the visible rows. Hover shows the request and why it waited.
class GanttView : public QWidget {
    Q_OBJECT
public:
    explicit GanttView(QWidget* parent = nullptr);

    void setAnalysis(std::shared_ptr<const AdmissionAnalysis> analysis);
    /// First visible row.
    void scrollToRow(int row);
    int firstRow() const { return m_first; }
    int visibleRows() const;
    /// The request under a widget position (-1 if none) and its tooltip text.
    int rowAt(const QPoint& pos) const;
    QString tooltipForRow(int row) const;
    /// A vertical marker at a time (the step-through's pass); nullopt hides it.
    void setMarker(std::optional<double> time);
    std::optional<double> marker() const { return m_marker; }
    /// The visible time window [t0, t1] (fitted to the visible rows).
    std::pair<double, double> timeWindow() const { return { m_t0, m_t1 }; }
    double lastPaintMs() const { return m_lastPaintMs; }
    static constexpr int kRowHeight = 7;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    bool event(QEvent* event) override;

private:
    QRect plotRect() const;
    void rebuildImage();

    std::shared_ptr<const AdmissionAnalysis> m_analysis;
    QImage m_image;
    bool m_dirty = true;
    int m_first = 0;
    double m_t0 = 0, m_t1 = 1;
    std::optional<double> m_marker;
    double m_lastPaintMs = 0;
    QScrollBar* m_scroll;
};

} // namespace lorascope
