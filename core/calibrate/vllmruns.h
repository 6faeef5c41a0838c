// SPDX-License-Identifier: Apache-2.0
#pragma once
// Real vLLM 0.8.5 (V1 scheduler) multi-LoRA runs summarised as a table (one row per run: its launch
// settings, the benchmark's window figures), their workloads regenerated as the benchmark made
// them, previewed, and compared; plus the cost-model fit on them (docs/costmodel.md). The committed
// suite is tests/data/vllm-runs-agullo/ (Agulló et al., Apache-2.0).

#include "admission/costmodel.h"
#include "admission/window.h"
#include "workload/spec.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lorascope {

/// One measured run (times in ms as the benchmark prints them) and the authors' digital twin's
/// prediction for it (NaN when the twin's table has no row).
struct VllmRun {
    std::string source; ///< the table file
    std::uint64_t line = 0; ///< its line in the table
    std::string model; ///< e.g. llama-3.1-8b-instruct
    std::string group; ///< e.g. rank_16_rates_0.1_0.05_0.025
    std::int64_t maxLoras = 0, maxCpuLoras = 0, maxLoraRank = 0, adapters = 0;
    std::vector<double> rates; ///< --adapter-rates, in the order given (cycled over the adapters)
    double completed = 0, duration = 0, inputTokens = 0, outputTokens = 0;
    double requestThroughput = 0, outputThroughput = 0; ///< per s
    double ttftMean = 0, tpotMean = 0, itlMean = 0; ///< ms
    double poolPrompts = 0, poolInputTokens = 0, poolOutputTokens = 0; ///< the prompts the script drew from
    double twinOutputThroughput = NAN, twinItl = NAN, twinTtft = NAN;

    /// Σ over adapters of their rate (requests/s).
    double offeredRate() const;
    /// Saturated as the suite defines it: throughput < 95 % of offered or mean TTFT ≥ 5 s.
    bool saturated() const;
    std::string label() const; ///< model/group/_L_C_R_
};

/// Reads the runs table (and, when `twinCsv` is not empty, the twin's table, matched on model,
/// group, max_loras, max_cpu_loras, max_lora_rank). Errors name the file, line and column.
std::vector<VllmRun> readVllmRuns(const std::string& runsCsv, const std::string& twinCsv = {});

/// Each adapter's rate as benchmark_serving_by_time.py's assign_rates_to_adapters gives it: the
/// list cycled over the adapters (adapter i gets rates[i mod k]), then shuffled (seeded). As a
/// workload spec's per-adapter rate table: popularity `weights` = these, `rate` = their sum.
std::vector<double> vllmAdapterRates(const std::vector<double>& rates, std::uint32_t adapters, std::uint64_t seed);

/// The cost-model preset for a run's model ("llama-3.1-8b-h100-64g", ...); empty if none.
std::string vllmRunPreset(const VllmRun& run);

/// The run's workload as benchmark_serving_by_time.py made it: adapters = the logged count, the
/// rate list cycled and shuffled, one Poisson process per adapter over the run's duration, input
/// and output lengths log-normal (σ = 1) truncated to ShareGPT's filter (4 ≤ prompt ≤ 1024,
/// 4 ≤ output, prompt + output ≤ 2048 approximated by output ≤ 1024) with the means of the run's
/// prompt pool. Every adapter has rank max_lora_rank (vLLM's kernels pad to it).
WorkloadSpec vllmRunSpec(const VllmRun& run, std::uint64_t seed);

/// One run previewed: the window figures over the run's duration, or why it could not run.
struct VllmRunPrediction {
    WindowMetrics window;
    std::string error; ///< e.g. the KV refusal; empty when it ran
    bool saturated = false; ///< by the same rule as VllmRun::saturated()
    double seconds = 0; ///< wall time of generate + simulate
};
VllmRunPrediction predictVllmRun(const VllmRun& run, const CostModel& model, std::uint64_t seed);

/// The pass-time coefficients fitted to runs by non-negative least squares on the steady state
/// of the unsaturated runs (docs/costmodel.md, "Calibration"): TPOT − per_context_token·C −
/// per_prefill_token·λ·input·TPOT = base + per_request·N + per_adapter_rank·R·K, with N, C, K the
/// mean running requests, their KV tokens and distinct adapters that Little's law gives from the
/// measured figures, R = max_lora_rank; per_context_token and per_prefill_token are physical (60 %
/// of the GPU's memory bandwidth, 40 % of its fp16 peak). Returns a copy of `start` (its model and
/// GPU describe the server) with those coefficients, and the runs used.
struct VllmFit {
    CostModel model;
    int runsUsed = 0;
    std::string fittedOn;
};
VllmFit fitVllmRuns(const std::vector<VllmRun>& runs, const CostModel& start);

/// The fit's base, per_request and per_adapter_rank refined with the preview in the loop: at most
/// `iterations` Gauss-Newton steps on the log errors of the previewed TPOT of the unsaturated runs
/// and of the previewed output throughput of the saturated runs of at most 100,000 offered requests
/// (each step previews them four times); stops when a step no longer lowers the squared error.
VllmFit refineVllmFit(const std::vector<VllmRun>& runs, const VllmFit& start, int iterations);

/// A text report of predictions against measurements: MAPE per metric and group, beside the twin.
struct VllmValidation {
    std::string text;
    double throughputMape = NAN, tpotMape = NAN, ttftMape = NAN, saturationAccuracy = NAN;
    double twinThroughputMape = NAN, twinItlMape = NAN, twinTtftMape = NAN;
    int runs = 0, failed = 0;
};
VllmValidation validateVllmRuns(const std::vector<VllmRun>& runs, const std::vector<VllmRunPrediction>& predictions);

} // namespace lorascope
