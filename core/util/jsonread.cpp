#include "util/jsonread.h"

#include <cmath>
#include <fstream>
#include <sstream>

namespace lorascope {

nlohmann::json readJsonFile(const std::string& path, const std::string& what)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError("cannot open " + what, path);
    std::stringstream buf;
    buf << in.rdbuf();
    const std::string text = buf.str();
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        // nlohmann reports a byte offset; turn it into a line number.
        std::uint64_t line = 1;
        for (std::size_t i = 0; i < e.byte && i < text.size(); ++i)
            line += text[i] == '\n';
        throw InputError(std::string("invalid JSON: ") + e.what(), path, line);
    }
}

JsonObjectReader::JsonObjectReader(const nlohmann::json& json, std::string path, std::string file)
    : m_json(json)
    , m_path(std::move(path))
    , m_file(std::move(file))
{
    if (!m_json.is_object())
        fail(m_path.empty() ? "(top level)" : m_path, std::string("expected an object, got ") + m_json.type_name());
}

void JsonObjectReader::fail(const std::string& path, const std::string& what) const
{
    throw InputError(path + ": " + what, m_file, 0, path);
}

const nlohmann::json& JsonObjectReader::raw(const char* key)
{
    m_seen.insert(key);
    return m_json.at(key);
}

double JsonObjectReader::number(const char* key, double fallback)
{
    if (!has(key))
        return fallback;
    const auto& v = raw(key);
    if (!v.is_number())
        fail(pathOf(key), std::string("expected a number, got ") + v.dump());
    return v.get<double>();
}

std::int64_t JsonObjectReader::integer(const char* key, std::int64_t fallback)
{
    if (!has(key))
        return fallback;
    const auto& v = raw(key);
    if (v.is_number_integer())
        return v.get<std::int64_t>();
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (std::floor(d) == d && std::abs(d) < 9e15)
            return static_cast<std::int64_t>(d);
    }
    fail(pathOf(key), std::string("expected an integer, got ") + v.dump());
}

std::uint64_t JsonObjectReader::unsignedInteger(const char* key, std::uint64_t fallback)
{
    if (!has(key))
        return fallback;
    const auto& v = raw(key);
    if (v.is_number_unsigned())
        return v.get<std::uint64_t>();
    if (v.is_number_integer() && v.get<std::int64_t>() >= 0)
        return static_cast<std::uint64_t>(v.get<std::int64_t>());
    fail(pathOf(key), std::string("expected a non-negative integer, got ") + v.dump());
}

std::string JsonObjectReader::string(const char* key, const std::string& fallback)
{
    if (!has(key))
        return fallback;
    const auto& v = raw(key);
    if (!v.is_string())
        fail(pathOf(key), std::string("expected a string, got ") + v.dump());
    return v.get<std::string>();
}

bool JsonObjectReader::boolean(const char* key, bool fallback)
{
    if (!has(key))
        return fallback;
    const auto& v = raw(key);
    if (!v.is_boolean())
        fail(pathOf(key), std::string("expected true or false, got ") + v.dump());
    return v.get<bool>();
}

void JsonObjectReader::rejectUnknown() const
{
    for (auto it = m_json.begin(); it != m_json.end(); ++it) {
        if (!m_seen.count(it.key()))
            fail(pathOf(it.key().c_str()), "unknown field");
    }
}

} // namespace lorascope
