// SPDX-License-Identifier: Apache-2.0
#pragma once
// Presets (adapter sets of the S-LoRA paper's settings S1–S6 and Real) and the S-LoRA paper's
// benchmark suites as named scenarios (values from S-LoRA's benchmarks/exp_suite.py).

#include "workload/spec.h"

#include <string>
#include <vector>

namespace lorascope {

/// A model setting: base model and the adapter name list that adapters cycle through.
struct Preset {
    std::string name;
    std::string description;
    std::string baseModel;
    std::vector<std::string> adapterNames;
    std::vector<int> ranks; ///< empty: read from the names
};

/// A named S-LoRA paper suite: a preset plus the values swept (the first of each is the default).
struct Scenario {
    std::string name;
    std::string preset;
    std::string description;
    std::vector<double> adapterCounts;
    std::vector<double> alphas;
    std::vector<double> rates;
    std::vector<double> cvs;
    std::vector<double> durations;
};

/// A traffic shape for servers with a prefix cache (vLLM, SGLang): sessions and shared prefixes on a
/// model setting ("chat", "agent", "rag"; docs/workload.md, "Presets for sessions and shared prefixes").
struct TrafficPreset {
    std::string name;
    std::string preset; ///< the model setting it uses (adapter names, base model)
    std::string description;
    void (*apply)(WorkloadSpec& spec); ///< sets its parameters on a spec with the model setting applied
};

const std::vector<Preset>& presets();
const std::vector<Scenario>& scenarios();
const std::vector<TrafficPreset>& trafficPresets();

/// True if `name` is a preset or a scenario (what WorkloadSpec::preset may hold).
bool isPresetName(const std::string& name);

/// The default spec with the preset's (or scenario's first combination's, or traffic preset's) values applied.
/// Throws InputError listing the known names if `name` is neither.
WorkloadSpec specForPreset(const std::string& name);

/// Applies a preset's adapter naming to `spec` (keeps every other parameter).
void applyPreset(WorkloadSpec& spec, const Preset& preset);

} // namespace lorascope
