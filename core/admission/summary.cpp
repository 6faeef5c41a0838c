// SPDX-License-Identifier: Apache-2.0
#include "admission/summary.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace lorascope {

namespace {

constexpr std::size_t kRankSortMax = 64;

/// Sorts up to kRankSortMax values by counting each one's rank (ties in input order): no
/// data-dependent branches. Per-adapter samples are mostly this small, and a comparison sort of a
/// few dozen values spends its time in mispredicted branches.
void rankSort(double* v, std::size_t n)
{
    double out[kRankSortMax];
    for (std::size_t i = 0; i < n; ++i) {
        const double x = v[i];
        std::size_t rank = 0;
        for (std::size_t j = 0; j < i; ++j)
            rank += v[j] <= x;
        for (std::size_t j = i + 1; j < n; ++j)
            rank += v[j] < x;
        out[rank] = x;
    }
    std::copy(out, out + n, v);
}

/// p50/p90/p99 of [first, last) (`mean` is given: see summarizeRecords), percentiles by linear
/// interpolation between order statistics (NumPy's default). Small samples are sorted (rankSort);
/// larger ones use selection, since each percentile needs only its two neighbouring order
/// statistics: they are taken in increasing order, so each selection only searches the part at or
/// above the previous one. Either way the values are the exact order statistics. Reorders the range.
LatencyStats latency(double* first, double* last, double sum)
{
    LatencyStats s;
    const std::size_t n = static_cast<std::size_t>(last - first);
    s.count = n;
    if (n == 0)
        return s;
    s.mean = sum / static_cast<double>(n);
    const bool sorted = n <= kRankSortMax;
    if (sorted)
        rankSort(first, n);
    double* from = first;
    auto percentile = [&](double pct) {
        const double pos = pct / 100.0 * static_cast<double>(n - 1);
        const std::size_t lo = static_cast<std::size_t>(pos);
        const double frac = pos - static_cast<double>(lo);
        double* nth = first + lo;
        if (!sorted)
            std::nth_element(from, nth, last);
        from = nth; // everything before nth is <= *nth: higher percentiles lie at or after it
        const double a = *nth;
        const double b = lo + 1 >= n ? a : sorted ? nth[1] : *std::min_element(nth + 1, last);
        return a + (b - a) * frac;
    };
    s.p50 = percentile(50);
    s.p90 = percentile(90);
    s.p99 = percentile(99);
    return s;
}

/// The counts of one summary while its records are visited.
struct Tally {
    std::uint64_t requests = 0, finished = 0, rejected = 0, dropped = 0, neverAdmitted = 0, slo = 0;
    double first = std::numeric_limits<double>::infinity();
    double last = -std::numeric_limits<double>::infinity();
    double tokens = 0;
    std::uint64_t promptTokens = 0, cachedTokens = 0; ///< of admitted requests
};

enum Metric { Wait, Ttft, E2e, Metrics };

/// Counts one record into `t`; returns which latency samples it has (bit per Metric) and their values.
unsigned count(Tally& t, const RequestRecord& r, double (&v)[Metrics])
{
    ++t.requests;
    t.first = std::min(t.first, r.arrival);
    if (r.rejected != RejectReason::None) {
        ++t.rejected;
        return 0;
    }
    if (r.dropped != DropReason::None)
        ++t.dropped;
    if (std::isnan(r.admitted)) {
        if (r.dropped == DropReason::None)
            ++t.neverAdmitted;
        return 0;
    }
    unsigned has = 1u << Wait;
    v[Wait] = r.admitted - r.arrival;
    t.promptTokens += r.inputLen;
    t.cachedTokens += r.cachedTokens;
    if (!std::isnan(r.firstToken)) {
        has |= 1u << Ttft;
        v[Ttft] = r.firstToken - r.arrival;
        if (v[Ttft] < 6.0)
            ++t.slo;
    }
    if (!std::isnan(r.finished)) {
        ++t.finished;
        has |= 1u << E2e;
        v[E2e] = r.finished - r.arrival;
        t.last = std::max(t.last, r.finished);
        t.tokens += std::max<double>(1, r.outputLen);
    }
    return has;
}

/// Adds another tally's counts (for the overall summary from the per-adapter ones; token counts are
/// whole numbers, so their sums are exact in any order).
void add(Tally& into, const Tally& t)
{
    into.requests += t.requests;
    into.finished += t.finished;
    into.rejected += t.rejected;
    into.dropped += t.dropped;
    into.neverAdmitted += t.neverAdmitted;
    into.slo += t.slo;
    into.first = std::min(into.first, t.first);
    into.last = std::max(into.last, t.last);
    into.tokens += t.tokens;
    into.promptTokens += t.promptTokens;
    into.cachedTokens += t.cachedTokens;
}

/// The summary's figures from its counts and (already computed) latencies.
SimulationSummary finish(const Tally& t, const LatencyStats (&stats)[Metrics], ClockKind clock)
{
    SimulationSummary s;
    s.requests = t.requests;
    s.finished = t.finished;
    s.rejected = t.rejected;
    s.dropped = t.dropped;
    s.neverAdmitted = t.neverAdmitted;
    s.wait = stats[Wait];
    s.ttft = stats[Ttft];
    s.e2e = stats[E2e];
    s.promptTokens = t.promptTokens;
    s.cachedTokens = t.cachedTokens;
    if (s.finished > 0 && t.last > t.first) {
        s.makespan = t.last - t.first;
        s.requestThroughput = static_cast<double>(s.finished) / s.makespan;
        s.tokenThroughput = t.tokens / s.makespan;
    }
    if (clock == ClockKind::Model && s.requests > 0)
        s.sloAttainment = static_cast<double>(t.slo) / static_cast<double>(s.requests);
    return s;
}

} // namespace

