// SPDX-License-Identifier: Apache-2.0
#include "replay/prometheus.h"

#include "util/error.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <unordered_map>

namespace lorascope {

const char* promTypeName(PromType t)
{
    switch (t) {
    case PromType::Counter:
        return "counter";
    case PromType::Gauge:
        return "gauge";
    case PromType::Histogram:
        return "histogram";
    case PromType::Summary:
        return "summary";
    case PromType::GaugeHistogram:
        return "gaugehistogram";
    case PromType::Info:
        return "info";
    case PromType::StateSet:
        return "stateset";
    case PromType::Untyped:
        break;
    }
    return "untyped";
}

const std::string* PromSample::label(std::string_view name) const
{
    for (const auto& [k, v] : labels)
        if (k == name)
            return &v;
    return nullptr;
}

const PromFamily* PromText::family(std::string_view name) const
{
    for (const auto& f : families)
        if (f.name == name)
            return &f;
    return nullptr;
}

namespace {

bool nameStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
}
bool nameChar(char c)
{
    return nameStart(c) || (c >= '0' && c <= '9');
}
bool labelStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool labelChar(char c)
{
    return labelStart(c) || (c >= '0' && c <= '9');
}
bool blank(char c)
{
    return c == ' ' || c == '\t';
}

std::optional<PromType> typeFromName(std::string_view s)
{
    if (s == "counter")
        return PromType::Counter;
    if (s == "gauge")
        return PromType::Gauge;
    if (s == "histogram")
        return PromType::Histogram;
    if (s == "summary")
        return PromType::Summary;
    if (s == "untyped" || s == "unknown")
        return PromType::Untyped;
    if (s == "gaugehistogram")
        return PromType::GaugeHistogram;
    if (s == "info")
        return PromType::Info;
    if (s == "stateset")
        return PromType::StateSet;
    return std::nullopt;
}

// Valid UTF-8 (no overlongs, no surrogates), as Prometheus requires of label values.
bool validUtf8(std::string_view s)
{
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t n;
        std::uint32_t cp;
        if ((c & 0xE0) == 0xC0) {
            n = 1;
            cp = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            n = 2;
            cp = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            n = 3;
            cp = c & 0x07;
        } else {
            return false;
        }
        if (s.size() - i <= n)
            return false;
        for (std::size_t k = 1; k <= n; ++k) {
            const auto d = static_cast<unsigned char>(s[i + k]);
            if ((d & 0xC0) != 0x80)
                return false;
            cp = (cp << 6) | (d & 0x3F);
        }
        if ((n == 1 && cp < 0x80) || (n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || cp > 0x10FFFF
            || (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        i += n + 1;
    }
    return true;
}

struct LineError {
    std::string message;
};

// Go's strconv.ParseFloat as the format uses it: decimal, optional sign, Inf/Infinity/NaN in any case.
bool parseValue(std::string_view s, double& out)
{
    if (s.empty())
        return false;
    bool neg = false;
    std::string_view body = s;
    if (body[0] == '+' || body[0] == '-') {
        neg = body[0] == '-';
        body.remove_prefix(1);
    }
    if (body.empty())
        return false;
    std::string lower(body);
    for (auto& c : lower)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "inf" || lower == "infinity") {
        out = neg ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
        return true;
    }
    if (lower == "nan") {
        out = std::numeric_limits<double>::quiet_NaN();
        return true;
    }
    // Digits, '.', exponent only (from_chars would also take "nan(...)" and "infinity").
    for (char c : lower)
        if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == '+' || c == '-'))
            return false;
    double v = 0;
    const auto r = std::from_chars(body.data(), body.data() + body.size(), v);
    if (r.ec == std::errc::result_out_of_range) {
        // Out of double range: Go gives ±Inf for overflow, 0 for underflow.
        const bool tiny = lower.find("e-") != std::string::npos;
        v = tiny ? 0.0 : std::numeric_limits<double>::infinity();
    } else if (r.ec != std::errc() || r.ptr != body.data() + body.size()) {
        return false;
    }
    out = neg ? -v : v;
    return true;
}

// A timestamp: integer milliseconds (0.0.4), or float seconds (OpenMetrics).
bool parseTimestamp(std::string_view s, std::int64_t& out)
{
    if (s.find_first_of(".eE") != std::string_view::npos) {
        double sec = 0;
        if (!parseValue(s, sec) || !std::isfinite(sec) || std::abs(sec) > 9.2e15)
            return false;
        out = std::int64_t(std::llround(sec * 1000.0));
        return true;
    }
    const char* b = s.data();
    const char* e = s.data() + s.size();
    if (b != e && *b == '+')
        ++b;
    const auto r = std::from_chars(b, e, out);
    return r.ec == std::errc() && r.ptr == e && b != e;
}

