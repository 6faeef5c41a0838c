// SPDX-License-Identifier: Apache-2.0
#include "replay/sse.h"

namespace lorascope {

namespace {

struct VectorSink final : SseSink {
    std::vector<SseEvent>& out;
    explicit VectorSink(std::vector<SseEvent>& o)
        : out(o)
    {
    }
    void onEvent(const SseEvent& event) override { out.push_back(event); }
};

} // namespace

SseParser::SseParser(std::size_t maxEventBytes)
    : m_max(maxEventBytes)
{
}

bool SseParser::feed(std::string_view chunk, std::vector<SseEvent>& out)
{
    VectorSink sink(out);
    return feed(chunk, sink);
}

void SseParser::finish(std::vector<SseEvent>& out)
{
    VectorSink sink(out);
    finish(sink);
}

bool SseParser::feed(std::string_view chunk, SseSink& out)
{
    if (failed())
        return false;
    std::size_t i = 0;
    if (m_lastWasCr && !chunk.empty()) {
        // CRLF split across two chunks: the CR already ended the line.
        if (chunk[0] == '\n')
            ++i;
        m_lastWasCr = false;
    }
    while (i < chunk.size()) {
        std::size_t j = i;
        while (j < chunk.size() && chunk[j] != '\n' && chunk[j] != '\r')
            ++j;
        if (j == chunk.size()) {
            m_line.append(chunk.data() + i, j - i);
            if (m_line.size() + m_current.data.size() > m_max) {
                m_error = "event larger than " + std::to_string(m_max) + " bytes";
                return false;
            }
            break;
        }
        std::string_view piece(chunk.data() + i, j - i);
        if (m_line.empty()) {
            processLine(piece, out);
        } else {
            m_line.append(piece);
            processLine(m_line, out);
            m_line.clear();
        }
        if (failed())
            return false;
        if (chunk[j] == '\r') {
            if (j + 1 < chunk.size()) {
                if (chunk[j + 1] == '\n')
                    ++j;
            } else {
                m_lastWasCr = true;
            }
        }
        i = j + 1;
    }
    return true;
}

void SseParser::finish(SseSink& out)
{
    if (failed())
        return;
    // A trailing unterminated line is incomplete; dropped (it may be a truncated JSON).
    m_line.clear();
    if (m_hasData)
        dispatch(out);
}

void SseParser::processLine(std::string_view line, SseSink& out)
{
    if (line.empty()) {
        if (m_hasData)
            dispatch(out);
        m_current.event.clear();
        return;
    }
    if (line[0] == ':')
        return; // comment (keep-alive)
    std::string_view field = line;
    std::string_view value;
    const auto colon = line.find(':');
    if (colon != std::string_view::npos) {
        field = line.substr(0, colon);
        value = line.substr(colon + 1);
        if (!value.empty() && value[0] == ' ')
            value.remove_prefix(1);
    }
    if (field == "data") {
        if (m_current.data.size() + value.size() + 1 > m_max) {
            m_error = "event larger than " + std::to_string(m_max) + " bytes";
            return;
        }
        if (m_hasData)
            m_current.data += '\n';
        m_current.data.append(value);
        m_hasData = true;
    } else if (field == "event") {
        m_current.event.assign(value);
    }
    // id, retry and unknown fields are ignored: replay never reconnects.
}

void SseParser::dispatch(SseSink& out)
{
    out.onEvent(m_current);
    // Cleared, not moved from: their capacity serves the next event.
    m_current.event.clear();
    m_current.data.clear();
    m_hasData = false;
}

} // namespace lorascope
