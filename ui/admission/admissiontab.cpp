#include "admission/admissiontab.h"

#include "admission/ganttview.h"
#include "admission/requestmodel.h"
#include "admission/stepthroughpanel.h"
#include "charts/plotview.h"
#include "document/document.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace lorascope {

namespace {
const QColor kBlue(70, 130, 180), kOrange(230, 120, 30), kRed(200, 40, 40), kGreen(40, 150, 80), kGrey(60, 60, 60);
}

AdmissionTab::AdmissionTab(Document* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_model(new RequestTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("admissionSplitter"));
    layout->addWidget(split);

    auto* scroll = new QScrollArea(split);
    auto* settings = createSettings();
    scroll->setWidget(settings);
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(settings->sizeHint().width() + 24);
    split->addWidget(scroll);

    auto* right = new QSplitter(Qt::Vertical, split);
    right->setObjectName(QStringLiteral("admissionRightSplitter"));
    auto* chartsRow = new QWidget(right);
    auto* ch = new QHBoxLayout(chartsRow);
    ch->setContentsMargins(0, 0, 0, 0);
    ch->addWidget(addChart(QStringLiteral("queue")));
    ch->addWidget(addChart(QStringLiteral("kv")));
    ch->addWidget(addChart(QStringLiteral("latency")));
    right->addWidget(chartsRow);

    auto* lower = new QTabWidget(right);
    lower->setObjectName(QStringLiteral("admissionLowerTabs"));
    m_gantt = new GanttView(lower);
    m_gantt->setObjectName(QStringLiteral("gantt"));
    m_gantt->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_gantt, &QWidget::customContextMenuRequested, this, [this] { Q_EMIT exportRequested(m_gantt, QStringLiteral("admission.gantt")); });
    lower->addTab(m_gantt, tr("Request Gantt"));

    auto* tablePage = new QWidget(lower);
    auto* tv = new QVBoxLayout(tablePage);
    tv->setContentsMargins(2, 2, 2, 2);
    auto* filterRow = new QHBoxLayout;
    m_filter = new QLineEdit(tablePage);
    m_filter->setObjectName(QStringLiteral("requestFilter"));
    m_filter->setPlaceholderText(tr("Filter (e.g. token_budget, behind, rejected, an adapter name)…"));
    m_filter->setClearButtonEnabled(true);
    m_filterColumn = new QComboBox(tablePage);
    m_filterColumn->addItem(tr("All columns"), -1);
    for (int c = 0; c < RequestTableModel::ColumnCount; ++c)
        m_filterColumn->addItem(m_model->headerData(c, Qt::Horizontal).toString(), c);
    filterRow->addWidget(new QLabel(tr("Filter:"), tablePage));
    filterRow->addWidget(m_filter, 1);
    filterRow->addWidget(m_filterColumn);
    tv->addLayout(filterRow);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(RequestTableModel::SortRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1);
    m_table = new QTableView(tablePage);
    m_table->setObjectName(QStringLiteral("requestTable"));
    // The view shows the requests model itself in its own order (request ascending, no filter),
    // the proxy only once the user sorts by another column or filters: a proxy maps every row on
    // each new result (about 25 ms of GUI thread for a million requests), the plain model none.
    m_table->setModel(m_model);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(RequestTableModel::Id, Qt::AscendingOrder);
    connect(m_table->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, &AdmissionTab::updateTableModel);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 4);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    tv->addWidget(m_table, 1);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_proxy->setFilterFixedString(text);
        updateTableModel();
    });
    connect(m_filterColumn, &QComboBox::currentIndexChanged, this, [this] { m_proxy->setFilterKeyColumn(m_filterColumn->currentData().toInt()); });
    connect(m_table, &QTableView::clicked, this, [this](const QModelIndex& idx) {
        m_gantt->scrollToRow(idx.model() == m_proxy ? m_proxy->mapToSource(idx).row() : idx.row());
    });
    lower->addTab(tablePage, tr("Requests"));

    m_step = new StepThroughPanel(m_document, lower);
    lower->addTab(m_step, tr("Step through"));
    right->addWidget(lower);
    right->setStretchFactor(0, 2);
    right->setStretchFactor(1, 3);
    split->addWidget(right);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);

    connect(m_document, &Document::admissionChanged, this, &AdmissionTab::refresh);
    connect(m_document, &Document::admissionConfigChanged, this, &AdmissionTab::syncFromDocument);
    connect(m_document, &Document::specChanged, this, &AdmissionTab::syncFromDocument);
    syncFromDocument();
}