class Parser {
public:
    Parser(const PromParseOptions& o, PromText& out)
        : m_o(o)
        , m_out(out)
    {
    }

    void line(std::string_view l, std::size_t n)
    {
        m_line = n;
        if (!l.empty() && l.back() == '\r')
            l.remove_suffix(1);
        std::size_t i = 0;
        while (i < l.size() && blank(l[i]))
            ++i;
        l.remove_prefix(i);
        if (l.empty())
            return;
        try {
            if (l[0] == '#')
                comment(l);
            else
                sample(l);
        } catch (const LineError& e) {
            error(e.message);
        }
    }

    bool done() const { return m_eof; }

private:
    [[noreturn]] static void bad(std::string message) { throw LineError { std::move(message) }; }

    void error(const std::string& message)
    {
        if (m_o.strict)
            throw InputError(message, m_o.source, m_line);
        ++m_out.errorCount;
        if (m_out.errors.size() < m_o.maxErrors)
            m_out.errors.push_back({ m_line, message });
    }

    std::size_t familyFor(const std::string& name)
    {
        const auto it = m_index.find(name);
        if (it != m_index.end())
            return it->second;
        PromFamily f;
        f.name = name;
        m_out.families.push_back(std::move(f));
        m_index.emplace(name, m_out.families.size() - 1);
        return m_out.families.size() - 1;
    }

    static std::string_view word(std::string_view& s)
    {
        std::size_t i = 0;
        while (i < s.size() && !blank(s[i]))
            ++i;
        const auto w = s.substr(0, i);
        s.remove_prefix(i);
        while (!s.empty() && blank(s.front()))
            s.remove_prefix(1);
        return w;
    }

    static void checkName(std::string_view name, const char* what)
    {
        if (name.empty())
            bad(std::string("missing ") + what);
        if (!nameStart(name[0]) || !std::all_of(name.begin(), name.end(), nameChar))
            bad(std::string("invalid ") + what + " '" + std::string(name.substr(0, 80)) + "'");
    }

