// SPDX-License-Identifier: Apache-2.0
#include "replay/url.h"

#include "util/error.h"

#include <arpa/inet.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <vector>

namespace lorascope {

namespace {

constexpr std::size_t kMaxUrlBytes = 8192;

[[noreturn]] void bad(const std::string& field, const std::string& url, const std::string& why)
{
    throw InputError(field + ": bad target URL '" + urlExcerpt(url) + "': " + why, {}, 0, field);
}

bool isAlpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}
bool isHex(char c)
{
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
bool isUnreserved(char c)
{
    return isAlpha(c) || isDigit(c) || c == '-' || c == '.' || c == '_' || c == '~';
}
bool isSubDelim(char c)
{
    switch (c) {
    case '!':
    case '$':
    case '&':
    case '\'':
    case '(':
    case ')':
    case '*':
    case '+':
    case ',':
    case ';':
    case '=':
        return true;
    default:
        return false;
    }
}

std::string describe(char c)
{
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "0x%02X", u);
        return std::string("control character ") + buf;
    }
    if (u >= 0x80)
        return "a non-ASCII byte";
    if (c == ' ')
        return "a space";
    return std::string("'") + c + "'";
}

// A dotted quad "a.b.c.d", each 0–255 in decimal without leading zeros (a leading zero reads
// as octal to inet_aton, so "010.0.0.1" is refused rather than guessed).
bool checkIpv4(const std::string& h, std::string& why)
{
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (;;) {
        const auto dot = h.find('.', start);
        parts.push_back(h.substr(start, dot - start));
        if (dot == std::string::npos)
            break;
        start = dot + 1;
    }
    if (parts.size() != 4) {
        why = "'" + h + "' is not a dotted IPv4 address a.b.c.d (write all four numbers)";
        return false;
    }
    for (const auto& p : parts) {
        // Only digits: "a.b.c.1" looks numeric by its last label and reached std::stoi("a").
        if (p.empty() || p.size() > 3 || p.find_first_not_of("0123456789") != std::string::npos) {
            why = "'" + h + "' is not a dotted IPv4 address (each number 0-255)";
            return false;
        }
        if (p.size() > 1 && p[0] == '0') {
            why = "'" + h + "': IPv4 numbers with leading zeros are ambiguous (octal); write them in plain decimal";
            return false;
        }
        if (std::atoi(p.c_str()) > 255) { // 1 to 3 digits: no overflow
            why = "'" + h + "': " + p + " is over 255";
            return false;
        }
    }
    return true;
}

// A DNS name: labels of letters, digits, '-' and '_' (seen in container service names), 1–63
// bytes, not starting or ending with '-'; 253 bytes at most; one trailing dot allowed.
bool checkRegName(std::string h, std::string& why)
{
    if (!h.empty() && h.back() == '.')
        h.pop_back();
    if (h.size() > 253) {
        why = "host name longer than 253 characters";
        return false;
    }
    std::size_t start = 0;
    bool allNumeric = true;
    bool lastNumeric = false;
    for (;;) {
        const auto dot = h.find('.', start);
        const std::string label = h.substr(start, dot - start);
        if (label.empty()) {
            why = "empty label in host name '" + urlExcerpt(h) + "' (two dots, or a leading dot)";
            return false;
        }
        if (label.size() > 63) {
            why = "host name label longer than 63 characters";
            return false;
        }
        if (label.front() == '-' || label.back() == '-') {
            why = "host name label '" + urlExcerpt(label) + "' starts or ends with '-'";
            return false;
        }
        bool numeric = true;
        for (char c : label) {
            if (!(isAlpha(c) || isDigit(c) || c == '-' || c == '_')) {
                if (static_cast<unsigned char>(c) >= 0x80)
                    why = "non-ASCII host name: write it in its ASCII (punycode, xn--) form";
                else if (c == '%')
                    why = "percent-encoded host names are not supported";
                else
                    why = describe(c) + " is not allowed in a host name";
                return false;
            }
            numeric = numeric && isDigit(c);
        }
        allNumeric = allNumeric && numeric;
        lastNumeric = numeric;
        if (dot == std::string::npos)
            break;
        start = dot + 1;
    }
    if (allNumeric || lastNumeric) {
        // Looks like an IPv4 address (a top-level label is never all digits): it must be one.
        return checkIpv4(h, why);
    }
    return true;
}

