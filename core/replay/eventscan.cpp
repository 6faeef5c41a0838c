// SPDX-License-Identifier: Apache-2.0
#include "replay/eventscan.h"
#include "util/jsontext.h"

namespace lorascope::jsonscan {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

Value make(Kind kind, std::string_view raw = {})
{
    Value v;
    v.kind = kind;
    v.raw = raw;
    return v;
}

// One pass over valid-or-not JSON text. Every function returns false on anything invalid or not handled; the
// position is then meaningless.
struct Scanner {
    const char* p;
    const char* end;

    void ws()
    {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
            ++p;
    }

    // One UTF-8 sequence starting at p (its lead byte ≥ 0x80), as RFC 3629 (and nlohmann's lexer) accept it.
    bool utf8()
    {
        const auto b = [&](std::ptrdiff_t k) { return static_cast<unsigned char>(p[k]); };
        const auto in = [](unsigned char c, unsigned lo, unsigned hi) { return c >= lo && c <= hi; };
        const unsigned char c = b(0);
        std::ptrdiff_t n = 0;
        unsigned lo = 0x80, hi = 0xBF; // bounds of the second byte
        if (in(c, 0xC2, 0xDF))
            n = 2;
        else if (c == 0xE0)
            n = 3, lo = 0xA0;
        else if (in(c, 0xE1, 0xEC) || in(c, 0xEE, 0xEF))
            n = 3;
        else if (c == 0xED)
            n = 3, hi = 0x9F;
        else if (c == 0xF0)
            n = 4, lo = 0x90;
        else if (in(c, 0xF1, 0xF3))
            n = 4;
        else if (c == 0xF4)
            n = 4, hi = 0x8F;
        else
            return false;
        if (end - p < n || !in(b(1), lo, hi))
            return false;
        for (std::ptrdiff_t k = 2; k < n; ++k)
            if (!in(b(k), 0x80, 0xBF))
                return false;
        p += n;
        return true;
    }

    // At the opening quote.
    bool string(Value& v, bool key)
    {
        ++p;
        const char* start = p;
        v = make(Kind::String);
        while (p < end) {
            const char c = *p;
            if (c == '"') {
                v.raw = std::string_view(start, std::size_t(p - start));
                ++p;
                return true;
            }
            if (c == '\\') {
                if (key || end - p < 2)
                    return false;
                v.escaped = true;
                const char e = p[1];
                if (e == 'u') {
                    if (end - p < 6)
                        return false;
                    int code = 0;
                    for (int k = 2; k < 6; ++k) {
                        const int h = jsontext::hexValue(p[k]);
                        if (h < 0)
                            return false;
                        code = code * 16 + h;
                    }
                    if (code >= 0xD800 && code <= 0xDFFF)
                        return false; // surrogates: pairing rules left to nlohmann
                    p += 6;
                } else if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r'
                    || e == 't') {
                    p += 2;
                } else {
                    return false;
                }
            } else if (static_cast<unsigned char>(c) < 0x20) {
                return false;
            } else if (static_cast<unsigned char>(c) >= 0x80) {
                if (!utf8())
                    return false;
            } else {
                ++p;
            }
        }
        return false;
    }

    bool number(Value& v)
    {
        const char* start = p;
        const bool negative = *p == '-';
        if (negative)
            ++p;
        if (p == end || !isDigit(*p))
            return false;
        const char* digits = p;
        if (*p == '0')
            ++p;
        else
            while (p < end && isDigit(*p))
                ++p;
        const auto intDigits = p - digits;
        if (intDigits > 18)
            return false; // beyond 64 bits, nlohmann turns integers into floats (and floats may overflow)
        bool fraction = false;
        if (p < end && *p == '.') {
            ++p;
            if (p == end || !isDigit(*p))
                return false;
            while (p < end && isDigit(*p))
                ++p;
            fraction = true;
        }
        if (p < end && (*p == 'e' || *p == 'E'))
            return false; // an exponent may overflow, which nlohmann refuses
        v = make(fraction ? Kind::Float : Kind::Integer, std::string_view(start, std::size_t(p - start)));
        if (!fraction) {
            std::int64_t x = 0;
            for (const char* d = digits; d < digits + intDigits; ++d)
                x = x * 10 + (*d - '0');
            v.integer = negative ? -x : x;
        }
        return true;
    }

    bool literal(std::string_view word, Kind kind, Value& v)
    {
        if (std::size_t(end - p) < word.size() || std::string_view(p, word.size()) != word)
            return false;
        v = make(kind, std::string_view(p, word.size()));
        p += word.size();
        return true;
    }

    // A value at p (no whitespace before it). `depth`: objects and arrays around it.
    bool value(Value& v, int depth)
    {
        if (p == end)
            return false;
        switch (*p) {
        case '{':
        case '[': {
            const bool object = *p == '{';
            const char close = object ? '}' : ']';
            if (depth + 1 > kMaxScanDepth)
                return false;
            const char* start = p;
            ++p;
            ws();
            if (p < end && *p == close) {
                ++p;
            } else {
                for (;;) {
                    Value item;
                    if (object) {
                        if (p == end || *p != '"' || !string(item, true))
                            return false;
                        ws();
                        if (p == end || *p != ':')
                            return false;
                        ++p;
                        ws();
                    }
                    if (!value(item, depth + 1))
                        return false;
                    ws();
                    if (p == end)
                        return false;
                    if (*p == close) {
                        ++p;
                        break;
                    }
                    if (*p != ',')
                        return false;
                    ++p;
                    ws();
                }
            }
            v = make(object ? Kind::Object : Kind::Array, std::string_view(start, std::size_t(p - start)));
            return true;
        }
        case '"':
            return string(v, false);
        case 't':
            return literal("true", Kind::True, v);
        case 'f':
            return literal("false", Kind::False, v);
        case 'n':
            return literal("null", Kind::Null, v);
        default:
            return (*p == '-' || isDigit(*p)) && number(v);
        }
    }
};

} // namespace

std::optional<Value> scan(std::string_view text)
{
    Scanner s { text.data(), text.data() + text.size() };
    s.ws();
    Value v;
    if (!s.value(v, 0))
        return std::nullopt;
    s.ws();
    if (s.p != s.end)
        return std::nullopt;
    return v;
}

void members(const Value& object, std::initializer_list<std::string_view> keys, std::optional<Value>* out)
{
    for (std::size_t k = 0; k < keys.size(); ++k)
        out[k].reset();
    if (object.kind != Kind::Object)
        return;
    // The text was validated when it was scanned: walk its members.
    Scanner s { object.raw.data() + 1, object.raw.data() + object.raw.size() };
    s.ws();
    if (*s.p == '}')
        return;
    for (;;) {
        Value key, item;
        s.string(key, true);
        s.ws();
        ++s.p; // ':'
        s.ws();
        s.value(item, 0);
        std::size_t k = 0;
        for (const auto& wanted : keys) {
            if (key.raw == wanted)
                out[k] = item;
            ++k;
        }
        s.ws();
        if (*s.p == '}')
            return;
        ++s.p; // ','
        s.ws();
    }
}

std::optional<Value> member(const Value& object, std::string_view key)
{
    std::optional<Value> v;
    members(object, { key }, &v);
    return v;
}

std::optional<Value> first(const Value& array)
{
    if (array.kind != Kind::Array)
        return std::nullopt;
    Scanner s { array.raw.data() + 1, array.raw.data() + array.raw.size() };
    s.ws();
    if (*s.p == ']')
        return std::nullopt;
    Value v;
    s.value(v, 0);
    return v;
}

} // namespace lorascope::jsonscan
