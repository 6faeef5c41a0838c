// SPDX-License-Identifier: Apache-2.0
// A/B compare: pin A, edit B through the real parameter panel, and check the header, the overlaid
// chart data and the key-figure table against the core computed independently for each spec.
#include "uitestutil.h"

#include "analysis/compare.h"
#include "charts/plotview.h"
#include "compare/comparetab.h"
#include "compare/keyfiguremodel.h"
#include "compare/parametermodel.h"
#include "document/session.h"
#include "workload/parameterpanel.h"
#include "workload/presets.h"
#include "workload/workloadtab.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QImage>
#include <QLabel>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUndoStack>

#include <cmath>

using namespace lorascope;

namespace {

WorkloadSpec smallSpec()
{
    WorkloadSpec s = specForPreset("S4");
    s.adapterCount = 20;
    s.rate = 4;
    s.duration = 60;
    s.popularity.alpha = 1.0;
    return s;
}

/// `spec` on the tight server the tests use (4000 KV slots: requests wait).
void setSpecOnTightServer(Document* doc, const WorkloadSpec& spec)
{
    SimulationConfig c = doc->admissionConfig();
    c.scheduler.limits.maxTotalTokenNum = 4000;
    doc->setAdmission(c);
    doc->setSpec(spec);
}

/// What the core says for one side, computed without the tab.
struct Expected {
    TraceStats stats;
    SimulationSummary summary;
};

Expected expectedFor(const WorkloadSpec& spec, SimulationConfig config)
{
    const auto w = analyzeSpec(spec, config.scheduler.limits);
    return { w->stats, simulate(*w->trace, config).summary };
}

double expectedFigure(const Expected& e, const QString& key)
{
    const auto& s = e.stats;
    const auto& m = e.summary;
    const QHash<QString, double> values = {
        { QStringLiteral("requests"), double(s.count) },
        { QStringLiteral("achievedRate"), s.achievedRate },
        { QStringLiteral("gapCv"), s.gapCv },
        { QStringLiteral("fittedAlpha"), s.fittedAlpha },
        { QStringLiteral("overLimits"), double(s.overAnyLimit) },
        { QStringLiteral("finished"), double(m.finished) },
        { QStringLiteral("waitP50"), m.wait.p50 },
        { QStringLiteral("waitP90"), m.wait.p90 },
        { QStringLiteral("waitP99"), m.wait.p99 },
        { QStringLiteral("ttftP50"), m.ttft.p50 },
        { QStringLiteral("ttftP90"), m.ttft.p90 },
        { QStringLiteral("ttftP99"), m.ttft.p99 },
        { QStringLiteral("e2eP50"), m.e2e.p50 },
        { QStringLiteral("e2eP90"), m.e2e.p90 },
        { QStringLiteral("e2eP99"), m.e2e.p99 },
        { QStringLiteral("throughput"), m.requestThroughput },
        { QStringLiteral("tokenThroughput"), m.tokenThroughput },
        { QStringLiteral("sloAttainment"), 100.0 * m.sloAttainment },
        { QStringLiteral("peakKvNeed"), double(m.peakKvNeed) },
        { QStringLiteral("adapterLoads"), double(m.adapterLoads) },
    };
    return values.value(key, std::numeric_limits<double>::quiet_NaN());
}

const QStringList kFigureKeys = { QStringLiteral("requests"), QStringLiteral("achievedRate"), QStringLiteral("gapCv"),
    QStringLiteral("fittedAlpha"), QStringLiteral("overLimits"), QStringLiteral("finished"), QStringLiteral("waitP50"),
    QStringLiteral("waitP90"), QStringLiteral("waitP99"), QStringLiteral("ttftP50"), QStringLiteral("ttftP90"),
    QStringLiteral("ttftP99"), QStringLiteral("e2eP50"), QStringLiteral("e2eP90"), QStringLiteral("e2eP99"),
    QStringLiteral("throughput"), QStringLiteral("tokenThroughput"), QStringLiteral("sloAttainment"),
    QStringLiteral("peakKvNeed"), QStringLiteral("adapterLoads") };

double figure(KeyFigureModel* model, const QString& key, int column)
{
    const int row = model->rowOf(key);
    if (row < 0)
        return std::numeric_limits<double>::quiet_NaN();
    return model->data(model->index(row, column), KeyFigureModel::ValueRole).toDouble();
}

/// Waits until the tab presented a comparison whose B spec satisfies `pred` and no job runs.
template <typename Pred>
bool waitForComparison(CompareTab* tab, Pred pred, int timeoutMs = 60000)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        QTest::qWait(10);
        const auto c = tab->comparison();
        if (c && !tab->busy() && pred(*c))
            return true;
    }
    return false;
}

