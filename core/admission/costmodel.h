#pragma once
// Cost model of the admission preview (SPEC §2.4): seconds for one forward pass as documented affine
// functions of the batch shape, plus the cost of loading an adapter. Presets and their sources are
// documented in docs/admission.md; users can load their own coefficients from a JSON file.

#include <cstdint>
#include <string>
#include <vector>

namespace lorascope {

/// What a forward pass processed; the input of the cost model.
struct BatchShape {
    std::int64_t requests = 0; ///< requests in the forward pass
    std::int64_t tokens = 0; ///< new tokens computed: Σ input (prefill) or one per request (decode)
    std::int64_t context = 0; ///< Σ KV tokens attended to (decode: Σ input + generated so far)
    std::int64_t tokenRank = 0; ///< Σ over requests of new tokens · LoRA rank
    std::int64_t adapterRank = 0; ///< Σ rank over the distinct adapters of the batch (weights read)
};

/// Affine cost model. Every coefficient is in seconds per unit.
struct CostModel {
    std::string name;
    std::string description; ///< model, GPU and where the numbers come from
    // prefill = prefillBase + prefillPerRequest·requests + prefillPerToken·tokens
    //         + prefillPerTokenRank·tokenRank + perAdapterRank·adapterRank
    double prefillBase = 0;
    double prefillPerRequest = 0;
    double prefillPerToken = 0;
    double prefillPerTokenRank = 0;
    // decode = decodeBase + decodePerRequest·requests + decodePerContextToken·context
    //        + decodePerTokenRank·tokenRank + perAdapterRank·adapterRank
    double decodeBase = 0;
    double decodePerRequest = 0;
    double decodePerContextToken = 0;
    double decodePerTokenRank = 0;
    double perAdapterRank = 0; ///< reading one rank-unit of adapter weights once per forward pass
    // load(adapter) = loadBase + loadPerRank·rank (host → GPU copy)
    double loadBase = 0;
    double loadPerRank = 0;

    double prefillSeconds(const BatchShape& batch) const;
    double decodeSeconds(const BatchShape& batch) const;
    double adapterLoadSeconds(int rank) const;

    bool operator==(const CostModel&) const = default;
};

/// The named presets (llama-7b-a10g, llama-7b-a100-80g, llama-13b-a100-80g, ...).
const std::vector<CostModel>& costModelPresets();
/// Preset by name; nullptr if unknown.
const CostModel* findCostModel(const std::string& name);
/// A preset name or a JSON file with the coefficient fields (missing fields = 0; unknown fields are
/// errors). Throws InputError naming the file and field.
CostModel loadCostModel(const std::string& nameOrFile);
/// The coefficients as JSON text (the format loadCostModel reads).
std::string costModelToJson(const CostModel& model);

} // namespace lorascope
