// SPDX-License-Identifier: Apache-2.0
#include "compare/sweepcompare.h"

#include "analysis/numberformat.h"

#include "charts/plotview.h"
#include "widgets/chartgrid.h"
#include "compare/compareplots.h"
#include "sweep/sweepplots.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace lorascope {

namespace {

QString swatch(const QColor& c)
{
    return QStringLiteral("<span style=\"color:%1\">■</span>").arg(c.name());
}

QString valueText(SweepParam param, double v)
{
    if (std::isnan(v))
        return QStringLiteral("–");
    const SweepParamInfo& info = sweepParamInfo(param);
    QString text = QString::fromStdString(sweepValueText(param, v));
    if (info.unit[0])
        text += QLatin1Char(' ') + QCoreApplication::translate("lorascope::SweepPlots", info.unit);
    return text;
}

} // namespace

SweepCompareView::SweepCompareView(QWidget* parent)
    : QWidget(parent)
{
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(4);
    auto* bar = new QHBoxLayout;
    auto* loadA = new QPushButton(tr("Load sweep A…"), this);
    loadA->setObjectName(QStringLiteral("loadSweepA"));
    loadA->setToolTip(
        tr("Read A from a sweep file (lorascope-cli sweep -o, or Export table in the Sweep tab: .jsonl or .csv)."));
    auto* loadB = new QPushButton(tr("Load sweep B…"), this);
    loadB->setObjectName(QStringLiteral("loadSweepB"));
    loadB->setToolTip(tr("Read B from a sweep file (B then no longer follows the Sweep tab)."));
    m_liveB = new QPushButton(tr("B = Sweep tab"), this);
    m_liveB->setObjectName(QStringLiteral("liveSweepB"));
    m_liveB->setToolTip(tr("B shows the latest sweep of the Sweep tab again."));
    auto* exportAll = new QPushButton(tr("Export comparison…"), this);
    exportAll->setObjectName(QStringLiteral("exportSweepComparison"));
    exportAll->setToolTip(tr("Save the header, the key numbers and all charts as one PNG or SVG picture."));
    bar->addWidget(loadA);
    bar->addWidget(loadB);
    bar->addWidget(m_liveB);
    bar->addStretch(1);
    bar->addWidget(exportAll);
    v->addLayout(bar);

    m_page = new QWidget(this);
    m_page->setObjectName(QStringLiteral("sweepComparisonPage"));
    auto* pv = new QVBoxLayout(m_page);
    pv->setContentsMargins(0, 0, 0, 0);
    m_header = new QLabel(m_page);
    m_header->setObjectName(QStringLiteral("sweepCompareHeader"));
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_header->setStyleSheet(QStringLiteral("QLabel { background: palette(alternate-base); padding: 4px; }"));
    pv->addWidget(m_header);
    m_problem = new QLabel(m_page);
    m_problem->setObjectName(QStringLiteral("sweepCompareProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("QLabel { background: #fde7e9; color: #8a0010; padding: 4px; }"));
    m_problem->setVisible(false);
    pv->addWidget(m_problem);
    auto* body = new QHBoxLayout;
    m_numbers = new QLabel(m_page);
    m_numbers->setObjectName(QStringLiteral("sweepCompareNumbers"));
    m_numbers->setWordWrap(true);
    m_numbers->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_numbers->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_numbers->setMinimumWidth(260);
    m_numbers->setMaximumWidth(420);
    body->addWidget(m_numbers);
    // The charts reflow and scroll as the other tabs' do, never below their readable size.
    auto* grid = new ChartGrid(3, QSize(240, 200), m_page);
    grid->setObjectName(QStringLiteral("sweepCompareCharts"));
    for (const char* key : { "throughput", "ttft", "e2e", "attainment", "saturation" })
        grid->addChart(addChart(QString::fromLatin1(key), m_page));
    body->addWidget(grid, 1);
    pv->addLayout(body, 1);
    v->addWidget(m_page, 1);

    auto load = [this](Side side) {
        const QString path = QFileDialog::getOpenFileName(this,
            side == Side::A ? tr("Load Sweep A") : tr("Load Sweep B"), QString(), tr("Sweep results (*.jsonl *.csv)"));
        if (!path.isEmpty())
            if (const QString err = loadSide(side, path); !err.isEmpty())
                QMessageBox::warning(this, tr("Load Sweep"), err);
    };
    connect(loadA, &QPushButton::clicked, this, [load] { load(Side::A); });
    connect(loadB, &QPushButton::clicked, this, [load] { load(Side::B); });
    connect(m_liveB, &QPushButton::clicked, this, &SweepCompareView::useLiveB);
    connect(exportAll, &QPushButton::clicked, this,
        [this] { Q_EMIT exportRequested(m_page, QStringLiteral("compare.sweeps")); });
    refresh();
}

PlotView* SweepCompareView::addChart(const QString& key, QWidget* parent)
{
    auto* view = new PlotView(parent);
    view->setObjectName(QStringLiteral("sweepCompare_") + key);
    m_charts.insert(key, view);
    m_chartOrder << key;
    connect(view, &PlotView::exportRequested, this,
        [this, view, key] { Q_EMIT exportRequested(view, QStringLiteral("compare.sweeps.") + key); });
    return view;
}

void SweepCompareView::setSide(Side side, std::shared_ptr<const SweepFile> sweep, const QString& label)
{
    if (side == Side::A) {
        m_a = std::move(sweep);
        m_aLabel = label;
    } else {
        m_b = std::move(sweep);
        m_bLabel = label;
        m_bLive = false;
    }
    refresh();
}

void SweepCompareView::setLiveSweep(std::shared_ptr<const SweepFile> sweep)
{
    m_live = std::move(sweep);
    if (m_bLive)
        refresh();
}

void SweepCompareView::useLiveB()
{
    m_bLive = true;
    m_b.reset();
    refresh();
}

QString SweepCompareView::loadSide(Side side, const QString& path)
{
    try {
        auto f = std::make_shared<const SweepFile>(readSweepFile(path.toStdString()));
        if (f->points.empty())
            return tr("%1 has no points.").arg(path);
        setSide(side, f, QFileInfo(path).fileName());
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

QString SweepCompareView::headerText() const
{
    return m_header->text();
}

QString SweepCompareView::keyNumbersText() const
{
    return m_numbers->text();
}

QString SweepCompareView::problemText() const
{
    return m_problem->isVisible() ? m_problem->text() : QString();
}

void SweepCompareView::refresh()
{
    const auto a = sideA();
    const auto b = sideB();
    m_liveB->setEnabled(!m_bLive);
    auto describe = [this](const std::shared_ptr<const SweepFile>& s, const QString& label, bool live) {
        if (!s)
            return live ? tr("the Sweep tab's next sweep") : tr("none");
        return tr("%1 — %2 over %n point(s)%3", nullptr, int(s->points.size()))
            .arg((live ? tr("Sweep tab: %1").arg(QString::fromStdString(s->path)) : label).toHtmlEscaped(),
                QString::fromUtf8(sweepParamInfo(s->param).name),
                s->costModel.empty() ? QString()
                                     : tr(", cost model %1").arg(QString::fromStdString(s->costModel).toHtmlEscaped()));
    };
    m_header->setText(tr("%1 <b>A</b>: %2<br>%3 <b>B</b>: %4")
                          .arg(swatch(compareColorA()),
                              a ? describe(a, m_aLabel, false)
                                : tr("pin a sweep from the Sweep tab (Compare in A/B…) or load a file"),
                              swatch(compareColorB()), describe(b, m_bLabel, m_bLive)));
    QString problem;
    if (a && b && a->param != b->param)
        problem = tr("A varies %1 and B varies %2: their curves do not share an x axis. Sweep the same parameter to "
                     "compare them.")
                      .arg(QString::fromUtf8(sweepParamInfo(a->param).name),
                          QString::fromUtf8(sweepParamInfo(b->param).name));
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());

    const SweepParam param = a ? a->param : b ? b->param : SweepParam::Rate;
    static const std::vector<SweepPoint> none;
    const auto& pa = a && problem.isEmpty() ? a->points : none;
    const auto& pb = b && problem.isEmpty() ? b->points : none;
    const std::pair<const char*, SweepMetric> charts[]
        = { { "throughput", SweepMetric::Throughput }, { "ttft", SweepMetric::TtftP90 }, { "e2e", SweepMetric::E2eP90 },
              { "attainment", SweepMetric::SloAttainment }, { "saturation", SweepMetric::AchievedRatio } };
    for (const auto& [key, metric] : charts)
        m_charts.value(QString::fromLatin1(key))
            ->setData(sweepComparePlot(param, pa, pb, metric, compareColorA(), compareColorB()));

    // Key numbers: what the core's verdict says for each side.
    auto verdict = [](const std::shared_ptr<const SweepFile>& s) -> std::optional<SweepVerdict> {
        if (!s || s->points.empty())
            return std::nullopt;
        SweepPlan plan;
        plan.param = s->param;
        plan.slo = s->slo;
        return sweepVerdict(plan, s->points);
    };
    auto peak = [](const std::shared_ptr<const SweepFile>& s) {
        double best = NAN;
        if (s)
            for (const SweepPoint& p : s->points)
                if (std::isfinite(p.metrics.throughput) && !(p.metrics.throughput <= best))
                    best = p.metrics.throughput;
        return best;
    };
    const auto va = verdict(a);
    const auto vb = verdict(b);
    auto row = [](const QString& name, const QString& x, const QString& y, const QString& tip) {
        return QStringLiteral("<tr><td title=\"%4\">%1</td><td align=\"right\">%2</td><td align=\"right\">%3</td></tr>")
            .arg(name, x, y, tip.toHtmlEscaped());
    };
    QString html
        = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\"><tr><th></th><th>%1 A</th><th>%2 B</th></tr>")
              .arg(swatch(compareColorA()), swatch(compareColorB()));
    html += row(tr("points"), a ? QString::number(a->points.size()) : QStringLiteral("–"),
        b ? QString::number(b->points.size()) : QStringLiteral("–"), tr("Points in each sweep."));
    html += row(tr("sustainable value"), va ? valueText(a->param, va->sustainable) : QStringLiteral("–"),
        vb ? valueText(b->param, vb->sustainable) : QStringLiteral("–"),
        tr("The largest swept value whose point meets the sweep's SLO and keeps up with its arrivals (below the first "
           "saturated value)."));
    html += row(tr("largest value meeting its SLO"), va ? valueText(a->param, va->largestMeeting) : QStringLiteral("–"),
        vb ? valueText(b->param, vb->largestMeeting) : QStringLiteral("–"),
        tr("The largest swept value whose point still meets the sweep's own SLO (each side's SLO is shown in its "
           "file)."));
    html += row(tr("first saturated value"), va ? valueText(a->param, va->firstSaturated) : QStringLiteral("–"),
        vb ? valueText(b->param, vb->firstSaturated) : QStringLiteral("–"),
        tr("The smallest swept value where completions fall behind arrivals (achieved/offered below 0.98)."));
    html += row(tr("peak throughput (req/s)"), QString::fromStdString(formatSig(peak(a), 3)),
        QString::fromStdString(formatSig(peak(b), 3)),
        tr("The highest completed requests per second over the sweep's points."));
    html += QStringLiteral("</table>");
    if (a && b)
        html += tr("<p>A and B are drawn over the same axis; a point exists only where that sweep has one. Each side's "
                   "SLO is its own: "
                   "compare attainment only when both used the same SLO.</p>");
    m_numbers->setText(html);
    Q_EMIT updated();
}

} // namespace lorascope
