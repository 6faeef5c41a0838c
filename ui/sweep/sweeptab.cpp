// SPDX-License-Identifier: Apache-2.0
#include "sweep/sweeptab.h"

#include "charts/plotview.h"
#include "document/document.h"
#include "sweep/sweepmodel.h"
#include "sweep/sweeprunner.h"
#include "sweep/sweeptext.h"
#include "text/coretexts.h"
#include "widgets/chartgrid.h"
#include "widgets/sidepanel.h"
#include "workload/presets.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QElapsedTimer>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace lorascope {

SweepTab::SweepTab(Document* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_runner(new SweepRunner(this))
    , m_model(new SweepTableModel(this))
    , m_fleetModel(new FleetSweepTableModel(this))
{
    // The settings scroll (both ways) instead of setting the window's minimum size; F9 hides them.
    const SidePanel side
        = createSidePanel(this, createSettings(), QStringLiteral("sweepSplitter"), QStringLiteral("sweepSettings"));
    auto* split = side.splitter;
    m_side = side.scroll;

    auto* right = new QSplitter(Qt::Vertical, split);
    right->setObjectName(QStringLiteral("sweepRightSplitter"));
    right->addWidget(createCharts());
    m_table = new QTableView(right);
    m_table->setObjectName(QStringLiteral("sweepTable"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 4);
    // Columns sized once per run (ResizeToContents would measure every cell on every insert).
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setToolTip(tr("One row per point. Double-click a row (or click a point on a chart) to open it in the "
                           "Workload and Admission tabs."));
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& idx) {
        if (!m_fleetShown && idx.isValid() && idx.row() < int(m_model->points().size()))
            openPoint(m_model->points()[std::size_t(idx.row())].value);
    });
    right->addWidget(m_table);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 1);
    split->addWidget(right);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    // The settings start at the width they ask for (up to a third of the tab), the charts take the rest.
    const int settingsWidth = side.settingsWidth(420);
    split->setSizes({ settingsWidth, std::max(600, 3 * settingsWidth) });

    connect(m_runner, &SweepRunner::pointsReady, this, &SweepTab::onPoints);
    connect(m_runner, &SweepRunner::finished, this, &SweepTab::onFinished);
    connect(m_runner, &SweepRunner::fleetPointsReady, this, &SweepTab::onFleetPoints);
    connect(m_document, &Document::specChanged, this, &SweepTab::validateInline);
    connect(m_document, &Document::admissionConfigChanged, this, [this] {
        validateInline();
        updateModelNote();
    });
    syncSource();
    paramChanged();
    updateButtons();
    updateModelNote();
    // Before the first run every chart is titled, has its axes and says what will appear (as the
    // Replay tab's do), and the table's headers are whole.
    const QString hint = tr("Run sweep (or Find capacity) draws one point per value here.");
    for (PlotView* chart : std::as_const(m_charts))
        chart->setEmptyHint(hint);
    redraw();
    m_table->resizeColumnsToContents();
}

SweepTab::~SweepTab()
{
    m_runner->cancel();
}

QWidget* SweepTab::createCharts()
{
    // Six charts in a grid that reflows (3 columns on a wide screen, 2 on a laptop, 1 when narrow)
    // and scrolls vertically rather than growing the window.
    m_grid = new ChartGrid(3, QSize(260, 180), this);
    m_grid->setObjectName(QStringLiteral("sweepCharts"));
    for (const QString& key : { QStringLiteral("throughput"), QStringLiteral("ttft"), QStringLiteral("e2e"),
             QStringLiteral("attainment"), QStringLiteral("saturation") })
        m_grid->addChart(addChart(key));
    auto* adapters = new QWidget(m_grid);
    adapters->setObjectName(QStringLiteral("sweep_adapterCell"));
    auto* av = new QVBoxLayout(adapters);
    av->setContentsMargins(0, 0, 0, 0);
    av->setSpacing(1);
    m_adapterMetric = new QComboBox(adapters);
    m_adapterMetric->setObjectName(QStringLiteral("sweep_adapterMetric"));
    m_adapterMetric->addItem(tr("Per adapter: mean TTFT"), int(AdapterMetric::TtftMean));
    m_adapterMetric->addItem(tr("Per adapter: SLO attainment"), int(AdapterMetric::SloAttainment));
    m_adapterMetric->addItem(tr("Per adapter: throughput"), int(AdapterMetric::Throughput));
    m_adapterMetric->setToolTip(tr("The four adapters with the most requests over the sweep, one line each (four "
                                   "legend entries fit a laptop's chart)."));
    connect(m_adapterMetric, &QComboBox::currentIndexChanged, this, &SweepTab::redraw);
    av->addWidget(m_adapterMetric);
    av->addWidget(addChart(QStringLiteral("adapters")), 1);
    m_grid->addChart(adapters);
    return m_grid;
}

