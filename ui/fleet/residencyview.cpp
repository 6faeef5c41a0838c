// SPDX-License-Identifier: Apache-2.0
#include "fleet/residencyview.h"

#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace lorascope {

namespace {

/// White → deep blue.
QRgb shade(double f)
{
    f = std::clamp(f, 0.0, 1.0);
    const int r = int(std::lround(255 - f * (255 - 25)));
    const int g = int(std::lround(255 - f * (255 - 80)));
    const int b = int(std::lround(255 - f * (255 - 160)));
    return qRgb(r, g, b);
}

constexpr int kBottom = 34, kTop = 22, kRight = 12;

} // namespace

ResidencyView::ResidencyView(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void ResidencyView::setData(
    const FleetSeries& series, const QStringList& adapterNames, const QStringList& replicaNames, const QString& unit)
{
    m_series = series;
    m_adapters = adapterNames;
    m_replicas = replicaNames;
    m_unit = unit;
    if (m_replica >= m_replicas.size())
        m_replica = -1;
    rebuild();
    update();
}

void ResidencyView::setReplica(int replica)
{
    m_replica = replica;
    rebuild();
    update();
}

double ResidencyView::value(int row, int bin) const
{
    const std::size_t rows = m_series.adapters.size();
    const int bins = m_series.bins();
    if (row < 0 || bin < 0 || std::size_t(row) >= rows || bin >= bins)
        return 0;
    const std::size_t nr = m_series.running.size();
    auto cell = [&](std::size_t r) {
        return double(m_series.residency[(r * rows + std::size_t(row)) * std::size_t(bins) + std::size_t(bin)]);
    };
    if (m_replica >= 0)
        return std::size_t(m_replica) < nr ? cell(std::size_t(m_replica)) : 0.0;
    double sum = 0;
    for (std::size_t r = 0; r < nr; ++r)
        sum += cell(r);
    return sum;
}

double ResidencyView::maxValue() const
{
    if (m_replica >= 0)
        return 1.0;
    // All replicas: dark blue is the most replicas that held one adapter at once (whole), so a
    // fleet where each adapter lives on one replica still shows strong colours.
    double max = 1.0;
    for (int row = 0; row < int(m_series.adapters.size()); ++row)
        for (int b = 0; b < m_series.bins(); ++b)
            max = std::max(max, value(row, b));
    return std::ceil(max - 1e-9);
}

int ResidencyView::leftMargin() const
{
    // Room for the adapter names, up to 40 % of the width (longer names are elided in the middle).
    const QFontMetrics fm(font());
    int w = 0;
    for (const QString& a : m_adapters)
        w = std::max(w, fm.horizontalAdvance(a));
    return std::clamp(w + 10, 60, std::max(60, int(0.4 * width())));
}

void ResidencyView::rebuild()
{
    const int rows = int(m_series.adapters.size());
    const int bins = m_series.bins();
    if (rows == 0 || bins == 0) {
        m_image = QImage();
        return;
    }
    m_image = QImage(bins, rows, QImage::Format_RGB32);
    const double max = m_max = maxValue();
    for (int row = 0; row < rows; ++row) {
        auto* line = reinterpret_cast<QRgb*>(m_image.scanLine(row));
        for (int b = 0; b < bins; ++b)
            line[b] = shade(value(row, b) / max);
    }
}

QRect ResidencyView::plotRect() const
{
    const int left = leftMargin();
    return QRect(left, kTop, std::max(10, width() - left - kRight), std::max(10, height() - kTop - kBottom));
}

void ResidencyView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    update();
}