bool AdmissionTab::proxyNeeded() const
{
    const auto* header = m_table->horizontalHeader();
    return !m_filter->text().isEmpty() || header->sortIndicatorSection() != RequestTableModel::Id || header->sortIndicatorOrder() != Qt::AscendingOrder;
}

void AdmissionTab::updateTableModel()
{
    QAbstractItemModel* want = proxyNeeded() ? static_cast<QAbstractItemModel*>(m_proxy) : m_model;
    if (m_table->model() == want)
        return;
    // Switching the view's model resets its header: keep the user's column widths and sort order.
    const QByteArray state = m_table->horizontalHeader()->saveState();
    if (want == m_model)
        m_proxy->sort(-1); // nothing needs the proxy's sorted order any more
    m_table->setModel(want);
    auto* header = m_table->horizontalHeader();
    header->restoreState(state);
    if (want == m_proxy)
        m_proxy->sort(header->sortIndicatorSection(), header->sortIndicatorOrder());
}

QStringList AdmissionTab::chartKeys() const
{
    return { QStringLiteral("queue"), QStringLiteral("kv"), QStringLiteral("latency"), QStringLiteral("gantt") };
}

PlotView* AdmissionTab::addChart(const QString& key)
{
    auto* view = new PlotView(this);
    view->setObjectName(QStringLiteral("admission_") + key);
    view->setMinimumSize(240, 180);
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
    auto addInt = [&](QFormLayout* form, const QString& field, const QString& label, int lo, int hi, const QString& tip) {
        auto* spin = new QSpinBox(w);
        spin->setRange(lo, hi);
        spin->setKeyboardTracking(false);
        spin->setToolTip(tip);
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
        combo->setObjectName(field);
        m_editors.insert(field, combo);
        connect(combo, &QComboBox::currentIndexChanged, this, [this, field] { commit(field); });
        form->addRow(label, combo);
        return combo;
    };
    auto* lim = group(tr("Server limits (S-LoRA defaults)"));
    addInt(lim, QStringLiteral("limits.maxTotalTokenNum"), tr("max_total_token_num"), 1, 100000000,
        tr("KV-cache token slots on the GPU, shared with adapter weights (rank·4 slots per resident adapter). Default 6000."));
    addInt(lim, QStringLiteral("limits.batchMaxTokens"), tr("batch_max_tokens"), 0, 100000000,
        tr("Max Σ input tokens of a newly admitted (prefill) batch. 0 = S-LoRA's default max(max_total_token_num / 6, max_req_total_len)."));
    addInt(lim, QStringLiteral("limits.runningMaxReqSize"), tr("running_max_req_size"), 1, 100000000, tr("Max requests in the running batch. Default 1000."));
    addInt(lim, QStringLiteral("limits.maxReqTotalLen"), tr("max_req_total_len"), 1, 100000000,
        tr("input + output of one request must not exceed it (else rejected, HTTP 500). Default 3072."));
    addInt(lim, QStringLiteral("limits.maxReqInputLen"), tr("max_req_input_len"), 1, 100000000, tr("Max input length of one request (else rejected). Default 2048."));
    auto* pol = group(tr("Policy and time"));
    addCombo(pol, QStringLiteral("policy"), tr("Policy"), { QStringLiteral("slora"), QStringLiteral("slora-abort"), QStringLiteral("vllm") },
        tr("slora: S-LoRA's FIFO queue (exact); slora-abort: drops requests waiting ≥ 5.5 s; vllm: vLLM-style limits."));
    addInt(pol, QStringLiteral("maxWaitTokens"), tr("max_wait_tokens"), 1, 100000, tr("Decode steps between admission attempts while a batch runs (S-LoRA: 10)."));
    addCombo(pol, QStringLiteral("clock"), tr("Clock"), { tr("steps (1 tick per forward pass)"), tr("cost model (seconds)") },
        tr("Step clock: exact, deterministic teaching (trace times read as ticks). Cost model: seconds from affine prefill/decode costs."));
    QStringList costs;
    for (const auto& c : costModelPresets())
        costs << QString::fromStdString(c.name);
    auto* cost = addCombo(pol, QStringLiteral("cost"), tr("Cost model"), costs, tr("Named cost-model presets (see docs/admission.md for their sources)."));
    for (int i = 0; i < cost->count() && std::size_t(i) < costModelPresets().size(); ++i)
        cost->setItemData(i, QString::fromStdString(costModelPresets()[std::size_t(i)].description), Qt::ToolTipRole);
    auto* vl = group(tr("vLLM policy"));
    addInt(vl, QStringLiteral("vllm.maxNumSeqs"), tr("max_num_seqs"), 1, 1000000, tr("vLLM: max sequences in a batch (256)."));
    addInt(vl, QStringLiteral("vllm.maxNumBatchedTokens"), tr("max_num_batched_tokens"), 0, 100000000, tr("vLLM: max tokens per step; 0 = max(max_model_len, 2048)."));
    addInt(vl, QStringLiteral("vllm.maxLoras"), tr("max_loras"), 1, 100000, tr("vLLM: distinct adapters in one batch (default 1)."));
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
    const auto& l = m_document->spec().limits;
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
    auto setCombo = [&](const char* f, int i) {
        auto* cb = qobject_cast<QComboBox*>(m_editors.value(QString::fromLatin1(f)));
        const QSignalBlocker b(cb);
        cb->setCurrentIndex(i);
    };
    setCombo("policy", int(c.scheduler.policy));
    setCombo("clock", c.clock == ClockKind::Steps ? 0 : 1);
    auto* cost = qobject_cast<QComboBox*>(m_editors.value(QStringLiteral("cost")));
    setCombo("cost", cost->findText(QString::fromStdString(c.cost.name)));
    m_syncing = false;
}

