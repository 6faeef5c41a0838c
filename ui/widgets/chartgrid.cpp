// SPDX-License-Identifier: Apache-2.0
#include "widgets/chartgrid.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollBar>
#include <QStyle>

#include <algorithm>
#include <cmath>

namespace lorascope {

namespace {
constexpr int kSpacing = 4;
}

ChartGrid::ChartGrid(int maxColumns, const QSize& minCell, QWidget* parent)
    : QScrollArea(parent)
    , m_inner(new QWidget)
    , m_grid(new QGridLayout(m_inner))
    , m_room(new QLabel(this))
    , m_maxColumns(std::max(1, maxColumns))
    , m_minCell(minCell)
{
    setFrameShape(QFrame::NoFrame);
    setWidgetResizable(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setSpacing(kSpacing);
    setWidget(m_inner);
    // A chart whose texts need more room asks for a new layout (updateGeometry): the cells follow.
    m_inner->installEventFilter(this);
    m_room->setObjectName(QStringLiteral("chartRoomHint"));
    m_room->setTextFormat(Qt::RichText);
    m_room->setWordWrap(true); // a narrow grid wraps the hint instead of cutting it
    m_room->setStyleSheet(QStringLiteral("QLabel { background: #fff4ce; color: #3b2f00; padding: 1px 6px; }"));
    m_room->setVisible(false);
    connect(m_room, &QLabel::linkActivated, this, &ChartGrid::roomRequested);
}

void ChartGrid::addChart(QWidget* chart)
{
    chart->setParent(m_inner);
    m_items.append(chart);
    relayout(true);
}

QSize ChartGrid::cellMinimum() const
{
    QSize cell = m_minCell;
    for (const QWidget* w : m_items)
        if (!m_hidden.contains(w))
            cell = cell.expandedTo(w->minimumSizeHint().expandedTo(w->minimumSize()));
    return cell;
}

void ChartGrid::setOrder(const QList<QWidget*>& order)
{
    if (order == m_items || order.size() != m_items.size())
        return;
    for (QWidget* w : order)
        if (!m_items.contains(w))
            return;
    m_items = order;
    relayout(true);
}

void ChartGrid::setChartShown(QWidget* chart, bool shown)
{
    if (!m_items.contains(chart) || shown == !m_hidden.contains(chart))
        return;
    if (shown)
        m_hidden.removeAll(chart);
    else
        m_hidden.append(chart);
    chart->setVisible(shown);
    relayout(true);
}

int ChartGrid::columnsForWidth(int width) const
{
    return columnsFor(QSize(width, height()));
}

int ChartGrid::columnsFor(const QSize& size) const
{
    const QSize cell = cellMinimum();
    // The width a vertical scroll bar would take is always kept free, so the column count does not
    // flip back and forth when the bar comes and goes.
    const int avail = size.width() - 2 * frameWidth() - style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
    const int n = std::max<int>(1, int(m_items.size() - m_hidden.size()));
    const int most = std::clamp((avail + kSpacing) / (cell.width() + kSpacing), 1, std::min(m_maxColumns, n));
    // Among the column counts that fit, the one whose plots (a cell minus the room a chart's title,
    // legend and axes take) come closest to a 3:2 landscape: three rows of flat charts on a
    // 1280×720 screen show less than two rows of three.
    constexpr double kChromeW = 60, kChromeH = 115, kAspect = 1.5;
    int best = most;
    double bestScore = 1e9;
    for (int cols = 1; cols <= most; ++cols) {
        const int rows = (n + cols - 1) / cols;
        const double cellW = double(avail - (cols - 1) * kSpacing) / cols;
        const double cellH = std::max<double>(cell.height(), double(size.height() - (rows - 1) * kSpacing) / rows);
        const double plotW = std::max(10.0, cellW - kChromeW), plotH = std::max(10.0, cellH - kChromeH);
        // Scrolling hides charts: worse than any flat layout that shows them all.
        const bool scrolls = rows * cell.height() + (rows - 1) * kSpacing > size.height();
        const double score = std::abs(std::log(plotW / plotH / kAspect)) + (scrolls ? 10.0 : 0.0);
        if (score < bestScore - 1e-9) {
            bestScore = score;
            best = cols;
        }
    }
    return best;
}

bool ChartGrid::cramped() const
{
    const int n = int(m_items.size() - m_hidden.size());
    if (n == 0)
        return false;
    const int rows = (n + std::max(1, m_columns) - 1) / std::max(1, m_columns);
    const bool scrolls = rows * m_cell.height() + (rows - 1) * kSpacing
        > viewport()->height() + (m_room->isVisible() ? m_room->height() : 0);
    return scrolls || m_columns < std::min(m_maxColumns, n);
}

void ChartGrid::relayout(bool force)
{
    if (m_relayouting)
        return;
    const QSize cell = cellMinimum();
    const int cols = columnsFor(size());
    if (cols == m_columns && cell == m_cell && !force) {
        updateRoomHint();
        return;
    }
    m_relayouting = true;
    m_columns = cols;
    m_cell = cell;
    for (auto* w : std::as_const(m_items))
        m_grid->removeWidget(w);
    for (int r = 0; r < m_grid->rowCount(); ++r) {
        m_grid->setRowStretch(r, 0);
        m_grid->setRowMinimumHeight(r, 0);
    }
    for (int c = 0; c < m_grid->columnCount(); ++c) {
        m_grid->setColumnStretch(c, 0);
        m_grid->setColumnMinimumWidth(c, 0);
    }
    QList<QWidget*> shown;
    for (auto* w : std::as_const(m_items))
        if (!m_hidden.contains(w))
            shown.append(w);
    const int rows = (int(shown.size()) + cols - 1) / cols;
    for (int i = 0; i < shown.size(); ++i)
        m_grid->addWidget(shown[i], i / cols, i % cols);
    for (int r = 0; r < rows; ++r) {
        m_grid->setRowStretch(r, 1);
        m_grid->setRowMinimumHeight(r, cell.height());
    }
    for (int c = 0; c < cols; ++c) {
        m_grid->setColumnStretch(c, 1);
        m_grid->setColumnMinimumWidth(c, cell.width());
    }
    m_inner->setMinimumHeight(rows * cell.height() + (rows - 1) * kSpacing);
    m_relayouting = false;
    updateRoomHint();
}

void ChartGrid::setRoomHint(const QString& html)
{
    m_roomHtml = html;
    updateRoomHint();
}

QString ChartGrid::roomHintShown() const
{
    return m_room->isVisible() ? m_room->text() : QString();
}

void ChartGrid::updateRoomHint()
{
    const bool show = !m_roomHtml.isEmpty() && cramped();
    if (show) {
        m_room->setText(m_roomHtml);
        const int h = m_room->heightForWidth(width() - 2 * frameWidth());
        setViewportMargins(0, h, 0, 0);
        m_room->setGeometry(frameWidth(), frameWidth(), width() - 2 * frameWidth(), h);
    } else {
        setViewportMargins(0, 0, 0, 0);
    }
    m_room->setVisible(show);
}

void ChartGrid::resizeEvent(QResizeEvent* event)
{
    relayout();
    QScrollArea::resizeEvent(event);
    updateRoomHint();
}

bool ChartGrid::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_inner && event->type() == QEvent::LayoutRequest && !m_relayouting && cellMinimum() != m_cell)
        relayout();
    return QScrollArea::eventFilter(watched, event);
}

QSize ChartGrid::sizeHint() const
{
    const QSize cell = cellMinimum();
    const int cols = std::min<int>(m_maxColumns, std::max<int>(1, int(m_items.size())));
    const int rows = (int(m_items.size()) + cols - 1) / std::max(1, cols);
    // Half again the minimum height: what a splitter gives the grid at first.
    return QSize(cols * (cell.width() + kSpacing), std::max(1, rows) * (cell.height() * 3 / 2 + kSpacing));
}

QSize ChartGrid::minimumSizeHint() const
{
    // A strip of one chart; the rest scrolls.
    return QSize(std::min(m_minCell.width(), 240), std::min(m_minCell.height(), 160));
}

} // namespace lorascope
