// SPDX-License-Identifier: Apache-2.0
#include "charts/plotview.h"

#include "charts/widgetexport.h"

#include "analysis/numberformat.h"
#include "charts/labelplacement.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QFontDatabase>
#include <QLegend>
#include <QLegendMarker>
#include <QGraphicsEffect>
#include <QGraphicsItemGroup>
#include <QGraphicsLayout>
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

namespace {

struct Range {
    double lo = std::numeric_limits<double>::infinity();
    double hi = -std::numeric_limits<double>::infinity();
    void add(double v, bool log)
    {
        if (!std::isfinite(v) || (log && v <= 0))
            return;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    bool valid() const { return hi >= lo; }
};

QList<QPointF> stepPoints(const QList<QPointF>& bars, double floor)
{
    // Bars: (left edge, count) per bin and a final (right edge, 0) → outline of the histogram.
    QList<QPointF> out;
    if (bars.size() < 2)
        return out;
    out.reserve(bars.size() * 2);
    out.append(QPointF(bars[0].x(), floor));
    for (qsizetype i = 0; i + 1 < bars.size(); ++i) {
        const double y = std::max(bars[i].y(), floor);
        out.append(QPointF(bars[i].x(), y));
        out.append(QPointF(bars[i + 1].x(), y));
    }
    out.append(QPointF(bars.back().x(), floor));
    return out;
}

QList<QPointF> sanitized(const QList<QPointF>& pts, bool logX, bool logY)
{
    QList<QPointF> out;
    out.reserve(pts.size());
    for (const auto& p : pts) {
        if (!std::isfinite(p.x()) || !std::isfinite(p.y()) || (logX && p.x() <= 0) || (logY && p.y() <= 0))
            continue;
        out.append(p);
    }
    return out;
}

/// The base font, or for text in Chinese a family that has its glyphs. Qt Charts reserves room for
/// an axis title by the font's own metrics; a title drawn by a taller fallback font then does not
/// fit and is cut down to "…" (a vertical "⋮").
QFont fontForText(QFont font, const QString& text)
{
    const bool cjk
        = std::any_of(text.begin(), text.end(), [](QChar c) { return c.unicode() >= 0x2E80 && c.unicode() <= 0x9FFF; });
    if (!cjk)
        return font;
    static const QString family = [] {
        const QStringList families = QFontDatabase::families(QFontDatabase::SimplifiedChinese);
        return families.isEmpty() ? QString() : families.front();
    }();
    if (!family.isEmpty() && !QFontDatabase::families(QFontDatabase::SimplifiedChinese).contains(font.family()))
        font.setFamilies({ family });
    return font;
}

/// Draws its item (and the item's children) without antialiasing. Qt Charts draws grid lines,
/// axis lines and ticks as QGraphicsLineItems under the view's render hints; antialiased they cost
/// about a third of a chart's paint (the raster engine's antialiased line drawing), and these lines
/// are horizontal or vertical, so without antialiasing they are simply one crisp pixel wide.
class NoAntialiasing : public QGraphicsEffect {
public:
    using QGraphicsEffect::QGraphicsEffect;

protected:
    void draw(QPainter* painter) override
    {
        const bool was = painter->testRenderHint(QPainter::Antialiasing);
        painter->setRenderHint(QPainter::Antialiasing, false);
        drawSource(painter);
        painter->setRenderHint(QPainter::Antialiasing, was);
    }
};

/// Every group of plain lines in the chart (grid, axis line and ticks) and every histogram area
/// drawn without antialiasing.
/// Qt Charts makes these groups with their axes and fills them at layout time, so this runs after
/// each layout; a group that already has the effect is skipped.
void crispLines(QGraphicsItem* item)
{
    for (QGraphicsItem* child : item->childItems()) {
        // A histogram's area: its edges are horizontal and vertical too (the model curves, line
        // series, keep their antialiasing). About a sixth of a chart's paint.
        if (!child->graphicsEffect() && child->toGraphicsObject()
            && qstrcmp(child->toGraphicsObject()->metaObject()->className(), "AreaChartItem") == 0) {
            child->setGraphicsEffect(new NoAntialiasing);
            continue;
        }
        if (child->type() == QGraphicsItemGroup::Type && !child->graphicsEffect()) {
            const auto lines = child->childItems();
            if (!lines.isEmpty() && std::all_of(lines.begin(), lines.end(), [](QGraphicsItem* l) {
                    return l->type() == QGraphicsLineItem::Type;
                })) {
                child->setGraphicsEffect(new NoAntialiasing);
                continue;
            }
        }
        crispLines(child);
    }
}

} // namespace

/// The charts whose data waits for Qt Charts, applied one per event-loop turn. Its zero-timer fires
/// only once the posted events of the chart before (scene update, re-layout, paint) are done, so a
/// turn holds one chart's work and timers and input get their turn in between. Charts on a hidden
/// tab wait until they are shown.
class PlotView::ApplyQueue : public QObject {
public:
    static ApplyQueue* instance()
    {
        static QPointer<ApplyQueue> queue;
        if (!queue)
            queue = new ApplyQueue(QCoreApplication::instance());
        return queue;
    }
    void add(PlotView* view)
    {
        m_hidden.removeAll(view);
        if (!m_pending.contains(view))
            m_pending.append(view);
        m_timer.start();
    }
    void shown(PlotView* view)
    {
        if (m_hidden.contains(view))
            add(view);
    }
    void applyAll()
    {
        m_pending += std::exchange(m_hidden, {});
        while (!m_pending.isEmpty()) {
            if (const QPointer<PlotView> view = m_pending.takeFirst())
                view->apply();
        }
    }

private:
    explicit ApplyQueue(QObject* parent)
        : QObject(parent)
    {
        m_timer.setObjectName(QStringLiteral("plotApplyQueue"));
        m_timer.setSingleShot(true);
        m_timer.setInterval(0);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            while (!m_pending.isEmpty()) {
                const QPointer<PlotView> view = m_pending.takeFirst();
                if (view && !view->isVisible()) {
                    m_hidden.append(view);
                } else if (view) {
                    view->apply();
                    break;
                }
            }
            if (!m_pending.isEmpty())
                m_timer.start();
        });
    }

    QList<QPointer<PlotView>> m_pending;
    QList<QPointer<PlotView>> m_hidden;
    QTimer m_timer;
};

