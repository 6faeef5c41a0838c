// SPDX-License-Identifier: Apache-2.0
#include "analysis/workloadview.h"

#include "analysis/theory.h"
#include "workload/generator.h"

#include <algorithm>
#include <tuple>

namespace lorascope {

std::shared_ptr<WorkloadAnalysis> analyzeSpec(
    const WorkloadSpec& spec, const ServerLimits& limits, const ProgressSink& progress, const AnalysisOptions& options)
{
    // Generation takes most of the time; scale its progress to 0..0.85.
    ProgressSink inner;
    inner.cancel = progress.cancel;
    if (progress.report)
        inner.report = [&progress](double f) { progress.report(0.85 * f); };
    auto trace = std::make_shared<Trace>(generate(spec, inner));
    progress.update(0.85);
    return analyzeTrace(std::move(trace), limits, spec, options);
}

std::shared_ptr<WorkloadAnalysis> analyzeTrace(std::shared_ptr<const Trace> trace, const ServerLimits& limits,
    const std::optional<WorkloadSpec>& spec, const AnalysisOptions& options)
{
    auto a = std::make_shared<WorkloadAnalysis>();
    a->trace = std::move(trace);
    a->spec = spec;
    StatsOptions so = options.stats;
    if (so.timelineBins <= 0) {
        // About 25 arrivals per bin on average (so the rate is readable), between 20 and 300 bins.
        const double n = static_cast<double>(a->trace->requests.size());
        so.timelineBins = static_cast<int>(std::clamp(n / 25.0, 20.0, 300.0));
    }
    a->stats = computeStats(*a->trace, limits, so);
    if (spec) {
        a->expectedPerAdapter = expectedAdapterCounts(*spec, static_cast<double>(a->stats.count));
        GapTheory gaps(*spec);
        a->expectedGaps = gaps.expectedCounts(a->stats.gaps);
        std::tie(a->expectedGapUnderflow, a->expectedGapOverflow) = gaps.expectedOutside(a->stats.gaps);
        a->gapModel = gaps.describe();
        a->gapModelInfo = gaps.description();
        a->expectedInput = expectedLengthCounts(*spec, true, a->stats.input.histogram);
        a->expectedOutput = expectedLengthCounts(*spec, false, a->stats.output.histogram);
        a->expectedTimeline = expectedTimelineCounts(*spec, a->stats.timeline);
        if (spec->sessions.enabled || spec->prefix.any()) {
            // A prompt holds its prefix and history: the input law is the new message's, not the prompt's.
            a->expectedInput.clear();
            if (spec->sessions.enabled) {
                // Later turns follow answers, not the arrival process; and the first seconds have no later turns yet.
                a->expectedGaps.clear();
                a->expectedGapUnderflow = a->expectedGapOverflow = 0;
                a->expectedTimeline.clear();
            }
            const auto& ss = a->stats.sessions;
            a->sessionTheory = sessionTheory(*spec, ss.sessionCount, std::max<std::size_t>(ss.countByTurn.size(), 1));
        }
    }
    const auto rows = adaptersByCount(a->stats.perAdapterCount, options.rasterRows);
    a->raster
        = binRaster(*a->trace, rows, 0.0, std::max(a->stats.windowEnd, 1e-9) * (1 + 1e-12), options.rasterColumns);
    return a;
}

} // namespace lorascope
