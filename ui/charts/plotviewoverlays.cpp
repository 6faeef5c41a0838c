// SPDX-License-Identifier: Apache-2.0
// PlotView's overlays and interaction: curve labels, the cursor marker, clipped-text checks,
// export to PNG/SVG, hit-testing for tooltips and the context menu (the data and axes are in
// plotview.cpp).
#include "charts/plotview.h"

#include "charts/widgetexport.h"

#include "analysis/numberformat.h"
#include "charts/labelplacement.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QFontDatabase>
#include <QLegend>
#include <QLegendMarker>
#include <QGraphicsLineItem>
#include <QPainter>
#include <QSvgGenerator>
#include <QBuffer>
#include <QSaveFile>
#include <QFileInfo>
#include <QChart>
#include <QChartView>
#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMenu>
#include <QMouseEvent>
#include <QToolTip>
#include <QPointer>
#include <QScatterSeries>
#include <QTimer>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace lorascope {

QList<QPolygonF> PlotView::curvesInPixels() const
{
    QList<QPolygonF> curves;
    const auto series = m_chart->series();
    for (qsizetype i = 0; i < series.size() && i < m_data.series.size(); ++i) {
        if (m_data.series[i].style != PlotSeries::Style::Line)
            continue;
        auto* xy = qobject_cast<QXYSeries*>(series[i]);
        if (!xy)
            continue;
        QPolygonF poly;
        const auto pts = xy->points();
        poly.reserve(pts.size());
        for (const auto& p : pts)
            poly.append(m_chart->mapToPosition(p, xy));
        curves.append(poly);
    }
    return curves;
}

QList<QRectF> PlotView::markersInPixels() const
{
    QList<QRectF> markers;
    const QRectF area = m_chart->plotArea();
    const auto series = m_chart->series();
    for (qsizetype s = 0; s < series.size() && s < m_data.series.size(); ++s) {
        if (m_data.series[s].style != PlotSeries::Style::Points)
            continue;
        const double r = m_data.series[s].width * 1.5 + 1; // the marker's radius (rebuild(): size = 3 × width)
        if (auto* xy = qobject_cast<QXYSeries*>(series[s]))
            for (const QPointF& p : xy->points()) {
                const QPointF at = m_chart->mapToPosition(p, xy);
                if (area.adjusted(-r, -r, r, r).contains(at))
                    markers.append(QRectF(at.x() - r, at.y() - r, 2 * r, 2 * r));
            }
    }
    return markers;
}

void PlotView::placeLabels()
{
    while (m_labels.size() > m_data.labels.size()) {
        delete m_labels.takeLast();
        delete m_leaders.takeLast();
    }
    while (m_labels.size() < m_data.labels.size()) {
        auto* item = new QGraphicsSimpleTextItem(m_chart);
        QFont f = item->font();
        f.setPointSizeF(f.pointSizeF() * 0.85);
        item->setFont(f);
        item->setZValue(20);
        m_labels.append(item);
        auto* leader = new QGraphicsLineItem(m_chart);
        leader->setPen(QPen(QColor(90, 90, 90), 0.8));
        leader->setZValue(19);
        m_leaders.append(leader);
    }
    placeMarker();
    placeEmptyHint();
    if (m_chart->series().isEmpty() || m_labels.isEmpty())
        return;
    // Labels never overlap each other nor cross a line series (labelplacement.h); one with no free
    // spot near its point is left out rather than drawn over the data.
    const QRectF area = m_chart->plotArea();
    QList<LabelBox> boxes;
    for (qsizetype i = 0; i < m_labels.size(); ++i) {
        const auto& l = m_data.labels[i];
        m_labels[i]->setText(l.text);
        const bool valid = std::isfinite(l.at.x()) && std::isfinite(l.at.y()) && (!m_data.x.log || l.at.x() > 0)
            && (!m_data.y.log || l.at.y() > 0);
        const QPointF at = valid
            ? m_chart->mapToPosition(QPointF(toX(l.at.x()), toY(l.at.y())), m_chart->series().front())
            : QPointF(-1e6, -1e6);
        boxes.append({ at, m_labels[i]->boundingRect().size() });
    }
    // The markers of point series stay visible too (the popularity chart's 200 adapters).
    const auto placed = lorascope::placeLabels(boxes, curvesInPixels(), area, markersInPixels());
    m_labelRects.clear();
    for (qsizetype i = 0; i < m_labels.size(); ++i) {
        const bool show = placed[i].has_value() && area.adjusted(-2, -2, 2, 2).contains(boxes[i].anchor);
        m_labels[i]->setVisible(show);
        m_leaders[i]->setVisible(show && placed[i]->leader);
        if (!show)
            continue;
        const QRectF r = placed[i]->rect;
        m_labels[i]->setPos(r.topLeft());
        m_labelRects.append(r);
        if (placed[i]->leader) {
            // From the point to the nearest point of the label's box.
            const QPointF a = boxes[i].anchor;
            const QPointF b(std::clamp(a.x(), r.left(), r.right()), std::clamp(a.y(), r.top(), r.bottom()));
            m_leaders[i]->setLine(QLineF(a, b));
        }
    }
}

