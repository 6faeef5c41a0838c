// SPDX-License-Identifier: Apache-2.0
// Events as the real servers send them (field order and spacing kept where clients are known to be picky: S-LoRA's
// "data:" without a space, OpenAI's "data: " with one).

#include "server/wireformat.h"

#include "formats/traceio.h"
#include "server/tokenwords.h"

#include <charconv>

namespace lorascope {

namespace {

void appendUnsigned(std::string& out, std::uint64_t v)
{
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
}

} // namespace

TokenEvents::TokenEvents(
    Backend wire, std::uint64_t requestId, const std::string& model, std::uint32_t promptTokens, bool reportCached)
    : m_wire(wire)
    , m_id(requestId)
    , m_promptTokens(promptTokens)
    , m_reportCached(reportCached)
{
    if (wire == Backend::OpenAiCompletions || wire == Backend::OpenAiChat) {
        const bool chat = wire == Backend::OpenAiChat;
        m_head = "data: {\"id\":\"cmpl-";
        appendUnsigned(m_head, requestId);
        m_head += "\",\"object\":\"";
        m_head += chat ? "chat.completion.chunk" : "text_completion";
        m_head += "\",\"created\":0,\"model\":";
        appendJsonString(m_head, model);
        m_head += ",\"choices\":[";
    }
}

void TokenEvents::appendToken(std::string& o, bool last)
{
    const std::uint32_t k = m_produced++;
    const char* word = answerWord(m_id, k); // plain letters: no JSON escaping needed
    switch (m_wire) {
    case Backend::SLora:
        o += "data:{\"token\": {\"id\": ";
        appendUnsigned(o, k);
        o += ", \"text\": \" ";
        o += word;
        o += "\", \"logprob\": 0.0, \"special\": false}, \"generated_text\": null, \"finished\": ";
        o += last ? "true" : "false";
        o += ", \"details\": null}\n\n";
        break;
    case Backend::Tgi:
    case Backend::Lorax:
        m_text += ' ';
        m_text += word;
        o += "data:{\"index\":";
        appendUnsigned(o, std::uint64_t(k) + 1);
        o += ",\"token\":{\"id\":";
        appendUnsigned(o, k);
        o += ",\"text\":\" ";
        o += word;
        o += "\",\"logprob\":0.0,\"special\":false},\"generated_text\":";
        if (last) {
            o += '"';
            o += m_text;
            o += "\",\"details\":{\"finish_reason\":\"length\",\"generated_tokens\":";
            appendUnsigned(o, m_produced);
            o += ",\"seed\":null}}\n\n";
        } else {
            o += "null,\"details\":null}\n\n";
        }
        break;
    case Backend::OpenAiCompletions:
    case Backend::OpenAiChat: {
        const bool chat = m_wire == Backend::OpenAiChat;
        if (chat && k == 0) {
            o += m_head;
            o += "{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},"
                 "\"finish_reason\":null}],\"usage\":null}\n\n";
        }
        o += m_head;
        o += chat ? "{\"index\":0,\"delta\":{\"content\":\" " : "{\"index\":0,\"text\":\" ";
        o += word;
        o += chat ? "\"}" : "\",\"logprobs\":null";
        o += last ? ",\"finish_reason\":\"length\"}],\"usage\":null}\n\n"
                  : ",\"finish_reason\":null}],\"usage\":null}\n\n";
        if (last) {
            // vLLM's final usage chunk (UsageInfo's fields in its order; prompt_tokens_details only when the server
            // reports cached tokens: vLLM with --enable-prompt-tokens-details, SGLang with --enable-cache-report).
            o += m_head;
            o += "],\"usage\":{\"prompt_tokens\":";
            appendUnsigned(o, m_promptTokens);
            o += ",\"completion_tokens\":";
            appendUnsigned(o, m_produced);
            o += ",\"total_tokens\":";
            appendUnsigned(o, std::uint64_t(m_promptTokens) + m_produced);
            if (m_reportCached) {
                o += ",\"prompt_tokens_details\":{\"cached_tokens\":";
                appendUnsigned(o, m_cachedTokens);
                o += '}';
            }
            o += "}}\n\ndata: [DONE]\n\n";
        }
        break;
    }
    case Backend::SgLang:
        // SGLang streams the whole text so far, and meta_info with every chunk (cached_tokens included).
        m_text += ' ';
        m_text += word;
        o += "data: {\"text\":\"";
        o += m_text;
        o += "\",\"meta_info\":{\"id\":\"";
        appendUnsigned(o, m_id);
        o += "\",\"prompt_tokens\":";
        appendUnsigned(o, m_promptTokens);
        o += ",\"completion_tokens\":";
        appendUnsigned(o, m_produced);
        if (m_reportCached) {
            o += ",\"cached_tokens\":";
            appendUnsigned(o, m_cachedTokens);
        }
        o += ",\"finish_reason\":";
        if (last) {
            o += "{\"type\":\"length\",\"length\":";
            appendUnsigned(o, m_produced);
            o += "}}}\n\ndata: [DONE]\n\n";
        } else {
            o += "null}}\n\n";
        }
        break;
    }
}

void TokenEvents::appendDropped(std::string& out) const
{
    if (m_wire == Backend::SLora)
        out += "data:{\"token\": {\"id\": 0, \"text\": \"\", \"logprob\": 0.0, "
               "\"special\": false}, "
               "\"generated_text\": null, \"finished\": -1, \"details\": null}\n\n";
    else
        out += "data:{\"error\":\"request dropped by the server's abort "
               "policy\",\"error_type\":\"aborted\"}\n\n";
}

void TokenEvents::appendMalformed(std::string& out)
{
    out += "data:{\"token\": {\"id\": 7, \"text\": \n\n";
}

void appendChunk(std::string& out, const std::string& payload)
{
    if (payload.empty())
        return;
    char head[24];
    auto r = std::to_chars(head, head + 20, payload.size(), 16);
    *r.ptr++ = '\r';
    *r.ptr++ = '\n';
    out.append(head, r.ptr);
    out += payload;
    out += "\r\n";
}

std::string streamResponseHead(bool keepAlive, bool chunked)
{
    std::string head = "HTTP/1.1 200 OK\r\nServer: lorascope-serve-sim\r\nContent-Type: text/event-stream\r\n"
                       "Cache-Control: no-cache\r\n";
    if (chunked)
        head += "Transfer-Encoding: chunked\r\n";
    if (!keepAlive)
        head += "Connection: close\r\n";
    head += "\r\n";
    return head;
}

} // namespace lorascope
