// SPDX-License-Identifier: Apache-2.0
#include "charts/labelplacement.h"

#include <QLineF>

#include <algorithm>
#include <cmath>

namespace lorascope {

namespace {

bool segmentHitsRect(const QPointF& a, const QPointF& b, const QRectF& r)
{
    if (r.contains(a) || r.contains(b))
        return true;
    // Quick reject on the bounding boxes.
    if (std::max(a.x(), b.x()) < r.left() || std::min(a.x(), b.x()) > r.right() || std::max(a.y(), b.y()) < r.top()
        || std::min(a.y(), b.y()) > r.bottom())
        return false;
    const QLineF seg(a, b);
    const QLineF edges[] = { { r.topLeft(), r.topRight() }, { r.topRight(), r.bottomRight() },
        { r.bottomRight(), r.bottomLeft() }, { r.bottomLeft(), r.topLeft() } };
    for (const auto& e : edges) {
        if (seg.intersects(e, nullptr) == QLineF::BoundedIntersection)
            return true;
    }
    return false;
}

} // namespace

bool polylineHitsRect(const QPolygonF& polyline, const QRectF& rect)
{
    if (polyline.size() == 1)
        return rect.contains(polyline.front());
    for (qsizetype i = 0; i + 1 < polyline.size(); ++i)
        if (segmentHitsRect(polyline[i], polyline[i + 1], rect))
            return true;
    return false;
}

QList<std::optional<PlacedLabel>> placeLabels(
    const QList<LabelBox>& labels, const QList<QPolygonF>& curves, const QRectF& area, const QList<QRectF>& obstacles)
{
    QList<std::optional<PlacedLabel>> out;
    QList<QRectF> taken;
    // Directions around the anchor, best first: right, upper right, above, lower right, left, ...
    const QPointF dirs[] = { { 1, 0 }, { 1, -1 }, { 0, -1 }, { 1, 1 }, { -1, 0 }, { -1, -1 }, { 0, 1 }, { -1, 1 } };
    constexpr double kGap = 5; // pixels between anchor and text
    constexpr int kRings = 8;
    for (qsizetype i = 0; i < labels.size(); ++i) {
        const LabelBox& l = labels[i];
        const double w = l.size.width(), h = l.size.height();
        auto freeAt = [&](const QRectF& r) {
            if (!area.contains(r))
                return false;
            for (const auto& t : std::as_const(taken))
                if (t.intersects(r))
                    return false;
            for (qsizetype j = 0; j < labels.size(); ++j) // other labels' points stay visible
                if (j != i && r.adjusted(-2, -2, 2, 2).contains(labels[j].anchor))
                    return false;
            for (const auto& c : curves)
                if (polylineHitsRect(c, r.adjusted(-1, -1, 1, 1)))
                    return false;
            for (const auto& o : obstacles)
                if (o.intersects(r))
                    return false;
            return true;
        };
        std::optional<PlacedLabel> placed;
        for (int ring = 0; ring < kRings && !placed; ++ring) {
            const double d = kGap + ring * (h + 2);
            for (const QPointF& dir : dirs) {
                // The text's near edge sits at distance d from the anchor along the direction.
                QPointF topLeft;
                topLeft.setX(dir.x() > 0 ? l.anchor.x() + d
                        : dir.x() < 0    ? l.anchor.x() - d - w
                                         : l.anchor.x() - w / 2);
                topLeft.setY(dir.y() > 0 ? l.anchor.y() + d
                        : dir.y() < 0    ? l.anchor.y() - d - h
                                         : l.anchor.y() - h / 2);
                const QRectF r(topLeft, l.size);
                if (freeAt(r)) {
                    placed = PlacedLabel { r, ring > 0 };
                    break;
                }
            }
        }
        if (placed)
            taken.append(placed->rect);
        out.append(placed);
    }
    return out;
}

} // namespace lorascope
