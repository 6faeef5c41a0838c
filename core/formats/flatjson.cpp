// SPDX-License-Identifier: Apache-2.0
// The scanner for flat JSON objects of textscan.h (one request a line, as LoraScope and Mooncake
// write them), without a general JSON parser. Anything it does not handle goes to the full parser.

#include "formats/textscan.h"
#include "util/jsontext.h"

namespace lorascope::textscan {

namespace {

struct Cursor {
    const char* p;
    const char* e;
    void ws()
    {
        while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
            ++p;
    }
};

bool readHex4(Cursor& c, unsigned& v)
{
    if (c.e - c.p < 4)
        return false;
    v = 0;
    for (int i = 0; i < 4; ++i) {
        const int h = jsontext::hexValue(c.p[i]);
        if (h < 0)
            return false;
        v = v * 16 + static_cast<unsigned>(h);
    }
    c.p += 4;
    return true;
}

void appendUtf8(std::string& out, unsigned cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

/// A JSON string at c.p (the opening quote). Without escapes the view points into the line;
/// with escapes it is unescaped into scratch (reserved by the caller, so views stay valid).
bool readString(Cursor& c, std::string_view& out, std::string& scratch)
{
    if (c.p >= c.e || *c.p != '"')
        return false;
    ++c.p;
    const char* start = c.p;
    while (c.p < c.e && *c.p != '"' && *c.p != '\\') {
        if (static_cast<unsigned char>(*c.p) < 0x20)
            return false;
        ++c.p;
    }
    if (c.p >= c.e)
        return false;
    if (*c.p == '"') {
        out = std::string_view(start, static_cast<std::size_t>(c.p - start));
        ++c.p;
        return true;
    }
    const std::size_t from = scratch.size();
    scratch.append(start, c.p);
    while (c.p < c.e) {
        const char ch = *c.p++;
        if (ch == '"') {
            out = std::string_view(scratch).substr(from);
            return true;
        }
        if (static_cast<unsigned char>(ch) < 0x20)
            return false;
        if (ch != '\\') {
            scratch += ch;
            continue;
        }
        if (c.p >= c.e)
            return false;
        const char esc = *c.p++;
        switch (esc) {
        case '"':
            scratch += '"';
            break;
        case '\\':
            scratch += '\\';
            break;
        case '/':
            scratch += '/';
            break;
        case 'b':
            scratch += '\b';
            break;
        case 'f':
            scratch += '\f';
            break;
        case 'n':
            scratch += '\n';
            break;
        case 'r':
            scratch += '\r';
            break;
        case 't':
            scratch += '\t';
            break;
        case 'u': {
            unsigned cp = 0;
            if (!readHex4(c, cp))
                return false;
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                unsigned lo = 0;
                if (c.e - c.p < 2 || c.p[0] != '\\' || c.p[1] != 'u')
                    return false;
                c.p += 2;
                if (!readHex4(c, lo) || lo < 0xDC00 || lo > 0xDFFF)
                    return false;
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                return false;
            }
            appendUtf8(scratch, cp);
            break;
        }
        default:
            return false;
        }
    }
    return false;
}

/// A JSON number per the grammar -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
bool readNumber(Cursor& c, std::string_view& out)
{
    const char* start = c.p;
    auto digit = [&] { return c.p < c.e && *c.p >= '0' && *c.p <= '9'; };
    if (c.p < c.e && *c.p == '-')
        ++c.p;
    if (!digit())
        return false;
    if (*c.p == '0') {
        ++c.p;
    } else {
        while (digit())
            ++c.p;
    }
    if (c.p < c.e && *c.p == '.') {
        ++c.p;
        if (!digit())
            return false;
        while (digit())
            ++c.p;
    }
    if (c.p < c.e && (*c.p == 'e' || *c.p == 'E')) {
        ++c.p;
        if (c.p < c.e && (*c.p == '+' || *c.p == '-'))
            ++c.p;
        if (!digit())
            return false;
        while (digit())
            ++c.p;
    }
    out = std::string_view(start, static_cast<std::size_t>(c.p - start));
    return true;
}

bool readLiteral(Cursor& c, std::string_view word)
{
    if (static_cast<std::size_t>(c.e - c.p) < word.size() || std::string_view(c.p, word.size()) != word)
        return false;
    c.p += word.size();
    return true;
}

} // namespace

bool scanFlatObject(std::string_view line, std::vector<JsonMember>& members, std::string& scratch)
{
    members.clear();
    scratch.clear();
    scratch.reserve(line.size());
    // JSON text is UTF-8; leave anything else to the full parser, which names the error.
    for (const char ch : line) {
        if (static_cast<unsigned char>(ch) >= 0x80) {
            if (!isValidUtf8(line))
                return false;
            break;
        }
    }
    Cursor c { line.data(), line.data() + line.size() };
    c.ws();
    if (c.p >= c.e || *c.p != '{')
        return false;
    ++c.p;
    c.ws();
    if (c.p < c.e && *c.p == '}') {
        ++c.p;
        c.ws();
        return c.p == c.e;
    }
    for (;;) {
        c.ws();
        JsonMember m;
        if (!readString(c, m.key, scratch))
            return false;
        c.ws();
        if (c.p >= c.e || *c.p != ':')
            return false;
        ++c.p;
        c.ws();
        if (c.p >= c.e)
            return false;
        switch (*c.p) {
        case '"':
            m.type = JsonMember::Type::String;
            if (!readString(c, m.text, scratch))
                return false;
            break;
        case 'n':
            m.type = JsonMember::Type::Null;
            if (!readLiteral(c, "null"))
                return false;
            break;
        case 't':
            m.type = JsonMember::Type::True;
            if (!readLiteral(c, "true"))
                return false;
            break;
        case 'f':
            m.type = JsonMember::Type::False;
            if (!readLiteral(c, "false"))
                return false;
            break;
        case '[': {
            m.type = JsonMember::Type::Array;
            const char* start = c.p++;
            c.ws();
            if (c.p < c.e && *c.p == ']') {
                ++c.p;
            } else {
                for (;;) {
                    c.ws();
                    std::string_view num;
                    if (!readNumber(c, num))
                        return false;
                    c.ws();
                    if (c.p < c.e && *c.p == ',') {
                        ++c.p;
                        continue;
                    }
                    if (c.p < c.e && *c.p == ']') {
                        ++c.p;
                        break;
                    }
                    return false;
                }
            }
            m.text = std::string_view(start, static_cast<std::size_t>(c.p - start));
            break;
        }
        default:
            m.type = JsonMember::Type::Number;
            if (!readNumber(c, m.text))
                return false;
        }
        for (const auto& earlier : members)
            if (earlier.key == m.key)
                return false; // a duplicate key: the general reader refuses it, naming the key
        members.push_back(m);
        c.ws();
        if (c.p < c.e && *c.p == ',') {
            ++c.p;
            continue;
        }
        if (c.p < c.e && *c.p == '}') {
            ++c.p;
            break;
        }
        return false;
    }
    c.ws();
    return c.p == c.e;
}

const JsonMember* findMember(const std::vector<JsonMember>& members, std::string_view key)
{
    // Keys are unique (scanFlatObject refuses a line that repeats one).
    for (const auto& m : members)
        if (m.key == key)
            return &m;
    return nullptr;
}

bool parseUnsignedArray(std::string_view text, std::vector<std::uint64_t>& out)
{
    text = trim(text);
    if (text.size() < 2 || text.front() != '[' || text.back() != ']')
        return false;
    text = text.substr(1, text.size() - 2);
    if (trim(text).empty())
        return true;
    std::size_t start = 0;
    for (;;) {
        const auto comma = text.find(',', start);
        const auto item
            = trim(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        std::uint64_t v = 0;
        if (item.empty() || item.front() == '-' || !parseUnsigned(item, v))
            return false;
        out.push_back(v);
        if (comma == std::string_view::npos)
            return true;
        start = comma + 1;
    }
}

} // namespace lorascope::textscan
