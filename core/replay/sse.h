// SPDX-License-Identifier: Apache-2.0
#pragma once
// Incremental parser for server-sent events (the `data:` streams of S-LoRA, TGI/LoRAX, vLLM's
// OpenAI routes and SGLang). Bytes may arrive split anywhere; the parser keeps the partial line.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace lorascope {

/// One dispatched event: its `event` field (empty = "message") and its data lines joined by '\n'.
struct SseEvent {
    std::string event;
    std::string data;
};

/// Streaming SSE parser (WHATWG rules): lines end with CRLF, LF or CR; `:` starts a comment;
/// `field: value` drops one leading space; several `data` lines join with '\n'; a blank line
/// dispatches. An event (or line) longer than the bound stops the parser with an error.
class SseParser {
public:
    explicit SseParser(std::size_t maxEventBytes = 1 << 20);

    /// Parses `chunk`, appending every completed event to `out`. Returns false once failed.
    bool feed(std::string_view chunk, std::vector<SseEvent>& out);
    /// End of stream: an event whose lines ended but which lacks the final blank line is
    /// dispatched too (lenient: some servers close right after the last data line).
    void finish(std::vector<SseEvent>& out);

    bool failed() const { return !m_error.empty(); }
    const std::string& error() const { return m_error; }

private:
    void processLine(std::string_view line, std::vector<SseEvent>& out);
    void dispatch(std::vector<SseEvent>& out);

    std::size_t m_max;
    std::string m_line; ///< partial line carried over between chunks
    std::string m_data;
    std::string m_event;
    bool m_hasData = false;
    bool m_lastWasCr = false;
    std::string m_error;
};

} // namespace lorascope
