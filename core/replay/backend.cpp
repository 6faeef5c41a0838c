// SPDX-License-Identifier: Apache-2.0
#include "replay/backend.h"

#include "replay/eventscan.h"
#include "util/jsonread.h"

#include <nlohmann/json.hpp>

namespace lorascope {

namespace {

std::string truncated(const std::string& s)
{
    return s.size() > 120 ? s.substr(0, 120) + "..." : s;
}

std::int64_t intField(const nlohmann::json& j, const char* key)
{
    auto it = j.find(key);
    if (it != j.end() && it->is_number_integer())
        return it->get<std::int64_t>();
    return -1;
}

std::string errorText(const nlohmann::json& e)
{
    if (e.is_string())
        return e.get<std::string>();
    if (e.is_object()) {
        auto m = e.find("message");
        if (m != e.end() && m->is_string())
            return m->get<std::string>();
    }
    return e.dump();
}

} // namespace

// The backends' names (backendFromName, backendName, allBackends) live in api/backend.cpp, shared with serve-sim.

WireRequest buildWireRequest(Backend backend, const GenerationRequest& r)
{
    using nlohmann::json;
    json body;
    WireRequest w;
    switch (backend) {
    case Backend::SLora:
        w.path = "/generate_stream";
        body = { { "model_dir", r.baseModel }, { "lora_dir", r.adapter.empty() ? json(nullptr) : json(r.adapter) },
            { "inputs", r.prompt },
            { "parameters",
                { { "do_sample", false }, { "ignore_eos", true }, { "max_new_tokens", r.maxNewTokens } } } };
        break;
    case Backend::OpenAiCompletions:
    case Backend::OpenAiChat:
        w.path = backend == Backend::OpenAiChat ? "/v1/chat/completions" : "/v1/completions";
        body = { { "model", r.adapter.empty() ? r.baseModel : r.adapter }, { "max_tokens", r.maxNewTokens },
            { "stream", true }, { "stream_options", { { "include_usage", true } } }, { "ignore_eos", true },
            { "temperature", 0 } };
        if (backend == Backend::OpenAiChat) {
            if (r.messages.empty()) {
                body["messages"] = json::array({ { { "role", "user" }, { "content", r.prompt } } });
            } else {
                json messages = json::array();
                for (const auto& m : r.messages)
                    messages.push_back({ { "role", m.role }, { "content", m.content } });
                body["messages"] = std::move(messages);
            }
        } else
            body["prompt"] = r.prompt;
        break;
    case Backend::SgLang:
        w.path = "/generate";
        body = { { "text", r.prompt },
            { "sampling_params",
                { { "max_new_tokens", r.maxNewTokens }, { "ignore_eos", true }, { "temperature", 0 } } },
            { "stream", true } };
        if (!r.adapter.empty())
            body["lora_path"] = r.adapter;
        break;
    case Backend::Tgi:
    case Backend::Lorax: {
        w.path = "/generate_stream";
        json params = { { "max_new_tokens", r.maxNewTokens }, { "details", true }, { "do_sample", false } };
        if (!r.adapter.empty())
            params["adapter_id"] = r.adapter;
        body = { { "inputs", r.prompt }, { "parameters", params } };
        break;
    }
    }
    w.body = body.dump();
    return w;
}

bool backendHasEndMarker(Backend)
{
    return true;
}

void appendEventText(Backend backend, const SseEvent& ev, std::string& text)
{
    using nlohmann::json;
    if (ev.data == "[DONE]" || jsonDepth(ev.data, kMaxJsonDepth) > kMaxJsonDepth)
        return;
    const json j = json::parse(ev.data, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return;
    auto str = [](const json& o, const char* key) -> const std::string* {
        if (!o.is_object())
            return nullptr;
        auto it = o.find(key);
        return it != o.end() && it->is_string() ? &it->get_ref<const std::string&>() : nullptr;
    };
    switch (backend) {
    case Backend::SLora:
    case Backend::Tgi:
    case Backend::Lorax:
        if (auto t = j.find("token"); t != j.end())
            if (const auto* s = str(*t, "text"))
                text += *s;
        break;
    case Backend::OpenAiCompletions:
    case Backend::OpenAiChat:
        if (auto c = j.find("choices"); c != j.end() && c->is_array() && !c->empty()) {
            const json& ch = (*c)[0];
            if (const auto* s = str(ch, "text"))
                text += *s;
            else if (auto d = ch.find("delta"); d != ch.end())
                if (const auto* s2 = str(*d, "content"))
                    text += *s2;
        }
        break;
    case Backend::SgLang:
        if (const auto* s = str(j, "text"))
            text = *s; // SGLang streams the whole text so far
        break;
    }
}

namespace {

std::int64_t intOf(const std::optional<jsonscan::Value>& v)
{
    return v && v->kind == jsonscan::Kind::Integer ? v->integer : -1;
}

// The fast path: what interpretWithLibrary() does, for the events the scanner can judge exactly (see eventscan.h).
// nullopt, with `st` untouched, leaves the event to the library: not valid JSON for the scanner, not an object, an
// error event (its message is built there), an SGLang text with escapes.
std::optional<std::uint32_t> interpretScanned(Backend backend, std::string_view data, StreamState& st)
{
    using jsonscan::Kind;
    const auto j = jsonscan::scan(data);
    if (!j || j->kind != Kind::Object)
        return std::nullopt;
    switch (backend) {
    case Backend::SLora: {
        std::optional<jsonscan::Value> m[3];
        jsonscan::members(*j, { "error", "token", "finished" }, m);
        if (m[0] && m[0]->kind != Kind::Null)
            return std::nullopt;
        const std::uint32_t n = m[1] && m[1]->kind == Kind::Object ? 1 : 0;
        if (m[2]) {
            if (m[2]->kind == Kind::Integer && m[2]->integer == -1) {
                st.error = "aborted by the server (finished: -1)";
                return n;
            }
            if (m[2]->kind == Kind::True)
                st.done = true;
        }
        st.tokens += n;
        return n;
    }
    case Backend::Tgi:
    case Backend::Lorax: {
        std::optional<jsonscan::Value> m[4];
        jsonscan::members(*j, { "error", "token", "details", "generated_text" }, m);
        if (m[0] && m[0]->kind != Kind::Null)
            return std::nullopt;
        const std::uint32_t n = m[1] && m[1]->kind == Kind::Object ? 1 : 0;
        if (m[2] && m[2]->kind == Kind::Object) {
            st.reportedOutputTokens = intOf(jsonscan::member(*m[2], "generated_tokens"));
            st.done = true;
        } else if (m[3] && m[3]->kind == Kind::String) {
            st.done = true;
        }
        st.tokens += n;
        return n;
    }
    case Backend::OpenAiCompletions:
    case Backend::OpenAiChat: {
        std::optional<jsonscan::Value> m[3];
        jsonscan::members(*j, { "error", "choices", "usage" }, m);
        if (m[0] && m[0]->kind != Kind::Null)
            return std::nullopt;
        std::uint32_t n = 0;
        if (m[1]) {
            if (const auto ch = jsonscan::first(*m[1]); ch && ch->kind == Kind::Object) {
                std::optional<jsonscan::Value> c[2];
                jsonscan::members(*ch, { "text", "delta" }, c);
                std::optional<jsonscan::Value> text = c[0];
                if (!text && c[1] && c[1]->kind == Kind::Object)
                    text = jsonscan::member(*c[1], "content");
                // Escapes decode to at least one character: a non-empty raw text is a non-empty text.
                if (text && text->kind == Kind::String && !text->raw.empty())
                    n = 1;
            }
        }
        if (m[2] && m[2]->kind == Kind::Object) {
            std::optional<jsonscan::Value> u[3];
            jsonscan::members(*m[2], { "completion_tokens", "prompt_tokens", "prompt_tokens_details" }, u);
            st.reportedOutputTokens = intOf(u[0]);
            st.reportedInputTokens = intOf(u[1]);
            if (u[2] && u[2]->kind == Kind::Object)
                if (const auto c = intOf(jsonscan::member(*u[2], "cached_tokens")); c >= 0)
                    st.reportedCachedTokens = c;
        }
        st.tokens += n;
        return n;
    }
    case Backend::SgLang: {
        std::optional<jsonscan::Value> m[3];
        jsonscan::members(*j, { "error", "meta_info", "text" }, m);
        if (m[0] && m[0]->kind != Kind::Null)
            return std::nullopt;
        const bool meta = m[1] && m[1]->kind == Kind::Object;
        if (!meta && m[2] && m[2]->kind == Kind::String && m[2]->escaped)
            return std::nullopt; // its decoded length is needed
        std::uint32_t n = 0;
        if (meta) {
            std::optional<jsonscan::Value> mi[3];
            jsonscan::members(*m[1], { "completion_tokens", "prompt_tokens", "cached_tokens" }, mi);
            const auto ct = intOf(mi[0]);
            if (ct >= 0) {
                if (std::uint64_t(ct) > st.sglangLastTokens)
                    n = std::uint32_t(std::uint64_t(ct) - st.sglangLastTokens);
                st.sglangLastTokens = std::uint64_t(ct);
                st.reportedOutputTokens = ct;
            }
            const auto pt = intOf(mi[1]);
            if (pt >= 0)
                st.reportedInputTokens = pt;
            if (const auto c = intOf(mi[2]); c >= 0)
                st.reportedCachedTokens = c;
        } else if (m[2] && m[2]->kind == Kind::String) {
            const auto len = m[2]->raw.size();
            if (len > st.sglangLastTextLen)
                n = 1;
            st.sglangLastTextLen = len;
        }
        st.tokens += n;
        return n;
    }
    }
    return std::nullopt;
}

} // namespace

std::uint32_t interpretEvent(Backend backend, const SseEvent& ev, StreamState& st)
{
    if (ev.data == "[DONE]") {
        if (backend == Backend::OpenAiCompletions || backend == Backend::OpenAiChat || backend == Backend::SgLang) {
            st.done = true;
            return 0;
        }
    }
    if (const auto n = interpretScanned(backend, ev.data, st))
        return *n;
    return detail::interpretWithLibrary(backend, ev, st);
}

namespace detail {

std::uint32_t interpretWithLibrary(Backend backend, const SseEvent& ev, StreamState& st)
{
    using nlohmann::json;
    if (ev.data == "[DONE]") {
        if (backend == Backend::OpenAiCompletions || backend == Backend::OpenAiChat || backend == Backend::SgLang) {
            st.done = true;
            return 0;
        }
    }
    // A server's reply is untrusted input: nesting is limited before parsing, as for every JSON
    // LoraScope reads ({"error": [[[[...]]]]} 100,000 deep overflowed the stack in dump()).
    if (jsonDepth(ev.data, kMaxJsonDepth) > kMaxJsonDepth) {
        st.error = "malformed event: arrays or objects nested more than " + std::to_string(kMaxJsonDepth)
            + " levels deep: " + textExcerpt(ev.data);
        return 0;
    }
    const json j = json::parse(ev.data, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        st.error = "malformed event: " + truncated(ev.data);
        return 0;
    }
    if (auto e = j.find("error"); e != j.end() && !e->is_null()) {
        st.error = "server error: " + errorText(*e);
        return 0;
    }
    switch (backend) {
    case Backend::SLora: {
        std::uint32_t n = 0;
        if (auto t = j.find("token"); t != j.end() && t->is_object())
            n = 1;
        if (auto f = j.find("finished"); f != j.end()) {
            if (f->is_number_integer() && f->get<std::int64_t>() == -1) {
                st.error = "aborted by the server (finished: -1)";
                return n;
            }
            if (f->is_boolean() && f->get<bool>())
                st.done = true;
        }
        st.tokens += n;
        return n;
    }
    case Backend::Tgi:
    case Backend::Lorax: {
        std::uint32_t n = 0;
        if (auto t = j.find("token"); t != j.end() && t->is_object())
            n = 1;
        if (auto d = j.find("details"); d != j.end() && d->is_object()) {
            st.reportedOutputTokens = intField(*d, "generated_tokens");
            st.done = true;
        } else if (auto g = j.find("generated_text"); g != j.end() && g->is_string()) {
            st.done = true;
        }
        st.tokens += n;
        return n;
    }
    case Backend::OpenAiCompletions:
    case Backend::OpenAiChat: {
        std::uint32_t n = 0;
        if (auto c = j.find("choices"); c != j.end() && c->is_array() && !c->empty()) {
            const json& ch = (*c)[0];
            const json* text = nullptr;
            if (auto t = ch.find("text"); t != ch.end())
                text = &*t;
            else if (auto d = ch.find("delta"); d != ch.end() && d->is_object()) {
                if (auto ct = d->find("content"); ct != d->end())
                    text = &*ct;
            }
            if (text && text->is_string() && !text->get_ref<const std::string&>().empty())
                n = 1;
        }
        if (auto u = j.find("usage"); u != j.end() && u->is_object()) {
            st.reportedOutputTokens = intField(*u, "completion_tokens");
            st.reportedInputTokens = intField(*u, "prompt_tokens");
            if (auto d = u->find("prompt_tokens_details"); d != u->end() && d->is_object())
                if (const auto c = intField(*d, "cached_tokens"); c >= 0)
                    st.reportedCachedTokens = c;
        }
        st.tokens += n;
        return n;
    }
    case Backend::SgLang: {
        std::uint32_t n = 0;
        auto m = j.find("meta_info");
        if (m != j.end() && m->is_object()) {
            const auto ct = intField(*m, "completion_tokens");
            if (ct >= 0) {
                if (std::uint64_t(ct) > st.sglangLastTokens)
                    n = std::uint32_t(std::uint64_t(ct) - st.sglangLastTokens);
                st.sglangLastTokens = std::uint64_t(ct);
                st.reportedOutputTokens = ct;
            }
            const auto pt = intField(*m, "prompt_tokens");
            if (pt >= 0)
                st.reportedInputTokens = pt;
            if (const auto c = intField(*m, "cached_tokens"); c >= 0)
                st.reportedCachedTokens = c;
        } else if (auto t = j.find("text"); t != j.end() && t->is_string()) {
            // No meta_info: a growing cumulative text counts as one token event.
            const auto len = t->get_ref<const std::string&>().size();
            if (len > st.sglangLastTextLen)
                n = 1;
            st.sglangLastTextLen = len;
        }
        st.tokens += n;
        return n;
    }
    }
    return 0;
}

} // namespace detail

} // namespace lorascope
