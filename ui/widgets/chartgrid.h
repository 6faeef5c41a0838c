// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QScrollArea>
#include <QSize>

class QGridLayout;

namespace lorascope {

/// Charts in a grid that reflows to its size (issue 13): up to as many columns as cells of at least
/// `minCell` fit (at most `maxColumns`), in the order the charts were added; when the rows do not
/// fit the height they keep `minCell`'s height and the grid scrolls vertically. So the window's
/// minimum size no longer grows with the number of charts, and a laptop screen shows fewer
/// columns instead of cut-off charts.
class ChartGrid : public QScrollArea {
    Q_OBJECT
public:
    ChartGrid(int maxColumns, const QSize& minCell, QWidget* parent = nullptr);

    void addChart(QWidget* chart);
    /// Shows or hides a chart added before; the others close the gap.
    void setChartShown(QWidget* chart, bool shown);
    int columns() const { return m_columns; }
    QList<QWidget*> charts() const { return m_items; }
    /// The columns used at a given width of the grid (at its current height).
    int columnsForWidth(int width) const;
    /// The columns used at a given size: every count whose cells are at least minCell wide fits;
    /// of those, the one whose charts come closest to a landscape 3:2 plot area.
    int columnsFor(const QSize& size) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void relayout(bool force = false);

    QWidget* m_inner;
    QGridLayout* m_grid;
    QList<QWidget*> m_items;
    QList<QWidget*> m_hidden; ///< charts added but not shown
    int m_maxColumns;
    QSize m_minCell;
    int m_columns = 0;
};

} // namespace lorascope
