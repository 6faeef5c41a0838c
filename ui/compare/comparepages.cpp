// SPDX-License-Identifier: Apache-2.0
// The Compare tab's widgets, built once: the toolbar (pin, load, swap, live B), the placeholder
// shown before there is an A, and the comparison page (header, charts, key figures, parameters).
// What they show is computed and presented in comparetab.cpp.
#include "compare/comparetab.h"

#include "charts/plotview.h"
#include "compare/compareplots.h"
#include "compare/keyfiguremodel.h"
#include "compare/parametermodel.h"
#include "compare/sweepcompare.h"
#include "document/document.h"
#include "widgets/chartgrid.h"
#include "widgets/flowlayout.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabBar>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace lorascope {

QWidget* CompareTab::createToolbar()
{
    auto* bar = new QWidget(this);
    // Wraps onto a second line on a laptop screen instead of pushing the window wider.
    auto* h = new FlowLayout(bar, 6);
    auto* pin = new QToolButton(bar);
    pin->setDefaultAction(m_pinAction);
    pin->setText(tr("Pin current as A"));
    pin->setToolButtonStyle(Qt::ToolButtonTextOnly);
    h->addWidget(pin);
    auto* loadA = new QPushButton(tr("Load A…"), bar);
    loadA->setObjectName(QStringLiteral("loadA"));
    loadA->setToolTip(tr("Read A from a session or spec file."));
    h->addWidget(loadA);
    m_loadB = new QPushButton(tr("Load B…"), bar);
    m_loadB->setObjectName(QStringLiteral("loadB"));
    m_loadB->setToolTip(tr("Read B from a session or spec file (B then no longer follows your edits)."));
    h->addWidget(m_loadB);
    m_liveB = new QPushButton(tr("B = live parameters"), bar);
    m_liveB->setObjectName(QStringLiteral("liveB"));
    m_liveB->setToolTip(tr("B follows the parameters you edit in the Workload and Admission tabs again."));
    h->addWidget(m_liveB);
    m_swap = new QPushButton(tr("Swap A ↔ B"), bar);
    m_swap->setObjectName(QStringLiteral("swapAB"));
    m_swap->setToolTip(tr(
        "Exchange A and B. With a live B, the document takes A's parameters (undoable) and A keeps the ones you had."));
    h->addWidget(m_swap);
    m_sameServer = new QCheckBox(tr("Same server for A and B"), bar);
    m_sameServer->setObjectName(QStringLiteral("sameServer"));
    m_sameServer->setChecked(true);
    m_sameServer->setToolTip(tr("On: both workloads are previewed with B's limits, policy, clock and cost model, so "
                                "only the workload differs.\n"
                                "Off: each side keeps its own server limits and admission settings."));
    h->addWidget(m_sameServer);
    auto* policyBox = new QWidget(bar);
    auto* policyRow = new QHBoxLayout(policyBox);
    policyRow->setContentsMargins(0, 0, 0, 0);
    auto* policyLabel = new QLabel(tr("B runs on:"), policyBox);
    policyRow->addWidget(policyLabel);
    m_policyB = new QComboBox(policyBox);
    m_policyB->setObjectName(QStringLiteral("policyB"));
    m_policyB->addItem(tr("its own policy"), -1);
    for (PolicyKind p : { PolicyKind::SLora, PolicyKind::SLoraAbort, PolicyKind::Vllm, PolicyKind::Sglang })
        m_policyB->addItem(valueLabel(QStringLiteral("policy"), QString::fromStdString(policyName(p))), int(p));
    m_policyB->setToolTip(tr(
        "The server B's workload runs on. With “Same server for A and B”, both sides share every setting and B "
        "only swaps the scheduler: the same workload on S-LoRA, vLLM V1 or SGLang side by side. Each policy reads its "
        "own settings (the boxes of the Admission tab); the differences are listed with the server's own names."));
    policyLabel->setBuddy(m_policyB);
    policyRow->addWidget(m_policyB);
    h->addWidget(policyBox);
    connect(m_policyB, &QComboBox::currentIndexChanged, this, [this] {
        updateHeader();
        schedule();
    });
    auto* latBox = new QWidget(bar);
    auto* latRow = new QHBoxLayout(latBox);
    latRow->setContentsMargins(0, 0, 0, 0);
    auto* latLabel = new QLabel(tr("Percentile chart:"), latBox);
    latRow->addWidget(latLabel);
    m_latencyChoice = new QComboBox(latBox);
    m_latencyChoice->setObjectName(QStringLiteral("latencyChoice"));
    m_latencyChoice->addItem(tr("Queue wait"), int(CompareLatency::Wait));
    m_latencyChoice->addItem(tr("TTFT"), int(CompareLatency::Ttft));
    m_latencyChoice->addItem(tr("E2E latency"), int(CompareLatency::E2e));
    m_latencyChoice->setToolTip(tr("Which latency the percentile chart shows."));
    latLabel->setBuddy(m_latencyChoice);
    latRow->addWidget(m_latencyChoice);
    h->addWidget(latBox);
    h->addStretch();
    m_busy = new QProgressBar(bar);
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(120);
    m_busy->setMaximumHeight(14);
    m_busy->setTextVisible(false);
    m_busy->setVisible(false);
    h->addWidget(m_busy);
    m_export = new QPushButton(tr("Export comparison…"), bar);
    m_export->setObjectName(QStringLiteral("exportComparison"));
    m_export->setToolTip(tr("Save the whole comparison (what differs, key numbers, parameters and all charts) as one "
                            "PNG or SVG picture.\nRight-click a chart to export it alone."));
    h->addWidget(m_export);

    connect(loadA, &QPushButton::clicked, this, [this] {
        const QString path
            = QFileDialog::getOpenFileName(this, tr("Load A"), QString(), tr("LoraScope sessions or specs (*.json)"));
        if (!path.isEmpty())
            if (const QString err = loadSide(Side::A, path); !err.isEmpty())
                QMessageBox::warning(this, tr("Load A"), err);
    });
    connect(m_loadB, &QPushButton::clicked, this, [this] {
        const QString path
            = QFileDialog::getOpenFileName(this, tr("Load B"), QString(), tr("LoraScope sessions or specs (*.json)"));
        if (!path.isEmpty())
            if (const QString err = loadSide(Side::B, path); !err.isEmpty())
                QMessageBox::warning(this, tr("Load B"), err);
    });
    connect(m_liveB, &QPushButton::clicked, this, &CompareTab::useLiveB);
    connect(m_swap, &QPushButton::clicked, this, &CompareTab::swap);
    connect(m_sameServer, &QCheckBox::toggled, this, [this] {
        updateHeader();
        schedule();
    });
    connect(m_latencyChoice, &QComboBox::currentIndexChanged, this, [this] {
        if (m_comparison)
            m_charts.value(QStringLiteral("latency"))
                ->setData(compareLatencyPlot(*m_comparison, CompareLatency(m_latencyChoice->currentData().toInt())));
    });
    connect(
        m_export, &QPushButton::clicked, this, [this] { Q_EMIT exportRequested(m_page, QStringLiteral("compare")); });
    return bar;
}

