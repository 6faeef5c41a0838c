// SPDX-License-Identifier: Apache-2.0
#include "analysis/admissionview.h"

#include "analysis/binning.h"

#include <algorithm>
#include <cmath>

namespace lorascope {

void StepTimelineBinner::Bin::merge(const Bin& o)
{
    running = std::max(running, o.running);
    queue = std::max(queue, o.queue);
    residentAdapters = std::max(residentAdapters, o.residentAdapters);
    cpuAdapters = std::max(cpuAdapters, o.cpuAdapters);
    loadsFromCpu += o.loadsFromCpu;
    loadsFromDisk += o.loadsFromDisk;
    kvNeed = std::max(kvNeed, o.kvNeed);
    kvUsed = std::max(kvUsed, o.kvUsed);
    adapterSlots = std::max(adapterSlots, o.adapterSlots);
    seen = seen || o.seen;
}

StepTimelineBinner::StepTimelineBinner(int bins)
    : m_capacity(static_cast<std::size_t>(std::max(2, bins)))
    , m_bins(m_capacity)
{
}

void StepTimelineBinner::grow(double offset)
{
    // Double the width until the offset falls inside; each doubling merges bin pairs (2i, 2i+1) into i.
    if (m_width <= 0) {
        // The first pass that ends after t0 sets the width: the smallest power of two above its
        // offset (so it falls in bin 0, and every later width is a power of two too).
        int exponent = 0;
        std::frexp(offset, &exponent);
        m_width = std::ldexp(1.0, exponent);
    }
    while (offset / m_width >= static_cast<double>(m_capacity)) {
        const std::size_t half = (m_used + 1) / 2;
        for (std::size_t i = 0; i < half; ++i) {
            Bin b = m_bins[2 * i];
            if (2 * i + 1 < m_used)
                b.merge(m_bins[2 * i + 1]);
            m_bins[i] = b;
        }
        std::fill(m_bins.begin() + static_cast<std::ptrdiff_t>(half), m_bins.end(), Bin());
        m_used = half;
        m_width *= 2;
    }
}

void StepTimelineBinner::add(const StepRecord& s)
{
    if (!m_started) {
        m_started = true;
        m_t0 = s.start;
    }
    const double offset = s.end - m_t0;
    std::size_t b = 0;
    if (offset > 0) {
        if (m_width <= 0 || offset / m_width >= static_cast<double>(m_capacity))
            grow(offset);
        b = std::min(static_cast<std::size_t>(offset / m_width), m_capacity - 1);
    }
    Bin& bin = m_bins[b];
    bin.running = std::max(bin.running, s.kind == StepKind::Idle ? 0u : s.batchSize);
    bin.queue = std::max(bin.queue, s.queueLength);
    bin.residentAdapters = std::max(bin.residentAdapters, s.residentAdapters);
    bin.cpuAdapters = std::max(bin.cpuAdapters, s.cpuAdapters);
    bin.loadsFromDisk += s.loadedFromDisk;
    bin.loadsFromCpu += static_cast<std::uint64_t>(s.loaded - std::min(s.loaded, s.loadedFromDisk));
    bin.kvNeed = std::max(bin.kvNeed, s.kvNeed);
    bin.kvUsed = std::max(bin.kvUsed, s.kvUsed);
    bin.adapterSlots = std::max(bin.adapterSlots, s.adapterSlots);
    bin.seen = true;
    m_used = std::max(m_used, b + 1);
    m_kvCapacity = std::max(m_kvCapacity, s.kvCapacity);
}

StepTimelineBins StepTimelineBinner::finish() const
{
    StepTimelineBins out;
    if (!m_started)
        return out;
    const std::size_t nb = std::max<std::size_t>(1, m_used);
    const double w = m_width > 0 ? m_width : 1.0; // every pass ended at t0: one bin of width 1
    out.edges.resize(nb + 1);
    for (std::size_t i = 0; i <= nb; ++i)
        out.edges[i] = m_t0 + w * static_cast<double>(i);
    out.running.resize(nb);
    out.queue.resize(nb);
    out.kvNeed.resize(nb);
    out.kvUsed.resize(nb);
    out.adapterSlots.resize(nb);
    out.residentAdapters.resize(nb);
    out.cpuAdapters.resize(nb);
    out.loadsFromCpu.resize(nb);
    out.loadsFromDisk.resize(nb);
    out.kvCapacity = m_kvCapacity;
    Bin last;
    for (std::size_t i = 0; i < nb; ++i) {
        // Values hold from the end of a pass until the end of the next one: an empty bin keeps the last value.
        const Bin& b = m_bins[i].seen ? m_bins[i] : last;
        out.running[i] = b.running;
        out.queue[i] = b.queue;
        out.kvNeed[i] = static_cast<double>(b.kvNeed);
        out.kvUsed[i] = static_cast<double>(b.kvUsed);
        out.adapterSlots[i] = static_cast<double>(b.adapterSlots);
        out.residentAdapters[i] = b.residentAdapters;
        out.cpuAdapters[i] = b.cpuAdapters;
        // Loads are counts of events in the bin: an empty bin had none.
        out.loadsFromCpu[i] = static_cast<double>(m_bins[i].loadsFromCpu);
        out.loadsFromDisk[i] = static_cast<double>(m_bins[i].loadsFromDisk);
        last = b;
    }
    return out;
}

StepTimelineBins binStepTimeline(const std::vector<StepRecord>& timeline, int bins)
{
    StepTimelineBinner binner(bins);
    for (const auto& s : timeline)
        binner.add(s);
    return binner.finish();
}

std::shared_ptr<AdmissionAnalysis> analyzeAdmission(std::shared_ptr<const Trace> trace, const SimulationConfig& config,
    const ProgressSink& progress, int timelineBins, int histogramBins)
{
    auto a = std::make_shared<AdmissionAnalysis>();
    a->trace = std::move(trace);
    a->config = config;
    // The charts need the binned timeline only: bin the passes as they come instead of keeping one
    // record per pass (2.8 M passes of a 100k-request trace are 270 MB, and writing them cost more
    // than the simulation itself).
    SimulationConfig run = config;
    run.recordTimeline = false;
    StepTimelineBinner binner(timelineBins);
    a->result = simulate(*a->trace, run, progress, [&binner](const StepRecord& s) { binner.add(s); });
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
    a->timeline = binner.finish();
    a->capacity = checkCapacity(a->result);
    return a;
}

} // namespace lorascope