PlotView::PlotView(QWidget* parent)
    : QWidget(parent)
    , m_view(new QChartView(this))
    , m_chart(new QChart)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    // Legends are the first text to be cut off on a laptop screen: a slightly smaller font.
    QFont legendFont = m_chart->legend()->font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.9);
    m_chart->legend()->setFont(legendFont);
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_view->setChart(m_chart);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setContextMenuPolicy(Qt::NoContextMenu);
    m_view->viewport()->installEventFilter(this);
    m_view->viewport()->setMouseTracking(true);
    connect(m_chart, &QChart::plotAreaChanged, this, [this] { placeLabels(); });
}

PlotView::~PlotView() = default;

QString PlotView::shapeKey(const PlotData& data) const
{
    QString key = QString::number(data.x.log) + QString::number(data.y.log);
    for (const auto& s : data.series)
        key += QString::number(int(s.style)) + s.name + s.color.name() + QString::number(s.dashed)
            + QString::number(s.inLegend);
    return key;
}

void PlotView::setData(const PlotData& data)
{
    m_data = data;
    ApplyQueue::instance()->add(this);
}

void PlotView::applyPending()
{
    ApplyQueue::instance()->applyAll();
}

void PlotView::showEvent(QShowEvent* event)
{
    ApplyQueue::instance()->shown(this);
    QWidget::showEvent(event);
}

void PlotView::apply()
{
    if (m_view->objectName().isEmpty()) // for profiles and the benchmark's timeline: which chart paints
        m_view->setObjectName(objectName());
    // QChart::setTitle re-lays out the chart even for the same text: skip it when unchanged.
    if (m_chart->title() != m_data.title)
        m_chart->setTitle(m_data.title);
    if (!m_data.note.isEmpty())
        setToolTip(m_data.note);
    const QString shape = shapeKey(m_data);
    if (shape != m_shape) {
        m_shape = shape;
        rebuild();
    } else {
        updatePoints();
    }
    // Lay the chart out now rather than at its posted LayoutRequest: new axis ranges change the
    // tick labels and so the layout, and a chart laid out later is painted twice (once with the
    // old layout as the scene changes, again after the layout), 5 ms per new workload here.
    if (m_chart->layout())
        m_chart->layout()->activate();
    crispLines(m_chart);
    // New titles or tick labels may need more room: the grid around the chart asks again.
    if (const QSize readable = readableSize(); readable != m_readable) {
        m_readable = readable;
        updateGeometry();
    }
}

