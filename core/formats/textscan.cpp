// SPDX-License-Identifier: Apache-2.0
#include "formats/textscan.h"

#include "formats/traceio.h"

#include "util/error.h"
#include "util/jsonread.h"
#include "workload/prefix.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <numeric>

namespace lorascope::textscan {

// ---------------------------------------------------------------------------------------------
// LineReader

LineReader::LineReader(std::istream& in, std::string file, std::size_t chunk)
    : m_in(in)
    , m_file(std::move(file))
    , m_buf(std::min<std::size_t>(std::max<std::size_t>(chunk, 64), 4096))
    , m_chunk(std::max<std::size_t>(chunk, 64))
{
}

bool LineReader::fill()
{
    if (m_eof)
        return false;
    // Keep the unfinished line, move it to the front, then read more behind it.
    const std::size_t rest = m_end - m_pos;
    if (m_pos > 0 && rest > 0)
        std::memmove(m_buf.data(), m_buf.data() + m_pos, rest);
    m_pos = 0;
    m_end = rest;
    if (m_buf.size() < m_chunk && m_consumed > 0) // a long stream: read in bigger chunks
        m_buf.resize(std::min(m_buf.size() * 2, m_chunk));
    if (m_end == m_buf.size()) {
        if (m_buf.size() >= kMaxLine)
            throw InputError(
                "line longer than " + std::to_string(kMaxLine >> 20) + " MiB: not a trace file of this format", m_file,
                m_line + 1);
        m_buf.resize(std::min(m_buf.size() * 2, kMaxLine));
    }
    m_in.read(m_buf.data() + m_end, static_cast<std::streamsize>(m_buf.size() - m_end));
    const auto got = static_cast<std::size_t>(m_in.gcount());
    m_end += got;
    if (got == 0 || !m_in)
        m_eof = true;
    return got > 0;
}

bool LineReader::next(std::string_view& line)
{
    for (;;) {
        const char* begin = m_buf.data() + m_pos;
        const void* nl = m_pos < m_end ? std::memchr(begin, '\n', m_end - m_pos) : nullptr;
        std::size_t len;
        if (nl) {
            len = static_cast<std::size_t>(static_cast<const char*>(nl) - begin);
            m_pos += len + 1;
            m_consumed += len + 1;
        } else if (!m_eof) {
            fill();
            continue;
        } else if (m_pos < m_end) {
            len = m_end - m_pos;
            m_pos = m_end;
            m_consumed += len;
        } else {
            return false;
        }
        ++m_line;
        line = std::string_view(begin, len);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (m_first) {
            m_first = false;
            if (line.size() >= 3 && static_cast<unsigned char>(line[0]) == 0xEF
                && static_cast<unsigned char>(line[1]) == 0xBB && static_cast<unsigned char>(line[2]) == 0xBF)
                line.remove_prefix(3);
        }
        return true;
    }
}

void checkColumnCount(std::size_t got, std::size_t header, const std::string& file, std::uint64_t line)
{
    if (got != header)
        throw InputError(
            "expected " + std::to_string(header) + " columns as in the header, got " + std::to_string(got), file, line);
}

std::string textExcerpt(std::string_view text, std::size_t maxChars)
{
    return lorascope::textExcerpt(text, maxChars);
}

bool nextNonBlank(LineReader& lines, std::string_view& line)
{
    while (lines.next(line))
        if (!trim(line).empty())
            return true;
    return false;
}

// ---------------------------------------------------------------------------------------------
// CSV

bool nextCsvRecord(LineReader& lines, std::string_view& record, std::string& buffer, std::uint64_t& firstLine)
{
    std::string_view line;
    do {
        if (!lines.next(line))
            return false;
    } while (trim(line).empty());
    firstLine = lines.lineNumber();
    // splitCsv's quoted state at the end of a line is the parity of its quotes (a doubled quote
    // inside a quoted field counts twice).
    const auto odd = [](std::string_view t) { return std::count(t.begin(), t.end(), '"') % 2 == 1; };
    if (!odd(line)) {
        record = line;
        return true;
    }
    buffer.assign(line);
    bool open = true;
    while (open) {
        if (!lines.next(line))
            throw InputError("a quoted field opened on this line is never closed (the file ends inside quotes)",
                lines.file(), firstLine);
        if (buffer.size() + line.size() + 1 > LineReader::kMaxLine)
            throw InputError("a quoted field opened on this line runs on for more than "
                    + std::to_string(LineReader::kMaxLine >> 20) + " MiB (a quote that is never closed?)",
                lines.file(), firstLine);
        buffer += '\n';
        buffer.append(line);
        open = odd(line) ? !open : open;
    }
    record = buffer;
    return true;
}

void refuseDuplicateColumns(const std::vector<std::string>& names, const std::vector<std::string>& shown,
    const std::string& file, std::uint64_t line)
{
    for (std::size_t i = 0; i < names.size(); ++i)
        for (std::size_t k = 0; k < i; ++k)
            if (!names[i].empty() && names[i] == names[k])
                throw InputError("header: the column \"" + textExcerpt(shown[i], 40) + "\" appears twice (columns "
                        + std::to_string(k + 1) + " and " + std::to_string(i + 1)
                        + "): which one is meant cannot be told; rename or remove one",
                    file, line, textExcerpt(shown[i], 40));
}

bool splitCsv(std::string_view line, std::vector<std::string_view>& fields, std::string& scratch)
{
    fields.clear();
    if (line.find('"') == std::string_view::npos) {
        std::size_t start = 0;
        for (;;) {
            const auto comma = line.find(',', start);
            if (comma == std::string_view::npos) {
                fields.push_back(line.substr(start));
                return true;
            }
            fields.push_back(line.substr(start, comma - start));
            start = comma + 1;
        }
    }
    // Quoted fields: unescape into scratch, reserved up front so views stay valid.
    scratch.clear();
    scratch.reserve(line.size());
    std::size_t fieldStart = 0;
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"') {
                if (i + 1 < line.size() && line[i + 1] == '"') {
                    scratch += '"';
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                scratch += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            fields.push_back(std::string_view(scratch).substr(fieldStart));
            fieldStart = scratch.size();
        } else {
            scratch += c;
        }
    }
    fields.push_back(std::string_view(scratch).substr(fieldStart));
    return !quoted;
}

