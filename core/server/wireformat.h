// SPDX-License-Identifier: Apache-2.0
#pragma once
// The response streams of the simulated server, byte for byte: the SSE events each backend sends for a token, for the
// end of a stream, for a request the engine dropped, and the HTTP/1.1 chunk framing around them. Plain C++ (no
// networking); the connection layer writes what this builds.

#include "api/backend.h"

#include <cstdint>
#include <string>

namespace lorascope {

/// Builds the events of one response stream. Token k (0-based) is appended by appendToken(): its text is the word
/// answerWord(requestId, k) with a leading space (server/tokenwords.h), so every request's answer is its own; the last
/// token also appends the stream's end events (OpenAI usage chunk and [DONE], TGI details, S-LoRA finished:true, SGLang
/// finish_reason and [DONE]).
class TokenEvents {
public:
    /// `reportCached`: the usage says how many prompt tokens came from the prefix cache, as vLLM
    /// (usage.prompt_tokens_details.cached_tokens) and SGLang (meta_info.cached_tokens) do.
    TokenEvents(Backend wire, std::uint64_t requestId, const std::string& model, std::uint32_t promptTokens,
        bool reportCached = false);

    /// Prompt tokens found in the prefix cache (known when the request is first scheduled, before its first token).
    void setCachedTokens(std::uint32_t n) { m_cachedTokens = n; }

    /// Appends the event of the next token to `out`; `last` adds the end-of-stream events.
    void appendToken(std::string& out, bool last);
    /// The event a backend sends when the server drops a request (S-LoRA finished:-1, else an error event).
    void appendDropped(std::string& out) const;
    /// One event that is not valid JSON (fault injection).
    static void appendMalformed(std::string& out);
    /// Tokens appended so far.
    std::uint32_t produced() const { return m_produced; }

private:
    Backend m_wire;
    std::uint64_t m_id;
    std::uint32_t m_promptTokens;
    std::uint32_t m_produced = 0;
    std::uint32_t m_cachedTokens = 0;
    bool m_reportCached = false;
    std::string m_text; ///< SGLang, TGI: the answer so far (SGLang streams it whole; TGI's generated_text)
    std::string m_head; ///< OpenAI: the chunk prefix up to "choices":[ (built once)
};

/// Appends `payload` as one HTTP/1.1 chunk (hex size, CRLF, payload, CRLF); nothing if empty.
void appendChunk(std::string& out, const std::string& payload);
/// The last chunk of a chunked body.
inline constexpr const char* kLastChunk = "0\r\n\r\n";

/// Response head of a stream (200, text/event-stream; chunked for HTTP/1.1, for HTTP/1.0 the body ends with the
/// connection).
std::string streamResponseHead(bool keepAlive, bool chunked);

} // namespace lorascope
