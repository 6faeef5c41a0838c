// SPDX-License-Identifier: Apache-2.0
#include "admission/ganttview.h"

#include "admission/requestmodel.h"
#include "analysis/numberformat.h"
#include "charts/widgetexport.h"
#include "text/terms.h"

#include <QElapsedTimer>
#include <QHelpEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace lorascope {

namespace {
constexpr int kLeft = 64, kTop = 22, kBottom = 24, kRight = 18;

QColor adapterColor(std::uint32_t adapter)
{
    if (adapter == kNoAdapter)
        return QColor(90, 90, 90);
    // Golden-ratio hues: neighbouring adapters get clearly different colours.
    const double h = std::fmod(adapter * 0.618033988749895, 1.0);
    return QColor::fromHsvF(float(h), 0.65f, 0.85f);
}
} // namespace

GanttView::GanttView(QWidget* parent)
    : QWidget(parent)
    , m_scroll(new QScrollBar(Qt::Vertical, this))
{
    setMinimumSize(300, 150);
    // paintEvent() fills the whole widget: Qt need not paint the parents under it first (the tab
    // widget's styled frame cost as much as the picture itself on every repaint).
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(true);
    connect(m_scroll, &QScrollBar::valueChanged, this, [this](int v) {
        if (v != m_first)
            scrollToRow(v);
    });
}

QRect GanttView::plotRect() const
{
    return QRect(kLeft, kTop, std::max(10, width() - kLeft - kRight), std::max(10, height() - kTop - kBottom));
}

int GanttView::visibleRows() const
{
    return std::max(1, plotRect().height() / kRowHeight);
}

void GanttView::setAnalysis(std::shared_ptr<const AdmissionAnalysis> analysis)
{
    m_analysis = std::move(analysis);
    const int rows = m_analysis ? int(m_analysis->result.requests.size()) : 0;
    m_scroll->setRange(0, std::max(0, rows - visibleRows()));
    m_scroll->setPageStep(visibleRows());
    m_first = std::clamp(m_first, 0, m_scroll->maximum());
    m_dirty = true;
    update();
}

void GanttView::scrollToRow(int row)
{
    m_first = std::clamp(row, 0, m_scroll->maximum());
    const QSignalBlocker block(m_scroll);
    m_scroll->setValue(m_first);
    m_dirty = true;
    update();
}

void GanttView::resizeEvent(QResizeEvent*)
{
    m_scroll->setGeometry(width() - kRight + 2, kTop, kRight - 2, plotRect().height());
    if (m_analysis)
        m_scroll->setRange(0, std::max(0, int(m_analysis->result.requests.size()) - visibleRows()));
    m_scroll->setPageStep(visibleRows());
    m_dirty = true;
}

void GanttView::wheelEvent(QWheelEvent* event)
{
    scrollToRow(m_first - event->angleDelta().y() / 120 * 3 * std::max(1, visibleRows() / 10));
    event->accept();
}

void GanttView::rebuildImage()
{
    m_dirty = false;
    const QRect pr = plotRect();
    m_image = QImage(pr.size(), QImage::Format_RGB32);
    m_image.fill(Qt::white);
    if (!m_analysis)
        return;
    const auto& recs = m_analysis->result.requests;
    const int last = std::min<int>(int(recs.size()), m_first + visibleRows());
    // Fit the time axis to the visible rows.
    double t0 = INFINITY, t1 = -INFINITY;
    for (int i = m_first; i < last; ++i) {
        const auto& r = recs[std::size_t(i)];
        t0 = std::min(t0, r.arrival);
        const double end = !std::isnan(r.finished) ? r.finished
            : !std::isnan(r.firstToken)            ? r.firstToken
            : !std::isnan(r.admitted)              ? r.admitted
                                                   : r.arrival;
        t1 = std::max(t1, end);
    }
    if (!(t1 > t0))
        t1 = t0 + 1;
    m_t0 = t0;
    m_t1 = t1 + (t1 - t0) * 0.02;
    QPainter p(&m_image);
    const double sx = pr.width() / (m_t1 - m_t0);
    auto x = [&](double t) { return (t - m_t0) * sx; };
    const QColor waitColor(185, 185, 185);
    for (int i = m_first; i < last; ++i) {
        const auto& r = recs[std::size_t(i)];
        const double y = (i - m_first) * kRowHeight + 1;
        const double h = kRowHeight - 2;
        if (r.rejected != RejectReason::None) {
            p.fillRect(QRectF(x(r.arrival), y, 3, h), QColor(200, 0, 0));
            continue;
        }
        const double waitEnd = !std::isnan(r.admitted) ? r.admitted : m_t1;
        p.fillRect(QRectF(x(r.arrival), y, std::max(1.0, x(waitEnd) - x(r.arrival)), h), waitColor);
        if (std::isnan(r.admitted))
            continue;
        const QColor c = adapterColor(r.adapter);
        const double ft = !std::isnan(r.firstToken) ? r.firstToken : r.admitted;
        p.fillRect(QRectF(x(r.admitted), y, std::max(1.0, x(ft) - x(r.admitted)), h), c.lighter(150));
        if (!std::isnan(r.finished))
            p.fillRect(QRectF(x(ft), y, std::max(1.0, x(r.finished) - x(ft)), h), c);
    }
}