QWidget* CompareTab::createPlaceholder()
{
    auto* page = new QWidget(this);
    auto* v = new QVBoxLayout(page);
    v->addStretch(1);
    auto* text = new QLabel(page);
    text->setObjectName(QStringLiteral("comparePlaceholder"));
    text->setAlignment(Qt::AlignCenter);
    text->setWordWrap(true);
    text->setText(
        tr("<h2>A/B compare of two parameter sets</h2>"
           "<p><b>Pin current as A</b> (Ctrl+Shift+A) keeps the parameters you have now as A. Then keep editing in the "
           "Workload and Admission tabs: your live parameters are B.</p>"
           "<p>Or load A and B from session files. The header lists what differs; the charts overlay "
           "%1 <b>A</b> and %2 <b>B</b>, and the table compares the key numbers and the admission preview of both.</p>")
            .arg(compareSwatch(compareColorA()), compareSwatch(compareColorB())));
    v->addWidget(text);
    auto* row = new QHBoxLayout;
    row->addStretch(1);
    auto* pin = new QPushButton(tr("Pin current as A"), page);
    connect(pin, &QPushButton::clicked, this, &CompareTab::pinCurrentAsA);
    row->addWidget(pin);
    row->addStretch(1);
    v->addLayout(row);
    v->addStretch(2);
    return page;
}

