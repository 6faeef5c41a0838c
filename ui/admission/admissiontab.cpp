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
#include "text/coretexts.h"
#include "text/terms.h"
#include "analysis/capacity.h"
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
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

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
    m_banner->setStyleSheet(QStringLiteral("QLabel { background: #fde7e9; color: #5c0010; border: 1px solid #e8a0a8; padding: 4px; }"));
    rbv->addWidget(m_banner);
    auto* right = new QSplitter(Qt::Vertical, rightBox);
    right->setObjectName(QStringLiteral("admissionRightSplitter"));
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
    connect(m_gantt, &QWidget::customContextMenuRequested, this, [this] { Q_EMIT exportRequested(m_gantt, QStringLiteral("admission.gantt")); });

    // The requests and why each waited come first (requestspage.h).
    m_requests = new RequestsPage(lower);
    connect(m_requests, &RequestsPage::requestClicked, this, [this](int request) { m_gantt->scrollToRow(request); });
    lower->addTab(m_requests, tr("Requests: why each waited"));
    lower->addTab(m_gantt, tr("Request Gantt"));

    m_step = new StepThroughPanel(m_document, lower);
    lower->addTab(m_step, tr("Step through"));
    // The step-through's keys work anywhere in this tab; a jump brings its page to the front, and
    // a cursor on the time charts and the Gantt follows the pass shown.
    addActions(m_step->navigationActions());
    connect(m_step, &StepThroughPanel::activated, this, [lower, this] { lower->setCurrentWidget(m_step); });
    connect(m_requests->detail(), &RequestDetail::stepThroughRequested, this, [this](qulonglong request) { m_step->goToRequest(request); });
    connect(m_step, &StepThroughPanel::passShown, this, [this](double start, double, qlonglong request) {
        for (const char* key : { "queue", "kv" })
            m_charts.value(QString::fromLatin1(key))->setMarker(start);
        if (request >= 0)
            m_gantt->scrollToRow(int(request) - m_gantt->visibleRows() / 3);
        m_gantt->setMarker(start);
    });
    connect(m_step, &StepThroughPanel::passCleared, this, [this] {
        for (const char* key : { "queue", "kv" })
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
    syncFromDocument();
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
    return { QStringLiteral("queue"), QStringLiteral("kv"), QStringLiteral("latency"), QStringLiteral("gantt") };
}

PlotView* AdmissionTab::addChart(const QString& key)
{
    auto* view = new PlotView(this);
    view->setObjectName(QStringLiteral("admission_") + key);
    m_charts.insert(key, view);
    connect(view, &PlotView::exportRequested, this, [this, view, key] { Q_EMIT exportRequested(view, QStringLiteral("admission.") + key); });
    return view;
}

QWidget* AdmissionTab::createSettings()
{
    auto* w = new QWidget(this);
    auto* v = new QVBoxLayout(w);
    v->setContentsMargins(4, 4, 4, 4);
    auto group = [&](const QString& title) {
        auto* box = new QGroupBox(title, w);
        auto* form = new QFormLayout(box);
        v->addWidget(box);
        return form;
    };
    auto addInt = [&](QFormLayout* form, const QString& field, const QString& label, int lo, int hi, const QString& tip, const QString& unit) {
        auto* spin = new QSpinBox(w);
        spin->setRange(lo, hi);
        spin->setKeyboardTracking(false);
        spin->setToolTip(tip);
        if (!unit.isEmpty())
            spin->setSuffix(QLatin1Char(' ') + unit);
        m_labels.insert(field, QTextDocumentFragment::fromHtml(label).toPlainText().section(QLatin1Char('\n'), 0, 0));
        spin->setObjectName(field);
        m_editors.insert(field, spin);
        connect(spin, &QSpinBox::valueChanged, this, [this, field] { commit(field); });
        form->addRow(label, spin);
        return spin;
    };
    auto addCombo = [&](QFormLayout* form, const QString& field, const QString& label, const QStringList& items, const QString& tip) {
        auto* combo = new QComboBox(w);
        combo->addItems(items);
        combo->setToolTip(tip);
        m_labels.insert(field, label);
        combo->setObjectName(field);
        m_editors.insert(field, combo);
        connect(combo, &QComboBox::currentIndexChanged, this, [this, field] { commit(field); });
        form->addRow(label, combo);
        return combo;
    };
    // Plain words first, the launch argument users know from S-LoRA / vLLM under it.
    auto label = [](const QString& plain, const char* arg) -> QString {
        return plain + QStringLiteral("<br><span style=\"color:#666; font-size:small\">") + QString::fromLatin1(arg) + QStringLiteral("</span>");
    };
    // Defaults come from the core's one owner of each (workload/limits.h, admission/vllmconfig.h).
    const ServerLimits sloraDefaults;
    const VllmConfig vllmDefaults;
    auto* lim = group(tr("Server limits (S-LoRA)"));
    addInt(lim, QStringLiteral("limits.maxTotalTokenNum"), label(tr("KV cache slots"), "max_total_token_num"), 1, 100000000,
        tr("Token slots of the KV cache on the GPU, shared with the adapter weights (rank × 4 slots per resident adapter). "
           "S-LoRA's default is %1; its own A100-80G runs of S4 use 65000.")
            .arg(sloraDefaults.maxTotalTokenNum),
        tr("slots", "unit after a number"));
    auto* batchMax = addInt(lim, QStringLiteral("limits.batchMaxTokens"), label(tr("Prefill batch limit"), "batch_max_tokens"), 0, 100000000,
        tr("Max input tokens of a newly admitted (prefill) batch. 0 = S-LoRA's default max(max_total_token_num / 6, max_req_total_len)."), tr("tokens", "unit after a number"));
    batchMax->setSpecialValueText(tr("0 = default"));
    addInt(lim, QStringLiteral("limits.runningMaxReqSize"), label(tr("Max running requests"), "running_max_req_size"), 1, 100000000,
        tr("Max requests in the running batch. Default %1.").arg(sloraDefaults.runningMaxReqSize), tr("requests", "unit after a number"));
    addInt(lim, QStringLiteral("limits.maxReqTotalLen"), label(tr("Max request length"), "max_req_total_len"), 1, 100000000,
        tr("Input + output tokens of one request must not exceed it, else the request is refused (HTTP 500). Default %1.").arg(sloraDefaults.maxReqTotalLen),
        tr("tokens", "unit after a number"));
    addInt(lim, QStringLiteral("limits.maxReqInputLen"), label(tr("Max input length"), "max_req_input_len"), 1, 100000000,
        tr("Input tokens of one request must not exceed it, else the request is refused. Default %1.").arg(sloraDefaults.maxReqInputLen),
        tr("tokens", "unit after a number"));
    auto* pol = group(tr("Policy and time"));
    auto* policy = addCombo(pol, QStringLiteral("policy"), tr("Policy"), { tr("S-LoRA (first come, first served)"), tr("S-LoRA with abort"), tr("vLLM V1") },
        tr("S-LoRA: its FIFO queue, exactly. S-LoRA with abort (--enable-abort): newest first, drops requests waiting ≥ 5.5 s. "
           "vLLM V1 (%1): its scheduler rule for rule — one token budget per step shared by decodes and prefill chunks, "
           "KV blocks with preemption, max_loras adapters per step.")
            .arg(QString::fromLatin1(kVllmRulesVersion)));
    Q_UNUSED(policy);
    addInt(pol, QStringLiteral("maxWaitTokens"), label(tr("Steps between checks"), "max_wait_tokens"), 1, 100000,
        tr("While a batch runs, S-LoRA looks at the queue after every this many decode steps (default 10)."), tr("steps", "unit after a number"));
    addCombo(pol, QStringLiteral("clock"), tr("Clock"), { tr("steps (1 tick per forward pass)"), tr("cost model (seconds)") },
        tr("Step clock: exact, deterministic teaching (trace times read as ticks). Cost model: seconds from the prefill/decode costs of the chosen GPU and model."));
    QStringList costs;
    for (const auto& c : costModelPresets())
        costs << QString::fromStdString(c.name);
    auto* cost = addCombo(pol, QStringLiteral("cost"), tr("Cost model"), costs, tr("Named cost-model presets: seconds per prefill and decode step of a base model on a GPU (see docs/admission.md for their sources)."));
    for (int i = 0; i < cost->count() && std::size_t(i) < costModelPresets().size(); ++i)
        cost->setItemData(i, CoreTexts::costModelDescription(costModelPresets()[std::size_t(i)]), Qt::ToolTipRole);
    // The model in use, its provenance, a calibrated file to load, and validity warnings.
    m_costPanel = new CostModelPanel(w);
    v->addWidget(m_costPanel);
    connect(m_costPanel, &CostModelPanel::costModelChosen, this, [this](const CostModel& model) {
        SimulationConfig c = m_document->admissionConfig();
        c.cost = model;
        c.clock = ClockKind::Model;
        m_document->editAdmission(c, tr("Load cost model %1").arg(QString::fromStdString(model.name)));
    });
    auto* vl = group(tr("vLLM V1 policy"));
    m_vllmBox = vl->parentWidget(); // shown only while the vLLM policy is chosen (syncFromDocument)
    auto* seqs = addInt(vl, QStringLiteral("vllm.maxNumSeqs"), label(tr("Max sequences"), "max_num_seqs"), 0, 1000000,
        tr("vLLM: max running requests; 0 = vLLM's default min(256, max_num_batched_tokens)."), tr("requests", "unit after a number"));
    seqs->setSpecialValueText(tr("0 = default"));
    auto* batched = addInt(vl, QStringLiteral("vllm.maxNumBatchedTokens"), label(tr("Max tokens per step"), "max_num_batched_tokens"), 0, 100000000,
        tr("vLLM: the token budget of one step, shared by decodes and prefill chunks; 0 = vLLM's default (2048 with chunked prefill)."),
        tr("tokens", "unit after a number"));
    batched->setSpecialValueText(tr("0 = default"));
    addInt(vl, QStringLiteral("vllm.numGpuBlocks"), label(tr("KV cache blocks"), "num_gpu_blocks"), 2, 100000000,
        tr("vLLM: KV cache blocks on the GPU, one of them the reserved null block (default %1, of %2 tokens each).")
            .arg(vllmDefaults.numGpuBlocks)
            .arg(vllmDefaults.blockSize),
        tr("blocks", "unit after a number"));
    addInt(vl, QStringLiteral("vllm.maxLoras"), label(tr("Max adapters per batch"), "max_loras"), 1, 100000,
        tr("vLLM: different adapters among the requests of one step (default %1).").arg(vllmDefaults.maxLoras), QString());
    addInt(vl, QStringLiteral("vllm.maxLoraRank"), label(tr("Max LoRA rank"), "max_lora_rank"), 1, 512,
        tr("vLLM: its LoRA kernels run at this rank for every adapter; adapters of a larger rank are refused (default %1; "
           "vLLM accepts 1, 8, 16, 32, 64, 128, 256, 320 or 512).")
            .arg(vllmDefaults.maxLoraRank),
        QString());
    m_summary = new QLabel(w);
    m_summary->setWordWrap(true);
    m_summary->setObjectName(QStringLiteral("admissionSummary"));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_summary);
    auto* run = new QPushButton(tr("Run preview now"), w);
    run->setObjectName(QStringLiteral("runPreview"));
    run->setToolTip(tr("Traces over %1 requests are not previewed automatically; this runs the simulation now.").arg(Document::kAutoAdmissionLimit));
    connect(run, &QPushButton::clicked, m_document, &Document::recomputeAdmission);
    v->addWidget(run);
    v->addStretch(1);
    return w;
}