// Inside "[...]": an IPv6 address, optionally with a zone ("%25eth0", RFC 6874).
bool checkIpv6(const std::string& inside, std::string& host, std::string& why)
{
    if (!inside.empty() && (inside[0] == 'v' || inside[0] == 'V')) {
        why = "IP literal of a future version ([v...]) is not supported";
        return false;
    }
    std::string addr = inside, zone;
    const auto pct = inside.find('%');
    if (pct != std::string::npos) {
        addr = inside.substr(0, pct);
        if (inside.compare(pct, 3, "%25") != 0 || inside.size() == pct + 3) {
            why = "an IPv6 zone is written %25ZONE (RFC 6874), e.g. [fe80::1%25eth0]";
            return false;
        }
        zone = inside.substr(pct + 3);
        for (char c : zone)
            if (!isUnreserved(c)) {
                why = describe(c) + " is not allowed in an IPv6 zone";
                return false;
            }
    }
    in6_addr a {};
    if (addr.empty() || addr.size() > 45 || ::inet_pton(AF_INET6, addr.c_str(), &a) != 1) {
        why = "'[" + urlExcerpt(inside) + "]' is not an IPv6 address";
        return false;
    }
    host = zone.empty() ? addr : addr + "%" + zone;
    return true;
}

} // namespace

std::string urlExcerpt(const std::string& text, std::size_t max)
{
    std::string out;
    for (std::size_t i = 0; i < text.size() && i < max; ++i) {
        const auto u = static_cast<unsigned char>(text[i]);
        out += (u < 0x20 || u == 0x7f) ? '?' : text[i];
    }
    if (text.size() > max)
        out += "...";
    return out;
}

std::string TargetUrl::authorityHost() const
{
    return host.find(':') != std::string::npos ? "[" + host + "]" : host;
}

std::string TargetUrl::str() const
{
    std::string h = authorityHost();
    const auto pct = h.find('%');
    if (pct != std::string::npos)
        h.insert(pct + 1, "25"); // the zone, as a URL writes it
    return (tls ? "https://" : "http://") + h + ":" + port + basePath;
}

