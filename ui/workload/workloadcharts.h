// SPDX-License-Identifier: Apache-2.0
#pragma once
// Turns a WorkloadAnalysis (core numbers) into PlotData for the workload charts. Presentation
// only: every count and every theory value comes from the core.

#include "analysis/workloadview.h"
#include "charts/plotdata.h"

namespace lorascope {

PlotData popularityPlot(const WorkloadAnalysis& a, bool logLog);
PlotData gapPlot(const WorkloadAnalysis& a);
PlotData lengthPlot(const WorkloadAnalysis& a, bool input);
PlotData timelinePlot(const WorkloadAnalysis& a);

} // namespace lorascope
