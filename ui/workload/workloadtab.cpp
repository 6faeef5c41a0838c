// SPDX-License-Identifier: Apache-2.0
#include "workload/workloadtab.h"

#include "charts/plotview.h"
#include "document/document.h"
#include "workload/explain.h"
#include "workload/parameterpanel.h"
#include "workload/rasterview.h"
#include "workload/sessioncharts.h"
#include "workload/workloadcharts.h"
#include "widgets/chartgrid.h"
#include "widgets/stalebar.h"

#include <QCheckBox>
#include <QElapsedTimer>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace lorascope {

WorkloadTab::WorkloadTab(Document* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_panel(new ParameterPanel(document, this))
    , m_explain(new QTextBrowser(this))
    , m_banner(new QLabel(this))
    , m_logLog(new QCheckBox(tr("log–log"), this))
    , m_raster(new RasterView(this))
    , m_explainLater(new QTimer(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("workloadSplitter"));
    layout->addWidget(split);

    auto* left = new QSplitter(Qt::Vertical, split);
    left->setObjectName(QStringLiteral("workloadLeftSplitter"));
    m_side = left;
    auto* scroll = new QScrollArea(left);
    scroll->setWidget(m_panel);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    scroll->setMinimumWidth(200);
    m_explain->setObjectName(QStringLiteral("explainPanel"));
    m_explain->setOpenExternalLinks(false);
    m_explain->setMinimumHeight(60);
    left->addWidget(scroll);
    left->addWidget(m_explain);
    // The explain panel gets a good share of the column (drag the handle to give it more).
    left->setStretchFactor(0, 3);
    left->setStretchFactor(1, 2);
    left->setCollapsible(0, false);

    auto* right = new QWidget(split);
    auto* rv = new QVBoxLayout(right);
    rv->setContentsMargins(0, 0, 0, 0);
    m_banner->setWordWrap(true);
    m_banner->setVisible(false);
    m_banner->setStyleSheet(QStringLiteral("QLabel { background: #fff4ce; color: #3b2f00; padding: 4px; }"));
    auto* bannerRow = new QHBoxLayout;
    bannerRow->addWidget(m_banner, 1);
    auto* back = new QPushButton(tr("Back to the generator"), right);
    back->setVisible(false);
    bannerRow->addWidget(back);
    rv->addLayout(bannerRow);
    connect(back, &QPushButton::clicked, m_document, &Document::clearImportedTrace);
    connect(m_document, &Document::workloadChanged, back,
        [this, back] { back->setVisible(m_document->hasImportedTrace()); });

    // Two or three columns on a laptop or desktop screen, one (scrolling) on a narrow window.
    m_grid = new ChartGrid(3, QSize(280, 190), right);
    m_grid->setObjectName(QStringLiteral("workloadCharts"));
    m_stale = new StaleBar(m_grid, right);
    rv->addWidget(m_stale);
    rv->addWidget(m_grid, 1);
    m_staleSoon = new QTimer(this);
    m_staleSoon->setSingleShot(true);
    m_staleSoon->setInterval(0);
    connect(m_staleSoon, &QTimer::timeout, this, &WorkloadTab::updateStale);
    for (auto signal : { &Document::specChanged, &Document::workloadChanged })
        connect(m_document, signal, m_staleSoon, qOverload<>(&QTimer::start));
    connect(m_document, &Document::busyChanged, m_staleSoon, qOverload<>(&QTimer::start));
    auto* popBox = new QWidget(right);
    auto* popLayout = new QVBoxLayout(popBox);
    popLayout->setContentsMargins(0, 0, 0, 0);
    popLayout->setSpacing(0);
    popLayout->addWidget(addChart(QStringLiteral("popularity")), 1);
    m_logLog->setObjectName(QStringLiteral("popularityLogLog"));
    m_logLog->setToolTip(tr("Show the popularity chart on log–log axes (power laws become straight lines)."));
    popLayout->addWidget(m_logLog, 0, Qt::AlignRight);
    m_grid->addChart(popBox);
    m_grid->addChart(addChart(QStringLiteral("gaps")));
    m_grid->addChart(addChart(QStringLiteral("input")));
    m_grid->addChart(addChart(QStringLiteral("output")));
    m_grid->addChart(addChart(QStringLiteral("timeline")));
    m_grid->addChart(m_raster);
    m_raster->setObjectName(QStringLiteral("raster"));
    m_raster->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_raster, &QWidget::customContextMenuRequested, this,
        [this] { Q_EMIT exportRequested(m_raster, QStringLiteral("raster")); });
    m_chartOrder << QStringLiteral("raster");
    // Sessions and shared prefixes (workload/sessioncharts.cpp): shown when the workload has them.
    for (const auto& key : { QStringLiteral("turns"), QStringLiteral("context"), QStringLiteral("prefixShare") }) {
        m_grid->addChart(addChart(key));
        m_grid->setChartShown(m_charts.value(key), false);
    }

    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setCollapsible(1, false);
    split->setSizes({ std::min(m_panel->sizeHint().width() + 24, 380), 1000 });

    connect(m_logLog, &QCheckBox::toggled, this, &WorkloadTab::refreshPopularity);
    connect(m_panel, &ParameterPanel::parameterFocused, this, &WorkloadTab::explain);
    connect(m_document, &Document::workloadChanged, this, &WorkloadTab::refresh);
    connect(m_stale, &StaleBar::actionClicked, this, [this] {
        if (m_document->busy())
            m_document->cancel();
        else
            m_document->regenerate();
    });
    connect(m_document, &Document::specChanged, this, &WorkloadTab::scheduleExplain);
    // 40 ms: after the charts of a new trace (applied one per event-loop turn) have painted, and
    // still within a frame or two of the edit.
    m_explainLater->setSingleShot(true);
    m_explainLater->setInterval(40);
    connect(m_explainLater, &QTimer::timeout, this, [this] { explain(m_explainField); });
    explain(QString());
}

