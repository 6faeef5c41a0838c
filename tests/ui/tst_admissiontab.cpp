// SPDX-License-Identifier: Apache-2.0
// Admission preview: the table matches the engine's own output, models pass QAbstractItemModelTester,
// settings are undoable, step-through and Gantt work on real widgets.
#include "uitestutil.h"

#include "admission/admissiontab.h"
#include "admission/ganttview.h"
#include "admission/requestdetail.h"
#include "admission/requestmodel.h"
#include "admission/stepthroughpanel.h"
#include "charts/plotview.h"
#include "workload/presets.h"
#include "text/terms.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QUndoStack>

#include <cmath>
#include <optional>

using namespace lorascope;

namespace {

using test::waitForSignal;

WorkloadSpec smallSpec()
{
    WorkloadSpec s = specForPreset("S4");
    s.adapterCount = 6;
    s.rate = 3;
    s.duration = 40;
    s.popularity.alpha = 0.5;
    return s;
}

/// The small spec on a tight server (3000 KV slots: requests wait for the token budget).
void setSmall(Document* doc)
{
    SimulationConfig c = doc->admissionConfig();
    c.scheduler.limits.maxTotalTokenNum = 3000;
    doc->setAdmission(c);
    doc->setSpec(smallSpec());
}

} // namespace