/// Sum of the bin values of a closed histogram outline: (left, 0), then (left, y), (right, y) per
/// bin, then (right, 0).
double outlineSum(const PlotSeries& s)
{
    double sum = 0;
    for (qsizetype i = 1; i + 2 < s.points.size(); i += 2)
        sum += s.points[i].y();
    return sum;
}

double areaOfRate(const PlotSeries& s)
{
    // Step line: (left, rate), (right, rate) per bin → Σ rate · width = arrivals.
    double sum = 0;
    for (qsizetype i = 0; i + 1 < s.points.size(); i += 2)
        sum += s.points[i].y() * (s.points[i + 1].x() - s.points[i].x());
    return sum;
}

} // namespace

class TestCompareTab : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void pinEditSwapAndInvalid()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        auto* doc = w.document();
        QVERIFY(test::waitIdle(doc));
        const WorkloadSpec specA = smallSpec();
        setSpecOnTightServer(doc, specA);
        QVERIFY(test::waitIdle(doc));
        auto* tab = w.compareTab();
        QVERIFY(tab);
        new QAbstractItemModelTester(tab->model(), QAbstractItemModelTester::FailureReportingMode::QtTest, this);
        new QAbstractItemModelTester(
            tab->parameterModel(), QAbstractItemModelTester::FailureReportingMode::QtTest, this);
        w.tabs()->setCurrentWidget(tab);
        auto* placeholder = tab->findChild<QLabel*>(QStringLiteral("comparePlaceholder"));
        QVERIFY(placeholder && placeholder->isVisible());
        QVERIFY(!tab->hasA());

        // Pin A from the menu action; B is live and identical: no differences.
        tab->pinAction()->trigger();
        QVERIFY(tab->hasA() && tab->bIsLive());
        QVERIFY(!placeholder->isVisible());
        QVERIFY(
            waitForComparison(tab, [](const Comparison& c) { return c.b.workload->spec->popularity.alpha == 1.0; }));
        QCOMPARE(tab->diffText(), QString());
        QVERIFY(tab->findChild<QLabel*>(QStringLiteral("compareHeader"))->text().contains(QStringLiteral("none")));

        // Change α through the real parameter panel: B follows, the header names exactly α.
        auto* alpha
            = qobject_cast<QDoubleSpinBox*>(w.workloadTab()->panel()->editor(QStringLiteral("popularity.alpha")));
        QVERIFY(alpha);
        alpha->setValue(0.3);
        QCOMPARE(doc->spec().popularity.alpha, 0.3);
        QVERIFY(
            waitForComparison(tab, [](const Comparison& c) { return c.b.workload->spec->popularity.alpha == 0.3; }));
        QCOMPARE(tab->diffText(), QStringLiteral("α: 1 → 0.3"));
        const auto cmp = tab->comparison();
        QCOMPARE(cmp->diffs.size(), std::size_t(1));
        QCOMPARE(cmp->diffs.front().field, std::string("popularity.alpha"));
        QVERIFY(
            tab->findChild<QLabel*>(QStringLiteral("compareHeader"))->text().contains(QStringLiteral("α: 1 → 0.3")));
        QCOMPARE(cmp->a.workload->spec->popularity.alpha, 1.0);
        // The side-by-side parameter list highlights exactly the α row, with both values.
        auto* params = tab->parameterModel();
        QStringList differing;
        int alphaRow = -1;
        for (int row = 0; row < params->rowCount(); ++row) {
            const QString field = params->data(params->index(row, 0), ParameterModel::FieldRole).toString();
            if (params->data(params->index(row, 0), ParameterModel::DiffersRole).toBool())
                differing << field;
            if (field == QLatin1String("popularity.alpha"))
                alphaRow = row;
        }
        QCOMPARE(differing, QStringList { QStringLiteral("popularity.alpha") });
        QVERIFY(alphaRow >= 0);
        QCOMPARE(params->data(params->index(alphaRow, ParameterModel::A)).toString(), QStringLiteral("1"));
        QCOMPARE(params->data(params->index(alphaRow, ParameterModel::B)).toString(), QStringLiteral("0.3"));
        QVERIFY(params->rowCount() > 15); // the main parameters are listed even where they agree

        // Independent core results for both specs (same server: the document's admission settings).
        WorkloadSpec specB = specA;
        specB.popularity.alpha = 0.3;
        const Expected ea = expectedFor(specA, doc->admissionConfig());
        const Expected eb = expectedFor(specB, doc->admissionConfig());
        QVERIFY(ea.stats.count > 100 && eb.stats.count > 100);
        QVERIFY2(std::abs(ea.stats.fittedAlpha - eb.stats.fittedAlpha) > 0.2, "A and B must really differ");

        // Charts: two series (A, B); histogram bins sum to each trace's request count.
        for (const auto& key : { QStringLiteral("input"), QStringLiteral("output"), QStringLiteral("gaps") }) {
            const auto& d = tab->chart(key)->data();
            QCOMPARE(d.series.size(), qsizetype(2));
            QCOMPARE(d.series[0].name, QStringLiteral("A"));
            QCOMPARE(d.series[1].name, QStringLiteral("B"));
            QVERIFY(d.series[0].color != d.series[1].color);
            const double gapsLess = key == QLatin1String("gaps") ? 1.0 : 0.0; // n requests → n − 1 gaps
            QCOMPARE(d.series[0].style, PlotSeries::Style::Bars);
            QCOMPARE(d.series[1].style, PlotSeries::Style::Line);
            QCOMPARE(test::barsSum(d.series[0]), double(ea.stats.count) - gapsLess);
            QCOMPARE(outlineSum(d.series[1]), double(eb.stats.count) - gapsLess);
            // Common bins: A and B share their edges, so they overlay bin for bin.
            const qsizetype bins = d.series[0].points.size() - 1;
            QCOMPARE(d.series[1].points.size(), 2 * bins + 2);
            QCOMPARE(d.series[1].points.front().y(), 0.0);
            QCOMPARE(d.series[1].points.back().y(), 0.0);
            for (qsizetype b = 0; b < bins; ++b)
                QCOMPARE(d.series[1].points[2 * b + 1].x(), d.series[0].points[b].x());
        }
        const auto& arrivals = tab->chart(QStringLiteral("arrivals"))->data();
        QCOMPARE(qRound64(areaOfRate(arrivals.series[0])), qint64(ea.stats.count));
        QCOMPARE(qRound64(areaOfRate(arrivals.series[1])), qint64(eb.stats.count));
        const auto& pop = tab->chart(QStringLiteral("popularity"))->data();
        QVERIFY(pop.x.log && pop.y.log);
        for (int side = 0; side < 2; ++side) {
            const auto& st = side == 0 ? ea.stats : eb.stats;
            double sum = 0;
            for (const auto& p : pop.series[side].points)
                sum += p.y();
            QVERIFY2(std::abs(sum - 100.0) < 1e-9, "shares of all adapters add up to 100 %");
            QCOMPARE(pop.series[side].points.size(), qsizetype(st.adaptersUsed));
            const auto hottest = *std::max_element(st.perAdapterCount.begin(), st.perAdapterCount.end());
            QCOMPARE(pop.series[side].points.front().y(), 100.0 * double(hottest) / double(st.count));
        }
        for (const auto& key : { QStringLiteral("running"), QStringLiteral("queue"), QStringLiteral("latency") }) {
            const auto& d = tab->chart(key)->data();
            QCOMPARE(d.series.size(), qsizetype(2));
            QVERIFY(!d.series[0].points.isEmpty() && !d.series[1].points.isEmpty());
        }
        // The latency chart follows the choice; its p100 point is the largest latency.
        tab->latencyChoice()->setCurrentIndex(2);
        const auto& lat = tab->chart(QStringLiteral("latency"))->data();
        QVERIFY(lat.title.contains(QStringLiteral("E2E")));
        QCOMPARE(lat.series[1].points.size(), qsizetype(cmp->percentiles.size()));
        QVERIFY(
            std::abs(lat.series[1].points[50].y() - eb.summary.e2e.p50) <= 1e-9 * std::max(1.0, eb.summary.e2e.p50));

        // The table holds exactly what the core computes for each spec.
        auto* model = tab->model();
        QCOMPARE(model->rowCount(), int(kFigureKeys.size()));
        for (const auto& key : kFigureKeys) {
            const double wantA = expectedFigure(ea, key), wantB = expectedFigure(eb, key);
            QVERIFY2(std::isfinite(wantA) && std::isfinite(wantB), qPrintable(key));
            QCOMPARE(figure(model, key, KeyFigureModel::A), wantA);
            QCOMPARE(figure(model, key, KeyFigureModel::B), wantB);
            QCOMPARE(figure(model, key, KeyFigureModel::Delta), wantB - wantA);
        }
        QVERIFY(figure(model, QStringLiteral("waitP99"), KeyFigureModel::A) > 0);
        // No colour for noise: a Δ under 5 % of A is grey, whatever its sign; coloured ones are not.
        int noisy = 0, coloured = 0;
        for (int row = 0; row < model->rowCount(); ++row) {
            const double a = model->index(row, KeyFigureModel::A).data(KeyFigureModel::ValueRole).toDouble();
            const double b = model->index(row, KeyFigureModel::B).data(KeyFigureModel::ValueRole).toDouble();
            const QVariant brush = model->index(row, KeyFigureModel::Delta).data(Qt::ForegroundRole);
            if (KeyFigureModel::isNoise(a, b) && a != b) {
                ++noisy;
                QCOMPARE(brush.value<QBrush>().color(), QColor(120, 120, 120));
            } else if (brush.isValid()) {
                ++coloured;
                QVERIFY(std::abs(b - a) >= KeyFigureModel::kNoiseShare * std::abs(a));
            }
        }
        QVERIFY2(
            noisy > 0 && coloured > 0, qPrintable(QStringLiteral("%1 noisy, %2 coloured").arg(noisy).arg(coloured)));
        // Δ to the digits A and B show: 0.191 → 0.194 is +0.003, not +0.00219.
        QCOMPARE(KeyFigureModel::deltaText("waitP50", 0.191, 0.19319), QStringLiteral("+0.002"));
        QCOMPARE(KeyFigureModel::deltaText("achievedRate", 2.0367, 2.0834), QStringLiteral("+0.05"));
        QCOMPARE(KeyFigureModel::deltaText("requests", 611, 625), QStringLiteral("+14"));
        QCOMPARE(KeyFigureModel::deltaText("ttftP99", 0.6389, 0.6389), QStringLiteral("0"));

        // Swap: the document takes A's α (one undo step), A keeps B's; the header reverses.
        tab->swap();
        QCOMPARE(doc->spec().popularity.alpha, 1.0);
        QCOMPARE(alpha->value(), 1.0);
        QCOMPARE(tab->effectiveA()->spec.popularity.alpha, 0.3);
        QVERIFY(
            waitForComparison(tab, [](const Comparison& c) { return c.b.workload->spec->popularity.alpha == 1.0; }));
        QCOMPARE(tab->diffText(), QStringLiteral("α: 0.3 → 1"));
        QCOMPARE(figure(model, QStringLiteral("fittedAlpha"), KeyFigureModel::A), eb.stats.fittedAlpha);
        QCOMPARE(figure(model, QStringLiteral("fittedAlpha"), KeyFigureModel::B), ea.stats.fittedAlpha);
        QCOMPARE(figure(model, QStringLiteral("waitP99"), KeyFigureModel::A), eb.summary.wait.p99);
        doc->undoStack()->undo();
        QCOMPARE(doc->spec().popularity.alpha, 0.3);
        QVERIFY(
            waitForComparison(tab, [](const Comparison& c) { return c.b.workload->spec->popularity.alpha == 0.3; }));
        QCOMPARE(tab->diffText(), QString());

        // An invalid B (input hi < lo) is shown inline; the last comparison stays; nothing crashes.
        const auto before = tab->comparison();
        auto* hi = qobject_cast<QSpinBox*>(w.workloadTab()->panel()->editor(QStringLiteral("input.hi")));
        QVERIFY(hi);
        hi->setValue(5);
        QTRY_VERIFY_WITH_TIMEOUT(!tab->errorText().isEmpty(), 10000);
        QVERIFY(tab->errorText().contains(QStringLiteral("<b>B</b> is invalid")));
        QVERIFY(tab->errorText().contains(QStringLiteral("input")));
        QVERIFY(!tab->errorText().contains(QStringLiteral("<b>A</b> is invalid")));
        QVERIFY2(
            tab->diffText().contains(QStringLiteral("input: max (exclusive): 512 → 5")), qPrintable(tab->diffText()));
        QTest::qWait(300);
        QCOMPARE(tab->comparison(), before);
        hi->setValue(512);
        QTRY_VERIFY_WITH_TIMEOUT(tab->errorText().isEmpty(), 10000);
        QVERIFY(waitForComparison(tab, [&](const Comparison&) { return tab->comparison() != before; }));

        // Export: the whole comparison and one chart.
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("ab.png"));
        QCOMPARE(w.charts()->exportChart(QStringLiteral("compare"), png), QString());
        QImage img(png);
        QVERIFY(!img.isNull());
        QCOMPARE(img.size(), tab->comparisonPage()->size() * tab->comparisonPage()->devicePixelRatioF());
        const QString svg = dir.filePath(QStringLiteral("gaps.svg"));
        QCOMPARE(w.charts()->exportChart(QStringLiteral("compare.gaps"), svg), QString());
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("<svg"));
    }

    void hiddenTabComputesWhenShown()
    {
        MainWindow w;
        w.show();
        auto* doc = w.document();
        setSpecOnTightServer(doc, smallSpec());
        QVERIFY(test::waitIdle(doc));
        auto* tab = w.compareTab();
        // The shortcut pins from any tab (the action lives in the View menu).
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(!tab->hasA());
        QTest::keyClick(&w, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(tab->hasA());
        QVERIFY(w.tabs()->currentWidget() != tab);
        QTest::qWait(400);
        QVERIFY2(!tab->comparison() && !tab->busy(), "a hidden tab does no work");
        w.tabs()->setCurrentWidget(tab);
        QVERIFY(waitForComparison(tab, [](const Comparison& c) { return c.b.workload->stats.count > 0; }));
    }

    void loadSidesFromSessionFiles()
    {
        QTemporaryDir dir;
        Session sa;
        sa.spec = smallSpec();
        sa.admission = defaultAdmissionConfig(sa.spec);
        sa.admission.scheduler.limits.maxTotalTokenNum = 4000;
        Session sb = sa;
        sb.spec.rate = 6;
        sb.admission.scheduler.limits.maxTotalTokenNum = 9000;
        const QString pa = dir.filePath(QStringLiteral("a.lorascope.json")),
                      pb = dir.filePath(QStringLiteral("b.lorascope.json"));
        saveSessionFile(sa, pa.toStdString());
        saveSessionFile(sb, pb.toStdString());

        MainWindow w;
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        auto* tab = w.compareTab();
        w.tabs()->setCurrentWidget(tab);
        QVERIFY(!tab->loadSide(CompareTab::Side::A, dir.filePath(QStringLiteral("missing.json"))).isEmpty());
        QVERIFY(!tab->hasA());
        QCOMPARE(tab->loadSide(CompareTab::Side::A, pa), QString());
        QCOMPARE(tab->loadSide(CompareTab::Side::B, pb), QString());
        QVERIFY(!tab->bIsLive());
        // Same server (default): B's limits for both, so only R differs.
        QCOMPARE(tab->diffText(), QStringLiteral("R: 4 → 6"));
        QVERIFY(waitForComparison(tab, [](const Comparison& c) { return c.b.workload->spec->rate == 6; }));
        QCOMPARE(tab->comparison()->a.admission->config.scheduler.limits.maxTotalTokenNum, 9000);
        // Own servers: the limit difference appears and A is previewed with its own limit.
        tab->sameServerToggle()->setChecked(false);
        QCOMPARE(tab->diffText(), QStringLiteral("R: 4 → 6, max_total_token_num: 4000 → 9000"));
        QVERIFY(waitForComparison(
            tab, [](const Comparison& c) { return c.a.admission->config.scheduler.limits.maxTotalTokenNum == 4000; }));
        // Swapping two loaded sides leaves the document alone.
        const double docRate = w.document()->spec().rate;
        tab->swap();
        QCOMPARE(tab->diffText(), QStringLiteral("R: 6 → 4, max_total_token_num: 9000 → 4000"));
        QCOMPARE(w.document()->spec().rate, docRate);
        QVERIFY(waitForComparison(tab, [](const Comparison& c) { return c.b.workload->spec->rate == 4; }));
        // Back to the live document as B.
        tab->useLiveB();
        QVERIFY(tab->bIsLive());
        QCOMPARE(tab->effectiveB().spec, w.document()->spec());
    }

    /// Not a check: saves a picture of the A/B view (S4 preset vs α = 0.3) for the docs. Run under
    /// a real display: LORASCOPE_COMPARE_SCREENSHOT=out.png xvfb-run -a -s '-screen 0 1920x1080x24'
    /// ./tst_comparetab -platform xcb screenshot
    void screenshot()
    {
        const QString out = qEnvironmentVariable("LORASCOPE_COMPARE_SCREENSHOT");
        if (out.isEmpty())
            QSKIP("set LORASCOPE_COMPARE_SCREENSHOT=path.png to save a screenshot");
        MainWindow w;
        w.setGeometry(0, 0, 1920, 1080);
        w.show();
        auto* doc = w.document();
        doc->setSpec(specForPreset("S4"));
        QVERIFY(test::waitIdle(doc));
        auto* tab = w.compareTab();
        w.tabs()->setCurrentWidget(tab);
        QTest::qWait(300);
        QVERIFY(w.grab().save(out + QStringLiteral(".empty.png")));
        tab->pinCurrentAsA();
        QVERIFY(waitForComparison(tab, [](const Comparison& c) { return c.b.workload->stats.count > 0; }));
        auto* alpha
            = qobject_cast<QDoubleSpinBox*>(w.workloadTab()->panel()->editor(QStringLiteral("popularity.alpha")));
        alpha->setValue(qEnvironmentVariableIsSet("LORASCOPE_COMPARE_ALPHA")
                ? qEnvironmentVariable("LORASCOPE_COMPARE_ALPHA").toDouble()
                : 0.3);
        QVERIFY(waitForComparison(tab, [](const Comparison& c) { return !c.diffs.empty(); }));
        QTest::qWait(800);
        QVERIFY(w.grab().save(out));
        // The "Export comparison" picture next to it (what users get from the button).
        QCOMPARE(w.charts()->exportChart(QStringLiteral("compare"), out + QStringLiteral(".export.png")), QString());
        // And the inline problem report of an invalid B (input hi < lo).
        qobject_cast<QSpinBox*>(w.workloadTab()->panel()->editor(QStringLiteral("input.hi")))->setValue(5);
        QTRY_VERIFY_WITH_TIMEOUT(!tab->errorText().isEmpty(), 10000);
        QTest::qWait(300);
        QVERIFY(w.grab().save(out + QStringLiteral(".invalid.png")));
    }
};

QTEST_MAIN(TestCompareTab)
#include "tst_comparetab.moc"
