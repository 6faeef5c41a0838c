// SPDX-License-Identifier: Apache-2.0
#pragma once
// Fast, streaming building blocks shared by the trace readers and writers: a chunked line
// reader (never holds more than one chunk plus the current line), an RFC 4180 CSV splitter and a
// scanner for flat JSON objects (one request a line), number parsing, and sorting an imported
// trace by time with its side columns. Internal to core/formats.

#include "workload/trace.h"

#include <cstdint>
#include <functional>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace lorascope {
struct ReadReport;
}

namespace lorascope::textscan {

/// Reads lines from a stream in chunks. Strips "\n", a trailing "\r" and a UTF-8 byte-order mark
/// at the very start. A line longer than kMaxLine is an InputError (the file is not text we read).
class LineReader {
public:
    static constexpr std::size_t kMaxLine = std::size_t { 64 } << 20;

    LineReader(std::istream& in, std::string file, std::size_t chunk = std::size_t { 1 } << 20);
    /// Next line; false at the end of the stream.
    bool next(std::string_view& line);
    /// 1-based number of the line last returned.
    std::uint64_t lineNumber() const { return m_line; }
    /// Bytes consumed so far (for progress).
    std::uint64_t bytesRead() const { return m_consumed; }
    /// The file named in messages.
    const std::string& file() const { return m_file; }

private:
    bool fill();

    std::istream& m_in;
    std::string m_file;
    std::vector<char> m_buf; ///< starts small and doubles up to m_chunk while the stream lasts
    std::size_t m_chunk;
    std::size_t m_pos = 0, m_end = 0;
    bool m_eof = false;
    bool m_first = true;
    std::uint64_t m_line = 0;
    std::uint64_t m_consumed = 0;
};

/// Throws InputError unless a CSV row has as many columns as the header.
void checkColumnCount(std::size_t got, std::size_t header, const std::string& file, std::uint64_t line);

/// A short, printable excerpt of text for messages (control characters escaped, cut with "...").
std::string textExcerpt(std::string_view text, std::size_t maxChars);

/// The next line that is not blank (spaces and tabs only); false at the end of the stream.
bool nextNonBlank(LineReader& lines, std::string_view& line);

/// The next CSV record that is not blank: a line, joined with the lines after it while a quoted
/// field is open (RFC 4180 allows line breaks inside quotes; LoraScope's own writer quotes an
/// adapter name that holds one). `record` views `line`'s text or `buffer`; `firstLine` is the
/// line the record starts on. False at the end. A quote still open at the end of the file is an
/// InputError naming the line where it opened.
bool nextCsvRecord(LineReader& lines, std::string_view& record, std::string& buffer, std::uint64_t& firstLine);

/// Throws InputError (file, header line, field = the name) when two columns of a CSV header have
/// the same name once normalised as the reader matches them (`names`, e.g. lower-cased): which of
/// them is meant cannot be told. `shown` are the names as written.
void refuseDuplicateColumns(const std::vector<std::string>& names, const std::vector<std::string>& shown,
    const std::string& file, std::uint64_t line);

/// Splits one CSV record (RFC 4180 quoting within one line). Views point into `line` or into
/// `scratch` (for quoted fields). Returns false for an unterminated quoted field.
bool splitCsv(std::string_view line, std::vector<std::string_view>& fields, std::string& scratch);

/// True if `s` is well-formed UTF-8 (no overlongs, surrogates or code points above U+10FFFF).
bool isValidUtf8(std::string_view s);

/// Trims spaces and tabs.
std::string_view trim(std::string_view s);

/// Parses a whole field as a double (from_chars; no leading '+', no spaces). False if not a number.
bool parseDouble(std::string_view s, double& out);
/// Parses a whole field as a non-negative integer (digits, or a number with an integral value
/// such as "12.0" or "1e3"). False otherwise.
bool parseUnsigned(std::string_view s, std::uint64_t& out);

/// One member of a flat JSON object.
struct JsonMember {
    enum class Type { Number, String, Null, True, False, Array };
    std::string_view key;
    Type type = Type::Null;
    std::string_view text; ///< number text, string contents (unescaped), or array text including brackets
};

/// Scans one JSON object whose members are numbers, strings, literals or arrays of numbers (flatjson.cpp).
/// Returns false when the line is not such an object (invalid JSON, nested objects, ...): the
/// caller then parses it with a full JSON parser, which gives the precise error or the general case.
/// Views point into `line` or into `scratch` (unescaped strings).
bool scanFlatObject(std::string_view line, std::vector<JsonMember>& members, std::string& scratch);
/// The member named `key`, or nullptr.
const JsonMember* findMember(const std::vector<JsonMember>& members, std::string_view key);
/// Parses a JSON array of non-negative integers ("[1, 2, 3]"), appending to `out`. False if not one.
bool parseUnsignedArray(std::string_view text, std::vector<std::uint64_t>& out);

/// Maps adapter names to indices, adding unknown names (in order of first appearance).
class AdapterIndex {
public:
    explicit AdapterIndex(Trace& trace);
    /// Index of `name` (kNoAdapter for an empty name); a new name is appended with `rank`.
    std::uint32_t lookup(std::string_view name, int rank);
    /// The same, for line `line` of `file` (0 when unknown) that gives the adapter a rank (0 = no rank given). An adapter
    /// has one rank: a line giving it another rank than an earlier line (or the trace's adapter
    /// list) is an InputError naming both lines, unless `keepFirstRank` (ReadOptions): then the
    /// first rank stays and the line is counted in `report`. A rank given after lines without one
    /// completes the adapter.
    std::uint32_t lookup(std::string_view name, int rank, const std::string& file, std::uint64_t line,
        bool keepFirstRank, ReadReport& report);

private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view> {}(s); }
    };
    Trace& m_trace;
    std::unordered_map<std::string, std::uint32_t, Hash, std::equal_to<>> m_map;
    static constexpr std::uint64_t kFromList = ~std::uint64_t { 0 };
    std::vector<std::uint64_t>
        m_rankLine; ///< per adapter: the line that gave its rank (kFromList: the trace's list; 0: unknown)
    std::string m_lastName;
    std::uint32_t m_last = kNoAdapter;
};

/// Sorts an imported trace's requests by time (stable) if needed, carrying ids and every side column
/// along (reorderRequests); stores `ids` unless they are just the indices. Returns the order applied
/// (old indices), or an empty vector when the requests were in order already.
std::vector<std::size_t> finishImport(Trace& trace, std::vector<std::uint64_t>& ids, bool idsAreIndex);

/// Buffered writing of many small lines: append to text(), call maybeFlush() after each line.
class BlockWriter {
public:
    explicit BlockWriter(std::ostream& out)
        : m_out(out)
    {
        m_text.reserve(kBlock + 4096);
    }
    ~BlockWriter() { flush(); }
    std::string& text() { return m_text; }
    void maybeFlush()
    {
        if (m_text.size() >= kBlock)
            flush();
    }
    void flush()
    {
        if (!m_text.empty())
            m_out.write(m_text.data(), static_cast<std::streamsize>(m_text.size()));
        m_text.clear();
    }

private:
    static constexpr std::size_t kBlock = 1 << 16;
    std::ostream& m_out;
    std::string m_text;
};

/// Records a skipped line in a ReadReport-like pair (count, first reason).
inline void noteSkipped(std::uint64_t& skipped, std::string& firstReason, const std::string& reason)
{
    if (skipped++ == 0)
        firstReason = reason;
}

} // namespace lorascope::textscan
