// SPDX-License-Identifier: Apache-2.0
// The main window on real screens: every tab fits 1280×720 and is usable at 1024×640,
// charts reflow instead of being cut off, chart texts are whole, data labels never overlap each
// other nor cross a curve. Geometry from the real widgets and fonts, not from pixels.
#include "uitestutil.h"

#include "admission/admissiontab.h"
#include "admission/ganttview.h"
#include "admission/requestmodel.h"
#include "admission/stepthroughpanel.h"
#include "charts/labelplacement.h"
#include "charts/plotview.h"
#include "compare/comparetab.h"
#include "replay/replaytab.h"
#include "sweep/sweepmodel.h"
#include "workload/presets.h"
#include "sweep/sweeptab.h"
#include "widgets/chartgrid.h"
#include "workload/parameterpanel.h"
#include "workload/workloadtab.h"

#include <QAction>
#include <QDialog>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QUndoStack>
#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QStyleOptionComboBox>
#include <QTableView>
#include <QDir>
#include <QScreen>
#include <QScrollBar>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTranslator>

using namespace lorascope;

namespace {

/// Lays the window out at a size (as a window manager would) and lets the charts take their data.
void layoutAt(MainWindow& w, const QSize& size)
{
    w.setWindowState(Qt::WindowNoState);
    w.resize(size);
    for (int i = 0; i < 5; ++i) {
        QCoreApplication::processEvents();
        QTest::qWait(20);
    }
    PlotView::applyPending();
    QCoreApplication::processEvents();
}

QList<PlotView*> visibleCharts(QWidget* tab)
{
    QList<PlotView*> out;
    for (auto* p : tab->findChildren<PlotView*>())
        if (p->isVisible() && !p->data().series.isEmpty())
            out << p;
    return out;
}

} // namespace

class TestLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void minimumSizeFitsSmallScreens()
    {
        MainWindow w;
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        // The first size never exceeds the screen (beyond what the window's minimum needs).
        const QSize avail = w.screen()->availableGeometry().size();
        QVERIFY(w.width() <= std::max(avail.width(), w.minimumSizeHint().width()));
        QVERIFY(w.height() <= std::max(avail.height(), w.minimumSizeHint().height()));
        for (int i = 0; i < w.tabs()->count(); ++i) {
            w.tabs()->setCurrentIndex(i);
            QCoreApplication::processEvents();
            const QString key = w.currentTabKey();
            const QSize min = w.minimumSizeHint().expandedTo(w.minimumSize());
            // Every tab fits a 1280×720 screen, and a 1920×1080 one at QT_SCALE_FACTOR=2 (960×540).
            QVERIFY2(min.width() <= 960 && min.height() <= 540,
                qPrintable(key + QStringLiteral(": %1×%2").arg(min.width()).arg(min.height())));
            // The designer, the preview and the comparison are usable at 1024×640 too.
            {
                const QSize tabMin = w.tabs()->widget(i)->minimumSizeHint();
                const QSize chrome = w.size() - w.tabs()->currentWidget()->size();
                QVERIFY2(tabMin.width() + chrome.width() <= 1024 && tabMin.height() + chrome.height() <= 640,
                    qPrintable(key
                        + QStringLiteral(": tab %1×%2 + window %3×%4")
                              .arg(tabMin.width())
                              .arg(tabMin.height())
                              .arg(chrome.width())
                              .arg(chrome.height())));
            }
        }
    }

    void chartsReflowToTheScreen_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("workloadColumns");
        QTest::newRow("1920×1080") << QSize(1920, 1050) << 3;
        QTest::newRow("1280×720") << QSize(1280, 690) << 3;
        QTest::newRow("1024×640") << QSize(1024, 610) << 2;
    }
    void chartsReflowToTheScreen()
    {
        QFETCH(QSize, size);
        QFETCH(int, workloadColumns);
        MainWindow w;
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        layoutAt(w, size);
        QCOMPARE(w.size(), size);
        auto* grid = w.workloadTab()->chartGrid();
        QCOMPARE(grid->columns(), workloadColumns);
        // Nothing cut off at the right: the grid is as wide as its viewport.
        QVERIFY(grid->widget()->width() <= grid->viewport()->width());
        for (auto* chart : grid->charts())
            QVERIFY2(chart->geometry().right() < grid->viewport()->width() + 1, qPrintable(chart->objectName()));
        // Where the charts scroll or lose a column, a line above them offers the side panel's room
        // (F9); a click on it hides the side panels, and the line goes.
        QCOMPARE(!grid->roomHintShown().isEmpty(), grid->cramped());
        if (size.width() < 1280)
            QVERIFY2(grid->roomHintShown().contains(QStringLiteral("F9")), qPrintable(grid->roomHintShown()));
        if (size.width() >= 1920)
            QVERIFY(grid->roomHintShown().isEmpty());
        // Hiding the side panels gives the charts the whole width.
        const int before = grid->width();
        if (!grid->roomHintShown().isEmpty())
            Q_EMIT grid->roomRequested();
        else
            w.setSidePanelsVisible(false);
        QCoreApplication::processEvents();
        QVERIFY(!w.workloadTab()->sidePanel()->isVisible());
        QVERIFY(grid->roomHintShown().isEmpty());
        QVERIFY(grid->width() > before);
        w.setSidePanelsVisible(true);
        QVERIFY(w.findChild<QAction*>(QStringLiteral("sidePanelsAction"))->isChecked());
        // The preview's three charts side by side on a laptop screen; at least two on a small one.
        w.showTab(QStringLiteral("admission"));
        QCoreApplication::processEvents();
        QCOMPARE(w.admissionTab()->chartGrid()->columns(), size.width() >= 1280 ? 3 : 2);
        // The sweep's six charts: side by side in 2 or 3 columns, none cut off at the right, and F9
        // gives them the settings' width too.
        w.showTab(QStringLiteral("sweep"));
        layoutAt(w, size);
        auto* sweep = w.sweepTab()->chartGrid();
        QCOMPARE(sweep->charts().size(), 6);
        QVERIFY2(sweep->columns() >= 2, qPrintable(QString::number(sweep->columns())));
        QVERIFY(sweep->widget()->width() <= sweep->viewport()->width());
        for (auto* chart : sweep->charts())
            QVERIFY2(chart->geometry().right() < sweep->viewport()->width() + 1, qPrintable(chart->objectName()));
        const int sweepBefore = sweep->width();
        w.setSidePanelsVisible(false);
        QCoreApplication::processEvents();
        QVERIFY(!w.sweepTab()->sidePanel()->isVisible());
        QVERIFY(sweep->width() > sweepBefore);
        w.setSidePanelsVisible(true);
        QVERIFY(w.sweepTab()->sidePanel()->isVisible());
    }

    void chartTextsAreWhole_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1920×1080") << QSize(1920, 1050);
        QTest::newRow("1280×720") << QSize(1280, 690);
    }
    void chartTextsAreWhole()
    {
        // Titles, axis titles and legends fit their space (once cut to "requests (max p…").
        QFETCH(QSize, size);
        MainWindow w;
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        QTRY_VERIFY_WITH_TIMEOUT(w.document()->admission() != nullptr, 30000);
        w.compareTab()->pinCurrentAsA();
        for (const QString& key :
            { QStringLiteral("workload"), QStringLiteral("admission"), QStringLiteral("compare") }) {
            w.showTab(key);
            if (key == QLatin1String("compare")) {
                QSignalSpy cmp(w.compareTab(), &CompareTab::comparisonUpdated);
                QVERIFY(cmp.count() > 0 || cmp.wait(30000));
            }
            layoutAt(w, size);
            const auto charts = visibleCharts(w.tabs()->currentWidget());
            QVERIFY2(!charts.isEmpty(), qPrintable(key));
            for (auto* chart : charts)
                QVERIFY2(chart->clippedTexts().isEmpty(),
                    qPrintable(key + QStringLiteral(" / ") + chart->objectName() + QStringLiteral(": ")
                        + chart->clippedTexts().join(QStringLiteral("; "))));
        }
        // The sweep's six charts after a short sweep (the per-adapter legend of S4's long adapter names).
        w.showTab(QStringLiteral("sweep"));
        qobject_cast<QLineEdit*>(w.sweepTab()->editor(QStringLiteral("values")))->setText(QStringLiteral("2,6,10"));
        QSignalSpy swept(w.sweepTab(), &SweepTab::runFinished);
        QVERIFY(w.sweepTab()->runSweep());
        QVERIFY(swept.wait(120000));
        layoutAt(w, size);
        const auto charts = visibleCharts(w.sweepTab());
        QCOMPARE(charts.size(), 6);
        for (auto* chart : charts)
            QVERIFY2(chart->clippedTexts().isEmpty(),
                qPrintable(QStringLiteral("sweep / ") + chart->objectName() + QStringLiteral(": ")
                    + chart->clippedTexts().join(QStringLiteral("; "))));
    }

    void axisTextsWholeOnSmallScreens_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("lang");
        for (const QString& lang : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
            QTest::newRow(qPrintable(QStringLiteral("1024×640 ") + lang)) << QSize(1024, 610) << lang;
            QTest::newRow(qPrintable(QStringLiteral("1280×720 ") + lang)) << QSize(1280, 690) << lang;
        }
    }
    void axisTextsWholeOnSmallScreens()
    {
        // No tick label, axis title, chart title or legend entry is cut to "..." on any tab: below
        // the size at which a chart's texts fit, the grid scrolls or shows fewer columns.
        QFETCH(QSize, size);
        QFETCH(QString, lang);
        QTranslator app, qt;
        if (lang != QLatin1String("en")) {
            QVERIFY(
                app.load(QLocale(lang), QStringLiteral("lorascope"), QStringLiteral("_"), QStringLiteral(":/i18n")));
            QCoreApplication::installTranslator(&app);
        }
        MainWindow w;
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        QTRY_VERIFY_WITH_TIMEOUT(w.document()->admission() != nullptr, 30000);
        w.compareTab()->pinCurrentAsA();
        // A sweep, so the sweep charts have ticks too (their empty state is checked first).
        w.showTab(QStringLiteral("sweep"));
        layoutAt(w, size);
        QStringList cut;
        auto check = [&](const QString& key) {
            for (auto* chart : w.tabs()->currentWidget()->findChildren<PlotView*>())
                if (chart->isVisible())
                    for (const QString& t : chart->elidedTexts())
                        cut << key + QStringLiteral(" / ") + chart->objectName() + QStringLiteral(": ") + t;
        };
        check(QStringLiteral("sweep (empty)"));
        qobject_cast<QLineEdit*>(w.sweepTab()->editor(QStringLiteral("values")))->setText(QStringLiteral("2,6,10"));
        QSignalSpy swept(w.sweepTab(), &SweepTab::runFinished);
        QVERIFY(w.sweepTab()->runSweep());
        QVERIFY(swept.wait(120000));
        for (const QString& key : w.tabKeys()) {
            w.showTab(key);
            if (key == QLatin1String("compare")) {
                QSignalSpy cmp(w.compareTab(), &CompareTab::comparisonUpdated);
                QVERIFY(cmp.count() > 0 || cmp.wait(30000));
            }
            layoutAt(w, size);
            check(key);
        }
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral("\n"))));
    }

    void numberTextsNeverElided_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("lang");
        for (const QString& lang : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
            QTest::newRow(qPrintable(QStringLiteral("1024×640 ") + lang)) << QSize(1024, 610) << lang;
            QTest::newRow(qPrintable(QStringLiteral("1280×720 ") + lang)) << QSize(1280, 690) << lang;
        }
    }
    void numberTextsNeverElided()
    {
        // A text that carries a number is never cut: the wait reasons in the request table
        // ("KV cache full: needs 5040 slots, 5040 free"), refusals, and the choices of the
        // server's settings ("skip it (since PR #15422)").
        QFETCH(QSize, size);
        QFETCH(QString, lang);
        QTranslator app;
        if (lang != QLatin1String("en")) {
            QVERIFY(
                app.load(QLocale(lang), QStringLiteral("lorascope"), QStringLiteral("_"), QStringLiteral(":/i18n")));
            QCoreApplication::installTranslator(&app);
        }
        auto hasDigit
            = [](const QString& t) { return std::any_of(t.begin(), t.end(), [](QChar c) { return c.isDigit(); }); };
        MainWindow w;
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        QStringList cut;
        auto checkTab = [&](const QString& state) {
            w.showTab(QStringLiteral("admission"));
            layoutAt(w, size);
            auto* table = w.admissionTab()->table();
            QVERIFY(table->isVisible());
            const QFontMetrics fm(table->font());
            const int width = table->horizontalHeader()->sectionSize(RequestTableModel::Reason);
            int checked = 0;
            for (int r = 0; r < std::min(table->model()->rowCount(), 400); ++r) {
                const QString text = table->model()->index(r, RequestTableModel::Reason).data().toString();
                if (!hasDigit(text))
                    continue;
                ++checked;
                if (fm.horizontalAdvance(text) + 6 > width)
                    cut << state + QStringLiteral(" / reason: ") + text;
            }
            QVERIFY2(checked > 0, qPrintable(state));
            // Every choice of every visible combo box in the settings that carries a number.
            for (auto* combo : w.admissionTab()->sidePanel()->findChildren<QComboBox*>()) {
                if (!combo->isVisibleTo(w.admissionTab()->sidePanel()))
                    continue;
                QStyleOptionComboBox opt;
                opt.initFrom(combo);
                opt.editable = combo->isEditable();
                const int room = combo->style()
                                     ->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, combo)
                                     .width();
                for (int i = 0; i < combo->count(); ++i)
                    if (hasDigit(combo->itemText(i))
                        && combo->fontMetrics().horizontalAdvance(combo->itemText(i)) > room)
                        cut << state + QStringLiteral(" / ") + combo->objectName() + QStringLiteral(": ")
                                + combo->itemText(i);
            }
        };
        // S-LoRA on 6000 KV slots: requests wait for the KV cache.
        SimulationConfig tight = w.document()->admissionConfig();
        tight.scheduler.limits.maxTotalTokenNum = 6000;
        QSignalSpy adm(w.document(), &Document::admissionChanged);
        w.document()->setAdmission(tight);
        QVERIFY(adm.wait(60000));
        checkTab(QStringLiteral("S-LoRA"));
        // vLLM with its default max_lora_rank: refusals ("refused: adapter rank 64 > max_lora_rank 16").
        SimulationConfig vllm = tight;
        vllm.scheduler.policy = PolicyKind::Vllm;
        adm.clear();
        w.document()->setAdmission(vllm);
        QVERIFY(adm.wait(60000));
        checkTab(QStringLiteral("vLLM"));
        SimulationConfig sglang = tight;
        sglang.scheduler.policy = PolicyKind::Sglang;
        adm.clear();
        w.document()->setAdmission(sglang);
        QVERIFY(adm.wait(60000));
        checkTab(QStringLiteral("SGLang"));
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral("\n"))));
    }

    void labelPlacementGeometry()
    {
        // Three labels on the same spot of a line: none overlaps another, none crosses the line,
        // all inside the area.
        const QRectF area(0, 0, 400, 300);
        QPolygonF line;
        for (int x = 0; x <= 400; x += 10)
            line << QPointF(x, 150);
        const QList<LabelBox> boxes = { { QPointF(50, 150), QSizeF(120, 14) }, { QPointF(52, 150), QSizeF(120, 14) },
            { QPointF(54, 150), QSizeF(120, 14) } };
        const auto placed = lorascope::placeLabels(boxes, { line }, area);
        QCOMPARE(placed.size(), boxes.size());
        for (int i = 0; i < placed.size(); ++i) {
            QVERIFY(placed[i].has_value());
            QVERIFY(area.contains(placed[i]->rect));
            QVERIFY(!polylineHitsRect(line, placed[i]->rect));
            for (int j = 0; j < i; ++j)
                QVERIFY(!placed[i]->rect.intersects(placed[j]->rect));
        }
        // No room at all: the label is left out rather than drawn over the curve.
        QPolygonF zigzag;
        for (int x = 0; x <= 400; x += 4)
            zigzag << QPointF(x, (x / 4) % 2 ? 0 : 300);
        QVERIFY(
            !lorascope::placeLabels({ { QPointF(200, 150), QSizeF(120, 14) } }, { zigzag }, area).front().has_value());
        QVERIFY(polylineHitsRect(line, QRectF(10, 140, 20, 20)));
        QVERIFY(!polylineHitsRect(line, QRectF(10, 100, 20, 20)));
    }

    void popularityLabelsNeitherOverlapNorCrossTheCurve_data()
    {
        QTest::addColumn<bool>("logLog");
        QTest::addColumn<double>("alpha");
        QTest::newRow("linear, α 1") << false << 1.0;
        QTest::newRow("log-log, α 1") << true << 1.0;
        QTest::newRow("log-log, α 0.3") << true << 0.3;
    }
    void popularityLabelsNeitherOverlapNorCrossTheCurve()
    {
        QFETCH(bool, logLog);
        QFETCH(double, alpha);
        MainWindow w;
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        WorkloadSpec s = w.document()->spec();
        s.popularity.alpha = alpha;
        QSignalSpy spy(w.document(), &Document::workloadChanged);
        w.document()->setSpec(s);
        QVERIFY(test::waitForSignal(w.document(), spy));
        w.workloadTab()->logLogToggle()->setChecked(logLog);
        layoutAt(w, QSize(1280, 690));
        auto* chart = w.workloadTab()->chart(QStringLiteral("popularity"));
        const auto rects = chart->labelRects();
        QVERIFY(!rects.isEmpty());
        const auto curves = chart->curvesInPixels();
        QVERIFY(!curves.isEmpty()); // the model line
        for (const auto& l : chart->data().labels) // names are whole, not cut to "…ora-13b-rank-64-0"
            QVERIFY2(!l.text.contains(QChar(0x2026)), qPrintable(l.text));
        const auto markers = chart->markersInPixels();
        QVERIFY(!markers.isEmpty()); // the observed counts, one marker per adapter
        for (int i = 0; i < rects.size(); ++i) {
            for (const auto& c : curves)
                QVERIFY2(!polylineHitsRect(c, rects[i]), "a label crosses the model line");
            for (const auto& m : markers)
                QVERIFY2(!m.intersects(rects[i]), "a label covers an adapter's point");
            for (int j = 0; j < i; ++j)
                QVERIFY2(!rects[i].intersects(rects[j]), "two labels overlap");
        }
    }

    void stepThroughKeysAndCursor()
    {
        // S-LoRA's 6000 default KV slots: requests wait; W jumps to the first pass where one does,
        // and the time charts and the Gantt mark that pass.
        MainWindow w;
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        WorkloadSpec s = w.document()->spec();
        s.duration = 120;
        SimulationConfig server = w.document()->admissionConfig();
        server.scheduler.limits.maxTotalTokenNum = 6000;
        QSignalSpy spy(w.document(), &Document::admissionChanged);
        w.document()->setAdmission(server);
        w.document()->setSpec(s);
        QVERIFY(test::waitForSignal(w.document(), spy));
        QTRY_VERIFY(w.document()->admission() && w.document()->admission()->trace == w.document()->trace());
        w.showTab(QStringLiteral("admission"));
        layoutAt(w, QSize(1280, 690));
        auto* tab = w.admissionTab();
        auto* step = tab->stepThrough();
        // The keys work in the whole window while the Admission tab is shown, the panel need not
        // have the focus (here the tab bar has it).
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        auto* keys = w.tabs()->tabBar();
        keys->setFocus();
        QTest::keyClick(keys, Qt::Key_W);
        QVERIFY(step->current() >= 0);
        const StepSnapshot* snap = step->snapshot();
        QVERIFY(snap);
        QVERIFY(!snap->startedWaiting.empty());
        // The Request box shows the request that waits, not one admitted in the same pass.
        QCOMPARE(qulonglong(step->findChild<QSpinBox*>(QStringLiteral("stepRequest"))->value()),
            qulonglong(snap->startedWaiting.front()));
        QVERIFY(step->isVisible()); // the jump brought the step-through to the front
        QVERIFY2(step->text().contains(QStringLiteral("Starts waiting in this pass")), qPrintable(step->text()));
        // W again until a pass where a limit stops the admission check (KV cache full here).
        for (int i = 0; i < 500 && snap->result.blocked.kind == WaitKind::None; ++i) {
            QTest::keyClick(keys, Qt::Key_W);
            snap = step->snapshot();
        }
        QVERIFY(snap->result.blocked.kind != WaitKind::None);
        QCOMPARE(tab->chart(QStringLiteral("kv"))->marker().value_or(-1), snap->start);
        QCOMPARE(tab->chart(QStringLiteral("queue"))->marker().value_or(-1), snap->start);
        QCOMPARE(tab->gantt()->marker().value_or(-1), snap->start);
        // The waiting candidate is explained in plain words with the limit's derivation.
        QVERIFY2(step->text().contains(QStringLiteral("waits: ")), qPrintable(step->text()));
        QVERIFY2(step->text().contains(QStringLiteral("held by adapter weights (resident adapters: "))
                || snap->result.blocked.kind != WaitKind::TokenBudget,
            qPrintable(step->text()));
        QVERIFY2(step->titleText().contains(QStringLiteral(" s")), qPrintable(step->titleText()));
        const int atWait = step->current();
        QTest::keyClick(keys, Qt::Key_N);
        QCOMPARE(step->current(), atWait + 1);
        QTest::keyClick(keys, Qt::Key_P);
        QCOMPARE(step->current(), atWait);
        QTest::keyClick(keys, Qt::Key_A);
        QVERIFY(!step->snapshot()->result.admitted.empty());
        // On another tab the letters are the other tab's.
        const int here = step->current();
        w.showTab(QStringLiteral("workload"));
        QCoreApplication::processEvents();
        QTest::keyClick(keys, Qt::Key_N);
        QCOMPARE(step->current(), here);
        w.showTab(QStringLiteral("admission"));
        QCoreApplication::processEvents();
        // To a request: the pass that admitted it.
        QVERIFY(step->goToRequest(40));
        const auto& adm = step->snapshot()->result.admitted;
        QVERIFY(std::any_of(adm.begin(), adm.end(), [](const Admission& a) { return a.id == 40; }));
        QCOMPARE(step->snapshot()->start, w.document()->admission()->result.requests[40].admitted);
        // To a time.
        QVERIFY(step->goToTime(60.0));
        QVERIFY(step->snapshot()->end > 60.0);
        QTest::keyClick(keys, Qt::Key_Home);
        QCOMPARE(step->current(), -1);
        QVERIFY(!tab->chart(QStringLiteral("kv"))->marker().has_value());
        // The overload banner names the numbers and the limit, and the status bar says so too.
        QVERIFY2(tab->bannerText().contains(QStringLiteral("Arrivals exceed capacity")), qPrintable(tab->bannerText()));
        QVERIFY(tab->bannerText().contains(QStringLiteral("KV cache full")));
        QVERIFY(w.status()->overloadShown());
    }

    /// Not a check: pictures of every tab at the screen's size, idle, running and finished, for
    /// the docs (docs/screenshots keeps a selection, see README "Screenshots") and for looking at:
    /// LORASCOPE_SCREENSHOTS=dir xvfb-run -a -s '-screen 0 1280x720x24' ./tst_layout -platform xcb screenshots
    /// (LORASCOPE_SCREENSHOT_LANG=zh_CN for Chinese; QT_SCALE_FACTOR=2 for a projector-sized UI).
    /// Names: TAB[-STATE]-WxH[-LANG].png.
    void screenshots()
    {
        test::Screenshots shots;
        if (!shots.begin())
            QSKIP("set LORASCOPE_SCREENSHOTS=dir to save screenshots");
        QTemporaryDir runs;
        MainWindow w;
        shots.showFullScreen(w);
        QVERIFY(test::waitIdle(w.document()));
        QTRY_VERIFY_WITH_TIMEOUT(w.document()->admission() != nullptr, 30000);
        QSignalSpy adm(w.document(), &Document::admissionChanged);
        auto shoot = [&](const QString& name) { QVERIFY(shots.shoot(w, name)); };
        // Workload: the default S4 workload, the explain panel on the popularity skew.
        w.workloadTab()->explain(QStringLiteral("popularity.alpha"));
        shoot(QStringLiteral("workload"));
        // Admission: the healthy default (65000 KV slots), why the first request waited.
        w.showTab(QStringLiteral("admission"));
        shoot(QStringLiteral("admission"));
        // The overloaded server of S-LoRA's default 6000 slots, stepped to the first wait.
        const SimulationConfig healthy = w.document()->admissionConfig();
        SimulationConfig tight = healthy;
        tight.scheduler.limits.maxTotalTokenNum = 6000;
        adm.clear();
        w.document()->setAdmission(tight);
        QVERIFY(adm.wait(60000));
        QTest::qWait(300);
        shoot(QStringLiteral("admission-overloaded"));
        w.admissionTab()->stepThrough()->nextWait();
        // The same pass in the step-through (as the W key shows it).
        if (auto* lower = w.admissionTab()->findChild<QTabWidget*>(QStringLiteral("admissionLowerTabs")))
            lower->setCurrentWidget(w.admissionTab()->stepThrough());
        shoot(QStringLiteral("admission-step"));
        if (auto* lower = w.admissionTab()->findChild<QTabWidget*>(QStringLiteral("admissionLowerTabs")))
            lower->setCurrentIndex(0);
        // vLLM V1 with 4 LoRA slots and a CPU cache of 16 adapters: its box, and the LoRA residency
        // tab (adapters on the GPU and in CPU memory, loads from CPU and disk per time bin).
        auto* lowerTabs = w.admissionTab()->findChild<QTabWidget*>(QStringLiteral("admissionLowerTabs"));
        SimulationConfig vllm = healthy;
        vllm.scheduler.policy = PolicyKind::Vllm;
        vllm.scheduler.vllm.maxLoras = 4;
        vllm.scheduler.vllm.maxCpuLoras = 16;
        vllm.scheduler.vllm.maxLoraRank = 64;
        adm.clear();
        w.document()->setAdmission(vllm);
        QVERIFY(adm.wait(60000));
        QTest::qWait(300);
        if (lowerTabs)
            lowerTabs->setCurrentWidget(w.admissionTab()->chart(QStringLiteral("residency"))->parentWidget());
        shoot(QStringLiteral("admission-vllm-residency"));
        // SGLang: its box, and the step-through at a pass that prefills a chunk of a long prompt.
        SimulationConfig sglang = healthy;
        sglang.scheduler.policy = PolicyKind::Sglang;
        sglang.scheduler.sglang.chunkedPrefillSize = 256;
        adm.clear();
        w.document()->setAdmission(sglang);
        QVERIFY(adm.wait(60000));
        auto* step = w.admissionTab()->stepThrough();
        for (int i = 0; i < 3000; ++i) {
            if (!step->next())
                break;
            const auto* snap = step->snapshot();
            if (snap
                && std::any_of(snap->prefillSlices.begin(), snap->prefillSlices.end(),
                    [](const PrefillSlice& p) { return p.remaining > 0; })
                && snap->prefillSlices.size() > 1)
                break;
        }
        if (lowerTabs)
            lowerTabs->setCurrentWidget(step);
        shoot(QStringLiteral("admission-sglang-step"));
        if (lowerTabs)
            lowerTabs->setCurrentIndex(0);
        adm.clear();
        w.document()->setAdmission(healthy);
        QVERIFY(adm.wait(60000));
        // A/B: α 1 pinned as A, α 0.3 as B.
        w.compareTab()->pinCurrentAsA();
        w.showTab(QStringLiteral("compare"));
        qobject_cast<QDoubleSpinBox*>(w.workloadTab()->panel()->editor(QStringLiteral("popularity.alpha")))
            ->setValue(0.3);
        QSignalSpy cmp(w.compareTab(), &CompareTab::comparisonUpdated);
        QVERIFY(cmp.wait(60000));
        shoot(QStringLiteral("compare"));
        w.document()->undoStack()->undo();
        QVERIFY(test::waitIdle(w.document()));
        // Sweep: empty, while the capacity finder runs, and its verdict on a 40 s trace (the
        // short-trace effect), on the default server.
        w.showTab(QStringLiteral("sweep"));
        shoot(QStringLiteral("sweep-idle"));
        auto* values = qobject_cast<QLineEdit*>(w.sweepTab()->editor(QStringLiteral("values")));
        values->setText(QStringLiteral("0.25:20:0.25"));
        QSignalSpy swept(w.sweepTab(), &SweepTab::runFinished);
        QVERIFY(w.sweepTab()->runSweep());
        QTRY_VERIFY_WITH_TIMEOUT(w.sweepTab()->model()->points().size() >= 12 || swept.count() > 0, 60000);
        shoot(QStringLiteral("sweep-running"));
        w.sweepTab()->cancel();
        QVERIFY(swept.count() > 0 || swept.wait(120000));
        swept.clear();
        const WorkloadSpec fullTrace = w.document()->spec();
        WorkloadSpec shortTrace = fullTrace;
        shortTrace.duration = 40;
        w.document()->setSpec(shortTrace);
        QVERIFY(test::waitIdle(w.document()));
        values->setText(QStringLiteral("0.5:12:0.5"));
        QVERIFY(w.sweepTab()->findCapacity());
        QVERIFY(swept.wait(120000));
        shoot(QStringLiteral("sweep"));
        w.document()->setSpec(fullTrace);
        QVERIFY(test::waitIdle(w.document()));
        // Replay against the built-in server: idle, a few seconds in, finished. A short S2
        // workload the server keeps up with, at twice real time.
        w.showTab(QStringLiteral("replay"));
        auto* replay = w.findChild<ReplayTab*>();
        QVERIFY(replay);
        replay->setResultsRoot(runs.path());
        shoot(QStringLiteral("replay-idle"));
        WorkloadSpec small = specForPreset("S2");
        small.adapterCount = 16;
        small.rate = 3;
        small.duration = 24;
        w.document()->setSpec(small);
        QVERIFY(test::waitIdle(w.document()));
        SimulationConfig smallServer = w.document()->admissionConfig();
        smallServer.scheduler.limits.maxTotalTokenNum = 24000;
        w.document()->setAdmission(smallServer);
        QVERIFY(test::waitIdle(w.document()));
        qobject_cast<QDoubleSpinBox*>(replay->editor(QStringLiteral("timeScale")))->setValue(0.5);
        QSignalSpy finished(replay, &ReplayTab::runFinished);
        replay->start();
        QTest::qWait(5000);
        shoot(QStringLiteral("replay-running"));
        QVERIFY(finished.wait(180000));
        shoot(QStringLiteral("replay"));
        // Help > Keyboard Shortcuts (Qt's own "Close" button in the language).
        w.help()->show(QStringLiteral("help"), QString());
        w.findChild<QAction*>(QStringLiteral("shortcutsAction"))->trigger();
        QTest::qWait(300);
        auto* help = w.findChild<QDialog*>(QStringLiteral("helpWindow"));
        QVERIFY(shots.shoot(*help, QStringLiteral("shortcuts")));
    }
};

QTEST_MAIN(TestLayout)
#include "tst_layout.moc"
