#pragma once
// Strict reading of JSON objects with field paths in every error ("arrival.cv: expected a number").

#include "util/error.h"

#include <nlohmann/json.hpp>

#include <set>
#include <string>

namespace lorascope {

/// Reads and parses a whole JSON file. Throws InputError naming the file ("cannot open <what>") or
/// the file and line of a syntax error.
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
