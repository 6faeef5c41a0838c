// SPDX-License-Identifier: Apache-2.0
#include "sweep/fleetsweepview.h"

#include "fleet/fleettext.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

namespace lorascope {

/// The context of the fleet charts' texts (for lupdate and FleetSweepPlots::tr()).
class FleetSweepPlots {
    Q_DECLARE_TR_FUNCTIONS(lorascope::FleetSweepPlots)
};

namespace {

/// The points of one router, sorted by x.
std::vector<const FleetSweepPoint*> routerPoints(const FleetSweepView& v, RouterKind router)
{
    std::vector<const FleetSweepPoint*> out;
    for (const FleetSweepPoint& p : v.points)
        if (p.router == router)
            out.push_back(&p);
    std::sort(out.begin(), out.end(), [&v](const FleetSweepPoint* a, const FleetSweepPoint* b) {
        return fleetPointX(*a, v.axis) < fleetPointX(*b, v.axis);
    });
    return out;
}

/// One series per router: `value` of each point against the axis.
PlotData perRouter(const FleetSweepView& v, const QString& title, const QString& yTitle,
    const std::function<double(const FleetSweepPoint&)>& value)
{
    PlotData d;
    d.title = title;
    d.x.title = fleetAxisTitle(v.axis);
    d.y.title = yTitle;
    for (std::size_t i = 0; i < v.routers.size(); ++i) {
        PlotSeries s;
        s.name = QString::fromStdString(routerName(v.routers[i]));
        s.color = fleetRouterColor(i);
        // A router sweep has one point per router: a dot; otherwise a line through every point.
        s.style = v.axis == FleetAxis::Router ? PlotSeries::Style::Points : PlotSeries::Style::Line;
        if (v.axis == FleetAxis::Router)
            s.width = 4;
        for (const FleetSweepPoint* p : routerPoints(v, v.routers[i]))
            if (const double y = value(*p); std::isfinite(y))
                s.points.append(QPointF(fleetPointX(*p, v.axis), y));
        d.series.append(s);
    }
    QStringList routers;
    for (RouterKind r : v.routers)
        routers << QStringLiteral("%1: %2").arg(QString::fromStdString(routerName(r)), FleetText::routerTitle(r));
    d.note = FleetSweepPlots::tr("One line per router, each point a fleet preview of the same workload.")
        + QLatin1Char('\n') + routers.join(QLatin1Char('\n'));
    return d;
}

} // namespace

double fleetPointX(const FleetSweepPoint& point, FleetAxis axis)
{
    return axis == FleetAxis::Staleness ? point.stalenessMs : double(point.replicas);
}

QString fleetAxisTitle(FleetAxis axis)
{
    return axis == FleetAxis::Staleness ? FleetSweepPlots::tr("metrics staleness (ms)")
                                        : FleetSweepPlots::tr("fleet size (replicas)");
}

QColor fleetRouterColor(std::size_t index)
{
    static const QColor colors[] = { QColor(90, 90, 90), QColor(31, 119, 180), QColor(230, 120, 30),
        QColor(40, 150, 80), QColor(200, 40, 40), QColor(120, 80, 170), QColor(140, 86, 75), QColor(227, 119, 194),
        QColor(188, 189, 34), QColor(23, 190, 207) };
    return colors[index % std::size(colors)];
}

PlotData fleetAttainmentPlot(const FleetSweepView& v)
{
    PlotData d = perRouter(v, FleetSweepPlots::tr("SLO attainment vs fleet size"),
        FleetSweepPlots::tr("requests within the SLO (%)"),
        [](const FleetSweepPoint& p) { return 100.0 * p.point.metrics.sloAttainment; });
    if (v.axis == FleetAxis::Staleness)
        d.title = FleetSweepPlots::tr("SLO attainment vs metrics staleness");
    else if (v.axis == FleetAxis::Router)
        d.title = FleetSweepPlots::tr("SLO attainment by router");
    d.y.min = 0;
    d.y.max = 100;
    d.note = FleetSweepPlots::tr(
                 "The share of all requests that meet every bound of the SLO (%1), for each router and fleet size. "
                 "The dashed line is the share needed; a ring marks the smallest fleet of each router that reaches it.")
                 .arg(QStringLiteral("%1 %").arg(100.0 * v.slo.attainment, 0, 'f', 0))
        + QLatin1Char('\n') + d.note;
    double lo = INFINITY, hi = -INFINITY;
    for (const FleetSweepPoint& p : v.points) {
        lo = std::min(lo, fleetPointX(p, v.axis));
        hi = std::max(hi, fleetPointX(p, v.axis));
    }
    if (std::isfinite(lo)) {
        PlotSeries target;
        target.name = FleetSweepPlots::tr("target %1 %").arg(100.0 * v.slo.attainment, 0, 'f', 0);
        target.color = QColor(160, 160, 160); // lighter than round-robin's dark grey line
        target.dashed = true;
        target.width = 1.2;
        target.points = { QPointF(lo, 100.0 * v.slo.attainment), QPointF(hi, 100.0 * v.slo.attainment) };
        d.series.append(target);
    }
    // Each router's smallest fleet meeting the SLO: a ring on its line, labelled once per size
    // (routers that need the same size share a label).
    PlotSeries marks;
    marks.name = FleetSweepPlots::tr("smallest fleet meeting the SLO");
    marks.style = PlotSeries::Style::Points;
    marks.color = QColor(200, 40, 40);
    marks.width = 5;
    std::map<int, QStringList> bySize;
    std::map<int, double> yAt;
    for (const auto& [router, min] : v.minimum) {
        if (min <= 0 || v.axis != FleetAxis::Replicas)
            continue;
        for (const FleetSweepPoint* p : routerPoints(v, router))
            if (p->replicas == min) {
                const double y = 100.0 * p->point.metrics.sloAttainment;
                marks.points.append(QPointF(min, y));
                bySize[min] << QString::fromStdString(routerName(router));
                yAt[min] = std::max(yAt.count(min) ? yAt[min] : 0.0, y);
            }
    }
    for (const auto& [size, names] : bySize)
        d.labels.append({ QPointF(size, yAt[size]),
            FleetSweepPlots::tr("%1: %n replica(s)", nullptr, size).arg(names.join(QStringLiteral(", "))) });
    if (!marks.points.isEmpty())
        d.series.append(marks);
    return d;
}

PlotData fleetMetricPlot(const FleetSweepView& v, SweepMetric metric)
{
    QString title, yTitle;
    switch (metric) {
    case SweepMetric::TtftP90:
        title = FleetSweepPlots::tr("Time to first token, p90");
        yTitle = FleetSweepPlots::tr("TTFT p90 (s)");
        break;
    case SweepMetric::E2eP90:
        title = FleetSweepPlots::tr("End-to-end latency, p90");
        yTitle = FleetSweepPlots::tr("E2E p90 (s)");
        break;
    case SweepMetric::Goodput:
        title = FleetSweepPlots::tr("Goodput");
        yTitle = FleetSweepPlots::tr("requests within the SLO (req/s)");
        break;
    case SweepMetric::AchievedRatio:
        title = FleetSweepPlots::tr("Keeping up: achieved / offered");
        yTitle = FleetSweepPlots::tr("achieved / offered (ratio)");
        break;
    default:
        title = sweepMetricName(metric);
        yTitle = sweepMetricUnit(metric);
        break;
    }
    PlotData d = perRouter(
        v, title, yTitle, [metric](const FleetSweepPoint& p) { return sweepMetricValue(p.point.metrics, metric); });
    if (metric == SweepMetric::AchievedRatio) {
        d.y.min = 0;
        d.note = FleetSweepPlots::tr(
                     "Finished requests per second over offered requests per second: 1 means the fleet keeps up with "
                     "the arrivals.")
            + QLatin1Char('\n') + d.note;
    }
    return d;
}

PlotData fleetAdapterLoadsPlot(const FleetSweepView& v)
{
    PlotData d = perRouter(v, FleetSweepPlots::tr("Adapter loads over all replicas"),
        FleetSweepPlots::tr("adapter loads (count)"), [](const FleetSweepPoint& p) { return double(p.adapterLoads); });
    d.y.min = 0;
    d.note = FleetSweepPlots::tr(
                 "How many times an adapter was loaded into a replica's GPU memory, summed over the fleet: routers "
                 "that keep an adapter's requests together load less.")
        + QLatin1Char('\n') + d.note;
    return d;
}

} // namespace lorascope
