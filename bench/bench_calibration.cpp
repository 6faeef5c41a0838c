// SPDX-License-Identifier: Apache-2.0
// Prints how well the shipped cost-model presets predict S-LoRA's published GPU runs: the
// in-sample table (the files they were calibrated on) and the out-of-sample table (every other
// synthetic row, never fitted on), per metric, per file and the worst runs, plus the time taken.
//
//   bench_calibration                 validate the shipped presets (about a second)
//   bench_calibration --refit         redo the staged calibration (minutes) and print the
//                                     recipes of core/admission/costpresets.cpp
//
// The staged calibration (docs/admission.md, "Calibration of the presets"):
//   1. llama-13b-a100-40g on the A100-40GB num_adapters file: every engine parameter free. Its
//      runs include base-model-only and one-adapter rows, the only ones that separate the LoRA
//      kernels' cost from the rest.
//   2. llama-7b-a10g on the A10G req_rate files (S1, S2): the LoRA overhead ratio comes from 1
//      (software: the same kernels are launched), everything else is fitted.
//   3. llama-13b-a100-80g on the A100-80GB S4 req_rate file, llama-7b-a100-80g on the S1 table:
//      the LoRA parameters come from 1 (same GA100 chip, same kernels), the rest is fitted.

#include "calibrate/fit.h"
#include "calibrate/validate.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

using namespace lorascope;