void ResidencyView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    p.setPen(palette().text().color());
    const QRect plot = plotRect();
    const QString title = m_replica >= 0
        ? tr("Adapters on %1's GPU over time (share of each bin)").arg(m_replicas.value(m_replica))
        : tr("Adapters on the replicas' GPUs over time (replicas holding each)");
    p.drawText(QRect(0, 0, width(), kTop), Qt::AlignCenter, title);
    if (m_image.isNull()) {
        p.drawText(plot, Qt::AlignCenter | Qt::TextWordWrap,
            tr("No adapter was loaded: the heat map shows which replicas hold which adapters once a fleet runs."));
        return;
    }
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    p.drawImage(plot, m_image);
    p.setPen(palette().mid().color());
    p.drawRect(plot.adjusted(0, 0, -1, -1));
    p.setPen(palette().text().color());
    // Adapter names on the left, as many as fit.
    const int rows = m_image.height();
    const double rowH = double(plot.height()) / rows;
    const QFontMetrics fm(font());
    const int every = std::max(1, int(std::ceil(fm.height() / std::max(1.0, rowH))));
    for (int r = 0; r < rows; r += every) {
        const int y = plot.top() + int((r + 0.5) * rowH);
        p.drawText(QRect(2, y - fm.height() / 2, plot.left() - 6, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
            fm.elidedText(m_adapters.value(r), Qt::ElideMiddle, plot.left() - 8));
    }
    // Time axis: the first and last edge and the middle.
    const QLocale loc;
    const auto& e = m_series.edges;
    for (double f : { 0.0, 0.5, 1.0 }) {
        const double t = e.front() + f * (e.back() - e.front());
        const int x = plot.left() + int(f * plot.width());
        const QString text = loc.toString(t, 'g', 4) + QLatin1Char(' ') + m_unit;
        const int w = fm.horizontalAdvance(text);
        p.drawText(
            QRect(std::clamp(x - w / 2, 0, width() - w), plot.bottom() + 2, w, fm.height()), Qt::AlignCenter, text);
    }
    // The scale: a swatch of every colour the map uses, each with its number (replicas holding an
    // adapter, or shares of the bin), so the light blues most cells have are read too.
    QList<QPair<double, QString>> steps;
    if (m_replica >= 0) {
        for (int pc : { 0, 25, 50, 75, 100 })
            steps.append({ pc / 100.0, loc.toString(pc) + QStringLiteral(" %") });
    } else {
        const int n = std::max(1, int(m_max));
        const int stride = std::max(1, (n + 5) / 6);
        for (int k = 0; k <= n; k += stride)
            steps.append({ double(k) / n, loc.toString(k) });
        if (steps.back().first < 1.0)
            steps.append({ 1.0, loc.toString(n) });
    }
    const QString head = m_replica >= 0 ? tr("share of the bin on the GPU:") : tr("replicas holding it:");
    const int swatch = std::max(8, fm.height() - 4);
    int total = fm.horizontalAdvance(head) + 6;
    for (const auto& st : std::as_const(steps))
        total += swatch + 3 + fm.horizontalAdvance(st.second) + 8;
    int x = std::max(2, width() - 2 - total);
    const int y = height() - fm.height() - 1;
    p.drawText(QRect(x, y, fm.horizontalAdvance(head) + 2, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, head);
    x += fm.horizontalAdvance(head) + 6;
    for (const auto& st : std::as_const(steps)) {
        const QRect box(x, y + (fm.height() - swatch) / 2, swatch, swatch);
        p.fillRect(box, QColor::fromRgb(shade(st.first)));
        p.setPen(palette().mid().color());
        p.drawRect(box.adjusted(0, 0, -1, -1));
        p.setPen(palette().text().color());
        x += swatch + 3;
        const int w = fm.horizontalAdvance(st.second);
        p.drawText(QRect(x, y, w + 1, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, st.second);
        x += w + 8;
    }
}

QString ResidencyView::cellText(int row, int bin) const
{
    if (row < 0 || bin < 0 || std::size_t(row) >= m_series.adapters.size() || bin >= m_series.bins())
        return {};
    const QLocale loc;
    const auto& e = m_series.edges;
    QString text = tr("%1, %2–%3 %4")
                       .arg(m_adapters.value(row), loc.toString(e[std::size_t(bin)], 'g', 5),
                           loc.toString(e[std::size_t(bin) + 1], 'g', 5), m_unit);
    const std::size_t rows = m_series.adapters.size();
    const std::size_t bins = std::size_t(m_series.bins());
    QStringList on;
    for (std::size_t r = 0; r < m_series.running.size(); ++r) {
        const double f = m_series.residency[(r * rows + std::size_t(row)) * bins + std::size_t(bin)];
        if (f > 0)
            on << tr("%1 (%2 % of the bin)").arg(m_replicas.value(int(r)), loc.toString(100.0 * f, 'f', 0));
    }
    text += QLatin1Char('\n')
        + (on.isEmpty() ? tr("on no replica's GPU") : tr("on the GPU of: %1").arg(on.join(QStringLiteral(", "))));
    return text;
}

bool ResidencyView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip && !m_image.isNull()) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QRect plot = plotRect();
        if (plot.contains(help->pos())) {
            const int bin = int(double(help->pos().x() - plot.left()) / plot.width() * m_image.width());
            const int row = int(double(help->pos().y() - plot.top()) / plot.height() * m_image.height());
            QToolTip::showText(help->globalPos(), cellText(row, bin), this);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(event);
}

} // namespace lorascope
