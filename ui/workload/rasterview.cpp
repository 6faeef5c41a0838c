// SPDX-License-Identifier: Apache-2.0
#include "workload/rasterview.h"

#include <QElapsedTimer>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstring>
#include <vector>

namespace lorascope {

namespace {
constexpr int kLeft = 112, kBottom = 36, kTop = 34, kRight = 8;
constexpr int kScrollSteps = 10000;
// Binning visits every request in the window (a few ns each): up to this many it is done right
// away on the GUI thread (zooming stays instant), above it on a pool thread.
constexpr std::size_t kMaxRequestsBinnedHere = 200000;

QColor heat(double f)
{
    // Light yellow → orange → dark red: a readable sequential ramp on white.
    f = std::clamp(f, 0.0, 1.0);
    const QColor a(255, 224, 130), b(230, 85, 13), c(100, 0, 30);
    auto mix = [](const QColor& x, const QColor& y, double t) {
        return QColor::fromRgbF(float(x.redF() + (y.redF() - x.redF()) * t),
            float(x.greenF() + (y.greenF() - x.greenF()) * t), float(x.blueF() + (y.blueF() - x.blueF()) * t));
    };
    return f < 0.5 ? mix(a, b, f * 2) : mix(b, c, (f - 0.5) * 2);
}
} // namespace

RasterView::RasterView(QWidget* parent)
    : QWidget(parent)
    , m_scroll(new QScrollBar(Qt::Horizontal, this))
    , m_jobs(this)
{
    setMinimumSize(280, 180);
    // paintEvent() fills the whole widget: Qt need not paint the parents under it first (the tab
    // widget's styled frame cost as much as the picture itself on every repaint).
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(false);
    setToolTip(tr("Arrivals per adapter over time (hottest adapters on top; darker = more arrivals per pixel).\n"
                  "Wheel: zoom in time · drag: pan · double-click: whole trace."));
    m_scroll->setRange(0, 0);
    connect(m_scroll, &QScrollBar::valueChanged, this, [this](int v) {
        const double span = m_t1 - m_t0;
        const double t0 = (fullEnd() - span) * v / kScrollSteps;
        if (std::abs(t0 - m_t0) > span * 1e-9)
            setWindow(t0, t0 + span);
    });
}

double RasterView::fullEnd() const
{
    return m_analysis ? std::max(m_analysis->stats.windowEnd, 1e-9) : 1.0;
}

void RasterView::setAnalysis(std::shared_ptr<const WorkloadAnalysis> analysis)
{
    const bool first = !m_analysis;
    const double oldEnd = fullEnd();
    m_analysis = std::move(analysis);
    ++m_analysisSerial;
    // Keep a zoomed window if it still makes sense; otherwise show everything.
    if (first || (m_t0 <= 0 && m_t1 >= oldEnd * (1 - 1e-9)) || m_t1 > fullEnd())
        m_t0 = 0, m_t1 = fullEnd();
    m_dirty = true;
    updateScrollBar();
    update();
}

void RasterView::setWindow(double t0, double t1)
{
    const double end = fullEnd();
    double span = std::clamp(t1 - t0, end * 1e-6, end);
    t0 = std::clamp(t0, 0.0, end - span);
    m_t0 = t0;
    m_t1 = t0 + span;
    m_dirty = true;
    updateScrollBar();
    update();
}

void RasterView::updateScrollBar()
{
    const double span = m_t1 - m_t0;
    const double end = fullEnd();
    const QSignalBlocker block(m_scroll);
    if (span >= end * (1 - 1e-9)) {
        m_scroll->setRange(0, 0);
    } else {
        m_scroll->setRange(0, kScrollSteps);
        m_scroll->setPageStep(int(kScrollSteps * span / end));
        m_scroll->setValue(int(std::lround(m_t0 / (end - span) * kScrollSteps)));
    }
}

QRect RasterView::plotRect() const
{
    return QRect(kLeft, kTop, std::max(10, width() - kLeft - kRight),
        std::max(10, height() - kTop - kBottom - m_scroll->height()));
}

void RasterView::resizeEvent(QResizeEvent*)
{
    m_scroll->setGeometry(kLeft, height() - m_scroll->sizeHint().height(), std::max(10, width() - kLeft - kRight),
        m_scroll->sizeHint().height());
    m_dirty = true;
}

void RasterView::updateBins(int columns)
{
    const BinsKey want { m_analysisSerial, m_t0, m_t1, columns };
    if (m_binsKey == want || m_pendingKey == want)
        return;
    const auto& overview = m_analysis->raster;
    // The whole-trace overview was binned off the GUI thread; reuse it when it is fine enough.
    const bool whole = m_t0 <= 0 && m_t1 >= fullEnd() * (1 - 1e-9);
    const bool useOverview = whole && overview.columns >= columns / 2;
    const auto [first, last] = requestRange(*m_analysis->trace, m_t0, m_t1);
    if (useOverview || last - first <= kMaxRequestsBinnedHere) {
        m_jobs.cancel();
        m_pendingKey = {};
        m_bins = useOverview ? overview : binRaster(*m_analysis->trace, overview.rowAdapters, m_t0, m_t1, columns);
        m_binsKey = want;
        return;
    }
    m_pendingKey = want;
    m_jobs.run(
        [analysis = m_analysis, want](const std::atomic<bool>& cancel) {
            // A window the user has already scrolled past is not binned.
            return cancel ? RasterBins {}
                          : binRaster(*analysis->trace, analysis->raster.rowAdapters, want.t0, want.t1, want.columns);
        },
        [this, want](RasterBins bins) {
            m_bins = std::move(bins);
            m_binsKey = want;
            m_pendingKey = {};
            m_dirty = true;
            update();
        });
}

void RasterView::rebuildImage()
{
    m_dirty = false;
    const QRect pr = plotRect();
    m_image = QImage(pr.size(), QImage::Format_RGB32);
    m_image.fill(Qt::white);
    if (!m_analysis)
        return;
    updateBins(pr.width());
    const int rows = int(m_bins.rowAdapters.size());
    if (rows == 0 || m_bins.maxCount == 0)
        return;
    const int shownRows = std::min(rows, pr.height()); // at least one pixel per row
    const double rowH = double(pr.height()) / shownRows;
    const double colW = double(pr.width()) / m_bins.columns;
    const double logMax = std::log1p(double(m_bins.maxCount));
    // Precompute the palette once per image.
    QRgb palette[256];
    for (int i = 0; i < 256; ++i)
        palette[i] = heat(i / 255.0).rgb();
    // A cell's colour index is int(log1p(count) / logMax * 255). A 10 M-request trace fills every
    // cell, and a log1p per cell plus a scanLine() (which checks for detaching) per pixel row of it
    // took ~6 ms of a GUI-thread paint: look the index up among the 255 smallest counts that reach
    // each next index instead (the same index, exactly), and write through row pointers.
    auto indexOf = [logMax](std::uint32_t c) { return std::clamp(int(std::log1p(double(c)) / logMax * 255), 0, 255); };
    std::array<std::uint32_t, 256> reach {}; // reach[i]: smallest count with index >= i
    for (int i = 1; i < 256; ++i) {
        double guess = std::ceil(std::expm1(i * logMax / 255.0));
        auto c = std::uint32_t(std::clamp(guess, 0.0, double(m_bins.maxCount) + 1));
        while (c > 0 && indexOf(c - 1) >= i)
            --c;
        while (c <= m_bins.maxCount && indexOf(c) < i)
            ++c;
        reach[std::size_t(i)] = c;
    }
    const int width = m_image.width(), height = m_image.height();
    uchar* bits = m_image.bits();
    const qsizetype stride = m_image.bytesPerLine();
    std::vector<std::pair<int, int>> columnSpan(std::size_t(m_bins.columns));
    for (int c = 0; c < m_bins.columns; ++c) {
        const int x0 = int(c * colW), x1 = std::min(width, std::max(x0 + 1, int((c + 1) * colW)));
        columnSpan[std::size_t(c)] = { x0, x1 };
    }
    for (int r = 0; r < shownRows; ++r) {
        const int y0 = int(r * rowH),
                  y1 = std::min(height, std::max(y0 + 1, int((r + 1) * rowH) - (rowH >= 4 ? 1 : 0)));
        if (y0 >= y1)
            continue;
        const std::uint32_t* counts = m_bins.counts.data() + std::size_t(r) * std::size_t(m_bins.columns);
        auto* first = reinterpret_cast<QRgb*>(bits + stride * y0);
        for (int c = 0; c < m_bins.columns; ++c) {
            if (!counts[c])
                continue;
            const auto idx = std::upper_bound(reach.begin() + 1, reach.end(), counts[c]) - reach.begin() - 1;
            const auto [x0, x1] = columnSpan[std::size_t(c)];
            if (x0 < x1)
                std::fill(first + x0, first + x1, palette[idx]);
        }
        for (int y = y0 + 1; y < y1; ++y)
            std::memcpy(bits + stride * y, first, std::size_t(width) * sizeof(QRgb));
    }
}

void RasterView::paintEvent(QPaintEvent*)
{
    QElapsedTimer timer;
    timer.start();
    if (m_dirty || m_image.size() != plotRect().size())
        rebuildImage();
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    const QRect pr = plotRect();
    p.drawText(QRect(0, 2, width(), p.fontMetrics().height() + 2), Qt::AlignHCenter | Qt::AlignVCenter,
        tr("Arrivals per adapter (hottest %1 adapters)").arg(m_bins.rowAdapters.size()));
    p.drawImage(pr.topLeft(), m_image);
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(pr.adjusted(0, 0, -1, -1));
    if (!m_analysis)
        return;
    // Row labels: adapter names, as many as fit.
    const int rows = std::min<int>(int(m_bins.rowAdapters.size()), pr.height());
    p.setPen(palette().color(QPalette::WindowText));
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 0.8);
    p.setFont(f);
    const int lineH = p.fontMetrics().height();
    if (rows > 0) {
        const double rowH = double(pr.height()) / rows;
        const int every = std::max(1, int(std::ceil(lineH / rowH)));
        const auto& trace = *m_analysis->trace;
        // The part every name starts with ("dummy-lora-13b-") is said once, in the corner, so
        // the rows show whole names ("rank-64-12") instead of names cut from the left.
        std::string common = trace.adapters.size() > 1 ? trace.adapters.front().name : std::string();
        for (const auto& ad : trace.adapters) {
            std::size_t n = 0;
            while (n < common.size() && n < ad.name.size() && common[n] == ad.name[n])
                ++n;
            common.resize(n);
        }
        common.resize(common.find_last_of('-') == std::string::npos ? 0 : common.find_last_of('-') + 1);
        // Keep the last word ("rank-64-12", not "64-12").
        if (!common.empty() && trace.adapters.front().name.size() > common.size()
            && std::isdigit(static_cast<unsigned char>(trace.adapters.front().name[common.size()]))) {
            const auto dash = common.find_last_of('-', common.size() - 2);
            common.resize(dash == std::string::npos ? 0 : dash + 1);
        }
        for (int r = 0; r < rows; r += every) {
            const auto a = m_bins.rowAdapters[std::size_t(r)];
            const QString name = a < trace.adapters.size()
                ? QString::fromStdString(trace.adapters[a].name.substr(common.size()))
                : QString::number(a);
            const int y = pr.top() + int((r + 0.5) * rowH);
            p.drawText(QRect(2, y - lineH / 2, kLeft - 6, lineH), Qt::AlignRight | Qt::AlignVCenter, name);
        }
        if (!common.empty())
            p.drawText(QRect(2, pr.top() - lineH - 1, pr.right() - 2, lineH), Qt::AlignLeft | Qt::AlignBottom,
                tr("names: %1*").arg(QString::fromStdString(common)));
    }
    const double span = m_t1 - m_t0;
    for (double t : timeTicks(m_t0, m_t1, pr.width())) {
        const int x = pr.left() + int((t - m_t0) / span * pr.width());
        p.drawLine(x, pr.bottom(), x, pr.bottom() + 4);
        p.drawText(QRect(x - 40, pr.bottom() + 4, 80, lineH), Qt::AlignHCenter, QString::number(t, 'g', 6));
    }
    // The axis title under the tick labels, clear of the first one.
    p.drawText(QRect(pr.left(), pr.bottom() + 4 + lineH, pr.width(), lineH), Qt::AlignHCenter, tr("time (s)"));
    m_lastPaintMs = double(timer.nsecsElapsed()) / 1e6;
}

