#include "analysis/admissionview.h"

#include "analysis/binning.h"

#include <algorithm>
#include <cmath>

namespace lorascope {

StepTimelineBins binStepTimeline(const std::vector<StepRecord>& timeline, int bins)
{
    StepTimelineBins out;
    if (timeline.empty())
        return out;
    bins = std::max(1, bins);
    const double t0 = timeline.front().start;
    double t1 = timeline.back().end;
    if (!(t1 > t0))
        t1 = t0 + 1;
    out.edges.resize(static_cast<std::size_t>(bins) + 1);
    for (int i = 0; i <= bins; ++i)
        out.edges[static_cast<std::size_t>(i)] = t0 + (t1 - t0) * i / bins;
    const auto nb = static_cast<std::size_t>(bins);
    out.running.assign(nb, 0);
    out.queue.assign(nb, 0);
    out.kvNeed.assign(nb, 0);
    out.kvUsed.assign(nb, 0);
    out.adapterSlots.assign(nb, 0);
    out.residentAdapters.assign(nb, 0);
    // Values hold from the end of a step until the end of the next one; empty bins keep the last value.
    std::vector<char> seen(nb, 0);
    const double scale = bins / (t1 - t0);
    for (const auto& s : timeline) {
        const auto b = static_cast<std::size_t>(std::clamp(static_cast<int>((s.end - t0) * scale), 0, bins - 1));
        out.running[b] = std::max(out.running[b], double(s.kind == StepKind::Idle ? 0 : s.batchSize));
        out.queue[b] = std::max(out.queue[b], double(s.queueLength));
        out.kvNeed[b] = std::max(out.kvNeed[b], double(s.kvNeed));
        out.kvUsed[b] = std::max(out.kvUsed[b], double(s.kvUsed));
        out.adapterSlots[b] = std::max(out.adapterSlots[b], double(s.adapterSlots));
        out.residentAdapters[b] = std::max(out.residentAdapters[b], double(s.residentAdapters));
        out.kvCapacity = std::max(out.kvCapacity, s.kvCapacity);
        seen[b] = 1;
    }
    for (std::size_t b = 1; b < nb; ++b) {
        if (!seen[b]) {
            out.running[b] = out.running[b - 1];
            out.queue[b] = out.queue[b - 1];
            out.kvNeed[b] = out.kvNeed[b - 1];
            out.kvUsed[b] = out.kvUsed[b - 1];
            out.adapterSlots[b] = out.adapterSlots[b - 1];
            out.residentAdapters[b] = out.residentAdapters[b - 1];
        }
    }
    return out;
}

std::shared_ptr<AdmissionAnalysis> analyzeAdmission(std::shared_ptr<const Trace> trace, const SimulationConfig& config,
    const ProgressSink& progress, int timelineBins, int histogramBins)
{
    auto a = std::make_shared<AdmissionAnalysis>();
    a->trace = std::move(trace);
    a->config = config;
    a->result = simulate(*a->trace, config, progress);
    std::vector<double> wait, ttft, e2e;
    wait.reserve(a->result.requests.size());
    ttft.reserve(a->result.requests.size());
    e2e.reserve(a->result.requests.size());
    for (const auto& r : a->result.requests) {
        if (!std::isnan(r.admitted))
            wait.push_back(r.admitted - r.arrival);
        if (!std::isnan(r.firstToken))
            ttft.push_back(r.firstToken - r.arrival);
        if (!std::isnan(r.finished))
            e2e.push_back(r.finished - r.arrival);
    }
    a->wait = histogramOf(wait, histogramBins);
    a->ttft = histogramOf(ttft, histogramBins);
    a->e2e = histogramOf(e2e, histogramBins);
    a->timeline = binStepTimeline(a->result.timeline, timelineBins);
    a->capacity = checkCapacity(a->result);
    return a;
}

} // namespace lorascope
