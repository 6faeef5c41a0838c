// SPDX-License-Identifier: Apache-2.0
// The Sweep tab's fleet sweep (split out of sweeptab.cpp; docs/fleet.md, Capacity in replicas):
// the fleet settings, the plan, the run (SweepRunner → core/sweep/fleetsweep.h), the charts with
// one series per router, the core's verdict sentences, the table's export and the session settings.
#include "sweep/sweeptab.h"

#include "charts/plotview.h"
#include "document/document.h"
#include "fleet/fleettext.h"
#include "sweep/sweepmodel.h"
#include "sweep/sweeprunner.h"
#include "sweep/sweeptext.h"
#include "util/atomicfile.h"
#include "util/error.h"
#include "widgets/chartgrid.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableView>

#include <algorithm>

namespace lorascope {

QWidget* SweepTab::createFleetSettings()
{
    m_fleetBox = new QGroupBox(tr("Fleet"), this);
    m_fleetBox->setToolTip(tr("A fleet of identical replicas, each running the Admission tab's server and cost model, "
                              "behind each router chosen (docs/fleet.md). The SLO below judges every fleet."));
    auto* form = new QFormLayout(m_fleetBox);
    m_fleetAxis = new QComboBox(m_fleetBox);
    m_fleetAxis->addItem(tr("Fleet size (replicas)"), int(FleetAxis::Replicas));
    m_fleetAxis->addItem(tr("Metrics staleness (ms)"), int(FleetAxis::Staleness));
    m_fleetAxis->addItem(tr("Router (one point each)"), int(FleetAxis::Router));
    m_fleetAxis->setToolTip(tr("What varies: the number of replicas (Values: 1:8 or 1,2,4,8), how old the replica "
                               "metrics the router sees may be (Values in ms), or only the router."));
    form->addRow(tr("Vary:"), m_fleetAxis);
    m_fleetRouters = new QListWidget(m_fleetBox);
    for (RouterKind r : allRouters()) {
        auto* item = new QListWidgetItem(QString::fromStdString(routerName(r)), m_fleetRouters);
        item->setData(Qt::UserRole, int(r));
        item->setToolTip(FleetText::routerTitle(r) + QLatin1Char('\n') + FleetText::routerDescription(r));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(
            r == RouterKind::RoundRobin || r == RouterKind::GieLoraFilter ? Qt::Checked : Qt::Unchecked);
    }
    m_fleetRouters->setMaximumHeight(5 * m_fleetRouters->fontMetrics().height() + 12);
    m_fleetRouters->setToolTip(tr("The routers to compare: one line each on the charts. Names as in docs/fleet.md "
                                  "and lorascope-cli --routers; hover a name for what it does."));
    form->addRow(tr("Routers:"), m_fleetRouters);
    m_fleetReplicas = new QSpinBox(m_fleetBox);
    m_fleetReplicas->setRange(1, 4096);
    m_fleetReplicas->setValue(4);
    m_fleetReplicas->setSuffix(tr(" replica(s)"));
    m_fleetReplicas->setToolTip(tr("The fleet's size while the staleness or the router varies."));
    form->addRow(tr("Replicas:"), m_fleetReplicas);
    m_fleetStaleness = new QDoubleSpinBox(m_fleetBox);
    m_fleetStaleness->setRange(0, 60000);
    m_fleetStaleness->setDecimals(0);
    m_fleetStaleness->setSingleStep(50);
    m_fleetStaleness->setValue(50);
    m_fleetStaleness->setSuffix(tr(" ms"));
    m_fleetStaleness->setToolTip(tr("How often the router scrapes the replicas' metrics, in milliseconds (GIE and "
                                    "AIBrix: every 50 ms; 0: perfect information), while the size or router varies."));
    form->addRow(tr("Metrics every:"), m_fleetStaleness);
    m_fleetGpus = new QSpinBox(m_fleetBox);
    m_fleetGpus->setRange(1, 64);
    m_fleetGpus->setSuffix(tr(" GPU(s)"));
    m_fleetGpus->setToolTip(tr("GPUs one replica uses (tensor parallelism); only for the totals in GPUs."));
    form->addRow(tr("Per replica:"), m_fleetGpus);
    m_fleetBox->setVisible(false);

    connect(m_fleetAxis, &QComboBox::currentIndexChanged, this, &SweepTab::fleetAxisChanged);
    connect(m_fleetRouters, &QListWidget::itemChanged, this, &SweepTab::validateInline);
    connect(m_fleetReplicas, &QSpinBox::valueChanged, this, &SweepTab::validateInline);
    connect(m_fleetStaleness, &QDoubleSpinBox::valueChanged, this, &SweepTab::validateInline);
    connect(m_fleetGpus, &QSpinBox::valueChanged, this, [this] {
        validateInline();
        updateModelNote();
    });
    return m_fleetBox;
}

void SweepTab::fleetAxisChanged()
{
    const auto axis = FleetAxis(m_fleetAxis->currentData().toInt());
    m_fleetReplicas->setEnabled(axis != FleetAxis::Replicas);
    m_fleetStaleness->setEnabled(axis != FleetAxis::Staleness);
    if (source() == Source::Fleet && !m_syncing) {
        m_values->setEnabled(axis != FleetAxis::Router);
        m_values->setText(axis == FleetAxis::Replicas ? QStringLiteral("1:8")
                : axis == FleetAxis::Staleness        ? QStringLiteral("0,50,200,1000")
                                                      : QString());
    }
    validateInline();
}

void SweepTab::showFleet(bool fleet)
{
    if (fleet == m_fleetShown)
        return;
    const QString shown = m_verdict->text();
    m_verdict->setText(!m_otherVerdict.isEmpty() ? m_otherVerdict
            : fleet ? tr("Choose the routers and the fleet sizes, then Run sweep or Find minimum replicas.")
                    : tr("Choose a parameter and its values, then Run sweep or Find capacity."));
    m_otherVerdict = shown;
    m_fleetShown = fleet;
    m_table->setModel(fleet ? static_cast<QAbstractItemModel*>(m_fleetModel) : m_model);
    m_adapterMetric->setVisible(!fleet);
    // The fleet's question (how many replicas meet the SLO) comes first; a single server's sweep
    // keeps its order (throughput, TTFT, E2E, attainment, ...).
    QList<QWidget*> order = m_grid->charts();
    QWidget* attainment = m_charts.value(QStringLiteral("attainment"));
    order.removeAll(attainment);
    order.insert(fleet ? 0 : 3, attainment);
    m_grid->setOrder(order);
    m_find->setText(fleet ? tr("Find minimum replicas") : tr("Find capacity"));
    m_find->setToolTip(fleet ? tr("The smallest fleet between the smallest and the largest of the values that meets "
                                  "the SLO, for each router, and the saving of the best router over round-robin.")
                             : tr("The largest value that still meets the SLO, by bracketing and bisection to 1 % "
                                  "(between the smallest and largest of the values), then the saturation point and "
                                  "the adapters that break the SLO first."));
    redraw();
    m_table->resizeColumnsToContents();
    updateButtons();
}

std::optional<FleetSweepPlan> SweepTab::fleetPlan() const
{
    FleetSweepPlan p;
    try {
        p.base.spec = m_document->spec();
        p.base.config = m_document->admissionConfig();
        p.base.config.clock = ClockKind::Model;
        p.base.slo = slo();
        p.axis = FleetAxis(m_fleetAxis->currentData().toInt());
        for (int i = 0; i < m_fleetRouters->count(); ++i)
            if (m_fleetRouters->item(i)->checkState() == Qt::Checked)
                p.routers.push_back(RouterKind(m_fleetRouters->item(i)->data(Qt::UserRole).toInt()));
        if (p.routers.empty())
            throw InputError(tr("Routers: choose at least one router.").toStdString());
        p.fleet = uniformFleet(
            m_fleetReplicas->value(), p.base.config.scheduler, p.base.config.cost.name, p.routers.front());
        p.fleet.groups[0].costValue = p.base.config.cost;
        p.fleet.groups[0].gpusPerReplica = m_fleetGpus->value();
        p.fleet.stalenessMs = m_fleetStaleness->value();
        p.serverFromPlan = true;
        if (p.axis != FleetAxis::Router)
            p.values = parseFleetValues(p.axis, m_values->text().simplified().remove(QLatin1Char(' ')).toStdString(),
                tr("Values").toStdString());
        checkFleetPlan(p);
    } catch (const std::exception& e) {
        m_problem = QString::fromStdString(e.what());
        return std::nullopt;
    }
    m_problem.clear();
    return p;
}

bool SweepTab::startFleet(bool finder)
{
    auto p = fleetPlan();
    validateInline();
    if (!p || (finder && p->axis != FleetAxis::Replicas))
        return false;
    showFleet(true);
    m_fleetPlan = p;
    m_fleetCapacity.reset();
    m_fleetFinder = finder;
    m_maxRefreshMs = 0;
    m_fleetView = FleetSweepView {};
    m_fleetView.axis = p->axis;
    m_fleetView.routers = planRouters(*p);
    m_fleetView.slo = p->base.slo;
    m_fleetModel->reset(m_fleetView.routers, p->axis, p->base.slo);
    m_table->resizeColumnsToContents();
    if (finder) {
        const int lo = int(*std::min_element(p->values.begin(), p->values.end()));
        const int hi = int(*std::max_element(p->values.begin(), p->values.end()));
        m_runner->runFleetFinder(*p, lo, hi);
        m_progress->setRange(0, 0);
        m_verdict->setText(tr("Finding the smallest fleet from %1 to %2 replicas that meets the SLO (%3), per router…")
                               .arg(lo)
                               .arg(hi)
                               .arg(sloText(p->base.slo)));
    } else {
        m_runner->runFleetSweep(*p);
        m_progress->setRange(0, int(m_runner->expected()));
        m_progress->setValue(0);
        m_verdict->setText(tr("Previewing %n fleet(s)…", nullptr, int(m_runner->expected())));
    }
    m_progress->setVisible(true);
    redraw();
    updateModelNote();
    updateButtons();
    return true;
}

void SweepTab::onFleetPoints(const std::vector<FleetSweepPoint>& points)
{
    m_fleetModel->addPoints(points);
    m_progress->setUpdatesEnabled(false);
    if (m_progress->maximum() > 0)
        m_progress->setValue(int(m_runner->delivered()));
    else
        m_progress->setFormat(tr("%n fleet(s) previewed", nullptr, int(m_runner->delivered())));
    m_progress->setUpdatesEnabled(true);
    redraw();
}

QStringList SweepTab::fleetFinishedLines(bool cancelled)
{
    QStringList lines;
    if (!m_fleetPlan)
        return lines;
    m_fleetCapacity = m_runner->fleetCapacity();
    // The same answers as lorascope-cli sweep prints, in the user's language (sweeptext.h); the
    // marks on the chart come from the same answers.
    m_fleetView.minimum.clear();
    lines << tr("<b>Fleets of the Admission tab's server</b>:");
    if (m_fleetCapacity) {
        lines << fleetCapacityLines(*m_fleetCapacity, *m_fleetPlan);
        for (const FleetCapacity& c : m_fleetCapacity->answers)
            m_fleetView.minimum.emplace_back(c.router, c.minReplicas);
    } else {
        lines << fleetSweepLines(*m_fleetPlan, m_fleetModel->points());
        if (m_fleetPlan->axis == FleetAxis::Replicas)
            m_fleetView.minimum = routerSaving(m_fleetModel->points(), planRouters(*m_fleetPlan)).minMeeting;
    }
    if (cancelled)
        lines << tr("Cancelled: %n fleet preview(s) finished and kept.", nullptr, int(m_fleetModel->points().size()));
    return lines;
}

void SweepTab::redrawFleet()
{
    m_fleetView.points = m_fleetModel->points();
    m_charts.value(QStringLiteral("attainment"))->setData(fleetAttainmentPlot(m_fleetView));
    m_charts.value(QStringLiteral("throughput"))->setData(fleetMetricPlot(m_fleetView, SweepMetric::Goodput));
    m_charts.value(QStringLiteral("ttft"))->setData(fleetMetricPlot(m_fleetView, SweepMetric::TtftP90));
    m_charts.value(QStringLiteral("e2e"))->setData(fleetMetricPlot(m_fleetView, SweepMetric::E2eP90));
    m_charts.value(QStringLiteral("saturation"))->setData(fleetMetricPlot(m_fleetView, SweepMetric::AchievedRatio));
    m_charts.value(QStringLiteral("adapters"))->setData(fleetAdapterLoadsPlot(m_fleetView));
}

QString SweepTab::exportFleetTable(const QString& path) const
{
    if (!m_fleetPlan || m_fleetModel->points().empty())
        return tr("There is no sweep yet.");
    if (QFileInfo(path).suffix().compare(QStringLiteral("csv"), Qt::CaseInsensitive) == 0)
        return tr("A fleet sweep is exported as JSON Lines (.jsonl), as lorascope-cli sweep writes it.");
    try {
        writeFileAtomically(path.toStdString(), [this](std::ostream& out) {
            out << fleetSweepHeaderJson(*m_fleetPlan).dump() << '\n';
            for (const FleetSweepPoint& p : m_fleetModel->points())
                out << fleetSweepPointJson(*m_fleetPlan, p).dump() << '\n';
            if (m_fleetCapacity)
                out << fleetCapacityJson(*m_fleetPlan, *m_fleetCapacity).dump() << '\n';
        });
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

QJsonObject SweepTab::fleetSettings() const
{
    QJsonObject o;
    o.insert(QStringLiteral("active"), source() == Source::Fleet);
    o.insert(
        QStringLiteral("axis"), QString::fromStdString(fleetAxisName(FleetAxis(m_fleetAxis->currentData().toInt()))));
    QJsonArray routers;
    for (int i = 0; i < m_fleetRouters->count(); ++i)
        if (m_fleetRouters->item(i)->checkState() == Qt::Checked)
            routers.append(m_fleetRouters->item(i)->text());
    o.insert(QStringLiteral("routers"), routers);
    o.insert(QStringLiteral("replicas"), m_fleetReplicas->value());
    o.insert(QStringLiteral("stalenessMs"), m_fleetStaleness->value());
    o.insert(QStringLiteral("gpusPerReplica"), m_fleetGpus->value());
    if (source() == Source::Fleet)
        o.insert(QStringLiteral("values"), m_values->text());
    return o;
}

void SweepTab::applyFleetSettings(const QJsonObject& o)
{
    if (const auto axis = fleetAxisFromName(o.value(QStringLiteral("axis")).toString().toStdString()))
        m_fleetAxis->setCurrentIndex(m_fleetAxis->findData(int(*axis)));
    if (o.contains(QStringLiteral("routers"))) {
        QStringList names;
        for (const QJsonValue& v : o.value(QStringLiteral("routers")).toArray())
            names << v.toString();
        const QSignalBlocker block(m_fleetRouters);
        for (int i = 0; i < m_fleetRouters->count(); ++i)
            m_fleetRouters->item(i)->setCheckState(
                names.contains(m_fleetRouters->item(i)->text()) ? Qt::Checked : Qt::Unchecked);
    }
    if (o.contains(QStringLiteral("replicas")))
        m_fleetReplicas->setValue(o.value(QStringLiteral("replicas")).toInt());
    if (o.contains(QStringLiteral("stalenessMs")))
        m_fleetStaleness->setValue(o.value(QStringLiteral("stalenessMs")).toDouble());
    if (o.contains(QStringLiteral("gpusPerReplica")))
        m_fleetGpus->setValue(o.value(QStringLiteral("gpusPerReplica")).toInt());
    if (o.contains(QStringLiteral("active")) && !m_runner->isRunning()) {
        const bool fleet = o.value(QStringLiteral("active")).toBool();
        if (fleet != (source() == Source::Fleet))
            m_source->setCurrentIndex(m_source->findData(int(fleet ? Source::Fleet : Source::Current)));
        if (fleet && o.contains(QStringLiteral("values")))
            m_values->setText(o.value(QStringLiteral("values")).toString());
    }
    validateInline();
}

} // namespace lorascope
