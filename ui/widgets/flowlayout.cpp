// SPDX-License-Identifier: Apache-2.0
#include "widgets/flowlayout.h"

#include <QSpacerItem>
#include <QWidget>

#include <algorithm>

namespace lorascope {

FlowLayout::FlowLayout(QWidget* parent, int spacing)
    : QLayout(parent)
    , m_spacing(spacing)
{
    setContentsMargins(0, 0, 0, 0);
}

FlowLayout::~FlowLayout()
{
    while (QLayoutItem* item = takeAt(0))
        delete item;
}

void FlowLayout::addStretch()
{
    addItem(new QSpacerItem(0, 0, QSizePolicy::Expanding, QSizePolicy::Minimum));
}

void FlowLayout::addItem(QLayoutItem* item)
{
    m_items.append(item);
}

int FlowLayout::count() const
{
    return int(m_items.size());
}

QLayoutItem* FlowLayout::itemAt(int index) const
{
    return index >= 0 && index < m_items.size() ? m_items[index] : nullptr;
}

QLayoutItem* FlowLayout::takeAt(int index)
{
    return index >= 0 && index < m_items.size() ? m_items.takeAt(index) : nullptr;
}

Qt::Orientations FlowLayout::expandingDirections() const
{
    return {};
}

bool FlowLayout::hasHeightForWidth() const
{
    return true;
}

int FlowLayout::heightForWidth(int width) const
{
    return arrange(QRect(0, 0, width, 0), false);
}

QSize FlowLayout::minimumSize() const
{
    QSize size;
    for (auto* item : m_items)
        if (!item->isEmpty())
            size = size.expandedTo(item->minimumSize());
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const
{
    // One line with everything.
    int w = 0, h = 0;
    for (auto* item : m_items) {
        if (item->isEmpty() || item->spacerItem())
            continue;
        w += item->sizeHint().width() + m_spacing;
        h = std::max(h, item->sizeHint().height());
    }
    const QMargins m = contentsMargins();
    return QSize(w + m.left() + m.right(), h + m.top() + m.bottom());
}

void FlowLayout::setGeometry(const QRect& rect)
{
    QLayout::setGeometry(rect);
    arrange(rect, true);
}

int FlowLayout::arrange(const QRect& rect, bool apply) const
{
    const QRect area = rect.marginsRemoved(contentsMargins());
    // Split the items into lines first, then place each line (a stretch pushes the rest right).
    struct Line {
        qsizetype first = 0, last = 0; // [first, last)
        int width = 0, height = 0;
    };
    QList<Line> lines;
    Line line;
    for (qsizetype i = 0; i < m_items.size(); ++i) {
        QLayoutItem* item = m_items[i];
        if (item->isEmpty())
            continue;
        const int w = item->spacerItem() ? 0 : item->sizeHint().width();
        const int add = (line.width > 0 ? m_spacing : 0) + w;
        if (line.width > 0 && line.width + add > area.width()) {
            line.last = i;
            lines.append(line);
            line = Line { i, i, 0, 0 };
        }
        line.width += line.width > 0 || w > 0 ? (line.width > 0 ? m_spacing : 0) + w : 0;
        line.height = std::max(line.height, item->spacerItem() ? 0 : item->sizeHint().height());
    }
    line.last = m_items.size();
    lines.append(line);
    int y = area.y();
    for (const auto& l : std::as_const(lines)) {
        if (apply) {
            const int free = std::max(0, area.width() - l.width);
            int x = area.x();
            for (qsizetype i = l.first; i < l.last; ++i) {
                QLayoutItem* item = m_items[i];
                if (item->isEmpty())
                    continue;
                if (item->spacerItem()) {
                    x += free;
                    continue;
                }
                const QSize s = item->sizeHint();
                item->setGeometry(QRect(
                    QPoint(x, y + (l.height - s.height()) / 2), QSize(std::min(s.width(), area.width()), s.height())));
                x += s.width() + m_spacing;
            }
        }
        y += l.height + m_spacing;
    }
    const QMargins m = contentsMargins();
    return y - m_spacing - area.y() + m.top() + m.bottom();
}

} // namespace lorascope
