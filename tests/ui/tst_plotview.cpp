// SPDX-License-Identifier: Apache-2.0
// PlotView's drawing choices for speed must keep the picture right: axis-aligned lines (grid, axes,
// ticks) and histogram areas are drawn without antialiasing, curves keep it; a chart is laid out in
// the event-loop turn its data is applied.
#include "charts/plotview.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QGraphicsEffect>
#include <QGraphicsItem>
#include <QGraphicsItemGroup>
#include <QGraphicsLineItem>
#include <QGraphicsObject>
#include <QTest>

#include <cmath>

using namespace lorascope;

namespace {

PlotData histogramWithCurve(double scale)
{
    PlotData d;
    d.title = QStringLiteral("Test");
    d.x.title = QStringLiteral("x");
    d.y.title = QStringLiteral("count");
    std::vector<double> edges, counts;
    for (int i = 0; i <= 20; ++i)
        edges.push_back(i * 5.0);
    for (int i = 0; i < 20; ++i)
        counts.push_back(scale * (1 + (i * 7) % 11));
    d.series.append(PlotData::bars(QStringLiteral("observed"), edges, counts, QColor(70, 130, 180)));
    PlotSeries curve;
    curve.name = QStringLiteral("model");
    curve.color = QColor(200, 40, 40);
    for (int i = 0; i <= 100; ++i)
        curve.points.append(QPointF(i, scale * (1 + 10 * i / 100.0)));
    d.series.append(curve);
    d.y.min = 0.0;
    return d;
}

/// Shows `view` at 500×360 with histogramWithCurve(1.0) applied and the events it posted processed.
bool showHistogram(PlotView& view)
{
    view.resize(500, 360);
    view.show();
    if (!QTest::qWaitForWindowExposed(&view))
        return false;
    view.setData(histogramWithCurve(1.0));
    PlotView::applyPending();
    QCoreApplication::processEvents();
    return true;
}

void collect(QGraphicsItem* item, QList<QGraphicsItem*>& out)
{
    for (auto* child : item->childItems()) {
        out << child;
        collect(child, out);
    }
}

QString classOf(QGraphicsItem* item)
{
    auto* o = item->toGraphicsObject();
    return o ? QString::fromLatin1(o->metaObject()->className()) : QString();
}

} // namespace

class TestPlotView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void axisLinesAndAreasCrispCurvesSmooth()
    {
        PlotView view;
        QVERIFY(showHistogram(view));
        auto* chart = view.findChild<QChartView*>()->chart();
        QList<QGraphicsItem*> items;
        collect(chart, items);
        int lineGroups = 0, areas = 0, curves = 0;
        for (auto* item : items) {
            if (item->type() == QGraphicsItemGroup::Type && !item->childItems().isEmpty()) {
                bool allLines = true;
                for (auto* c : item->childItems())
                    allLines = allLines && c->type() == QGraphicsLineItem::Type;
                if (allLines) {
                    ++lineGroups;
                    QVERIFY2(item->graphicsEffect(), "a group of grid/axis lines is drawn antialiased");
                }
            } else if (classOf(item) == QLatin1String("AreaChartItem")) {
                ++areas;
                QVERIFY(item->graphicsEffect());
            } else if (classOf(item) == QLatin1String("LineChartItem")) {
                ++curves;
                QVERIFY2(!item->graphicsEffect(), "the model curve must stay antialiased");
            }
        }
        QVERIFY(lineGroups >= 2); // at least the two axes' grids
        QCOMPARE(areas, 1);
        QCOMPARE(curves, 1);
    }

    void curveKeepsAntialiasedEdges()
    {
        PlotView view;
        QVERIFY(showHistogram(view));
        const QImage img = view.grab().toImage().convertToFormat(QImage::Format_RGB32);
        // The red curve (200, 40, 40) on the light plot area: antialiased, its edges are blends of
        // red and the background (red stays high, green and blue between, about equal).
        int blends = 0;
        for (int y = 0; y < img.height(); ++y) {
            for (int x = 0; x < img.width(); ++x) {
                const QRgb p = img.pixel(x, y);
                if (qRed(p) > 200 && qGreen(p) > 70 && qGreen(p) < 210 && std::abs(qGreen(p) - qBlue(p)) < 12)
                    ++blends;
            }
        }
        QVERIFY2(blends > 20, qPrintable(QStringLiteral("%1 blended curve pixels").arg(blends)));
    }

    void laidOutInTheTurnItsDataIsApplied()
    {
        // A new range changes the tick labels and so the plot area; the chart has its new layout
        // as soon as the data is applied, before any posted event runs (else it is painted twice).
        PlotView view;
        QVERIFY(showHistogram(view));
        auto* chart = view.findChild<QChartView*>()->chart();
        const QRectF before = chart->plotArea();
        view.setData(histogramWithCurve(1e6)); // labels like "10000000" need a wider left margin
        PlotView::applyPending();
        const QRectF applied = chart->plotArea();
        QVERIFY2(applied.left() > before.left(), "the wider tick labels did not move the plot area");
        QCoreApplication::processEvents();
        QCOMPARE(chart->plotArea(), applied); // nothing left for the posted layout request
    }
};

QTEST_MAIN(TestPlotView)
#include "tst_plotview.moc"