void AdmissionTab::syncFromDocument()
{
    m_syncing = true;
    const auto& c = m_document->admissionConfig();
    const auto& l = c.scheduler.limits;
    auto setInt = [&](const char* f, std::int64_t v) {
        auto* s = qobject_cast<QSpinBox*>(m_editors.value(QString::fromLatin1(f)));
        const QSignalBlocker b(s);
        s->setValue(int(std::clamp<std::int64_t>(v, s->minimum(), s->maximum())));
    };
    setInt("limits.maxTotalTokenNum", l.maxTotalTokenNum);
    setInt("limits.batchMaxTokens", l.batchMaxTokens);
    setInt("limits.runningMaxReqSize", l.runningMaxReqSize);
    setInt("limits.maxReqTotalLen", l.maxReqTotalLen);
    setInt("limits.maxReqInputLen", l.maxReqInputLen);
    setInt("maxWaitTokens", c.scheduler.maxWaitTokens);
    setInt("vllm.maxNumSeqs", c.scheduler.vllm.maxNumSeqs);
    setInt("vllm.maxNumBatchedTokens", c.scheduler.vllm.maxNumBatchedTokens);
    setInt("vllm.maxLoras", c.scheduler.vllm.maxLoras);
    setInt("vllm.numGpuBlocks", c.scheduler.vllm.numGpuBlocks);
    setInt("vllm.maxLoraRank", c.scheduler.vllm.maxLoraRank);
    auto setCombo = [&](const char* f, int i) {
        auto* cb = qobject_cast<QComboBox*>(m_editors.value(QString::fromLatin1(f)));
        const QSignalBlocker b(cb);
        cb->setCurrentIndex(i);
    };
    // What 0 means right now ("0 = default (3072)").
    qobject_cast<QSpinBox*>(m_editors.value(QStringLiteral("limits.batchMaxTokens")))
        ->setSpecialValueText(tr("0 = default (%1)").arg(ServerLimits { l.maxTotalTokenNum, 0, l.runningMaxReqSize, l.maxReqTotalLen, l.maxReqInputLen }.effectiveBatchMaxTokens()));
    VllmConfig derived = c.scheduler.vllm;
    derived.maxNumBatchedTokens = 0;
    qobject_cast<QSpinBox*>(m_editors.value(QStringLiteral("vllm.maxNumBatchedTokens")))
        ->setSpecialValueText(tr("0 = default (%1)").arg(derived.effectiveMaxNumBatchedTokens()));
    derived = c.scheduler.vllm;
    derived.maxNumSeqs = 0;
    qobject_cast<QSpinBox*>(m_editors.value(QStringLiteral("vllm.maxNumSeqs")))->setSpecialValueText(tr("0 = default (%1)").arg(derived.effectiveMaxNumSeqs()));
    setCombo("policy", int(c.scheduler.policy));
    m_vllmBox->setVisible(c.scheduler.policy == PolicyKind::Vllm);
    setCombo("clock", c.clock == ClockKind::Steps ? 0 : 1);
    auto* cost = qobject_cast<QComboBox*>(m_editors.value(QStringLiteral("cost")));
    setCombo("cost", cost->findText(QString::fromStdString(c.cost.name)));
    m_costPanel->setModel(c.cost);
    m_syncing = false;
}

