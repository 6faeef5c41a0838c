// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a chart shows, independent of the charting library: series of points, axes, labels.
// Views in ui/ fill a PlotData from core results; only ui/charts/ turns it into Qt Charts objects.

#include <QColor>
#include <QList>
#include <QPointF>
#include <QString>

#include <optional>

namespace lorascope {

struct PlotSeries {
    enum class Style {
        Bars, ///< histogram: points are (left edge, count) per bin plus a final (right edge, 0)
        Line,
        Points,
    };
    QString name;
    Style style = Style::Line;
    QList<QPointF> points;
    QColor color;
    bool dashed = false;
    double width = 2.0;
    bool inLegend = true; ///< false: drawn but not listed (e.g. the markers on top of a line)
};

struct PlotAxis {
    QString title;
    bool log = false;
    std::optional<double> min, max; ///< unset: fitted to the data
};

/// A text label anchored at a data point (e.g. the hottest adapters).
struct PlotLabel {
    QPointF at;
    QString text;
};

struct PlotData {
    QString title;
    QString note; ///< shown as the chart's tool tip: what it shows, the model's full name, ...
    PlotAxis x, y;
    QList<PlotSeries> series;
    QList<PlotLabel> labels;

    /// Bars series from a histogram (edges.size() == counts.size() + 1).
    template <typename Edges, typename Counts>
    static PlotSeries bars(const QString& name, const Edges& edges, const Counts& counts, const QColor& color)
    {
        PlotSeries s;
        s.name = name;
        s.style = PlotSeries::Style::Bars;
        s.color = color;
        for (std::size_t i = 0; i < std::size(counts); ++i)
            s.points.append(QPointF(double(edges[i]), double(counts[i])));
        if (std::size(edges) > 0)
            s.points.append(QPointF(double(edges[std::size(edges) - 1]), 0.0));
        return s;
    }
};

} // namespace lorascope
