// SPDX-License-Identifier: Apache-2.0
// The shipped cost-model presets: S-LoRA's engine parameters fitted by `lorascope-cli calibrate`
// on S-LoRA's published GPU runs (tests/data/slora-paper/), with their measured errors.
// Regenerate with `bench_calibration --refit` (docs/admission.md, "Calibration of the presets").

#include "admission/costmodel.h"

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

} // namespace

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
        // The order users see them in; the first is the default.
        std::vector<CostModel> out;
        for (const char* name : { "llama-7b-a10g", "llama-7b-a100-80g", "llama-13b-a100-80g", "llama-13b-a100-40g" })
            for (const Recipe& r : recipes)
                if (std::string(r.name) == name)
                    out.push_back(make(r));
        return out;
    }();
    return presets;
}

} // namespace lorascope