void AdmissionTab::commit(const QString& field)
{
    if (m_syncing)
        return;
    SimulationConfig c = m_document->admissionConfig();
    auto intOf = [&](const char* f) { return std::int64_t(qobject_cast<QSpinBox*>(m_editors.value(QString::fromLatin1(f)))->value()); };
    auto& l = c.scheduler.limits;
    l.maxTotalTokenNum = intOf("limits.maxTotalTokenNum");
    l.batchMaxTokens = intOf("limits.batchMaxTokens");
    l.runningMaxReqSize = intOf("limits.runningMaxReqSize");
    l.maxReqTotalLen = intOf("limits.maxReqTotalLen");
    l.maxReqInputLen = intOf("limits.maxReqInputLen");
    c.scheduler.maxWaitTokens = int(intOf("maxWaitTokens"));
    c.scheduler.vllm.maxNumSeqs = intOf("vllm.maxNumSeqs");
    c.scheduler.vllm.maxNumBatchedTokens = intOf("vllm.maxNumBatchedTokens");
    c.scheduler.vllm.maxLoras = intOf("vllm.maxLoras");
    c.scheduler.vllm.numGpuBlocks = intOf("vllm.numGpuBlocks");
    c.scheduler.vllm.maxLoraRank = intOf("vllm.maxLoraRank");
    c.scheduler.policy = PolicyKind(qobject_cast<QComboBox*>(m_editors.value(QStringLiteral("policy")))->currentIndex());
    c.clock = qobject_cast<QComboBox*>(m_editors.value(QStringLiteral("clock")))->currentIndex() == 0 ? ClockKind::Steps : ClockKind::Model;
    const int ci = qobject_cast<QComboBox*>(m_editors.value(QStringLiteral("cost")))->currentIndex();
    if (ci >= 0 && std::size_t(ci) < costModelPresets().size())
        c.cost = costModelPresets()[std::size_t(ci)];
    m_document->editAdmission(c, tr("Change %1").arg(m_labels.value(field, field)));
}

