#pragma once

#include "charts/plotdata.h"

#include <QWidget>

#include <memory>

class QChart;
class QChartView;
class QGraphicsSimpleTextItem;

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

    /// Writes the chart as PNG or SVG (by suffix). Empty string on success, else the error.
    QString exportTo(const QString& path);

Q_SIGNALS:
    /// The user asked to export this chart (context menu); the main window picks the file.
    void exportRequested();

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    class ApplyQueue;

    void apply();
    void rebuild();
    void updatePoints();
    void placeLabels();
    QString shapeKey(const PlotData& data) const;

    PlotData m_data;
    QString m_shape;
    QChartView* m_view;
    QChart* m_chart;
    QList<QGraphicsSimpleTextItem*> m_labels;
};

} // namespace lorascope