void PlotView::setEmptyHint(const QString& text)
{
    m_emptyHint = text;
    if (!m_emptyLabel) {
        m_emptyLabel = new QLabel(this);
        m_emptyLabel->setObjectName(QStringLiteral("emptyHint"));
        m_emptyLabel->setWordWrap(true);
        m_emptyLabel->setAlignment(Qt::AlignCenter);
        m_emptyLabel->setAttribute(Qt::WA_TransparentForMouseEvents);
        m_emptyLabel->setStyleSheet(QStringLiteral("QLabel { color: palette(dark); background: transparent; }"));
    }
    placeEmptyHint();
}

QString PlotView::emptyHintShown() const
{
    return m_emptyLabel && !m_emptyLabel->isHidden() ? m_emptyLabel->text() : QString();
}

void PlotView::placeEmptyHint()
{
    if (!m_emptyLabel)
        return;
    bool any = false;
    for (const auto& s : std::as_const(m_data.series))
        any = any || !s.points.isEmpty();
    const bool show = !any && !m_emptyHint.isEmpty();
    m_emptyLabel->setVisible(show);
    if (!show)
        return;
    m_emptyLabel->setText(m_emptyHint);
    // Over the plot area (the title and axes stay readable around it).
    const QRectF area = m_chart->plotArea();
    const QRect r = area.isEmpty() ? rect().adjusted(16, 40, -16, -40)
                                   : QRect(m_view->mapFromScene(m_chart->mapToScene(area.topLeft())),
                                       m_view->mapFromScene(m_chart->mapToScene(area.bottomRight())));
    m_emptyLabel->setGeometry(r.adjusted(6, 6, -6, -6).translated(m_view->pos()));
    m_emptyLabel->raise();
}

void PlotView::setMarker(std::optional<double> x)
{
    m_markerX = x;
    placeMarker();
}

void PlotView::placeMarker()
{
    if (!m_marker) {
        m_marker = new QGraphicsLineItem(m_chart);
        m_marker->setPen(QPen(QColor(200, 0, 90), 1.5, Qt::DashLine));
        m_marker->setZValue(25);
    }
    const QRectF area = m_chart->plotArea();
    if (!m_markerX || m_chart->series().isEmpty() || (m_data.x.log && *m_markerX <= 0)) {
        m_marker->setVisible(false);
        return;
    }
    const double px = m_chart->mapToPosition(QPointF(toX(*m_markerX), 0), m_chart->series().front()).x();
    m_marker->setLine(QLineF(px, area.top(), px, area.bottom()));
    m_marker->setVisible(px >= area.left() - 0.5 && px <= area.right() + 0.5);
}

QStringList PlotView::clippedTexts() const
{
    // Qt Charts elides a title, an axis title or a legend entry that does not fit; say which
    // would be (from the fonts and the chart's geometry), so tests keep every text whole.
    QStringList out;
    const QRectF plot = m_chart->plotArea();
    const QFontMetricsF titleFm(m_chart->titleFont());
    if (titleFm.horizontalAdvance(m_data.title) > m_chart->size().width() - 8)
        out << m_data.title;
    const auto check = [&](Qt::Orientation o, double length) {
        const auto axes = m_chart->axes(o);
        if (axes.isEmpty())
            return;
        const QFontMetricsF fm(axes.front()->titleFont());
        const QString t = axes.front()->titleText();
        if (fm.horizontalAdvance(t) > length)
            out << t;
    };
    check(Qt::Horizontal, plot.width());
    check(Qt::Vertical, plot.height());
    if (m_chart->legend()->isVisible()) {
        const QFontMetricsF fm(m_chart->legend()->font());
        double need = 0;
        // Only the entries shown: a line's points series has a hidden marker of the same name.
        for (const auto* marker : m_chart->legend()->markers())
            if (marker->isVisible())
                need += fm.horizontalAdvance(marker->label()) + fm.height() + 14;
        if (need > m_chart->size().width() - 8) {
            QStringList names;
            for (const auto* marker : m_chart->legend()->markers())
                if (marker->isVisible())
                    names << marker->label();
            out << names.join(QStringLiteral(" | "));
        }
    }
    return out;
}

QStringList PlotView::elidedTexts() const
{
    // Qt Charts cuts a text that does not fit to "..." (ChartPresenter::truncatedText): tick
    // labels, axis titles, the chart title and legend entries are all text items in the scene.
    QStringList out;
    const QGraphicsScene* scene = m_chart->scene();
    if (!scene)
        return out;
    for (const QGraphicsItem* item : scene->items()) {
        if (!item->isVisible())
            continue;
        QString text;
        if (const auto* t = dynamic_cast<const QGraphicsTextItem*>(item))
            text = t->toPlainText();
        else if (const auto* s = dynamic_cast<const QGraphicsSimpleTextItem*>(item))
            text = s->text();
        if (text.contains(QLatin1String("...")) || text.contains(QChar(0x2026)) || text.contains(QChar(0x22EE)))
            out << text;
    }
    return out;
}

