// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one way the core reads JSON text (spec, session and cost-model files, --ranks, JSONL trace
// lines of every format, whole-document traces): nesting depth limited before parsing (a deeply
// nested value would overflow the stack), syntax errors in the user's terms with file, line and
// column, never more than a short excerpt of the input in a message. Plus strict reading of JSON
// objects with field paths in every error ("arrival.cv: expected a number").

#include "util/error.h"

#include <nlohmann/json.hpp>

#include <set>
#include <string>
#include <string_view>

namespace lorascope {

/// Deepest nesting of arrays and objects any LoraScope JSON input may have. Our own files need
/// fewer than ten levels; the limit keeps recursive code (serialising, copying) far from the stack's end.
inline constexpr int kMaxJsonDepth = 100;

/// Parses JSON text. Throws InputError naming `file` and the line (counted from `firstLine`, the
/// line the text starts on) for text nested deeper than kMaxJsonDepth, for a syntax error ("not
/// valid JSON: ... at column 7 near ...") and for numbers too large for a double.
nlohmann::json parseJson(std::string_view text, const std::string& file = {}, std::uint64_t firstLine = 1);

/// The nesting depth of JSON text (arrays and objects, outside strings), scanning at most up to
/// `limit` + 1 levels. Returns the depth reached and, through `line`, the line (1-based) where it
/// first went past `limit`.
int jsonDepth(std::string_view text, int limit, std::uint64_t* line = nullptr);

/// A short, single-line excerpt of a JSON value for messages: its JSON text cut to about
/// `maxChars` characters ("[[[[[[..." for a deep array), never the whole of a large value.
std::string jsonExcerpt(const nlohmann::json& value, std::size_t maxChars = 40);
/// A short, printable excerpt of raw text (control characters escaped, cut with "...").
std::string textExcerpt(std::string_view text, std::size_t maxChars = 40);

/// Reads and parses a whole JSON file (a regular file, see checkInputFile). Throws InputError
/// naming the file ("<what> ... is a directory", "cannot open <what>") or the file and line of a syntax error.
nlohmann::json readJsonFile(const std::string& path, const std::string& what = "file");

/// Reads members of one JSON object; remembers which were read so unknown ones can be reported.
class JsonObjectReader {
public:
    JsonObjectReader(const nlohmann::json& json, std::string path, std::string file);

    bool has(const char* key) const { return m_json.contains(key); }
    std::string pathOf(const char* key) const { return m_path.empty() ? key : m_path + '.' + key; }
    const nlohmann::json& raw(const char* key);

    double number(const char* key, double fallback);
    std::int64_t integer(const char* key, std::int64_t fallback);
    std::uint64_t unsignedInteger(const char* key, std::uint64_t fallback);
    std::string string(const char* key, const std::string& fallback);
    bool boolean(const char* key, bool fallback);

    /// Throws for members that were never read (typos are errors, not silently ignored).
    void rejectUnknown() const;
    [[noreturn]] void fail(const std::string& path, const std::string& what) const;
    const std::string& file() const { return m_file; }

private:
    const nlohmann::json& m_json;
    std::string m_path;
    std::string m_file;
    std::set<std::string> m_seen;
};

} // namespace lorascope
