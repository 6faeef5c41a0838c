// SPDX-License-Identifier: Apache-2.0
#include "api/models.h"

#include "formats/traceio.h"
#include "util/jsonread.h"

#include <nlohmann/json.hpp>

namespace lorascope {

namespace {

// vLLM's ModelPermission with its defaults (the id is a fixed one here: no randomness in answers).
void appendPermission(std::string& out, std::int64_t created)
{
    out += "[{\"id\":\"modelperm-serve-sim\",\"object\":\"model_permission\",\"created\":";
    out += std::to_string(created);
    out += ",\"allow_create_engine\":false,\"allow_sampling\":true,\"allow_logprobs\":true,"
           "\"allow_search_indices\":false,\"allow_view\":true,\"allow_fine_tuning\":false,"
           "\"organization\":\"*\",\"group\":null,\"is_blocking\":false}]";
}

} // namespace

std::string modelListBody(
    const std::vector<ModelCard>& cards, const std::string& ownedBy, std::int64_t maxModelLen, std::int64_t created)
{
    std::string out = "{\"object\":\"list\",\"data\":[";
    bool first = true;
    for (const auto& c : cards) {
        if (!first)
            out += ',';
        first = false;
        out += "{\"id\":";
        appendJsonString(out, c.id);
        out += ",\"object\":\"model\",\"created\":" + std::to_string(created) + ",\"owned_by\":";
        appendJsonString(out, ownedBy);
        out += ",\"root\":";
        appendJsonString(out, c.root.empty() ? c.id : c.root);
        out += ",\"parent\":";
        if (c.parent.empty())
            out += "null";
        else
            appendJsonString(out, c.parent);
        out += ",\"max_model_len\":";
        out += c.parent.empty() && maxModelLen > 0 ? std::to_string(maxModelLen) : std::string("null");
        out += ",\"permission\":";
        appendPermission(out, created);
        out += '}';
    }
    out += "]}";
    return out;
}

LoraUpdateRequest parseLoraUpdate(std::string_view text)
{
    using nlohmann::json;
    LoraUpdateRequest r;
    if (jsonDepth(text, 32) > 32) {
        r.error = "request body nests JSON deeper than 32 levels";
        return r;
    }
    const json body = json::parse(text.begin(), text.end(), nullptr, false);
    if (body.is_discarded() || !body.is_object()) {
        r.error
            = text.empty() ? "request body is empty (expected a JSON object)" : "request body must be a JSON object";
        return r;
    }
    auto str = [&](const char* key, std::string& into) {
        const auto it = body.find(key);
        if (it == body.end() || it->is_null())
            return true;
        if (!it->is_string()) {
            r.field = key;
            r.error = std::string(key) + ": must be a string (got " + jsonExcerpt(*it) + ")";
            return false;
        }
        into = it->get<std::string>();
        return true;
    };
    auto flag = [&](const char* key, bool& into) {
        const auto it = body.find(key);
        if (it == body.end() || it->is_null())
            return true;
        if (!it->is_boolean()) {
            r.field = key;
            r.error = std::string(key) + ": must be true or false (got " + jsonExcerpt(*it) + ")";
            return false;
        }
        into = it->get<bool>();
        return true;
    };
    if (!str("lora_name", r.name) || !str("lora_path", r.path) || !flag("load_inplace", r.loadInplace)
        || !flag("pinned", r.pinned))
        return r;
    return r;
}

std::string sglangLoraUpdateBody(
    bool success, const std::string& errorMessage, const std::vector<std::pair<std::string, std::string>>& loaded)
{
    std::string out = "{\"success\":";
    out += success ? "true" : "false";
    out += ",\"error_message\":";
    if (errorMessage.empty())
        out += "null";
    else
        appendJsonString(out, errorMessage);
    out += ",\"loaded_adapters\":{";
    bool first = true;
    for (const auto& [name, path] : loaded) {
        if (!first)
            out += ',';
        first = false;
        appendJsonString(out, name);
        out += ':';
        appendJsonString(out, path);
    }
    out += "}}";
    return out;
}

std::string pythonOdictKeys(const std::vector<std::string>& names)
{
    std::string out = "odict_keys([";
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i)
            out += ", ";
        out += '\'';
        for (char c : names[i]) {
            if (c == '\'' || c == '\\')
                out += '\\';
            out += c;
        }
        out += '\'';
    }
    out += "])";
    return out;
}

} // namespace lorascope
