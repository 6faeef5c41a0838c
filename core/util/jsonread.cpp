// SPDX-License-Identifier: Apache-2.0
#include "util/jsonread.h"

#include "util/fileio.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <new>
#include <unordered_set>
#include <vector>

namespace lorascope {

int jsonDepth(std::string_view text, int limit, std::uint64_t* lineOut)
{
    int depth = 0, deepest = 0;
    bool inString = false, escape = false;
    std::uint64_t line = 1;
    for (const char c : text) {
        if (c == '\n')
            ++line;
        if (inString) {
            if (escape)
                escape = false;
            else if (c == '\\')
                escape = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            break;
        case '[':
        case '{':
            if (++depth > deepest) {
                deepest = depth;
                if (depth > limit) {
                    if (lineOut)
                        *lineOut = line;
                    return depth;
                }
            }
            break;
        case ']':
        case '}':
            if (depth > 0)
                --depth;
            break;
        default:
            break;
        }
    }
    return deepest;
}

std::string textExcerpt(std::string_view text, std::size_t maxChars)
{
    std::string out;
    std::size_t i = 0;
    for (; i < text.size() && out.size() < maxChars; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else if (c == '\t')
            out += "\\t";
        else if (c < 0x20 || c == 0x7F) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
    }
    // Do not cut a UTF-8 sequence in half.
    while (i < text.size() && !out.empty() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) {
        out += text[i];
        ++i;
    }
    if (i < text.size())
        out += "...";
    return out;
}

namespace {

/// Serialises `v` into `out` until about `budget` characters are written; returns false when cut.
bool excerptInto(const nlohmann::json& v, std::string& out, std::size_t budget, int depth)
{
    if (out.size() >= budget || depth > kMaxJsonDepth)
        return false;
    if (v.is_array() || v.is_object()) {
        out += v.is_array() ? '[' : '{';
        bool first = true;
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (!first)
                out += ',';
            first = false;
            if (v.is_object()) {
                if (!excerptInto(nlohmann::json(it.key()), out, budget, depth + 1))
                    return false;
                out += ':';
            }
            if (!excerptInto(*it, out, budget, depth + 1))
                return false;
            if (out.size() >= budget)
                return false;
        }
        out += v.is_array() ? ']' : '}';
        return true;
    }
    if (v.is_string() && v.get_ref<const std::string&>().size() > budget) {
        out += '"';
        out += v.get_ref<const std::string&>().substr(0, budget);
        return false;
    }
    out += v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return true;
}

/// The line (1-based) of the first number in `text` too large for a double (nlohmann reports no position).
std::uint64_t overflowLine(std::string_view text)
{
    std::uint64_t line = 1;
    bool inString = false, escape = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n')
            ++line;
        if (inString) {
            if (escape)
                escape = false;
            else if (c == '\\')
                escape = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            std::size_t j = i + 1;
            while (j < text.size()
                && (std::isdigit(static_cast<unsigned char>(text[j])) || text[j] == '.' || text[j] == 'e'
                    || text[j] == 'E' || text[j] == '+' || text[j] == '-'))
                ++j;
            const std::string number(text.substr(i, j - i));
            if (std::isinf(std::strtod(number.c_str(), nullptr)))
                return line;
            i = j - 1;
        }
    }
    return 0;
}

/// nlohmann's "syntax error while parsing value - invalid literal; last read: 'H'" in the user's terms.
std::string describeSyntaxError(const std::string& what)
{
    std::string problem = what;
    if (const auto dash = problem.find(" - "); dash != std::string::npos && problem.find("syntax error") < dash)
        problem = problem.substr(dash + 3);
    else if (const auto colon = problem.find(": "); colon != std::string::npos)
        problem = problem.substr(colon + 2);
    if (const auto last = problem.find("; last read"); last != std::string::npos)
        problem = problem.substr(0, last);
    if (problem.rfind("invalid literal", 0) == 0)
        return "unexpected text where a value should be (a number, a \"string\", true, false, null, [...] or {...})";
    if (problem.rfind("attempting to parse an empty input", 0) == 0)
        return "there is no JSON text (empty input)";
    if (problem.rfind("unexpected end of input", 0) == 0)
        return "the text ends too early" + problem.substr(std::string("unexpected end of input").size());
    if (problem.rfind("invalid number", 0) == 0)
        return "malformed number" + problem.substr(std::string("invalid number").size());
    if (problem.rfind("invalid string", 0) == 0)
        return "malformed string" + problem.substr(std::string("invalid string").size());
    return problem;
}

