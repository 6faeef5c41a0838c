// SPDX-License-Identifier: Apache-2.0
#include "fleet/fleetseries.h"

#include "analysis/admissionview.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace lorascope {

FleetSeriesRecorder::FleetSeriesRecorder(const FleetOptions& options, int replicas)
    : m_options(options)
{
    m_binners.resize(static_cast<std::size_t>(replicas));
    m_observers.resize(static_cast<std::size_t>(replicas));
}

FleetSeriesRecorder::~FleetSeriesRecorder() = default;

void FleetSeriesRecorder::attach(FleetReplica& replica, std::size_t index)
{
    // Four times the bins asked for, so that putting them on the common grid loses little.
    m_binners[index] = std::make_unique<StepTimelineBinner>(std::max(16, m_options.seriesBins * 4));
    StepTimelineBinner* binner = m_binners[index].get();
    m_observers[index] = [binner](const StepRecord& s) { binner->add(s); };
    replica.sim().setObserver(&m_observers[index]);
    replica.setRecordResidency(true);
}

FleetSeries FleetSeriesRecorder::finish(const std::vector<std::unique_ptr<FleetReplica>>& replicas, const Trace& trace,
    const std::vector<FleetAdapterReport>& perAdapter) const
{
    FleetSeries out;
    const std::size_t nr = replicas.size();
    std::vector<StepTimelineBins> bins(nr);
    double t0 = std::numeric_limits<double>::infinity(), t1 = -std::numeric_limits<double>::infinity();
    for (std::size_t r = 0; r < nr; ++r) {
        if (!m_binners[r])
            continue;
        bins[r] = m_binners[r]->finish();
        if (bins[r].edges.size() >= 2) {
            t0 = std::min(t0, bins[r].edges.front());
            t1 = std::max(t1, bins[r].edges.back());
        }
    }
    if (!trace.requests.empty()) {
        t0 = std::min(t0, std::min(0.0, trace.requests.front().time));
        t1 = std::max(t1, trace.requests.back().time);
    }
    if (!(t1 > t0))
        return out;
    const int nb = std::max(1, m_options.seriesBins);
    const double w = (t1 - t0) / nb;
    out.edges.resize(static_cast<std::size_t>(nb) + 1);
    for (int b = 0; b <= nb; ++b)
        out.edges[static_cast<std::size_t>(b)] = t0 + w * b;
    out.running.assign(nr, std::vector<float>(static_cast<std::size_t>(nb), 0.f));
    out.waiting.assign(nr, std::vector<float>(static_cast<std::size_t>(nb), 0.f));
    for (std::size_t r = 0; r < nr; ++r) {
        const StepTimelineBins& s = bins[r];
        for (std::size_t k = 0; k + 1 < s.edges.size(); ++k) {
            // a source bin's maximum goes to every target bin it overlaps
            const int first = std::clamp(static_cast<int>(std::floor((s.edges[k] - t0) / w)), 0, nb - 1);
            const int last = std::clamp(static_cast<int>(std::ceil((s.edges[k + 1] - t0) / w)) - 1, first, nb - 1);
            for (int b = first; b <= last; ++b) {
                float& run = out.running[r][static_cast<std::size_t>(b)];
                float& wait = out.waiting[r][static_cast<std::size_t>(b)];
                run = std::max(run, static_cast<float>(s.running[k]));
                wait = std::max(wait, static_cast<float>(s.queue[k]));
            }
        }
    }
    // Residency of the busiest adapters.
    std::vector<const FleetAdapterReport*> order;
    for (const FleetAdapterReport& a : perAdapter)
        if (a.summary.adapter != kNoAdapter)
            order.push_back(&a);
    std::stable_sort(order.begin(), order.end(),
        [](auto* x, auto* y) { return x->summary.summary.requests > y->summary.summary.requests; });
    if (order.size() > static_cast<std::size_t>(std::max(0, m_options.residencyAdapters)))
        order.resize(static_cast<std::size_t>(std::max(0, m_options.residencyAdapters)));
    std::vector<int> rowOf(trace.adapters.size(), -1);
    for (std::size_t i = 0; i < order.size(); ++i) {
        out.adapters.push_back(order[i]->summary.adapter);
        rowOf[order[i]->summary.adapter] = static_cast<int>(i);
    }
    const std::size_t rows = out.adapters.size();
    out.residency.assign(nr * rows * static_cast<std::size_t>(nb), 0.f);
    for (std::size_t r = 0; r < nr; ++r) {
        std::vector<double> since(rows, std::numeric_limits<double>::quiet_NaN());
        auto addInterval = [&](std::size_t row, double a, double b) {
            a = std::max(a, t0);
            b = std::min(b, t1);
            if (!(b > a))
                return;
            float* cells = &out.residency[(r * rows + row) * static_cast<std::size_t>(nb)];
            const int first = std::clamp(static_cast<int>(std::floor((a - t0) / w)), 0, nb - 1);
            const int last = std::clamp(static_cast<int>(std::floor((b - t0) / w)), first, nb - 1);
            for (int k = first; k <= last; ++k) {
                const double lo = std::max(a, t0 + w * k), hi = std::min(b, t0 + w * (k + 1));
                if (hi > lo)
                    cells[k] += static_cast<float>((hi - lo) / w);
            }
        };
        for (const FleetReplica::ResidencyChange& c : replicas[r]->residencyChanges()) {
            const int row = c.adapter < rowOf.size() ? rowOf[c.adapter] : -1;
            if (row < 0)
                continue;
            double& s = since[static_cast<std::size_t>(row)];
            if (c.loaded) {
                if (std::isnan(s))
                    s = c.time;
            } else if (!std::isnan(s)) {
                addInterval(static_cast<std::size_t>(row), s, c.time);
                s = std::numeric_limits<double>::quiet_NaN();
            }
        }
        for (std::size_t row = 0; row < rows; ++row)
            if (!std::isnan(since[row]))
                addInterval(row, since[row], t1);
    }
    for (float& f : out.residency)
        f = std::min(f, 1.0f);
    return out;
}

} // namespace lorascope
