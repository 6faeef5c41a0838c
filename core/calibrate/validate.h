// SPDX-License-Identifier: Apache-2.0
#pragma once
// Predicted vs measured, per run and summarised: MAPE per metric (attainment: mean absolute
// error), overall and per file, and the worst rows. As text tables and as JSON.

#include "calibrate/experiment.h"

#include <nlohmann/json_fwd.hpp>

#include <map>
#include <string>
#include <vector>

namespace lorascope {

/// The accuracy targets on validation rows: throughput 4 %, latency 10 %, first token
/// 25 % (MAPE), attainment 0.05 (MAE). Per-output-token latency and TPOT are ranked like latency.
double validationTarget(Metric metric);

/// Error of one metric over a set of runs.
struct MetricError {
    int count = 0; ///< runs in the error (a finite prediction of a measured value)
    /// Runs the model predicts never to finish (an infinite or undefined prediction of a measured
    /// value): left out of the MAPE, counted here and said beside it.
    int unfinished = 0;
    double error = NAN; ///< MAPE in % (attainment: mean absolute error, 0..1)
    double bias = NAN; ///< mean signed error (% or absolute): > 0 = predicted too high
    double max = NAN; ///< largest absolute error
};
using MetricErrors = std::array<MetricError, kMetricCount>;

/// One run: what was measured and what the model predicts.
struct ValidationRow {
    std::size_t experiment = 0; ///< index into the CalibrationData
    std::string source;
    std::uint64_t line = 0;
    std::string label;
    std::string group;
    std::string role;
    RunStats measured;
    RunStats predicted;
    MetricValues error = noMetrics(); ///< signed: % for relative metrics, absolute for attainment
    double severity = 0; ///< max over metrics of |error| / target (> 1: a target missed on this row)
};

struct ValidationReport {
    std::vector<ValidationRow> rows;
    MetricErrors overall;
    std::map<std::string, MetricErrors> perFile; ///< by source
    std::map<std::string, MetricErrors> perGroup; ///< by group (cost model)
    std::vector<Exclusion> excluded;
};

/// Compares `predictions` (one per experiment) with the measurements.
ValidationReport compare(const CalibrationData& data, const std::vector<RunStats>& predictions);
/// Predicts every experiment with its group's model, then compares. `models` has one per group.
ValidationReport validate(const CalibrationData& data, const std::vector<CostModel>& models, unsigned threads = 0);

/// The summary a cost model's provenance keeps.
ErrorSummary toErrorSummary(const MetricErrors& errors, const std::string& on, int rows);

struct CalibrationFitResult;
struct CalibrationFitOptions;

/// The fitted model of `fitData.groups[group]` with its provenance: the sources it was fitted on,
/// the in-sample error, the out-of-sample error on `validation` (its runs of the same group; may be
/// null) and the validity region of all those runs. `validationModel` receives the validation report.
CostModel calibratedModel(const CalibrationData& fitData, const CalibrationFitResult& fit,
    const CalibrationFitOptions& options, std::size_t group, const CalibrationData* validation = nullptr,
    ValidationReport* validationReport = nullptr);

/// Why a model with these errors does not describe the runs it was fitted on (empty when it
/// does): a relative error (MAPE) over kUnusableMape, an attainment error over kUnusableMae, or
/// runs predicted never to finish. A fit that "converged" to such a model is not one.
inline constexpr double kUnusableMape = 100.0;
inline constexpr double kUnusableMae = 0.5;
std::string unusableFitReason(const ValidationReport& inSample);

/// Text tables: per metric, per file, then the `worst` worst rows and the exclusions. Errors are
/// printed with an exponent when large; runs predicted never to finish are counted under the table.
std::string renderValidationText(const ValidationReport& report, int worst = 10);
/// {"overall": {...}, "per_file": {...}, "per_group": {...}, "rows": [...], "excluded": [...]}.
nlohmann::json validationToJson(const ValidationReport& report);

} // namespace lorascope
