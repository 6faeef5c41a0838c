// SPDX-License-Identifier: Apache-2.0
#pragma once
// Turns sweep points (core/sweep) into PlotData for the Sweep tab and the sweep A/B compare:
// curves against the swept parameter, S-LoRA's published points over them, the capacity mark.
// Presentation only: every number comes from the core's metrics.

#include "charts/plotdata.h"
#include "sweep/paper.h"

#include <optional>
#include <vector>

namespace lorascope {

/// A number of a sweep point that can be drawn against the parameter.
enum class SweepMetric {
    Throughput, ///< req/s
    Goodput, ///< req/s
    OfferedRate, ///< req/s
    TtftMean,
    TtftP50,
    TtftP90,
    TtftP99, ///< s
    TpotP50, ///< ms
    E2eMean,
    E2eP50,
    E2eP90,
    E2eP99, ///< s
    SloAttainment, ///< %
    SloraAttainment, ///< %
    AchievedRatio, ///< ratio
    PeakQueue, ///< requests
};

/// The metric's value at a point (scaled to its unit: % for attainments, ms for TPOT).
double sweepMetricValue(const PointMetrics& m, SweepMetric metric);
/// Short translated name ("TTFT p90") and the unit ("s", "req/s", "%", "ms", "").
QString sweepMetricName(SweepMetric metric);
QString sweepMetricUnit(SweepMetric metric);
/// The x-axis title of a parameter, with its unit: "R (req/s)", "n (adapters)", "α".
QString sweepAxisTitle(SweepParam param);

/// What the Sweep tab draws.
struct SweepView {
    SweepParam param = SweepParam::Rate;
    std::vector<SweepPoint> points; ///< sorted by value
    std::vector<const PaperFigure*> figures; ///< published curves to overlay (S-LoRA suites)
    std::optional<double> capacity; ///< the finder's answer (the sustainable capacity), marked on the charts
    double capacityResolution = NAN; ///< how finely it is known (its label's digits)
    SloTarget slo;
    double saturationRatio = 0.98;
    /// The adapters the per-adapter chart follows (empty: the busiest over the points drawn). A
    /// run fixes them at its first points so the chart's series stay the same while it grows.
    std::vector<std::string> adapterSelection;
};

/// The names of the `count` adapters with the most requests over the points.
std::vector<std::string> busiestAdapters(const std::vector<SweepPoint>& points, int count = 4);

/// Which number the per-adapter chart shows.
enum class AdapterMetric { TtftMean, SloAttainment, Throughput };

PlotData sweepThroughputPlot(const SweepView& v);
PlotData sweepTtftPlot(const SweepView& v);
PlotData sweepE2ePlot(const SweepView& v);
PlotData sweepAttainmentPlot(const SweepView& v);
PlotData sweepSaturationPlot(const SweepView& v);
/// One line per adapter for the `count` adapters with the most requests over the sweep.
PlotData sweepAdapterPlot(const SweepView& v, AdapterMetric metric, int count = 4);

/// Two sweeps overlaid (A and B colours of the compare tab) for one metric.
PlotData sweepComparePlot(SweepParam param, const std::vector<SweepPoint>& a, const std::vector<SweepPoint>& b,
    SweepMetric metric, const QColor& colorA, const QColor& colorB);

} // namespace lorascope
