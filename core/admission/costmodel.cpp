// Cost model presets: roofline estimates from published hardware and model figures (NOT measured
// on a GPU). docs/admission.md derives every number; the derivation is repeated here in short.
//
//   W  = fp16 weight bytes            (llama-7b: 6.74e9 params → 13.5e9 B; llama-13b: 13.0e9 → 26.0e9 B)
//   KV = K+V bytes per token          (2 · layers · hidden · 2 B: 7b 524,288 B; 13b 819,200 B)
//   LR = LoRA bytes per rank unit     (q,k,v,o A and B: 8 · hidden · layers · 2 B: 7b 2.10e6 B; 13b 3.28e6 B)
//   BW = memory bandwidth             (A10G 600 GB/s; A100-80G SXM 2039 GB/s), 80 % achieved
//   F  = dense fp16 tensor FLOP/s     (A10G 125e12; A100 312e12), 50 % achieved in prefill GEMMs
//   decodeBase = prefillBase = W / (0.8 BW)         one pass over the weights
//   decodePerRequest          = 2·params / F        the batch's GEMM work at peak (mostly overlapped)
//   decodePerContextToken     = KV / (0.8 BW)       reading the KV cache
//   perAdapterRank            = LR / (0.8 BW)       reading each distinct adapter's weights once
//   prefillPerToken           = 2·params / (0.5 F)
//   prefillPerTokenRank       = 2·LR/2 / (0.25 F)   LoRA GEMMs (S-LoRA's MBGMM kernels: 25 % assumed)
//   decodePerTokenRank        = 2·LR/2 / F
//   prefillPerRequest         = 1e-4 s              batch bookkeeping (estimate)
//   loadBase = 1e-3 s, loadPerRank = LR / 12 GB/s   host → GPU copy of a pageable adapter

#include "admission/costmodel.h"

#include "util/error.h"
#include "util/jsonread.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace lorascope {

double CostModel::prefillSeconds(const BatchShape& b) const
{
    return prefillBase + prefillPerRequest * static_cast<double>(b.requests) + prefillPerToken * static_cast<double>(b.tokens)
        + prefillPerTokenRank * static_cast<double>(b.tokenRank) + perAdapterRank * static_cast<double>(b.adapterRank);
}

double CostModel::decodeSeconds(const BatchShape& b) const
{
    return decodeBase + decodePerRequest * static_cast<double>(b.requests) + decodePerContextToken * static_cast<double>(b.context)
        + decodePerTokenRank * static_cast<double>(b.tokenRank) + perAdapterRank * static_cast<double>(b.adapterRank);
}

double CostModel::adapterLoadSeconds(int rank) const { return loadBase + loadPerRank * static_cast<double>(rank); }

namespace {

struct Hardware {
    const char* name;
    double bandwidth; // B/s
    double flops; // dense fp16 tensor FLOP/s
};
struct Model {
    const char* name;
    double params;
    int layers;
    int hidden;
};

CostModel derive(const Model& m, const Hardware& h, const std::string& description)
{
    const double weights = 2.0 * m.params;
    const double kv = 2.0 * m.layers * m.hidden * 2.0;
    const double loraPerRank = 8.0 * m.hidden * m.layers * 2.0;
    const double bw = 0.8 * h.bandwidth;
    CostModel c;
    c.name = std::string(m.name) + "-" + h.name;
    c.description = description;
    c.decodeBase = weights / bw;
    c.prefillBase = weights / bw;
    c.decodePerRequest = 2.0 * m.params / h.flops;
    c.decodePerContextToken = kv / bw;
    c.perAdapterRank = loraPerRank / bw;
    c.prefillPerToken = 2.0 * m.params / (0.5 * h.flops);
    c.prefillPerTokenRank = loraPerRank / (0.25 * h.flops); // 2 FLOP per parameter, LR/2 parameters per rank
    c.decodePerTokenRank = loraPerRank / h.flops;
    c.prefillPerRequest = 1e-4;
    c.loadBase = 1e-3;
    c.loadPerRank = loraPerRank / 12e9;
    return c;
}

std::vector<CostModel> makePresets()
{
    const Hardware a10g { "a10g", 600e9, 125e12 };
    const Hardware a100 { "a100-80g", 2039e9, 312e12 };
    const Model l7 { "llama-7b", 6.74e9, 32, 4096 };
    const Model l13 { "llama-13b", 13.0e9, 40, 5120 };
    const std::string how = "Roofline estimate from published specs (not measured): weights and KV read at 80 % of the "
                            "memory bandwidth, prefill GEMMs at 50 % of dense fp16 peak; see docs/admission.md.";
    return {
        derive(l7, a10g, "Llama-7B fp16 on NVIDIA A10G (24 GB, 600 GB/s, 125 TFLOP/s). " + how),
        derive(l7, a100, "Llama-7B fp16 on NVIDIA A100-80G SXM (2039 GB/s, 312 TFLOP/s). " + how),
        derive(l13, a100, "Llama-13B fp16 on NVIDIA A100-80G SXM (2039 GB/s, 312 TFLOP/s). " + how),
    };
}

struct Field {
    const char* key;
    double CostModel::*member;
};
const Field kFields[] = {
    { "prefill_base", &CostModel::prefillBase },
    { "prefill_per_request", &CostModel::prefillPerRequest },
    { "prefill_per_token", &CostModel::prefillPerToken },
    { "prefill_per_token_rank", &CostModel::prefillPerTokenRank },
    { "decode_base", &CostModel::decodeBase },
    { "decode_per_request", &CostModel::decodePerRequest },
    { "decode_per_context_token", &CostModel::decodePerContextToken },
    { "decode_per_token_rank", &CostModel::decodePerTokenRank },
    { "per_adapter_rank", &CostModel::perAdapterRank },
    { "load_base", &CostModel::loadBase },
    { "load_per_rank", &CostModel::loadPerRank },
};

} // namespace

const std::vector<CostModel>& costModelPresets()
{
    static const std::vector<CostModel> presets = makePresets();
    return presets;
}

const CostModel* findCostModel(const std::string& name)
{
    for (const CostModel& c : costModelPresets())
        if (c.name == name)
            return &c;
    return nullptr;
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
        throw InputError("unknown cost model '" + nameOrFile + "': not a preset (" + names + ") nor a readable file", {}, 0, "cost-model");
    }
    // The shared reader: a file (not a directory or device), nesting depth limited, syntax errors
    // with line and column.
    const nlohmann::json j = readJsonFile(nameOrFile, "cost model file");
    if (!j.is_object())
        throw InputError("a cost model file must hold one JSON object", nameOrFile, 1, {});
    JsonObjectReader r(j, {}, nameOrFile);
    CostModel c;
    c.name = r.string("name", std::filesystem::path(nameOrFile).stem().string());
    c.description = r.string("description", "user cost model from " + nameOrFile);
    for (const Field& f : kFields) {
        const double v = r.number(f.key, 0.0);
        if (!(v >= 0.0) || !std::isfinite(v))
            r.fail(r.pathOf(f.key), "must be a finite number >= 0 (seconds per unit)");
        c.*f.member = v;
    }
    r.rejectUnknown();
    return c;
}

std::string costModelToJson(const CostModel& model)
{
    nlohmann::ordered_json j;
    j["name"] = model.name;
    j["description"] = model.description;
    for (const Field& f : kFields)
        j[f.key] = model.*f.member;
    return j.dump(2);
}

} // namespace lorascope
