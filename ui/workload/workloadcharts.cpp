// SPDX-License-Identifier: Apache-2.0
#include "workload/workloadcharts.h"

#include "analysis/numberformat.h"
#include "text/terms.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numeric>

namespace lorascope {

namespace {

QString tr(const char* text)
{
    // lupdate files tr() calls in namespace lorascope under the context "lorascope"; look them up there.
    return QCoreApplication::translate("lorascope", text);
}

const QColor kData(70, 130, 180);
const QColor kTheory(200, 40, 40);
const QColor kReference(60, 60, 60);
const QColor kOutside(140, 140, 140);

/// The part of the adapters' names they all share, up to a '-' ("dummy-lora-13b-"): labels show
/// what differs ("rank-64-12"), which keeps them short without cutting a name.
QString commonNamePrefix(const Trace& trace)
{
    if (trace.adapters.size() < 2)
        return {};
    std::string common = trace.adapters.front().name;
    for (const auto& a : trace.adapters) {
        std::size_t n = 0;
        while (n < common.size() && n < a.name.size() && common[n] == a.name[n])
            ++n;
        common.resize(n);
    }
    auto dash = common.find_last_of('-');
    if (dash == std::string::npos)
        return {};
    common.resize(dash + 1);
    // "dummy-lora-13b-rank-" would leave "16-1": keep the last word, so the labels read "rank-16-1".
    const std::string& first = trace.adapters.front().name;
    if (first.size() > common.size() && std::isdigit(static_cast<unsigned char>(first[common.size()]))) {
        dash = common.find_last_of('-', common.size() - 2);
        common.resize(dash == std::string::npos ? 0 : dash + 1);
    }
    return QString::fromStdString(common);
}

PlotSeries theoryLine(
    const QString& name, const std::vector<double>& edges, const std::vector<double>& expected, bool geometricMid)
{
    PlotSeries s;
    s.name = name;
    s.style = PlotSeries::Style::Line;
    s.color = kTheory;
    for (std::size_t b = 0; b < expected.size() && b + 1 < edges.size(); ++b) {
        const double mid = geometricMid ? std::sqrt(edges[b] * edges[b + 1]) : 0.5 * (edges[b] + edges[b + 1]);
        s.points.append(QPointF(mid, expected[b]));
    }
    return s;
}

} // namespace

PlotData popularityPlot(const WorkloadAnalysis& a, bool logLog)
{
    PlotData d;
    d.title = tr("Adapter popularity");
    d.x.title = tr("adapter rank");
    d.y.title = tr("requests");
    d.x.log = d.y.log = logLog;
    const auto& counts = a.stats.perAdapterCount;
    const std::size_t n = counts.size();
    // Order adapters by expected share (theory order); without a model, by observed count.
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    const auto& expected = a.expectedPerAdapter;
    if (expected.size() == n) {
        std::stable_sort(order.begin(), order.end(), [&](auto x, auto y) { return expected[x] > expected[y]; });
    } else {
        d.x.title = tr("adapter rank (by count)");
        std::stable_sort(order.begin(), order.end(), [&](auto x, auto y) { return counts[x] > counts[y]; });
    }
    PlotSeries obs;
    obs.name = tr("observed");
    obs.style = n <= 600 ? PlotSeries::Style::Points : PlotSeries::Style::Line;
    obs.color = kData;
    obs.width = 2.5;
    // Large n: keep at most ~3000 points (every k-th rank) so the chart stays fast.
    const std::size_t step = std::max<std::size_t>(1, n / 3000);
    for (std::size_t r = 0; r < n; r += step)
        obs.points.append(QPointF(double(r + 1), double(counts[order[r]])));
    d.series.append(obs);
    if (expected.size() == n) {
        PlotSeries th;
        th.name = tr("expected (model)");
        th.color = kTheory;
        for (std::size_t r = 0; r < n; r += step)
            th.points.append(QPointF(double(r + 1), expected[order[r]]));
        d.series.append(th);
    }
    // Annotate the three hottest adapters (by observed count).
    std::vector<std::uint32_t> hot(n);
    std::iota(hot.begin(), hot.end(), 0u);
    const std::size_t k = std::min<std::size_t>(3, n);
    std::partial_sort(
        hot.begin(), hot.begin() + std::ptrdiff_t(k), hot.end(), [&](auto x, auto y) { return counts[x] > counts[y]; });
    QStringList hottest;
    const QString prefix = commonNamePrefix(*a.trace);
    std::vector<std::uint32_t> rankOf(n);
    for (std::size_t r = 0; r < n; ++r)
        rankOf[order[r]] = std::uint32_t(r);
    for (std::size_t i = 0; i < k; ++i) {
        const auto ad = hot[i];
        if (counts[ad] == 0)
            continue;
        const QString name
            = ad < a.trace->adapters.size() ? QString::fromStdString(a.trace->adapters[ad].name) : QString::number(ad);
        const QString shortName = !prefix.isEmpty() && name.startsWith(prefix) ? name.mid(prefix.size()) : name;
        d.labels.append({ QPointF(double(rankOf[ad] + 1), double(counts[ad])),
            shortName + QStringLiteral(": ") + QString::number(counts[ad]) });
        hottest << name + QStringLiteral(": ") + QString::number(counts[ad]);
    }
    if (!logLog)
        d.y.min = 0.0;
    d.note = tr("Requests per adapter, adapters ordered by their expected share; the line is the model's expectation.");
    if (!hottest.isEmpty())
        d.note += QLatin1Char('\n') + tr("Hottest: %1").arg(hottest.join(QStringLiteral(", ")));
    if (!prefix.isEmpty())
        d.note
            += QLatin1Char('\n') + tr("The labels leave out the part every adapter's name starts with: %1").arg(prefix);
    return d;
}

PlotData gapPlot(const WorkloadAnalysis& a)
{
    PlotData d;
    d.title = tr("Inter-arrival gaps");
    d.x.title = tr("gap (s, log scale)");
    d.y.title = tr("gaps");
    d.x.log = true;
    const Histogram& h = a.stats.gaps;
    d.series.append(PlotData::bars(tr("observed"), h.edges, h.counts, kData));
    if (!a.expectedGaps.empty())
        d.series.append(theoryLine(tr("model"), h.edges, a.expectedGaps, true));
    d.y.min = 0.0;
    d.note = tr("Time between consecutive arrivals (all adapters), log-spaced bins over the bulk of the gaps (0.5 "
                "%–99.5 % quantiles).");
    if (!a.expectedGaps.empty())
        d.note += QLatin1Char('\n') + tr("Model: %1.").arg(Terms::gapModel(a.gapModelInfo));
    if (h.edges.size() < 2 || (h.underflow == 0 && h.overflow == 0))
        return d;
    // Gaps outside the bins: one labelled bar at each end, one bin wide, in grey. They do not set
    // the y range when they are much taller than the rest (their count is on the label).
    const double ratio = h.edges[1] / h.edges[0];
    const double lo = h.edges.front(), hi = h.edges.back();
    PlotSeries out;
    out.name = tr("out of range");
    out.style = PlotSeries::Style::Bars;
    out.color = kOutside;
    out.points = { QPointF(lo / ratio, double(h.underflow)), QPointF(lo, 0.0), QPointF(hi, double(h.overflow)),
        QPointF(hi * ratio, 0.0) };
    d.series.append(out);
    double inRange = 0;
    for (auto c : h.counts)
        inRange = std::max(inRange, double(c));
    for (double e : a.expectedGaps)
        inRange = std::max(inRange, e);
    const double tallest = double(std::max(h.underflow, h.overflow));
    if (tallest > 1.5 * inRange && inRange > 0)
        d.y.max = inRange * 1.25;
    const QString loText = QString::fromStdString(formatSeconds(lo, 2)),
                  hiText = QString::fromStdString(formatSeconds(hi, 2));
    if (h.underflow > 0)
        d.labels.append({ QPointF(lo / std::sqrt(ratio), std::min(double(h.underflow), d.y.max.value_or(tallest))),
            tr("< %1: %2").arg(loText).arg(h.underflow) });
    if (h.overflow > 0)
        d.labels.append({ QPointF(hi * std::sqrt(ratio), std::min(double(h.overflow), d.y.max.value_or(tallest))),
            tr("> %1: %2").arg(hiText).arg(h.overflow) });
    return d;
}

PlotData lengthPlot(const WorkloadAnalysis& a, bool input)
{
    const auto& ls = input ? a.stats.input : a.stats.output;
    PlotData d;
    d.title = input ? tr("Input length (mean %1, p99 %2)").arg(Terms::number(ls.mean), Terms::number(ls.p99))
                    : tr("Output length (mean %1, p99 %2)").arg(Terms::number(ls.mean), Terms::number(ls.p99));
    d.note = input ? tr("Prompt tokens per request; the line is the model's expectation per bin.")
                   : tr("Generated tokens per request; the line is the model's expectation per bin.");
    d.x.title = tr("tokens");
    d.y.title = tr("requests");
    d.series.append(PlotData::bars(tr("observed"), ls.histogram.edges, ls.histogram.counts, kData));
    const auto& expected = input ? a.expectedInput : a.expectedOutput;
    if (!expected.empty())
        d.series.append(theoryLine(tr("model"), ls.histogram.edges, expected, false));
    d.y.min = 0.0;
    return d;
}

PlotData timelinePlot(const WorkloadAnalysis& a)
{
    PlotData d;
    d.title = tr("Request rate over time");
    d.x.title = tr("time (s)");
    d.y.title = tr("req/s");
    d.note = tr("Arrivals per second over time (all adapters); the dashed line is the rate R you set, the red line "
                "what the model expects.");
    const auto& tl = a.stats.timeline;
    std::vector<double> rate(tl.counts.size());
    for (std::size_t b = 0; b < rate.size(); ++b) {
        const double w = tl.edges[b + 1] - tl.edges[b];
        rate[b] = w > 0 ? double(tl.counts[b]) / w : 0.0;
    }
    d.series.append(PlotData::bars(tr("observed"), tl.edges, rate, kData));
    if (!a.expectedTimeline.empty()) {
        std::vector<double> model(a.expectedTimeline.size());
        for (std::size_t b = 0; b < model.size(); ++b) {
            const double w = tl.edges[b + 1] - tl.edges[b];
            model[b] = w > 0 ? a.expectedTimeline[b] / w : 0.0;
        }
        d.series.append(theoryLine(tr("model rate"), tl.edges, model, false));
    }
    if (a.spec && !tl.edges.empty()) {
        PlotSeries r;
        r.name = tr("R = %1").arg(Terms::number(a.spec->rate));
        r.color = kReference;
        r.dashed = true;
        r.width = 1.5;
        r.points = { QPointF(tl.edges.front(), a.spec->rate), QPointF(tl.edges.back(), a.spec->rate) };
        d.series.append(r);
    }
    d.y.min = 0.0;
    if (tl.edges.size() >= 2) {
        d.x.min = tl.edges.front();
        d.x.max = tl.edges.back();
    }
    return d;
}

} // namespace lorascope
