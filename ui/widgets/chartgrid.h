// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QScrollArea>
#include <QSize>

class QGridLayout;
class QLabel;

namespace lorascope {

/// Charts in a grid that reflows to its size: up to as many columns as cells fit (at most
/// `maxColumns`), in the order the charts were added. A cell is never smaller than the largest
/// minimumSizeHint() of its charts (for a PlotView: the size at which its axes, titles and legend
/// are whole) nor than `minCell`; when the rows do not fit the height the grid scrolls vertically,
/// and when even one column does not fit the width, horizontally. So the window's minimum size
/// does not grow with the number of charts, and a small screen shows fewer columns or scrolls
/// instead of squashing the charts. While it scrolls or shows fewer columns than it could, a line
/// above the charts offers more room (setRoomHint(), e.g. hiding the side panel with F9).
class ChartGrid : public QScrollArea {
    Q_OBJECT
public:
    ChartGrid(int maxColumns, const QSize& minCell, QWidget* parent = nullptr);

    void addChart(QWidget* chart);
    /// Shows or hides a chart added before; the others close the gap.
    void setChartShown(QWidget* chart, bool shown);
    /// Lays the charts out in this order (the same charts as added; anything else is ignored).
    void setOrder(const QList<QWidget*>& order);
    int columns() const { return m_columns; }
    QList<QWidget*> charts() const { return m_items; }
    /// The smallest cell: `minCell` and every chart's minimum size hint.
    QSize cellMinimum() const;
    /// The columns used at a given width of the grid (at its current height).
    int columnsForWidth(int width) const;
    /// The columns used at a given size: every count whose cells are at least cellMinimum() wide
    /// fits; of those, the one whose charts come closest to a landscape 3:2 plot area.
    int columnsFor(const QSize& size) const;
    /// True while the charts scroll or show fewer columns than they could on a wider screen.
    bool cramped() const;
    /// The words offering more room (a link; empty: never shown). roomRequested() on a click.
    void setRoomHint(const QString& html);
    /// The room line as shown (empty while hidden).
    QString roomHintShown() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    /// The room line's link was clicked.
    void roomRequested();

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void relayout(bool force = false);
    void updateRoomHint();

    QWidget* m_inner;
    QGridLayout* m_grid;
    QLabel* m_room;
    QString m_roomHtml;
    QList<QWidget*> m_items;
    QList<QWidget*> m_hidden; ///< charts added but not shown
    int m_maxColumns;
    QSize m_minCell;
    QSize m_cell; ///< the cell minimum the current layout uses
    int m_columns = 0;
    bool m_relayouting = false;
};

} // namespace lorascope
