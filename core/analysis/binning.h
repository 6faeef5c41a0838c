// SPDX-License-Identifier: Apache-2.0
#pragma once
// Binning of per-request data for dense pictures (arrival raster, request Gantt) and for
// distribution charts. The UI paints what these return; it never bins data itself. Qt-free.

#include "workload/stats.h"
#include "workload/trace.h"

#include <cstdint>
#include <vector>

namespace lorascope {

/// Adapter indices ordered by request count, hottest first (ties: lower index first), at most
/// `maxRows` of them; adapters with no request are left out.
std::vector<std::uint32_t> adaptersByCount(const std::vector<std::uint64_t>& perAdapterCount, std::size_t maxRows);

/// Arrivals per (row, time column): row r counts requests of adapter rowAdapters[r] in
/// [t0, t1) split into `columns` equal columns. counts is row-major (rows × columns).
struct RasterBins {
    double t0 = 0, t1 = 0;
    int columns = 0;
    std::vector<std::uint32_t> rowAdapters;
    std::vector<std::uint32_t> counts;
    std::uint32_t maxCount = 0;
    std::uint64_t total() const;
};

/// Bins a time-sorted trace into a raster. Only requests in [t0, t1) are visited (binary search),
/// so zoomed-in views are cheap on large traces.
RasterBins binRaster(
    const Trace& trace, const std::vector<std::uint32_t>& rowAdapters, double t0, double t1, int columns);

/// Histogram of values with `bins` equal bins over [min, max] (or log-spaced when `logBins` and all
/// values are > 0; non-positive values then go into the first bin). NaN values are ignored.
Histogram histogramOf(const std::vector<double>& values, int bins, bool logBins = false);

/// Index range [first, last) of time-sorted requests with time in [t0, t1).
std::pair<std::size_t, std::size_t> requestRange(const Trace& trace, double t0, double t1);

} // namespace lorascope