TargetUrl parseTargetUrl(const std::string& url, const std::string& field)
{
    if (url.size() > kMaxUrlBytes)
        bad(field, url, "longer than " + std::to_string(kMaxUrlBytes) + " bytes");
    for (char c : url) {
        const auto u = static_cast<unsigned char>(c);
        if (u <= 0x20 || u == 0x7f)
            bad(field, url, describe(c) + " in the URL (percent-encode it, or remove it)");
    }
    TargetUrl t;
    const auto colon = url.find(':');
    std::string scheme = colon == std::string::npos ? std::string() : url.substr(0, colon);
    for (auto& c : scheme)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    if (scheme == "https")
        t.tls = true;
    else if (scheme != "http")
        bad(field, url, "the URL must start with http:// or https://");
    if (url.compare(colon + 1, 2, "//") != 0)
        bad(field, url, "the URL must start with " + scheme + "://");
    const std::size_t authStart = colon + 3;
    std::size_t authEnd = url.find_first_of("/?#", authStart);
    if (authEnd == std::string::npos)
        authEnd = url.size();
    const std::string authority = url.substr(authStart, authEnd - authStart);
    if (authority.find('@') != std::string::npos)
        throw InputError(
            field + ": credentials in the URL are not accepted (use --api-key or LORASCOPE_API_KEY)", {}, 0, field);
    std::string why;
    std::string portText;
    bool hasPort = false;
    if (!authority.empty() && authority[0] == '[') {
        const auto close = authority.find(']');
        if (close == std::string::npos)
            bad(field, url, "unterminated IPv6 address (missing ']')");
        if (!checkIpv6(authority.substr(1, close - 1), t.host, why))
            bad(field, url, why);
        if (close + 1 < authority.size()) {
            if (authority[close + 1] != ':')
                bad(field, url,
                    "unexpected " + describe(authority[close + 1])
                        + " after the IPv6 address (expected ':PORT' or '/')");
            hasPort = true;
            portText = authority.substr(close + 2);
        }
    } else {
        if (std::count(authority.begin(), authority.end(), ':') > 1)
            bad(field, url, "an IPv6 address must be written in brackets, e.g. http://[::1]:8000");
        const auto c = authority.find(':');
        std::string host = authority.substr(0, c);
        if (c != std::string::npos) {
            hasPort = true;
            portText = authority.substr(c + 1);
        }
        if (host.empty())
            bad(field, url, "no host");
        if (host.find(']') != std::string::npos || host.find('[') != std::string::npos)
            bad(field, url, "an IPv6 address must be written in brackets, e.g. http://[::1]:8000");
        if (!checkRegName(host, why))
            bad(field, url, why);
        t.host = host;
    }
    if (hasPort) {
        if (portText.empty())
            bad(field, url, "empty port after ':'");
        unsigned long port = 0;
        for (char c : portText) {
            if (!isDigit(c))
                bad(field, url, "port '" + urlExcerpt(portText, 20) + "' is not a decimal number");
            port = port * 10 + unsigned(c - '0');
            if (port > 65535)
                bad(field, url, "port " + urlExcerpt(portText, 20) + " is out of range (1-65535)");
        }
        if (port == 0)
            bad(field, url, "port 0 is not a port a server listens on (1-65535)");
        t.port = std::to_string(port);
    } else {
        t.port = t.tls ? "443" : "80";
    }
    // Path: segments of RFC 3986 pchars; no "." or ".." segments, no empty segments (but a
    // trailing slash), no query or fragment (the backend's path is appended to the base).
    std::string path = url.substr(authEnd);
    const auto qf = path.find_first_of("?#");
    if (qf != std::string::npos)
        bad(field, url,
            std::string(path[qf] == '?' ? "a query ('?...')" : "a fragment ('#...')")
                + " cannot be combined with the backend's path: give the server's base URL only");
    while (!path.empty() && path.back() == '/')
        path.pop_back();
    for (std::size_t i = 0; i < path.size(); ++i) {
        const char c = path[i];
        if (c == '%') {
            if (i + 2 >= path.size() || !isHex(path[i + 1]) || !isHex(path[i + 2]))
                bad(field, url, "'%' in the path must start a %HH escape");
            continue;
        }
        if (!(isUnreserved(c) || isSubDelim(c) || c == ':' || c == '@' || c == '/'))
            bad(field, url, describe(c) + " in the path must be percent-encoded");
    }
    for (std::size_t start = 0; start < path.size();) {
        const auto next = path.find('/', start + 1);
        const std::string seg
            = path.substr(start + 1, next == std::string::npos ? std::string::npos : next - start - 1);
        if (seg.empty())
            bad(field, url, "empty path segment ('//')");
        if (seg == "." || seg == "..")
            bad(field, url, "'" + seg + "' segments are not allowed in the path");
        if (next == std::string::npos)
            break;
        start = next;
    }
    t.basePath = path;
    return t;
}

std::string fitBasePathToBackend(TargetUrl& url, const std::string& backendPath, const std::string& field)
{
    const auto endsWith = [](const std::string& s, const std::string& tail) {
        return !tail.empty() && s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
    };
    std::string cut;
    if (endsWith(url.basePath, backendPath))
        cut = backendPath; // the whole endpoint was given
    else if (endsWith(url.basePath, "/v1"))
        cut = "/v1"; // OpenAI routes have it already; the native APIs (S-LoRA, SGLang, TGI) are not under it
    if (cut.empty())
        return {};
    const std::string given = url.str();
    url.basePath.resize(url.basePath.size() - cut.size());
    const bool doubled = cut == backendPath || backendPath.rfind("/v1/", 0) == 0;
    return field + ": " + given + " ends in '" + cut + "'"
        + (doubled ? ", which the backend's path '" + backendPath + "' already has"
                   : ", which the backend's path '" + backendPath + "' is not under")
        + ": requests go to " + url.str() + backendPath;
}

} // namespace lorascope