/// Builds the document as nlohmann::json::parse does, but refuses an object that holds one key
/// twice (nlohmann would keep the last one silently): a stack of the open objects' keys and the
/// arrays' positions names the place, "groups[1].name". A SAX parser, not parse()'s callback: the
/// callback parser scans the whole enclosing array at each object's end (quadratic in a JSON trace).
class DuplicateKeyCheck : public nlohmann::detail::json_sax_dom_parser<nlohmann::json> {
public:
    using Base = nlohmann::detail::json_sax_dom_parser<nlohmann::json>;
    using Base::Base;

    struct Duplicate {
        std::string place;
    };

    bool null()
    {
        valueDone();
        return Base::null();
    }
    bool boolean(bool v)
    {
        valueDone();
        return Base::boolean(v);
    }
    bool number_integer(std::int64_t v)
    {
        valueDone();
        return Base::number_integer(v);
    }
    bool number_unsigned(std::uint64_t v)
    {
        valueDone();
        return Base::number_unsigned(v);
    }
    bool number_float(double v, const std::string& text)
    {
        valueDone();
        return Base::number_float(v, text);
    }
    bool string(std::string& v)
    {
        valueDone();
        return Base::string(v);
    }
    bool binary(nlohmann::json::binary_t& v)
    {
        valueDone();
        return Base::binary(v);
    }
    bool start_object(std::size_t n)
    {
        m_frames.push_back({ true, {}, 0 });
        return Base::start_object(n);
    }
    bool key(std::string& k)
    {
        auto& f = m_frames.back();
        // A scan while the object is small; a hash set from 32 keys on (a ranks file or a placement
        // of 100,000 adapters is one object: scanning would be quadratic).
        if (f.keys.size() < 32) {
            if (std::find(f.keys.begin(), f.keys.end(), k) != f.keys.end())
                throw Duplicate { place(k) };
        } else {
            if (f.seen.empty())
                f.seen.insert(f.keys.begin(), f.keys.end());
            if (!f.seen.insert(k).second)
                throw Duplicate { place(k) };
        }
        f.keys.push_back(k);
        return Base::key(k);
    }
    bool end_object()
    {
        m_frames.pop_back();
        valueDone();
        return Base::end_object();
    }
    bool start_array(std::size_t n)
    {
        m_frames.push_back({ false, {}, 0 });
        return Base::start_array(n);
    }
    bool end_array()
    {
        m_frames.pop_back();
        valueDone();
        return Base::end_array();
    }

private:
    struct Frame {
        bool object;
        std::vector<std::string> keys; ///< an object's keys so far (the last one is the open member's)
        std::size_t index; ///< an array's position
        std::unordered_set<std::string> seen = {}; ///< the keys again, once there are 32 (key())
    };
    void valueDone()
    {
        if (!m_frames.empty() && !m_frames.back().object)
            ++m_frames.back().index;
    }
    std::string place(const std::string& key) const
    {
        std::string out;
        for (const auto& f : m_frames) {
            if (&f == &m_frames.back())
                break;
            if (f.object)
                out += (out.empty() ? "" : ".") + f.keys.back();
            else
                out += "[" + std::to_string(f.index) + "]";
        }
        return out.empty() ? key : out + "." + key;
    }
    std::vector<Frame> m_frames;
};

} // namespace

std::string jsonExcerpt(const nlohmann::json& value, std::size_t maxChars)
{
    std::string out;
    if (excerptInto(value, out, maxChars, 0) && out.size() <= maxChars)
        return out;
    std::size_t cut = std::min(out.size(), maxChars);
    while (cut > 0 && cut < out.size() && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80)
        --cut; // not in the middle of a UTF-8 sequence
    out.resize(cut);
    return out + "...";
}