void AdmissionTab::updateBanner()
{
    const auto a = m_document->admission();
    if (!a) {
        m_banner->setVisible(false);
        return;
    }
    const CapacityCheck& c = a->capacity; // computed with the preview, off the GUI thread
    if (!c.overloaded) {
        m_banner->clear();
        m_banner->setVisible(false);
        return;
    }
    const ClockKind clock = a->result.clock;
    const QString perUnit = clock == ClockKind::Steps ? tr("req/step") : tr("req/s");
    auto rate = [&](double v) -> QString { return Terms::number(v) + QLatin1Char(' ') + perUnit; };
    QString text = tr("<b>Arrivals exceed capacity</b>: requests arrive at %1, but the server took in only %2 while they arrived, so the queue "
                      "grew by %3: %4 requests were still waiting when the last one arrived, and the wait grew from %5 to %6 (mean, first and last "
                      "fifth of the trace).")
                       .arg(rate(c.offeredRate), rate(c.admittedRate), rate(c.queueGrowth))
                       .arg(c.backlog)
                       .arg(Terms::time(c.meanWaitFirst, clock, 3), Terms::time(c.meanWaitLast, clock, 3));
    // Sentences joined as the language does ("… grew. Most …" / "……增长。大多数……").
    auto join = [](const QString& first, const QString& second) { return tr("%1 %2", "two sentences").arg(first, second); };
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
        advice = tr("A larger running batch or a lower rate R would help.");
        break;
    default:
        advice = tr("A lower rate R or a faster server (cost model) would help.");
        break;
    }
    m_banner->setText(join(text, advice));
    m_banner->setVisible(true);
}

