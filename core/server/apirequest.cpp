// SPDX-License-Identifier: Apache-2.0
// Request bodies of the generation APIs, checked field by field. Defaults are the servers' own (S-LoRA max_new_tokens
// 16, TGI 20, SGLang 128, OpenAI 16); a field that is present must have the documented type, and counts must be in
// range — otherwise 400 with the field's path.

#include "server/apirequest.h"

#include "server/tokenwords.h"
#include "util/jsonread.h"

#include "formats/traceio.h"

#include <nlohmann/json.hpp>

#include <limits>

namespace lorascope {

using nlohmann::json;

Endpoint endpointOf(std::string_view target)
{
    if (auto q = target.find('?'); q != std::string_view::npos)
        target = target.substr(0, q);
    if (target == "/health")
        return Endpoint::Health;
    if (target == "/v1/models")
        return Endpoint::Models;
    if (target == "/metrics")
        return Endpoint::Metrics;
    if (target == "/v1/completions")
        return Endpoint::Completions;
    if (target == "/v1/chat/completions")
        return Endpoint::ChatCompletions;
    if (target == "/generate")
        return Endpoint::SgLangGenerate;
    if (target == "/generate_stream")
        return Endpoint::GenerateStream;
    if (target == "/v1/load_lora_adapter")
        return Endpoint::VllmLoadLora;
    if (target == "/v1/unload_lora_adapter")
        return Endpoint::VllmUnloadLora;
    if (target == "/load_lora_adapter")
        return Endpoint::SglangLoadLora;
    if (target == "/unload_lora_adapter")
        return Endpoint::SglangUnloadLora;
    return Endpoint::None;
}

bool endpointIsLoraUpdate(Endpoint endpoint)
{
    return endpoint == Endpoint::VllmLoadLora || endpoint == Endpoint::VllmUnloadLora
        || endpoint == Endpoint::SglangLoadLora || endpoint == Endpoint::SglangUnloadLora;
}

bool endpointIsPost(Endpoint endpoint)
{
    switch (endpoint) {
    case Endpoint::Completions:
    case Endpoint::ChatCompletions:
    case Endpoint::SgLangGenerate:
    case Endpoint::GenerateStream:
        return true;
    default:
        return endpointIsLoraUpdate(endpoint);
    }
}

int rankInName(std::string_view name)
{
    static constexpr std::string_view kKey = "rank-";
    for (std::size_t at = name.find(kKey); at != std::string_view::npos; at = name.find(kKey, at + 1)) {
        std::size_t i = at + kKey.size();
        if (i >= name.size() || name[i] < '0' || name[i] > '9')
            continue;
        std::int64_t v = 0;
        for (; i < name.size() && name[i] >= '0' && name[i] <= '9'; ++i) {
            v = v * 10 + (name[i] - '0');
            if (v > std::numeric_limits<int>::max())
                return 0; // far out of range: the caller refuses it
        }
        return int(v);
    }
    return -1;
}

std::optional<int> RankTable::rankOf(const std::string& adapter) const
{
    if (auto it = explicitRanks.find(adapter); it != explicitRanks.end())
        return it->second;
    const int fromName = rankInName(adapter);
    if (fromName < 0)
        return defaultRank;
    if (fromName < kMinRank || fromName > kMaxRank)
        return std::nullopt;
    return fromName;
}

std::uint32_t countPromptTokens(std::string_view text)
{
    std::uint64_t n = 0;
    bool inWord = false;
    for (char c : text) {
        const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
        if (!space && !inWord)
            ++n;
        inWord = !space;
    }
    return std::uint32_t(std::min<std::uint64_t>(n, std::numeric_limits<std::uint32_t>::max()));
}

namespace {

// A field check failed: carries the 400 out of the nested readers below.
struct Refuse {
    std::string field;
    std::string message;
};

[[noreturn]] void refuse(const std::string& field, const std::string& what)
{
    throw Refuse { field, field + ": " + what };
}

// A short rendering of a bad value for messages (never the whole of a large value).
std::string shown(const json& v)
{
    std::string s = v.is_string() ? "a string" : v.is_array() ? "an array" : v.is_object() ? "an object" : v.dump();
    if (s.size() > 40)
        s = s.substr(0, 40) + "…";
    return s;
}

const json* member(const json& obj, const char* key)
{
    auto it = obj.find(key);
    return it == obj.end() || it->is_null() ? nullptr : &*it;
}

// An optional object member (absent or null → nullptr).
const json* objectField(const json& obj, const char* key, const std::string& path)
{
    const json* v = member(obj, key);
    if (v && !v->is_object())
        refuse(path, "must be a JSON object (got " + shown(*v) + ")");
    return v;
}

std::optional<std::string> stringField(const json& obj, const char* key, const std::string& path)
{
    const json* v = member(obj, key);
    if (!v)
        return std::nullopt;
    if (!v->is_string())
        refuse(path, "must be a string (got " + shown(*v) + ")");
    return v->get<std::string>();
}

void boolField(const json& obj, const char* key, const std::string& path)
{
    const json* v = member(obj, key);
    if (v && !v->is_boolean())
        refuse(path, "must be true or false (got " + shown(*v) + ")");
}

void numberField(const json& obj, const char* key, const std::string& path)
{
    const json* v = member(obj, key);
    if (v && !v->is_number())
        refuse(path, "must be a number (got " + shown(*v) + ")");
}

// An optional integer member in [lo, hi]; `fallback` when absent or null.
std::int64_t integerField(
    const json& obj, const char* key, const std::string& path, std::int64_t lo, std::int64_t hi, std::int64_t fallback)
{
    const json* v = member(obj, key);
    if (!v)
        return fallback;
    const std::string range = "must be an integer between " + std::to_string(lo) + " and " + std::to_string(hi);
    if (v->is_number_unsigned()) {
        const auto u = v->get<std::uint64_t>();
        if (u > std::uint64_t(hi) || std::int64_t(u) < lo)
            refuse(path, range + " (got " + std::to_string(u) + ")");
        return std::int64_t(u);
    }
    if (v->is_number_integer()) {
        const auto i = v->get<std::int64_t>();
        if (i < lo || i > hi)
            refuse(path, range + " (got " + std::to_string(i) + ")");
        return i;
    }
    refuse(path, range + " (got " + shown(*v) + ")");
}

std::uint32_t maxTokensField(const json& obj, const char* key, const std::string& path, std::uint32_t fallback)
{
    return std::uint32_t(integerField(obj, key, path, 1, kMaxGenerationTokens, fallback));
}

// "stream" must be the boolean true: serve-sim answers only with a stream.
void requireStream(const json& body)
{
    auto it = body.find("stream");
    if (it == body.end() || it->is_null())
        refuse("stream", "serve-sim only streams: set \"stream\": true");
    if (!it->is_boolean())
        refuse("stream", "must be true or false (got " + shown(*it) + ")");
    if (!it->get<bool>())
        refuse("stream", "serve-sim only streams: set \"stream\": true");
}

std::string adapterName(const std::string& name, const std::string& path)
{
    if (name.empty())
        refuse(path, "must not be empty");
    if (name.size() > kMaxAdapterNameBytes)
        refuse(path, "longer than " + std::to_string(kMaxAdapterNameBytes) + " bytes");
    for (unsigned char c : name)
        if (c < 0x20 || c == 0x7f)
            refuse(path, "contains a control character");
    return name;
}

// The tokens of a prompt text: counted, and keyed for the prefix cache when `keys` is given.
std::uint32_t textTokens(std::string_view text, std::vector<std::uint64_t>* keys)
{
    if (keys)
        appendWordTokens(text, *keys);
    return countPromptTokens(text);
}

// A list of token ids (OpenAI and SGLang accept ids instead of text): each a non-negative integer.
std::uint32_t tokenIds(const json& ids, const std::string& path, std::vector<std::uint64_t>* keys)
{
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (!ids[i].is_number_integer() || ids[i].get<std::int64_t>() < 0)
            refuse(path + "[" + std::to_string(i) + "]",
                "a token id must be a non-negative integer (got " + shown(ids[i]) + ")");
    if (keys)
        for (const json& id : ids)
            keys->push_back(tokenIdToken(id.get<std::uint64_t>()));
    return std::uint32_t(std::min<std::size_t>(ids.size(), std::numeric_limits<std::uint32_t>::max()));
}

// OpenAI completions `prompt`: a string, a list of token ids, or a batch of one of those (serve-sim serves one
// completion per request).
std::uint32_t completionPrompt(const json& body, std::vector<std::uint64_t>* keys)
{
    auto it = body.find("prompt");
    if (it == body.end() || it->is_null())
        refuse("prompt", "missing (a string or a list of token ids)");
    const json& p = *it;
    if (p.is_string())
        return textTokens(p.get_ref<const std::string&>(), keys);
    if (!p.is_array())
        refuse("prompt", "must be a string or a list of token ids (got " + shown(p) + ")");
    if (p.empty())
        refuse("prompt", "must not be empty");
    if (p[0].is_string() || p[0].is_array()) {
        if (p.size() != 1)
            refuse(
                "prompt", "serve-sim takes one prompt per request (got a batch of " + std::to_string(p.size()) + ")");
        if (p[0].is_string())
            return textTokens(p[0].get_ref<const std::string&>(), keys);
        return tokenIds(p[0], "prompt[0]", keys);
    }
    return tokenIds(p, "prompt", keys);
}

// OpenAI chat `messages`: objects with a string role and a content that is a string, null, or a list of parts ({"type":
// "text", "text": ...} counted; other part types carry no text).
// The contents are keyed in message order (serve-sim applies no chat template: docs/servesim.md).
std::uint32_t chatPrompt(const json& body, std::vector<std::uint64_t>* keys)
{
    auto it = body.find("messages");
    if (it == body.end() || it->is_null())
        refuse("messages", "missing (a list of {\"role\", \"content\"} objects)");
    if (!it->is_array())
        refuse("messages", "must be a list of {\"role\", \"content\"} objects (got " + shown(*it) + ")");
    if (it->empty())
        refuse("messages", "must not be empty");
    std::uint64_t tokens = 0;
    for (std::size_t i = 0; i < it->size(); ++i) {
        const json& m = (*it)[i];
        const std::string path = "messages[" + std::to_string(i) + "]";
        if (!m.is_object())
            refuse(path, "must be an object with \"role\" and \"content\" (got " + shown(m) + ")");
        if (!stringField(m, "role", path + ".role"))
            refuse(path + ".role", "missing");
        auto c = m.find("content");
        if (c == m.end() || c->is_null())
            continue;
        if (c->is_string()) {
            tokens += textTokens(c->get_ref<const std::string&>(), keys);
        } else if (c->is_array()) {
            for (std::size_t k = 0; k < c->size(); ++k) {
                const json& part = (*c)[k];
                const std::string pp = path + ".content[" + std::to_string(k) + "]";
                if (!part.is_object())
                    refuse(pp, "must be an object with \"type\" (got " + shown(part) + ")");
                const auto type = stringField(part, "type", pp + ".type");
                if (!type)
                    refuse(pp + ".type", "missing");
                if (*type == "text") {
                    const auto text = stringField(part, "text", pp + ".text");
                    if (!text)
                        refuse(pp + ".text", "missing");
                    tokens += textTokens(*text, keys);
                }
            }
        } else {
            refuse(path + ".content", "must be a string, null or a list of parts (got " + shown(*c) + ")");
        }
    }
    return std::uint32_t(std::min<std::uint64_t>(tokens, std::numeric_limits<std::uint32_t>::max()));
}

void resolveAdapter(ApiRequest& r, const ApiContext& ctx, const std::string& path)
{
    if (r.adapter.empty())
        return;
    r.adapter = adapterName(r.adapter, path);
    const auto rank = ctx.ranks.rankOf(r.adapter);
    if (!rank)
        refuse(path,
            "the adapter name says rank " + std::to_string(rankInName(r.adapter)) + ", outside "
                + std::to_string(kMinRank) + ".." + std::to_string(kMaxRank));
    r.rank = *rank;
}

ApiRequest parseBody(Endpoint endpoint, const json& body, const ApiContext& ctx)
{
    ApiRequest r;
    r.keyed = ctx.keyPrompts;
    std::vector<std::uint64_t>* keys = r.keyed ? &r.promptKey : nullptr;
    switch (endpoint) {
    case Endpoint::GenerateStream: {
        // S-LoRA's body names model_dir / lora_dir; TGI and LoRAX put the adapter in parameters.
        const bool slora = body.contains("model_dir") || body.contains("lora_dir");
        r.wire = slora ? Backend::SLora : Backend::Tgi;
        const auto inputs = stringField(body, "inputs", "inputs");
        if (!inputs)
            refuse("inputs", "missing (the prompt text)");
        r.promptTokens = textTokens(*inputs, keys);
        const json* params = objectField(body, "parameters", "parameters");
        static const json kEmpty = json::object();
        const json& p = params ? *params : kEmpty;
        r.maxNewTokens = maxTokensField(p, "max_new_tokens", "parameters.max_new_tokens", slora ? 16 : 20);
        boolField(p, "do_sample", "parameters.do_sample");
        boolField(p, "ignore_eos", "parameters.ignore_eos");
        boolField(p, "details", "parameters.details");
        numberField(p, "temperature", "parameters.temperature");
        numberField(p, "top_p", "parameters.top_p");
        if (slora) {
            r.model = stringField(body, "model_dir", "model_dir").value_or(std::string());
            r.adapter = stringField(body, "lora_dir", "lora_dir").value_or(std::string());
            resolveAdapter(r, ctx, "lora_dir");
        } else {
            r.model = "tgi";
            r.adapter = stringField(p, "adapter_id", "parameters.adapter_id").value_or(std::string());
            resolveAdapter(r, ctx, "parameters.adapter_id");
        }
        break;
    }
    case Endpoint::SgLangGenerate: {
        r.wire = Backend::SgLang;
        const json* text = member(body, "text");
        const json* ids = member(body, "input_ids");
        if (text) {
            if (text->is_string())
                r.promptTokens = textTokens(text->get_ref<const std::string&>(), keys);
            else if (text->is_array() && text->size() == 1 && (*text)[0].is_string())
                r.promptTokens = textTokens((*text)[0].get_ref<const std::string&>(), keys);
            else
                refuse("text", "must be a string (got " + shown(*text) + ")");
        } else if (ids) {
            if (!ids->is_array())
                refuse("input_ids", "must be a list of token ids (got " + shown(*ids) + ")");
            r.promptTokens = tokenIds(*ids, "input_ids", keys);
        } else {
            refuse("text", "missing (the prompt text, or input_ids)");
        }
        const json* sp = objectField(body, "sampling_params", "sampling_params");
        static const json kEmpty = json::object();
        const json& p = sp ? *sp : kEmpty;
        r.maxNewTokens = maxTokensField(p, "max_new_tokens", "sampling_params.max_new_tokens", 128);
        boolField(p, "ignore_eos", "sampling_params.ignore_eos");
        numberField(p, "temperature", "sampling_params.temperature");
        r.adapter = stringField(body, "lora_path", "lora_path").value_or(std::string());
        resolveAdapter(r, ctx, "lora_path");
        requireStream(body);
        break;
    }
    case Endpoint::Completions:
    case Endpoint::ChatCompletions: {
        const bool chat = endpoint == Endpoint::ChatCompletions;
        r.wire = chat ? Backend::OpenAiChat : Backend::OpenAiCompletions;
        r.model = stringField(body, "model", "model").value_or(ctx.baseModel);
        if (r.model != ctx.baseModel) {
            // SGLang's spelling "base:adapter" names the adapter too.
            const std::string prefix = ctx.baseModel + ":";
            r.adapter = r.model.compare(0, prefix.size(), prefix) == 0 && r.model.size() > prefix.size()
                ? r.model.substr(prefix.size())
                : r.model;
            resolveAdapter(r, ctx, "model");
        }
        r.promptTokens = chat ? chatPrompt(body, keys) : completionPrompt(body, keys);
        std::uint32_t maxTokens = maxTokensField(body, "max_tokens", "max_tokens", 16);
        if (chat)
            maxTokens = maxTokensField(body, "max_completion_tokens", "max_completion_tokens", maxTokens);
        r.maxNewTokens = maxTokens;
        requireStream(body);
        if (const json* so = objectField(body, "stream_options", "stream_options"))
            boolField(*so, "include_usage", "stream_options.include_usage");
        boolField(body, "ignore_eos", "ignore_eos");
        numberField(body, "temperature", "temperature");
        numberField(body, "top_p", "top_p");
        if (const json* n = member(body, "n"); n && !(n->is_number_integer() && n->get<std::int64_t>() == 1))
            refuse("n", "serve-sim generates one completion per request: n must be 1 (got " + shown(*n) + ")");
        break;
    }
    default:
        refuse("", "not a generation endpoint");
    }
    return r;
}

} // namespace

ApiParse parseApiRequest(Endpoint endpoint, std::string_view text, const ApiContext& context)
{
    ApiParse out;
    if (jsonDepth(text, kMaxRequestJsonDepth) > kMaxRequestJsonDepth) {
        out.error
            = { 400, {}, "request body nests JSON deeper than " + std::to_string(kMaxRequestJsonDepth) + " levels" };
        return out;
    }
    const json body = json::parse(text.begin(), text.end(), nullptr, false);
    if (body.is_discarded()) {
        out.error = { 400, {},
            text.empty() ? "request body is empty (expected a JSON object)" : "request body is not valid JSON" };
        return out;
    }
    if (!body.is_object()) {
        out.error = { 400, {}, "request body must be a JSON object" };
        return out;
    }
    try {
        out.request = parseBody(endpoint, body, context);
    } catch (const Refuse& r) {
        out.error = { 400, r.field, r.message };
    }
    return out;
}

} // namespace lorascope
