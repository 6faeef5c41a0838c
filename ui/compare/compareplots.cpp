// SPDX-License-Identifier: Apache-2.0
#include "compare/compareplots.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace lorascope {

namespace {

QString nameA()
{
    return QCoreApplication::translate("lorascope::ComparePlots", "A");
}

QString nameB()
{
    return QCoreApplication::translate("lorascope::ComparePlots", "B");
}

PlotSeries stepLine(
    const QString& name, const std::vector<double>& edges, const std::vector<double>& values, const QColor& color)
{
    PlotSeries s;
    s.name = name;
    s.color = color;
    s.width = 1.6;
    for (std::size_t b = 0; b < values.size() && b + 1 < edges.size(); ++b) {
        s.points.append(QPointF(edges[b], values[b]));
        s.points.append(QPointF(edges[b + 1], values[b]));
    }
    return s;
}

QString unitOf(const Comparison& c)
{
    const auto* adm = c.b.admission ? c.b.admission.get() : c.a.admission.get();
    return adm && adm->result.clock == ClockKind::Steps
        ? QCoreApplication::translate("lorascope::ComparePlots", "steps")
        : QCoreApplication::translate("lorascope::ComparePlots", "s");
}

/// A time axis from the first to the last time of the data (ticks inside), not widened to a
/// round number: the traces end where they end.
void fitTimeAxis(PlotData& d)
{
    double lo = INFINITY, hi = -INFINITY;
    for (const auto& s : std::as_const(d.series))
        for (const auto& p : s.points) {
            lo = std::min(lo, p.x());
            hi = std::max(hi, p.x());
        }
    if (hi > lo) {
        d.x.min = lo;
        d.x.max = hi;
    }
}

/// A as translucent bars, B as a step outline on top: both stay readable where they overlap
/// (two translucent fills would mix into a third colour the legend does not explain).
void addHistograms(PlotData& d, const Histogram& a, const Histogram& b)
{
    d.series.append(PlotData::bars(nameA(), a.edges, a.counts, compareColorA()));
    std::vector<double> counts(b.counts.begin(), b.counts.end());
    PlotSeries outline = stepLine(nameB(), b.edges, counts, compareColorB());
    outline.width = 2.0;
    // Close the outline down to 0 at both ends, as a histogram's bars are.
    if (!outline.points.isEmpty()) {
        outline.points.prepend(QPointF(outline.points.front().x(), 0.0));
        outline.points.append(QPointF(outline.points.back().x(), 0.0));
    }
    d.series.append(outline);
}

} // namespace

QColor compareColorA()
{
    return QColor(31, 119, 180); // blue
}

QColor compareColorB()
{
    return QColor(230, 110, 0); // orange: distinct from blue for colour-blind readers too
}

QString compareSwatch(const QColor& color)
{
    return QStringLiteral("<span style=\"color:%1\">■</span>").arg(color.name());
}

PlotData comparePopularityPlot(const Comparison& c)
{
    PlotData d;
    d.title = QCoreApplication::translate("lorascope::ComparePlots", "Adapter popularity");
    d.x.title = QCoreApplication::translate("lorascope::ComparePlots", "adapter rank (by count)");
    d.y.title = QCoreApplication::translate("lorascope::ComparePlots", "share (%)");
    d.x.log = d.y.log = true;
    for (const auto& [name, share, color] :
        { std::tuple { nameA(), &c.shareA, compareColorA() }, std::tuple { nameB(), &c.shareB, compareColorB() } }) {
        PlotSeries s;
        s.name = name;
        s.color = color;
        s.width = 2.0;
        // Large n: every k-th rank (at most ~3000 points) keeps the chart fast.
        const std::size_t step = std::max<std::size_t>(1, share->size() / 3000);
        for (std::size_t r = 0; r < share->size(); r += step)
            s.points.append(QPointF(double(r + 1), 100.0 * (*share)[r]));
        d.series.append(s);
    }
    return d;
}

PlotData compareGapPlot(const Comparison& c)
{
    PlotData d;
    d.title = QCoreApplication::translate("lorascope::ComparePlots", "Inter-arrival gaps");
    d.x.title = QCoreApplication::translate("lorascope::ComparePlots", "gap (s, log scale)");
    d.y.title = QCoreApplication::translate("lorascope::ComparePlots", "gaps");
    d.x.log = true;
    addHistograms(d, c.gapsA, c.gapsB);
    d.y.min = 0.0;
    return d;
}

