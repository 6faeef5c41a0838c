// SPDX-License-Identifier: Apache-2.0
// Workload designer: drive the real widgets, assert on the Document's results and chart data.
#include "uitestutil.h"

#include "charts/plotview.h"
#include "workload/generator.h"
#include "workload/parameterpanel.h"
#include "workload/rasterview.h"
#include "workload/workloadtab.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFocusEvent>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QUndoStack>

#include <cmath>
#include <map>

using namespace lorascope;

namespace {

using test::waitForSignal;

const PlotSeries* seriesNamed(const PlotData& d, const QString& prefix)
{
    for (const auto& s : d.series)
        if (s.name.startsWith(prefix))
            return &s;
    return nullptr;
}

} // namespace

class TestWorkloadTab : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void defaultStartFillsAllCharts()
    {
        MainWindow w;
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        const auto* doc = w.document();
        QCOMPARE(QString::fromStdString(doc->spec().preset), QStringLiteral("S4"));
        QCOMPARE(doc->spec().generator, GeneratorKind::PerAdapter);
        const auto a = doc->workload();
        const double n = double(a->stats.count);
        QVERIFY(n > 100);
        auto* tab = w.workloadTab();
        for (const auto& key : { "popularity", "gaps", "input", "output", "timeline" }) {
            const auto& d = tab->chart(QString::fromLatin1(key))->data();
            QVERIFY2(d.series.size() >= 2, key); // data + theory
            for (const auto& s : d.series)
                QVERIFY2(!s.points.isEmpty(), key);
        }
        // Bin counts add up to the request count.
        QCOMPARE(
            test::barsSum(*seriesNamed(tab->chart(QStringLiteral("input"))->data(), QStringLiteral("observed"))), n);
        QCOMPARE(
            test::barsSum(*seriesNamed(tab->chart(QStringLiteral("output"))->data(), QStringLiteral("observed"))), n);
        // Gaps: the bins plus the labelled under/overflow bars hold every gap.
        const auto& gapData = tab->chart(QStringLiteral("gaps"))->data();
        const auto* outside = seriesNamed(gapData, QStringLiteral("out of range"));
        QVERIFY(outside);
        const double outsideCount = outside ? outside->points[0].y() + outside->points[2].y() : 0.0;
        QCOMPARE(outsideCount, double(a->stats.gaps.underflow + a->stats.gaps.overflow));
        QCOMPARE(test::barsSum(*seriesNamed(gapData, QStringLiteral("observed"))) + outsideCount, n - 1);
        const auto& tl = *seriesNamed(tab->chart(QStringLiteral("timeline"))->data(), QStringLiteral("observed"));
        double arrivals = 0;
        for (qsizetype i = 0; i + 1 < tl.points.size(); ++i)
            arrivals += tl.points[i].y() * (tl.points[i + 1].x() - tl.points[i].x());
        QVERIFY(std::abs(arrivals - n) < 1e-6 * n);
        const auto& pop = tab->chart(QStringLiteral("popularity"))->data();
        double popSum = 0;
        for (const auto& p : seriesNamed(pop, QStringLiteral("observed"))->points)
            popSum += p.y();
        QCOMPARE(popSum, n);
        QVERIFY(!pop.labels.isEmpty()); // hottest adapters annotated
        // Theory: S4 has α = 1 → uniform: every adapter expects n / adapters.
        const double perAdapter = n / doc->spec().adapterCount;
        for (const auto& p : seriesNamed(pop, QStringLiteral("expected"))->points)
            QVERIFY(std::abs(p.y() - perAdapter) < 1e-9 * n);
        // cv = 1 per adapter → the merge is Poisson at R: expected gaps per bin (N−1)(e^{−Ra} − e^{−Rb});
        // gaps below the first edge are in the underflow bar, not in the first bin.
        const double R = doc->spec().rate;
        const auto& gh = a->stats.gaps;
        const auto* gth = seriesNamed(tab->chart(QStringLiteral("gaps"))->data(), QStringLiteral("model"));
        QVERIFY(gth);
        QCOMPARE(gth->points.size(), qsizetype(gh.counts.size()));
        for (std::size_t b = 0; b < gh.counts.size(); ++b) {
            const double lower = gh.edges[b];
            const double expect = (n - 1) * (std::exp(-R * lower) - std::exp(-R * gh.edges[b + 1]));
            QVERIFY(std::abs(gth->points[qsizetype(b)].y() - expect) < 1e-6 * n);
        }
        // Raster: rows hottest first, its bins hold every request of those adapters.
        (void)tab->raster()->grab(); // bins are made when the raster paints (it may be scrolled out of view)
        const auto& bins = tab->raster()->bins();
        QVERIFY(!bins.rowAdapters.empty());
        std::uint64_t rowsTotal = 0;
        for (auto ad : bins.rowAdapters)
            rowsTotal += a->stats.perAdapterCount[ad];
        QCOMPARE(bins.total(), rowsTotal);
        QVERIFY(w.status()->summaryText().contains(QString::number(a->stats.count) + QStringLiteral(" requests")));
    }

    void rasterTimeTicks()
    {
        // A 40 s trace in a narrow raster: 0, 20, 40, not a lone "0".
        QCOMPARE(RasterView::timeTicks(0, 40, 180), (QList<double> { 0, 20, 40 }));
        QCOMPARE(RasterView::timeTicks(0, 40, 100), (QList<double> { 0, 20, 40 }));
        QCOMPARE(RasterView::timeTicks(0, 300, 600), (QList<double> { 0, 50, 100, 150, 200, 250, 300 }));
        QVERIFY(RasterView::timeTicks(5, 5, 300).isEmpty());
    }

    void rasterColoursFollowCounts()
    {
        // Many requests over few adapters: cells hold counts from 0 to dozens. Each cell's colour is
        // the palette entry of log(1 + count) / log(1 + max): white for none, darkest for the most,
        // never lighter for more arrivals, the same for the same count.
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        WorkloadSpec spec = doc->spec();
        spec.adapterCount = 12;
        spec.rate = 1000; // 300k requests in 300 s
        doc->editSpec(spec, QStringLiteral("dense"));
        QTRY_VERIFY_WITH_TIMEOUT(
            !doc->busy() && doc->workload() && doc->workload()->trace->adapters.size() == 12, 30000);
        auto* raster = w.workloadTab()->raster();
        (void)raster->grab();
        const auto& bins = raster->bins();
        const QImage& img = raster->picture();
        QVERIFY2(bins.columns > 10 && !bins.rowAdapters.empty() && bins.maxCount > 20,
            qPrintable(QStringLiteral("%1 columns, %2 rows, max %3, %4 requests")
                           .arg(bins.columns)
                           .arg(bins.rowAdapters.size())
                           .arg(bins.maxCount)
                           .arg(doc->workload()->stats.count)));
        const int rows = std::min<int>(int(bins.rowAdapters.size()), img.height());
        const double rowH = double(img.height()) / rows, colW = double(img.width()) / bins.columns;
        std::map<std::uint32_t, QRgb> colourOf;
        for (int r = 0; r < rows; ++r) {
            for (int c = 0; c < bins.columns; ++c) {
                // More columns than pixels: a pixel shows the last column drawn on it.
                if (c + 1 < bins.columns && int((c + 1) * colW) == int(c * colW))
                    continue;
                const std::uint32_t n = bins.counts[std::size_t(r) * std::size_t(bins.columns) + std::size_t(c)];
                const QRgb px = img.pixel(int(c * colW), int(r * rowH));
                if (n == 0) {
                    QCOMPARE(px, qRgb(255, 255, 255));
                    continue;
                }
                auto [it, fresh] = colourOf.emplace(n, px);
                QCOMPARE(px, it->second);
            }
        }
        QVERIFY(colourOf.size() > 10);
        if (colourOf.rbegin()->first == bins.maxCount)
            QCOMPARE(colourOf.rbegin()->second, qRgb(100, 0, 30)); // the ramp's dark end
        int lightness = 3 * 256;
        for (const auto& [n, px] : colourOf) {
            const int l = qRed(px) + qGreen(px) + qBlue(px);
            QVERIFY2(l <= lightness, qPrintable(QStringLiteral("count %1 is lighter than a smaller count").arg(n)));
            lightness = l;
        }
    }

    void spinBoxEditRegeneratesAndUndoRedo()
    {
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        auto* alpha
            = qobject_cast<QDoubleSpinBox*>(w.workloadTab()->panel()->editor(QStringLiteral("popularity.alpha")));
        QVERIFY(alpha);
        QSignalSpy spy(doc, &Document::workloadChanged);
        alpha->setValue(0.3);
        QVERIFY(waitForSignal(doc, spy));
        QCOMPARE(doc->spec().popularity.alpha, 0.3);
        QCOMPARE(doc->workload()->spec->popularity.alpha, 0.3);
        // α < 1: adapter 0 is the hottest with p = (1/n)^α.
        const double n = double(doc->workload()->stats.count);
        const auto& pop = w.workloadTab()->chart(QStringLiteral("popularity"))->data();
        const auto* th = seriesNamed(pop, QStringLiteral("expected"));
        QVERIFY(std::abs(th->points.front().y() - n * std::pow(1.0 / doc->spec().adapterCount, 0.3)) < 1e-9 * n);
        QCOMPARE(doc->undoStack()->count(), 1);
        spy.clear();
        doc->undoStack()->undo();
        QVERIFY(waitForSignal(doc, spy));
        QCOMPARE(doc->spec().popularity.alpha, 1.0);
        QCOMPARE(alpha->value(), 1.0);
        QCOMPARE(doc->workload()->spec->popularity.alpha, 1.0);
        spy.clear();
        doc->undoStack()->redo();
        QVERIFY(waitForSignal(doc, spy));
        QCOMPARE(alpha->value(), 0.3);
        QCOMPARE(doc->workload()->spec->popularity.alpha, 0.3);
    }

    void sliderDragIsOneUndoStepAndChartsFollow()
    {
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        auto* slider = w.workloadTab()->panel()->slider(QStringLiteral("arrival.cv"));
        auto* spin = qobject_cast<QDoubleSpinBox*>(w.workloadTab()->panel()->editor(QStringLiteral("arrival.cv")));
        QVERIFY(slider && spin);
        QSignalSpy spy(doc, &Document::workloadChanged);
        Q_EMIT slider->sliderPressed();
        for (int v = slider->value() + 20; v <= slider->value() + 200; v += 60) {
            slider->setValue(v);
            QTest::qWait(30); // charts follow while dragging
        }
        Q_EMIT slider->sliderReleased();
        QVERIFY(waitForSignal(doc, spy));
        QCOMPARE(doc->undoStack()->count(), 1); // the whole drag is one step
        QCOMPARE(doc->spec().arrival.cv, spin->value());
        QVERIFY(doc->spec().arrival.cv > 1.0);
        QCOMPARE(doc->workload()->spec->arrival.cv, doc->spec().arrival.cv);
        doc->undoStack()->undo();
        QCOMPARE(doc->spec().arrival.cv, 1.0);
    }

    void invalidInputShownInlineWithoutRegenerating()
    {
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        const auto before = doc->workload();
        auto* hi = qobject_cast<QSpinBox*>(w.workloadTab()->panel()->editor(QStringLiteral("input.hi")));
        QSignalSpy spy(doc, &Document::workloadChanged);
        hi->setValue(5); // < lo = 8
        QTest::qWait(100);
        QVERIFY(!doc->issues().empty());
        QVERIFY(w.workloadTab()->panel()->issuesText().contains(QStringLiteral("input.hi")));
        QCOMPARE(spy.count(), 0);
        QCOMPARE(doc->workload(), before); // last good result stays on screen
        hi->setValue(1024);
        QVERIFY(waitForSignal(doc, spy));
        QVERIFY(doc->issues().empty());
        QVERIFY(w.workloadTab()->panel()->issuesText().isEmpty());
        QCOMPARE(doc->workload()->stats.input.max <= 1023, true);
    }

    void explainPanelShowsCurrentEffect()
    {
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        auto* alpha
            = qobject_cast<QDoubleSpinBox*>(w.workloadTab()->panel()->editor(QStringLiteral("popularity.alpha")));
        QSignalSpy spy(doc, &Document::workloadChanged);
        alpha->setValue(0.3);
        QVERIFY(waitForSignal(doc, spy));
        QFocusEvent focus(QEvent::FocusIn, Qt::TabFocusReason);
        QCoreApplication::sendEvent(alpha, &focus);
        QCOMPARE(w.workloadTab()->currentExplainField(), QStringLiteral("popularity.alpha"));
        const QString text = w.workloadTab()->explainText();
        const double n = doc->spec().adapterCount;
        const QString hottest = QString::number(100 * std::pow(1 / n, 0.3), 'f', 1) + QStringLiteral(" %");
        const QString top10 = QString::number(100 * std::pow(10 / n, 0.3), 'f', 1) + QStringLiteral(" %");
        QVERIFY2(text.contains(hottest), qPrintable(text));
        QVERIFY2(text.contains(top10), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("α = 0.3")));
        // An edit of the focused field updates the panel soon after (after the charts, not before).
        QSignalSpy again(doc, &Document::workloadChanged);
        alpha->setValue(0.7);
        QVERIFY(waitForSignal(doc, again));
        QTRY_VERIFY2(w.workloadTab()->explainText().contains(QStringLiteral("α = 0.7")),
            qPrintable(w.workloadTab()->explainText()));
        const QString top10at07 = QString::number(100 * std::pow(10 / n, 0.7), 'f', 1) + QStringLiteral(" %");
        QVERIFY(w.workloadTab()->explainText().contains(top10at07));
    }

    void logLogToggleAndSloraGenerator()
    {
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        w.workloadTab()->logLogToggle()->click();
        QVERIFY(w.workloadTab()->chart(QStringLiteral("popularity"))->data().x.log);
        QVERIFY(w.workloadTab()->chart(QStringLiteral("popularity"))->data().y.log);
        auto* gen = qobject_cast<QComboBox*>(w.workloadTab()->panel()->editor(QStringLiteral("generator")));
        QSignalSpy spy(doc, &Document::workloadChanged);
        gen->setCurrentIndex(1);
        QVERIFY(waitForSignal(doc, spy));
        QCOMPARE(doc->spec().generator, GeneratorKind::Slora);
        // slora: exactly int(R·T) requests.
        QCOMPARE(doc->workload()->stats.count, std::uint64_t(doc->spec().rate * doc->spec().duration));
    }

    void longGenerationCanBeCancelled()
    {
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        const auto before = doc->workload();
        WorkloadSpec big = doc->spec();
        big.rate = 20000; // 6 M requests
        doc->editSpec(big, QStringLiteral("big"));
        QTRY_VERIFY_WITH_TIMEOUT(doc->busy(), 5000);
        QTest::qWait(100);
        QVERIFY(doc->busy());
        doc->cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!doc->busy(), 10000);
        QTest::qWait(200);
        QCOMPARE(doc->workload(), before);
    }
};

QTEST_MAIN(TestWorkloadTab)
#include "tst_workloadtab.moc"
