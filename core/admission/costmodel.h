// SPDX-License-Identifier: Apache-2.0
#pragma once
// Cost model of the admission preview (docs/admission.md, Time): seconds for one forward pass as documented
// functions of the batch shape, plus the cost of loading an adapter. Version 2 builds every term
// from what S-LoRA's engine does (docs/admission.md, "Cost model", term by term) and carries its
// GPU/model description, its provenance (what it was calibrated on) and its measured validation
// error. The shipped presets are calibrated against S-LoRA's published GPU runs (core/calibrate/).

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace lorascope {

inline constexpr int kCostModelSchemaVersion = 2;

/// What a forward pass processed; the input of the cost model.
struct BatchShape {
    std::int64_t requests = 0; ///< requests in the forward pass
    std::int64_t tokens = 0; ///< new tokens computed: Σ input (prefill) or one per request (decode)
    std::int64_t context = 0; ///< Σ KV tokens attended to (decode: Σ input + generated so far)
    std::int64_t tokenRank = 0; ///< Σ over requests of new tokens · LoRA rank
    std::int64_t adapterRank = 0; ///< Σ rank over the distinct adapters of the batch (weights read)
    std::int64_t tokenSquared = 0; ///< Σ over requests of new tokens² (prefill attention over the prompt)
    std::int64_t loraRequests = 0; ///< requests that use an adapter (S-LoRA then runs its LoRA kernels)
    std::int64_t maxRank = 0; ///< largest rank among them (S-LoRA sizes its BGMV kernel grids by it)
};

/// A GPU as the cost model's physical derivation needs it.
struct GpuSpec {
    std::string name; ///< e.g. "NVIDIA A10G"
    double memoryBandwidth = 0; ///< bytes/s (spec sheet)
    double fp16Flops = 0; ///< dense fp16 tensor FLOP/s (spec sheet)
    double hostToDevice = 0; ///< pinned host → device copy, bytes/s
    double memoryBytes = 0; ///< device memory
    bool operator==(const GpuSpec&) const = default;
};

/// A decoder-only transformer as the derivation needs it (fp16 weights, multi-head attention).
struct ModelSpec {
    std::string name; ///< e.g. "llama-7b"
    double params = 0; ///< parameter count
    int layers = 0;
    int hidden = 0;
    int kvHidden = 0; ///< K (and V) width per layer; = hidden without grouped-query attention
    double weightBytes() const { return 2.0 * params; }
    /// K and V of one token over all layers (fp16).
    double kvBytesPerToken() const { return 4.0 * layers * kvHidden; }
    /// One rank unit of a LoRA adapter on q, k, v, o: A (hidden) and B (hidden) per projection, fp16.
    double loraBytesPerRank() const { return 16.0 * layers * hidden; }
    bool operator==(const ModelSpec&) const = default;
};

/// The physical parameters a calibration fits (all ≥ 0). deriveCostModel() turns them, with a GPU
/// and a model, into the seconds-per-unit coefficients; docs/admission.md gives each formula.
struct EngineParameters {
    double layerOverhead = 0; ///< s per layer per forward pass: host-side launch of S-LoRA's per-layer kernels
    double loraOverheadRatio = 0; ///< extra host time of a pass that runs the LoRA kernels, as a share of layerOverhead
    double requestOverhead = 0; ///< s per request per pass: per-request Python bookkeeping and sampling
    double kvEfficiency = 1; ///< fraction of the memory bandwidth reached reading the KV cache in decode
    double loraEfficiency
        = 1; ///< fraction of the bandwidth reached by the decode BGMV kernels (per request × largest rank)
    double prefillEfficiency = 1; ///< fraction of fp16 peak reached by the prefill GEMMs and attention
    double prefillLoraEfficiency
        = 1; ///< effective bandwidth multiple of the prefill LoRA kernels (per token × largest rank)
    double loadLayerOverhead = 0; ///< s per layer per adapter load (two host → device copies and scatters a layer)
    double hostToDeviceEfficiency = 1; ///< fraction of the host → device bandwidth reached loading adapters
    double responseDelay = 0; ///< s from a token leaving the engine to the client (detokenise, HTTP); client view only
    /// s to read one GB of adapter weights from disk into host memory (vLLM: an adapter not in its
    /// CPU LoRA cache). Generic estimate 0.5 s/GB (2 GB/s NVMe), not measured.
    double diskSecondsPerGb = 0.5;
    /// s per adapter read from disk besides the bytes: open, parse the checkpoint, build the
    /// adapter's tensors in Python. Generic estimate 20 ms, not measured.
    double diskLoadOverhead = 0.02;
    bool operator==(const EngineParameters&) const = default;
};

/// The documented starting point of calibrations (and the parameters of a model with no measurement
/// behind it): 0.8 ms per layer and pass, LoRA overhead 20 %, 50 µs per request, half of the memory
/// bandwidth for the KV cache and of fp16 peak for prefill, 30 % for the BGMV kernels, 0.1 ms per
/// layer and half of PCIe for adapter loads, 0.5 s/GB and 20 ms per adapter read from disk.
EngineParameters genericEngineParameters();

/// Metadata of one parameter of EngineParameters (for the fit, the file and the docs).
struct EngineParameterInfo {
    const char* key; ///< JSON key, e.g. "layer_overhead"
    double EngineParameters::*member;
    bool efficiency; ///< a share of a peak figure: it divides, so it must be > 0
    const char* unit; ///< "s", or "" for a dimensionless ratio
    double upper; ///< physical upper bound (1 for a share of a peak figure; +inf otherwise)
    const char* meaning;
};
const std::vector<EngineParameterInfo>& engineParameterInfos();

/// Errors of a cost model against measurements (MAPE in %, attainment as mean absolute error).
struct ErrorSummary {
    std::string on; ///< what it was measured on, e.g. "38 S-LoRA A10G rows (cv, num_adapters, abort)"
    int rows = 0;
    double throughputMape = -1; ///< -1 = not measured
    double latencyMape = -1;
    double firstTokenMape = -1;
    double perOutputTokenMape = -1;
    double attainmentMae = -1;
    bool measured() const { return rows > 0; }
    bool operator==(const ErrorSummary&) const = default;
};

/// Where a cost model comes from.
struct CostProvenance {
    std::string method; ///< e.g. "lorascope-cli calibrate, Nelder-Mead, S-LoRA engine in the loop"
    std::vector<std::string> calibratedOn; ///< sources (files with their origin)
    ErrorSummary fit; ///< in-sample error
    ErrorSummary validation; ///< out-of-sample error
    std::string created; ///< ISO date
    std::string toolVersion;
    bool operator==(const CostProvenance&) const = default;
};

/// The workload region the model was calibrated and validated on (inputs of the validity warnings).
struct ValidityRange {
    std::int64_t maxInputLen = 0; ///< longest prompt in the validation traces (0 = unknown)
    std::int64_t maxOutputLen = 0;
    int maxRank = 0; ///< largest LoRA rank
    std::int64_t minTotalTokens = 0, maxTotalTokens = 0; ///< max_total_token_num range
    double maxOverload = 0; ///< largest offered load / modelled capacity among the runs (0 = unknown)
    std::vector<std::string> policies; ///< policies validated (slora, slora-abort)
    bool operator==(const ValidityRange&) const = default;
};

/// Seconds per forward pass. Every coefficient is in seconds per unit.
struct CostModel {
    std::string name;
    std::string description; ///< model, GPU and where the numbers come from
    // prefill = prefillBase + prefillPerRequest·requests + prefillPerToken·Σ input + prefillPerTokenSquared·Σ input²
    //         + prefillPerTokenMaxRank·Σ input·max rank + prefillPerTokenRank·Σ input·rank + [LoRA] loraBase
    double prefillBase = 0;
    double prefillPerRequest = 0;
    double prefillPerToken = 0;
    double prefillPerTokenSquared = 0;
    double prefillPerTokenRank = 0; ///< × Σ input·own rank (version 1; 0 in derived models)
    double prefillPerTokenMaxRank = 0; ///< × Σ input · the batch's largest rank (S-LoRA's kernel grids)
    // decode = decodeBase + decodePerRequest·requests + decodePerContextToken·Σ context
    //        + decodePerRequestMaxRank·requests·max rank + decodePerTokenRank·Σ rank + [LoRA] loraBase
    double decodeBase = 0;
    double decodePerRequest = 0;
    double decodePerContextToken = 0;
    double decodePerTokenRank = 0; ///< × Σ own rank (version 1; 0 in derived models)
    double decodePerRequestMaxRank = 0; ///< × requests · the batch's largest rank (BGMV grids)
    double loraBase = 0; ///< added to a pass with at least one adapter request (LoRA kernels launched)
    double perAdapterRank = 0; ///< version 1 only: per distinct adapter rank in a pass (0 in v2 models)
    // load(adapter) = loadBase + loadPerRank·rank (added to the pass that loads it; from host memory)
    double loadBase = 0;
    double loadPerRank = 0;
    // from disk: + loadDiskBase + loadDiskPerRank·rank (vLLM: not in the CPU LoRA cache either)
    double loadDiskBase = 0;
    double loadDiskPerRank = 0;
    /// Time from the engine to the client (detokenisation, HTTP); not part of a pass. Previews add it
    /// to the first and last token a client sees.
    double responseDelay = 0;

    // Description (not used for timing).
    GpuSpec gpu;
    ModelSpec model;
    bool hasParameters = false; ///< `parameters` below derived the coefficients
    EngineParameters parameters;
    CostProvenance provenance;
    ValidityRange validity;

    double prefillSeconds(const BatchShape& batch) const;
    double decodeSeconds(const BatchShape& batch) const;
    /// One forward pass over prefill chunks and decodes (vLLM V1): the per-pass base once (the
    /// larger of prefill_base and decode_base), the prefill terms of `prefill` and the decode terms
    /// of `decode`, lora_base once if either has an adapter request, per_adapter_rank for both.
    /// Equals prefillSeconds(prefill) when `decode` is empty and decodeSeconds(decode) when
    /// `prefill` is empty (docs/admission.md, "Mixed passes").
    double mixedSeconds(const BatchShape& prefill, const BatchShape& decode) const;
    /// Copy of an adapter's weights from host memory to the GPU.
    double adapterLoadSeconds(int rank) const;
    /// Read of an adapter's weights from disk into host memory (then adapterLoadSeconds to the GPU).
    double adapterDiskReadSeconds(int rank) const;

    /// True when the coefficients equal (timing only; description ignored).
    bool sameTiming(const CostModel& other) const;
    bool operator==(const CostModel&) const = default;
};

/// Metadata of one coefficient of CostModel (JSON key, member, meaning).
struct CostCoefficientInfo {
    const char* key; ///< e.g. "decode_per_context_token"
    double CostModel::*member;
    const char* meaning;
};
/// Every timing coefficient, in file order.
const std::vector<CostCoefficientInfo>& costCoefficientInfos();

/// The coefficients of `parameters` for `model` on `gpu` (formulas in docs/admission.md).
CostModel deriveCostModel(const ModelSpec& model, const GpuSpec& gpu, const EngineParameters& parameters);

/// Known GPUs and models by short name ("a10g", "a100-80g", "a100-40g"; "llama-7b", "llama-13b").
const GpuSpec* findGpu(const std::string& name);
const ModelSpec* findModel(const std::string& name);
std::vector<std::string> gpuNames();
std::vector<std::string> modelNames();

/// The named presets (llama-7b-a10g, llama-7b-a100-80g, llama-13b-a100-80g, llama-13b-a100-40g),
/// calibrated on S-LoRA's published runs; the first is the default.
const std::vector<CostModel>& costModelPresets();
/// Preset by name; nullptr if unknown.
const CostModel* findCostModel(const std::string& name);
/// A preset name or a cost-model file (version 2, or a version-1 object of coefficients). Throws
/// InputError naming the file and field.
CostModel loadCostModel(const std::string& nameOrFile);
/// The model as a version-2 JSON document (the format loadCostModel reads).
std::string costModelToJson(const CostModel& model);
nlohmann::json costModelToJsonObject(const CostModel& model);
/// Reads a cost-model JSON object (version 2, or version 1: flat coefficients, missing = 0).
/// `path` prefixes field names in errors (e.g. "admission.cost_model"). A version-1 object named
/// after a preset reads as that preset when `presetByName` is set (old sessions carried a copy of
/// the preset's coefficients; the preset is what they meant).
CostModel costModelFromJsonObject(
    const nlohmann::json& json, const std::string& path, const std::string& file, bool presetByName = false);
/// Writes the model atomically (temporary file + rename).
void saveCostModel(const CostModel& model, const std::string& path);

/// One line for the UI: "calibrated on S-LoRA A10G runs; validated on 38 rows: throughput ±2.1 %, latency ±7 %".
std::string provenanceSummary(const CostModel& model);

} // namespace lorascope