void summarizeRecords(const std::vector<RequestRecord>& records, std::size_t adapterCount, ClockKind clock,
    SimulationSummary& overall, std::vector<AdapterSummary>* perAdapter)
{
    // One region per adapter (index order), the last one for base-model requests; without
    // per-adapter summaries a single region. Each metric's samples go to their record's region in
    // record order; every sum is taken in record order (so means do not depend on the grouping).
    const std::size_t n = records.size();
    if (!perAdapter)
        adapterCount = 0;
    const std::size_t slots = adapterCount + 1;
    auto slotOf = [&](std::uint32_t adapter) {
        return adapter == kNoAdapter || adapter >= adapterCount ? slots - 1 : static_cast<std::size_t>(adapter);
    };
    std::vector<std::uint32_t> begin(slots + 1, 0);
    for (const RequestRecord& r : records)
        ++begin[slotOf(r.adapter) + 1];
    for (std::size_t a = 0; a < slots; ++a)
        begin[a + 1] += begin[a];
    std::vector<double> values[Metrics];
    std::vector<std::uint32_t> end[Metrics];
    std::vector<double> sum[Metrics];
    double total[Metrics] = {};
    for (int m = 0; m < Metrics; ++m) {
        values[m].resize(n);
        end[m].assign(begin.begin(), begin.end() - 1);
        sum[m].assign(slots, 0.0);
    }
    std::vector<Tally> tally(slots);
    for (const RequestRecord& r : records) {
        const std::size_t slot = slotOf(r.adapter);
        double v[Metrics] = {};
        const unsigned has = count(tally[slot], r, v);
        for (int m = 0; m < Metrics; ++m) {
            if (has & (1u << m)) {
                values[m][end[m][slot]++] = v[m];
                sum[m][slot] += v[m];
                total[m] += v[m];
            }
        }
    }
    if (perAdapter) {
        perAdapter->clear();
        perAdapter->reserve(slots);
        for (std::size_t a = 0; a < slots; ++a) {
            if (tally[a].requests == 0)
                continue;
            LatencyStats stats[Metrics];
            for (int m = 0; m < Metrics; ++m)
                stats[m] = latency(values[m].data() + begin[a], values[m].data() + end[m][a], sum[m][a]);
            AdapterSummary per;
            per.adapter = a + 1 == slots ? kNoAdapter : static_cast<std::uint32_t>(a);
            per.summary = finish(tally[a], stats, clock);
            perAdapter->push_back(std::move(per));
        }
    }
    // The overall percentiles: every region's samples moved together (order does not matter to them).
    Tally all;
    for (const Tally& t : tally)
        add(all, t);
    LatencyStats stats[Metrics];
    for (int m = 0; m < Metrics; ++m) {
        double* out = values[m].data();
        for (std::size_t a = 0; a < slots; ++a) {
            double* from = values[m].data() + begin[a];
            double* to = values[m].data() + end[m][a];
            out = out == from ? to : std::copy(from, to, out); // out never passes from: a move to the left
        }
        stats[m] = latency(values[m].data(), out, total[m]);
    }
    overall = finish(all, stats, clock);
}

SimulationSummary summarize(const std::vector<RequestRecord>& records, ClockKind clock)
{
    SimulationSummary overall;
    summarizeRecords(records, 0, clock, overall, nullptr);
    return overall;
}

} // namespace lorascope