void AdmissionTab::commit(const QString& field)
{
    if (m_syncing)
        return;
    SimulationConfig c = m_document->admissionConfig();
    auto intOf = [&](const char* f) { return std::int64_t(qobject_cast<QSpinBox*>(m_editors.value(QString::fromLatin1(f)))->value()); };
    auto& l = c.scheduler.limits;
    l = m_document->spec().limits;
    l.maxTotalTokenNum = intOf("limits.maxTotalTokenNum");
    l.batchMaxTokens = intOf("limits.batchMaxTokens");
    l.runningMaxReqSize = intOf("limits.runningMaxReqSize");
    l.maxReqTotalLen = intOf("limits.maxReqTotalLen");
    l.maxReqInputLen = intOf("limits.maxReqInputLen");
    c.scheduler.maxWaitTokens = int(intOf("maxWaitTokens"));
    c.scheduler.vllm.maxNumSeqs = intOf("vllm.maxNumSeqs");
    c.scheduler.vllm.maxNumBatchedTokens = intOf("vllm.maxNumBatchedTokens");
    c.scheduler.vllm.maxLoras = intOf("vllm.maxLoras");
    c.scheduler.policy = PolicyKind(qobject_cast<QComboBox*>(m_editors.value(QStringLiteral("policy")))->currentIndex());
    c.clock = qobject_cast<QComboBox*>(m_editors.value(QStringLiteral("clock")))->currentIndex() == 0 ? ClockKind::Steps : ClockKind::Model;
    const int ci = qobject_cast<QComboBox*>(m_editors.value(QStringLiteral("cost")))->currentIndex();
    if (ci >= 0 && std::size_t(ci) < costModelPresets().size())
        c.cost = costModelPresets()[std::size_t(ci)];
    m_document->editAdmission(c, tr("Change %1").arg(field));
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
    // Sorting 100k rows through QVariant costs a few hundred ms: the model's own order is request
    // order, so the default "Request ascending" needs no proxy sort at all.
    const auto* header = m_table->horizontalHeader();
    if (header->sortIndicatorSection() == RequestTableModel::Id && header->sortIndicatorOrder() == Qt::AscendingOrder)
        m_proxy->sort(-1);
    m_model->setAnalysis(a);
    m_gantt->setAnalysis(a);
    const QString unit = a->result.clock == ClockKind::Steps ? tr("steps") : tr("s");
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
    q.y.title = tr("requests (max per bin)");
    q.series = { line(tr("running"), tl.running, kBlue), line(tr("queue"), tl.queue, kOrange) };
    q.y.min = 0.0;
    m_charts.value(QStringLiteral("queue"))->setData(q);

    PlotData kv;
    kv.title = tr("KV tokens: need vs capacity");
    kv.x.title = q.x.title;
    kv.y.title = tr("token slots (max per bin)");
    kv.series = { line(tr("used"), tl.kvUsed, kBlue), line(tr("need"), tl.kvNeed, kRed) };
    if (a->config.scheduler.policy != PolicyKind::Vllm) // vLLM keeps LoRA weights outside the KV blocks
        kv.series.append(line(tr("adapter weights"), tl.adapterSlots, kGreen));
    if (!tl.edges.empty()) {
        PlotSeries cap;
        cap.name = tr("capacity %1").arg(tl.kvCapacity);
        cap.color = kGrey;
        cap.dashed = true;
        cap.points = { QPointF(tl.edges.front(), double(tl.kvCapacity)), QPointF(tl.edges.back(), double(tl.kvCapacity)) };
        kv.series.append(cap);
    }
    kv.y.min = 0.0;
    m_charts.value(QStringLiteral("kv"))->setToolTip(tr("need: S-LoRA's peak KV need of the running batch if every request runs to its end, plus adapter slots;\n"
                                                        "used: tokens held now plus adapter weights (rank·4 slots per resident adapter);\n"
                                                        "adapter weights: the part of used that holds resident adapters."));
    m_charts.value(QStringLiteral("kv"))->setData(kv);

    PlotData lat;
    lat.title = tr("Latency distributions");
    lat.x.title = tr("time (%1)").arg(unit);
    lat.y.title = tr("requests per bin");
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
    m_charts.value(QStringLiteral("latency"))->setData(lat);

    const auto& s = a->result.summary;
    auto fmt = [](double v) { return std::isnan(v) ? QStringLiteral("–") : QString::number(v, 'g', 4); };
    m_summary->setText(tr("<b>%1 requests</b>: %2 finished, %3 rejected, %4 dropped, %5 never admitted.<br>"
                          "Queue wait mean %6 / p90 %7 / p99 %8 %9<br>TTFT mean %10 / p99 %11 · E2E mean %12 / p99 %13<br>"
                          "Peak KV need %14 of %15 · %16 forward passes (%17 prefill) · %18 adapter loads")
                           .arg(s.requests)
                           .arg(s.finished)
                           .arg(s.rejected)
                           .arg(s.dropped)
                           .arg(s.neverAdmitted)
                           .arg(fmt(s.wait.mean), fmt(s.wait.p90), fmt(s.wait.p99), unit, fmt(s.ttft.mean), fmt(s.ttft.p99), fmt(s.e2e.mean), fmt(s.e2e.p99))
                           .arg(s.peakKvNeed)
                           .arg(s.kvCapacity)
                           .arg(s.steps)
                           .arg(s.prefillSteps)
                           .arg(s.adapterLoads));
    m_lastRefreshMs = double(timer.nsecsElapsed()) / 1e6;
    Q_EMIT chartsUpdated();
}

} // namespace lorascope
