// SPDX-License-Identifier: Apache-2.0
#pragma once
// The generation APIs the simulated server speaks, read from a request's path and JSON body: which backend's wire
// format, which adapter, how many prompt tokens, how many to generate. Every field the server uses is checked for type
// and range; a bad one is a 400 naming the field (as vLLM, TGI and S-LoRA refuse them), never a silent default or a
// wrap at 2^32. Plain C++ (no networking), so the fuzzer and the tests call it directly.

#include "api/backend.h"
#include "api/errors.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lorascope {

/// The server's endpoints.
enum class Endpoint {
    None, ///< unknown path (404)
    Health, ///< GET /health
    Models, ///< GET /v1/models
    Metrics, ///< GET /metrics (Prometheus text exposition)
    Completions, ///< POST /v1/completions
    ChatCompletions, ///< POST /v1/chat/completions
    SgLangGenerate, ///< POST /generate
    GenerateStream, ///< POST /generate_stream (S-LoRA when the body has model_dir/lora_dir, else TGI/LoRAX)
    VllmLoadLora, ///< POST /v1/load_lora_adapter (vLLM)
    VllmUnloadLora, ///< POST /v1/unload_lora_adapter (vLLM)
    SglangLoadLora, ///< POST /load_lora_adapter (SGLang)
    SglangUnloadLora, ///< POST /unload_lora_adapter (SGLang)
};
/// The load and unload routes.
bool endpointIsLoraUpdate(Endpoint endpoint);

/// The endpoint of a request target ("/v1/completions?x=1" → Completions); the query is ignored.
Endpoint endpointOf(std::string_view target);
/// True for the endpoints that take a POST with a JSON body; the others take GET (or HEAD).
bool endpointIsPost(Endpoint endpoint);

/// Limits on what one request may ask for.
constexpr std::uint32_t kMaxGenerationTokens = 1u << 20; ///< max_tokens / max_new_tokens above this: 400
constexpr std::size_t kMaxAdapterNameBytes = 4096; ///< adapter (model) names longer than a path: 400
constexpr int kMaxRequestJsonDepth = 32; ///< request bodies nested deeper than this: 400 (none needs more than 4)
constexpr int kMinRank = 1,
              kMaxRank = 65536; ///< LoRA ranks the server accepts (as `simulate --ranks`)

/// How adapter names map to LoRA ranks: an explicit table first, then S-LoRA's naming
/// (`rank-(\d+)` in the name, e.g. dummy-lora-13b-rank-64-0 → 64), then a default.
struct RankTable {
    std::map<std::string, int> explicitRanks;
    int defaultRank = 16;
    /// The rank of `adapter`; nullopt when the name carries a rank outside [kMinRank, kMaxRank].
    std::optional<int> rankOf(const std::string& adapter) const;
};

/// The rank that S-LoRA's naming puts in an adapter name (`rank-(\d+)`, first match): -1 when there is none, 0 when the
/// digits are out of int range (never throws).
int rankInName(std::string_view name);

/// What the server needs from one generation request.
struct ApiRequest {
    Backend wire = Backend::SLora; ///< wire format of the response stream
    std::string model; ///< echoed in OpenAI chunks; S-LoRA's model_dir
    std::string adapter; ///< empty = the base model
    int rank = 0; ///< LoRA rank of `adapter` (0 for the base model)
    std::uint32_t promptTokens = 0; ///< whitespace-separated words (or token ids when given as ids)
    std::uint32_t maxNewTokens = 0; ///< 1..kMaxGenerationTokens
    /// The prompt's tokens for the prefix cache (server/tokenwords.h), one per counted token; filled only
    /// when ApiContext::keyPrompts (`keyed`), else empty.
    std::vector<std::uint64_t> promptKey;
    bool keyed = false;
};

/// Why a request is refused before it reaches the engine.
struct ApiError {
    int status = 400;
    std::string field; ///< the body field at fault ("max_tokens", "messages[2].content"), empty if none
    std::string message; ///< complete sentence for the error body
};

/// Either a request or the reason it is refused.
struct ApiParse {
    std::optional<ApiRequest> request;
    ApiError error; ///< meaningful when `request` is empty
};

/// What the parser needs to know about the server.
struct ApiContext {
    std::string baseModel = "base"; ///< OpenAI "model" naming the base model (any other name is an adapter)
    RankTable ranks;
    /// Key every prompt's tokens (ApiRequest::promptKey): the policy has a prefix cache.
    bool keyPrompts = false;
};

/// Reads the JSON `body` of a POST to a generation endpoint. Never throws.
ApiParse parseApiRequest(Endpoint endpoint, std::string_view body, const ApiContext& context);

/// Counts the tokens of a prompt the way the simulated server does: whitespace-separated words (so S-LoRA's synthetic
/// "Hello " × n counts as n). Saturates at 2^32 − 1.
std::uint32_t countPromptTokens(std::string_view text);

} // namespace lorascope