QList<double> RasterView::timeTicks(double t0, double t1, int pixels)
{
    QList<double> ticks;
    const double span = t1 - t0;
    if (!(span > 0) || !std::isfinite(span))
        return ticks;
    // About one tick per 100 px at a 1-2-5 step, and at least three on a narrow chart.
    const double raw = span / std::max(2.0, pixels / 100.0);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    double step = mag;
    for (double m : { 1.0, 2.0, 5.0, 10.0 }) {
        if (m * mag >= raw * (1 - 1e-9)) {
            step = m * mag;
            break;
        }
    }
    for (double t = std::ceil(t0 / step - 1e-9) * step; t <= t1 + step * 1e-9; t += step)
        ticks.append(std::abs(t) < step * 1e-9 ? 0.0 : t);
    return ticks;
}

void RasterView::wheelEvent(QWheelEvent* event)
{
    const QRect pr = plotRect();
    const double frac = std::clamp((event->position().x() - pr.left()) / pr.width(), 0.0, 1.0);
    const double at = m_t0 + frac * (m_t1 - m_t0);
    const double factor = std::pow(0.8, event->angleDelta().y() / 120.0);
    const double span = (m_t1 - m_t0) * factor;
    setWindow(at - frac * span, at - frac * span + span);
    event->accept();
}

void RasterView::mousePressEvent(QMouseEvent* event)
{
    m_dragX = int(event->position().x());
    m_dragT0 = m_t0;
}

void RasterView::mouseMoveEvent(QMouseEvent* event)
{
    if (m_dragX < 0 || !(event->buttons() & Qt::LeftButton))
        return;
    const double span = m_t1 - m_t0;
    const double dt = (m_dragX - event->position().x()) / plotRect().width() * span;
    setWindow(m_dragT0 + dt, m_dragT0 + dt + span);
}

void RasterView::mouseDoubleClickEvent(QMouseEvent*)
{
    setWindow(0, fullEnd());
}

} // namespace lorascope