PlotView* SweepTab::addChart(const QString& key)
{
    auto* view = new PlotView(m_grid);
    view->setObjectName(QStringLiteral("sweep_chart_") + key);
    m_charts.insert(key, view);
    m_chartOrder << key;
    connect(view, &PlotView::exportRequested, this,
        [this, view, key] { Q_EMIT exportRequested(view, QStringLiteral("sweep.") + key); });
    connect(view, &PlotView::pointClicked, this, [this, view](int series, int index) {
        const PlotData& d = view->data();
        if (!m_fleetShown && series < d.series.size() && index < d.series[series].points.size())
            openPoint(d.series[series].points[index].x());
    });
    return view;
}

SweepTab::Source SweepTab::source() const
{
    return Source(m_source->currentData().toInt());
}

void SweepTab::syncSource()
{
    const bool suite = source() == Source::Suite;
    const bool fleet = source() == Source::Fleet;
    m_suite->setEnabled(suite);
    m_setting->setEnabled(suite);
    m_param->setEnabled(!suite && !fleet);
    m_fleetBox->setVisible(fleet);
    // A fleet sweep varies the fleet: the suite's and the parameter's rows would only be greyed out.
    if (auto* form = qobject_cast<QFormLayout*>(m_param->parentWidget()->layout()))
        for (QWidget* row : { static_cast<QWidget*>(m_suite), static_cast<QWidget*>(m_setting),
                 static_cast<QWidget*>(m_policy), static_cast<QWidget*>(m_param) })
            form->setRowVisible(row, !fleet);
    // Only a suite chooses its server here; the current source runs the Admission tab's, named below.
    if (auto* form = qobject_cast<QFormLayout*>(m_param->parentWidget()->layout())) {
        form->setRowVisible(m_policy, suite);
        form->setRowVisible(m_serverUsed, !fleet);
    }
    m_values->setEnabled(true);
    showFleet(fleet);
    if (suite)
        suiteChanged();
    else if (fleet)
        fleetAxisChanged();
    else
        paramChanged();
    updateModelNote();
}

void SweepTab::suiteChanged()
{
    if (source() != Source::Suite)
        return;
    const std::string name = m_suite->currentData().toString().toStdString();
    for (const Scenario& s : scenarios()) {
        if (s.name != name)
            continue;
        const QSignalBlocker block(m_setting);
        m_setting->setCurrentIndex(m_setting->findData(QString::fromStdString(s.preset)));
    }
    try {
        const SuiteSweep s = suiteSweep(name, m_setting->currentData().toString().toStdString());
        std::vector<double> values = s.values;
        for (const PaperFigure& f : paperFigures())
            if (f.suite == name)
                for (const PaperRow& r : f.rows)
                    if (std::find(values.begin(), values.end(), paperValue(r, f.param)) == values.end())
                        values.push_back(paperValue(r, f.param));
        std::sort(values.begin(), values.end());
        m_syncing = true;
        m_param->setCurrentIndex(m_param->findData(int(s.param)));
        m_values->setText(sweepValuesText(s.param, values));
        m_syncing = false;
    } catch (const std::exception&) {
        m_syncing = false;
    }
    validateInline();
    updateModelNote();
}

void SweepTab::paramChanged()
{
    if (m_syncing || source() != Source::Current) {
        validateInline();
        return;
    }
    const auto param = SweepParam(m_param->currentData().toInt());
    m_values->setText(
        defaultSweepValues(param, sweepParamValue(param, m_document->spec(), m_document->admissionConfig())));
    validateInline();
    if (!m_plan && m_grid) { // nothing run yet: the empty charts name the parameter chosen
        m_view.param = param;
        redraw();
    }
}

SloTarget SweepTab::slo() const
{
    SloTarget s;
    if (m_ttft->value() > 0)
        s.ttft = m_ttft->value();
    if (m_tpot->value() > 0)
        s.tpot = m_tpot->value() / 1e3;
    if (m_e2e->value() > 0)
        s.e2e = m_e2e->value();
    s.attainment = m_attainment->value() / 100.0;
    return s;
}

