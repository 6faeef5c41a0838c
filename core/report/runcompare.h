// SPDX-License-Identifier: Apache-2.0
#pragma once
// `compare A B [C …]`: every headline metric of each later run against the first, the difference
// with its 95 % confidence interval (core/report/bootstrap.h), overall and per adapter, and a
// plain verdict per metric ("B's p99 TTFT is 18 % lower (12–24 %)" / "no significant
// difference"). Runs and previews (core/report/reportinput.h) are compared request by request;
// sweeps point by point. Also the `--fail-if-worse` gates on the result. Qt-free.

#include "report/bootstrap.h"
#include "report/gates.h"
#include "report/reportinput.h"
#include "report/reportstrings.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace lorascope {

/// One metric of B against A.
struct MetricDelta {
    std::string key;
    const MetricInfo* info = nullptr;
    std::optional<double> a, b; ///< the values as each summary.json has them
    DeltaInterval interval; ///< invalid: no interval (counts, maxima, too few requests)
    enum class Verdict { NoData, NoInterval, Same, Better, Worse };
    Verdict verdict = Verdict::NoData;
    std::optional<double> diff() const { return a && b ? std::optional<double>(*b - *a) : std::nullopt; }
    std::optional<double> rel() const
    {
        return a && b && *a != 0 ? std::optional<double>(*b / *a - 1.0) : std::nullopt;
    }
};

/// One adapter of B against A (the adapter's own requests resampled).
struct AdapterDelta {
    std::string name; ///< "(base)" for the base model, as summary.json's per_adapter
    std::uint64_t requestsA = 0, requestsB = 0;
    std::vector<MetricDelta> metrics;
};

/// B (one of the later inputs) against A (the first).
struct PairComparison {
    std::string labelA, labelB;
    bool sameTrace = true; ///< both replayed (or previewed) the same trace file (SHA-256)
    int resamples = 0; ///< bootstrap resamples used (fewer than asked for very large runs)
    bool itlThinned = false;
    std::vector<MetricDelta> overall;
    std::vector<AdapterDelta> perAdapter; ///< adapters present in both, by requests in A (most first)
    std::size_t adaptersOnlyA = 0, adaptersOnlyB = 0;
};

/// A sweep's points against the first sweep's at the same parameter values.
struct SweepPointDelta {
    double value = 0;
    std::vector<std::pair<std::string, std::pair<double, double>>> metrics; ///< (name, (A, B))
};
struct SweepPairComparison {
    std::string labelA, labelB;
    std::string parameter; ///< the swept parameter ("rate"); a mismatch is reported as a problem
    std::string problem; ///< why the sweeps cannot be compared point by point (empty: they can)
    std::vector<SweepPointDelta> points; ///< values present in both
    double capacityA = NAN, capacityB = NAN; ///< largest value meeting the SLO
    double firstSaturatedA = NAN, firstSaturatedB = NAN;
};

/// The whole comparison.
struct ResultComparison {
    enum class Kind { Runs, Sweeps };
    Kind kind = Kind::Runs;
    std::vector<std::string> labels;
    std::vector<PairComparison> runs; ///< one per later input (Kind::Runs)
    std::vector<SweepPairComparison> sweeps; ///< Kind::Sweeps
    bool differentTraces = false; ///< some input replayed another trace than the first: said at the top
    std::vector<std::string> notes;
    BootstrapOptions options;
};

/// Compares runs (or previews): each later one against the first. `perAdapter` limits the adapter
/// comparisons to that many adapters (the busiest in A). Deterministic for the options' seed.
ResultComparison compareRuns(
    const std::vector<const RunSource*>& runs, const BootstrapOptions& options = {}, std::size_t perAdapter = 1000);
/// Compares sweeps point by point (no per-request data in a sweep file: no intervals).
ResultComparison compareSweeps(const std::vector<const SweepSource*>& sweeps);

/// The verdict sentence of one metric ("B's p99 TTFT is 18 % lower (12–24 %)").
std::string verdictText(const MetricDelta& d, const std::string& labelB, ReportLang lang);

/// `--fail-if-worse` against every later input.
std::vector<GateResult> checkWorseGates(const std::vector<WorseGate>& gates, const ResultComparison& comparison);

/// Text for the terminal: a table per pair (metric, A, B, difference, 95 % interval, verdict).
std::string comparisonText(const ResultComparison& comparison, ReportLang lang, bool allMetrics = false);
/// JSON (`compare --json`): every number, interval and verdict.
nlohmann::json comparisonJson(const ResultComparison& comparison, ReportLang lang);

} // namespace lorascope