    static std::string unescapeHelp(std::string_view s)
    {
        std::string out;
        out.reserve(s.size());
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '\\' || s[i + 1] == 'n')) {
                out += s[i + 1] == 'n' ? '\n' : '\\';
                ++i;
            } else {
                out += s[i];
            }
        }
        return out;
    }

    void comment(std::string_view l)
    {
        l.remove_prefix(1);
        if (l.empty() || !blank(l[0]))
            return; // "#foo": a comment
        while (!l.empty() && blank(l.front()))
            l.remove_prefix(1);
        std::string_view rest = l;
        const auto keyword = word(rest);
        if (keyword == "EOF") {
            m_eof = true;
            return;
        }
        if (keyword != "HELP" && keyword != "TYPE" && keyword != "UNIT")
            return; // any other comment
        const auto name = word(rest);
        checkName(name, "metric name");
        const std::string n(name);
        const auto fi = familyFor(n);
        auto& f = m_out.families[fi];
        if (keyword == "HELP") {
            if (m_helpSeen.count(n))
                bad("second HELP line for metric name '" + n + "'");
            m_helpSeen[n] = true;
            f.help = unescapeHelp(rest);
        } else if (keyword == "UNIT") {
            f.unit = std::string(rest);
        } else {
            if (m_typeSeen.count(n))
                bad("second TYPE line for metric name '" + n + "'");
            std::string_view t = rest;
            while (!t.empty() && blank(t.back()))
                t.remove_suffix(1);
            const auto type = typeFromName(t);
            if (!type)
                bad("unknown metric type '" + std::string(t.substr(0, 40)) + "'");
            if (!f.samples.empty())
                bad("TYPE line for '" + n + "' after its samples");
            m_typeSeen[n] = true;
            f.type = *type;
        }
    }

    // The family a sample belongs to: its own name, or the base of a histogram/summary/
    // counter/info suffix whose family was declared with a matching TYPE.
    std::size_t familyOfSample(const std::string& name)
    {
        const auto it = m_index.find(name);
        if (it != m_index.end()
            && (m_typeSeen.count(name) || m_helpSeen.count(name) || !m_out.families[it->second].samples.empty()))
            return it->second;
        static const std::pair<const char*, unsigned> suffixes[] = {
            { "_bucket", 1u << int(PromType::Histogram) | 1u << int(PromType::GaugeHistogram) },
            { "_count", 1u << int(PromType::Histogram) | 1u << int(PromType::Summary) },
            { "_sum", 1u << int(PromType::Histogram) | 1u << int(PromType::Summary) },
            { "_created",
                1u << int(PromType::Histogram) | 1u << int(PromType::Summary) | 1u << int(PromType::Counter) },
            { "_total", 1u << int(PromType::Counter) },
            { "_gcount", 1u << int(PromType::GaugeHistogram) },
            { "_gsum", 1u << int(PromType::GaugeHistogram) },
            { "_info", 1u << int(PromType::Info) },
        };
        for (const auto& [suffix, types] : suffixes) {
            const std::size_t k = std::char_traits<char>::length(suffix);
            if (name.size() > k && name.compare(name.size() - k, k, suffix) == 0) {
                const auto base = m_index.find(name.substr(0, name.size() - k));
                if (base != m_index.end() && (types >> int(m_out.families[base->second].type) & 1u))
                    return base->second;
            }
        }
        return familyFor(name);
    }

    void sample(std::string_view l)
    {
        PromSample s;
        s.line = m_line;
        std::size_t i = 0;
        while (i < l.size() && nameChar(l[i]))
            ++i;
        const auto name = l.substr(0, i);
        checkName(name, "metric name");
        s.name = std::string(name);
        l.remove_prefix(i);
        while (!l.empty() && blank(l.front()))
            l.remove_prefix(1);
        if (!l.empty() && l.front() == '{')
            labels(l, s);
        if (l.empty())
            bad("no value for '" + s.name + "'");
        while (!l.empty() && blank(l.front()))
            l.remove_prefix(1);
        std::string_view rest = l;
        // An exemplar starts at " # ".
        const auto hash = rest.find('#');
        std::string_view main = hash == std::string_view::npos ? rest : rest.substr(0, hash);
        if (hash != std::string_view::npos) {
            if (hash == 0 || !blank(rest[hash - 1]))
                bad("unexpected '#' after the value (an exemplar starts with ' # {')");
            exemplar(rest.substr(hash + 1));
        }
        const auto value = word(main);
        if (!parseValue(value, s.value))
            bad("invalid value '" + std::string(value.substr(0, 60)) + "' for '" + s.name + "'");
        if (!main.empty()) {
            const auto ts = word(main);
            std::int64_t t = 0;
            if (!parseTimestamp(ts, t))
                bad("invalid timestamp '" + std::string(ts.substr(0, 40)) + "' for '" + s.name + "'");
            s.timestampMs = t;
        }
        if (!main.empty())
            bad("unexpected text after the timestamp: '" + std::string(main.substr(0, 40)) + "'");
        const auto fi = familyOfSample(s.name);
        const auto& f = m_out.families[fi];
        if ((f.type == PromType::Histogram || f.type == PromType::GaugeHistogram) && s.name == f.name + "_bucket") {
            const auto* le = s.label("le");
            double v;
            if (!le || !parseValue(*le, v))
                bad("histogram bucket '" + s.name + "' without a numeric \"le\" label");
        }
        if (f.type == PromType::Summary && s.name == f.name) {
            const auto* q = s.label("quantile");
            double v;
            if (!q || !parseValue(*q, v))
                bad("summary '" + s.name + "' without a numeric \"quantile\" label");
        }
        if (m_out.samples.size() >= m_o.maxSamples) {
            ++m_out.droppedSamples;
            return;
        }
        s.family = fi;
        m_out.families[fi].samples.push_back(m_out.samples.size());
        m_out.samples.push_back(std::move(s));
    }

    void labels(std::string_view& l, PromSample& s)
    {
        l.remove_prefix(1); // '{'
        for (;;) {
            while (!l.empty() && blank(l.front()))
                l.remove_prefix(1);
            if (l.empty())
                bad("unterminated label set of '" + s.name + "'");
            if (l.front() == '}') {
                l.remove_prefix(1);
                break;
            }
            std::size_t i = 0;
            while (i < l.size() && labelChar(l[i]))
                ++i;
            const auto key = l.substr(0, i);
            if (key.empty() || !labelStart(key[0]))
                bad("invalid label name in '" + s.name + "'");
            l.remove_prefix(i);
            while (!l.empty() && blank(l.front()))
                l.remove_prefix(1);
            if (l.empty() || l.front() != '=')
                bad("expected '=' after label name '" + std::string(key) + "'");
            l.remove_prefix(1);
            while (!l.empty() && blank(l.front()))
                l.remove_prefix(1);
            if (l.empty() || l.front() != '"')
                bad("expected '\"' to start the value of label '" + std::string(key) + "'");
            l.remove_prefix(1);
            std::string value;
            bool closed = false;
            std::size_t k = 0;
            for (; k < l.size(); ++k) {
                const char c = l[k];
                if (c == '"') {
                    closed = true;
                    break;
                }
                if (c == '\\') {
                    if (k + 1 >= l.size())
                        break;
                    const char e = l[++k];
                    if (e == 'n')
                        value += '\n';
                    else if (e == '\\' || e == '"')
                        value += e;
                    else
                        bad(std::string("invalid escape '\\") + e + "' in the value of label '" + std::string(key)
                            + "'");
                } else {
                    value += c;
                }
            }
            if (!closed)
                bad("unterminated value of label '" + std::string(key) + "'");
            l.remove_prefix(k + 1);
            if (!validUtf8(value))
                bad("the value of label '" + std::string(key) + "' is not valid UTF-8");
            if (s.label(key))
                bad("label '" + std::string(key) + "' given twice in '" + s.name + "'");
            if (value.size() > m_o.maxLabelValueBytes) {
                value.resize(m_o.maxLabelValueBytes);
                while (!value.empty() && (static_cast<unsigned char>(value.back()) & 0xC0) == 0x80)
                    value.pop_back(); // do not leave half a UTF-8 character
                if (!value.empty() && static_cast<unsigned char>(value.back()) >= 0xC0)
                    value.pop_back();
                ++m_out.truncatedLabels;
            }
            s.labels.emplace_back(std::string(key), std::move(value));
            while (!l.empty() && blank(l.front()))
                l.remove_prefix(1);
            if (!l.empty() && l.front() == ',') {
                l.remove_prefix(1);
                continue;
            }
            if (!l.empty() && l.front() == '}') {
                l.remove_prefix(1);
                break;
            }
            bad("expected ',' or '}' after the value of label '" + std::string(key) + "'");
        }
        if (!l.empty() && !blank(l.front()))
            bad("expected a space between the labels and the value of '" + s.name + "'");
    }

    // " # {labels} value [timestamp]": read to check its form, then dropped.
    void exemplar(std::string_view l)
    {
        while (!l.empty() && blank(l.front()))
            l.remove_prefix(1);
        if (l.empty() || l.front() != '{')
            bad("an exemplar must start with '{' after '#'");
        PromSample ex;
        ex.name = "exemplar";
        labels(l, ex);
        while (!l.empty() && blank(l.front()))
            l.remove_prefix(1);
        const auto v = word(l);
        double value;
        if (!parseValue(v, value))
            bad("invalid exemplar value '" + std::string(v.substr(0, 40)) + "'");
        if (!l.empty()) {
            const auto ts = word(l);
            std::int64_t t;
            if (!parseTimestamp(ts, t))
                bad("invalid exemplar timestamp");
        }
        if (!l.empty())
            bad("unexpected text after the exemplar");
    }

    const PromParseOptions& m_o;
    PromText& m_out;
    std::size_t m_line = 0;
    bool m_eof = false;
    std::unordered_map<std::string, std::size_t> m_index;
    std::unordered_map<std::string, bool> m_typeSeen, m_helpSeen;
};

std::string escapeLabel(const std::string& v)
{
    std::string out;
    out.reserve(v.size());
    for (char c : v) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '"')
            out += "\\\"";
        else if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out;
}

} // namespace

PromText parsePrometheusText(std::string_view text, const PromParseOptions& options)
{
    PromText out;
    Parser p(options, out);
    std::size_t n = 0;
    while (!text.empty() && !p.done()) {
        const auto nl = text.find('\n');
        ++n;
        p.line(text.substr(0, nl), n);
        if (nl == std::string_view::npos)
            break;
        text.remove_prefix(nl + 1);
    }
    return out;
}

std::string promSeriesKey(const PromSample& s)
{
    std::string key = s.name;
    if (s.labels.empty())
        return key;
    auto labels = s.labels;
    std::sort(labels.begin(), labels.end());
    key += '{';
    for (std::size_t i = 0; i < labels.size(); ++i) {
        if (i)
            key += ',';
        key += labels[i].first + "=\"" + escapeLabel(labels[i].second) + '"';
    }
    key += '}';
    return key;
}

std::string promFormatValue(double v)
{
    if (std::isnan(v))
        return "NaN";
    if (std::isinf(v))
        return v > 0 ? "+Inf" : "-Inf";
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

} // namespace lorascope