QSize PlotView::minimumSizeHint() const
{
    return m_readable.isValid() ? m_readable : readableSize();
}

QSize PlotView::readableSize() const
{
    // Qt Charts (src/charts/layout/*.cpp) lays a chart out as: margins, the title, the legend,
    // then the axes; each axis band (tick labels + axis title, each a text item with 4 px of
    // document margin on every side, plus paddings) may take at most 40 % of what is left, and
    // beyond that its labels are cut down to "..."; an axis title is cut to the plot's length, the
    // chart title to the chart's width, legend entries to the legend's width. So the chart is at
    // least as large as each of these needs.
    constexpr double kDoc = 8; // a QGraphicsTextItem's document margins, both sides
    constexpr double kAxisPortion = 0.4;
    constexpr double kFrame
        = 2 * (9 + 4) + 2; // the layout's contents margins (style) and QChart::setMargins, both sides
    const auto hAxes = m_chart->axes(Qt::Horizontal);
    const auto vAxes = m_chart->axes(Qt::Vertical);
    const QFont labelsFont = hAxes.isEmpty() ? font() : hAxes.front()->labelsFont();
    const QFont xTitleFont = fontForText(hAxes.isEmpty() ? font() : hAxes.front()->titleFont(), m_data.x.title);
    const QFont yTitleFont = fontForText(vAxes.isEmpty() ? font() : vAxes.front()->titleFont(), m_data.y.title);
    const QFontMetricsF labels(
        fontForText(labelsFont, m_tickLabels[0].join(QString()) + m_tickLabels[1].join(QString())));
    const QFontMetricsF xTitle(xTitleFont), yTitle(yTitleFont);
    const QFontMetricsF title(fontForText(m_chart->titleFont(), m_data.title));
    const QFontMetricsF legend(m_chart->legend()->font());
    auto widest = [&](const QStringList& texts) {
        double w = labels.horizontalAdvance(QStringLiteral("0.0"));
        for (const QString& t : texts)
            w = std::max(w, labels.horizontalAdvance(t));
        return w;
    };
    const double xBand = labels.height() + kDoc + 4 + (m_data.x.title.isEmpty() ? 0 : xTitle.height() + kDoc + 4) + 1;
    const double yBand
        = widest(m_tickLabels[1]) + kDoc + 4 + (m_data.y.title.isEmpty() ? 0 : yTitle.height() + kDoc + 4) + 1;
    // The plot: long enough for its axis titles, and for the x tick labels side by side.
    const double xTicks = std::max<double>(2, double(m_tickLabels[0].size()));
    const double plotW = std::max({ 5 * labels.height(), xTitle.horizontalAdvance(m_data.x.title) + kDoc + 4,
        xTicks * (widest(m_tickLabels[0]) + 6) });
    const double plotH = std::max(3 * labels.height(), yTitle.horizontalAdvance(m_data.y.title) + kDoc + 4);
    const double innerW = std::max(yBand / kAxisPortion, yBand + plotW);
    const double innerH = std::max(xBand / kAxisPortion, xBand + plotH);
    double top = m_data.title.isEmpty() ? 0 : title.height() + kDoc + 1;
    double legendH = 0, legendW = 0;
    int listed = 0;
    for (const auto& s : m_data.series)
        if (s.inLegend) {
            ++listed;
            legendW += legend.horizontalAdvance(s.name) + legend.height() + 14;
        }
    if (listed > 1)
        legendH = legend.height() + kDoc + 10;
    const double w = std::max({ innerW, title.horizontalAdvance(m_data.title) + kDoc + 8, legendW + 8 }) + kFrame;
    const double h = top + legendH + innerH + kFrame;
    return QSize(int(std::ceil(w)), int(std::ceil(h)));
}

