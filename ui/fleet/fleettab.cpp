// SPDX-License-Identifier: Apache-2.0
// The Fleet view: settings, the job, and the layout (charts and tables are filled in fleetviews.cpp).
#include "fleet/fleettab.h"

#include "charts/plotview.h"
#include "document/document.h"
#include "fleet/decisionmodel.h"
#include "fleet/fleettext.h"
#include "fleet/residencyview.h"
#include "widgets/chartgrid.h"
#include "widgets/sidepanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace lorascope {

namespace {

/// Traces up to this size run as soon as something changes; larger ones wait for Run.
constexpr std::size_t kAutoFleetLimit = 300000;

QComboBox* routerCombo(QWidget* parent)
{
    auto* c = new QComboBox(parent);
    for (RouterKind r : allRouters()) {
        c->addItem(FleetText::routerTitle(r), int(r));
        c->setItemData(c->count() - 1, FleetText::routerDescription(r), Qt::ToolTipRole);
    }
    c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    c->setMinimumContentsLength(18);
    return c;
}

} // namespace

FleetTab::FleetTab(Document* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_jobs(this)
{
    const SidePanel side
        = createSidePanel(this, createSettings(), QStringLiteral("fleetSplitter"), QStringLiteral("fleetSettings"));
    m_side = side.scroll;
    auto* right = new QSplitter(Qt::Vertical, side.splitter);
    right->setObjectName(QStringLiteral("fleetRightSplitter"));
    m_grid = new ChartGrid(3, QSize(280, 190), right);
    m_grid->setObjectName(QStringLiteral("fleetCharts"));
    m_grid->addChart(addChart(QStringLiteral("running")));
    m_grid->addChart(addChart(QStringLiteral("waiting")));
    auto* residencyBox = new QWidget(m_grid);
    residencyBox->setObjectName(QStringLiteral("fleetResidency"));
    auto* rv = new QVBoxLayout(residencyBox);
    rv->setContentsMargins(0, 0, 0, 0);
    m_residencyReplica = new QComboBox(residencyBox);
    m_residencyReplica->setToolTip(
        tr("All replicas: the colour counts the replicas holding the adapter. One replica: the share of each "
           "time bin the adapter was on its GPU."));
    rv->addWidget(m_residencyReplica);
    m_residency = new ResidencyView(residencyBox);
    m_residency->setObjectName(QStringLiteral("residencyView"));
    m_residency->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_residency, &QWidget::customContextMenuRequested, this,
        [this] { Q_EMIT exportRequested(m_residency, QStringLiteral("fleet.residency")); });
    rv->addWidget(m_residency, 1);
    m_grid->addChart(residencyBox);
    m_grid->addChart(addChart(QStringLiteral("compare")));
    connect(m_residencyReplica, &QComboBox::currentIndexChanged, this,
        [this] { m_residency->setReplica(m_residencyReplica->currentData().toInt()); });
    right->addWidget(m_grid);

    auto* lower = new QTabWidget(right);
    lower->setObjectName(QStringLiteral("fleetLowerTabs"));
    auto* decisionsPage = new QWidget(lower);
    auto* dv = new QVBoxLayout(decisionsPage);
    dv->setContentsMargins(0, 0, 0, 0);
    m_decisions = new DecisionModel(this);
    m_decisionTable = new QTableView(decisionsPage);
    m_decisionTable->setObjectName(QStringLiteral("fleetDecisions"));
    m_decisionTable->setModel(m_decisions);
    m_decisionTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_decisionTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_decisionTable->verticalHeader()->setVisible(false);
    m_decisionTable->verticalHeader()->setDefaultSectionSize(m_decisionTable->fontMetrics().height() + 6);
    m_decisionTable->horizontalHeader()->setStretchLastSection(true);
    dv->addWidget(m_decisionTable, 1);
    m_decisionText = new QLabel(decisionsPage);
    m_decisionText->setObjectName(QStringLiteral("fleetDecisionText"));
    m_decisionText->setWordWrap(true);
    m_decisionText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_decisionText->setText(tr("Hover over a request, or select it, to see why the router sent it where it did."));
    dv->addWidget(m_decisionText);
    connect(m_decisionTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) { m_decisionText->setText(m_decisions->explanation(current.row())); });
    lower->addTab(decisionsPage, tr("Routing decisions"));
    m_replicaTable = new QTableWidget(lower);
    m_replicaTable->setObjectName(QStringLiteral("fleetReplicas"));
    m_replicaTable->verticalHeader()->setVisible(false);
    m_replicaTable->verticalHeader()->setDefaultSectionSize(m_replicaTable->fontMetrics().height() + 6);
    m_replicaTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    lower->addTab(m_replicaTable, tr("Replicas"));
    auto* comparePage = new QWidget(lower);
    auto* cv = new QVBoxLayout(comparePage);
    m_compareSummary = new QLabel(comparePage);
    m_compareSummary->setObjectName(QStringLiteral("fleetCompareSummary"));
    m_compareSummary->setWordWrap(true);
    cv->addWidget(m_compareSummary);
    m_compareTable = new QTableWidget(comparePage);
    m_compareTable->setObjectName(QStringLiteral("fleetCompare"));
    m_compareTable->verticalHeader()->setVisible(false);
    m_compareTable->verticalHeader()->setDefaultSectionSize(m_compareTable->fontMetrics().height() + 6);
    m_compareTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    cv->addWidget(m_compareTable, 1);
    lower->addTab(comparePage, tr("A/B compare"));
    right->addWidget(lower);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    right->setCollapsible(0, false);
    right->setCollapsible(1, false);
    side.splitter->addWidget(right);
    side.splitter->setStretchFactor(0, 0);
    side.splitter->setStretchFactor(1, 1);
    side.splitter->setCollapsible(1, false);
    side.splitter->setSizes({ side.settingsWidth(420), 1000 });

    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(200);
    connect(&m_coalesce, &QTimer::timeout, this, [this] {
        const auto trace = m_document->trace();
        if (isVisible() && trace && trace->requests.size() <= kAutoFleetLimit)
            recompute();
        else
            m_dirty = true;
    });
    connect(m_document, &Document::workloadChanged, this, &FleetTab::scheduleRecompute);
    connect(m_document, &Document::admissionConfigChanged, this, &FleetTab::scheduleRecompute);
    fillCharts();
    fillTables();
}

