// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "charts/plotdata.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <utility>

#include <QPolygonF>
#include <QRectF>

class QChart;
class QChartView;
class QAbstractAxis;
class QGraphicsLineItem;
class QGraphicsSimpleTextItem;
class QLabel;

namespace lorascope {

/// A chart widget showing one PlotData. It is the only place that knows Qt Charts: series are
/// reused (replace()) when only the points change, so live updates stay cheap. Feed it binned data
/// (a few thousand points at most). Right-click offers PNG/SVG export.
///
/// setData() takes the data at once (data() returns it) but hands it to Qt Charts in a later
/// event-loop turn, one chart per turn: a chart whose axes change costs Qt Charts milliseconds
/// (re-layout, label text, painting), and a new workload changes every chart at once; applied
/// together they would block the GUI thread for the sum. A hidden chart (another tab) takes its
/// data when it is shown.
class PlotView : public QWidget {
    Q_OBJECT
public:
    explicit PlotView(QWidget* parent = nullptr);
    ~PlotView() override;

    void setData(const PlotData& data);
    const PlotData& data() const { return m_data; }
    /// Hands every chart's pending data to Qt Charts now (before rendering a chart off screen).
    static void applyPending();

    /// Writes the chart as PNG or SVG (by suffix), laid out at `size` (logical pixels; empty = as
    /// on screen) and, for PNG, rendered at `scale` device pixels per logical pixel. Empty string
    /// on success, else the error.
    QString exportTo(const QString& path, const QSize& size = {}, qreal scale = 1.0);

    /// Words shown over the plot while no series has a point ("Run sweep … to draw it here"), so
    /// an empty chart keeps its title and axes and says what it will show; empty = none.
    void setEmptyHint(const QString& text);
    QString emptyHintShown() const;

    /// A vertical marker at x (data units), e.g. the step-through's current time; nullopt hides it.
    void setMarker(std::optional<double> x);
    std::optional<double> marker() const { return m_markerX; }
    /// Where the data labels were put (pixels in the chart), for tests: never overlapping, never on a curve.
    QList<QRectF> labelRects() const { return m_labelRects; }
    /// The line series as drawn (pixels in the chart).
    QList<QPolygonF> curvesInPixels() const;
    /// The markers of point series as drawn (pixels in the chart); labels never cover them.
    QList<QRectF> markersInPixels() const;
    /// Texts that do not fit their space and so are cut off (title, axis titles, legend); empty = all whole.
    QStringList clippedTexts() const;
    /// Texts Qt Charts drew cut down to "..." (tick labels, titles, legend entries), read from the
    /// chart's scene after its layout; empty = every text whole.
    QStringList elidedTexts() const;
    /// The smallest size at which every text of the chart is whole and its axes readable (from the
    /// fonts, the titles, the tick labels and the legend; see readableSize() in plotview.cpp). A
    /// grid never lays the chart out smaller: it scrolls or reflows to fewer columns instead.
    QSize minimumSizeHint() const override;

    /// Where a data value lies in the chart's viewport (after the data was applied), for clicks
    /// and tests; nullopt when the chart has no series yet.
    std::optional<QPoint> viewportPosition(const QPointF& value) const;
    /// The line or point series' data point nearest to a viewport position, within `radius`
    /// pixels: {series index in data().series, point index}; nullopt when none is that close.
    std::optional<std::pair<int, int>> pointNear(const QPoint& viewportPos, double radius = 12) const;

Q_SIGNALS:
    /// The user asked to export this chart (context menu); the main window picks the file.
    void exportRequested();
    /// The user clicked near a data point of a line or point series (indices into data()).
    void pointClicked(int series, int index);

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;
    void showEvent(QShowEvent* event) override;
    /// Clicks and hover tooltips on the chart's viewport (nearest data point).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    class ApplyQueue;

    void apply();
    void rebuild();
    void updatePoints();
    void placeLabels();
    void placeMarker();
    void placeEmptyHint();
    QString shapeKey(const PlotData& data) const;
    double toX(double x) const; ///< data → axis coordinate (log10 on a log axis)
    double toY(double y) const;
    QList<QPointF> toAxes(const QList<QPointF>& points) const;
    void applyAxis(QAbstractAxis* axis, const PlotAxis& spec, double lo, double hi);
    QSize readableSize() const;

    PlotData m_data;
    QString m_shape;
    QChartView* m_view;
    QChart* m_chart;
    QList<QGraphicsSimpleTextItem*> m_labels;
    QList<QGraphicsLineItem*> m_leaders;
    QList<QRectF> m_labelRects;
    QGraphicsLineItem* m_marker = nullptr;
    std::optional<double> m_markerX;
    QString m_emptyHint;
    QLabel* m_emptyLabel = nullptr;
    QStringList m_tickLabels[2]; ///< the tick labels of the x and y axis, as drawn
    QSize m_readable; ///< readableSize() when the data was last applied
};

} // namespace lorascope