std::optional<SweepPlan> SweepTab::plan() const
{
    SweepPlan p;
    try {
        if (source() == Source::Suite) {
            const SuiteSweep s = suiteSweep(
                m_suite->currentData().toString().toStdString(), m_setting->currentData().toString().toStdString());
            p.spec = s.spec;
            p.config = s.config;
            p.config.scheduler.policy = *policyFromName(m_policy->currentData().toString().toStdString());
            p.suite = s.suite;
            p.modelSetting = s.modelSetting;
            p.param = s.param;
        } else {
            p.spec = m_document->spec();
            p.config = m_document->admissionConfig();
            p.param = SweepParam(m_param->currentData().toInt());
        }
        p.config.clock = ClockKind::Model;
        p.slo = slo();
        p.values = parseSweepValues(p.param, m_values->text().toStdString(), 0, tr("Values").toStdString());
        checkPlan(p);
    } catch (const std::exception& e) {
        m_problem = QString::fromStdString(e.what());
        return std::nullopt;
    }
    m_problem.clear();
    return p;
}

void SweepTab::validateInline()
{
    if (source() == Source::Fleet) {
        if (const auto f = fleetPlan()) {
            m_valuesNote->setStyleSheet(QString());
            const std::size_t routers = planRouters(*f).size();
            const std::size_t n = f->axis == FleetAxis::Router ? routers : routers * f->values.size();
            m_valuesNote->setText(tr(
                "%n fleet preview(s) (routers × values); the clock is the cost model's (seconds).", nullptr, int(n)));
        } else {
            m_valuesNote->setStyleSheet(QStringLiteral("QLabel { color: #a00010; }"));
            m_valuesNote->setText(m_problem);
        }
        updateButtons();
        return;
    }
    const auto p = plan();
    if (p)
        m_serverUsed->setText(lorascope::serverUsedText(p->config)
            + (source() == Source::Current ? tr(" (the Admission tab's server)") : QString()));
    if (p) {
        m_valuesNote->setStyleSheet(QString());
        m_valuesNote->setText(
            tr("%n point(s); the clock is the cost model's (seconds).", nullptr, int(p->values.size())));
    } else {
        m_valuesNote->setStyleSheet(QStringLiteral("QLabel { color: #a00010; }"));
        m_valuesNote->setText(m_problem);
    }
    updateButtons();
}

QString SweepTab::problemText() const
{
    return m_problem;
}

bool SweepTab::isRunning() const
{
    return m_runner->isRunning();
}

void SweepTab::updateButtons()
{
    const bool running = m_runner->isRunning();
    // The fleet finder searches the fleet's size only.
    const bool findable
        = source() != Source::Fleet || FleetAxis(m_fleetAxis->currentData().toInt()) == FleetAxis::Replicas;
    const bool points = m_fleetShown ? !m_fleetModel->points().empty() : !m_model->points().empty();
    m_run->setEnabled(!running && m_problem.isEmpty());
    m_find->setEnabled(!running && m_problem.isEmpty() && findable);
    m_cancel->setEnabled(running);
    m_source->setEnabled(!running); // the charts show the running job's kind of sweep
    m_editors.value(QStringLiteral("exportTable"))->setEnabled(points);
    m_editors.value(QStringLiteral("pin"))->setEnabled(points && !m_fleetShown);
    m_editors.value(QStringLiteral("exportFigure"))->setEnabled(points);
}

bool SweepTab::runSweep()
{
    return start(false);
}

bool SweepTab::findCapacity()
{
    return start(true);
}

