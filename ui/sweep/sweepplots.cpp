// SPDX-License-Identifier: Apache-2.0
#include "sweep/sweepplots.h"

#include <QCoreApplication>

#include <algorithm>
#include <map>

namespace lorascope {

namespace {

// The parameters' units come from the core (sweep/parameter.cpp); listed here so lupdate finds them.
[[maybe_unused]] const char* const kUnits[] = {
    QT_TRANSLATE_NOOP("lorascope::SweepPlots", "req/s"),
    QT_TRANSLATE_NOOP("lorascope::SweepPlots", "adapters"),
    QT_TRANSLATE_NOOP("lorascope::SweepPlots", "s"),
    QT_TRANSLATE_NOOP("lorascope::SweepPlots", "tokens"),
    QT_TRANSLATE_NOOP("lorascope::SweepPlots", "requests"),
    QT_TRANSLATE_NOOP("lorascope::SweepPlots", "steps"),
};

const QColor kBlue(31, 119, 180), kOrange(230, 120, 30), kGreen(40, 150, 80), kRed(200, 40, 40), kPurple(120, 80, 170),
    kGrey(90, 90, 90);
const QColor kPaper(20, 20, 20);

PlotSeries line(const QString& name, const std::vector<SweepPoint>& points, SweepMetric metric, const QColor& color,
    bool dashed = false)
{
    PlotSeries s;
    s.name = name;
    s.color = color;
    s.dashed = dashed;
    for (const SweepPoint& p : points) {
        const double y = sweepMetricValue(p.metrics, metric);
        if (std::isfinite(y))
            s.points.append(QPointF(p.value, y));
    }
    return s;
}

/// Points on top of a line so every measured value shows (and can be clicked).
PlotSeries markers(const PlotSeries& of)
{
    PlotSeries s = of;
    s.inLegend = false;
    s.style = PlotSeries::Style::Points;
    s.width = 2.5;
    s.dashed = false;
    return s;
}

/// Where the published points come from, for a chart's title ("S-LoRA paper: A100 (80 GB), S4").
QString paperSource(const SweepView& v)
{
    if (v.figures.empty())
        return {};
    const PaperFigure& f = *v.figures.front();
    return QCoreApplication::translate("lorascope::SweepPlots", "S-LoRA paper: %1, %2%3")
        .arg(QString::fromStdString(f.gpu), QString::fromStdString(f.modelSetting),
            f.policy == PolicyKind::SLoraAbort ? QCoreApplication::translate("lorascope::SweepPlots", ", abort")
                                               : QString());
}

QString withPaper(const QString& title, const SweepView& v)
{
    return v.figures.empty() ? title : title + QStringLiteral(" — ") + paperSource(v);
}

void addPaper(PlotData& d, const SweepView& v, double (*value)(const PaperRow&), const QString& name)
{
    for (const PaperFigure* f : v.figures) {
        PlotSeries s;
        s.name = name;
        s.inLegend = f == v.figures.front(); // a second file of the same curve (the n = 1000 run) needs no second entry
        s.style = PlotSeries::Style::Points;
        s.color = kPaper;
        s.width = 3.2;
        for (const PaperRow& r : f->rows)
            s.points.append(QPointF(paperValue(r, f->param), value(r)));
        d.series.append(s);
    }
}

void markCapacity(PlotData& d, const SweepView& v, SweepMetric metric)
{
    if (!v.capacity)
        return;
    const auto it
        = std::find_if(v.points.begin(), v.points.end(), [&](const SweepPoint& p) { return p.value == *v.capacity; });
    if (it == v.points.end())
        return;
    const double y = sweepMetricValue(it->metrics, metric);
    if (!std::isfinite(y))
        return;
    PlotSeries s;
    s.name = QCoreApplication::translate("lorascope::SweepPlots", "sustainable capacity");
    s.inLegend = false; // named by its label on the chart
    s.style = PlotSeries::Style::Points;
    s.color = kRed;
    s.width = 4.5;
    s.points.append(QPointF(*v.capacity, y));
    d.series.append(s);
    d.labels.append({ QPointF(*v.capacity, y),
        QCoreApplication::translate("lorascope::SweepPlots", "sustainable %1")
            .arg(QString::fromStdString(sweepValueText(v.param, *v.capacity, v.capacityResolution))) });
}

void addLineWithPoints(PlotData& d, const PlotSeries& s)
{
    d.series.append(s);
    if (s.points.size() <= 60)
        d.series.append(markers(s));
}

} // namespace

double sweepMetricValue(const PointMetrics& m, SweepMetric metric)
{
    switch (metric) {
    case SweepMetric::Throughput:
        return m.throughput;
    case SweepMetric::Goodput:
        return m.goodput;
    case SweepMetric::OfferedRate:
        return m.offeredRate;
    case SweepMetric::TtftMean:
        return m.ttft.mean;
    case SweepMetric::TtftP50:
        return m.ttft.p50;
    case SweepMetric::TtftP90:
        return m.ttft.p90;
    case SweepMetric::TtftP99:
        return m.ttft.p99;
    case SweepMetric::TpotP50:
        return m.tpot.p50 * 1e3;
    case SweepMetric::E2eMean:
        return m.e2e.mean;
    case SweepMetric::E2eP50:
        return m.e2e.p50;
    case SweepMetric::E2eP90:
        return m.e2e.p90;
    case SweepMetric::E2eP99:
        return m.e2e.p99;
    case SweepMetric::SloAttainment:
        return 100.0 * m.sloAttainment;
    case SweepMetric::SloraAttainment:
        return 100.0 * m.sloraAttainment;
    case SweepMetric::AchievedRatio:
        return m.achievedRatio;
    case SweepMetric::PeakQueue:
        return m.peakQueue;
    }
    return NAN;
}

QString sweepMetricName(SweepMetric metric)
{
    switch (metric) {
    case SweepMetric::Throughput:
        return QCoreApplication::translate("lorascope::SweepPlots", "throughput");
    case SweepMetric::Goodput:
        return QCoreApplication::translate("lorascope::SweepPlots", "goodput");
    case SweepMetric::OfferedRate:
        return QCoreApplication::translate("lorascope::SweepPlots", "offered rate");
    case SweepMetric::TtftMean:
        return QCoreApplication::translate("lorascope::SweepPlots", "TTFT mean");
    case SweepMetric::TtftP50:
        return QCoreApplication::translate("lorascope::SweepPlots", "TTFT p50");
    case SweepMetric::TtftP90:
        return QCoreApplication::translate("lorascope::SweepPlots", "TTFT p90");
    case SweepMetric::TtftP99:
        return QCoreApplication::translate("lorascope::SweepPlots", "TTFT p99");
    case SweepMetric::TpotP50:
        return QCoreApplication::translate("lorascope::SweepPlots", "TPOT p50");
    case SweepMetric::E2eMean:
        return QCoreApplication::translate("lorascope::SweepPlots", "E2E mean");
    case SweepMetric::E2eP50:
        return QCoreApplication::translate("lorascope::SweepPlots", "E2E p50");
    case SweepMetric::E2eP90:
        return QCoreApplication::translate("lorascope::SweepPlots", "E2E p90");
    case SweepMetric::E2eP99:
        return QCoreApplication::translate("lorascope::SweepPlots", "E2E p99");
    case SweepMetric::SloAttainment:
        return QCoreApplication::translate("lorascope::SweepPlots", "SLO attainment");
    case SweepMetric::SloraAttainment:
        return QCoreApplication::translate("lorascope::SweepPlots", "S-LoRA attainment (TTFT < 6 s)");
    case SweepMetric::AchievedRatio:
        return QCoreApplication::translate("lorascope::SweepPlots", "achieved / offered");
    case SweepMetric::PeakQueue:
        return QCoreApplication::translate("lorascope::SweepPlots", "peak queue");
    }
    return {};
}

QString sweepMetricUnit(SweepMetric metric)
{
    switch (metric) {
    case SweepMetric::Throughput:
    case SweepMetric::Goodput:
    case SweepMetric::OfferedRate:
        return QCoreApplication::translate("lorascope::SweepPlots", "req/s");
    case SweepMetric::TpotP50:
        return QCoreApplication::translate("lorascope::SweepPlots", "ms");
    case SweepMetric::SloAttainment:
    case SweepMetric::SloraAttainment:
        return QStringLiteral("%");
    case SweepMetric::AchievedRatio:
        return QCoreApplication::translate("lorascope::SweepPlots", "ratio");
    case SweepMetric::PeakQueue:
        return QCoreApplication::translate("lorascope::SweepPlots", "requests");
    default:
        return QCoreApplication::translate("lorascope::SweepPlots", "s");
    }
}

QString sweepAxisTitle(SweepParam param)
{
    const SweepParamInfo& info = sweepParamInfo(param);
    const QString label = QString::fromUtf8(info.label);
    if (!info.unit[0])
        return label;
    return QStringLiteral("%1 (%2)").arg(label, QCoreApplication::translate("lorascope::SweepPlots", info.unit));
}

PlotData sweepThroughputPlot(const SweepView& v)
{
    PlotData d;
    d.title = withPaper(QCoreApplication::translate("lorascope::SweepPlots", "Throughput"), v);
    d.x.title = sweepAxisTitle(v.param);
    d.y.title = QCoreApplication::translate("lorascope::SweepPlots", "throughput (req/s)");
    addLineWithPoints(d,
        line(
            QCoreApplication::translate("lorascope::SweepPlots", "preview"), v.points, SweepMetric::Throughput, kBlue));
    d.series.append(
        line(QCoreApplication::translate("lorascope::SweepPlots", "goodput"), v.points, SweepMetric::Goodput, kGreen));
    if (v.param == SweepParam::Rate)
        d.series.append(line(QCoreApplication::translate("lorascope::SweepPlots", "offered"), v.points,
            SweepMetric::OfferedRate, kGrey, true));
    addPaper(
        d, v, [](const PaperRow& r) { return r.throughput; },
        QCoreApplication::translate("lorascope::SweepPlots", "paper"));
    markCapacity(d, v, SweepMetric::Throughput);
    return d;
}

namespace {

/// The metrics of one latency (TTFT or E2E) and where the paper's mean and the SLO come from.
struct LatencyMetrics {
    SweepMetric p50, p90, p99, mean;
    double (*paperMean)(const PaperRow&);
    std::optional<double> SloTarget::*slo;
};

/// A latency plot: p50, p90, p99 (with points) over the swept value; with a paper figure the
/// preview's mean and the paper's (the paper reports means: like is compared with like); the
/// SLO's bound for this latency, when it has one, as a dashed line.
PlotData latencyPlot(const SweepView& v, const QString& title, const QString& yTitle, const LatencyMetrics& m)
{
    PlotData d;
    d.title = withPaper(title, v);
    d.x.title = sweepAxisTitle(v.param);
    d.y.title = yTitle;
    d.series.append(line(QCoreApplication::translate("lorascope::SweepPlots", "p50"), v.points, m.p50, kBlue));
    d.series.append(line(QCoreApplication::translate("lorascope::SweepPlots", "p90"), v.points, m.p90, kOrange));
    addLineWithPoints(d, line(QCoreApplication::translate("lorascope::SweepPlots", "p99"), v.points, m.p99, kRed));
    if (!v.figures.empty()) {
        d.series.append(
            line(QCoreApplication::translate("lorascope::SweepPlots", "mean"), v.points, m.mean, kPurple, true));
        addPaper(d, v, m.paperMean, QCoreApplication::translate("lorascope::SweepPlots", "paper"));
    }
    if (const auto& bound = v.slo.*m.slo) {
        PlotSeries s;
        s.name = QCoreApplication::translate("lorascope::SweepPlots", "SLO");
        s.color = kGrey;
        s.dashed = true;
        s.width = 1.2;
        if (!v.points.empty()) {
            s.points.append(QPointF(v.points.front().value, *bound));
            s.points.append(QPointF(v.points.back().value, *bound));
        }
        d.series.append(s);
    }
    return d;
}

} // namespace

PlotData sweepTtftPlot(const SweepView& v)
{
    return latencyPlot(v, QCoreApplication::translate("lorascope::SweepPlots", "Time to first token"),
        QCoreApplication::translate("lorascope::SweepPlots", "TTFT (s)"),
        { SweepMetric::TtftP50, SweepMetric::TtftP90, SweepMetric::TtftP99, SweepMetric::TtftMean,
            [](const PaperRow& r) { return r.avgFirstTokenLatency; }, &SloTarget::ttft });
}

PlotData sweepE2ePlot(const SweepView& v)
{
    return latencyPlot(v, QCoreApplication::translate("lorascope::SweepPlots", "End-to-end latency"),
        QCoreApplication::translate("lorascope::SweepPlots", "E2E (s)"),
        { SweepMetric::E2eP50, SweepMetric::E2eP90, SweepMetric::E2eP99, SweepMetric::E2eMean,
            [](const PaperRow& r) { return r.avgLatency; }, &SloTarget::e2e });
}

PlotData sweepAttainmentPlot(const SweepView& v)
{
    PlotData d;
    d.title = withPaper(QCoreApplication::translate("lorascope::SweepPlots", "SLO attainment"), v);
    d.x.title = sweepAxisTitle(v.param);
    d.y.title = QCoreApplication::translate("lorascope::SweepPlots", "within the SLO (%)");
    d.y.min = 0;
    d.y.max = 100;
    addLineWithPoints(d,
        line(QCoreApplication::translate("lorascope::SweepPlots", "SLO"), v.points, SweepMetric::SloAttainment, kBlue));
    d.series.append(line(QCoreApplication::translate("lorascope::SweepPlots", "S-LoRA"), v.points,
        SweepMetric::SloraAttainment, kOrange, true));
    PlotSeries target;
    target.name = QCoreApplication::translate("lorascope::SweepPlots", "target");
    target.color = kGrey;
    target.dashed = true;
    target.width = 1.2;
    if (!v.points.empty()) {
        target.points.append(QPointF(v.points.front().value, 100.0 * v.slo.attainment));
        target.points.append(QPointF(v.points.back().value, 100.0 * v.slo.attainment));
    }
    d.series.append(target);
    addPaper(
        d, v, [](const PaperRow& r) { return 100.0 * r.attainment; },
        QCoreApplication::translate("lorascope::SweepPlots", "paper"));
    markCapacity(d, v, SweepMetric::SloAttainment);
    return d;
}

PlotData sweepSaturationPlot(const SweepView& v)
{
    PlotData d;
    d.title = QCoreApplication::translate("lorascope::SweepPlots", "Saturation");
    d.x.title = sweepAxisTitle(v.param);
    d.y.title = QCoreApplication::translate("lorascope::SweepPlots", "achieved / offered");
    d.y.min = 0;
    addLineWithPoints(d,
        line(QCoreApplication::translate("lorascope::SweepPlots", "achieved / offered"), v.points,
            SweepMetric::AchievedRatio, kBlue));
    PlotSeries t;
    t.name = QCoreApplication::translate("lorascope::SweepPlots", "threshold %1").arg(v.saturationRatio);
    t.color = kRed;
    t.dashed = true;
    t.width = 1.2;
    if (!v.points.empty()) {
        t.points.append(QPointF(v.points.front().value, v.saturationRatio));
        t.points.append(QPointF(v.points.back().value, v.saturationRatio));
    }
    d.series.append(t);
    return d;
}

PlotData sweepAdapterPlot(const SweepView& v, AdapterMetric metric, int count)
{
    PlotData d;
    d.x.title = sweepAxisTitle(v.param);
    switch (metric) {
    case AdapterMetric::TtftMean:
        d.title = QCoreApplication::translate("lorascope::SweepPlots", "Per adapter: mean TTFT");
        d.y.title = QCoreApplication::translate("lorascope::SweepPlots", "TTFT mean (s)");
        break;
    case AdapterMetric::SloAttainment:
        d.title = QCoreApplication::translate("lorascope::SweepPlots", "Per adapter: SLO attainment");
        d.y.title = QCoreApplication::translate("lorascope::SweepPlots", "within the SLO (%)");
        d.y.min = 0;
        d.y.max = 100;
        break;
    case AdapterMetric::Throughput:
        d.title = QCoreApplication::translate("lorascope::SweepPlots", "Per adapter: throughput");
        d.y.title = QCoreApplication::translate("lorascope::SweepPlots", "throughput (req/s)");
        break;
    }
    std::map<std::string, std::uint64_t> total;
    std::map<std::string, int> rank;
    for (const SweepPoint& p : v.points)
        for (const AdapterMetrics& a : p.perAdapter) {
            total[a.name] += a.requests;
            rank[a.name] = a.rank;
        }
    std::vector<std::pair<std::string, std::uint64_t>> busiest(total.begin(), total.end());
    std::stable_sort(busiest.begin(), busiest.end(), [](auto& x, auto& y) { return x.second > y.second; });
    if (int(busiest.size()) > count)
        busiest.resize(std::size_t(count));
    if (!v.adapterSelection.empty()) {
        // A fixed set while a run is in progress: the same series, only their points change.
        busiest.clear();
        for (const std::string& name : v.adapterSelection)
            busiest.emplace_back(name, total[name]);
    }
    // Adapter names share long prefixes ("dummy-lora-13b-rank-64-0"): the legend shows what
    // differs, the title the shared part.
    std::string common;
    if (busiest.size() > 1) {
        common = busiest.front().first;
        for (const auto& [name, requests] : busiest) {
            std::size_t n = 0;
            while (n < common.size() && n < name.size() && common[n] == name[n])
                ++n;
            common.resize(n);
        }
        const auto dash = common.find_last_of('-');
        common = dash == std::string::npos ? std::string() : common.substr(0, dash + 1);
    }
    // The metric is in the axis title (and the box above the chart): the chart's title names the
    // adapters, so it fits a laptop's chart width.
    if (!common.empty())
        d.title
            = QCoreApplication::translate("lorascope::SweepPlots", "Adapters %1*").arg(QString::fromStdString(common));
    static const QColor palette[] = { QColor(31, 119, 180), QColor(255, 127, 14), QColor(44, 160, 44),
        QColor(214, 39, 40), QColor(148, 103, 189), QColor(140, 86, 75), QColor(227, 119, 194), QColor(127, 127, 127) };
    int c = 0;
    for (const auto& [name, requests] : busiest) {
        PlotSeries s;
        s.name = name.empty() ? QCoreApplication::translate("lorascope::SweepPlots", "base model")
                              : QString::fromStdString(name.substr(common.size()));
        s.color = palette[c++ % 8];
        s.width = 1.6;
        for (const SweepPoint& p : v.points)
            for (const AdapterMetrics& a : p.perAdapter)
                if (a.name == name) {
                    const double y = metric == AdapterMetric::TtftMean ? a.ttft.mean
                        : metric == AdapterMetric::SloAttainment       ? 100.0 * a.sloAttainment
                                                                       : a.throughput;
                    if (std::isfinite(y))
                        s.points.append(QPointF(p.value, y));
                }
        d.series.append(s);
    }
    return d;
}

std::vector<std::string> busiestAdapters(const std::vector<SweepPoint>& points, int count)
{
    std::map<std::string, std::uint64_t> total;
    for (const SweepPoint& p : points)
        for (const AdapterMetrics& a : p.perAdapter)
            total[a.name] += a.requests;
    std::vector<std::pair<std::string, std::uint64_t>> ranked(total.begin(), total.end());
    std::stable_sort(ranked.begin(), ranked.end(), [](auto& x, auto& y) { return x.second > y.second; });
    std::vector<std::string> out;
    for (const auto& [name, requests] : ranked)
        if (int(out.size()) < count)
            out.push_back(name);
    return out;
}

PlotData sweepComparePlot(SweepParam param, const std::vector<SweepPoint>& a, const std::vector<SweepPoint>& b,
    SweepMetric metric, const QColor& colorA, const QColor& colorB)
{
    PlotData d;
    d.title = sweepMetricName(metric);
    if (!d.title.isEmpty())
        d.title[0] = d.title[0].toUpper();
    d.x.title = sweepAxisTitle(param);
    d.y.title = sweepMetricName(metric) + QStringLiteral(" (") + sweepMetricUnit(metric) + QStringLiteral(")");
    if (metric == SweepMetric::SloAttainment || metric == SweepMetric::SloraAttainment) {
        d.y.min = 0;
        d.y.max = 100;
    }
    addLineWithPoints(d, line(QCoreApplication::translate("lorascope::SweepPlots", "A"), a, metric, colorA));
    addLineWithPoints(d, line(QCoreApplication::translate("lorascope::SweepPlots", "B"), b, metric, colorB));
    return d;
}

} // namespace lorascope
