// SPDX-License-Identifier: Apache-2.0
// The shipped cost-model presets: S-LoRA's engine parameters fitted by `lorascope-cli calibrate`
// on S-LoRA's published GPU runs (tests/data/slora-paper/), with their measured errors.
// Regenerate with `bench_calibration --refit` (docs/admission.md, "Calibration of the presets").

#include "admission/costmodel.h"
#include "admission/costserving.h"
#include "admission/vllmrunsource.h"

#include "util/version.h"

namespace lorascope {

namespace {

struct Recipe {
    const char* name;
    const char* gpu;
    const char* model;
    EngineParameters parameters;
    const char* calibratedOn;
    ErrorSummary fit;
    ErrorSummary validation;
    ValidityRange validity;
};

CostModel make(const Recipe& r)
{
    CostModel c = deriveCostModel(*findModel(r.model), *findGpu(r.gpu), r.parameters);
    c.name = r.name;
    const std::string runs = "S-LoRA's published " + c.gpu.name + " runs";
    c.description = c.model.name + " fp16 on " + c.gpu.name + " served by S-LoRA; calibrated on " + runs + " ("
        + r.calibratedOn + ")"
        + (r.validation.measured() ? ", validated on " + std::to_string(r.validation.rows) + " others."
                                   : "; no other run to validate on.");
    c.provenance.method
        = "bench_calibration --refit: lorascope-cli calibrate's fit (Nelder-Mead on S-LoRA's run_exp.py statistics, "
          "soft-L1 loss, admission engine in the loop), staged as docs/admission.md describes";
    c.provenance.calibratedOn = { runs + ": " + r.calibratedOn };
    c.provenance.fit = r.fit;
    c.provenance.validation = r.validation;
    c.provenance.toolVersion = kVersion;
    c.validity = r.validity;
    return c;
}

/// A vLLM 0.8.5 preset: pass-time coefficients fitted by `lorascope-cli calibrate --vllm-runs`
/// (calibrate/vllmruns.h) and the server it ran (KV tokens fitted on the repository's memory
/// measurements, tests/data/vllm-runs-agullo/kv_tokens.csv).
struct VllmRecipe {
    const char* name;
    const char* model;
    double base, perRequest, perContextToken, perAdapterRank, perPrefillToken;
    double kvPerSlotRank; ///< KV tokens one max_loras × rank unit displaces (servingDefaults())
    int fitUnsaturated; ///< of the rank-16 runs (fit.rows), the unsaturated ones whose TPOT was fitted
    ErrorSummary fit; ///< `validate --vllm-runs --group rank_16 --model M` (the runs fitted on)
    ErrorSummary validation; ///< `validate --vllm-runs --group rank_32 --model M` (never fitted on)
};

CostModel makeVllm(const VllmRecipe& r)
{
    CostModel c;
    c.name = r.name;
    c.gpu = *findGpu("h100-64g");
    c.model = *findModel(r.model);
    c.prefillBase = c.decodeBase = r.base;
    c.decodePerRequest = r.perRequest;
    c.decodePerContextToken = r.perContextToken;
    c.perAdapterRank = r.perAdapterRank;
    c.prefillPerToken = r.perPrefillToken;
    // Adapter loads: vLLM 0.8.5's activation of an adapter from its CPU cache into a GPU slot took
    // 6.5-8.3 ms whatever the rank (8, 16, 32): 100 loads each in the fork's worker_manager.py log
    // ("Total loading time from memory", digital_twin_dynamic/estimators/predictor_loading/
    // llama-3.1-8b-instruct/*/server_out.log at bae36e2da); 7 ms. From disk: 20 ms + 0.5 s/GB
    // (generic, as the other presets; the runs load every adapter from the CPU cache).
    const double bytesPerRank = r.kvPerSlotRank * c.model.kvBytesPerToken();
    c.loadBase = 7e-3;
    c.loadPerRank = 0;
    c.loadDiskBase = 0.02;
    c.loadDiskPerRank = bytesPerRank * 0.5 / 1e9;
    const std::string fittedOn = "the " + std::to_string(r.fit.rows) + " rank-16 runs (max_lora_rank 16): TPOT of the "
        + std::to_string(r.fitUnsaturated)
        + " unsaturated, throughput of the saturated ones with up to 100,000 requests";
    c.description = c.model.name + " bf16 on one " + c.gpu.name
        + " served by vLLM 0.8.5 (V1 scheduler, chunked prefill, prefix caching off); calibrated on "
        + std::to_string(r.fit.rows) + " real rank-16 runs of Agullo et al. (arXiv 2508.08343), validated on "
        + std::to_string(r.validation.rows) + " rank-32 runs.";
    c.provenance.method = "lorascope-cli calibrate --vllm-runs: least squares on the steady state of the unsaturated "
                          "runs, then Gauss-Newton with the preview in the loop (docs/costmodel.md)";
    c.provenance.calibratedOn = { std::string(kVllmRunsSource) + " on one " + c.gpu.name + ": " + fittedOn,
        "KV tokens: " + servingDefaults(r.name)->kvFittedOn };
    c.provenance.fit = r.fit;
    c.provenance.validation = r.validation;
    c.provenance.toolVersion = kVersion;
    c.validity = { 1024, 1024, 32, 0, 0, 0, { "vllm" } };
    return c;
}

} // namespace

const ServingDefaults* servingDefaults(const std::string& name)
{
    // vllm/engine/arg_utils.py _set_default_args_v1 at vLLM 0.8.5 (the copy the runs bind-mounted,
    // GPULLMAdapterOptimization at bae36e2da): a GPU below 70 GiB gets the OpenAI server's
    // max_num_batched_tokens 2048 (the H100 64GB is below; the runs' server logs say "Chunked
    // prefill is enabled with max_num_batched_tokens=2048"). KV lines: least squares on
    // tests/data/vllm-runs-agullo/kv_tokens.csv (mean error 0.4 % Llama, 0.9 % Qwen).
    static const std::vector<std::pair<std::string, ServingDefaults>> table = {
        { "llama-3.1-8b-h100-64g",
            { "vLLM 0.8.5 (V1 scheduler)", 2048, 131072, 307450.6344120379, 43.886133293782436, 48.98512142717573,
                131072, "36 start-ups of vLLM 0.8.5 (max_loras 8..384 x max_lora_rank 8/16/32), kv_tokens.csv" } },
        { "qwen-2.5-7b-h100-64g",
            { "vLLM 0.8.5 (V1 scheduler)", 2048, 32768, 702506.6757584155, 87.91391782517728, 2.9086429901731523, 57344,
                "37 start-ups of vLLM 0.8.5 (max_loras 8..384 x max_lora_rank 8/16/32), kv_tokens.csv" } },
    };
    for (const auto& [key, s] : table)
        if (key == name)
            return &s;
    return nullptr;
}

const std::vector<CostModel>& costModelPresets()
{
    static const std::vector<CostModel> presets = [] {
        // Printed by `bench_calibration --refit` (the staged calibration); do not edit by hand.
        const std::vector<Recipe> recipes = {
            { "llama-13b-a100-40g", "a100-40g", "llama-13b",
                { 0.00039590300203114714, 0.10335456082628397, 4.6900451178958162e-05, 0.47101228239808696,
                    0.652774673891519, 0.63574973448072758, 12.48780727258573, 0.00054383816591886051, 0.5, 0 },
                "synthetic_num_adapters_a100-40_S4_slora.jsonl (6 runs)",
                { "in sample", 6, 0.94175201484847604, 0.95890242994963926, 1.1833278426696869, 1.0961463071555277,
                    0.0066666666666666654 },
                { "", 0, -1, -1, -1, -1, -1 }, { 513, 508, 64, 14000, 14000, 1.4152363299347821, { "slora" } } },
            { "llama-7b-a10g", "a10g", "llama-7b",
                { 0.00021855774735901574, 0.10335456082628397, 3.225629688918971e-05, 0.99443788083447471,
                    1.3031958568514022, 0.34674559411878569, 18.989619241436685, 0.00057757594136194964, 0.5, 0 },
                "synthetic_req_rate_a10g_S1_slora.jsonl (4 runs), synthetic_req_rate_a10g_S2_slora.jsonl (4 runs)",
                { "in sample", 8, 0.32175417860623645, 1.569343969424118, 1.3201725904318633, 1.7940742383483121,
                    0.0041666666666666631 },
                { "out of sample", 30, 0.65424119716866802, 1.7379080046798772, 7.3326701841044102, 2.9558299683025644,
                    0.016222222222222211 },
                { 513, 511, 64, 14500, 14500, 1.6277718369166057, { "slora", "slora-abort" } } },
            { "llama-13b-a100-80g", "a100-80g", "llama-13b",
                { 0.00048312675941749385, 0.10335456082628397, 1.2214372080443139e-05, 0.99588742858996315,
                    0.652774673891519, 0.99342035545322926, 12.48780727258573, 0.00024477719635598551, 0.5, 0 },
                "synthetic_req_rate_a100-80_S4_slora.jsonl (5 runs)",
                { "in sample", 5, 1.4069604753725102, 12.233363468577503, 15.492249608777602, 12.487737670609089,
                    0.00011111111111111182 },
                { "out of sample", 20, 1.6376200434259016, 4.8658275533186499, 13.878056688305254, 6.1198027519317364,
                    0.020750000000000001 },
                { 513, 511, 64, 65000, 65000, 2.4598020230313158, { "slora", "slora-abort" } } },
            { "llama-7b-a100-80g", "a100-80g", "llama-7b",
                { 0.00053573016516672567, 0.10335456082628397, 3.4283311521912118e-05, 0.99085467122630722,
                    0.652774673891519, 0.60779078341004034, 12.48780727258573, 0.00032717848471375309, 0.5, 0 },
                "synthetic_num_adapters_a100-80_S1_slora_table.jsonl (4 runs)",
                { "in sample", 4, 1.8666335350934533, 1.8263977894441781, 3.4355676332202174, 2.2367956492404293,
                    0.027916666666666673 },
                { "out of sample", 10, 2.8275883318384274, 9.1094183273151579, 26.686730581756837, 11.862680740361224,
                    0.047916666666666677 },
                { 513, 511, 64, 125000, 125000, 1.4345550939911318, { "slora" } } },
        };
        // Coefficients printed by `lorascope-cli calibrate --vllm-runs` (docs/costmodel.md); the errors (MAPE %) by
        // `lorascope-cli validate --vllm-runs ... --group rank_16|rank_32 --model llama|qwen`, seed 0.
        const std::vector<VllmRecipe> vllmRecipes = {
            { "llama-3.1-8b-h100-64g", "llama-3.1-8b", 0.01236144036991435, 1.1938301248159791e-05,
                1.3320325203252031e-07, 3.3826789869091734e-05, 4.059656218402427e-05, 43.886133293782436, 15,
                { "the 74 rank-16 runs (throughput on all; TTFT and TPOT on the 15 unsaturated)", 74, 7.9, -1, 30.7,
                    6.5, -1 },
                { "the 57 rank-32 runs, never fitted on (throughput on all; TTFT and TPOT on the 13 unsaturated)", 57,
                    8.6, -1, 3061.5, 24.9, -1 } },
            { "qwen-2.5-7b-h100-64g", "qwen-2.5-7b", 0.011147469610725338, 4.4050943558674986e-05,
                5.8276422764227642e-08, 3.422981326175554e-05, 3.8523761375126388e-05, 87.91391782517728, 16,
                { "the 86 rank-16 runs (throughput on all; TTFT and TPOT on the 16 unsaturated)", 86, 15.2, -1, 33.4,
                    15.1, -1 },
                { "the 77 rank-32 runs, never fitted on (throughput on all; TTFT and TPOT on the 16 unsaturated)", 77,
                    9.7, -1, 5874.6, 54.9, -1 } },
        };
        // The order users see them in; the first is the default.
        std::vector<CostModel> out;
        for (const char* name : { "llama-7b-a10g", "llama-7b-a100-80g", "llama-13b-a100-80g", "llama-13b-a100-40g" })
            for (const Recipe& r : recipes)
                if (std::string(r.name) == name)
                    out.push_back(make(r));
        for (const VllmRecipe& r : vllmRecipes)
            out.push_back(makeVllm(r));
        return out;
    }();
    return presets;
}

} // namespace lorascope