QString PlotView::exportTo(const QString& path, const QSize& size, qreal scale)
{
    applyPending();
    const QSize logical = size.isValid() && !size.isEmpty() ? size : m_view->size();
    // A copy laid out at the asked size, off screen: the visible chart keeps its size, and the
    // picture has no scroll bars, no hover hints and no step-through marker.
    PlotView copy;
    copy.setAttribute(Qt::WA_DontShowOnScreen);
    copy.resize(logical);
    copy.m_data = m_data;
    copy.show();
    copy.apply();
    copy.m_chart->resize(QSizeF(logical));
    QCoreApplication::sendPostedEvents();
    copy.placeLabels();
    QGraphicsScene* scene = copy.m_chart->scene();
    const QRectF source = copy.m_chart->sceneBoundingRect();
    const QString suffix = QFileInfo(path).suffix().toLower();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (suffix == QLatin1String("svg")) {
        QSvgGenerator gen;
        gen.setOutputDevice(&buffer);
        gen.setSize(logical);
        gen.setViewBox(QRect(QPoint(0, 0), logical));
        gen.setTitle(m_data.title);
        gen.setDescription(tr("Exported from LoraScope"));
        QPainter painter(&gen);
        scene->render(&painter, QRectF(QPointF(0, 0), QSizeF(logical)), source);
        painter.end();
    } else if (suffix == QLatin1String("png")) {
        const qreal dpr = std::clamp(scale, 0.25, 8.0);
        QImage image(logical * dpr, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(dpr);
        image.fill(Qt::white);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        scene->render(&painter, QRectF(QPointF(0, 0), QSizeF(logical)), source);
        painter.end();
        if (!image.save(&buffer, "PNG"))
            return tr("Could not encode the PNG image.");
    } else {
        return tr("Unknown image type \"%1\": use .png or .svg.").arg(suffix);
    }
    // Atomic: a crash or a full disk never leaves half an image behind.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return tr("Cannot write %1: %2").arg(path, file.errorString());
    file.write(bytes);
    if (!file.commit())
        return tr("Cannot write %1: %2").arg(path, file.errorString());
    return {};
}

std::optional<QPoint> PlotView::viewportPosition(const QPointF& value) const
{
    const auto series = m_chart->series();
    if (series.isEmpty())
        return std::nullopt;
    const QPointF inChart = m_chart->mapToPosition(QPointF(toX(value.x()), toY(value.y())), series.front());
    return m_view->mapFromScene(m_chart->mapToScene(inChart));
}

std::optional<std::pair<int, int>> PlotView::pointNear(const QPoint& pos, double radius) const
{
    const auto series = m_chart->series();
    std::optional<std::pair<int, int>> best;
    double bestDistance = radius * radius;
    const QRectF area = m_chart->plotArea();
    for (qsizetype s = 0; s < m_data.series.size() && s < series.size(); ++s) {
        const PlotSeries& data = m_data.series[s];
        if (data.style == PlotSeries::Style::Bars)
            continue;
        for (qsizetype i = 0; i < data.points.size(); ++i) {
            const QPointF& p = data.points[i];
            if (!std::isfinite(p.x()) || !std::isfinite(p.y()))
                continue;
            if ((m_data.x.log && p.x() <= 0) || (m_data.y.log && p.y() <= 0))
                continue;
            const QPointF inChart = m_chart->mapToPosition(QPointF(toX(p.x()), toY(p.y())), series[s]);
            if (!area.adjusted(-2, -2, 2, 2).contains(inChart))
                continue;
            const QPointF d = QPointF(m_view->mapFromScene(m_chart->mapToScene(inChart))) - QPointF(pos);
            const double dist = d.x() * d.x() + d.y() * d.y();
            if (dist <= bestDistance) {
                bestDistance = dist;
                best = std::make_pair(int(s), int(i));
            }
        }
    }
    return best;
}

bool PlotView::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view->viewport()) {
        if (event->type() == QEvent::MouseButtonPress) {
            auto* me = static_cast<QMouseEvent*>(event);
            if (me->button() == Qt::LeftButton)
                if (const auto hit = pointNear(me->position().toPoint()))
                    Q_EMIT pointClicked(hit->first, hit->second);
        } else if (event->type() == QEvent::MouseMove) {
            // The value under the cursor in words: series, x and y with the axes' titles (units).
            auto* me = static_cast<QMouseEvent*>(event);
            if (const auto hit = pointNear(me->position().toPoint())) {
                const PlotSeries& s = m_data.series[hit->first];
                const QPointF& p = s.points[hit->second];
                QToolTip::showText(me->globalPosition().toPoint(),
                    QStringLiteral("%1\n%2: %3\n%4: %5")
                        .arg(s.name, m_data.x.title, QString::number(p.x(), 'g', 4), m_data.y.title,
                            QString::number(p.y(), 'g', 4)),
                    m_view->viewport());
            } else {
                QToolTip::hideText();
            }
        }
    }
    return QWidget::eventFilter(watched, event);
}

void PlotView::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    menu.addAction(tr("Export Chart as PNG or SVG…"), this, &PlotView::exportRequested);
    menu.exec(event->globalPos());
}

} // namespace lorascope
