// SPDX-License-Identifier: Apache-2.0
#include "cli/args.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace lorascope::cli {

Args::Args(std::vector<std::string> argv, std::vector<std::string> valueFlags, std::vector<std::string> boolFlags,
    const std::vector<std::pair<std::string, std::string>>& aliases)
{
    auto isIn = [](const std::vector<std::string>& v, const std::string& s) {
        return std::find(v.begin(), v.end(), s) != v.end();
    };
    for (std::size_t i = 0; i < argv.size(); ++i) {
        std::string a = argv[i];
        if (a == "--") {
            for (++i; i < argv.size(); ++i)
                m_positional.push_back(argv[i]);
            break;
        }
        if (a.size() > 1 && a[0] == '-'
            && !(a.size() > 1 && (std::isdigit(static_cast<unsigned char>(a[1])) || a[1] == '.'))) {
            std::optional<std::string> inlineValue;
            if (auto eq = a.find('='); eq != std::string::npos) {
                inlineValue = a.substr(eq + 1);
                a = a.substr(0, eq);
            }
            const std::string spelt = a;
            for (const auto& [alias, canonical] : aliases)
                if (a == alias)
                    a = canonical;
            if (auto it = m_spelling.find(a); it != m_spelling.end() && it->second != spelt)
                throw UsageError("give " + it->second + " or " + spelt + ", not both (they mean the same)");
            m_spelling[a] = spelt;
            if (isIn(valueFlags, a)) {
                if (inlineValue) {
                    m_values[a] = *inlineValue;
                } else {
                    if (i + 1 >= argv.size())
                        throw UsageError(spelt + " needs a value");
                    m_values[a] = argv[++i];
                }
                m_all.emplace_back(a, m_values[a]);
            } else if (isIn(boolFlags, a)) {
                if (inlineValue)
                    throw UsageError(spelt + " takes no value");
                m_bools[a] = true;
            } else {
                throw UsageError("unknown option " + spelt);
            }
        } else {
            m_positional.push_back(a);
        }
    }
}

std::string Args::spelling(const std::string& flag) const
{
    auto it = m_spelling.find(flag);
    return it == m_spelling.end() ? flag : it->second;
}

std::optional<std::string> Args::value(const std::string& flag) const
{
    auto it = m_values.find(flag);
    if (it == m_values.end())
        return std::nullopt;
    return it->second;
}

std::vector<std::string> Args::values(const std::string& flag) const
{
    std::vector<std::string> out;
    for (const auto& [f, v] : m_all)
        if (f == flag)
            out.push_back(v);
    return out;
}

double Args::number(const std::string& flag, double fallback) const
{
    auto v = value(flag);
    if (!v)
        return fallback;
    double d = 0;
    auto res = std::from_chars(v->data(), v->data() + v->size(), d);
    if (res.ec != std::errc() || res.ptr != v->data() + v->size() || !std::isfinite(d))
        throw UsageError(spelling(flag) + " expects a number (got \"" + *v + "\")");
    return d;
}

std::int64_t Args::integer(const std::string& flag, std::int64_t fallback) const
{
    auto v = value(flag);
    if (!v)
        return fallback;
    std::int64_t n = 0;
    auto res = std::from_chars(v->data(), v->data() + v->size(), n);
    if (res.ec != std::errc() || res.ptr != v->data() + v->size())
        throw UsageError(spelling(flag) + " expects an integer (got \"" + *v + "\")");
    return n;
}

std::optional<std::pair<std::int64_t, std::int64_t>> Args::range(const std::string& flag) const
{
    auto v = value(flag);
    if (!v)
        return std::nullopt;
    const auto comma = v->find(',');
    std::int64_t lo = 0, hi = 0;
    if (comma == std::string::npos)
        throw UsageError(flag + " expects LO,HI (got \"" + *v + "\")");
    auto r1 = std::from_chars(v->data(), v->data() + comma, lo);
    auto r2 = std::from_chars(v->data() + comma + 1, v->data() + v->size(), hi);
    if (r1.ec != std::errc() || r1.ptr != v->data() + comma || r2.ec != std::errc() || r2.ptr != v->data() + v->size())
        throw UsageError(flag + " expects two integers LO,HI (got \"" + *v + "\")");
    return std::make_pair(lo, hi);
}

} // namespace lorascope::cli