void GanttView::paintEvent(QPaintEvent*)
{
    QElapsedTimer timer;
    timer.start();
    const QRect pr = plotRect();
    if (m_dirty || m_image.size() != pr.size())
        rebuildImage();
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    const QString head = tr("Requests %1–%2: queue wait (grey), prefill (light), decode (colour by adapter)")
                             .arg(m_first)
                             .arg(m_first + visibleRows() - 1);
    const bool exporting = property(kExportingProperty).toBool();
    QString headline = exporting ? head : head + tr("; hover for why a request waited");
    // Never cut off: shorter forms when the widget is narrow.
    for (const QString& shorter : { head,
             tr("Requests %1–%2 (grey: waiting; colour: running, by adapter)")
                 .arg(m_first)
                 .arg(m_first + visibleRows() - 1),
             tr("Requests %1–%2").arg(m_first).arg(m_first + visibleRows() - 1) }) {
        if (p.fontMetrics().horizontalAdvance(headline) <= width() - 8)
            break;
        headline = shorter;
    }
    p.drawText(QRect(0, 2, width(), kTop - 4), Qt::AlignCenter, headline);
    p.drawImage(pr.topLeft(), m_image);
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(pr.adjusted(0, 0, -1, -1));
    p.setPen(palette().color(QPalette::WindowText));
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 0.8);
    p.setFont(f);
    const int lineH = p.fontMetrics().height();
    // Row labels every ~3 lines.
    const int every = std::max(1, (lineH * 2) / kRowHeight);
    const int rows = m_analysis ? std::min<int>(visibleRows(), int(m_analysis->result.requests.size()) - m_first) : 0;
    for (int r = 0; r < rows; r += every) {
        const int y = pr.top() + r * kRowHeight + kRowHeight / 2;
        p.drawText(
            QRect(0, y - lineH / 2, kLeft - 4, lineH), Qt::AlignRight | Qt::AlignVCenter, QString::number(m_first + r));
    }
    // Round tick values inside the visible window ("0, 10, 20, 30 s"), with the decimals they need.
    const ClockKind clock = m_analysis ? m_analysis->result.clock : ClockKind::Model;
    const NiceTicks ticks = niceTicksWithin(m_t0, m_t1, std::clamp(pr.width() / 110, 2, 8));
    const double sx = pr.width() / (m_t1 - m_t0);
    for (double t : ticks.values) {
        const int px = pr.left() + int(std::lround((t - m_t0) * sx));
        p.drawLine(px, pr.bottom(), px, pr.bottom() + 3);
        const QString label = QString::fromStdString(formatFixed(t, ticks.decimals));
        p.drawText(QRect(px - 60, pr.bottom() + 3, 120, lineH), Qt::AlignHCenter, label);
    }
    p.drawText(QRect(pr.right() - 120, pr.bottom() + 3, 120, lineH), Qt::AlignRight, Terms::clockUnit(clock));
    // The step-through's current time.
    if (m_marker && *m_marker >= m_t0 && *m_marker <= m_t1) {
        const int px = pr.left() + int(std::lround((*m_marker - m_t0) * sx));
        p.setPen(QPen(QColor(200, 0, 90), 1.5, Qt::DashLine));
        p.drawLine(px, pr.top(), px, pr.bottom());
    }
    m_lastPaintMs = double(timer.nsecsElapsed()) / 1e6;
}

int GanttView::rowAt(const QPoint& pos) const
{
    const QRect pr = plotRect();
    if (!m_analysis || !pr.contains(pos))
        return -1;
    const int row = m_first + (pos.y() - pr.top()) / kRowHeight;
    return row < int(m_analysis->result.requests.size()) ? row : -1;
}

QString GanttView::tooltipForRow(int row) const
{
    if (!m_analysis || row < 0 || row >= int(m_analysis->result.requests.size()))
        return {};
    const auto& r = m_analysis->result.requests[std::size_t(row)];
    const auto& ads = m_analysis->trace->adapters;
    QString adapter = r.adapter == kNoAdapter ? tr("base model")
        : r.adapter < ads.size()              ? QString::fromStdString(ads[r.adapter].name)
                                              : QString::number(r.adapter);
    if (r.adapter != kNoAdapter && r.adapter < ads.size())
        adapter = tr("%1 (rank %2)").arg(adapter).arg(ads[r.adapter].rank);
    const ClockKind clock = m_analysis->result.clock;
    auto t = [clock](double v) { return Terms::time(v, clock, 4); };
    auto d = [clock](double v) { return Terms::time(v, clock, 3); };
    const SchedulerConfig& server = m_analysis->config.scheduler;
    QString text
        = tr("Request %1 · %2 · %3 input / %4 output tokens").arg(r.id).arg(adapter).arg(r.inputLen).arg(r.outputLen);
    text += QLatin1Char('\n') + tr("Arrived %1").arg(t(r.arrival));
    if (!std::isnan(r.admitted))
        text += tr(", admitted %1 (waited %2)").arg(t(r.admitted), d(r.admitted - r.arrival));
    if (!std::isnan(r.firstToken))
        text += tr(", first token %1 (TTFT %2)").arg(t(r.firstToken), d(r.firstToken - r.arrival));
    if (!std::isnan(r.finished))
        text += tr(", finished %1 (E2E %2)").arg(t(r.finished), d(r.finished - r.arrival));
    text += QLatin1Char('\n') + tr("Status: %1").arg(RequestTableModel::statusOf(r, server));
    if (r.wait.kind != WaitKind::None)
        text += QLatin1Char('\n')
            + tr("Why it waited: %1 — %2")
                  .arg(Terms::waitTitle(r.wait.kind),
                      Terms::waitExplanation(r.wait, WaitContext { &server, clock, m_analysis->trace.get() }));
    if (const QString load = Terms::adapterLoad(r.adapterLoad, r.adapterLoadSeconds, clock); !load.isEmpty())
        text += QLatin1Char('\n') + load;
    return text;
}

void GanttView::setMarker(std::optional<double> time)
{
    m_marker = time;
    update();
}

bool GanttView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = tooltipForRow(rowAt(help->pos()));
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace lorascope
