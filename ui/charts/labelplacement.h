// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where to put text labels on a chart: near their anchor point, never on top
// of each other, never across a curve, inside the plot area. Pure geometry in pixels, so it is
// tested without rendering.

#include <QList>
#include <QPolygonF>
#include <QRectF>

#include <optional>

namespace lorascope {

struct LabelBox {
    QPointF anchor; ///< the data point the label names, in pixels
    QSizeF size; ///< the label's text size
};

struct PlacedLabel {
    QRectF rect; ///< where the text goes
    bool leader = false; ///< placed away from its anchor: draw a line from the anchor to it
};

/// Places the labels in order (earlier ones get the better spots): each tries positions around
/// its anchor, then further out; a position is taken only if it lies inside `area`, overlaps no
/// label placed before, no anchor of another label, no rectangle of `obstacles` (e.g. the markers
/// of a point series) and crosses no segment of `curves`. A label with no such position is left
/// out (nullopt).
QList<std::optional<PlacedLabel>> placeLabels(const QList<LabelBox>& labels, const QList<QPolygonF>& curves,
    const QRectF& area, const QList<QRectF>& obstacles = {});

/// True if the polyline has a segment that crosses or touches `rect`.
bool polylineHitsRect(const QPolygonF& polyline, const QRectF& rect);

} // namespace lorascope