void PlotView::rebuild()
{
    m_chart->removeAllSeries();
    for (auto* axis : m_chart->axes())
        m_chart->removeAxis(axis);
    for (const auto& s : std::as_const(m_data.series)) {
        QPen pen(s.color, s.width);
        if (s.dashed)
            pen.setStyle(Qt::DashLine);
        if (s.style == PlotSeries::Style::Bars) {
            auto* upper = new QLineSeries;
            auto* lower = new QLineSeries;
            auto* area = new QAreaSeries(upper, lower);
            area->setName(s.name);
            QColor fill = s.color;
            fill.setAlpha(110);
            area->setBrush(fill);
            area->setPen(QPen(s.color.darker(120), 1));
            m_chart->addSeries(area);
        } else if (s.style == PlotSeries::Style::Points) {
            auto* sc = new QScatterSeries;
            sc->setName(s.name);
            sc->setMarkerSize(s.width * 3);
            sc->setColor(s.color);
            sc->setBorderColor(s.color);
            m_chart->addSeries(sc);
        } else {
            auto* line = new QLineSeries;
            line->setName(s.name);
            line->setPen(pen);
            m_chart->addSeries(line);
        }
    }
    // Log axes: the points are drawn as log10 values on a category axis whose labels sit on the
    // decades, so every tick label has one style ("0.01 … 100" or "10⁻⁵ … 10²"); QLogValueAxis
    // prints "1e-05" next to "0.0001". Linear axes get 1-2-5 ticks with the decimals they need.
    auto makeAxis = [](bool log) -> QAbstractAxis* {
        if (log) {
            auto* a = new QCategoryAxis;
            a->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
            return a;
        }
        auto* a = new QValueAxis;
        a->setTickType(QValueAxis::TicksDynamic);
        a->setTickAnchor(0.0);
        return a;
    };
    QAbstractAxis* ax = makeAxis(m_data.x.log);
    QAbstractAxis* ay = makeAxis(m_data.y.log);
    m_chart->addAxis(ax, Qt::AlignBottom);
    m_chart->addAxis(ay, Qt::AlignLeft);
    for (auto* series : m_chart->series()) {
        series->attachAxis(ax);
        series->attachAxis(ay);
    }
    updatePoints();
}

void PlotView::updatePoints()
{
    const bool logX = m_data.x.log, logY = m_data.y.log;
    Range rx, ry;
    for (const auto& s : std::as_const(m_data.series)) {
        for (const auto& p : s.points) {
            rx.add(p.x(), logX);
            if (s.style != PlotSeries::Style::Bars || p.y() > 0 || !logY)
                ry.add(p.y(), logY);
        }
    }
    double x0 = m_data.x.min.value_or(rx.valid() ? rx.lo : (logX ? 1 : 0));
    double x1 = m_data.x.max.value_or(rx.valid() ? rx.hi : x0 + 1);
    double y0 = m_data.y.min.value_or(logY ? (ry.valid() ? std::pow(10.0, std::floor(std::log10(ry.lo))) : 0.1)
                                           : std::min(0.0, ry.valid() ? ry.lo : 0.0));
    double y1 = m_data.y.max.value_or(ry.valid() ? (logY ? ry.hi * 2 : ry.hi * 1.08) : 1.0);
    if (!(x1 > x0))
        x1 = logX ? x0 * 10 : x0 + 1;
    if (!(y1 > y0))
        y1 = logY ? y0 * 10 : y0 + 1;
    const auto series = m_chart->series();
    for (qsizetype i = 0; i < series.size() && i < m_data.series.size(); ++i) {
        const auto& s = m_data.series[i];
        if (auto* area = qobject_cast<QAreaSeries*>(series[i])) {
            const double floor = logY ? y0 : 0.0;
            const auto pts = toAxes(stepPoints(sanitized(s.points, logX, false), floor));
            area->upperSeries()->replace(pts);
            QList<QPointF> base;
            if (!pts.isEmpty())
                base = { QPointF(pts.front().x(), toY(floor)), QPointF(pts.back().x(), toY(floor)) };
            if (area->lowerSeries()->points() != base)
                area->lowerSeries()->replace(base);
        } else if (auto* xy = qobject_cast<QXYSeries*>(series[i])) {
            xy->replace(toAxes(sanitized(s.points, logX, logY)));
        }
    }
    const auto hAxes = m_chart->axes(Qt::Horizontal);
    const auto vAxes = m_chart->axes(Qt::Vertical);
    if (!hAxes.isEmpty())
        applyAxis(hAxes.front(), m_data.x, x0, x1);
    if (!vAxes.isEmpty())
        applyAxis(vAxes.front(), m_data.y, y0, y1);
    int listed = 0;
    for (qsizetype i = 0; i < series.size() && i < m_data.series.size(); ++i) {
        const bool show = m_data.series[i].inLegend;
        listed += show;
        for (auto* marker : m_chart->legend()->markers(series[i]))
            marker->setVisible(show);
    }
    m_chart->legend()->setVisible(listed > 1);
    placeLabels();
}

