// SPDX-License-Identifier: Apache-2.0
#pragma once
// Fitting a cost model to measurements with the admission engine in the loop: every evaluation
// re-simulates every experiment under candidate coefficients and compares S-LoRA's statistics
// with what was measured. Nelder–Mead on the logarithms of the free parameters (so they stay
// positive), a robust (soft-L1) loss on relative errors, then the parameters' uncertainty from the
// Jacobian at the optimum and each metric's sensitivity to each parameter.

#include "calibrate/experiment.h"
#include "util/progress.h"

#include <array>
#include <string>
#include <vector>

namespace lorascope {

/// What the optimiser varies.
enum class Parametrization : std::uint8_t {
    Physical, ///< EngineParameters, shared by every group; coefficients via deriveCostModel (needs model + GPU)
    Coefficients, ///< the CostModel coefficients themselves (any server; one model for every group)
};

/// A weak log-normal prior on one parameter (keeps an unidentified parameter where physics puts it).
struct FitPrior {
    std::string key;
    double center = 1;
    double logSigma = 1; ///< standard deviation of ln(value)
};

struct CalibrationFitOptions {
    Parametrization parametrization = Parametrization::Physical;
    std::vector<std::string> free; ///< keys of EngineParameters or CostModel coefficients to fit
    EngineParameters start; ///< starting values; the fixed parameters keep these (physical)
    CostModel startModel; ///< starting values and fixed coefficients (coefficients)
    std::vector<FitPrior> priors;
    /// Weight of each metric in the objective (0 = ignore it).
    std::array<double, kMetricCount> weights { 1, 1, 1, 1, 1, 1 };
    /// Total weight of the request-by-request comparison of runs that have it (replay folders: each
    /// request's first-token and end-to-end times), shared among their requests.
    double requestWeight = 2;
    double relativeScale = 0.05; ///< a relative error of this size is one unit of residual
    double attainmentScale = 0.025; ///< an attainment difference of this size is one unit
    bool robust = true; ///< soft-L1 loss (large residuals count linearly) instead of least squares
    int maxEvaluations = 6000;
    int restarts = 8; ///< restarts of the simplex from the best point (escapes collapsed simplices)
    double tolerance = 1e-6; ///< relative change of the objective that counts as converged
    unsigned threads = 0; ///< experiments simulated in parallel; 0 = hardware concurrency (at most 8)
    ProgressSink progress;
};

/// One parameter after the fit.
struct ParameterEstimate {
    std::string key;
    bool free = false;
    double start = 0;
    double value = 0;
    /// 1-σ relative uncertainty from the Jacobian at the optimum (s²·(JᵀJ)⁻¹, log scale); +inf when
    /// the measurements do not determine it; NaN for fixed parameters.
    double relativeError = NAN;
    /// Mean |∂ ln metric / ∂ ln parameter| over the fitted experiments (attainment: |∂ att / ∂ ln p|).
    MetricValues sensitivity = noMetrics();
};

struct CalibrationFitResult {
    bool converged = false;
    std::string message; ///< why it stopped
    int evaluations = 0;
    double objectiveStart = NAN;
    double objective = NAN;
    EngineParameters parameters; ///< physical parametrization
    CostModel coefficients; ///< coefficient parametrization (the fitted model for every group)
    std::vector<CostModel> models; ///< one per group (name = group name)
    std::vector<ParameterEstimate> estimates;
    std::vector<RunStats> predictions; ///< per experiment, under the fitted models
};

/// The keys the optimiser may vary for a parametrization (EngineParameters or coefficient keys).
std::vector<std::string> fittableKeys(Parametrization parametrization);

/// The cost model of `group` for physical parameters.
CostModel modelForGroup(const ExperimentGroup& group, const EngineParameters& parameters);

/// Predictions of every experiment under one model per group (parallel over experiments).
std::vector<RunStats> predictAll(
    const CalibrationData& data, const std::vector<CostModel>& models, unsigned threads = 0);

/// Fits the free parameters to `data`. Throws InputError for an unusable setup (no experiment,
/// unknown key, physical parametrization without a model/GPU description) and Cancelled.
CalibrationFitResult fitCostModel(const CalibrationData& data, const CalibrationFitOptions& options);

} // namespace lorascope
