// SPDX-License-Identifier: Apache-2.0
#pragma once
// The parameters a sweep can vary (docs/sweep.md, Parameters): workload parameters (rate, adapters, α, cv, ...) and
// server parameters (max_total_token_num, batch_max_tokens, ...), each with its unit, its valid
// range and the settings under which it does not apply; and the value lists a sweep runs over
// (a list, a range with a step, or an S-LoRA paper suite). Plain data, no threads.

#include "admission/engine.h"
#include "util/usernote.h"
#include "workload/spec.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lorascope {

/// What a sweep varies.
enum class SweepParam : std::uint8_t {
    Rate, ///< R, requests/s over all adapters
    Adapters, ///< n, number of adapters
    Alpha, ///< popularity skew α (power law)
    ZipfS, ///< Zipf exponent s
    Cv, ///< coefficient of variation of inter-arrival gaps
    Duration, ///< trace length, s
    Seed, ///< random seed (sampling noise)
    InputMax, ///< upper end (exclusive) of the input length range
    OutputMax, ///< upper end (exclusive) of the output length range
    MaxTotalTokenNum, ///< server: KV slots incl. adapter weights
    BatchMaxTokens, ///< server (S-LoRA): Σ input of a new prefill batch
    RunningMaxReqSize, ///< server (S-LoRA): requests in the running batch
    MaxWaitTokens, ///< server (S-LoRA): decode steps between admission attempts
    MaxNumSeqs, ///< server (vLLM): running requests
    MaxNumBatchedTokens, ///< server (vLLM): prefill tokens per step
    MaxLoras, ///< server (vLLM): distinct adapters per batch
};

/// Facts about one parameter.
struct SweepParamInfo {
    SweepParam id;
    const char* name; ///< command-line name: "rate", "adapters", "max_total_token_num", ...
    const char* label; ///< short label for axes and tables: "R", "n", "α", ...
    const char* unit; ///< axis unit: "req/s", "adapters", "s", "tokens", "" (dimensionless)
    const char* description; ///< one plain sentence
    bool integer; ///< values must be whole numbers
    bool server; ///< a server launch setting (cannot change on a running real server)
    double min; ///< smallest valid value
    bool minExclusive; ///< min itself is invalid (rate > 0)
    double max; ///< largest valid value
};

/// Every parameter, in the order help texts and menus list them.
const std::vector<SweepParamInfo>& sweepParams();
const SweepParamInfo& sweepParamInfo(SweepParam param);
/// By command-line name (also accepts "n", "R", "alpha", "num_adapters", "req_rate"); nullopt otherwise.
std::optional<SweepParam> sweepParamFromName(const std::string& name);
/// "rate, adapters, alpha, ..." for messages.
std::string sweepParamNames();

/// Why `param` has no effect under these settings (e.g. cv with Poisson arrivals, α with Zipf
/// popularity, batch_max_tokens with the vLLM policy); empty when it applies.
std::string sweepParamNotApplicable(SweepParam param, const WorkloadSpec& spec, const SimulationConfig& config);

/// Checks one value against the parameter's range and integrality; empty when valid, else a
/// message naming parameter and value ("rate must be > 0 (got -1)").
std::string checkSweepValue(SweepParam param, double value);

/// The value of `param` in these settings (the server's parameters from config.scheduler).
double sweepParamValue(SweepParam param, const WorkloadSpec& spec, const SimulationConfig& config);

/// Sets `param` to `value` in a copy of the settings: the spec for workload parameters, the
/// scheduler configuration for server parameters. The value must be valid.
void applySweepValue(SweepParam param, double value, WorkloadSpec& spec, SimulationConfig& config);

/// Text of a value as messages and tables show it ("2", "0.3", "65000").
std::string sweepValueText(SweepParam param, double value);
/// The same, for a value known only to within `resolution` (a bracket's width, a sweep's step):
/// rounded to it (formatResolved(): 5.4321 within 0.049 → "5.43"); whole numbers stay whole.
std::string sweepValueText(SweepParam param, double value, double resolution);

/// Most points a sweep may have (a million-point range is a typo, not a plan).
inline constexpr std::size_t kMaxSweepPoints = 1000;

/// Parses "1,2,4" (a list) or "LO:HI:STEP" (a range with a step, HI included when the steps land
/// on it) or "LO:HI" with `points` (that many values, evenly spaced). Validates every value
/// (checkSweepValue), rejects a zero or wrongly signed step, duplicates and more than
/// kMaxSweepPoints points. Throws InputError naming `field` and the offending part.
std::vector<double> parseSweepValues(
    SweepParam param, const std::string& text, std::size_t points = 0, const std::string& field = "--values");

/// Parses "LO:HI" (a search range) for the capacity finder. Throws InputError naming `field`.
std::pair<double, double> parseSweepRange(
    SweepParam param, const std::string& text, const std::string& field = "--range");

/// One S-LoRA paper suite as a sweep: the base settings (suite's first combination, bit-exact
/// `slora` generator, seed 42, the server's KV size and the cost model of the GPU the paper ran it
/// on when LoraScope has one) and the one parameter the suite varies with its values.
struct SuiteSweep {
    std::string suite; ///< exp_suite.py name, e.g. "a100-80-S4-req-rate"
    std::string modelSetting; ///< S1, S2, S4, ...
    std::string gpu; ///< "A10G (24 GB)", "A100 (80 GB)", "A100 (40 GB)", or empty when the paper does not say
    WorkloadSpec spec;
    SimulationConfig config;
    SweepParam param = SweepParam::Rate;
    std::vector<double> values;
    /// Notes for the user. Codes and args: "num_token_unknown" {suite, max_total_token_num};
    /// "cost_stand_in" {model, GPU, the stand-in cost model}; "gpu_unknown" {}.
    std::vector<UserNote> notes;
};

/// Builds the sweep of an S-LoRA paper suite (presets.h scenarios()) with the given model setting
/// (empty = the suite's default preset). Throws InputError for unknown names.
SuiteSweep suiteSweep(const std::string& suite, const std::string& modelSetting = {});

/// The cost model LoraScope uses for a base model on a GPU ("llama-13b", "a100-80g"); nullptr when
/// it has none. `standInNote` (if given) receives the closest preset and why when there is none
/// (code "cost_stand_in", args {model, GPU, the stand-in cost model}).
const CostModel* costModelFor(const std::string& baseModel, const std::string& gpu, UserNote* standInNote = nullptr);

/// The cost model preset for a base model when no GPU is named: the first preset of the same model
/// size ("13b" → llama-13b-...), else the first preset (as the desktop's default session).
CostModel defaultCostModel(const std::string& baseModel);

} // namespace lorascope
