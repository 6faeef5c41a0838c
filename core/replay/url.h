// SPDX-License-Identifier: Apache-2.0
#pragma once
// The replay target: an http(s) base URL parsed strictly into host, port and base path
// (RFC 3986's rules for the parts an HTTP client needs; Boost.URL is not in Boost 1.74).

#include <string>

namespace lorascope {

/// A parsed http(s) URL.
struct TargetUrl {
    bool tls = false;
    std::string host; ///< DNS name, dotted IPv4, or IPv6 address without brackets (zone as "%zone")
    std::string port; ///< decimal 1–65535 (80 or 443 when the URL has none)
    std::string basePath; ///< "" or "/seg/seg" (no trailing slash); prefixed to the backend's path

    /// "http://host:port/base", brackets around IPv6 hosts: what is actually used.
    std::string str() const;
    /// The host as it goes in a Host header or a URL authority: IPv6 in brackets.
    std::string authorityHost() const;
};

/// Parses "http://host[:port][/base]" or "https://..." strictly. Throws InputError naming `field`
/// and what is wrong: not http(s), credentials, an empty or malformed host (labels, IPv4 dotted
/// quad, IPv6 literal), a port outside 1–65535 or not decimal, anything after "]" but ":PORT",
/// a path with characters that must be percent-encoded or "."/".." segments, a query or fragment,
/// whitespace or control characters, a URL over 8 KiB.
TargetUrl parseTargetUrl(const std::string& url, const std::string& field = "--target");

/// When a target's base path already ends with what the backend adds (`/v1`, or the whole
/// backend path such as `/v1/completions`), strips it so requests do not go to
/// `/v1/v1/completions`. Returns a note saying what was done, or "" when nothing was.
std::string fitBasePathToBackend(TargetUrl& url, const std::string& backendPath, const std::string& field = "--target");

/// A short excerpt of user text for messages (at most `max` bytes, control bytes shown as '?').
std::string urlExcerpt(const std::string& text, std::size_t max = 120);

} // namespace lorascope