double PlotView::toX(double x) const
{
    return m_data.x.log ? std::log10(x) : x;
}

double PlotView::toY(double y) const
{
    return m_data.y.log ? std::log10(y) : y;
}

QList<QPointF> PlotView::toAxes(const QList<QPointF>& pts) const
{
    if (!m_data.x.log && !m_data.y.log)
        return pts;
    QList<QPointF> out;
    out.reserve(pts.size());
    for (const auto& p : pts)
        out.append(QPointF(toX(p.x()), toY(p.y())));
    return out;
}

void PlotView::applyAxis(QAbstractAxis* axis, const PlotAxis& spec, double lo, double hi)
{
    // Qt Charts re-lays out the axis on each of these setters, whether the value changed or not
    // (labelFormatChanged has no equality check): set only what changed.
    if (axis->titleText() != spec.title)
        axis->setTitleText(spec.title);
    const QFont titleFont = fontForText(axis->titleFont(), spec.title);
    if (axis->titleFont() != titleFont)
        axis->setTitleFont(titleFont);
    if (auto* cat = qobject_cast<QCategoryAxis*>(axis)) {
        const auto ticks = logTicks(lo, hi);
        const auto labels = formatLogTicks(ticks);
        // Category labels are keys: replace them only when they change.
        QStringList wanted;
        for (const auto& l : labels)
            wanted << QString::fromStdString(l);
        if (cat->categoriesLabels() != wanted) {
            for (const auto& old : cat->categoriesLabels())
                cat->remove(old);
            cat->setStartValue(std::log10(lo));
            for (std::size_t i = 0; i < ticks.size(); ++i)
                cat->append(wanted[qsizetype(i)], std::log10(ticks[i]));
        }
        cat->setStartValue(std::log10(lo));
        cat->setRange(std::log10(lo), std::log10(hi));
        m_tickLabels[axis->orientation() == Qt::Horizontal ? 0 : 1] = wanted;
        return;
    }
    auto* v = qobject_cast<QValueAxis*>(axis);
    if (!v) {
        axis->setRange(lo, hi);
        return;
    }
    // Round tick values (0, 2, 4, … rather than 1.89, 3.78, …): the range widens to whole ticks
    // unless the caller fixed both ends, then the ticks are the round values inside it.
    const bool fixed = spec.min.has_value() && spec.max.has_value();
    const NiceTicks t = fixed ? niceTicksWithin(lo, hi, 5) : niceTicks(lo, hi, 6);
    const QString format = QStringLiteral("%.") + QString::number(t.decimals) + QStringLiteral("f");
    if (v->labelFormat() != format)
        v->setLabelFormat(format);
    if (v->tickInterval() != t.step)
        v->setTickInterval(t.step);
    const double anchor = t.values.empty() ? t.lo : t.values.front();
    if (v->tickAnchor() != anchor)
        v->setTickAnchor(anchor);
    const double from = fixed ? lo : t.lo, to = fixed ? hi : t.hi;
    if (v->min() != from || v->max() != to)
        v->setRange(from, to);
    QStringList labels;
    for (double tick : t.values)
        labels << QString::fromStdString(formatFixed(tick, t.decimals));
    m_tickLabels[axis->orientation() == Qt::Horizontal ? 0 : 1] = labels;
}

} // namespace lorascope