QWidget* CompareTab::createComparisonPage()
{
    auto* page = new QWidget(this);
    page->setObjectName(QStringLiteral("comparisonPage"));
    m_page = page;
    auto* v = new QVBoxLayout(page);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(2);
    m_header = new QLabel(page);
    m_header->setObjectName(QStringLiteral("compareHeader"));
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_header->setStyleSheet(QStringLiteral("QLabel { background: palette(alternate-base); padding: 4px; }"));
    v->addWidget(m_header);
    m_error = new QLabel(page);
    m_error->setObjectName(QStringLiteral("compareError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("QLabel { background: #fde7e9; color: #8a0010; padding: 4px; }"));
    m_error->setVisible(false);
    v->addWidget(m_error);

    auto* split = new QSplitter(Qt::Horizontal, page);
    split->setObjectName(QStringLiteral("compareSplitter"));
    v->addWidget(split, 1);

    auto* left = new QWidget(split);
    auto* lv = new QVBoxLayout(left);
    lv->setContentsMargins(0, 0, 0, 0);
    lv->setSpacing(2);
    auto* leftSplit = new QSplitter(Qt::Vertical, left);
    leftSplit->setObjectName(QStringLiteral("compareLeftSplitter"));
    lv->addWidget(leftSplit, 1);
    auto makeTable = [leftSplit](QAbstractItemModel* model, const QString& name, const QString& title) {
        auto* box = new QWidget(leftSplit);
        auto* bv = new QVBoxLayout(box);
        bv->setContentsMargins(0, 0, 0, 0);
        bv->setSpacing(1);
        auto* label = new QLabel(QStringLiteral("<b>%1</b>").arg(title), box);
        bv->addWidget(label);
        auto* table = new QTableView(box);
        table->setObjectName(name);
        table->setModel(model);
        table->verticalHeader()->setVisible(false);
        table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
        // Key numbers: the figure's name takes the room, the numbers their width. Parameters: the
        // name its width, A and B share the rest (long values elided, whole in the tool tip).
        const bool params = name == QLatin1String("parameters");
        table->horizontalHeader()->setSectionResizeMode(
            0, params ? QHeaderView::ResizeToContents : QHeaderView::Stretch);
        for (int c = 1; c < model->columnCount(); ++c)
            table->horizontalHeader()->setSectionResizeMode(
                c, params ? QHeaderView::Stretch : QHeaderView::ResizeToContents);
        table->setTextElideMode(Qt::ElideMiddle);
        table->setAlternatingRowColors(true);
        table->setSelectionBehavior(QAbstractItemView::SelectRows);
        table->setEditTriggers(QAbstractItemView::NoEditTriggers);
        bv->addWidget(table, 1);
        leftSplit->addWidget(box);
        return table;
    };
    m_table = makeTable(m_model, QStringLiteral("keyFigures"), tr("Key numbers"));
    m_paramTable = makeTable(m_params, QStringLiteral("parameters"), tr("Parameters"));
    leftSplit->setStretchFactor(0, 3);
    leftSplit->setStretchFactor(1, 2);
    m_note = new QLabel(left);
    m_note->setObjectName(QStringLiteral("compareNote"));
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    lv->addWidget(m_note);
    left->setMinimumWidth(260);
    m_side = left;

    m_grid = new ChartGrid(4, QSize(260, 230), split);
    m_grid->setObjectName(QStringLiteral("compareCharts"));
    for (const char* key : { "popularity", "gaps", "input", "output", "arrivals", "latency", "running", "queue" })
        m_grid->addChart(addChart(QString::fromLatin1(key)));

    split->addWidget(left);
    split->addWidget(m_grid);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setCollapsible(1, false);
    split->setSizes({ 460, 1500 });
    return page;
}

PlotView* CompareTab::addChart(const QString& key)
{
    auto* view = new PlotView(m_grid);
    view->setObjectName(QStringLiteral("compare_") + key);
    m_charts.insert(key, view);
    m_chartOrder << key;
    connect(view, &PlotView::exportRequested, this,
        [this, view, key] { Q_EMIT exportRequested(view, QStringLiteral("compare.") + key); });
    return view;
}

} // namespace lorascope
