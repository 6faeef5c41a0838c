// SPDX-License-Identifier: Apache-2.0
#pragma once
// Turns a Comparison (core numbers) into PlotData for the A/B charts: A and B overlaid in two
// fixed colours with a legend (histograms: A as bars, B as a step outline over the same bins). Presentation only: every count comes from core/analysis/compare.

#include "analysis/compare.h"
#include "charts/plotdata.h"

namespace lorascope {

/// The colours of the two sides (also used by the header and the table).
QColor compareColorA();
QColor compareColorB();
/// A coloured square (rich text) that marks a side in labels: compareSwatch(compareColorA()).
QString compareSwatch(const QColor& color);

/// Which latency the quantile chart shows.
enum class CompareLatency { Wait, Ttft, E2e };

PlotData comparePopularityPlot(const Comparison& c);
PlotData compareGapPlot(const Comparison& c);
PlotData compareLengthPlot(const Comparison& c, bool input);
PlotData compareArrivalPlot(const Comparison& c);
PlotData compareLatencyPlot(const Comparison& c, CompareLatency which);
/// Running requests (running = true) or queue length over time, A and B (each on its own clock).
PlotData compareTimelinePlot(const Comparison& c, bool running);

} // namespace lorascope