namespace {

double seconds(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

const char* kGroups[] = { "llama-13b-a100-40g", "llama-7b-a10g", "llama-13b-a100-80g", "llama-7b-a100-80g" };

struct Stage {
    const char* group;
    const char* start; ///< group whose fitted parameters seed this one ("" = genericEngineParameters())
    std::vector<std::string> free;
};

const std::vector<Stage>& stages()
{
    static const std::vector<Stage> s = {
        { "llama-13b-a100-40g", "",
            { "layer_overhead", "lora_overhead_ratio", "request_overhead", "kv_efficiency", "lora_efficiency",
                "prefill_efficiency", "prefill_lora_efficiency", "load_layer_overhead" } },
        { "llama-7b-a10g", "llama-13b-a100-40g",
            { "layer_overhead", "request_overhead", "kv_efficiency", "lora_efficiency", "prefill_efficiency",
                "prefill_lora_efficiency", "load_layer_overhead" } },
        { "llama-13b-a100-80g", "llama-13b-a100-40g",
            { "layer_overhead", "request_overhead", "kv_efficiency", "prefill_efficiency", "load_layer_overhead" } },
        { "llama-7b-a100-80g", "llama-13b-a100-40g",
            { "layer_overhead", "request_overhead", "kv_efficiency", "prefill_efficiency", "load_layer_overhead" } },
    };
    return s;
}

std::string recipe(const CostModel& m, const char* gpuKey, const char* modelKey)
{
    char buf[4096];
    const EngineParameters& p = m.parameters;
    auto err = [](const ErrorSummary& e) {
        char b[512];
        std::snprintf(b, sizeof b, "{ \"%s\", %d, %.17g, %.17g, %.17g, %.17g, %.17g }", e.on.c_str(), e.rows,
            e.throughputMape, e.latencyMape, e.firstTokenMape, e.perOutputTokenMape, e.attainmentMae);
        return std::string(b);
    };
    std::string sources;
    for (const auto& s : m.provenance.calibratedOn)
        sources += (sources.empty() ? "" : ", ") + s;
    std::string policies;
    for (const auto& s : m.validity.policies)
        policies += (policies.empty() ? "\"" : ", \"") + s + "\"";
    std::snprintf(buf, sizeof buf,
        "            { \"%s\", \"%s\", \"%s\",\n"
        "                { %.17g, %.17g, %.17g, %.17g, %.17g, %.17g, %.17g, %.17g, %.17g, %.17g },\n"
        "                \"%s\",\n"
        "                %s,\n"
        "                %s,\n"
        "                { %lld, %lld, %d, %lld, %lld, %.17g, { %s } } },\n",
        m.name.c_str(), gpuKey, modelKey, p.layerOverhead, p.loraOverheadRatio, p.requestOverhead, p.kvEfficiency,
        p.loraEfficiency, p.prefillEfficiency, p.prefillLoraEfficiency, p.loadLayerOverhead, p.hostToDeviceEfficiency,
        p.responseDelay, sources.c_str(), err(m.provenance.fit).c_str(), err(m.provenance.validation).c_str(),
        static_cast<long long>(m.validity.maxInputLen), static_cast<long long>(m.validity.maxOutputLen),
        m.validity.maxRank, static_cast<long long>(m.validity.minTotalTokens),
        static_cast<long long>(m.validity.maxTotalTokens), m.validity.maxOverload, policies.c_str());
    return buf;
}

} // namespace

int main(int argc, char** argv)
{
    std::string manifest = std::string(LORASCOPE_SOURCE_DIR) + "/tests/data/slora-paper/manifest.json";
    bool refit = false;
    unsigned threads = 0;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--refit"))
            refit = true;
        else if (!std::strcmp(argv[i], "--manifest") && i + 1 < argc)
            manifest = argv[++i];
        else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc)
            threads = static_cast<unsigned>(std::atoi(argv[++i]));
        else {
            std::fprintf(stderr, "usage: bench_calibration [--refit] [--manifest FILE] [--threads N]\n");
            return 2;
        }
    }
    std::printf("manifest %s; %u hardware threads\n", manifest.c_str(), std::thread::hardware_concurrency());

    std::vector<CostModel> models;
    if (refit) {
        std::string recipes;
        for (const Stage& st : stages()) {
            const auto t0 = std::chrono::steady_clock::now();
            const CalibrationData fitData = loadSloraManifest(manifest, "fit", st.group);
            const CalibrationData valData = loadSloraManifest(manifest, "validate", st.group);
            CalibrationFitOptions o;
            o.free = st.free;
            o.threads = threads;
            const CostModel* seed = nullptr;
            for (const auto& m : models)
                if (m.name == st.start)
                    seed = &m;
            o.start = seed ? seed->parameters : genericEngineParameters();
            const CalibrationFitResult fit = fitCostModel(fitData, o);
            ValidationReport vrep;
            CostModel m = calibratedModel(fitData, fit, o, 0, valData.experiments.empty() ? nullptr : &valData, &vrep);
            std::printf("\n=== %s: %s, objective %.4g -> %.4g, %.1f s\n", st.group, fit.message.c_str(),
                fit.objectiveStart, fit.objective, seconds(t0));
            std::printf("%-26s %14s %12s\n", "parameter", "value", "1σ");
            for (const auto& e : fit.estimates)
                if (e.free)
                    std::printf("%-26s %14.5g %11.0f%%\n", e.key.c_str(), e.value, 100 * e.relativeError);
            std::printf("in sample\n%s", renderValidationText(compare(fitData, fit.predictions), 3).c_str());
            if (!valData.experiments.empty())
                std::printf("out of sample\n%s", renderValidationText(vrep, 3).c_str());
            const char* gpuKey = std::strstr(st.group, "a10g") ? "a10g"
                : std::strstr(st.group, "a100-40g")            ? "a100-40g"
                                                               : "a100-80g";
            const char* modelKey = std::strstr(st.group, "13b") ? "llama-13b" : "llama-7b";
            recipes += recipe(m, gpuKey, modelKey);
            models.push_back(m);
        }
        std::printf("\n// recipes for core/admission/costpresets.cpp\n%s", recipes.c_str());
    } else {
        for (const char* g : kGroups)
            models.push_back(*findCostModel(g));
    }

    // The tables: every preset on its fit files (in sample) and on every validation file.
    const auto t0 = std::chrono::steady_clock::now();
    CalibrationData fitAll = loadSloraManifest(manifest, "fit");
    CalibrationData valAll = loadSloraManifest(manifest, "validate");
    const double loadSeconds = seconds(t0);
    auto modelsFor = [&](const CalibrationData& d) {
        std::vector<CostModel> out;
        for (const auto& g : d.groups)
            for (const auto& m : models)
                if (m.name == g.name)
                    out.push_back(m);
        return out;
    };
    const auto t1 = std::chrono::steady_clock::now();
    const ValidationReport in = validate(fitAll, modelsFor(fitAll), threads);
    const double inSeconds = seconds(t1);
    const auto t2 = std::chrono::steady_clock::now();
    const ValidationReport out = validate(valAll, modelsFor(valAll), threads);
    const double outSeconds = seconds(t2);
    std::printf("\n=== in sample: the files the presets were calibrated on (%zu runs, %.2f s)\n%s", in.rows.size(),
        inSeconds, renderValidationText(in, 5).c_str());
    std::printf("\n=== out of sample: every other synthetic row, never fitted on (%zu runs, %.2f s)\n%s",
        out.rows.size(), outSeconds, renderValidationText(out, 10).c_str());
    std::printf(
        "\nregenerating %zu traces took %.2f s\n", fitAll.experiments.size() + valAll.experiments.size(), loadSeconds);
    return 0;
}