FleetTab::~FleetTab() = default;

PlotView* FleetTab::addChart(const QString& key)
{
    auto* v = new PlotView(this);
    v->setObjectName(QStringLiteral("fleetChart_") + key);
    v->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(v, &QWidget::customContextMenuRequested, this,
        [this, v, key] { Q_EMIT exportRequested(v, QStringLiteral("fleet.") + key); });
    m_charts.insert(key, v);
    return v;
}

QWidget* FleetTab::createSettings()
{
    auto* page = new QWidget(this);
    auto* v = new QVBoxLayout(page);
    auto* intro = new QLabel(
        tr("The current workload routed over a fleet of replicas. Every replica runs the Admission tab's server and "
           "cost model; the router decides at each arrival from what it can see."),
        page);
    intro->setWordWrap(true);
    v->addWidget(intro);

    auto* fleetBox = new QGroupBox(tr("Fleet A"), page);
    auto* form = new QFormLayout(fleetBox);
    m_replicas = new QSpinBox(fleetBox);
    m_replicas->setRange(1, 256);
    m_replicas->setValue(4);
    m_replicas->setSuffix(tr(" replica(s)"));
    m_replicas->setToolTip(
        tr("Copies of the server behind the router; each is one model server (vLLM or S-LoRA) on its own GPUs."));
    form->addRow(tr("Replicas:"), m_replicas);
    m_gpus = new QSpinBox(fleetBox);
    m_gpus->setRange(1, 64);
    m_gpus->setSuffix(tr(" GPU(s)"));
    m_gpus->setToolTip(tr("GPUs one replica uses (tensor parallelism); only for the totals in GPUs."));
    form->addRow(tr("Per replica:"), m_gpus);
    m_router = routerCombo(fleetBox);
    m_router->setCurrentIndex(m_router->findData(int(RouterKind::GieLoraFilter)));
    form->addRow(tr("Router:"), m_router);
    m_routerNote = new QLabel(fleetBox);
    m_routerNote->setWordWrap(true);
    m_routerNote->setObjectName(QStringLiteral("fleetRouterNote"));
    form->addRow(QString(), m_routerNote);
    m_staleness = new QDoubleSpinBox(fleetBox);
    m_staleness->setRange(0, 60000);
    m_staleness->setDecimals(0);
    m_staleness->setSingleStep(50);
    m_staleness->setValue(50);
    m_staleness->setSuffix(tr(" ms"));
    m_staleness->setSpecialValueText(tr("0 ms: perfect information"));
    m_staleness->setToolTip(tr("How often the router scrapes the replicas' metrics (GIE and AIBrix: every 50 ms). "
                               "Between scrapes it routes on "
                               "what it saw last; 0 = it sees every replica as it is at each decision."));
    form->addRow(tr("Metrics every:"), m_staleness);
    m_placement = new QComboBox(fleetBox);
    m_placement->addItem(tr("Dynamic: loaded where routed"), int(PlacementConfig::Kind::Dynamic));
    m_placement->addItem(tr("Static: each adapter pinned"), int(PlacementConfig::Kind::Static));
    m_placement->setToolTip(
        tr("Dynamic: any replica loads any adapter when a request needs it. Static: each adapter lives on its replicas "
           "only (chosen greedily by expected load), and the router chooses among those."));
    form->addRow(tr("Adapters:"), m_placement);
    m_copies = new QSpinBox(fleetBox);
    m_copies->setRange(1, 256);
    m_copies->setSuffix(tr(" replica(s) each"));
    m_copies->setToolTip(tr("Static placement: on how many replicas each adapter is pinned."));
    form->addRow(tr("Pinned to:"), m_copies);
    v->addWidget(fleetBox);

    auto* bBox = new QGroupBox(tr("Compare with fleet B"), page);
    auto* bf = new QFormLayout(bBox);
    m_compare = new QCheckBox(tr("Run fleet B on the same workload"), bBox);
    m_compare->setToolTip(tr(
        "B is fleet A with another router or another number of replicas; the A/B compare page and chart show both."));
    bf->addRow(m_compare);
    m_routerB = routerCombo(bBox);
    m_routerB->setCurrentIndex(m_routerB->findData(int(RouterKind::RoundRobin)));
    bf->addRow(tr("Router B:"), m_routerB);
    m_replicasB = new QSpinBox(bBox);
    m_replicasB->setRange(1, 256);
    m_replicasB->setValue(4);
    m_replicasB->setSuffix(tr(" replica(s)"));
    bf->addRow(tr("Replicas B:"), m_replicasB);
    v->addWidget(bBox);

    auto* run = new QPushButton(tr("Run"), page);
    run->setToolTip(
        tr("Route and preview the workload now (it runs by itself after a change, up to 300,000 requests)."));
    v->addWidget(run);
    m_summary = new QLabel(page);
    m_summary->setObjectName(QStringLiteral("fleetSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_summary);
    v->addStretch(1);

    m_editors = { { QStringLiteral("replicas"), m_replicas }, { QStringLiteral("gpus"), m_gpus },
        { QStringLiteral("router"), m_router }, { QStringLiteral("staleness"), m_staleness },
        { QStringLiteral("placement"), m_placement }, { QStringLiteral("copies"), m_copies },
        { QStringLiteral("compare"), m_compare }, { QStringLiteral("routerB"), m_routerB },
        { QStringLiteral("replicasB"), m_replicasB }, { QStringLiteral("run"), run } };
    auto changed = [this] {
        m_routerNote->setText(FleetText::routerDescription(RouterKind(m_router->currentData().toInt())));
        m_copies->setEnabled(m_placement->currentIndex() == 1);
        m_routerB->setEnabled(m_compare->isChecked());
        m_replicasB->setEnabled(m_compare->isChecked());
        scheduleRecompute();
    };
    for (QSpinBox* s : { m_replicas, m_gpus, m_copies, m_replicasB })
        connect(s, &QSpinBox::valueChanged, this, changed);
    connect(m_staleness, &QDoubleSpinBox::valueChanged, this, changed);
    for (QComboBox* c : { m_router, m_placement, m_routerB })
        connect(c, &QComboBox::currentIndexChanged, this, changed);
    connect(m_compare, &QCheckBox::toggled, this, changed);
    connect(run, &QPushButton::clicked, this, &FleetTab::recompute);
    m_routerNote->setText(FleetText::routerDescription(RouterKind(m_router->currentData().toInt())));
    m_copies->setEnabled(false);
    m_routerB->setEnabled(false);
    m_replicasB->setEnabled(false);
    return page;
}

FleetConfig FleetTab::fleetConfig(bool b) const
{
    const SimulationConfig& server = m_document->admissionConfig();
    FleetConfig f = uniformFleet(b ? m_replicasB->value() : m_replicas->value(), server.scheduler, server.cost.name,
        RouterKind((b ? m_routerB : m_router)->currentData().toInt()));
    f.groups[0].costValue = server.cost;
    f.groups[0].gpusPerReplica = m_gpus->value();
    f.stalenessMs = m_staleness->value();
    f.stalenessTicks = 0;
    f.placement.kind = PlacementConfig::Kind(m_placement->currentData().toInt());
    f.placement.replicasPerAdapter = std::min(m_copies->value(), f.replicaCount());
    return f;
}

QJsonObject FleetTab::settings() const
{
    auto router
        = [](const QComboBox* c) { return QString::fromStdString(routerName(RouterKind(c->currentData().toInt()))); };
    QJsonObject o;
    o.insert(QStringLiteral("replicas"), m_replicas->value());
    o.insert(QStringLiteral("gpusPerReplica"), m_gpus->value());
    o.insert(QStringLiteral("router"), router(m_router));
    o.insert(QStringLiteral("stalenessMs"), m_staleness->value());
    o.insert(QStringLiteral("placement"),
        PlacementConfig::Kind(m_placement->currentData().toInt()) == PlacementConfig::Kind::Static
            ? QStringLiteral("static")
            : QStringLiteral("dynamic"));
    o.insert(QStringLiteral("replicasPerAdapter"), m_copies->value());
    o.insert(QStringLiteral("compare"), m_compare->isChecked());
    o.insert(QStringLiteral("routerB"), router(m_routerB));
    o.insert(QStringLiteral("replicasB"), m_replicasB->value());
    return o;
}

void FleetTab::applySettings(const QJsonObject& o)
{
    auto setRouter = [&o](QComboBox* c, const QString& key) {
        if (const auto kind = routerFromName(o.value(key).toString().toStdString()))
            c->setCurrentIndex(c->findData(int(*kind)));
    };
    auto setInt = [&o](QSpinBox* s, const QString& key) {
        if (o.value(key).isDouble())
            s->setValue(o.value(key).toInt());
    };
    setInt(m_replicas, QStringLiteral("replicas"));
    setInt(m_gpus, QStringLiteral("gpusPerReplica"));
    setRouter(m_router, QStringLiteral("router"));
    if (o.value(QStringLiteral("stalenessMs")).isDouble())
        m_staleness->setValue(o.value(QStringLiteral("stalenessMs")).toDouble());
    const QString placement = o.value(QStringLiteral("placement")).toString();
    if (placement == QStringLiteral("static") || placement == QStringLiteral("dynamic"))
        m_placement->setCurrentIndex(m_placement->findData(int(
            placement == QStringLiteral("static") ? PlacementConfig::Kind::Static : PlacementConfig::Kind::Dynamic)));
    setInt(m_copies, QStringLiteral("replicasPerAdapter"));
    if (o.value(QStringLiteral("compare")).isBool())
        m_compare->setChecked(o.value(QStringLiteral("compare")).toBool());
    setRouter(m_routerB, QStringLiteral("routerB"));
    setInt(m_replicasB, QStringLiteral("replicasB"));
}

void FleetTab::scheduleRecompute()
{
    m_dirty = true;
    m_coalesce.start();
}

void FleetTab::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        m_coalesce.start(0);
}

void FleetTab::recompute()
{
    const auto trace = m_document->trace();
    if (!trace)
        return;
    m_dirty = false;
    auto job = std::make_shared<FleetAnalysis>();
    job->trace = trace;
    job->configA = fleetConfig(false);
    if (m_compare->isChecked())
        job->configB = fleetConfig(true);
    const ClockKind clock = m_document->admissionConfig().clock;
    m_summary->setText(
        tr("Routing %n request(s)…", nullptr, int(std::min<std::size_t>(trace->requests.size(), INT32_MAX))));
    m_jobs.run(
        [job, clock](std::atomic<bool>& cancel) -> std::shared_ptr<const FleetAnalysis> {
            ProgressSink sink;
            sink.cancel = &cancel;
            FleetOptions o;
            o.clock = clock;
            o.recordSeries = true;
            o.threads = 1; // the GUI keeps the other core
            try {
                job->a = std::make_shared<const FleetResult>(simulateFleet(*job->trace, job->configA, o, sink));
                if (job->configB) {
                    o.recordDecisions = false;
                    job->b = std::make_shared<const FleetResult>(simulateFleet(*job->trace, *job->configB, o, sink));
                }
            } catch (const Cancelled&) {
                return nullptr;
            } catch (const std::exception& e) {
                job->error = QString::fromStdString(e.what());
            }
            return job;
        },
        [this](std::shared_ptr<const FleetAnalysis> result) {
            if (result)
                deliver(std::move(result));
        });
}

void FleetTab::deliver(std::shared_ptr<const FleetAnalysis> analysis)
{
    m_analysis = std::move(analysis);
    m_decisions->setRun(m_analysis->trace, m_analysis->a);
    m_decisionTable->resizeColumnsToContents(); // adapter names whole (Qt measures the first 1000 rows)
    fillCharts();
    fillTables();
    Q_EMIT resultsUpdated();
}

QString FleetTab::summaryText() const
{
    return m_summary->text();
}
QString FleetTab::compareText() const
{
    return m_compareSummary->text();
}
QString FleetTab::decisionText() const
{
    return m_decisionText->text();
}

} // namespace lorascope