bool isValidUtf8(std::string_view s)
{
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const auto* e = p + s.size();
    while (p < e) {
        const unsigned c = *p;
        if (c < 0x80) {
            ++p;
            continue;
        }
        int n;
        unsigned cp;
        if (c >= 0xC2 && c <= 0xDF) {
            n = 1;
            cp = c & 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            n = 2;
            cp = c & 0x0F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 3;
            cp = c & 0x07;
        } else {
            return false;
        }
        if (e - p <= n)
            return false;
        for (int k = 1; k <= n; ++k) {
            if ((p[k] & 0xC0) != 0x80)
                return false;
            cp = (cp << 6) | (p[k] & 0x3F);
        }
        if ((n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        p += n + 1;
    }
    return true;
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

bool parseDouble(std::string_view s, double& out)
{
    if (s.empty())
        return false;
    const char* b = s.data();
    const char* e = b + s.size();
    auto res = std::from_chars(b, e, out);
    return res.ec == std::errc() && res.ptr == e;
}

bool parseUnsigned(std::string_view s, std::uint64_t& out)
{
    if (s.empty())
        return false;
    const char* b = s.data();
    const char* e = b + s.size();
    auto res = std::from_chars(b, e, out);
    if (res.ec == std::errc() && res.ptr == e)
        return true;
    double d = 0;
    if (!parseDouble(s, d) || !(d >= 0) || d > 18446744073709549568.0 || std::floor(d) != d)
        return false;
    out = static_cast<std::uint64_t>(d);
    return true;
}

// ---------------------------------------------------------------------------------------------
// AdapterIndex

AdapterIndex::AdapterIndex(Trace& trace)
    : m_trace(trace)
    , m_rankLine(trace.adapters.size(), kFromList)
{
    for (std::uint32_t i = 0; i < trace.adapters.size(); ++i)
        m_map.emplace(trace.adapters[i].name, i);
}

std::uint32_t AdapterIndex::lookup(std::string_view name, int rank, const std::string& file, std::uint64_t line,
    bool keepFirstRank, ReadReport& report)
{
    const std::size_t before = m_trace.adapters.size();
    const std::uint32_t idx = lookup(name, rank);
    if (idx == kNoAdapter)
        return idx;
    m_rankLine.resize(m_trace.adapters.size(), 0);
    if (m_trace.adapters.size() > before) { // new: this line gave its rank
        m_rankLine[idx] = line;
        return idx;
    }
    Adapter& a = m_trace.adapters[idx];
    if (rank <= 0 || rank == a.rank)
        return idx;
    if (a.rank <= 0) { // the first lines gave no rank: this one completes it
        a.rank = rank;
        m_rankLine[idx] = line;
        return idx;
    }
    const std::string where = m_rankLine[idx] == kFromList ? std::string("the trace's list of adapters")
        : m_rankLine[idx] > 0                              ? "line " + std::to_string(m_rankLine[idx])
                                                           : std::string("an earlier request");
    const std::string message = "adapter \"" + textExcerpt(name, 60) + "\": rank " + std::to_string(rank)
        + " here, but rank " + std::to_string(a.rank) + " on " + where + " (an adapter has one rank)";
    if (!keepFirstRank)
        throw InputError(message + "; fix the file, or give --keep-first-rank to keep the first and count such lines",
            file, line, "rank");
    if (report.rankConflicts++ == 0)
        report.firstRankConflict = file + ":" + std::to_string(line) + ": " + message;
    return idx;
}

std::uint32_t AdapterIndex::lookup(std::string_view name, int rank)
{
    if (name.empty())
        return kNoAdapter;
    if (m_last != kNoAdapter && name == m_lastName)
        return m_last;
    std::uint32_t idx;
    if (auto it = m_map.find(name); it != m_map.end()) {
        idx = it->second;
    } else {
        idx = static_cast<std::uint32_t>(m_trace.adapters.size());
        m_trace.adapters.push_back({ std::string(name), rank });
        m_trace.adapterOrderKnown = false;
        m_map.emplace(std::string(name), idx);
    }
    m_lastName.assign(name);
    m_last = idx;
    return idx;
}

// ---------------------------------------------------------------------------------------------

std::vector<std::size_t> finishImport(Trace& t, std::vector<std::uint64_t>& ids, bool idsAreIndex)
{
    const auto n = t.requests.size();
    const bool sorted = std::is_sorted(
        t.requests.begin(), t.requests.end(), [](const Request& a, const Request& b) { return a.time < b.time; });
    std::vector<std::size_t> order;
    if (!sorted) {
        order.resize(n);
        std::iota(order.begin(), order.end(), std::size_t(0));
        std::stable_sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return t.requests[a].time < t.requests[b].time; });
        if (ids.size() == n)
            t.ids = std::move(ids);
        reorderRequests(t, order); // makes the ids explicit
    } else if (!idsAreIndex) {
        t.ids = std::move(ids);
    }
    // Side columns that stayed all-zero carry nothing.
    if (!t.failed.empty() && std::find(t.failed.begin(), t.failed.end(), 1) == t.failed.end())
        t.failed.clear();
    return order;
}

} // namespace lorascope::textscan
