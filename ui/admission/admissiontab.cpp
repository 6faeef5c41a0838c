// SPDX-License-Identifier: Apache-2.0
#include "admission/admissiontab.h"

#include "admission/costmodelpanel.h"
#include "admission/ganttview.h"
#include "admission/requestdetail.h"
#include "admission/requestmodel.h"
#include "admission/requestspage.h"
#include "admission/stepthroughpanel.h"
#include "charts/plotview.h"
#include "document/document.h"
#include "widgets/chartgrid.h"
#include "widgets/sidepanel.h"
#include "widgets/sortarrowstyle.h"
#include "widgets/stalebar.h"
#include "text/coretexts.h"
#include "text/terms.h"
#include "analysis/admissionview.h"
#include "analysis/capacity.h"
#include "analysis/refusals.h"
#include "analysis/numberformat.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QFormLayout>
#include <QTextDocumentFragment>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>

namespace lorascope {

namespace {
const QColor kBlue(70, 130, 180), kOrange(230, 120, 30), kRed(200, 40, 40), kGreen(40, 150, 80), kGrey(60, 60, 60);
}

AdmissionTab::AdmissionTab(Document* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
{
    const SidePanel side = createSidePanel(this, createSettings(), QStringLiteral("admissionSplitter"), QString());
    auto* split = side.splitter;
    m_side = side.scroll;

    auto* rightBox = new QWidget(split);
    auto* rbv = new QVBoxLayout(rightBox);
    rbv->setContentsMargins(0, 0, 0, 0);
    rbv->setSpacing(2);
    m_banner = new QLabel(rightBox);
    m_banner->setObjectName(QStringLiteral("capacityBanner"));
    m_banner->setWordWrap(true);
    m_banner->setTextFormat(Qt::RichText);
    m_banner->setVisible(false);
    connect(m_banner, &QLabel::linkActivated, this, [this](const QString& link) {
        if (link == QLatin1String("fix-rank"))
            fixMaxLoraRank();
    });
    m_banner->setStyleSheet(
        QStringLiteral("QLabel { background: #fde7e9; color: #5c0010; border: 1px solid #e8a0a8; padding: 4px; }"));
    auto* right = new QSplitter(Qt::Vertical, rightBox);
    right->setObjectName(QStringLiteral("admissionRightSplitter"));
    // Out of date: said above the results, with the button that recomputes them.
    m_stale = new StaleBar(right, rightBox);
    connect(m_stale, &StaleBar::actionClicked, m_document, &Document::recomputeAdmission);
    rbv->addWidget(m_stale);
    rbv->addWidget(m_banner);
    rbv->addWidget(right, 1);
    m_grid = new ChartGrid(3, QSize(240, 170), right);
    m_grid->setObjectName(QStringLiteral("admissionCharts"));
    m_grid->addChart(addChart(QStringLiteral("queue")));
    m_grid->addChart(addChart(QStringLiteral("kv")));
    m_grid->addChart(addChart(QStringLiteral("latency")));
    right->addWidget(m_grid);

    auto* lower = new QTabWidget(right);
    lower->setObjectName(QStringLiteral("admissionLowerTabs"));
    m_gantt = new GanttView(lower);
    m_gantt->setObjectName(QStringLiteral("gantt"));
    m_gantt->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_gantt, &QWidget::customContextMenuRequested, this,
        [this] { Q_EMIT exportRequested(m_gantt, QStringLiteral("admission.gantt")); });

    // The requests and why each waited come first (requestspage.h).
    m_requests = new RequestsPage(lower);
    connect(m_requests, &RequestsPage::requestClicked, this, [this](int request) { m_gantt->scrollToRow(request); });
    lower->addTab(m_requests, tr("Requests: why each waited"));
    lower->addTab(m_gantt, tr("Request Gantt"));

    m_step = new StepThroughPanel(m_document, lower);
    lower->addTab(m_step, tr("Step through"));
    // LoRA residency over time: a chart of its own below the three (they stay side by side on a laptop).
    // Adapters resident and adapter loads are different quantities: two charts, one above the other.
    {
        auto* page = new QWidget(lower);
        auto* pv = new QVBoxLayout(page);
        pv->setContentsMargins(0, 0, 0, 0);
        pv->setSpacing(0);
        pv->addWidget(addChart(QStringLiteral("residency")), 3);
        pv->addWidget(addChart(QStringLiteral("loads")), 2);
        lower->addTab(page, tr("LoRA residency"));
    }
    // The step-through's keys work anywhere in this tab; a jump brings its page to the front, and
    // a cursor on the time charts and the Gantt follows the pass shown.
    addActions(m_step->navigationActions());
    connect(m_step, &StepThroughPanel::activated, this, [lower, this] { lower->setCurrentWidget(m_step); });
    connect(m_requests->detail(), &RequestDetail::stepThroughRequested, this,
        [this](qulonglong request) { m_step->goToRequest(request); });
    connect(m_step, &StepThroughPanel::passShown, this, [this](double start, double, qlonglong request) {
        for (const char* key : { "queue", "kv", "residency", "loads" })
            m_charts.value(QString::fromLatin1(key))->setMarker(start);
        if (request >= 0)
            m_gantt->scrollToRow(int(request) - m_gantt->visibleRows() / 3);
        m_gantt->setMarker(start);
    });
    connect(m_step, &StepThroughPanel::passCleared, this, [this] {
        for (const char* key : { "queue", "kv", "residency", "loads" })
            m_charts.value(QString::fromLatin1(key))->setMarker(std::nullopt);
        m_gantt->setMarker(std::nullopt);
    });
    right->addWidget(lower);
    right->setStretchFactor(0, 1);
    right->setStretchFactor(1, 1);
    right->setCollapsible(0, false);
    right->setCollapsible(1, false);
    split->addWidget(rightBox);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setCollapsible(1, false);
    split->setSizes({ side.settingsWidth(440), 1000 });

    connect(m_document, &Document::admissionChanged, this, &AdmissionTab::refresh);
    connect(m_document, &Document::admissionConfigChanged, this, &AdmissionTab::syncFromDocument);
    connect(m_document, &Document::specChanged, this, &AdmissionTab::syncFromDocument);
    // Whether the results are current changes with every input and every job; the document
    // schedules its jobs after it signals, so the line is updated once that is done.
    m_staleSoon = new QTimer(this);
    m_staleSoon->setSingleShot(true);
    m_staleSoon->setInterval(0);
    connect(m_staleSoon, &QTimer::timeout, this, &AdmissionTab::updateStale);
    for (auto signal : { &Document::admissionChanged, &Document::admissionConfigChanged, &Document::specChanged,
             &Document::workloadChanged })
        connect(m_document, signal, m_staleSoon, qOverload<>(&QTimer::start));
    connect(m_document, &Document::busyChanged, m_staleSoon, qOverload<>(&QTimer::start));
    syncFromDocument();
    updateStale();
}

bool AdmissionTab::fixMaxLoraRank()
{
    const auto a = m_document->admission();
    if (!a || !a->trace)
        return false;
    SimulationConfig c = m_document->admissionConfig();
    c.scheduler.vllm.maxLoraRank = largestAdapterRank(*a->trace);
    m_document->editAdmission(c, tr("Set max_lora_rank to %1").arg(c.scheduler.vllm.maxLoraRank));
    return true;
}

QString AdmissionTab::staleText() const
{
    return m_stale->text();
}

void AdmissionTab::updateStale()
{
    const auto a = m_document->admission();
    const bool current = m_document->admissionCurrent();
    m_summary->setStyleSheet(current ? QString() : QStringLiteral("QLabel { color: #8a8a8a; }"));
    if (current || (!a && m_document->admissionPending())) {
        m_stale->showCurrent();
        return;
    }
    const auto trace = m_document->trace();
    const QString was
        = a ? tr("This preview is of the earlier inputs (%1 requests).").arg(a->result.summary.requests) : QString();
    auto sentence = [](const QString& first, const QString& second) {
        return second.isEmpty() ? first : tr("%1 %2", "two sentences").arg(first, second);
    };
    if (m_document->admissionPending()) {
        // A preview on its way usually arrives within a frame or two: say so only when it takes
        // longer, so live edits do not flash the line.
        if (!m_stale->isStale())
            QTimer::singleShot(300, this, [this, was, sentence] {
                if (!m_document->admissionCurrent() && m_document->admissionPending())
                    m_stale->showStale(
                        sentence(tr("<b>Out of date</b>: the inputs changed; recomputing the preview…"), was));
            });
        else
            m_stale->showStale(sentence(tr("<b>Out of date</b>: the inputs changed; recomputing the preview…"), was));
        return;
    }
    if (!m_document->workloadCurrent()) {
        m_stale->showStale(sentence(
            tr("<b>Out of date</b>: the workload's parameters have problems (see the Workload tab), so no new trace "
               "was generated."),
            was));
        return;
    }
    const std::size_t n = trace ? trace->requests.size() : 0;
    QString text;
    if (n > m_document->autoAdmissionLimit()) {
        // The time it would take, from the last preview's speed (requests per millisecond).
        QString estimate;
        if (a && a->result.summary.requests > 0 && m_document->lastAdmissionMs() > 0) {
            const double seconds
                = m_document->lastAdmissionMs() / 1000.0 * double(n) / double(a->result.summary.requests);
            estimate = tr(" (≈ %1)").arg(QString::fromStdString(formatSeconds(seconds, 2)));
        }
        text = tr("<b>Out of date</b>: the trace has %1 requests, more than the %2 previewed automatically; preview "
                  "them%3.")
                   .arg(QLocale().toString(qulonglong(n)),
                       QLocale().toString(qulonglong(m_document->autoAdmissionLimit())), estimate);
    } else {
        text = tr("<b>Out of date</b>: the inputs changed since this preview.");
    }
    m_stale->showStale(sentence(text, was), tr("Run preview now"));
}

bool AdmissionTab::selectRequest(qlonglong index)
{
    return m_requests->selectRequest(index);
}

QString AdmissionTab::detailText() const
{
    return m_requests->detail()->text();
}

RequestTableModel* AdmissionTab::model() const
{
    return m_requests->model();
}

QSortFilterProxyModel* AdmissionTab::proxy() const
{
    return m_requests->proxy();
}

QTableView* AdmissionTab::table() const
{
    return m_requests->table();
}

QStringList AdmissionTab::chartKeys() const
{
    return { QStringLiteral("queue"), QStringLiteral("kv"), QStringLiteral("residency"), QStringLiteral("loads"),
        QStringLiteral("latency"), QStringLiteral("gantt") };
}

PlotView* AdmissionTab::addChart(const QString& key)
{
    auto* view = new PlotView(this);
    view->setObjectName(QStringLiteral("admission_") + key);
    m_charts.insert(key, view);
    connect(view, &PlotView::exportRequested, this,
        [this, view, key] { Q_EMIT exportRequested(view, QStringLiteral("admission.") + key); });
    return view;
}

void AdmissionTab::updateBanner()
{
    const auto a = m_document->admission();
    const QString refused = a ? refusedText(*a) : QString();
    const QString overload = a && a->capacity.overloaded ? overloadText(*a) : QString();
    if (refused.isEmpty() && overload.isEmpty()) {
        m_banner->clear();
        m_banner->setVisible(false);
        return;
    }
    QString text = refused;
    if (!text.isEmpty() && !overload.isEmpty())
        text += QStringLiteral("<br>");
    m_banner->setText(text + overload);
    m_banner->setVisible(true);
}

QString AdmissionTab::refusedText(const AdmissionAnalysis& a) const
{
    // Refused requests never wait and are in none of the latency figures: a preview where most
    // requests are refused must say so first, or its waits describe the few that were served.
    const auto& s = a.result.summary;
    if (s.rejected == 0 || s.requests == 0)
        return {};
    std::map<RejectReason, std::uint64_t> byReason;
    for (const auto& r : a.result.requests)
        if (r.rejected != RejectReason::None)
            ++byReason[r.rejected];
    const auto top = std::max_element(
        byReason.begin(), byReason.end(), [](const auto& x, const auto& y) { return x.second < y.second; });
    if (top == byReason.end())
        return {};
    QString text = tr("<b>%1 of %2 requests refused</b> (%3): the server answers them with an error on arrival, so "
                      "they are in none of the waits and latencies. %4 of them: %5.")
                       .arg(s.rejected)
                       .arg(s.requests)
                       .arg(Terms::percent(double(s.rejected) / double(s.requests)))
                       .arg(top->second)
                       .arg(Terms::rejectReason(top->first, a.config.scheduler));
    // Refused for max_lora_rank: the core's sentence with its fix (analysis/refusals.h), and the fix one click away.
    if (a.trace && a.config.scheduler.policy == PolicyKind::Vllm)
        if (const auto note = rankRefusalNote(a.result.requests, *a.trace, a.config.scheduler.vllm.maxLoraRank))
            return QStringLiteral("<b>") + CoreTexts::note(*note).toHtmlEscaped() + QStringLiteral("</b>. ")
                + tr("The server answers them with an error on arrival, so they are in none of the waits and "
                     "latencies.")
                + QStringLiteral(" <a href=\"fix-rank\">")
                + tr("Set max_lora_rank to %1").arg(largestAdapterRank(*a.trace)) + QStringLiteral("</a>");
    return text;
}

QString AdmissionTab::overloadText(const AdmissionAnalysis& analysis) const
{
    const AdmissionAnalysis* a = &analysis;
    const CapacityCheck& c = a->capacity; // computed with the preview, off the GUI thread
    const ClockKind clock = a->result.clock;
    const QString perUnit = clock == ClockKind::Steps ? tr("req/step") : tr("req/s");
    auto rate = [&](double v) -> QString { return Terms::number(v) + QLatin1Char(' ') + perUnit; };
    QString text = tr("<b>Arrivals exceed capacity</b>: requests arrive at %1, but the server took in only %2 while "
                      "they arrived, so the queue "
                      "grew by %3: %4 requests were still waiting when the last one arrived, and the wait grew from %5 "
                      "to %6 (mean, first and last "
                      "fifth of the trace).")
                       .arg(rate(c.offeredRate), rate(c.admittedRate), rate(c.queueGrowth))
                       .arg(c.backlog)
                       .arg(Terms::time(c.meanWaitFirst, clock, 3), Terms::time(c.meanWaitLast, clock, 3));
    // Sentences joined as the language does ("… grew. Most …" / "……增长。大多数……").
    auto join
        = [](const QString& first, const QString& second) { return tr("%1 %2", "two sentences").arg(first, second); };
    if (c.mainLimit != WaitKind::None)
        text = join(text, tr("Most waiting requests were held by: <b>%1</b>.").arg(Terms::waitTitle(c.mainLimit)));
    QString advice;
    switch (c.mainLimit) {
    case WaitKind::TokenBudget:
        advice = tr("More KV cache slots, a lower rate R, shorter requests or fewer distinct adapters would help.");
        break;
    case WaitKind::KvBlocks:
    case WaitKind::Preempted:
        advice = tr("More KV cache blocks (num_gpu_blocks), a lower rate R or shorter requests would help.");
        break;
    case WaitKind::MaxLoras:
        advice = tr("More LoRA slots (max_loras), fewer distinct adapters or a lower rate R would help.");
        break;
    case WaitKind::BatchMaxTokens:
        advice = tr("A larger prefill batch limit (batch_max_tokens) or a lower rate R would help.");
        break;
    case WaitKind::RunningMaxReqSize:
    case WaitKind::MaxNumSeqs:
    case WaitKind::MaxRunningRequests:
        advice = tr("A larger running batch or a lower rate R would help.");
        break;
    case WaitKind::MaxLorasPerBatch:
        advice = tr("More LoRA slots (max_loras_per_batch), fewer distinct adapters or a lower rate R would help.");
        break;
    case WaitKind::TokenPool:
    case WaitKind::Retracted:
    case WaitKind::BatchIsFull:
        advice = tr("A larger KV pool (max_total_tokens), a lower rate R or shorter requests would help.");
        break;
    case WaitKind::MaxPrefillTokens:
    case WaitKind::ChunkedPrefillSize:
        advice = tr("A larger prefill budget (max_prefill_tokens, chunked_prefill_size) or a lower rate R would help.");
        break;
    default:
        advice = tr("A lower rate R or a faster server (cost model) would help.");
        break;
    }
    return join(text, advice);
}

QString AdmissionTab::bannerText() const
{
    return m_banner->isHidden() ? QString() : m_banner->text();
}

QString AdmissionTab::summaryText() const
{
    return m_summary->text();
}

void AdmissionTab::updateResidency(const AdmissionAnalysis& a)
{
    // LoRA residency: adapters on the GPU and in CPU memory (the largest count in each time bin),
    // and the loads onto the GPU in each bin by where they came from. Binned in the core
    // (analysis/admissionview.h): a few hundred points however long the run.
    const auto& tl = a.timeline;
    const SchedulerConfig& server = a.config.scheduler;
    const bool slora = server.policy == PolicyKind::SLora || server.policy == PolicyKind::SLoraAbort;
    auto line = [&](const QString& name, const std::vector<double>& ys, const QColor& color) {
        PlotSeries s;
        s.name = name;
        s.color = color;
        s.width = 1.5;
        for (std::size_t b = 0; b < ys.size() && b + 1 < tl.edges.size(); ++b) {
            s.points.append(QPointF(tl.edges[b], ys[b]));
            s.points.append(QPointF(tl.edges[b + 1], ys[b]));
        }
        return s;
    };
    PlotData d;
    d.title = tr("LoRA adapters: GPU and CPU");
    d.x.title = tr("time (%1)").arg(Terms::clockUnit(a.result.clock));
    d.y.title = tr("adapters");
    const std::size_t bins = tl.edges.empty() ? 0 : tl.edges.size() - 1;
    auto sized = [bins](const std::vector<double>& v) { return v.size() == bins ? v : std::vector<double>(bins, 0.0); };
    // Loads per bin are events, not adapters resident: their own chart below, with its own axis.
    PlotData loads;
    loads.title = tr("LoRA adapter loads onto the GPU");
    loads.x.title = d.x.title;
    loads.y.title = tr("loads");
    loads.series.append(PlotData::bars(tr("loads from CPU"), tl.edges, sized(tl.loadsFromCpu), kGreen));
    const auto disk = sized(tl.loadsFromDisk);
    if (std::any_of(disk.begin(), disk.end(), [](double v) { return v > 0; }))
        loads.series.append(PlotData::bars(tr("loads from disk"), tl.edges, disk, kRed));
    loads.y.min = 0.0;
    // The GPU's slots, named on their line (vLLM: max_loras; SGLang: max_loras_per_batch; S-LoRA has no fixed number).
    const std::int64_t slots = server.policy == PolicyKind::Vllm ? server.vllm.maxLoras
        : server.policy == PolicyKind::Sglang                    ? server.sglang.maxLorasPerBatch
                                                                 : 0;
    if (slots > 0 && tl.edges.size() >= 2) {
        PlotSeries cap;
        cap.name = tr("GPU slots");
        cap.color = kGrey;
        cap.dashed = true;
        cap.inLegend = false;
        cap.points = { QPointF(tl.edges.front(), double(slots)), QPointF(tl.edges.back(), double(slots)) };
        d.series.append(cap);
        d.labels.append({ QPointF(tl.edges.front() + 0.02 * (tl.edges.back() - tl.edges.front()), double(slots)),
            server.policy == PolicyKind::Vllm ? tr("max_loras %1").arg(slots)
                                              : tr("max_loras_per_batch %1").arg(slots) });
    }
    // CPU memory first, wide and light; the GPU's line over it, so both stay visible where they are equal.
    if (!slora) {
        PlotSeries cpu = line(tr("in CPU memory"), sized(tl.cpuAdapters), kOrange.lighter(130));
        cpu.width = 3.5;
        d.series.append(cpu);
    }
    d.series.append(line(tr("on the GPU"), tl.residentAdapters, kBlue));
    d.y.min = 0.0;
    if (tl.edges.size() >= 2) {
        d.x.min = tl.edges.front();
        d.x.max = tl.edges.back();
        loads.x.min = d.x.min;
        loads.x.max = d.x.max;
    }
    QString tip = tr("LoRA adapters over time, in time bins of %1:\n"
                     "on the GPU: adapters whose weights are in GPU memory (the most in the bin);\n")
                      .arg(tl.edges.size() >= 2 ? Terms::time(tl.edges[1] - tl.edges[0], a.result.clock, 3)
                                                : QStringLiteral("–"));
    if (server.policy == PolicyKind::Vllm)
        tip += tr("in CPU memory: adapters in vLLM's CPU LoRA cache (max_cpu_loras = %1; least recently used leaves "
                  "first);\n")
                   .arg(server.vllm.effectiveMaxCpuLoras());
    else if (server.policy == PolicyKind::Sglang)
        tip += tr("in CPU memory: adapters SGLang holds in host memory (max_loaded_loras = %1);\n")
                   .arg(server.sglang.maxLoadedLoras > 0 ? QString::number(server.sglang.maxLoadedLoras)
                                                         : tr("no limit"));
    else
        tip += tr(
            "S-LoRA keeps every adapter in host memory and loads a batch's adapters onto the GPU before it runs;\n");
    tip += tr("loads from CPU / from disk: adapters copied onto the GPU in the bin, from CPU memory or read from disk "
              "(not in the CPU cache).");
    d.note = tip;
    loads.note = tip;
    m_charts.value(QStringLiteral("residency"))->setToolTip(tip);
    m_charts.value(QStringLiteral("residency"))->setData(d);
    m_charts.value(QStringLiteral("loads"))->setToolTip(tip);
    m_charts.value(QStringLiteral("loads"))->setData(loads);
}

void AdmissionTab::refresh()
{
    QElapsedTimer timer;
    timer.start();
    const auto a = m_document->admission();
    if (!a)
        return;
    m_requests->setAnalysis(a);
    m_costPanel->setWarnings(validityWarnings(*a->trace, a->config, &a->result.summary));
    m_gantt->setAnalysis(a);
    const ClockKind clock = a->result.clock;
    const QString unit = Terms::clockUnit(clock);
    const auto& tl = a->timeline;
    auto line = [&](const QString& name, const std::vector<double>& ys, const QColor& color) {
        PlotSeries s;
        s.name = name;
        s.color = color;
        s.width = 1.5;
        for (std::size_t b = 0; b < ys.size() && b + 1 < tl.edges.size(); ++b) {
            s.points.append(QPointF(tl.edges[b], ys[b]));
            s.points.append(QPointF(tl.edges[b + 1], ys[b]));
        }
        return s;
    };
    PlotData q;
    q.title = tr("Running requests and queue");
    q.x.title = tr("time (%1)").arg(unit);
    q.y.title = tr("requests");
    q.series = { line(tr("running"), tl.running, kBlue), line(tr("waiting"), tl.queue, kOrange) };
    q.y.min = 0.0;
    if (tl.edges.size() >= 2) { // the time axis ends where the trace does (ticks inside)
        q.x.min = tl.edges.front();
        q.x.max = tl.edges.back();
    }
    m_charts.value(QStringLiteral("queue"))
        ->setToolTip(
            tr("Requests in the running batch and in the queue over time (the largest value in each time bin)."));
    m_charts.value(QStringLiteral("queue"))->setData(q);

    PlotData kv;
    kv.title = tr("KV cache: need vs capacity");
    kv.x.title = q.x.title;
    kv.y.title = tr("slots");
    // "need" first, wide and light, "used" over it, thin: where the two are equal (a batch that
    // runs to its end) both stay visible instead of one line hiding the other.
    PlotSeries need = line(tr("need"), tl.kvNeed, kRed.lighter(140));
    need.width = 3.5;
    kv.series = { need, line(tr("used"), tl.kvUsed, kBlue) };
    const PolicyKind policy = a->config.scheduler.policy;
    const bool slora = policy == PolicyKind::SLora || policy == PolicyKind::SLoraAbort;
    if (slora) // vLLM and SGLang keep LoRA weights outside the KV cache
        kv.series.append(line(tr("adapters"), tl.adapterSlots, kGreen));
    if (!tl.edges.empty()) {
        // The capacity is named on its line rather than in the legend (a legend of four entries
        // would need a wider chart than a 1280×720 screen gives three side by side).
        PlotSeries cap;
        cap.name = tr("capacity");
        cap.color = kGrey;
        cap.dashed = true;
        cap.inLegend = false;
        cap.points
            = { QPointF(tl.edges.front(), double(tl.kvCapacity)), QPointF(tl.edges.back(), double(tl.kvCapacity)) };
        kv.series.append(cap);
        kv.labels.append(
            { QPointF(tl.edges.front() + 0.02 * (tl.edges.back() - tl.edges.front()), double(tl.kvCapacity)),
                tr("capacity %1").arg(tl.kvCapacity) });
    }
    kv.y.min = 0.0;
    kv.x.min = q.x.min;
    kv.x.max = q.x.max;
    if (slora)
        m_charts.value(QStringLiteral("kv"))
            ->setToolTip(tr("KV cache slots over time (the largest value in each time bin):\n"
                            "need: S-LoRA's peak need of the running batch if every request runs to its end, plus the "
                            "adapter weights;\n"
                            "used: tokens held now plus the adapter weights;\n"
                            "adapters: the part of used that holds resident adapter weights (rank × 4 slots each);\n"
                            "capacity: max_total_token_num (%1 slots).")
                             .arg(tl.kvCapacity));
    else if (policy == PolicyKind::Vllm)
        m_charts.value(QStringLiteral("kv"))
            ->setToolTip(
                tr("KV cache tokens over time (the largest value in each time bin):\n"
                   "used: tokens in the KV blocks the running requests hold;\n"
                   "need: the same plus what they will still generate;\n"
                   "capacity: (num_gpu_blocks − 1) × block_size = %1 tokens (one block is vLLM's reserved null block).")
                    .arg(tl.kvCapacity));
    else
        m_charts.value(QStringLiteral("kv"))
            ->setToolTip(tr("KV pool tokens over time (the largest value in each time bin):\n"
                            "used: tokens the running requests hold in the pool;\n"
                            "need: the same plus what they will still generate;\n"
                            "capacity: max_total_tokens = %1 tokens.")
                             .arg(tl.kvCapacity));
    updateResidency(*a);
    m_charts.value(QStringLiteral("kv"))->setData(kv);

    PlotData lat;
    lat.title = tr("Latency distributions");
    lat.x.title = tr("latency (%1)").arg(unit);
    lat.y.title = tr("requests");
    auto hist = [&](const QString& name, const Histogram& h, const QColor& color) {
        PlotSeries s;
        s.name = name;
        s.color = color;
        s.width = 1.5;
        for (std::size_t b = 0; b < h.counts.size(); ++b) {
            s.points.append(QPointF(h.edges[b], double(h.counts[b])));
            s.points.append(QPointF(h.edges[b + 1], double(h.counts[b])));
        }
        return s;
    };
    lat.series = { hist(tr("queue wait"), a->wait, kOrange), hist(tr("TTFT"), a->ttft, kRed),
        hist(tr("E2E"), a->e2e, kGreen) };
    lat.y.min = 0.0;
    m_charts.value(QStringLiteral("latency"))
        ->setToolTip(tr("How many requests waited in the queue, got their first token (TTFT) or finished (E2E) after "
                        "how long, counted from arrival."));
    m_charts.value(QStringLiteral("latency"))->setData(lat);

    // One number style: three significant digits and a unit everywhere.
    const auto& s = a->result.summary;
    auto d = [clock](double v) { return Terms::time(v, clock, 3); };
    const QString perUnit = clock == ClockKind::Steps ? tr("req/step") : tr("req/s");
    QString text = tr("<b>%1 requests</b>: %2 finished, %3 refused, %4 dropped, %5 never admitted.")
                       .arg(s.requests)
                       .arg(s.finished)
                       .arg(s.rejected)
                       .arg(s.dropped)
                       .arg(s.neverAdmitted);
    text += QStringLiteral("<br>")
        + tr("Queue wait: mean %1 · p90 %2 · p99 %3").arg(d(s.wait.mean), d(s.wait.p90), d(s.wait.p99));
    text += QStringLiteral("<br>") + tr("TTFT: mean %1 · p99 %2").arg(d(s.ttft.mean), d(s.ttft.p99));
    text += QStringLiteral("<br>") + tr("E2E: mean %1 · p99 %2").arg(d(s.e2e.mean), d(s.e2e.p99));
    text += QStringLiteral("<br>") + tr("Throughput %1 %2").arg(Terms::number(s.requestThroughput), perUnit);
    if (clock == ClockKind::Model)
        text += QStringLiteral(" · ") + Terms::sloAttainment().toHtmlEscaped() + QLatin1Char(' ')
            + Terms::percent(s.sloAttainment);
    text += QStringLiteral("<br>")
        + tr("Peak KV need %1 of %2 slots · %3 forward passes (%4 prefill) · %5 adapter loads")
              .arg(s.peakKvNeed)
              .arg(s.kvCapacity)
              .arg(s.steps)
              .arg(s.prefillSteps)
              .arg(s.adapterLoads);
    if (a->config.scheduler.policy == PolicyKind::Vllm || a->config.scheduler.policy == PolicyKind::Sglang)
        text += QStringLiteral("<br>")
            + tr("Prefix cache: %1 of %2 prompt tokens found cached (%3): tokens the server does not compute again, "
                 "where the workload shares them (system prompts, earlier turns of a session)")
                  .arg(s.cachedTokens)
                  .arg(s.promptTokens)
                  .arg(Terms::percent(s.cacheHitShare()));
    m_summary->setText(text);
    updateBanner();
    updateStale();
    m_lastRefreshMs = double(timer.nsecsElapsed()) / 1e6;
    Q_EMIT chartsUpdated();
}

} // namespace lorascope
