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

/// Receives events as they complete. The event refers to the parser's own buffers (reused for the next event, so a
/// stream of events costs no allocation): valid during the call only.
class SseSink {
public:
    virtual void onEvent(const SseEvent& event) = 0;

protected:
    ~SseSink() = default;
};

/// Streaming SSE parser (WHATWG rules): lines end with CRLF, LF or CR; `:` starts a comment;
/// `field: value` drops one leading space; several `data` lines join with '\n'; a blank line
/// dispatches. An event (or line) longer than the bound stops the parser with an error.
class SseParser {
public:
    explicit SseParser(std::size_t maxEventBytes = 1 << 20);

    /// Parses `chunk`, appending every completed event to `out`. Returns false once failed.
    bool feed(std::string_view chunk, std::vector<SseEvent>& out);
    /// The same, handing each completed event to `sink` as it completes.
    bool feed(std::string_view chunk, SseSink& sink);
    /// End of stream: an event whose lines ended but which lacks the final blank line is
    /// dispatched too (lenient: some servers close right after the last data line).
    void finish(std::vector<SseEvent>& out);
    void finish(SseSink& sink);

    bool failed() const { return !m_error.empty(); }
    const std::string& error() const { return m_error; }

private:
    void processLine(std::string_view line, SseSink& out);
    void dispatch(SseSink& out);

    std::size_t m_max;
    std::string m_line; ///< partial line carried over between chunks
    SseEvent m_current; ///< the event being read
    bool m_hasData = false;
    bool m_lastWasCr = false;
    std::string m_error;
};

} // namespace lorascope
