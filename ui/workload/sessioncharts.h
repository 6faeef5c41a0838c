// SPDX-License-Identifier: Apache-2.0
#pragma once
// The designer's charts of sessions and shared prefixes (docs/workload.md): turns per session,
// context growth by turn, and the share of prompt tokens a perfect prefix cache could reuse per
// adapter, each with the design's theory. Presentation only: every number comes from the core
// (SessionStats, SessionTheory).

#include "analysis/workloadview.h"
#include "charts/plotdata.h"

namespace lorascope {

PlotData turnsPlot(const WorkloadAnalysis& a);
PlotData contextGrowthPlot(const WorkloadAnalysis& a);
PlotData prefixSharePlot(const WorkloadAnalysis& a);

} // namespace lorascope