bool SweepTab::start(bool finder)
{
    if (source() == Source::Fleet)
        return startFleet(finder);
    auto p = plan();
    validateInline();
    if (!p)
        return false;
    m_plan = p;
    m_capacity.reset();
    m_maxRefreshMs = 0;
    m_view = SweepView {};
    m_view.param = p->param;
    m_view.slo = p->slo;
    m_view.saturationRatio = p->saturation.ratio;
    if (!p->suite.empty())
        for (const PaperFigure* f : paperFiguresFor(p->suite, p->modelSetting, p->config.scheduler.policy))
            m_view.figures.push_back(f);
    m_model->reset(p->param, p->slo, p->saturation.ratio);
    m_table->resizeColumnsToContents(); // the headers whole while the first points come
    if (finder) {
        FinderOptions o;
        m_model->setResolution(o.tolerance, o.relativeTolerance);
        o.lo = *std::min_element(p->values.begin(), p->values.end());
        o.hi = *std::max_element(p->values.begin(), p->values.end());
        if (!(o.lo < o.hi)) {
            o.lo = NAN;
            o.hi = NAN;
        }
        m_runner->runFinder(*p, o);
        m_progress->setRange(0, 0);
        m_verdict->setText(tr("Finding the largest %1 that meets the SLO (%2)…")
                               .arg(QString::fromUtf8(sweepParamInfo(p->param).name), sloText(p->slo)));
    } else {
        std::vector<double> sorted = p->values;
        std::sort(sorted.begin(), sorted.end());
        double step = NAN;
        for (std::size_t i = 1; i < sorted.size(); ++i)
            if (const double d = sorted[i] - sorted[i - 1]; d > 0 && !(d >= step))
                step = d;
        m_model->setResolution(step, false);
        m_runner->runSweep(*p);
        m_progress->setRange(0, int(p->values.size()));
        m_progress->setValue(0);
        m_verdict->setText(tr("Previewing %n point(s)…", nullptr, int(p->values.size())));
    }
    m_progress->setVisible(true);
    redraw();
    updateModelNote();
    updateButtons();
    return true;
}

void SweepTab::cancel()
{
    m_runner->cancel();
}

void SweepTab::onPoints(const std::vector<SweepPoint>& points)
{
    QElapsedTimer timer;
    timer.start();
    for (const SweepPoint& p : points)
        m_model->addPoint(p);
    // QProgressBar::setValue() repaints at once (synchronously, tens of ms on a loaded X server);
    // with updates off it only schedules a paint for the next turn.
    m_progress->setUpdatesEnabled(false);
    if (m_progress->maximum() > 0)
        m_progress->setValue(int(m_runner->delivered()));
    else
        m_progress->setFormat(tr("%n point(s)", nullptr, int(m_runner->delivered())));
    m_progress->setUpdatesEnabled(true);
    redraw();
    // The compare tab gets the sweep when the run ends: a copy of every point per batch would
    // cost the GUI thread milliseconds for nothing on screen.
    m_maxRefreshMs = std::max(m_maxRefreshMs, double(timer.nsecsElapsed()) / 1e6);
}

void SweepTab::onFinished(bool cancelled, const QString& error, const std::optional<CapacityResult>& capacity)
{
    m_progress->setVisible(false);
    if (m_fleetShown) {
        QStringList lines = fleetFinishedLines(cancelled);
        if (!error.isEmpty())
            lines << QStringLiteral("<span style=\"color:#a00010\">%1</span>").arg(error.toHtmlEscaped());
        m_verdict->setText(lines.join(QStringLiteral("<br>")));
        redraw();
        updateButtons();
        m_table->resizeColumnsToContents();
        Q_EMIT runFinished();
        return;
    }
    m_view.adapterSelection.clear(); // the busiest over all the points now
    QStringList lines;
    if (capacity) {
        m_capacity = capacity;
        if (!std::isnan(capacity->sustainable)) {
            m_view.capacity = capacity->sustainable;
            m_view.capacityResolution = capacity->resolution;
        }
        lines = capacityLines(*capacity);
    } else if (m_plan) {
        lines = sweepVerdictLines(*m_plan, m_model->points());
    }
    // Refusals first: a verdict on the few requests served would read as the server's.
    if (m_plan)
        if (const QString refused = refusedLine(m_model->points(), m_plan->config); !refused.isEmpty())
            lines.prepend(refused);
    if (cancelled)
        lines << tr("Cancelled: %n point(s) finished and kept.", nullptr, int(m_model->points().size()));
    if (!error.isEmpty())
        lines << QStringLiteral("<span style=\"color:#a00010\">%1</span>").arg(error.toHtmlEscaped());
    m_verdict->setText(lines.join(QStringLiteral("<br>")));
    redraw();
    updateModelNote();
    updateButtons();
    m_table->resizeColumnsToContents();
    Q_EMIT sweepChanged(currentSweep());
    Q_EMIT runFinished();
}