PlotView* WorkloadTab::addChart(const QString& key)
{
    auto* view = new PlotView(this);
    view->setObjectName(key + QStringLiteral("Chart"));
    m_charts.insert(key, view);
    m_chartOrder << key;
    connect(view, &PlotView::exportRequested, this, [this, view, key] { Q_EMIT exportRequested(view, key); });
    return view;
}

void WorkloadTab::refreshPopularity()
{
    if (auto a = m_document->workload())
        m_charts.value(QStringLiteral("popularity"))->setData(popularityPlot(*a, m_logLog->isChecked()));
}

void WorkloadTab::refresh()
{
    QElapsedTimer timer;
    timer.start();
    const auto a = m_document->workload();
    if (!a)
        return;
    refreshPopularity();
    m_charts.value(QStringLiteral("gaps"))->setData(gapPlot(*a));
    m_charts.value(QStringLiteral("input"))->setData(lengthPlot(*a, true));
    m_charts.value(QStringLiteral("output"))->setData(lengthPlot(*a, false));
    m_charts.value(QStringLiteral("timeline"))->setData(timelinePlot(*a));
    m_raster->setAnalysis(a);
    const auto& ss = a->stats.sessions;
    m_grid->setChartShown(m_charts.value(QStringLiteral("turns")), ss.sessions);
    m_grid->setChartShown(m_charts.value(QStringLiteral("context")), ss.sessions);
    m_grid->setChartShown(m_charts.value(QStringLiteral("prefixShare")), ss.prefixes);
    if (ss.sessions) {
        m_charts.value(QStringLiteral("turns"))->setData(turnsPlot(*a));
        m_charts.value(QStringLiteral("context"))->setData(contextGrowthPlot(*a));
    }
    if (ss.prefixes)
        m_charts.value(QStringLiteral("prefixShare"))->setData(prefixSharePlot(*a));
    if (m_document->hasImportedTrace()) {
        m_banner->setText(tr("Showing the imported trace <b>%1</b> (%2 requests). Theory curves need a model, so only "
                             "the data is drawn.")
                              .arg(m_document->importSource().toHtmlEscaped())
                              .arg(a->stats.count));
        m_banner->setVisible(true);
    } else {
        m_banner->setVisible(false);
    }
    scheduleExplain();
    m_lastRefreshMs = double(timer.nsecsElapsed()) / 1e6;
    Q_EMIT chartsUpdated();
}

void WorkloadTab::scheduleExplain()
{
    m_explainLater->start();
}

void WorkloadTab::explain(const QString& field)
{
    m_explainLater->stop();
    m_explainField = field;
    const auto a = m_document->workload();
    QString html = explainHtml(field, m_document->spec(), a.get());
    if (html == m_explainHtml)
        return;
    m_explainHtml = std::move(html);
    m_explain->setHtml(m_explainHtml);
}

QString WorkloadTab::staleText() const
{
    return m_stale->text();
}

void WorkloadTab::updateStale()
{
    const auto a = m_document->workload();
    if (!a || m_document->workloadCurrent()) {
        m_stale->showCurrent();
        return;
    }
    const QString was = tr("The charts show the last workload generated (%1 requests).").arg(a->stats.count);
    if (!m_document->hasImportedTrace() && !m_document->issues().empty()) {
        m_stale->showStale(tr("%1 %2", "two sentences")
                               .arg(tr("<b>Out of date</b>: the parameters have problems (listed under them), so no "
                                       "new trace was generated."),
                                   was));
        return;
    }
    if (!m_document->busy()) {
        m_stale->showStale(tr("%1 %2", "two sentences").arg(tr("<b>Out of date</b>: the generation was stopped."), was),
            tr("Generate now"));
        return;
    }
    // A generation on its way usually arrives within a frame or two: say so only when it takes longer.
    QTimer::singleShot(300, this, [this, was] {
        if (m_document->workload() && !m_document->workloadCurrent() && m_document->busy())
            m_stale->showStale(
                tr("%1 %2", "two sentences").arg(tr("<b>Out of date</b>: generating the changed workload…"), was),
                tr("Cancel"));
    });
}

QString WorkloadTab::explainText() const
{
    return m_explain->toPlainText();
}

QString WorkloadTab::statusText() const
{
    const auto a = m_document->workload();
    if (!a)
        return tr("Generating…");
    const auto& s = a->stats;
    QString alpha = std::isfinite(s.fittedAlpha)
        ? QString::number(s.fittedAlpha, 'f', 3) + QStringLiteral(" ± ") + QString::number(s.fittedAlphaStdErr, 'f', 3)
        : tr("n/a");
    return tr(
        "%1 requests · achieved %2 req/s · gap cv %3 · fitted α %4 · over limits %5 (input > %6: %7, total > %8: %9)")
        .arg(s.count)
        .arg(s.achievedRate, 0, 'f', 3)
        .arg(s.gapCv, 0, 'f', 3)
        .arg(alpha)
        .arg(s.overAnyLimit)
        .arg(s.maxReqInputLen)
        .arg(s.overInputLimit)
        .arg(s.maxReqTotalLen)
        .arg(s.overTotalLimit);
}

} // namespace lorascope