QString AdmissionTab::bannerText() const
{
    return m_banner->isVisible() ? m_banner->text() : QString();
}

QString AdmissionTab::summaryText() const
{
    return m_summary->text();
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
    m_charts.value(QStringLiteral("queue"))->setToolTip(tr("Requests in the running batch and in the queue over time (the largest value in each time bin)."));
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
    if (a->config.scheduler.policy != PolicyKind::Vllm) // vLLM keeps LoRA weights outside the KV blocks
        kv.series.append(line(tr("adapters"), tl.adapterSlots, kGreen));
    if (!tl.edges.empty()) {
        // The capacity is named on its line rather than in the legend (a legend of four entries
        // would need a wider chart than a 1280×720 screen gives three side by side).
        PlotSeries cap;
        cap.name = tr("capacity");
        cap.color = kGrey;
        cap.dashed = true;
        cap.inLegend = false;
        cap.points = { QPointF(tl.edges.front(), double(tl.kvCapacity)), QPointF(tl.edges.back(), double(tl.kvCapacity)) };
        kv.series.append(cap);
        kv.labels.append({ QPointF(tl.edges.front() + 0.02 * (tl.edges.back() - tl.edges.front()), double(tl.kvCapacity)),
            tr("capacity %1").arg(tl.kvCapacity) });
    }
    kv.y.min = 0.0;
    kv.x.min = q.x.min;
    kv.x.max = q.x.max;
    m_charts.value(QStringLiteral("kv"))->setToolTip(tr("KV cache slots over time (the largest value in each time bin):\n"
                                                        "need: S-LoRA's peak need of the running batch if every request runs to its end, plus the adapter weights;\n"
                                                        "used: tokens held now plus the adapter weights;\n"
                                                        "adapters: the part of used that holds resident adapter weights (rank × 4 slots each);\n"
                                                        "capacity: max_total_token_num (%1 slots).")
                                                         .arg(tl.kvCapacity));
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
    lat.series = { hist(tr("queue wait"), a->wait, kOrange), hist(tr("TTFT"), a->ttft, kRed), hist(tr("E2E"), a->e2e, kGreen) };
    lat.y.min = 0.0;
    m_charts.value(QStringLiteral("latency"))->setToolTip(tr("How many requests waited in the queue, got their first token (TTFT) or finished (E2E) after how long, counted from arrival."));
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
    text += QStringLiteral("<br>") + tr("Queue wait: mean %1 · p90 %2 · p99 %3").arg(d(s.wait.mean), d(s.wait.p90), d(s.wait.p99));
    text += QStringLiteral("<br>") + tr("TTFT: mean %1 · p99 %2").arg(d(s.ttft.mean), d(s.ttft.p99));
    text += QStringLiteral("<br>") + tr("E2E: mean %1 · p99 %2").arg(d(s.e2e.mean), d(s.e2e.p99));
    text += QStringLiteral("<br>") + tr("Throughput %1 %2").arg(Terms::number(s.requestThroughput), perUnit);
    if (clock == ClockKind::Model)
        text += QStringLiteral(" · ") + Terms::sloAttainment().toHtmlEscaped() + QLatin1Char(' ') + Terms::percent(s.sloAttainment);
    text += QStringLiteral("<br>") + tr("Peak KV need %1 of %2 slots · %3 forward passes (%4 prefill) · %5 adapter loads")
                                        .arg(s.peakKvNeed)
                                        .arg(s.kvCapacity)
                                        .arg(s.steps)
                                        .arg(s.prefillSteps)
                                        .arg(s.adapterLoads);
    m_summary->setText(text);
    updateBanner();
    m_lastRefreshMs = double(timer.nsecsElapsed()) / 1e6;
    Q_EMIT chartsUpdated();
}

} // namespace lorascope
