// SPDX-License-Identifier: Apache-2.0
// Cost model v2: evaluation, the physical derivation of the coefficients, and the JSON format
// (version 2; version-1 files of flat coefficients still load). The calibrated presets are in
// costpresets.cpp; docs/admission.md explains every term and where it comes from in S-LoRA's code.

#include "admission/costmodel.h"

#include "util/atomicfile.h"
#include "util/error.h"
#include "util/jsonread.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>

namespace lorascope {

double CostModel::prefillSeconds(const BatchShape& b) const
{
    auto d = [](std::int64_t v) { return static_cast<double>(v); };
    return prefillBase + prefillPerRequest * d(b.requests) + prefillPerToken * d(b.tokens)
        + prefillPerTokenSquared * d(b.tokenSquared) + prefillPerTokenRank * d(b.tokenRank)
        + prefillPerTokenMaxRank * d(b.tokens) * d(b.maxRank) + perAdapterRank * d(b.adapterRank)
        + (b.loraRequests > 0 ? loraBase : 0.0);
}

double CostModel::decodeSeconds(const BatchShape& b) const
{
    auto d = [](std::int64_t v) { return static_cast<double>(v); };
    return decodeBase + decodePerRequest * d(b.requests) + decodePerContextToken * d(b.context)
        + decodePerTokenRank * d(b.tokenRank) + decodePerRequestMaxRank * d(b.requests) * d(b.maxRank)
        + perAdapterRank * d(b.adapterRank) + (b.loraRequests > 0 ? loraBase : 0.0);
}

double CostModel::mixedSeconds(const BatchShape& p, const BatchShape& dc) const
{
    if (dc.requests == 0)
        return prefillSeconds(p);
    if (p.requests == 0)
        return decodeSeconds(dc);
    auto d = [](std::int64_t v) { return static_cast<double>(v); };
    const std::int64_t maxRank = std::max(p.maxRank, dc.maxRank);
    return std::max(prefillBase, decodeBase) // one pass: the model's layers run once
        + prefillPerRequest * d(p.requests) + prefillPerToken * d(p.tokens) + prefillPerTokenSquared * d(p.tokenSquared)
        + prefillPerTokenRank * d(p.tokenRank) + prefillPerTokenMaxRank * d(p.tokens) * d(maxRank)
        + decodePerRequest * d(dc.requests) + decodePerContextToken * d(dc.context)
        + decodePerTokenRank * d(dc.tokenRank) + decodePerRequestMaxRank * d(dc.requests) * d(maxRank)
        + perAdapterRank * d(p.adapterRank + dc.adapterRank) + (p.loraRequests + dc.loraRequests > 0 ? loraBase : 0.0);
}

double CostModel::adapterLoadSeconds(int rank) const
{
    return loadBase + loadPerRank * static_cast<double>(rank);
}

double CostModel::adapterDiskReadSeconds(int rank) const
{
    return loadDiskBase + loadDiskPerRank * static_cast<double>(rank);
}

namespace {

// Keys a version-1 file may carry (the coefficients of that version).
const char* const kV1Keys[] = { "prefill_base", "prefill_per_request", "prefill_per_token", "prefill_per_token_rank",
    "decode_base", "decode_per_request", "decode_per_context_token", "decode_per_token_rank", "per_adapter_rank",
    "load_base", "load_per_rank" };

double nonNegative(JsonObjectReader& r, const char* key, double fallback)
{
    const double v = r.number(key, fallback);
    if (!std::isfinite(v) || v < 0)
        r.fail(r.pathOf(key), "must be a finite number >= 0");
    return v;
}

double positive(JsonObjectReader& r, const char* key, double fallback)
{
    const double v = r.number(key, fallback);
    if (!std::isfinite(v) || v <= 0)
        r.fail(r.pathOf(key), "must be a finite number > 0");
    return v;
}

nlohmann::ordered_json errorsToJson(const ErrorSummary& e)
{
    nlohmann::ordered_json j;
    j["on"] = e.on;
    j["rows"] = e.rows;
    auto put = [&](const char* key, double v) {
        j[key] = v < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(v);
    };
    put("throughput_mape_pct", e.throughputMape);
    put("avg_latency_mape_pct", e.latencyMape);
    put("avg_first_token_latency_mape_pct", e.firstTokenMape);
    put("avg_per_output_token_latency_mape_pct", e.perOutputTokenMape);
    put("avg_attainment_mae", e.attainmentMae);
    return j;
}

ErrorSummary errorsFromJson(const nlohmann::json& j, const std::string& path, const std::string& file)
{
    if (!j.is_object())
        throw InputError(path + ": expected an object", file, 0, path);
    JsonObjectReader r(j, path, file);
    ErrorSummary e;
    e.on = r.string("on", "");
    e.rows = static_cast<int>(r.integer("rows", 0));
    auto get = [&](const char* key) {
        if (!r.has(key) || r.raw(key).is_null())
            return -1.0;
        return nonNegative(r, key, -1);
    };
    e.throughputMape = get("throughput_mape_pct");
    e.latencyMape = get("avg_latency_mape_pct");
    e.firstTokenMape = get("avg_first_token_latency_mape_pct");
    e.perOutputTokenMape = get("avg_per_output_token_latency_mape_pct");
    e.attainmentMae = get("avg_attainment_mae");
    r.rejectUnknown();
    return e;
}

} // namespace

const std::vector<CostCoefficientInfo>& costCoefficientInfos()
{
    // The JSON keys of the coefficients, in file order. Version-1 files use the same keys at top level.
    static const std::vector<CostCoefficientInfo> infos = {
        { "prefill_base", &CostModel::prefillBase, "s per prefill pass" },
        { "prefill_per_request", &CostModel::prefillPerRequest, "s per request in a prefill pass" },
        { "prefill_per_token", &CostModel::prefillPerToken, "s per prompt token" },
        { "prefill_per_token_squared", &CostModel::prefillPerTokenSquared, "s per prompt token squared (attention)" },
        { "prefill_per_token_max_rank", &CostModel::prefillPerTokenMaxRank,
            "s per prompt token and unit of the batch's largest rank (LoRA kernels)" },
        { "prefill_per_token_rank", &CostModel::prefillPerTokenRank,
            "s per prompt token and unit of its own rank (version 1)" },
        { "decode_base", &CostModel::decodeBase, "s per decode pass" },
        { "decode_per_request", &CostModel::decodePerRequest, "s per request in a decode pass" },
        { "decode_per_context_token", &CostModel::decodePerContextToken, "s per context token read in a decode pass" },
        { "decode_per_request_max_rank", &CostModel::decodePerRequestMaxRank,
            "s per request and unit of the batch's largest rank in a decode pass (BGMV)" },
        { "decode_per_token_rank", &CostModel::decodePerTokenRank,
            "s per request and unit of its own rank in a decode pass (version 1)" },
        { "lora_base", &CostModel::loraBase, "s per pass that runs the LoRA kernels" },
        { "per_adapter_rank", &CostModel::perAdapterRank,
            "s per rank unit of each distinct adapter in a pass (version 1)" },
        { "load_base", &CostModel::loadBase, "s per adapter load" },
        { "load_per_rank", &CostModel::loadPerRank, "s per rank unit of a loaded adapter" },
        { "load_disk_base", &CostModel::loadDiskBase,
            "s per adapter read from disk (vLLM: not in the CPU LoRA cache)" },
        { "load_disk_per_rank", &CostModel::loadDiskPerRank, "s per rank unit of an adapter read from disk" },
        { "response_delay", &CostModel::responseDelay, "s from the engine to the client" },
    };
    return infos;
}

bool CostModel::sameTiming(const CostModel& o) const
{
    for (const CostCoefficientInfo& c : costCoefficientInfos())
        if (this->*c.member != o.*c.member)
            return false;
    return true;
}

EngineParameters genericEngineParameters()
{
    EngineParameters p;
    p.layerOverhead = 8e-4;
    p.loraOverheadRatio = 0.2;
    p.requestOverhead = 5e-5;
    p.kvEfficiency = 0.5;
    p.loraEfficiency = 0.3;
    p.prefillEfficiency = 0.5;
    p.prefillLoraEfficiency = 5;
    p.loadLayerOverhead = 1e-4;
    p.hostToDeviceEfficiency = 0.5;
    p.responseDelay = 0;
    p.diskSecondsPerGb = 0.5;
    p.diskLoadOverhead = 0.02;
    return p;
}

const std::vector<EngineParameterInfo>& engineParameterInfos()
{
    constexpr double kInf = std::numeric_limits<double>::infinity();
    static const std::vector<EngineParameterInfo> infos = {
        { "layer_overhead", &EngineParameters::layerOverhead, false, "s", kInf,
            "s per layer per forward pass (host-side kernel launches)" },
        { "lora_overhead_ratio", &EngineParameters::loraOverheadRatio, false, "", kInf,
            "host time of the LoRA kernels per pass, as a share of layer_overhead" },
        { "request_overhead", &EngineParameters::requestOverhead, false, "s", kInf,
            "s per request per pass (bookkeeping, sampling)" },
        { "kv_efficiency", &EngineParameters::kvEfficiency, true, "", 1.0,
            "share of memory bandwidth reading the KV cache (decode)" },
        { "lora_efficiency", &EngineParameters::loraEfficiency, true, "", kInf,
            "share of memory bandwidth of the decode BGMV kernels (per request x largest rank)" },
        { "prefill_efficiency", &EngineParameters::prefillEfficiency, true, "", 1.0,
            "share of fp16 peak in the prefill GEMMs and attention" },
        { "prefill_lora_efficiency", &EngineParameters::prefillLoraEfficiency, true, "", kInf,
            "effective bandwidth multiple of the prefill LoRA kernels" },
        { "load_layer_overhead", &EngineParameters::loadLayerOverhead, false, "s", kInf,
            "s per layer per adapter load" },
        { "host_to_device_efficiency", &EngineParameters::hostToDeviceEfficiency, true, "", 1.0,
            "share of host-to-device bandwidth loading adapters" },
        { "response_delay", &EngineParameters::responseDelay, false, "s", kInf,
            "s from engine to client (detokenisation, HTTP)" },
        { "disk_seconds_per_gb", &EngineParameters::diskSecondsPerGb, false, "s", kInf,
            "s per GB of adapter weights read from disk" },
        { "disk_load_overhead", &EngineParameters::diskLoadOverhead, false, "s", kInf,
            "s per adapter read from disk (open, parse, build tensors)" },
    };
    return infos;
}

CostModel deriveCostModel(const ModelSpec& m, const GpuSpec& g, const EngineParameters& p)
{
    CostModel c;
    c.gpu = g;
    c.model = m;
    c.hasParameters = true;
    c.parameters = p;
    const double layers = m.layers;
    // A physics term with an unknown GPU figure (0) is left out rather than made infinite.
    auto over = [](double num, double den) { return den > 0 ? num / den : 0.0; };
    const double weightRead = over(m.weightBytes(), g.memoryBandwidth); // every pass streams all weights once
    c.prefillBase = layers * p.layerOverhead + weightRead;
    c.decodeBase = layers * p.layerOverhead + weightRead;
    c.loraBase = layers * p.layerOverhead * p.loraOverheadRatio;
    c.prefillPerRequest = p.requestOverhead;
    c.decodePerRequest = p.requestOverhead + over(2.0 * m.params, g.fp16Flops); // one token's GEMM work at peak
    c.decodePerContextToken = over(m.kvBytesPerToken(), p.kvEfficiency * g.memoryBandwidth);
    c.decodePerRequestMaxRank = over(m.loraBytesPerRank(), p.loraEfficiency * g.memoryBandwidth);
    c.prefillPerToken = over(2.0 * m.params, p.prefillEfficiency * g.fp16Flops);
    c.prefillPerTokenSquared = over(2.0 * layers * m.hidden, p.prefillEfficiency * g.fp16Flops);
    c.prefillPerTokenMaxRank = over(m.loraBytesPerRank(), p.prefillLoraEfficiency * g.memoryBandwidth);
    c.loadBase = layers * p.loadLayerOverhead;
    c.loadPerRank = over(2.0 * m.loraBytesPerRank(), p.hostToDeviceEfficiency * g.hostToDevice);
    c.loadDiskBase = p.diskLoadOverhead;
    c.loadDiskPerRank = m.loraBytesPerRank() * p.diskSecondsPerGb / 1e9; // one copy of A and B per rank unit
    c.responseDelay = p.responseDelay;
    return c;
}

const GpuSpec* findGpu(const std::string& name)
{
    // Spec-sheet figures: memory bandwidth, dense fp16 tensor throughput, PCIe 4.0 x16 (pinned copies).
    static const std::vector<std::pair<std::string, GpuSpec>> gpus = {
        { "a10g", { "NVIDIA A10G", 600e9, 125e12, 25e9, 24e9 } },
        { "a100-40g", { "NVIDIA A100-40GB SXM", 1555e9, 312e12, 25e9, 40e9 } },
        { "a100-80g", { "NVIDIA A100-80GB SXM", 2039e9, 312e12, 25e9, 80e9 } },
        // MareNostrum 5's accelerated nodes (BSC): H100 SXM with 64 GB of HBM2, PCIe 5.0 x16.
        { "h100-64g", { "NVIDIA H100 64GB SXM", 1.64e12, 989e12, 50e9, 64.0 * 1073741824.0 } },
    };
    for (const auto& [key, gpu] : gpus)
        if (key == name)
            return &gpu;
    return nullptr;
}

const ModelSpec* findModel(const std::string& name)
{
    static const std::vector<ModelSpec> models = {
        { "llama-7b", 6.74e9, 32, 4096, 4096 }, { "llama-13b", 13.0e9, 40, 5120, 5120 },
        { "llama-30b", 32.5e9, 60, 6656, 6656 }, { "llama-2-70b", 69.0e9, 80, 8192, 1024 },
        { "llama-3.1-8b", 8.03e9, 32, 4096, 1024 }, // 8 KV heads of 128
        { "qwen-2.5-7b", 7.62e9, 28, 3584, 512 }, // 4 KV heads of 128
    };
    for (const auto& m : models)
        if (m.name == name)
            return &m;
    return nullptr;
}

std::vector<std::string> gpuNames()
{
    return { "a10g", "a100-40g", "a100-80g", "h100-64g" };
}
std::vector<std::string> modelNames()
{
    return { "llama-7b", "llama-13b", "llama-30b", "llama-2-70b", "llama-3.1-8b", "qwen-2.5-7b" };
}

const CostModel* findCostModel(const std::string& name)
{
    for (const CostModel& c : costModelPresets())
        if (c.name == name)
            return &c;
    return nullptr;
}

namespace {

nlohmann::ordered_json toOrderedJson(const CostModel& m)
{
    nlohmann::ordered_json j;
    j["schemaVersion"] = kCostModelSchemaVersion;
    j["name"] = m.name;
    j["description"] = m.description;
    auto& co = j["coefficients"] = nlohmann::ordered_json::object();
    for (const CostCoefficientInfo& c : costCoefficientInfos())
        co[c.key] = m.*c.member;
    if (!m.gpu.name.empty() || m.gpu.memoryBandwidth > 0)
        j["gpu"] = { { "name", m.gpu.name }, { "memory_bandwidth", m.gpu.memoryBandwidth },
            { "fp16_flops", m.gpu.fp16Flops }, { "host_to_device", m.gpu.hostToDevice },
            { "memory_bytes", m.gpu.memoryBytes } };
    if (!m.model.name.empty() || m.model.params > 0)
        j["model"] = { { "name", m.model.name }, { "params", m.model.params }, { "layers", m.model.layers },
            { "hidden", m.model.hidden }, { "kv_hidden", m.model.kvHidden } };
    if (m.hasParameters) {
        auto& p = j["parameters"] = nlohmann::ordered_json::object();
        for (const auto& info : engineParameterInfos())
            p[info.key] = m.parameters.*info.member;
    }
    const CostProvenance& pv = m.provenance;
    auto& pj = j["provenance"] = nlohmann::ordered_json::object();
    pj["method"] = pv.method;
    pj["calibrated_on"] = pv.calibratedOn;
    pj["fit_error"] = errorsToJson(pv.fit);
    pj["validation_error"] = errorsToJson(pv.validation);
    pj["created"] = pv.created;
    pj["tool_version"] = pv.toolVersion;
    const ValidityRange& v = m.validity;
    j["validity"] = { { "max_input_len", v.maxInputLen }, { "max_output_len", v.maxOutputLen },
        { "max_rank", v.maxRank }, { "min_total_tokens", v.minTotalTokens }, { "max_total_tokens", v.maxTotalTokens },
        { "max_overload", v.maxOverload }, { "policies", v.policies } };
    return j;
}

} // namespace

nlohmann::json costModelToJsonObject(const CostModel& model)
{
    return nlohmann::json(toOrderedJson(model));
}

// ordered_json keeps the documented key order in files; nlohmann::json would sort the keys.
std::string costModelToJson(const CostModel& model)
{
    return toOrderedJson(model).dump(2);
}

namespace {

/// One owner for the timing: the coefficients (what simulate and the server use). `parameters`
/// describe where they came from (calibrate --start starts from them), so they must give the same
/// coefficients with the file's model and GPU; a model whose two halves say different things is
/// refused naming both fields, never read with one half silently ignored.
void checkParametersAgree(const CostModel& c, JsonObjectReader& r, const std::string& file)
{
    if (!c.hasParameters)
        return;
    const std::string pathOfParameters = r.pathOf("parameters");
    if (!(c.model.layers > 0 && c.model.params > 0 && c.gpu.memoryBandwidth > 0 && c.gpu.fp16Flops > 0))
        throw InputError(pathOfParameters
                + ": engine parameters need the \"model\" and \"gpu\" they are derived with (layers, params, "
                  "memory_bandwidth, fp16_flops); give them, or leave \"parameters\" out and keep the coefficients "
                  "alone",
            file, 0, pathOfParameters);
    const CostModel derived = deriveCostModel(c.model, c.gpu, c.parameters);
    for (const CostCoefficientInfo& co : costCoefficientInfos()) {
        const double given = c.*co.member, implied = derived.*co.member;
        // Files LoraScope writes hold both exactly (shortest round-trip numbers); 1e-9 relative
        // (and 1e-15 s absolute) leaves room for a hand-edited copy with a few digits less.
        if (std::abs(given - implied) <= 1e-9 * std::max(std::abs(given), std::abs(implied)) + 1e-15)
            continue;
        const std::string field = r.pathOf("coefficients") + "." + co.key;
        throw InputError(field + " is " + formatNumber(given) + ", but " + pathOfParameters + " give "
                + formatNumber(implied)
                + " with this model and GPU: the model would time passes with the coefficients while calibrate --start "
                  "starts from the "
                  "parameters. Make them agree (remove \"parameters\" to keep the coefficients, or recompute the "
                  "coefficients from the "
                  "parameters)",
            file, 0, field);
    }
}

} // namespace

CostModel costModelFromJsonObject(
    const nlohmann::json& j, const std::string& path, const std::string& file, bool presetByName)
{
    if (!j.is_object())
        throw InputError((path.empty() ? std::string("a cost model") : path) + " must be a JSON object", file, 1, path);
    JsonObjectReader r(j, path, file);
    CostModel c;
    // A version-2 object (coefficients in their own object) without its schemaVersion would be
    // read as version 1 and fail on "coefficients: unknown field": name the missing field instead.
    if (!r.has("schemaVersion") && (r.has("coefficients") || r.has("parameters")))
        r.fail(r.pathOf("schemaVersion"),
            std::string("missing: a cost model with \"") + (r.has("coefficients") ? "coefficients" : "parameters")
                + "\" is version 2; add \"schemaVersion\": 2 (a version-1 model lists its coefficients at the top "
                  "level)");
    const std::int64_t version = r.integer("schemaVersion", 1);
    if (version < 1 || version > kCostModelSchemaVersion)
        r.fail(r.pathOf("schemaVersion"),
            "unsupported cost model version " + std::to_string(version) + " (this LoraScope reads 1.."
                + std::to_string(kCostModelSchemaVersion) + ")");
    c.name = r.string("name", file.empty() ? std::string("custom") : std::filesystem::path(file).stem().string());
    if (version == 1) {
        if (presetByName) {
            if (const CostModel* preset = findCostModel(c.name)) {
                // Read (and check) the copied coefficients, then use the preset they stood for.
                for (const char* key : kV1Keys)
                    (void)nonNegative(r, key, 0);
                (void)r.string("description", "");
                r.rejectUnknown();
                return *preset;
            }
        }
        c.description = r.string("description", "user cost model" + (file.empty() ? std::string() : " from " + file));
        for (const CostCoefficientInfo& co : costCoefficientInfos()) {
            bool v1 = false;
            for (const char* key : kV1Keys)
                v1 = v1 || std::string(key) == co.key;
            if (v1)
                c.*co.member = nonNegative(r, co.key, 0);
        }
        r.rejectUnknown();
        return c;
    }
    c.description = r.string("description", "");
    if (!r.has("coefficients"))
        r.fail(r.pathOf("coefficients"), "missing (a version-2 cost model needs its coefficients)");
    {
        const auto& cj = r.raw("coefficients");
        if (!cj.is_object())
            r.fail(r.pathOf("coefficients"), "expected an object");
        JsonObjectReader cr(cj, r.pathOf("coefficients"), file);
        for (const CostCoefficientInfo& co : costCoefficientInfos())
            c.*co.member = nonNegative(cr, co.key, 0);
        cr.rejectUnknown();
    }
    if (r.has("gpu")) {
        const auto& gj = r.raw("gpu");
        if (!gj.is_object())
            r.fail(r.pathOf("gpu"), "expected an object");
        JsonObjectReader gr(gj, r.pathOf("gpu"), file);
        c.gpu.name = gr.string("name", "");
        c.gpu.memoryBandwidth = nonNegative(gr, "memory_bandwidth", 0);
        c.gpu.fp16Flops = nonNegative(gr, "fp16_flops", 0);
        c.gpu.hostToDevice = nonNegative(gr, "host_to_device", 0);
        c.gpu.memoryBytes = nonNegative(gr, "memory_bytes", 0);
        gr.rejectUnknown();
    }
    if (r.has("model")) {
        const auto& mj = r.raw("model");
        if (!mj.is_object())
            r.fail(r.pathOf("model"), "expected an object");
        JsonObjectReader mr(mj, r.pathOf("model"), file);
        c.model.name = mr.string("name", "");
        c.model.params = nonNegative(mr, "params", 0);
        c.model.layers = static_cast<int>(std::clamp<std::int64_t>(mr.integer("layers", 0), 0, 100000));
        c.model.hidden = static_cast<int>(std::clamp<std::int64_t>(mr.integer("hidden", 0), 0, 10000000));
        c.model.kvHidden
            = static_cast<int>(std::clamp<std::int64_t>(mr.integer("kv_hidden", c.model.hidden), 0, 10000000));
        mr.rejectUnknown();
    }
    if (r.has("parameters")) {
        const auto& pj = r.raw("parameters");
        if (!pj.is_object())
            r.fail(r.pathOf("parameters"), "expected an object");
        JsonObjectReader pr(pj, r.pathOf("parameters"), file);
        c.hasParameters = true;
        for (const auto& info : engineParameterInfos())
            if (pr.has(info.key))
                c.parameters.*info.member = info.efficiency ? positive(pr, info.key, 1) : nonNegative(pr, info.key, 0);
        pr.rejectUnknown();
    }
    checkParametersAgree(c, r, file);
    if (r.has("provenance")) {
        const auto& pj = r.raw("provenance");
        if (!pj.is_object())
            r.fail(r.pathOf("provenance"), "expected an object");
        JsonObjectReader pr(pj, r.pathOf("provenance"), file);
        c.provenance.method = pr.string("method", "");
        if (pr.has("calibrated_on")) {
            const auto& on = pr.raw("calibrated_on");
            if (!on.is_array())
                pr.fail(pr.pathOf("calibrated_on"), "expected an array of strings");
            for (const auto& s : on) {
                if (!s.is_string())
                    pr.fail(pr.pathOf("calibrated_on"), "expected an array of strings");
                c.provenance.calibratedOn.push_back(s.get<std::string>());
            }
        }
        if (pr.has("fit_error"))
            c.provenance.fit = errorsFromJson(pr.raw("fit_error"), pr.pathOf("fit_error"), file);
        if (pr.has("validation_error"))
            c.provenance.validation = errorsFromJson(pr.raw("validation_error"), pr.pathOf("validation_error"), file);
        c.provenance.created = pr.string("created", "");
        c.provenance.toolVersion = pr.string("tool_version", "");
        pr.rejectUnknown();
    }
    if (r.has("validity")) {
        const auto& vj = r.raw("validity");
        if (!vj.is_object())
            r.fail(r.pathOf("validity"), "expected an object");
        JsonObjectReader vr(vj, r.pathOf("validity"), file);
        ValidityRange& v = c.validity;
        v.maxInputLen = std::max<std::int64_t>(0, vr.integer("max_input_len", 0));
        v.maxOutputLen = std::max<std::int64_t>(0, vr.integer("max_output_len", 0));
        v.maxRank = static_cast<int>(std::clamp<std::int64_t>(vr.integer("max_rank", 0), 0, 1 << 20));
        v.minTotalTokens = std::max<std::int64_t>(0, vr.integer("min_total_tokens", 0));
        v.maxTotalTokens = std::max<std::int64_t>(0, vr.integer("max_total_tokens", 0));
        v.maxOverload = nonNegative(vr, "max_overload", 0);
        if (vr.has("policies")) {
            const auto& ps = vr.raw("policies");
            if (!ps.is_array())
                vr.fail(vr.pathOf("policies"), "expected an array of policy names");
            for (const auto& s : ps) {
                if (!s.is_string())
                    vr.fail(vr.pathOf("policies"), "expected an array of policy names");
                v.policies.push_back(s.get<std::string>());
            }
        }
        vr.rejectUnknown();
    }
    r.rejectUnknown();
    return c;
}

CostModel loadCostModel(const std::string& nameOrFile)
{
    if (const CostModel* preset = findCostModel(nameOrFile))
        return *preset;
    std::error_code ec;
    if (!std::filesystem::exists(nameOrFile, ec)) {
        std::string names;
        for (const CostModel& c : costModelPresets())
            names += (names.empty() ? "" : ", ") + c.name;
        throw InputError("unknown cost model '" + nameOrFile + "': not a preset (" + names + ") nor a readable file",
            {}, 0, "cost-model");
    }
    const nlohmann::json j = readJsonFile(nameOrFile, "cost model file");
    if (!j.is_object())
        throw InputError("a cost model file must hold one JSON object", nameOrFile, 1, {});
    return costModelFromJsonObject(j, "", nameOrFile);
}

void saveCostModel(const CostModel& model, const std::string& path)
{
    const std::string text = costModelToJson(model);
    writeFileAtomically(path, [&](std::ostream& out) { out << text << '\n'; });
}

std::string provenanceSummary(const CostModel& m)
{
    auto pct = [](double v) {
        char buf[32];
        std::snprintf(buf, sizeof buf, v < 10 ? "%.1f" : "%.0f", v);
        return std::string(buf);
    };
    std::string out;
    if (!m.provenance.calibratedOn.empty()) {
        // "S-LoRA's published NVIDIA A10G runs: file (4 runs), ..." → the part before the file list.
        std::string what = m.provenance.calibratedOn.front();
        if (const auto colon = what.find(": "); colon != std::string::npos)
            what.resize(colon);
        else if (m.provenance.calibratedOn.size() > 1)
            what += " and " + std::to_string(m.provenance.calibratedOn.size() - 1) + " more";
        out = "calibrated on " + what;
        if (m.provenance.fit.measured())
            out += " (" + std::to_string(m.provenance.fit.rows) + " runs)";
    } else if (!m.provenance.method.empty()) {
        out = "calibrated by " + m.provenance.method;
    } else
        out = "not calibrated (no measurement behind these coefficients)";
    const ErrorSummary& v = m.provenance.validation;
    if (v.measured()) {
        out += "; validated on " + std::to_string(v.rows) + " runs:";
        std::string sep = " ";
        if (v.throughputMape >= 0) {
            out += sep + "throughput ±" + pct(v.throughputMape) + " %";
            sep = ", ";
        }
        if (v.latencyMape >= 0) {
            out += sep + "latency ±" + pct(v.latencyMape) + " %";
            sep = ", ";
        }
        if (v.firstTokenMape >= 0) {
            out += sep + "first token ±" + pct(v.firstTokenMape) + " %";
            sep = ", ";
        }
        if (v.perOutputTokenMape >= 0) {
            out += sep + "TPOT ±" + pct(v.perOutputTokenMape) + " %";
            sep = ", ";
        }
        if (v.attainmentMae >= 0)
            out += sep + "attainment ±" + pct(100 * v.attainmentMae) + " points";
    } else if (m.provenance.fit.measured()) {
        out += "; not validated out of sample (fit error: latency ±" + pct(std::max(0.0, m.provenance.fit.latencyMape))
            + " %)";
    } else {
        out += "; not validated";
    }
    return out;
}

} // namespace lorascope