class TestAdmissionTab : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void refusedRequestsSayWhyInTheFirstColumn()
    {
        // vLLM refuses adapters above max_lora_rank: S4's rank-32 and rank-64 adapters with the default 16.
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        SimulationConfig c = doc->admissionConfig();
        c.scheduler.policy = PolicyKind::Vllm;
        c.scheduler.vllm.maxLoraRank = 16;
        QSignalSpy spy(doc, &Document::admissionChanged);
        doc->setAdmission(c);
        doc->setSpec(smallSpec());
        QVERIFY(waitForSignal(doc, spy));
        QTRY_VERIFY(doc->admission() && doc->admission()->trace == doc->trace()
            && doc->admission()->config.scheduler.policy == PolicyKind::Vllm);
        const SimulationResult sim = simulate(*doc->trace(), doc->admissionConfig());
        auto* model = w.admissionTab()->model();
        QCOMPARE(model->rowCount(), int(sim.requests.size()));
        int refused = 0, served = 0;
        for (int row = 0; row < model->rowCount(); ++row) {
            const auto& r = sim.requests[std::size_t(row)];
            const QString reason = model->data(model->index(row, RequestTableModel::Reason)).toString();
            const QString tip = model->data(model->index(row, RequestTableModel::Reason), Qt::ToolTipRole).toString();
            if (r.rejected == RejectReason::LoraRankTooLarge) {
                ++refused;
                QVERIFY2(reason.startsWith(QStringLiteral("refused: ")) && reason.contains(QStringLiteral("16")),
                    qPrintable(reason));
                QCOMPARE(tip, reason);
            } else if (r.wait.kind == WaitKind::None && r.rejected == RejectReason::None) {
                ++served;
                QCOMPARE(reason, QStringLiteral("–"));
            }
        }
        qInfo("%d refused (adapter rank above max_lora_rank 16), %d served without waiting", refused, served);
        QVERIFY(refused > 0 && served > 0);
        // The banner says it before anything else: how many, why, and the setting that would serve them.
        const QString banner = w.admissionTab()->bannerText();
        QVERIFY2(
            banner.startsWith(
                QStringLiteral("<b>%1 of %2 requests refused: adapter rank ").arg(refused).arg(sim.requests.size())),
            qPrintable(banner));
        QVERIFY2(banner.contains(QStringLiteral("&gt; max_lora_rank 16; set max_lora_rank to 64"))
                && banner.contains(QStringLiteral("Set max_lora_rank to 64</a>")),
            qPrintable(banner));
    }

    void tableMatchesEngineOutput()
    {
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        auto* tab = w.admissionTab();
        auto* tester
            = new QAbstractItemModelTester(tab->model(), QAbstractItemModelTester::FailureReportingMode::QtTest, this);
        auto* proxyTester
            = new QAbstractItemModelTester(tab->proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest, this);
        Q_UNUSED(tester)
        Q_UNUSED(proxyTester)
        QSignalSpy spy(doc, &Document::admissionChanged);
        setSmall(doc);
        QVERIFY(waitForSignal(doc, spy));
        QTRY_VERIFY(doc->admission() && doc->admission()->trace == doc->trace());
        // Run the engine independently on the same trace and configuration.
        const SimulationConfig cfg = doc->admissionConfig();
        const SimulationResult sim = simulate(*doc->trace(), cfg);
        auto* model = tab->model();
        QCOMPARE(model->rowCount(), int(sim.requests.size()));
        int waited = 0, tokenBudget = 0;
        for (int row = 0; row < model->rowCount(); ++row) {
            const auto& r = sim.requests[std::size_t(row)];
            auto num
                = [&](int col) { return model->data(model->index(row, col), RequestTableModel::SortRole).toDouble(); };
            auto same = [](double a, double b) { return std::isnan(b) ? std::isinf(a) : std::abs(a - b) < 1e-9; };
            QCOMPARE(num(RequestTableModel::Id), double(r.id));
            QVERIFY(same(num(RequestTableModel::Arrival), r.arrival));
            QVERIFY(same(num(RequestTableModel::Admitted), r.admitted));
            QVERIFY(same(num(RequestTableModel::FirstToken), r.firstToken));
            QVERIFY(same(num(RequestTableModel::Finished), r.finished));
            QVERIFY(same(num(RequestTableModel::Wait), std::isnan(r.admitted) ? NAN : r.admitted - r.arrival));
            const QString reason = model->data(model->index(row, RequestTableModel::Reason)).toString();
            if (r.wait.kind == WaitKind::None && (r.rejected != RejectReason::None || r.dropped != DropReason::None)) {
                // A refused or dropped request says so where the others say why they waited.
                QCOMPARE(reason, model->data(model->index(row, RequestTableModel::Status)).toString());
                QVERIFY2(reason.startsWith(r.rejected != RejectReason::None ? QStringLiteral("refused: ")
                                                                            : QStringLiteral("dropped: ")),
                    qPrintable(reason));
            } else if (r.wait.kind == WaitKind::None) {
                QCOMPARE(reason, QStringLiteral("–"));
            } else {
                // Plain words with the engine's numbers: the kind's title, need and limit.
                QVERIFY2(
                    reason.startsWith(r.wait.kind == WaitKind::BehindRequest ? QStringLiteral("queued behind request")
                                                                             : Terms::waitTitle(r.wait.kind)),
                    qPrintable(reason));
                if (r.wait.kind == WaitKind::BehindRequest) {
                    QVERIFY(reason.endsWith(QString::number(r.wait.behind)));
                } else if (r.wait.kind != WaitKind::AdmissionWindow) {
                    QVERIFY2(
                        reason.contains(QString::number(r.wait.need)) && reason.contains(QString::number(r.wait.limit)),
                        qPrintable(reason));
                }
                QVERIFY(!reason.contains(QStringLiteral("token_budget"))
                    && !reason.contains(QStringLiteral("admission_window")));
                // The tool tip explains it in a sentence, the token budget with its derivation.
                const QString tip
                    = model->data(model->index(row, RequestTableModel::Reason), Qt::ToolTipRole).toString();
                if (r.wait.kind == WaitKind::TokenBudget) {
                    const std::int64_t total = doc->admissionConfig().scheduler.limits.maxTotalTokenNum;
                    QVERIFY2(tip.contains(QStringLiteral(
                                 "%1 slots (max_total_token_num) − %2 held by adapter weights (resident adapters: %3;")
                                              .arg(total)
                                              .arg(total - r.wait.limit)
                                              .arg(r.wait.adapters)),
                        qPrintable(tip));
                    ++tokenBudget;
                }
                ++waited;
            }
        }
        QVERIFY2(waited > 0, "the tight budget should make some requests wait");
        QVERIFY2(tokenBudget > 0, "some should wait for KV slots");
        // Charts: queue/running and KV from the binned timeline, latency distributions.
        QCOMPARE(tab->chart(QStringLiteral("queue"))->data().series.size(), qsizetype(2));
        QCOMPARE(tab->chart(QStringLiteral("latency"))->data().series.size(), qsizetype(3));
        const auto& kv = tab->chart(QStringLiteral("kv"))->data();
        QCOMPARE(kv.series.back().points.front().y(), double(doc->admissionConfig().scheduler.limits.maxTotalTokenNum));
        double peak = 0;
        for (const auto& p : kv.series[0].points)
            peak = std::max(peak, p.y());
        // "need" first and wide, "used" drawn over it: where they are equal both stay visible.
        QCOMPARE(kv.series[0].name, QStringLiteral("need"));
        QCOMPARE(kv.series[1].name, QStringLiteral("used"));
        QVERIFY(kv.series[0].width > kv.series[1].width);
        QCOMPARE(peak, double(sim.summary.peakKvNeed));
        // Adapter weights as their own series (S-LoRA's unified pool): the binned maximum of the
        // engine's per-step adapter slots.
        QCOMPARE(kv.series[2].name, QStringLiteral("adapters"));
        double adapterPeak = 0, enginePeak = 0;
        for (const auto& p : kv.series[2].points)
            adapterPeak = std::max(adapterPeak, p.y());
        for (const auto& s : sim.timeline)
            enginePeak = std::max(enginePeak, double(s.adapterSlots));
        QVERIFY(enginePeak > 0);
        QCOMPARE(adapterPeak, enginePeak);

        // Sort by queue wait, descending: the first row has the largest wait.
        tab->table()->sortByColumn(RequestTableModel::Wait, Qt::DescendingOrder);
        double maxWait = 0;
        for (const auto& r : sim.requests)
            if (!std::isnan(r.admitted))
                maxWait = std::max(maxWait, r.admitted - r.arrival);
        const double first = tab->proxy()
                                 ->data(tab->proxy()->index(0, RequestTableModel::Wait), RequestTableModel::SortRole)
                                 .toDouble();
        QVERIFY(std::isinf(first) || std::abs(first - maxWait) < 1e-9);
        // Filter the table.
        auto* filter = tab->findChild<QLineEdit*>(QStringLiteral("requestFilter"));
        QTest::keyClicks(filter, QStringLiteral("finished"));
        int finished = 0;
        for (const auto& r : sim.requests)
            finished += r.rejected == RejectReason::None && r.dropped == DropReason::None && !std::isnan(r.finished);
        QCOMPARE(tab->proxy()->rowCount(), finished);
        filter->clear();
        QCOMPARE(tab->proxy()->rowCount(), int(sim.requests.size()));
    }

    void tableShowsProxyOnlyWhenSortedOrFiltered()
    {
        // A new result resets the table: shown through the sort/filter proxy, every reset maps every
        // row on the GUI thread. The table shows the plain model in its own order and the proxy only
        // while the user sorts by another column or filters; widths and order survive the switch.
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        auto* tab = w.admissionTab();
        QSignalSpy spy(doc, &Document::admissionChanged);
        setSmall(doc);
        QVERIFY(waitForSignal(doc, spy));
        QTRY_VERIFY(doc->admission() && doc->admission()->trace == doc->trace());
        auto* table = tab->table();
        QCOMPARE(table->model(), static_cast<QAbstractItemModel*>(tab->model()));
        table->horizontalHeader()->resizeSection(RequestTableModel::Reason, 333);
        table->sortByColumn(RequestTableModel::Wait, Qt::DescendingOrder);
        QCOMPARE(table->model(), static_cast<QAbstractItemModel*>(tab->proxy()));
        QCOMPARE(table->horizontalHeader()->sectionSize(RequestTableModel::Reason), 333);
        QCOMPARE(table->horizontalHeader()->sortIndicatorSection(), int(RequestTableModel::Wait));
        // the view shows the proxy's order: the largest wait first
        double maxWait = -1;
        for (const auto& r : doc->admission()->result.requests)
            if (!std::isnan(r.admitted))
                maxWait = std::max(maxWait, r.admitted - r.arrival);
        const QModelIndex top = table->model()->index(0, RequestTableModel::Wait);
        const double first = table->model()->data(top, RequestTableModel::SortRole).toDouble();
        QVERIFY(std::isinf(first) || std::abs(first - maxWait) < 1e-9);
        // a new result keeps the sorted view
        QSignalSpy again(doc, &Document::admissionChanged);
        doc->recomputeAdmission();
        QVERIFY(waitForSignal(doc, again));
        QCOMPARE(table->model(), static_cast<QAbstractItemModel*>(tab->proxy()));
        QCOMPARE(table->model()->rowCount(), int(doc->admission()->result.requests.size()));
        // back to request order: the plain model again, width kept
        table->sortByColumn(RequestTableModel::Id, Qt::AscendingOrder);
        QCOMPARE(table->model(), static_cast<QAbstractItemModel*>(tab->model()));
        QCOMPARE(table->horizontalHeader()->sectionSize(RequestTableModel::Reason), 333);
        // a filter needs the proxy; clearing it does not
        auto* filter = tab->findChild<QLineEdit*>(QStringLiteral("requestFilter"));
        // (the words the Reason column shows, as the filter's placeholder suggests; not the core's id)
        QTest::keyClicks(filter, Terms::waitTitle(WaitKind::TokenBudget));
        QCOMPARE(table->model(), static_cast<QAbstractItemModel*>(tab->proxy()));
        int budget = 0;
        for (const auto& r : doc->admission()->result.requests)
            budget += r.wait.kind == WaitKind::TokenBudget;
        QVERIFY(budget > 0 && budget < int(doc->admission()->result.requests.size()));
        QCOMPARE(table->model()->rowCount(), budget);
        filter->clear();
        QCOMPARE(table->model(), static_cast<QAbstractItemModel*>(tab->model()));
        QCOMPARE(table->model()->rowCount(), int(doc->admission()->result.requests.size()));
    }

    void limitEditIsUndoable()
    {
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        auto* spin = qobject_cast<QSpinBox*>(w.admissionTab()->editor(QStringLiteral("limits.maxTotalTokenNum")));
        QVERIFY(spin);
        // The default start: the 65000 KV slots of S-LoRA's own A100-80G S4 runs (a healthy server).
        QCOMPARE(spin->value(), 65000);
        QSignalSpy spy(doc, &Document::admissionChanged);
        spin->setValue(4000);
        QCOMPARE(doc->admissionConfig().scheduler.limits.maxTotalTokenNum, std::int64_t(4000));
        QVERIFY(waitForSignal(doc, spy));
        QTRY_COMPARE(doc->admission()->result.summary.kvCapacity, std::int64_t(4000));
        // The undo text names the setting as the panel does.
        QCOMPARE(doc->undoStack()->undoText(), QStringLiteral("Change KV cache slots"));
        doc->undoStack()->undo();
        QCOMPARE(doc->admissionConfig().scheduler.limits.maxTotalTokenNum, std::int64_t(65000));
        QCOMPARE(spin->value(), 65000);
        auto* policy = qobject_cast<QComboBox*>(w.admissionTab()->editor(QStringLiteral("policy")));
        // vLLM's own settings are shown only while the vLLM policy is chosen.
        auto* maxSeqs = w.admissionTab()->editor(QStringLiteral("vllm.maxNumSeqs"));
        QVERIFY(maxSeqs->isHidden() || !maxSeqs->parentWidget()->isVisibleTo(w.admissionTab()));
        policy->setCurrentIndex(2);
        QCOMPARE(doc->admissionConfig().scheduler.policy, PolicyKind::Vllm);
        QVERIFY(maxSeqs->isVisibleTo(w.admissionTab()));
        doc->undoStack()->undo();
        QCOMPARE(doc->admissionConfig().scheduler.policy, PolicyKind::SLora);
        QCOMPARE(policy->currentIndex(), 0);
        QVERIFY(!maxSeqs->isVisibleTo(w.admissionTab()));
    }

    void whyItWaitedFirst()
    {
        // S-LoRA's default 6000 KV slots: requests wait for the KV cache. The Requests page comes
        // first, the reason is the table's second column, and the pane beside it says the whole
        // sentence for the selected request without a hover.
        MainWindow w;
        w.resize(1280, 690);
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        SimulationConfig tight = doc->admissionConfig();
        tight.scheduler.limits.maxTotalTokenNum = 6000;
        QSignalSpy spy(doc, &Document::admissionChanged);
        doc->setAdmission(tight);
        QVERIFY(waitForSignal(doc, spy));
        QTRY_VERIFY(doc->admission() && doc->admission()->trace == doc->trace());
        w.showTab(QStringLiteral("admission"));
        auto* tab = w.admissionTab();
        auto* lower = tab->findChild<QTabWidget*>(QStringLiteral("admissionLowerTabs"));
        QCOMPARE(lower->currentIndex(), 0);
        QVERIFY(lower->tabText(0).contains(QStringLiteral("why")));
        QCOMPARE(tab->table()->horizontalHeader()->visualIndex(RequestTableModel::Reason), 1);
        // The first request that waited for a limit is shown at once, in full.
        const auto a = doc->admission();
        qlonglong first = -1;
        for (std::size_t i = 0; i < a->result.requests.size() && first < 0; ++i)
            if (a->result.requests[i].wait.kind != WaitKind::None
                && a->result.requests[i].wait.kind != WaitKind::AdmissionWindow)
                first = qlonglong(i);
        QVERIFY(first >= 0);
        const RequestRecord& r = a->result.requests[std::size_t(first)];
        const QString full
            = Terms::waitExplanation(r.wait, WaitContext { &a->config.scheduler, a->result.clock, a->trace.get() });
        QVERIFY2(tab->detailText().contains(QStringLiteral("Request %1").arg(r.id)), qPrintable(tab->detailText()));
        QVERIFY2(
            tab->detailText().contains(full), qPrintable(tab->detailText() + QStringLiteral("\n--- want: ") + full));
        QCOMPARE(tab->table()->currentIndex().row(), int(first));
        // Another row selected in the table: the pane follows.
        tab->table()->setCurrentIndex(tab->table()->model()->index(0, RequestTableModel::Id));
        QVERIFY(tab->detailText().contains(QStringLiteral("Request 0 ")));
        // Sorted by queue wait: the pane still follows the selection through the sorting proxy.
        tab->table()->sortByColumn(RequestTableModel::Wait, Qt::DescendingOrder);
        QCOMPARE(tab->table()->model(), static_cast<QAbstractItemModel*>(tab->proxy()));
        tab->table()->setCurrentIndex(tab->proxy()->index(0, RequestTableModel::Id));
        const int top = tab->proxy()->mapToSource(tab->proxy()->index(0, 0)).row();
        QVERIFY2(tab->detailText().contains(QStringLiteral("Request %1 ").arg(a->result.requests[std::size_t(top)].id)),
            qPrintable(tab->detailText()));
        // The link to the step-through shows the pass that admitted it.
        QVERIFY(tab->selectRequest(first));
        Q_EMIT tab->findChild<RequestDetail*>()->stepThroughRequested(qulonglong(first));
        const auto& admitted = tab->stepThrough()->snapshot()->result.admitted;
        QVERIFY(std::any_of(
            admitted.begin(), admitted.end(), [&](const Admission& x) { return x.id == std::uint64_t(first); }));
    }

    void sortArrowPointsTheWayOfTheOrder()
    {
        // ▼ while sorted descending (largest first), ▲ ascending; Fusion draws them the other way.
        MainWindow w;
        w.resize(1280, 690);
        w.show();
        QVERIFY(test::waitIdle(w.document()));
        w.showTab(QStringLiteral("admission"));
        QCoreApplication::processEvents();
        auto* header = w.admissionTab()->table()->horizontalHeader();
        auto arrowPointsUp = [&](int section) -> std::optional<bool> {
            QCoreApplication::processEvents();
            const QImage img = header->grab().toImage();
            const int x0 = header->sectionViewportPosition(section), x1 = x0 + header->sectionSize(section);
            // The arrow's rows: a triangle is widest at its base.
            int firstWidth = -1, lastWidth = -1;
            for (int y = 0; y < img.height(); ++y) {
                int dark = 0;
                for (int x = std::max(0, x1 - 24); x < std::min(img.width(), x1 - 2); ++x)
                    dark += img.pixelColor(x, y).lightness() < 150;
                if (dark > 0 && dark < 20) {
                    if (firstWidth < 0)
                        firstWidth = dark;
                    lastWidth = dark;
                }
            }
            if (firstWidth < 0 || firstWidth == lastWidth)
                return std::nullopt;
            return firstWidth < lastWidth;
        };
        // The first column, wide enough that the arrow is alone at its right end.
        header->resizeSection(RequestTableModel::Id, 140);
        w.admissionTab()->table()->sortByColumn(RequestTableModel::Id, Qt::DescendingOrder);
        const auto down = arrowPointsUp(RequestTableModel::Id);
        QVERIFY(down.has_value());
        QVERIFY2(!*down, "descending shows ▼");
        w.admissionTab()->table()->sortByColumn(RequestTableModel::Id, Qt::AscendingOrder);
        const auto up = arrowPointsUp(RequestTableModel::Id);
        QVERIFY(up.has_value());
        QVERIFY2(*up, "ascending shows ▲");
    }

    void stepThroughAndGantt()
    {
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        QSignalSpy spy(doc, &Document::admissionChanged);
        setSmall(doc);
        QVERIFY(waitForSignal(doc, spy));
        auto* step = w.admissionTab()->stepThrough();
        QTRY_VERIFY(step->current() == -1);
        step->findChild<QPushButton*>(QStringLiteral("stepNext"))->click();
        QCOMPARE(step->current(), 0);
        const auto* s0 = step->snapshot();
        QVERIFY(s0);
        QCOMPARE(s0->result.kind, StepKind::Prefill); // the first pass admits the first arrivals
        QVERIFY(!s0->candidates.empty());
        QVERIFY(s0->candidates.front().admitted);
        QVERIFY(step->text().contains(QStringLiteral("admitted")));
        // The first admission agrees with the engine's record.
        const auto& rec = doc->admission()->result.requests[s0->result.admitted.front().id];
        QCOMPARE(rec.admitted, s0->start);
        step->findChild<QPushButton*>(QStringLiteral("stepNext"))->click();
        QCOMPARE(step->current(), 1);
        QCOMPARE(step->snapshot()->result.kind, StepKind::Decode);
        step->findChild<QPushButton*>(QStringLiteral("stepPrevious"))->click();
        QCOMPARE(step->current(), 0);
        QVERIFY(step->nextAdmission());
        QVERIFY(!step->snapshot()->result.admitted.empty());

        auto* gantt = w.admissionTab()->gantt();
        gantt->resize(800, 400);
        const QImage img = gantt->grab().toImage();
        QVERIFY(!img.isNull());
        const QString tip = gantt->tooltipForRow(0);
        QVERIFY2(tip.contains(QStringLiteral("Request 0")), qPrintable(tip));
        // Times with their unit (cost-model clock: seconds).
        QVERIFY2(tip.contains(QStringLiteral("Arrived ")) && tip.contains(QStringLiteral(" s")), qPrintable(tip));
        int waitedRow = -1;
        for (int i = 0; i < int(doc->admission()->result.requests.size()) && waitedRow < 0; ++i)
            if (doc->admission()->result.requests[std::size_t(i)].wait.kind != WaitKind::None)
                waitedRow = i;
        QVERIFY(waitedRow >= 0);
        QVERIFY(gantt->tooltipForRow(waitedRow).contains(QStringLiteral("Why it waited: ")));
        gantt->scrollToRow(10);
        const int rows = int(doc->admission()->result.requests.size());
        QCOMPARE(gantt->firstRow(), std::min(10, std::max(0, rows - gantt->visibleRows())));
        QCOMPARE(gantt->rowAt(QPoint(-5, -5)), -1);
    }

    /// The vLLM V1 policy in the tab: the engine's results, its wait reasons in the server's terms
    /// (LoRA slots with the adapters' names, KV blocks, preemption), the step-through's mixed passes.
    /// With LORASCOPE_SCREENSHOTS=dir it also saves pictures of the tab (for looking at).
    void vllmPolicy()
    {
        test::Screenshots shots;
        const bool pictures = shots.begin();
        MainWindow w;
        if (pictures)
            shots.showFullScreen(w);
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        SimulationConfig c = doc->admissionConfig();
        c.scheduler.policy = PolicyKind::Vllm;
        c.scheduler.vllm.maxLoras = 2;
        c.scheduler.vllm.maxLoraRank = 64; // S4's ranks
        c.scheduler.vllm.numGpuBlocks = 301; // a small KV cache: preemptions
        c.clock = ClockKind::Steps;
        QSignalSpy spy(doc, &Document::admissionChanged);
        doc->setAdmission(c);
        doc->setSpec(smallSpec());
        QVERIFY(waitForSignal(doc, spy));
        QTRY_VERIFY(doc->admission() && doc->admission()->trace == doc->trace()
            && doc->admission()->config.scheduler.policy == PolicyKind::Vllm);
        const SimulationResult sim = simulate(*doc->trace(), doc->admissionConfig());
        auto* model = w.admissionTab()->model();
        QCOMPARE(model->rowCount(), int(sim.requests.size()));
        const bool english
            = qEnvironmentVariable("LORASCOPE_SCREENSHOT_LANG").isEmpty(); // pictures may be taken in Chinese
        int loras = 0, blocks = 0, preempted = 0;
        for (int row = 0; row < model->rowCount(); ++row) {
            const auto& r = sim.requests[std::size_t(row)];
            QCOMPARE(
                model->data(model->index(row, RequestTableModel::Admitted), RequestTableModel::SortRole).toDouble(),
                r.admitted);
            const QString reason = model->data(model->index(row, RequestTableModel::Reason)).toString();
            if (r.wait.kind == WaitKind::MaxLoras) {
                QVERIFY2(!english
                        || reason.startsWith(
                            QStringLiteral("LoRA slots full: this step's batch already has max_loras = 2 adapters (")),
                    qPrintable(reason));
                QVERIFY2(reason.contains(QString::fromStdString(doc->trace()->adapters[r.wait.adapterIds[0]].name)),
                    qPrintable(reason));
                ++loras;
            } else if (r.wait.kind == WaitKind::KvBlocks) {
                QVERIFY(!english
                    || reason == QStringLiteral("needs %1 KV blocks, %2 free").arg(r.wait.need).arg(r.wait.limit));
                ++blocks;
            } else if (r.wait.kind == WaitKind::Preempted) {
                QVERIFY2(!english || reason.startsWith(QStringLiteral("preempted at step ")), qPrintable(reason));
                ++preempted;
            }
        }
        QVERIFY2(loras > 0, "with max_loras 2 of 6 adapters, requests wait for a LoRA slot");
        QVERIFY(sim.summary.preemptions > 0 && sim.summary.mixedSteps > 0);
        // The step-through walks the same passes, mixed ones among them.
        auto* step = w.admissionTab()->stepThrough();
        bool mixed = false;
        for (int i = 0; i < 400 && !mixed; ++i) {
            step->findChild<QPushButton*>(QStringLiteral("stepNext"))->click();
            mixed = step->snapshot() && step->snapshot()->result.kind == StepKind::Mixed;
        }
        QVERIFY(mixed);
        QVERIFY2(!english || step->titleText().contains(QStringLiteral("mixed")), qPrintable(step->titleText()));
        QVERIFY2(
            !english || step->text().contains(QStringLiteral("blocks in use")), qPrintable(step->text().left(300)));
        if (pictures) {
            w.showTab(QStringLiteral("admission"));
            QVERIFY(shots.shoot(w, QStringLiteral("admission-vllm")));
        }
    }
};

QTEST_MAIN(TestAdmissionTab)
#include "tst_admissiontab.moc"