nlohmann::json parseJson(std::string_view text, const std::string& file, std::uint64_t firstLine)
{
    std::uint64_t deepLine = 1;
    if (jsonDepth(text, kMaxJsonDepth, &deepLine) > kMaxJsonDepth)
        throw InputError("arrays or objects nested more than " + std::to_string(kMaxJsonDepth)
                + " levels deep: this is not JSON LoraScope reads",
            file, firstLine + deepLine - 1);
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        throw InputError("no JSON text (empty input)", file, firstLine);
    try {
        nlohmann::json out;
        DuplicateKeyCheck sax(out);
        nlohmann::json::sax_parse(text, &sax);
        return out;
    } catch (const DuplicateKeyCheck::Duplicate& d) {
        // The line of the key's second occurrence when the text is one line (a trace line); the
        // place names it in a whole document.
        const bool oneLine = text.find('\n') == std::string_view::npos;
        throw InputError("duplicate key \"" + textExcerpt(d.place, 80) + "\": a key may appear once in an object", file,
            oneLine ? firstLine : 0, d.place);
    } catch (const std::bad_alloc&) {
        throw InputError("not enough memory to read this JSON text (" + std::to_string(text.size() >> 20)
                + " MiB): is it the right file?",
            file, firstLine);
    } catch (const nlohmann::json::parse_error& e) {
        // e.byte: 1-based position of the character that did not fit; turn it into line and column.
        const std::size_t at = std::min<std::size_t>(e.byte > 0 ? e.byte - 1 : 0, text.size());
        std::uint64_t line = firstLine;
        std::size_t lineStart = 0;
        for (std::size_t i = 0; i < at; ++i) {
            if (text[i] == '\n') {
                ++line;
                lineStart = i + 1;
            }
        }
        std::string message = "not valid JSON";
        if (!text.empty())
            message += " at column " + std::to_string(at - lineStart + 1);
        message += ": " + describeSyntaxError(e.what());
        if (at < text.size()) {
            const auto lineEnd = text.find('\n', at);
            const auto near = text.substr(at, (lineEnd == std::string_view::npos ? text.size() : lineEnd) - at);
            if (!near.empty())
                message += " (near \"" + textExcerpt(near, 30) + "\")";
        }
        throw InputError(message, file, line);
    } catch (const nlohmann::json::exception&) { // out_of_range 406: a number beyond the range of a double
        const auto line = overflowLine(text);
        throw InputError("not valid JSON for LoraScope: a number is too large (beyond about 1.8e308)", file,
            line ? firstLine + line - 1 : 0);
    }
}

nlohmann::json readJsonFile(const std::string& path, const std::string& what)
{
    // Configuration files LoraScope reads whole (spec, session, fleet, placement, cost-model, ranks
    // files; docs/formats.md, "Bounds") have one cap: 16 MiB, hundreds of times what the largest
    // real one needs (100,000 adapters' ranks take 3 MB), small enough that the parsed document
    // fits in memory. A run's manifest and summary grow with its adapters: 1 GiB.
    constexpr std::uint64_t kMaxConfigFileBytes = std::uint64_t { 16 } << 20;
    constexpr std::uint64_t kMaxRunJsonBytes = std::uint64_t { 1 } << 30;
    const bool runFile = what == "run manifest" || what == "run summary" || what == "S-LoRA manifest";
    const std::uint64_t maxBytes = runFile ? kMaxRunJsonBytes : kMaxConfigFileBytes;
    std::string text;
    try {
        text = readWholeFile(path, what, maxBytes);
    } catch (const std::bad_alloc&) {
        throw InputError(what + ": not enough memory to read the file", path);
    }
    if (text.find_first_not_of(" \t\r\n") == std::string::npos)
        throw InputError(what + ": the file is empty", path);
    return parseJson(text, path);
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
        fail(pathOf(key), std::string("expected a number, got ") + jsonExcerpt(v));
    return v.get<double>();
}

std::int64_t JsonObjectReader::integer(const char* key, std::int64_t fallback)
{
    if (!has(key))
        return fallback;
    const auto& v = raw(key);
    if (v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
        fail(pathOf(key), "expected an integer up to 9223372036854775807, got " + jsonExcerpt(v)); // never wrapped
    if (v.is_number_integer())
        return v.get<std::int64_t>();
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (std::floor(d) == d && std::abs(d) < 9e15)
            return static_cast<std::int64_t>(d);
    }
    fail(pathOf(key), std::string("expected an integer, got ") + jsonExcerpt(v));
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
    fail(pathOf(key), std::string("expected a non-negative integer, got ") + jsonExcerpt(v));
}

std::string JsonObjectReader::string(const char* key, const std::string& fallback)
{
    if (!has(key))
        return fallback;
    const auto& v = raw(key);
    if (!v.is_string())
        fail(pathOf(key), std::string("expected a string, got ") + jsonExcerpt(v));
    return v.get<std::string>();
}

bool JsonObjectReader::boolean(const char* key, bool fallback)
{
    if (!has(key))
        return fallback;
    const auto& v = raw(key);
    if (!v.is_boolean())
        fail(pathOf(key), std::string("expected true or false, got ") + jsonExcerpt(v));
    return v.get<bool>();
}

void JsonObjectReader::rejectUnknown() const
{
    for (auto it = m_json.begin(); it != m_json.end(); ++it) {
        if (!m_seen.count(it.key()))
            fail(pathOf(textExcerpt(it.key()).c_str()), "unknown field");
    }
}

} // namespace lorascope
