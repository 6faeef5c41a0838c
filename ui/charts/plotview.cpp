#include "charts/plotview.h"

#include "charts/widgetexport.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QGraphicsSimpleTextItem>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMenu>
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

/// Qt Charts' QValueAxis::applyNiceNumbers() (loose 1-2-5 labelling) computed up front, so each axis
/// gets one setRange() with its final values: a range that comes out unchanged then costs nothing,
/// where setRange(raw) + applyNiceNumbers() changed it twice and re-laid out the chart each time.
struct NiceRange {
    double lo, hi;
    int ticks;
};

double niceNumber(double x, bool ceiling)
{
    const double z = std::pow(10.0, std::floor(std::log10(x)));
    double q = x / z;
    if (ceiling)
        q = q <= 1.0 ? 1 : q <= 2.0 ? 2 : q <= 5.0 ? 5 : 10;
    else
        q = q < 1.5 ? 1 : q < 3.0 ? 2 : q < 7.0 ? 5 : 10;
    return q * z;
}

NiceRange niceRange(double lo, double hi, int ticks)
{
    const double step = niceNumber(niceNumber(hi - lo, true) / (ticks - 1), false);
    const double a = std::floor(lo / step), b = std::ceil(hi / step);
    return { a * step, b * step, int(b - a) + 1 };
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
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_view->setChart(m_chart);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setContextMenuPolicy(Qt::NoContextMenu);
    connect(m_chart, &QChart::plotAreaChanged, this, [this] { placeLabels(); });
}

PlotView::~PlotView() = default;

QString PlotView::shapeKey(const PlotData& data) const
{
    QString key = QString::number(data.x.log) + QString::number(data.y.log);
    for (const auto& s : data.series)
        key += QString::number(int(s.style)) + s.name + s.color.name() + QString::number(s.dashed);
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
    // QChart::setTitle re-lays out the chart even for the same text: skip it when unchanged.
    if (m_chart->title() != m_data.title)
        m_chart->setTitle(m_data.title);
    const QString shape = shapeKey(m_data);
    if (shape != m_shape) {
        m_shape = shape;
        rebuild();
    } else {
        updatePoints();
    }
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
    QAbstractAxis* ax = nullptr;
    QAbstractAxis* ay = nullptr;
    if (m_data.x.log) {
        auto* a = new QLogValueAxis;
        a->setLabelFormat(QStringLiteral("%g"));
        a->setMinorTickCount(0);
        ax = a;
    } else {
        auto* a = new QValueAxis;
        a->setLabelFormat(QStringLiteral("%g"));
        ax = a;
    }
    if (m_data.y.log) {
        auto* a = new QLogValueAxis;
        a->setLabelFormat(QStringLiteral("%g"));
        ay = a;
    } else {
        auto* a = new QValueAxis;
        a->setLabelFormat(QStringLiteral("%g"));
        ay = a;
    }
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
    double y0 = m_data.y.min.value_or(logY ? (ry.valid() ? std::pow(10.0, std::floor(std::log10(ry.lo))) : 0.1) : std::min(0.0, ry.valid() ? ry.lo : 0.0));
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
            const auto pts = stepPoints(sanitized(s.points, logX, false), floor);
            area->upperSeries()->replace(pts);
            QList<QPointF> base;
            if (!pts.isEmpty())
                base = { QPointF(pts.front().x(), floor), QPointF(pts.back().x(), floor) };
            if (area->lowerSeries()->points() != base)
                area->lowerSeries()->replace(base);
        } else if (auto* xy = qobject_cast<QXYSeries*>(series[i])) {
            xy->replace(sanitized(s.points, logX, logY));
        }
    }
    const auto hAxes = m_chart->axes(Qt::Horizontal);
    const auto vAxes = m_chart->axes(Qt::Vertical);
    auto applyRange = [](QAbstractAxis* axis, double lo, double hi, bool fixedLo, bool fixedHi, const QString& title) {
        axis->setTitleText(title);
        // Round tick values (0, 2, 4, … rather than 1.89, 3.78, …) unless the caller fixed both ends.
        auto* v = qobject_cast<QValueAxis*>(axis);
        if (v && !(fixedLo && fixedHi)) {
            const NiceRange nice = niceRange(lo, hi, 6);
            v->setRange(nice.lo, nice.hi);
            v->setTickCount(nice.ticks);
        } else {
            axis->setRange(lo, hi);
        }
    };
    if (!hAxes.isEmpty())
        applyRange(hAxes.front(), x0, x1, m_data.x.min.has_value(), m_data.x.max.has_value(), m_data.x.title);
    if (!vAxes.isEmpty())
        applyRange(vAxes.front(), y0, y1, m_data.y.min.has_value(), m_data.y.max.has_value(), m_data.y.title);
    m_chart->legend()->setVisible(m_data.series.size() > 1);
    placeLabels();
}

void PlotView::placeLabels()
{
    while (m_labels.size() > m_data.labels.size())
        delete m_labels.takeLast();
    while (m_labels.size() < m_data.labels.size()) {
        auto* item = new QGraphicsSimpleTextItem(m_chart);
        QFont f = item->font();
        f.setPointSizeF(f.pointSizeF() * 0.85);
        item->setFont(f);
        item->setZValue(20);
        m_labels.append(item);
    }
    if (m_chart->series().isEmpty())
        return;
    const QRectF area = m_chart->plotArea();
    QList<QRectF> placed;
    for (qsizetype i = 0; i < m_labels.size(); ++i) {
        const auto& l = m_data.labels[i];
        m_labels[i]->setText(l.text);
        QPointF pos = m_chart->mapToPosition(l.at, m_chart->series().front());
        pos += QPointF(6, -m_labels[i]->boundingRect().height() / 2);
        pos.setX(std::min(pos.x(), area.right() - m_labels[i]->boundingRect().width()));
        // Push a label down until it no longer overlaps the ones placed before it.
        QRectF box(pos, m_labels[i]->boundingRect().size());
        for (int guard = 0; guard < 20; ++guard) {
            const auto hit = std::find_if(placed.begin(), placed.end(), [&](const QRectF& r) { return r.intersects(box); });
            if (hit == placed.end())
                break;
            box.moveTop(hit->bottom() + 1);
        }
        placed.append(box);
        pos = box.topLeft();
        m_labels[i]->setPos(pos);
        m_labels[i]->setVisible(area.adjusted(-2, -2, 2, 2).contains(m_chart->mapToPosition(l.at, m_chart->series().front())));
    }
}

QString PlotView::exportTo(const QString& path)
{
    return exportWidget(m_view, path, m_data.title);
}

void PlotView::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    menu.addAction(tr("Export Chart as PNG or SVG…"), this, &PlotView::exportRequested);
    menu.exec(event->globalPos());
}

} // namespace lorascope