PlotData compareLengthPlot(const Comparison& c, bool input)
{
    PlotData d;
    d.title = input ? QCoreApplication::translate("lorascope::ComparePlots", "Input length")
                    : QCoreApplication::translate("lorascope::ComparePlots", "Output length");
    d.x.title = QCoreApplication::translate("lorascope::ComparePlots", "tokens");
    d.y.title = QCoreApplication::translate("lorascope::ComparePlots", "requests");
    const auto& ha = input ? c.inputA : c.outputA;
    const auto& hb = input ? c.inputB : c.outputB;
    addHistograms(d, ha, hb);
    d.y.min = 0.0;
    return d;
}

PlotData compareArrivalPlot(const Comparison& c)
{
    PlotData d;
    d.title = QCoreApplication::translate("lorascope::ComparePlots", "Request rate over time");
    d.x.title = QCoreApplication::translate("lorascope::ComparePlots", "time (s)");
    d.y.title = QCoreApplication::translate("lorascope::ComparePlots", "req/s");
    for (const auto& [name, h, color] : { std::tuple { nameA(), &c.arrivalsA, compareColorA() },
             std::tuple { nameB(), &c.arrivalsB, compareColorB() } }) {
        std::vector<double> rate(h->counts.size());
        for (std::size_t b = 0; b < rate.size(); ++b) {
            const double w = h->edges[b + 1] - h->edges[b];
            rate[b] = w > 0 ? double(h->counts[b]) / w : 0.0;
        }
        d.series.append(stepLine(name, h->edges, rate, color));
    }
    d.y.min = 0.0;
    fitTimeAxis(d);
    return d;
}

PlotData compareLatencyPlot(const Comparison& c, CompareLatency which)
{
    PlotData d;
    const QString unit = unitOf(c);
    switch (which) {
    case CompareLatency::Wait:
        d.title = QCoreApplication::translate("lorascope::ComparePlots", "Queue wait by percentile");
        break;
    case CompareLatency::Ttft:
        d.title = QCoreApplication::translate("lorascope::ComparePlots", "TTFT by percentile");
        break;
    case CompareLatency::E2e:
        d.title = QCoreApplication::translate("lorascope::ComparePlots", "E2E latency by percentile");
        break;
    }
    d.x.title = QCoreApplication::translate("lorascope::ComparePlots", "percentile");
    d.y.title = QCoreApplication::translate("lorascope::ComparePlots", "latency (%1)").arg(unit);
    const auto& va = which == CompareLatency::Wait ? c.waitA : which == CompareLatency::Ttft ? c.ttftA : c.e2eA;
    const auto& vb = which == CompareLatency::Wait ? c.waitB : which == CompareLatency::Ttft ? c.ttftB : c.e2eB;
    for (const auto& [name, v, color] :
        { std::tuple { nameA(), &va, compareColorA() }, std::tuple { nameB(), &vb, compareColorB() } }) {
        PlotSeries s;
        s.name = name;
        s.color = color;
        s.width = 2.0;
        for (std::size_t i = 0; i < v->size() && i < c.percentiles.size(); ++i)
            s.points.append(QPointF(c.percentiles[i], (*v)[i]));
        d.series.append(s);
    }
    d.x.min = 0.0;
    d.x.max = 100.0;
    d.y.min = 0.0;
    return d;
}

PlotData compareTimelinePlot(const Comparison& c, bool running)
{
    PlotData d;
    d.title = running ? QCoreApplication::translate("lorascope::ComparePlots", "Running requests over time")
                      : QCoreApplication::translate("lorascope::ComparePlots", "Queue length over time");
    d.x.title = QCoreApplication::translate("lorascope::ComparePlots", "time (%1)").arg(unitOf(c));
    d.y.title = QCoreApplication::translate("lorascope::ComparePlots", "requests");
    for (const auto& [name, side, color] :
        { std::tuple { nameA(), &c.a, compareColorA() }, std::tuple { nameB(), &c.b, compareColorB() } }) {
        if (side->admission) {
            const auto& tl = side->admission->timeline;
            d.series.append(stepLine(name, tl.edges, running ? tl.running : tl.queue, color));
        } else {
            PlotSeries empty;
            empty.name = name + QCoreApplication::translate("lorascope::ComparePlots", " (not previewed)");
            empty.color = color;
            d.series.append(empty);
        }
    }
    d.y.min = 0.0;
    fitTimeAxis(d);
    return d;
}

} // namespace lorascope
