// SPDX-License-Identifier: Apache-2.0
// Messages and statuses as the servers word them: vLLM's OpenAIServingModels
// (vllm/entrypoints/openai/models/serving.py at 00153c8) and its model check; SGLang's
// LoRARegistry and TokenizerManager (lora_registry.py, tokenizer_control_mixin.py) and its
// http_server.py stream errors.

#include "server/adapters.h"

#include "api/errors.h"
#include "api/models.h"

#include <algorithm>
#include <chrono>

namespace lorascope {

AdapterRegistry::AdapterRegistry(bool open, std::size_t maxLoaded)
    : m_open(open)
    , m_maxLoaded(maxLoaded)
{
}

std::string AdapterRegistry::textError(const std::string& text, const char* what, std::size_t maxBytes)
{
    if (text.size() > maxBytes)
        return std::string(what) + ": at most " + std::to_string(maxBytes) + " bytes (got "
            + std::to_string(text.size()) + ")";
    for (unsigned char c : text)
        if (c < 0x20 || c == 0x7f)
            return std::string(what) + ": must not contain a control character (byte " + std::to_string(int(c)) + ")";
    return {};
}

AdapterRegistry::Entry* AdapterRegistry::find(const std::string& name)
{
    const auto it = m_entries.find(name);
    return it == m_entries.end() ? nullptr : &it->second;
}

const AdapterRegistry::Entry* AdapterRegistry::find(const std::string& name) const
{
    const auto it = m_entries.find(name);
    return it == m_entries.end() ? nullptr : &it->second;
}

bool AdapterRegistry::use(const std::string& adapter)
{
    std::lock_guard lock(m_mutex);
    if (Entry* e = find(adapter)) {
        e->usedAt = ++m_clock;
        return true;
    }
    if (!m_open || !textError(adapter, "adapter", kMaxNameBytes).empty())
        return false;
    // Open: the adapter is served from now on and listed (a resolver loaded it): a registry of names only, the
    // kMaxAdapters most recently used.
    if (m_entries.size() >= kMaxAdapters) {
        auto lru = m_entries.end();
        for (auto it = m_entries.begin(); it != m_entries.end(); ++it)
            if (!it->second.pinned && (lru == m_entries.end() || it->second.usedAt < lru->second.usedAt))
                lru = it;
        if (lru == m_entries.end())
            return true; // every one pinned: served, not listed
        m_entries.erase(lru);
    }
    Entry e;
    e.name = adapter;
    e.path = adapter;
    e.loadedAt = e.usedAt = ++m_clock;
    m_entries.emplace(adapter, std::move(e));
    return true;
}

AdapterRegistry::Load AdapterRegistry::load(
    const std::string& name, const std::string& path, bool pinned, std::vector<std::string>* evicted)
{
    std::lock_guard lock(m_mutex);
    if (find(name))
        return Load::Exists;
    if (m_entries.size() >= kMaxAdapters && (m_maxLoaded == 0 || m_maxLoaded >= kMaxAdapters))
        return Load::Full;
    Entry e;
    e.name = name;
    e.path = path;
    e.pinned = pinned;
    e.loadedAt = e.usedAt = ++m_clock;
    m_entries.emplace(name, std::move(e));
    while (m_maxLoaded > 0 && m_entries.size() > m_maxLoaded) {
        auto lru = m_entries.end();
        for (auto it = m_entries.begin(); it != m_entries.end(); ++it)
            if (!it->second.pinned && it->first != name
                && (lru == m_entries.end() || it->second.usedAt < lru->second.usedAt))
                lru = it;
        if (lru == m_entries.end())
            break;
        if (evicted)
            evicted->push_back(lru->first);
        m_entries.erase(lru);
    }
    return Load::Loaded;
}

bool AdapterRegistry::unload(const std::string& name)
{
    std::lock_guard lock(m_mutex);
    return m_entries.erase(name) > 0;
}

std::size_t AdapterRegistry::size() const
{
    std::lock_guard lock(m_mutex);
    return m_entries.size();
}

std::size_t AdapterRegistry::pinnedCount() const
{
    std::lock_guard lock(m_mutex);
    std::size_t n = 0;
    for (const auto& [name, e] : m_entries)
        n += e.pinned ? 1 : 0;
    return n;
}

bool AdapterRegistry::has(const std::string& name) const
{
    std::lock_guard lock(m_mutex);
    return find(name) != nullptr;
}

std::vector<std::pair<std::string, std::string>> AdapterRegistry::loaded() const
{
    std::lock_guard lock(m_mutex);
    std::vector<const Entry*> order;
    for (const auto& [name, e] : m_entries)
        order.push_back(&e);
    std::sort(order.begin(), order.end(), [](const Entry* a, const Entry* b) { return a->loadedAt < b->loadedAt; });
    std::vector<std::pair<std::string, std::string>> out;
    for (const Entry* e : order)
        out.emplace_back(e->name, e->path);
    return out;
}

std::vector<std::string> AdapterRegistry::byRecency() const
{
    std::lock_guard lock(m_mutex);
    std::vector<const Entry*> order;
    for (const auto& [name, e] : m_entries)
        order.push_back(&e);
    std::sort(order.begin(), order.end(), [](const Entry* a, const Entry* b) { return a->usedAt < b->usedAt; });
    std::vector<std::string> out;
    for (const Entry* e : order)
        out.push_back(e->name);
    return out;
}

namespace {

std::int64_t unixSeconds()
{
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

RouteAnswer json(int status, std::string body)
{
    RouteAnswer a;
    a.status = status;
    a.body = std::move(body);
    return a;
}

RouteAnswer eventStream(const std::string& errorEvent)
{
    RouteAnswer a;
    a.contentType = "text/event-stream";
    a.body = "data: " + errorEvent + "\n\ndata: [DONE]\n\n";
    return a;
}

// vLLM answers its load and unload routes with plain text on success.
RouteAnswer text(std::string body)
{
    RouteAnswer a;
    a.contentType = "text/plain; charset=utf-8";
    a.body = std::move(body);
    return a;
}

std::string notLoadedMessage(const std::string& adapter, const AdapterRegistry& registry)
{
    return "The following requested LoRA adapters are not loaded: " + adapter
        + "\nLoaded adapters: " + pythonOdictKeys(registry.byRecency()) + ".";
}

// serve-sim's own bounds (AdapterRegistry): a name or path over them is refused before it is stored.
std::string boundsError(const LoraUpdateRequest& r)
{
    std::string why = AdapterRegistry::textError(r.name, "lora_name", AdapterRegistry::kMaxNameBytes);
    if (why.empty())
        why = AdapterRegistry::textError(r.path, "lora_path", AdapterRegistry::kMaxPathBytes);
    return why;
}

std::string fullMessage(const LoraUpdateRequest& r)
{
    return "Cannot load LoRA adapter " + r.name + ": serve-sim holds at most "
        + std::to_string(AdapterRegistry::kMaxAdapters) + " adapters; unload some before loading new ones.";
}

RouteAnswer vllmUpdate(bool load, const LoraUpdateRequest& r, AdapterRegistry& registry, const AdapterRoutesContext& c)
{
    if (!r.error.empty())
        return json(400, vllmErrorBody(400, "BadRequestError", r.error, r.field));
    if (!load) {
        if (r.name.empty())
            return json(400,
                vllmErrorBody(400, "InvalidUserInput", "'lora_name' needs to be provided to unload a LoRA adapter."));
        if (!registry.unload(r.name))
            return json(404, vllmErrorBody(404, "NotFoundError", "The lora adapter '" + r.name + "' cannot be found."));
        return text("Success: LoRA adapter '" + r.name + "' removed successfully.");
    }
    if (r.name.empty() || r.path.empty())
        return json(400, vllmErrorBody(400, "InvalidUserInput", "Both 'lora_name' and 'lora_path' must be provided."));
    if (const std::string why = boundsError(r); !why.empty())
        return json(400, vllmErrorBody(400, "InvalidUserInput", why));
    if (c.ranks && c.maxLoraRank > 0) {
        const auto rank = c.ranks->rankOf(r.name);
        if (rank && *rank > c.maxLoraRank) // vLLM's engine refuses it in add_lora: an internal error to the API
            return json(500,
                vllmErrorBody(500, "InternalServerError",
                    "LoRA rank " + std::to_string(*rank) + " is greater than max_lora_rank "
                        + std::to_string(c.maxLoraRank) + "."));
    }
    if (registry.has(r.name)) {
        if (!r.loadInplace)
            return json(400,
                vllmErrorBody(400, "InvalidUserInput",
                    "The lora adapter '" + r.name
                        + "' has already been loaded. If you want to load the adapter in place, set 'load_inplace' to "
                          "True."));
        registry.unload(r.name); // in place: the same name, new weights
    }
    if (registry.load(r.name, r.path, false) == AdapterRegistry::Load::Full)
        return json(400, vllmErrorBody(400, "InvalidUserInput", fullMessage(r)));
    return text("Success: LoRA adapter '" + r.name + "' added successfully.");
}

RouteAnswer sglangUpdate(
    bool load, const LoraUpdateRequest& r, AdapterRegistry& registry, const AdapterRoutesContext& c)
{
    auto failed = [&](const std::string& message) {
        return json(400, sglangLoraUpdateBody(false, message, registry.loaded()));
    };
    if (!r.error.empty())
        return failed(r.error);
    if (r.name.empty())
        return failed("lora_name: must be given");
    if (!load) {
        if (!registry.unload(r.name))
            return failed(
                "LoRA with name " + r.name + " does not exist. Loaded LoRAs: " + pythonOdictKeys(registry.byRecency()));
        return json(200, sglangLoraUpdateBody(true, {}, registry.loaded()));
    }
    if (r.path.empty())
        return failed("lora_path: must be given");
    if (const std::string why = boundsError(r); !why.empty())
        return failed(why);
    if (c.maxLoadedLoras > 0 && registry.size() >= c.maxLoadedLoras) // tokenizer_manager.py's check and words
        return failed("Cannot load LoRA adapter " + r.name + " at path " + r.path
            + ". Maximum number of loaded LoRA adapters is " + std::to_string(c.maxLoadedLoras)
            + ". Please unload some LoRA adapters before loading new ones.");
    if (registry.has(r.name))
        return failed("Failed to load LoRA adapter " + r.name + " because it is already loaded");
    if (c.ranks && c.maxLoraRank > 0) {
        const auto rank = c.ranks->rankOf(r.name);
        if (rank && *rank > c.maxLoraRank)
            return failed("LoRA adapter " + r.name + " with rank " + std::to_string(*rank)
                + " is incompatible with the current LoRA memory pool configuration. Please ensure that the LoRA "
                  "adapter's rank is within the configured `--max-lora-rank` and that the target modules are "
                  "included in `--lora-target-modules`.");
    }
    // lora_manager.py: pinned adapters never take every slot (unpinned adapters and the base model would starve).
    if (r.pinned && c.maxLorasPerBatch > 0 && registry.pinnedCount() + 1 >= c.maxLorasPerBatch)
        return failed("Failed to load LoRA adapter " + r.name
            + " as a pinned adapter. It is not allowed to pin all slots in the LoRA memory pool to avoid starvation "
              "for "
              "unpinned adapters and base models. Please increase your `--max-loras-per-batch` or load it as "
              "unpinned LoRA adapters.");
    if (registry.load(r.name, r.path, r.pinned) == AdapterRegistry::Load::Full)
        return failed(fullMessage(r));
    return json(200, sglangLoraUpdateBody(true, {}, registry.loaded()));
}

} // namespace

RouteAnswer modelsAnswer(const AdapterRegistry& registry, const AdapterRoutesContext& c)
{
    std::vector<ModelCard> cards;
    cards.push_back({ c.baseModel, c.baseModel, {} });
    for (const auto& [name, path] : registry.loaded())
        cards.push_back({ name, path, c.baseModel });
    return json(
        200, modelListBody(cards, c.server == ServerKind::Sglang ? "sglang" : "vllm", c.maxModelLen, unixSeconds()));
}

RouteAnswer loraUpdateAnswer(
    Endpoint e, std::string_view body, AdapterRegistry& registry, const AdapterRoutesContext& c)
{
    const LoraUpdateRequest r = parseLoraUpdate(body);
    switch (e) {
    case Endpoint::VllmLoadLora:
        return vllmUpdate(true, r, registry, c);
    case Endpoint::VllmUnloadLora:
        return vllmUpdate(false, r, registry, c);
    case Endpoint::SglangLoadLora:
        return sglangUpdate(true, r, registry, c);
    case Endpoint::SglangUnloadLora:
        return sglangUpdate(false, r, registry, c);
    default:
        return json(404, errorBody(404, "not a LoRA route"));
    }
}

RouteAnswer unknownAdapterAnswer(
    const ApiRequest& r, Endpoint e, const AdapterRegistry& registry, const AdapterRoutesContext& c)
{
    switch (e) {
    case Endpoint::SgLangGenerate:
        return eventStream(sglangErrorBody(notLoadedMessage(r.adapter, registry)));
    case Endpoint::Completions:
    case Endpoint::ChatCompletions:
        if (c.server == ServerKind::Sglang)
            return eventStream(sglangOpenAiErrorBody(400, "BadRequestError", notLoadedMessage(r.adapter, registry)));
        return json(404, vllmErrorBody(404, "NotFoundError", "The model `" + r.model + "` does not exist.", "model"));
    default: {
        const std::string field = r.wire == Backend::SLora ? "lora_dir" : "parameters.adapter_id";
        return json(404, errorBody(404, "adapter '" + r.adapter + "' is not loaded", field));
    }
    }
}

} // namespace lorascope