void SweepTab::redraw()
{
    if (m_fleetShown) {
        redrawFleet();
        return;
    }
    m_view.points = m_model->points();
    // While a run grows, the per-adapter chart keeps the adapters its first points chose.
    if (m_runner->isRunning() && m_view.adapterSelection.empty() && !m_view.points.empty())
        m_view.adapterSelection = busiestAdapters(m_view.points);
    m_charts.value(QStringLiteral("throughput"))->setData(sweepThroughputPlot(m_view));
    m_charts.value(QStringLiteral("ttft"))->setData(sweepTtftPlot(m_view));
    m_charts.value(QStringLiteral("e2e"))->setData(sweepE2ePlot(m_view));
    m_charts.value(QStringLiteral("attainment"))->setData(sweepAttainmentPlot(m_view));
    m_charts.value(QStringLiteral("saturation"))->setData(sweepSaturationPlot(m_view));
    m_charts.value(QStringLiteral("adapters"))
        ->setData(sweepAdapterPlot(m_view, AdapterMetric(m_adapterMetric->currentData().toInt())));
}

void SweepTab::updateModelNote()
{
    // The cost model in use, where its numbers come from, and (for a suite) how far the preview
    // is from S-LoRA's measurements at the points drawn.
    if (source() == Source::Fleet) {
        m_modelNote->setText(costModelNote(m_document->admissionConfig().cost,
            { tr("Each fleet is of identical replicas, each running the Admission tab's server and this cost model "
                 "(%n GPU(s) per replica).",
                nullptr, m_fleetGpus->value()) },
            {}, {}, {}));
        return;
    }
    if (m_plan) {
        QStringList notes;
        if (!m_plan->suite.empty())
            for (const UserNote& n : suiteSweep(m_plan->suite, m_plan->modelSetting).notes)
                notes << CoreTexts::note(n);
        m_modelNote->setText(
            costModelNote(m_plan->config.cost, notes, m_plan->suite, m_view.figures, m_model->points()));
        return;
    }
    CostModel cost = m_document->admissionConfig().cost;
    QStringList notes;
    if (source() == Source::Suite) {
        try {
            const SuiteSweep s = suiteSweep(
                m_suite->currentData().toString().toStdString(), m_setting->currentData().toString().toStdString());
            cost = s.config.cost;
            for (const UserNote& n : s.notes)
                notes << CoreTexts::note(n);
        } catch (const std::exception&) {
        }
    }
    m_modelNote->setText(costModelNote(cost, notes, {}, {}, {}));
}

QString SweepTab::verdictText() const
{
    return m_verdict->text();
}

QString SweepTab::serverUsedText() const
{
    return m_serverUsed->text();
}

QString SweepTab::modelText() const
{
    return m_modelNote->text();
}

std::shared_ptr<const SweepFile> SweepTab::currentSweep() const
{
    if (m_fleetShown || !m_plan || m_model->points().empty())
        return nullptr; // a fleet sweep has no A/B compare
    auto f = std::make_shared<SweepFile>();
    f->param = m_plan->param;
    f->source = "preview";
    f->suite = m_plan->suite;
    f->modelSetting = m_plan->modelSetting;
    f->costModel = m_plan->config.cost.name;
    f->spec = m_plan->spec;
    f->slo = m_plan->slo;
    f->points = m_model->points();
    f->path = m_plan->suite.empty()
        ? tr("sweep of %1").arg(QString::fromUtf8(sweepParamInfo(m_plan->param).name)).toStdString()
        : (m_plan->suite + " " + m_plan->modelSetting);
    return f;
}

QString SweepTab::exportTable(const QString& path) const
{
    if (m_fleetShown)
        return exportFleetTable(path);
    if (!m_plan || m_model->points().empty())
        return tr("There is no sweep yet.");
    try {
        // At once and atomically: a failed export leaves an earlier file of that name whole.
        writeSweepFile(path.toStdString(), *m_plan, "preview", m_model->points(), m_capacity ? &*m_capacity : nullptr);
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

bool SweepTab::openPoint(double value)
{
    const int row = m_model->rowOf(value);
    if (row < 0)
        return false;
    const SweepPoint& p = m_model->points()[std::size_t(row)];
    m_table->selectRow(row);
    Q_EMIT openPointRequested(p.spec, p.config,
        tr("Sweep point %1 = %2")
            .arg(QString::fromUtf8(sweepParamInfo(m_model->param()).name),
                QString::fromStdString(sweepValueText(m_model->param(), value))));
    return true;
}

} // namespace lorascope
