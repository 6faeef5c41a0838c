// SPDX-License-Identifier: Apache-2.0
#pragma once
// Live, binned view of a replay for charts: per time bin, requests scheduled / sent / ended,
// output tokens, TTFT and E2E percentiles of the requests that ended in it, errors by kind.
// Fed with finished records (and status snapshots for in-flight counts); plain C++.

#include "replay/metrics.h"
#include "replay/replay.h"

#include <map>
#include <string>
#include <vector>

namespace lorascope {

/// One time bin.
struct TimelineBin {
    double start = 0; ///< seconds since run start
    std::uint64_t scheduled = 0, sent = 0, completed = 0, failed = 0, outputTokens = 0;
    std::vector<double> ttftMs, e2elMs; ///< of requests completed in this bin
};

/// Accumulates records into fixed-width bins (by end time; scheduled and sent by their own times).
class ReplayTimeline {
public:
    explicit ReplayTimeline(double binSeconds = 1.0);

    /// Adds the schedule of every request (call once, before records arrive).
    void setSchedule(const std::vector<double>& scheduledSeconds);
    /// Adds one finished request.
    void add(const ReplayRecord& record);
    /// Adds an in-flight sample.
    void addStatus(const ReplayStatus& status);

    double binSeconds() const { return m_bin; }
    const std::vector<TimelineBin>& bins() const { return m_bins; }
    /// (time, in flight) samples, at most one per 1/10 bin.
    const std::vector<std::pair<double, double>>& inFlight() const { return m_inFlight; }
    /// Failed requests by error kind.
    const std::map<std::string, std::uint64_t>& errors() const { return m_errors; }
    /// Per-bin percentile (0..100) of TTFT or E2E; NaN for an empty bin.
    static double binPercentile(const std::vector<double>& values, double pct);

private:
    TimelineBin& binAt(double t);

    double m_bin;
    std::vector<TimelineBin> m_bins;
    std::vector<std::pair<double, double>> m_inFlight;
    std::map<std::string, std::uint64_t> m_errors;
};

} // namespace lorascope
