// SPDX-License-Identifier: Apache-2.0
#include "workload/presets.h"

#include "util/error.h"

namespace lorascope {

const std::vector<Preset>& presets()
{
    static const std::vector<Preset> list = {
        { "S1", "llama-7b, one rank-8 adapter kind", "huggyllama/llama-7b", { "dummy-lora-7b-rank-8" }, {} },
        { "S2", "llama-7b, ranks 64/32/16/8", "huggyllama/llama-7b",
            { "dummy-lora-7b-rank-64", "dummy-lora-7b-rank-32", "dummy-lora-7b-rank-16", "dummy-lora-7b-rank-8" }, {} },
        { "S3", "llama-13b, rank 16", "huggyllama/llama-13b", { "dummy-lora-13b-rank-16" }, {} },
        { "S4", "llama-13b, ranks 64/32/16", "huggyllama/llama-13b",
            { "dummy-lora-13b-rank-64", "dummy-lora-13b-rank-32", "dummy-lora-13b-rank-16" }, {} },
        { "S5", "llama-30b, rank 32", "huggyllama/llama-30b", { "dummy-lora-30b-rank-32" }, {} },
        { "S6", "llama-70b, rank 64", "meta-llama/Llama-2-70b-hf", { "dummy-lora-70b-rank-64" }, {} },
        { "Real", "llama-7b with two published adapters", "huggyllama/llama-7b",
            { "tloen/alpaca-lora-7b", "MBZUAI/bactrian-x-llama-7b-lora" }, { 16, 64 } },
    };
    return list;
}

const std::vector<Scenario>& scenarios()
{
    // S-LoRA benchmarks/exp_suite.py, paper_suite. All input/output ranges are [8, 512).
    static const std::vector<Scenario> list = {
        { "a10g-num-adapter", "S2", "A10G: number of adapters", { 1, 20, 50, 100, 200 }, { 1 }, { 2 }, { 1 }, { 300 } },
        { "a10g-alpha", "S2", "A10G: popularity skew", { 200 }, { 0.1, 0.3, 0.6, 1 }, { 2 }, { 1 }, { 300 } },
        { "a10g-cv", "S2", "A10G: burstiness", { 200 }, { 1 }, { 2 }, { 1, 2, 4, 6, 8 }, { 300 } },
        { "a10g-req-rate", "S2", "A10G: request rate", { 200 }, { 1 }, { 1, 1.5, 2, 2.5 }, { 1 }, { 300 } },
        { "a100-40-num-adapter", "S4", "A100-40G: number of adapters", { 0, 1, 20, 50, 100, 200 }, { 1 }, { 2 }, { 1 }, { 300 } },
        { "a100-80-S2-num-adapter", "S2", "A100-80G, S2: number of adapters", { 1, 20, 50, 100, 200 }, { 1 }, { 10 }, { 1 }, { 300 } },
        { "a100-80-S4-num-adapter", "S4", "A100-80G, S4: number of adapters", { 0, 1, 100, 200, 400 }, { 1 }, { 6 }, { 1 }, { 300 } },
        { "a100-80-S4-req-rate", "S4", "A100-80G, S4: request rate", { 400 }, { 1 }, { 1, 2, 4, 6, 8 }, { 1 }, { 300 } },
        { "a100-80-S4-cv", "S4", "A100-80G, S4: burstiness", { 400 }, { 1 }, { 6 }, { 1, 2, 4, 6, 8 }, { 300 } },
        { "a100-80-table", "S2", "A100-80G: throughput table", { 2, 5, 100, 1000, 2000 }, { 1 }, { 10 }, { 1 }, { 120 } },
        { "ablation-no-mem", "S1", "Ablation: no unified memory pool", { 1, 10, 25, 50, 100, 200 }, { 1 }, { 2.5 }, { 1 }, { 300 } },
        { "ablation-cluster", "S2", "Ablation: adapter clustering", { 32 }, { 0.1, 0.3, 0.6, 1 }, { 2 }, { 1 }, { 120 } },
        { "ablation-cluster-cv", "S2", "Ablation: adapter clustering under bursts", { 32 }, { 1, 2, 4, 6, 8 }, { 2 }, { 8 }, { 120 } },
    };
    return list;
}

void applyPreset(WorkloadSpec& spec, const Preset& preset)
{
    spec.preset = preset.name;
    spec.naming.names = preset.adapterNames;
    spec.naming.ranks = preset.ranks;
    spec.naming.baseModel = preset.baseModel;
}

bool isPresetName(const std::string& name)
{
    for (const auto& p : presets())
        if (p.name == name)
            return true;
    for (const auto& sc : scenarios())
        if (sc.name == name)
            return true;
    return false;
}

WorkloadSpec specForPreset(const std::string& name)
{
    WorkloadSpec spec;
    for (const auto& p : presets()) {
        if (p.name == name) {
            applyPreset(spec, p);
            return spec;
        }
    }
    for (const auto& sc : scenarios()) {
        if (sc.name == name) {
            for (const auto& p : presets())
                if (p.name == sc.preset)
                    applyPreset(spec, p);
            spec.preset = sc.name;
            spec.adapterCount = static_cast<std::uint32_t>(sc.adapterCounts.front());
            spec.popularity.alpha = sc.alphas.front();
            spec.rate = sc.rates.front();
            spec.arrival.cv = sc.cvs.front();
            spec.duration = sc.durations.front();
            return spec;
        }
    }
    std::string known;
    for (const auto& p : presets())
        known += (known.empty() ? "" : ", ") + p.name;
    for (const auto& sc : scenarios())
        known += ", " + sc.name;
    throw InputError("unknown preset \"" + name + "\" (known: " + known + ")", {}, 0, "preset");
}

} // namespace lorascope
