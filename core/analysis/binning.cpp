// SPDX-License-Identifier: Apache-2.0
#include "analysis/binning.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace lorascope {

std::vector<std::uint32_t> adaptersByCount(const std::vector<std::uint64_t>& perAdapterCount, std::size_t maxRows)
{
    std::vector<std::uint32_t> idx;
    idx.reserve(perAdapterCount.size());
    for (std::size_t i = 0; i < perAdapterCount.size(); ++i) {
        if (perAdapterCount[i] > 0)
            idx.push_back(static_cast<std::uint32_t>(i));
    }
    const std::size_t keep = std::min(maxRows, idx.size());
    auto hotter = [&](std::uint32_t a, std::uint32_t b) {
        return perAdapterCount[a] != perAdapterCount[b] ? perAdapterCount[a] > perAdapterCount[b] : a < b;
    };
    std::partial_sort(idx.begin(), idx.begin() + static_cast<std::ptrdiff_t>(keep), idx.end(), hotter);
    idx.resize(keep);
    return idx;
}

std::uint64_t RasterBins::total() const
{
    return std::accumulate(counts.begin(), counts.end(), std::uint64_t { 0 });
}

std::pair<std::size_t, std::size_t> requestRange(const Trace& trace, double t0, double t1)
{
    const auto& r = trace.requests;
    auto lo = std::lower_bound(r.begin(), r.end(), t0, [](const Request& q, double t) { return q.time < t; });
    auto hi = std::lower_bound(lo, r.end(), t1, [](const Request& q, double t) { return q.time < t; });
    return { static_cast<std::size_t>(lo - r.begin()), static_cast<std::size_t>(hi - r.begin()) };
}

RasterBins binRaster(
    const Trace& trace, const std::vector<std::uint32_t>& rowAdapters, double t0, double t1, int columns)
{
    RasterBins bins;
    bins.t0 = t0;
    bins.t1 = t1;
    bins.columns = std::max(1, columns);
    bins.rowAdapters = rowAdapters;
    bins.counts.assign(rowAdapters.size() * static_cast<std::size_t>(bins.columns), 0);
    if (rowAdapters.empty() || !(t1 > t0))
        return bins;
    // Adapter → row lookup (adapters not shown map to -1).
    std::uint32_t maxAdapter = *std::max_element(rowAdapters.begin(), rowAdapters.end());
    std::vector<int> rowOf(static_cast<std::size_t>(maxAdapter) + 1, -1);
    for (std::size_t r = 0; r < rowAdapters.size(); ++r)
        rowOf[rowAdapters[r]] = static_cast<int>(r);
    const auto [first, last] = requestRange(trace, t0, t1);
    const double scale = bins.columns / (t1 - t0);
    for (std::size_t i = first; i < last; ++i) {
        const auto& q = trace.requests[i];
        if (q.adapter > maxAdapter)
            continue;
        const int row = rowOf[q.adapter];
        if (row < 0)
            continue;
        const int col = std::clamp(static_cast<int>((q.time - t0) * scale), 0, bins.columns - 1);
        auto& c = bins.counts[static_cast<std::size_t>(row) * static_cast<std::size_t>(bins.columns)
            + static_cast<std::size_t>(col)];
        ++c;
        bins.maxCount = std::max(bins.maxCount, c);
    }
    return bins;
}

Histogram histogramOf(const std::vector<double>& values, int bins, bool logBins)
{
    Histogram h;
    bins = std::max(1, bins);
    double lo = INFINITY, hi = -INFINITY, posLo = INFINITY;
    for (double v : values) {
        if (std::isnan(v))
            continue;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
        if (v > 0)
            posLo = std::min(posLo, v);
    }
    if (!(hi >= lo))
        return h;
    const bool useLog = logBins && std::isfinite(posLo) && hi > posLo;
    double a = useLog ? std::log10(posLo) : lo;
    double b = useLog ? std::log10(hi) : hi;
    if (!(b > a)) {
        // All values equal: one bin of width 1 (or a decade) around them.
        a -= 0.5;
        b += 0.5;
    }
    h.edges.resize(static_cast<std::size_t>(bins) + 1);
    for (int i = 0; i <= bins; ++i) {
        const double e = a + (b - a) * i / bins;
        h.edges[static_cast<std::size_t>(i)] = useLog ? std::pow(10.0, e) : e;
    }
    h.counts.assign(static_cast<std::size_t>(bins), 0);
    const double scale = bins / (b - a);
    for (double v : values) {
        if (std::isnan(v))
            continue;
        double x = v;
        if (useLog)
            x = v > 0 ? std::log10(v) : a;
        const int k = std::clamp(static_cast<int>((x - a) * scale), 0, bins - 1);
        ++h.counts[static_cast<std::size_t>(k)];
    }
    return h;
}

} // namespace lorascope
