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
    c.description = c.model.name + " fp16 on " + c.gpu.name + " served by S-LoRA; calibrated on " + runs + " (" + r.calibratedOn + ")"
        + (r.validation.measured() ? ", validated on " + std::to_string(r.validation.rows) + " others." : "; no other run to validate on.");
    c.provenance.method = "bench_calibration --refit: lorascope-cli calibrate's fit (Nelder-Mead on S-LoRA's run_exp.py statistics, "
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
                { 0.00039716471131884343, 0.11043329186382374, 5.1647261168681424e-05, 0.46888820348503774, 0.668232519296867, 0.67994606510653766, 8.1536076185662729, 0.00049819203280889401, 0.5, 0 },
                "synthetic_num_adapters_a100-40_S4_slora.jsonl (6 runs)",
                { "in sample", 6, 0.94322397442494388, 0.97689448098141518, 1.1792848588313343, 1.1240031450338004, 0.0086111111111111197 },
                { "", 0, -1, -1, -1, -1, -1 },
                { 513, 508, 64, 14000, 14000, 1.4152363299347821, { "slora" } } },
            { "llama-7b-a10g", "a10g", "llama-7b",
                { 0.00022825761061734864, 0.11043329186382374, 3.7047735989267868e-05, 0.99734633650219873, 1.3850055397415697, 0.33959257339764626, 13.595279667933381, 0.00036784476215632713, 0.5, 0 },
                "synthetic_req_rate_a10g_S1_slora.jsonl (4 runs), synthetic_req_rate_a10g_S2_slora.jsonl (4 runs)",
                { "in sample", 8, 0.28864591326165917, 1.2606633318368874, 1.623119091759933, 1.4543540797313941, 0.0046250000000000119 },
                { "out of sample", 30, 0.59244358567523958, 1.3278584497574164, 5.5984362763801672, 2.2701088295725689, 0.011888888888888883 },
                { 513, 511, 64, 14500, 14500, 1.6277718369166057, { "slora", "slora-abort" } } },
            { "llama-13b-a100-80g", "a100-80g", "llama-13b",
                { 0.00038329733104056248, 0.11043329186382374, 2.7903639623701589e-05, 0.99759659929847488, 0.668232519296867, 0.99986436300741233, 8.1536076185662729, 0.0004777007776371166, 0.5, 0 },
                "synthetic_req_rate_a100-80_S4_slora.jsonl (5 runs)",
                { "in sample", 5, 1.6850831319753781, 15.193323624781465, 17.999639803336279, 15.483915925920622, 0 },
                { "out of sample", 20, 2.1895627018043307, 6.1394886828030568, 13.101752294833293, 7.3856962755987414, 0.019722222222222217 },
                { 513, 511, 64, 65000, 65000, 2.4598020230313158, { "slora", "slora-abort" } } },
            { "llama-7b-a100-80g", "a100-80g", "llama-7b",
                { 0.00036753233187939696, 0.11043329186382374, 4.2626478947264689e-05, 0.76120287201364711, 0.668232519296867, 0.6458848370849708, 8.1536076185662729, 0.00026649787029172582, 0.5, 0 },
                "synthetic_num_adapters_a100-80_S1_slora_table.jsonl (4 runs)",
                { "in sample", 4, 1.9062016418581758, 1.1943314121714212, 3.6771137397783518, 1.4114271026625391, 0.013333333333333364 },
                { "out of sample", 10, 2.8829727424447529, 11.216953904464475, 31.875838317438923, 14.425249403864546, 0.048466666666666672 },
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
