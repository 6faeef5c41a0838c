// SPDX-License-Identifier: Apache-2.0
#pragma once
// The LoRA adapters a simulated server has loaded, and the routes that change or list them:
// GET /v1/models, vLLM's /v1/load_lora_adapter and /v1/unload_lora_adapter, SGLang's
// /load_lora_adapter and /unload_lora_adapter, and the answer a server gives to a request for an
// adapter it has not loaded — each in its server's own shapes and words (docs/servesim.md,
// Adapters). The registry is thread-safe (connection threads read and change it); the answers are
// plain functions of it, so the tests call them without a network.

#include "server/apirequest.h"
#include "server/serverkind.h"

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lorascope {

/// Which adapters the server serves. Open: every adapter name is served (S-LoRA, which reads each
/// adapter from disk as requests name it; vLLM with a LoRA resolver) and is listed from its first
/// request on. Closed: only the adapters loaded at start or through the load routes.
class AdapterRegistry {
public:
    /// serve-sim's own bounds, whatever the server: at most kMaxAdapters adapters (an open registry
    /// forgets the least recently used name past it; the load routes refuse), names of at most
    /// kMaxNameBytes and paths of at most kMaxPathBytes (PATH_MAX), neither with a control character.
    static constexpr std::size_t kMaxAdapters = 16384;
    static constexpr std::size_t kMaxNameBytes = 256;
    static constexpr std::size_t kMaxPathBytes = 4096;
    /// Why `text` cannot be an adapter name or path (`what` names the field): too long or a control
    /// character. Empty when it can.
    static std::string textError(const std::string& text, const char* what, std::size_t maxBytes);
    enum class Load { Loaded, Exists, Full };

    /// `maxLoaded` > 0: loading one more unloads the least recently used unpinned adapter (SGLang's
    /// --max-loaded-loras); 0 = no limit.
    explicit AdapterRegistry(bool open, std::size_t maxLoaded = 0);

    bool open() const { return m_open; }
    /// A request names `adapter`: whether it is served. Marks it as just used (SGLang's LRU order);
    /// an open registry records a new name (not one textError() refuses: not served).
    bool use(const std::string& adapter);
    /// Loads `name` (from `path`): Exists if it is loaded already, Full at kMaxAdapters. `evicted`
    /// gets the adapters unloaded to stay within maxLoaded.
    Load load(
        const std::string& name, const std::string& path, bool pinned, std::vector<std::string>* evicted = nullptr);
    /// Unloads `name`; false if it is not loaded.
    bool unload(const std::string& name);
    bool has(const std::string& name) const;
    std::size_t size() const;
    std::size_t pinnedCount() const;
    /// (name, path) in load order (vLLM's lora_requests, /v1/models).
    std::vector<std::pair<std::string, std::string>> loaded() const;
    /// Names from least to most recently used (SGLang's registry order).
    std::vector<std::string> byRecency() const;

private:
    struct Entry {
        std::string name, path;
        bool pinned = false;
        std::uint64_t loadedAt = 0, usedAt = 0;
    };
    Entry* find(const std::string& name);
    const Entry* find(const std::string& name) const;

    const bool m_open;
    const std::size_t m_maxLoaded;
    mutable std::mutex m_mutex;
    std::unordered_map<std::string, Entry> m_entries; ///< by name: a request's lookup is not a scan
    std::uint64_t m_clock = 0;
};

/// A complete answer of a route that does not stream tokens.
struct RouteAnswer {
    int status = 200;
    std::string contentType = "application/json";
    std::string body;
};

/// What the routes need to know about the server.
struct AdapterRoutesContext {
    ServerKind server = ServerKind::SLora;
    std::string baseModel;
    std::int64_t maxModelLen = 0; ///< /v1/models' max_model_len (0 = null)
    int maxLoraRank = 0; ///< adapters of a larger rank cannot be loaded (0 = no limit)
    /// SGLang's --max-loaded-loras: a load past it is refused in SGLang's words (0 = no limit but
    /// AdapterRegistry::kMaxAdapters).
    std::size_t maxLoadedLoras = 0;
    /// SGLang's --max-loras-per-batch: at most that minus one adapters are pinned (0 = no pinning rule).
    std::size_t maxLorasPerBatch = 0;
    const RankTable* ranks = nullptr;
};

/// GET /v1/models: the base model, then every loaded adapter (vLLM's ModelList; owned_by "sglang"
/// when serving for SGLang).
RouteAnswer modelsAnswer(const AdapterRegistry& registry, const AdapterRoutesContext& context);

/// POST to a load or unload route (Endpoint::VllmLoadLora ... SglangUnloadLora).
RouteAnswer loraUpdateAnswer(
    Endpoint endpoint, std::string_view body, AdapterRegistry& registry, const AdapterRoutesContext& context);

/// The answer to a generation request for an adapter the server has not loaded: vLLM's 404 "The
/// model `x` does not exist." on the OpenAI routes; SGLang's error event and [DONE] in a 200 stream
/// on /generate (and on the OpenAI routes under the sglang policy); serve-sim's 404 elsewhere.
RouteAnswer unknownAdapterAnswer(
    const ApiRequest& request, Endpoint endpoint, const AdapterRegistry& registry, const AdapterRoutesContext& context);

} // namespace lorascope
